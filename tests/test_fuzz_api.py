"""Property-based fuzzing of every documented endpoint: no 5xx, every 4xx is the error shape.

The number of requests sent is printed at the end of the test run ("fuzzing: N requests").
"""

from __future__ import annotations

import json
import math

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app import create_app
from tests.fuzz_strategies import JSON_ANY, NASTY_STRINGS, from_schema
from tests.openapi_check import operations

EXAMPLES_PER_OPERATION = 250
SENT = {"requests": 0}
OPERATIONS = [(path, method, op) for path, method, op in operations()]


@pytest.fixture(scope="module")
def fuzz_client(tmp_path_factory):
    # A short budget: the fuzzer checks that over-long work is refused cleanly, not the odds.
    app = create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path_factory.mktemp("fuzz")),
                      "COMPUTE_BUDGET_SECONDS": 0.25})
    return app.test_client()


def encode(value) -> str:
    # allow_nan: NaN and Infinity reach the server as the non-standard tokens some clients send
    return json.dumps(value, allow_nan=True)


def check_answer(response):
    SENT["requests"] += 1
    assert response.status_code < 500, response.get_data(as_text=True)[:500]
    if response.status_code >= 400:
        error = response.get_json()["error"]
        assert set(error) == {"code", "message", "field"}
        assert isinstance(error["code"], str) and isinstance(error["message"], str) and error["message"]
        assert "<script" not in error["message"]


def path_value(draw, param):
    return draw(st.sampled_from(["ti4/23.7", "eclipse/ritirata", "x/../../app.py", "%00", "ti4/" + "9" * 50])
                | NASTY_STRINGS.filter(lambda s: s and "/" not in s[:1]))


@pytest.mark.parametrize("path, method, operation", OPERATIONS, ids=[f"{m} {p}" for p, m, _ in OPERATIONS])
def test_fuzz_operation(fuzz_client, path, method, operation):
    body_schema = (operation.get("requestBody") or {}).get("content", {}).get("application/json", {}).get("schema")
    params = [p for p in operation.get("parameters", []) if p["in"] in ("query", "path")]

    @settings(max_examples=EXAMPLES_PER_OPERATION, deadline=None, derandomize=True,
              suppress_health_check=list(HealthCheck))
    @given(st.data())
    def run(data):
        url = path
        query = {}
        for param in params:
            if param["in"] == "path":
                url = url.replace("{" + param["name"] + "}", path_value(data.draw, param).lstrip("/"))
            elif data.draw(st.booleans()):
                query[param["name"]] = data.draw(from_schema(param["schema"]) | NASTY_STRINGS)
        query = {k: (v if isinstance(v, str) else encode(v)) for k, v in query.items()}
        if body_schema is not None:
            body = data.draw(from_schema(body_schema) | JSON_ANY)
            raw = encode(body) if data.draw(st.integers(0, 9)) else data.draw(st.sampled_from(
                ["{", "[]", "null", '{"a":' * 200 + "1" + "}" * 200, "\xff\xfe", '{"x": NaN}', ""]))
            response = fuzz_client.open(url, method=method.upper(), query_string=query, data=raw,
                                        content_type="application/json")
        else:
            response = fuzz_client.open(url, method=method.upper(), query_string=query)
        check_answer(response)

    run()


def test_nan_and_huge_numbers_are_refused_cleanly(fuzz_client):
    assert math.isnan(float("nan"))
    for path, method, operation in OPERATIONS:
        if operation.get("requestBody"):
            for raw in ('{"count": NaN}', '{"n": 1e999}', "[" * 5000 + "]" * 5000):
                check_answer(fuzz_client.open(path, method=method.upper(), data=raw, content_type="application/json"))


PAGES = ["/", "/tools", "/search", "/glossary", "/glossary/ti4", "/rules/ti4", "/rules/ti4/23.7",
         "/rules/eclipse/ritirata", "/scoring", "/scoring/eclipse", "/scoring/galaxy", "/retreat/eclipse",
         "/retreat/ti4", "/retreat/parsec", "/tools/combat/ti4", "/tools/combat/galaxy", "/tools/combat/parsec",
         "/tools/conquest/rftg", "/tools/combat/eclipse", "/api/docs"]


@settings(max_examples=400, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(path=st.sampled_from(PAGES), query=st.dictionaries(
    st.sampled_from(["q", "lang", "game", "page", "hl", "compare", "s", "b", "sheet", "player", "role",
                     "vessel", "hex", "x", "limit"]) | st.text(max_size=6),
    NASTY_STRINGS | st.text(max_size=12), max_size=5))
def test_fuzz_pages_never_fail(fuzz_client, path, query):
    response = fuzz_client.get(path, query_string=query)
    SENT["requests"] += 1
    assert response.status_code < 500, (path, query, response.get_data(as_text=True)[:300])
