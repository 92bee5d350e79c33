"""The four small combat operations are described, with their limits and request schemas."""

from __future__ import annotations

from web.core.openapi import spec

PATHS = ("/api/combat/galaxy", "/api/combat/galaxy/opportunities", "/api/combat/parsec", "/api/conquest/rftg")


def request_schema(described: dict, path: str) -> dict:
    ref = described["paths"][path]["post"]["requestBody"]["content"]["application/json"]["schema"]["$ref"]
    return described["components"]["schemas"][ref.rsplit("/", 1)[-1]]


def test_every_small_combat_operation_is_described_with_an_example():
    described = spec()
    for path in PATHS:
        assert described["paths"][path]["post"]["x-example"]["body"]
        assert request_schema(described, path)["additionalProperties"] is False


def test_limits_match_the_engines():
    described = spec()
    paths = described["paths"]
    assert "at most 9 opportunities" in paths["/api/combat/galaxy"]["post"]["x-limits"]
    attacker = request_schema(described, "/api/combat/galaxy")["properties"]["attacker"]
    assert (attacker["minimum"], attacker["maximum"]) == (6, 10)
    assert "at most 24 attackers" in paths["/api/combat/parsec"]["post"]["x-limits"]
    assert "defense 1-15" in paths["/api/conquest/rftg"]["post"]["x-limits"]
