"""Time the heaviest inputs of the three small combat engines; print median and p95 (ms)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.timing import measure  # noqa: E402
from engine.galaxy.combat import MAX_OPPORTUNITIES, Attacker, BaseTarget, ShipTarget, attack_sequence  # noqa: E402
from engine.parsec.combat import MAX_ATTACKERS, AttackingShip, Defender, Modifiers, combat_odds  # noqa: E402
from engine.rftg.conquest import MAX_TABLEAU, conquest_check  # noqa: E402


def _measure(name: str, call, runs: int = 30) -> None:
    timing = measure(call, runs)
    print(f"{name:62s} median {timing.median:8.2f} ms   p95 {timing.p95:8.2f} ms")


def main() -> None:
    n = MAX_OPPORTUNITIES
    ships = [ShipTarget(6 + i % 5, has_governor=i % 2 == 0, phaser_banks=i % 4 == 0) for i in range(n)]
    _measure("galaxy: 9 attacks, 9 different ships", lambda: attack_sequence(Attacker(8), ships, n, "different"))
    mixed = [ShipTarget(10), ShipTarget(9), BaseTarget(), BaseTarget(True)]
    _measure("galaxy: 9 attacks, same plan, ships then bases", lambda: attack_sequence(Attacker(7), mixed, n))
    # The most a target can face (MAX_ATTACKERS): two fighters on each of its six neighbours and a
    # cruiser on each of the twelve hexes of the next ring (their +36 wins every first roll; the
    # chain behind it is computed all the same).
    attackers = [AttackingShip("fighter", 1)] * 12 + [AttackingShip("cruiser", 2)] * 12
    assert len(attackers) == MAX_ATTACKERS
    _measure(
        f"parsec: {len(attackers)} coordinated attackers, fight to the end",
        lambda: combat_odds(attackers, Defender("cruiser", surrounded=True), Modifiers(attack=-10, defense=10)),
    )
    _measure(
        f"parsec: {len(attackers)} attackers vs 7 linked colonies",
        lambda: combat_odds(attackers, Defender("colony", linked_colonies=7), Modifiers(attack=-10, defense=10)),
    )
    _measure(
        f"parsec: {len(attackers)} attackers withdraw after the first counterattack",
        lambda: combat_odds(
            attackers, Defender("cruiser"), Modifiers(attack=-10, defense=10), attacker_choice="withdraw"
        ),
    )
    _measure("rftg: 20-card tableau", lambda: conquest_check(9, [1, -1] * (MAX_TABLEAU // 2), 2, True, True, 5))


if __name__ == "__main__":
    main()
