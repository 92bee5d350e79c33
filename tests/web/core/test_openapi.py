"""The OpenAPI description covers every /api/ route, and real answers match their schemas."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pytest

from tests.web.core.openapi_check import META_ROUTES, SPEC, flask_path, operations, send, validator


FRONT = Path(__file__).resolve().parents[3] / "deploy" / "nginx" / "astrolabio.conf.template"


def front_statuses() -> set[int]:
    """The statuses nginx sends from its own error pages: each ``error_page`` line's codes, or the
    one its ``=code`` answers them with (494, a header too large, goes out as 400; "= @methods"
    sends the app's own answer, a 405 with its Allow header)."""
    sent: set[int] = set()
    for line in re.findall(r"^\s+error_page (.+);", FRONT.read_text(encoding="utf-8"), re.M):
        codes = [int(word) for word in line.split() if word.isdigit()]
        answer = next((word[1:] for word in line.split() if word.startswith("=")), None)
        if answer is None:
            sent |= {400 if code == 494 else code for code in codes}
        elif answer:
            sent.add(int(answer))
    return sent


def test_every_operation_documents_what_the_production_front_answers_itself(client):
    """nginx answers some requests before the app sees them (an address too long, a client over
    its rate, the app down, a body over 64 KiB): any operation may get those statuses."""
    front = front_statuses()
    assert front == {400, 413, 414, 429, 503}
    for path, methods in client.get("/api/openapi.json").get_json()["paths"].items():
        for method, operation in methods.items():
            expected = front - {413} | ({413} if "requestBody" in operation else set())
            assert expected <= {int(status) for status in operation["responses"]}, f"{method} {path}"


def test_every_api_route_is_described(app):
    routes = {
        (flask_path(rule.rule), method.lower())
        for rule in app.url_map.iter_rules()
        if rule.rule.startswith("/api/") and rule.rule not in META_ROUTES
        for method in rule.methods - {"HEAD", "OPTIONS"}
    }
    described = {(path, method) for path, method, _ in operations()}
    assert routes - described == set()
    assert described - routes == set()


def test_spec_is_served_and_the_docs_page_lists_every_path(client):
    assert client.get("/api/openapi.json").get_json()["openapi"].startswith("3.")
    page = client.get("/api/docs?lang=en").get_data(as_text=True)
    for path in SPEC["paths"]:
        assert path in page


def test_the_docs_page_reads_in_its_language_and_the_json_stays_in_english(client):
    """Each operation's summary and limits are declared once, in English: the page shows them in
    the reader's language, the JSON description (for programs) keeps the English source."""
    described = client.get("/api/openapi.json?lang=it").get_json()
    assert described == client.get("/api/openapi.json?lang=en").get_json()
    texts = [
        text
        for methods in described["paths"].values()
        for operation in methods.values()
        for text in (operation["summary"], operation.get("x-limits"))
        if text
    ]
    english, italian = (unescape(client.get(f"/api/docs?lang={lang}").get_data(as_text=True)) for lang in ("en", "it"))
    assert [text for text in texts if text not in english] == []
    assert [text for text in texts if text in italian] == []
    assert "1.100.000" in italian and "1,100,000" in english  # the reader's digits (lazy_number)


# A job's address exists once its battle was sent: the GET example names the POST example's job.
SENT_FIRST = {"/api/combat/eclipse/jobs/{key}": "/api/combat/eclipse/jobs"}


@pytest.mark.parametrize("path, method, operation", list(operations()), ids=lambda v: v if isinstance(v, str) else "")
def test_documented_example_answers_with_the_documented_schema(client, path, method, operation):
    assert "x-example" in operation, f"{method} {path} has no example request"
    if path in SENT_FIRST:
        send(client, SENT_FIRST[path], "post", SPEC["paths"][SENT_FIRST[path]]["post"]["x-example"])
    response = send(client, path, method, operation["x-example"])
    assert response.status_code == 200, response.get_data(as_text=True)[:300]
    schema = operation["responses"]["200"]["content"]["application/json"]["schema"]
    errors = sorted(validator(schema).iter_errors(response.get_json()), key=str)
    assert not errors, [f"{list(e.path)}: {e.message}" for e in errors[:5]]


def test_error_answers_match_the_error_schema(client):
    response = client.get("/api/sections/none/none")
    assert response.status_code == 404
    assert not list(validator({"$ref": "#/components/schemas/Error"}).iter_errors(response.get_json()))


def test_answers_are_generated_from_models_and_refuse_a_wrong_answer(client):
    for path, method, operation in operations():
        schema = operation["responses"]["200"]["content"]["application/json"]["schema"]
        assert set(schema) == {"$ref"}, f"{method} {path}: its answer has no model"
        # The generated schema has teeth: the real answer passes, the same answer without a field
        # it always carries, or with a rule id that is not one, does not.
        answer = send(client, path, method, operation["x-example"]).get_json()
        required = SPEC["components"]["schemas"][schema["$ref"].rsplit("/", 1)[-1]]["required"]
        assert list(validator(schema).iter_errors({k: v for k, v in answer.items() if k != required[0]}))
        if "rules" in answer:
            assert list(validator(schema).iter_errors({**answer, "rules": ["ti4"]}))


def test_a_background_computation_documents_its_202(client):
    """The jobs endpoint answers 202 while a battle waits or runs: a client (and schemathesis's
    status-code check) must find that answer, with the job's schema, in the description."""
    operation = client.get("/api/openapi.json").get_json()["paths"]["/api/combat/eclipse/jobs"]["post"]
    assert operation["responses"]["202"]["content"] == operation["responses"]["200"]["content"]


def test_a_galaxy_world_has_one_id_in_every_request(client):
    # The opportunities took "ecup-contract" where the score sheet took "ecup_contract".
    from engine.galaxy.worlds import WORLDS

    def enums(node):
        if isinstance(node, dict):
            if "cylor" in node.get("enum", ()):
                yield tuple(node["enum"])
            for value in node.values():
                yield from enums(value)
        elif isinstance(node, list):
            for value in node:
                yield from enums(value)

    schemas = client.get("/api/openapi.json").get_json()["components"]["schemas"]
    found = {name: set(enums(schemas[name])) for name in ("GalaxyOpportunities", "GalaxyBase", "GalaxySheet")}
    assert all(lists == {WORLDS} for lists in found.values()), found
