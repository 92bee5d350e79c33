"""Retreat checkers: time of the largest allowed situations, engine and full API request.

Prints median and p95 in milliseconds for each game at its documented maximum size (six
Eclipse hexes, twelve TI4 systems, Parsec's 12-hex movement over an open field with twenty-four
attackers and sixty blocked hexes), so a regression in the hex search would show here.

    .venv/bin/python benchmarks/retreat.py [--runs 300]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.timing import measure  # noqa: E402
from engine.eclipse import retreat as eclipse  # noqa: E402
from engine.parsec import retreat as parsec  # noqa: E402
from engine.ti4 import retreat as ti4  # noqa: E402

ECLIPSE = eclipse.parse(
    "green +wg: " + " ".join(f"H{i}=green/red,ancient,gcds/half" for i in range(eclipse.MAX_NEIGHBOURS))
)
TI4 = ti4.parse(
    "attacker +opp in=gravity_rift: "
    + " ".join(f"S{i}=wormhole,units,planet,gravity_rift" for i in range(ti4.MAX_CANDIDATES)),
    ti4.Fleet(carriers=4, war_suns=2, fighters=60, infantry=60),
)
# Two rings, 7 and 8 hexes out (90 hexes): room for every attacker and every blocked hex allowed.
RING = [(q, r) for q in range(-8, 9) for r in range(-8, 9) if max(abs(q), abs(r), abs(q + r)) in (7, 8)]
ATTACKERS, BLOCKED = RING[: parsec.MAX_ATTACKERS], RING[parsec.MAX_ATTACKERS :][: parsec.MAX_BLOCKED]
PARSEC = parsec.situation(
    "transport",
    [{"kind": "cruiser", "at": h, "range": 6} for h in ATTACKERS],
    blocked=BLOCKED,
    movement=parsec.MAX_MOVEMENT,
)


def engine_eclipse():
    return eclipse.verdicts(ECLIPSE), eclipse.rules(ECLIPSE)


def engine_ti4():
    return ti4.verdicts(TI4), ti4.announcement_reasons(TI4), ti4.rules(TI4)


def cold():
    """Forget Parsec's cached searches, so every run pays for the full hex search."""
    parsec.reachable.cache_clear()
    parsec.safe_hexes.cache_clear()


def engine_parsec():
    cold()
    return (parsec.safe_hexes(PARSEC), parsec.exchange_reasons(PARSEC), parsec.notes(PARSEC), parsec.rules(PARSEC))


def api_bodies():
    return {
        "eclipse": {
            "player": "green",
            "wormhole_generator": True,
            "candidates": [
                {"hex": f"H{i}", "influence": "green", "ships": ["red", "ancient", "gcds"], "wormhole": "half"}
                for i in range(eclipse.MAX_NEIGHBOURS)
            ],
        },
        "ti4": {
            "role": "attacker",
            "opponent_announced_retreat": True,
            "active_anomaly": "gravity_rift",
            "candidates": [
                {"system": f"S{i}", "adjacent": "wormhole", "own_units": True, "anomaly": "gravity_rift"}
                for i in range(ti4.MAX_CANDIDATES)
            ],
            "units": {"carriers": 4, "war_suns": 2, "fighters": 60, "infantry": 60},
        },
        "parsec": {
            "vessel": "transport",
            "movement": parsec.MAX_MOVEMENT,
            "attackers": [{"kind": "cruiser", "q": q, "r": r, "range": 6} for q, r in ATTACKERS],
            "blocked": [{"q": q, "r": r} for q, r in BLOCKED],
        },
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=300)
    runs = parser.parse_args().runs
    for name, function in (("eclipse", engine_eclipse), ("ti4", engine_ti4), ("parsec", engine_parsec)):
        timing = measure(function, runs)
        print(f"engine {name:8} median {timing.median:7.3f} ms   p95 {timing.p95:7.3f} ms")

    from app import create_app

    client = create_app({"TESTING": True, "INSTANCE_PATH": tempfile.mkdtemp()}).test_client()
    for name, body in api_bodies().items():

        def request(name=name, body=body):
            cold()
            response = client.post(f"/api/retreat/{name}?lang=en", json=body)
            assert response.status_code == 200, response.get_data(as_text=True)

        timing = measure(request, runs)
        print(f"api    {name:8} median {timing.median:7.3f} ms   p95 {timing.p95:7.3f} ms")


if __name__ == "__main__":
    main()
