"""Time the score sheets at their largest, through the whole API (parsing, engine, JSON).

Each sheet is filled to its documented maxima (six Eclipse players with 60 hexes each, five Galaxy
players with all their bases and 120-card hands...) and posted repeatedly; prints median and p95.

    .venv/bin/python benchmarks/scoring.py [--repeat 300]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.timing import measure  # noqa: E402
from engine.eclipse import scoring as eclipse  # noqa: E402
from engine.galaxy import scoring as galaxy  # noqa: E402
from engine.parsec import scoring as parsec  # noqa: E402
from engine.rftg import scoring as rftg  # noqa: E402
from engine.ti4 import scoring as ti4  # noqa: E402

WORLDS = galaxy.WORLDS


def eclipse_body() -> dict:
    """The largest legal sheet: six players, the reputation bag shared out, three ambassadors each
    (a 3-regular set of relations), the board full (37 hexes at six), a Traitor."""
    bag = [v for v, made in sorted(eclipse.REPUTATION_TILES.items(), reverse=True) for _ in range(made)]
    n = eclipse.MAX_PLAYERS
    board = eclipse.board_hexes(n)
    players = [
        {
            "name": f"P{i}",
            "species": eclipse.SPECIES[i % len(eclipse.SPECIES)],
            "reputation": bag[i::n][:5],
            "ambassadors": 3,
            "hexes": [3] * (board // n + (i < board % n)),
            "discoveries": 3,
            "monoliths": 3,
            "tech": {"military": 7, "grid": 6, "nano": 5},
            "traitor": i == 0,
            "resources": {"money": 999, "science": 999, "materials": 999},
        }
        for i in range(n)
    ]
    return {"ancient_ships_on_board": 21, "players": players}


def ti4_body() -> dict:
    return {
        "target": 14,
        "unrevealed_public_objectives": 0,
        "players": [{"name": f"P{i}", "vp": 9, "initiative": i + 1} for i in range(ti4.MAX_PLAYERS)],
    }


def galaxy_body() -> dict:
    names = [f"P{i}" for i in range(galaxy.MAX_PLAYERS)]
    return {
        "players": names,
        "surviving_worlds": list(WORLDS),
        "bases": [{"player": n, "world": WORLDS[k], "influence": 5} for n in names for k in range(4)],
        "secret_bases": [{"player": n, "world": WORLDS[-1]} for n in names],
        "hands": {n: [{"world": WORLDS[k % 8], "value": k % 11} for k in range(galaxy.MAX_HAND)] for n in names},
        "last_player": names[-1],
    }


def rftg_body() -> dict:
    players = [
        {
            "name": f"P{i}",
            "vp_chips": 30,
            "card_vp": 40,
            "first_goals": list(rftg.FIRST_GOALS[:4]),
            "six_dev_bonus": {"other": 10},
        }
        for i in range(rftg.MAX_PLAYERS)
    ]
    goals = [{"goal": g, "values": {p["name"]: 7 for p in players}} for g in list(rftg.MOST_GOALS)[:2]]
    return {"players": players, "most_goals": goals}


def parsec_body() -> dict:
    full = {k: parsec.MAX_CARDS for k in parsec.RESOURCES}
    return {
        "players": [
            {
                "name": f"P{i}",
                "resources": full,
                "events": {c: 50 for c in parsec.EVENT_VP},
                "units": {u: 60 for u in parsec.UNIT_VP},
                "modules_dominated": 3,
            }
            for i in range(4)
        ]
    }


BODIES = {"eclipse": eclipse_body, "ti4": ti4_body, "galaxy": galaxy_body, "rftg": rftg_body, "parsec": parsec_body}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=300)
    args = parser.parse_args()
    from app import create_app

    client = create_app({"TESTING": True, "INSTANCE_PATH": tempfile.mkdtemp()}).test_client()
    for game, make in BODIES.items():
        body = make()
        response = client.post(f"/api/score/{game}", json=body)
        assert response.status_code == 200, (game, response.get_json())
        timing = measure(lambda: client.post(f"/api/score/{game}", json=body), args.repeat)
        print(f"POST /api/score/{game:8s} largest sheet: median {timing.median:.2f} ms, p95 {timing.p95:.2f} ms")


if __name__ == "__main__":
    main()
