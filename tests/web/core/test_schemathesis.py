"""schemathesis, an independent fuzzer, against /api/openapi.json, in-process on the WSGI app.

Every operation, positive and negative data, and every conformance check schemathesis has:
no 5xx, documented status codes and content types, answers that match their schemas,
schema-valid requests accepted (a 2xx, a 404 for an unknown section id, or a 422 when a game's
rules refuse a well-formed request) and invalid ones rejected (4xx). The configuration is the
project's ``schemathesis.toml`` (10 examples per operation and phase, a fixed seed); the run
prints how many checks it made and how long it took (about 30 s here).
"""

from __future__ import annotations

import time
from collections import Counter
from pathlib import Path

import pytest
import schemathesis
from schemathesis.config import SchemathesisConfig
from schemathesis.engine import events, from_schema

from app import create_app
from tests.web.core.openapi_check import operations

CONFIG = Path(__file__).resolve().parents[3] / "schemathesis.toml"
SUMMARY: list[str] = []  # printed at the end of the test run (tests/conftest.py)


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    # A short compute budget: the fuzzer checks that over-long work is refused cleanly, not the odds.
    app = create_app(
        {
            "TESTING": True,
            "INSTANCE_PATH": str(tmp_path_factory.mktemp("schemathesis")),
            "COMPUTE_BUDGET_SECONDS": 0.25,
            "SEARCH_ENCODER": None,
        }
    )
    config = SchemathesisConfig.from_path(CONFIG)
    schema = schemathesis.openapi.from_wsgi("/api/openapi.json", app, config=config)
    started = time.perf_counter()
    checks: Counter[str] = Counter()
    failures: list[str] = []
    errors: list[str] = []
    tested: set[str] = set()
    for event in from_schema(schema).execute():
        if isinstance(event, events.ScenarioFinished) and event.label:
            for nodes in event.recorder.checks.values():
                tested.add(event.label)
                for node in nodes:
                    checks[node.name] += 1
                    if node.failure_info is not None:
                        failure = node.failure_info.failure
                        failures.append(
                            f"{event.label} {node.name}: {failure.title}\n{node.failure_info.code_sample[:400]}"
                        )
        elif isinstance(event, (events.NonFatalError, events.FatalError)):
            errors.append(str(getattr(event, "info", event))[:500])
    elapsed = time.perf_counter() - started
    SUMMARY.append(
        f"schemathesis: {sum(checks.values())} checks on {len(tested)} operations in {elapsed:.0f} s, "
        f"{len(failures)} failures"
    )
    return {"checks": checks, "failures": failures, "errors": errors, "tested": tested, "elapsed": elapsed}


def test_no_failures(run):
    assert run["errors"] == []
    assert run["failures"] == [], "\n\n".join(run["failures"][:5])


def test_every_operation_and_check_ran(run):
    documented = {f"{method.upper()} {path}" for path, method, _ in operations()}
    assert documented <= run["tested"]
    for check in (
        "not_a_server_error",
        "status_code_conformance",
        "content_type_conformance",
        "response_schema_conformance",
        "positive_data_acceptance",
        "negative_data_rejection",
    ):
        assert run["checks"][check] > 0, check
