"""Liveness for the production server: the app answers and its rules database is loaded."""

from __future__ import annotations

from flask import Blueprint, jsonify

from web.core.rules import get_db

bp = Blueprint("health", __name__)


@bp.get("/health")
def health():
    db = get_db()
    return jsonify({"status": "ok", "sections": len(db.sections), "rules_digest": db.digest[:12]})
