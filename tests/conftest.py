"""Shared fixtures: the app (on a temporary instance folder) and its test client."""

from __future__ import annotations

import pytest

from app import create_app


@pytest.fixture(scope="session")
def app(tmp_path_factory):
    instance = tmp_path_factory.mktemp("instance")
    return create_app({"TESTING": True, "INSTANCE_PATH": str(instance)})


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
