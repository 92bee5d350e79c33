"""Shared fixtures: the app (on a temporary instance folder) and its test client."""

from __future__ import annotations

import pytest
from hypothesis import settings

from app import create_app

# Properties are checked, not timed: a shared CI machine can make one example slow, and a
# hypothesis deadline would then fail a correct test (speed lives in benchmarks/).
settings.register_profile("astrolabio", deadline=None)
settings.load_profile("astrolabio")


@pytest.fixture(scope="session")
def app(tmp_path_factory):
    instance = tmp_path_factory.mktemp("instance")
    # SEARCH_ENCODER None: a lexical search, so no test encodes the whole rules database
    # (the rerank is tested on small fixtures).
    return create_app({"TESTING": True, "INSTANCE_PATH": str(instance), "SEARCH_ENCODER": None})


@pytest.fixture()
def client(app):
    return app.test_client()


@pytest.fixture(scope="session")
def db(app):
    return app.extensions["rules_db"]


def pytest_terminal_summary(terminalreporter):
    from tests.web.core.test_schemathesis import SUMMARY

    if SUMMARY:
        terminalreporter.write_line(SUMMARY[0])
