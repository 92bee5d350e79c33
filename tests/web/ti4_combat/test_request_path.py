"""The path of one TI4 combat request, traced (benchmarks/request_files.py): it stays within the
tool's packages and the shared cores, enters the TI4 engine once, and validates once."""

from __future__ import annotations

import pytest

from benchmarks.request_files import traced
from web.core import compute
from web.ti4_combat.models import Ti4Battle

PACKAGES = ("web/ti4_combat/", "web/core/", "engine/ti4/", "engine/core/", "rules_db/")
BODY = Ti4Battle.model_json_schema()["examples"][0]


@pytest.fixture()
def empty_cache(monkeypatch):
    monkeypatch.setattr(compute, "CACHE", compute.LRUCache(compute.CACHE_SIZE))


def test_a_computed_battle_stays_in_its_packages_and_checks_once(client, empty_cache):
    trace = traced(client, BODY)
    assert [path for path in trace.files if not path.startswith(PACKAGES)] == []
    assert trace.files["web/core/models.py"]["validate"] == 1  # the body, read by its model once
    # Web code calls into the TI4 engine at one place, once: the battle's calculation.
    assert {f: n for f, n in trace.crossings.items() if f.startswith("engine/ti4/")} == {
        "engine/ti4/combat.py:calculate": 1
    }
    assert trace.files["engine/ti4/inputs.py"]["validate"] == 1  # the whole-battle checks, once
    assert trace.files["engine/ti4/inputs.py"]["_check_units"] == 2  # ... that is, once for each side


def test_a_cached_battle_never_enters_the_engine(client, empty_cache):
    client.post("/api/combat/ti4", json=BODY)
    trace = traced(client, BODY)
    assert not [path for path in trace.files if path.startswith("engine/")]
    assert not trace.crossings
    assert trace.files["web/core/models.py"]["validate"] == 1
