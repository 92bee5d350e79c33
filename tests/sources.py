"""The engine files behind each tool, for the tests that read engine sources (codes, rule ids).

A game's package holds every tool's rules logic for that game; its combat calculator is every
module but the other tools' (retreat, scoring, claims).
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "engine"
OTHER_TOOLS = ("__init__.py", "retreat.py", "capacity.py", "scoring.py", "claim.py")


def combat_files(game: str) -> list[Path]:
    """The modules of ``engine/<game>/`` that its combat calculator runs."""
    return sorted(p for p in (ENGINE / game).glob("*.py") if p.name not in OTHER_TOOLS)
