"""Parsec: timed-variant points and the two victory conditions ("Modalità di vittoria").

When time runs out with no economic or military victory, each unplayed resource card scores 1,
each event card by colour (green 1, yellow 2, red 3, purple 4) and each unit on the board by type
(colony 4, cargo 3, fighter 3, armored transport 6, cruiser 8), a faction may change those unit
values ("Variante a Tempo"). A victory condition met wins outright: 10 colonies with at least 6
cards of each resource, or being the only one with a military ship on at least half the board's
modules. The absolute-victory variant asks for both.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from engine.core.reasons import InvalidInput, Reason
from engine.core import checks
from engine.core.sheet import Line, PlayerScore, Standing, cited, standing

RULE_TIMED = "parsec/variante-a-tempo"
RULE_VICTORY = "parsec/modalita-di-vittoria"
RULE_ECONOMIC = "parsec/vittoria-economica"
RULE_MILITARY = "parsec/vittoria-militare"
RULE_ABSOLUTE = "parsec/variante-vittoria-assoluta"
RULE_BOARD = "parsec/preparazione-del-tabellone"

RESOURCES = ("titanium", "gold", "energy")
EVENT_VP = {"green": 1, "yellow": 2, "red": 3, "purple": 4}  # Variante a Tempo
UNIT_VP = {"colony": 4, "cargo": 3, "fighter": 3, "armored_transport": 6, "cruiser": 8}  # Variante a Tempo
MODULES = {2: 6, 3: 12, 4: 12}  # board modules by player count (Preparazione del Tabellone)
ECONOMIC_COLONIES = 10
ECONOMIC_EACH_RESOURCE = 6
MIN_PLAYERS, MAX_PLAYERS = 2, 4
# Input limits, not rules.
MAX_CARDS = 200
MAX_UNITS = 60
MAX_UNIT_VALUE = 50

CODES = frozenset(
    {
        "parsec_resources",
        "parsec_events",
        "parsec_units",
        "parsec_economic_victory",
        "parsec_military_victory",
        "parsec_absolute_victory",
        "parsec_absolute_military_only",
        "parsec_absolute_economic_only",
        "parsec_several_victories",
        "tie_unbroken",
    }
)
# The absolute variant's verdict on a player who holds one victory of the two it asks for.
_ONE_OF_TWO = {
    "parsec_economic_victory": "parsec_absolute_economic_only",
    "parsec_military_victory": "parsec_absolute_military_only",
}
ERROR_CODES = frozenset({"modules_exceed_board", "unknown_kind"})


@dataclass(frozen=True)
class ParsecPlayer:
    name: str
    resources: Mapping[str, int] = field(default_factory=dict)  # titanium, gold, energy in hand
    events: Mapping[str, int] = field(default_factory=dict)  # event cards by colour, played or not
    units: Mapping[str, int] = field(default_factory=dict)  # units on the board by type
    unit_values: Mapping[str, int] = field(default_factory=dict)  # faction overrides of UNIT_VP
    modules_dominated: int = 0  # modules where only this player has a military ship


def _validate(players: tuple[ParsecPlayer, ...]) -> int:
    checks.player_names([p.name for p in players], "players", MIN_PLAYERS, MAX_PLAYERS, RULE_BOARD)
    modules = MODULES[len(players)]
    for i, p in enumerate(players):
        at = f"players[{i}]"
        for group, known in (
            ("resources", RESOURCES),
            ("events", EVENT_VP),
            ("units", UNIT_VP),
            ("unit_values", UNIT_VP),
        ):
            for key in getattr(p, group):
                checks.choice(key, f"{at}.{group}.{key}", tuple(known), "unknown_kind")
        for key, n in p.resources.items():
            checks.count(n, f"{at}.resources.{key}", MAX_CARDS)
        for key, n in p.events.items():
            checks.count(n, f"{at}.events.{key}", MAX_CARDS)
        for key, n in p.units.items():
            checks.count(n, f"{at}.units.{key}", MAX_UNITS)
        for key, n in p.unit_values.items():
            checks.count(n, f"{at}.unit_values.{key}", MAX_UNIT_VALUE, rule=RULE_TIMED)
        checks.count(p.modules_dominated, f"{at}.modules_dominated", modules, rule=RULE_MILITARY)
    if sum(p.modules_dominated for p in players) > modules:
        # Dominating a module means being alone there with a military ship: one player per module.
        raise InvalidInput("modules_exceed_board", field="players", rule=RULE_MILITARY, modules=modules)
    return modules


def _lines(p: ParsecPlayer) -> tuple[Line, ...]:
    lines = []
    cards = sum(p.resources.values())
    if cards:
        lines.append(Line("parsec_resources", cards, RULE_TIMED, {"count": cards, "each": 1}))
    for colour, each in EVENT_VP.items():
        if n := p.events.get(colour, 0):
            lines.append(Line("parsec_events", n * each, RULE_TIMED, {"colour": colour, "count": n, "each": each}))
    for unit, base in UNIT_VP.items():
        if n := p.units.get(unit, 0):
            each = p.unit_values.get(unit, base)
            lines.append(
                Line(
                    "parsec_units",
                    n * each,
                    RULE_TIMED,
                    {"unit": unit, "count": n, "each": each, "faction": each != base},
                )
            )
    return tuple(lines)


def victories(p: ParsecPlayer, modules: int, absolute: bool) -> tuple[Reason, ...]:
    """The victory conditions this player meets, each with the numbers that meet it."""
    colonies = p.units.get("colony", 0)
    held = {r: p.resources.get(r, 0) for r in RESOURCES}
    economic = colonies >= ECONOMIC_COLONIES and all(v >= ECONOMIC_EACH_RESOURCE for v in held.values())
    military = 2 * p.modules_dominated >= modules
    if absolute:
        if economic and military:
            return (
                Reason(
                    "parsec_absolute_victory",
                    RULE_ABSOLUTE,
                    {"player": p.name, "colonies": colonies, "modules": p.modules_dominated, "board": modules},
                ),
            )
        return ()
    found = []
    if economic:
        found.append(Reason("parsec_economic_victory", RULE_ECONOMIC, {"player": p.name, "colonies": colonies, **held}))
    if military:
        found.append(
            Reason(
                "parsec_military_victory",
                RULE_MILITARY,
                {"player": p.name, "modules": p.modules_dominated, "board": modules},
            )
        )
    return tuple(found)


def score(players: list[ParsecPlayer] | tuple[ParsecPlayer, ...], absolute: bool = False) -> Standing:
    """A victory condition decides the game; otherwise the timed-variant points do.

    The rulebook gives no tie-break for the timed count, so a tie stays shared. In the absolute
    victory variant only both victories at once end the game: without them it goes on. When several
    players meet a victory condition on the sheet, only the table knows who met it first in their
    own turn: the answer names them and leaves the winner open.
    """
    players = tuple(players)
    modules = _validate(players)
    sheets = [PlayerScore(p.name, _lines(p)) for p in players]
    won = [(p.name, v) for p in players if (v := victories(p, modules, absolute))]
    if not won and absolute:
        # Only both victories at once end this variant's game (it has no timed end): meanwhile
        # the sheet says who holds one of the two.
        halves = tuple(
            Reason(_ONE_OF_TWO[found[0].code], RULE_ABSOLUTE, {"player": p.name})
            for p in players
            if len(found := victories(p, modules, False)) == 1
        )
        return Standing(
            tuple(sheets), None, verdicts=halves, game_over=False, rules=cited([RULE_ABSOLUTE], sheets, *halves)
        )
    if not won:
        return standing(sheets, [], RULE_TIMED)
    verdicts = tuple(r for _, found in won for r in found)
    if len(won) == 1:
        return Standing(tuple(sheets), won[0][0], verdicts=verdicts, rules=cited([RULE_VICTORY], sheets, *verdicts))
    several = Reason("parsec_several_victories", RULE_VICTORY, {"players": [name for name, _ in won]})
    return Standing(
        tuple(sheets),
        None,
        tuple(name for name, _ in won),
        several,
        verdicts=verdicts,
        rules=cited([RULE_VICTORY], sheets, *verdicts),
    )
