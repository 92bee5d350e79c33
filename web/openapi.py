"""The OpenAPI 3.1 description of every /api/ endpoint, served at /api/openapi.json.

Each operation carries its request and response schemas, its limits, and one example request
(``x-example``) that the tests send to check that real answers match the documented schemas.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, jsonify, render_template, url_for

bp = Blueprint("api_docs", __name__)

JSON = "application/json"


def ref(name: str) -> dict:
    return {"$ref": f"#/components/schemas/{name}"}


def obj(properties: dict, required: tuple[str, ...] = (), extra: bool = True) -> dict:
    schema: dict[str, Any] = {"type": "object", "properties": properties}
    if required:
        schema["required"] = list(required)
    if not extra:
        schema["additionalProperties"] = False
    return schema


def array(items: dict, max_items: int | None = None) -> dict:
    schema: dict[str, Any] = {"type": "array", "items": items}
    if max_items is not None:
        schema["maxItems"] = max_items
    return schema


def integer(lo: int | None = None, hi: int | None = None) -> dict:
    schema: dict[str, Any] = {"type": "integer"}
    if lo is not None:
        schema["minimum"] = lo
    if hi is not None:
        schema["maximum"] = hi
    return schema


STRING = {"type": "string"}
BOOLEAN = {"type": "boolean"}
PROBABILITY = {"type": "number", "minimum": 0, "maximum": 1}
NUMBER = {"type": "number"}
RULES = {"type": "array", "items": {"type": "string", "pattern": r"^(eclipse|galaxy|ti4|parsec|rftg)/[a-z0-9][a-z0-9.\-]*$"}}
LANG_PARAM = {
    "name": "lang", "in": "query", "required": False,
    "schema": {"type": "string", "enum": ["it", "en"]},
    "description": "Language of messages (then the lang cookie, then Accept-Language; default it).",
}

SCHEMAS: dict[str, dict] = {
    "Error": obj(
        {"error": obj({"code": STRING, "message": STRING, "field": {"type": ["string", "null"]}},
                      ("code", "message", "field"))},
        ("error",),
    ),
    "Localized": obj({"it": STRING, "en": STRING}, ("it", "en")),
    "Reason": obj({"code": STRING, "message": STRING, "rule": STRING}, ("code", "message", "rule")),
    "SectionSummary": obj(
        {"id": STRING, "game": STRING, "number": STRING, "number_en": STRING, "title": ref("Localized"),
         "url": STRING},
        ("id", "game", "number", "number_en", "title", "url"),
    ),
}

# path -> method -> operation; views' modules register theirs with ``document()``.
PATHS: dict[str, dict[str, dict]] = {}


def document(path: str, method: str, *, summary: str, response: dict, request: dict | None = None,
             params: list[dict] | None = None, example: Any = None, limits: str = "",
             errors: tuple[int, ...] = (400,)) -> None:
    """Describe one operation (called at import time by the module that defines the view)."""
    operation: dict[str, Any] = {
        "summary": summary,
        "parameters": [LANG_PARAM, *(params or [])],
        "responses": {"200": {"description": "OK", "content": {JSON: {"schema": response}}}},
    }
    for status in errors:
        operation["responses"][str(status)] = {
            "description": "Error", "content": {JSON: {"schema": ref("Error")}}}
    if request is not None:
        operation["requestBody"] = {"required": True, "content": {JSON: {"schema": request}}}
    if example is not None:
        operation["x-example"] = example
    if limits:
        operation["description"] = "Limits: " + limits
        operation["x-limits"] = limits
    PATHS.setdefault(path, {})[method] = operation


def spec() -> dict:
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Astrolabio API",
            "version": "1.0",
            "description": "Rules, search and exact calculators for space board games. "
            "Errors are HTTP 4xx with {error: {code, message, field}}; request bodies are limited to 64 KiB.",
        },
        "paths": {path: PATHS[path] for path in sorted(PATHS)},
        "components": {"schemas": SCHEMAS},
    }


@bp.get("/api/openapi.json")
def openapi_json():
    return jsonify(spec())


@bp.get("/api/docs")
def docs_page():
    operations = [
        (method.upper(), path, operation) for path, methods in sorted(PATHS.items())
        for method, operation in methods.items()
    ]
    return render_template("api/docs.html", operations=operations, spec_url=url_for("api_docs.openapi_json"))
