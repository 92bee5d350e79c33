"""The four small combat operations are described, with their limits and request schemas."""

from __future__ import annotations

from web.openapi import spec

PATHS = ("/api/combat/galaxy", "/api/combat/galaxy/opportunities", "/api/combat/parsec", "/api/conquest/rftg")


def test_every_small_combat_operation_is_described_with_an_example():
    paths = spec()["paths"]
    for path in PATHS:
        operation = paths[path]["post"]
        assert operation["x-example"]["body"]
        assert operation["requestBody"]["content"]["application/json"]["schema"]["additionalProperties"] is False


def test_limits_match_the_engines():
    paths = spec()["paths"]
    galaxy = paths["/api/combat/galaxy"]["post"]
    assert "at most 9 opportunities" in galaxy["x-limits"]
    attacker = galaxy["requestBody"]["content"]["application/json"]["schema"]["properties"]["attacker"]
    assert (attacker["minimum"], attacker["maximum"]) == (6, 10)
    assert "at most 8 attackers" in paths["/api/combat/parsec"]["post"]["x-limits"]
    assert "defense 1-15" in paths["/api/conquest/rftg"]["post"]["x-limits"]
