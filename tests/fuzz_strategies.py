"""Hypothesis strategies that build requests from the OpenAPI schemas, then bend them.

Most generated bodies follow the documented shape (so they reach deep validation and the
engines) with values pushed to the edges: out-of-range and huge numbers, wrong types, unicode
and markup in strings, missing and extra fields, deep nesting.
"""

from __future__ import annotations

from hypothesis import strategies as st

from tests.openapi_check import SPEC

NASTY_STRINGS = st.sampled_from(
    ["", " ", "<script>alert(1)</script>", "\"unclosed", "title:", "AND OR", "é" * 300, "\u202e\u0000x",
     "../../etc/passwd", "x" * 3000, "ti4/23.7", "NaN", "-1", "1e309", "🚀", "{{7*7}}", "%(x)s"]
)
EDGE_NUMBERS = st.sampled_from([0, -1, 1, 2, 7, 8, 9, 10, 18, 99, 10**6, 10**30, -(10**30), 0.5, 1e308,
                                float("nan"), float("inf")])
JSON_ANY = st.recursive(
    st.none() | st.booleans() | st.integers(-1000, 1000) | EDGE_NUMBERS | NASTY_STRINGS | st.text(max_size=20),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=12,
)


def resolve(schema: dict) -> dict:
    while "$ref" in schema:
        schema = SPEC["components"]["schemas"][schema["$ref"].rsplit("/", 1)[1]]
    return schema


def from_schema(schema: dict, depth: int = 0) -> st.SearchStrategy:
    """Values shaped like ``schema`` most of the time, anything at all some of the time."""
    schema = resolve(schema)
    if depth > 6:
        return JSON_ANY
    if "allOf" in schema:
        merged: dict = {"type": "object", "properties": {}}
        for part in schema["allOf"]:
            merged["properties"].update(resolve(part).get("properties", {}))
        schema = merged
    if "oneOf" in schema or "anyOf" in schema:
        options = schema.get("oneOf") or schema.get("anyOf")
        shaped = st.one_of(*[from_schema(option, depth + 1) for option in options])
    elif "enum" in schema:
        shaped = st.sampled_from(schema["enum"])
    else:
        kind = schema.get("type")
        if isinstance(kind, list):
            kind = kind[0]
        if kind == "object":
            properties = schema.get("properties", {})
            fields = {name: from_schema(sub, depth + 1) for name, sub in properties.items()}
            shaped = st.fixed_dictionaries({}, optional=fields) if fields else st.dictionaries(
                st.text(max_size=8), JSON_ANY, max_size=3)
            if fields:
                required = {name: fields[name] for name in schema.get("required", [])}
                shaped = st.fixed_dictionaries(required, optional={k: v for k, v in fields.items() if k not in required})
        elif kind == "array":
            shaped = st.lists(from_schema(schema.get("items", {}), depth + 1),
                              max_size=min(schema.get("maxItems", 6) + 1, 12))
        elif kind == "integer":
            lo, hi = schema.get("minimum", -10), schema.get("maximum", 10**4)
            shaped = st.integers(lo, hi) | st.integers(lo - 3, hi + 3) | EDGE_NUMBERS
        elif kind == "number":
            shaped = st.floats(allow_nan=True, allow_infinity=True) | EDGE_NUMBERS
        elif kind == "boolean":
            shaped = st.booleans()
        elif kind == "string":
            shaped = st.text(max_size=40) | NASTY_STRINGS
        else:
            shaped = JSON_ANY
    return st.one_of(shaped, shaped, shaped, shaped, JSON_ANY) if depth else shaped | JSON_ANY
