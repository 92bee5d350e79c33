"""Helpers shared by the OpenAPI and fuzzing tests: send a documented operation, check a schema."""

from __future__ import annotations

import re

from jsonschema import Draft202012Validator

from web.core.openapi import spec

SPEC = spec()
META_ROUTES = {"/api/openapi.json", "/api/docs"}


def operations():
    for path, methods in SPEC["paths"].items():
        for method, operation in methods.items():
            yield path, method, operation


def validator(schema: dict) -> Draft202012Validator:
    # Refs point at "#/components/...": give the schema the spec's components as its root.
    return Draft202012Validator({**schema, "components": SPEC["components"]})


def send(client, path: str, method: str, example: dict | None):
    example = example or {}
    url = path
    for name, value in example.get("path", {}).items():
        url = url.replace("{" + name + "}", str(value))
    return client.open(url, method=method.upper(), query_string=example.get("query"), json=example.get("body"))


def flask_path(rule: str) -> str:
    return re.sub(r"<(?:[a-z]+:)?(\w+)>", r"{\1}", rule)
