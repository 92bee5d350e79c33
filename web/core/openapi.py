"""The OpenAPI 3.1 description of every /api/ endpoint, served at /api/openapi.json.

Each operation carries its request model and its answer's model (both schemas are generated from
the models, see ``web.core.models``), its limits, and the request model's first example as
``x-example``, which the tests send to check that real answers match the documented schemas.
"""

from __future__ import annotations

from typing import Any, TypeAlias

from flask import Blueprint, jsonify, render_template, url_for
from flask_babel import force_locale
from flask_babel.speaklater import LazyString
from pydantic import BaseModel
from pydantic.json_schema import models_json_schema

from web.core.models import Citations, Error, Localized, Reason, SectionSummary

bp = Blueprint("api_docs", __name__)

JSON = "application/json"
# An operation's summary and limits: declared once in English with ``_l``; the docs page shows
# them in the reader's language, the JSON description (for programs) in English.
Text: TypeAlias = str | LazyString


def ref(name: str) -> dict:
    return {"$ref": f"#/components/schemas/{name}"}


LANG_PARAM = {
    "name": "lang",
    "in": "query",
    "required": False,
    "schema": {"type": "string", "enum": ["it", "en"]},
    "description": "Language of messages (then the lang cookie, then Accept-Language; default it).",
}

# The shared answers, one component each under a stable name (every 4xx points at ``Error``).
SHARED: tuple[type[BaseModel], ...] = (Error, Localized, Reason, Citations, SectionSummary)

# path -> method -> operation; views' modules register theirs with ``document()``.
PATHS: dict[str, dict[str, dict]] = {}
# (path, method) -> the request's model; its schema joins the components when the spec is built.
BODIES: dict[tuple[str, str], type[BaseModel]] = {}
# (path, method) -> the answer's model, likewise.
ANSWERS: dict[tuple[str, str], type[BaseModel]] = {}
ACCEPTED: set[tuple[str, str]] = set()  # operations that may answer 202 (work continues in the background)


def _example(model: type[BaseModel]) -> Any:
    extra = model.model_config.get("json_schema_extra")
    examples = extra.get("examples") if isinstance(extra, dict) else None
    return examples[0] if isinstance(examples, list) and examples else None


def query_parameters(model: type[BaseModel]) -> list[dict]:
    """A query model's fields as OpenAPI parameters."""
    schema = model.model_json_schema()
    required = set(schema.get("required", ()))
    parameters = []
    for name, field in schema["properties"].items():
        # An absent parameter is the null of an optional field: a query string has no null.
        value = next((b for b in field.get("anyOf", ()) if b.get("type") != "null"), field)
        parameters.append(
            {
                "name": name,
                "in": "query",
                "required": name in required,
                "schema": {k: v for k, v in value.items() if k not in ("title", "description")},
                **({"description": field["description"]} if "description" in field else {}),
            }
        )
    return parameters


def document(
    path: str,
    method: str,
    *,
    summary: Text,
    response: type[BaseModel],
    body: type[BaseModel] | None = None,
    query: type[BaseModel] | None = None,
    params: list[dict] | None = None,
    example: Any = None,
    limits: Text | None = None,
    errors: tuple[int, ...] = (400,),
    accepted: bool = False,
) -> None:
    """Describe one operation: its request model (``body`` or ``query``) and its answer's model
    (``response``; the schemas are generated when the spec is built). ``accepted``: the same
    answer may come with 202 while the work goes on in the background."""
    ANSWERS[(path, method)] = response
    if accepted:
        ACCEPTED.add((path, method))
    operation: dict[str, Any] = {
        "summary": summary,
        "parameters": [LANG_PARAM, *(params or []), *(query_parameters(query) if query else [])],
        "responses": {},
    }
    statuses = set(errors) | FRONT_ERRORS
    if body is not None:
        statuses |= {413, 422}
    for status in sorted(statuses):
        operation["responses"][str(status)] = {
            "description": ERROR_DESCRIPTIONS[status],
            "content": {JSON: {"schema": ref("Error")}},
        }
    if body is not None:
        BODIES[(path, method)] = body
        if (sample := _example(body)) is not None:
            operation["x-example"] = {"body": sample}
    if query is not None and (found := _example(query)) is not None:
        operation["x-example"] = {"query": found}
    if example is not None:  # a path parameter's example
        operation["x-example"] = example
    if limits is not None:
        operation["x-limits"] = limits
    PATHS.setdefault(path, {})[method] = operation


# What any address may answer in production, whatever it does: the front (nginx, docs/deploy.md)
# refuses an address too long, limits each client's rate and stands in when the app is down.
FRONT_ERRORS = {400, 414, 429, 503}
ERROR_DESCRIPTIONS = {
    400: "The request does not match its schema (type, bound, unknown field, unknown language).",
    404: "Nothing has this id.",
    413: "The request body is larger than 64 KiB.",
    414: "The address is longer than the front accepts.",
    422: "A well-formed request that the game's rules refuse, or a computation beyond the time budget.",
    429: "Too many requests from this client (the front's rate limit); retry after the Retry-After header's seconds.",
    503: "Busy (the worker's slot for long computations is taken) or briefly unavailable; retry after the "
    "Retry-After header's seconds.",
}


def in_english(operation: dict) -> dict:
    """An operation as the JSON description gives it: its texts in their English source (called
    under ``force_locale("en")``)."""
    english = {**operation, "summary": str(operation["summary"])}
    if "x-limits" in operation:
        english["x-limits"] = str(operation["x-limits"])
        english["description"] = "Limits: " + english["x-limits"]
    return english


def spec() -> dict:
    keys, answered = sorted(BODIES), sorted(ANSWERS)
    refs, defs = models_json_schema(
        [(BODIES[key], "validation") for key in keys]
        + [(model, "serialization") for model in (*SHARED, *(ANSWERS[key] for key in answered))],
        ref_template="#/components/schemas/{model}",
    )
    with force_locale("en"):
        paths = {
            path: {method: in_english(operation) for method, operation in PATHS[path].items()} for path in sorted(PATHS)
        }
    for path, method in keys:
        schema = refs[(BODIES[(path, method)], "validation")]
        paths[path][method]["requestBody"] = {"required": True, "content": {JSON: {"schema": schema}}}
    for path, method in answered:
        ok = {"description": "OK", "content": {JSON: {"schema": refs[(ANSWERS[(path, method)], "serialization")]}}}
        paths[path][method]["responses"] = {"200": ok, **paths[path][method]["responses"]}
        if (path, method) in ACCEPTED:
            paths[path][method]["responses"]["202"] = {
                **ok,
                "description": "Accepted: waiting or running; the answer's api address gives progress and result",
            }
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Astrolabio API",
            "version": "1.0",
            "description": "Rules, search and exact calculators for space board games. "
            "Errors are {error: {code, message, field}}: 400 when a request does not match its "
            "schema, 422 when a well-formed request is refused by the game's rules; request bodies are "
            "limited to 64 KiB. In production the front (nginx) limits each client's rate (429 with "
            "Retry-After) and answers 414 and 503 itself, in the same error shape.",
        },
        "paths": paths,
        "components": {"schemas": defs.get("$defs", {})},
    }


@bp.get("/api/openapi.json")
def openapi_json():
    return jsonify(spec())


@bp.get("/api/docs")
def docs_page():
    operations = [
        (method.upper(), path, operation)
        for path, methods in sorted(PATHS.items())
        for method, operation in methods.items()
    ]
    return render_template("api/docs.html", operations=operations, spec_url=url_for("api_docs.openapi_json"))
