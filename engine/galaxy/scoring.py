"""Galaxy: The Dark Ages, final influence (chapters 3 "Come Vincere", 9 and 16 of the rulebook).

Influence is the sum of a player's bases on surviving worlds: a visible base is worth 5 above the
galaxy row, then 4, 3, 2, 1 and 0 further down its world's column (chapter 9). At the end every
secret base is revealed and placed above the galaxy row (5), unless its garrison's world
surrendered (lost, chapter 16) or Sensors revealed it at the end (0, chapter 14). Ties: hand value
(ships of surviving worlds count double, technology cards nothing), then the player who played
last (chapter 3).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from engine.core.reasons import InvalidInput
from engine.core import checks
from engine.core.sheet import Line, PlayerScore, Standing, TieBreak, standing
from engine.galaxy.worlds import WORLDS

RULE_WIN = "galaxy/3-come-vincere"
RULE_INFLUENCE = "galaxy/influenza"
RULE_REVEAL = "galaxy/rivelazione"
RULE_SECRET = "galaxy/basi-segrete-azione-a3"
RULE_SURRENDER = "galaxy/16-resa-dei-mondi-fase-3"
RULE_SENSORS = "galaxy/sensors"
RULE_COMPONENTS = "galaxy/2-componenti-del-gioco"
RULE_PLAYERS = "galaxy/1-introduzione"

ALLY = "ally"  # allied ships belong to no world
TECHNOLOGY = "technology"  # technology cards do not count in the hand's value
CARD_KINDS = WORLDS + (ALLY, TECHNOLOGY)

MIN_PLAYERS, MAX_PLAYERS = 2, 5  # "per 2 / 5 giocatori"
BASES_PER_PLAYER = 5  # five base tokens per colour
MAX_INFLUENCE = 5  # above the galaxy row
SECRET_BASE_INFLUENCE = 5  # revealed at the end, placed above the galaxy row
MIN_SURVIVING = 3  # the game ends when only three worlds survive
MAX_SHIP_VALUE = 10
SURVIVOR_MULTIPLIER = 2
MAX_HAND = 120  # the deck's size: an input limit

CODES = frozenset(
    {
        "galaxy_base",
        "galaxy_secret_base",
        "galaxy_secret_base_lost",
        "galaxy_secret_base_sensors",
        "galaxy_sensors_no_influence",
        "galaxy_hand_value",
        "galaxy_played_last",
        "tie_unbroken",
    }
)
ERROR_CODES = frozenset(
    {
        "unknown_world",
        "surviving_worlds_count",
        "unknown_player",
        "duplicate_world",
        "base_on_surrendered_world",
        "too_many_bases",
        "secret_base_twice",
        "technology_has_no_value",
        "last_player_needed",
    }
)


@dataclass(frozen=True)
class Base:
    player: str
    world: str
    influence: int  # 5 above the galaxy row, then 4, 3, 2, 1, 0


@dataclass(frozen=True)
class SecretBase:
    player: str
    world: str  # the garrison ship's world
    revealed_by_sensors_at_end: bool = False


@dataclass(frozen=True)
class Card:
    world: str  # one of WORLDS, "ally" or "technology"
    value: int = 0


@dataclass(frozen=True)
class GalaxySheet:
    players: tuple[str, ...]  # clockwise seating order
    surviving_worlds: tuple[str, ...]
    bases: tuple[Base, ...] = ()
    secret_bases: tuple[SecretBase, ...] = ()
    hands: Mapping[str, tuple[Card, ...]] = field(default_factory=dict)
    last_player: str | None = None


def card_value(card: Card, surviving: tuple[str, ...]) -> int:
    """A card's worth in a tie-break: double for a surviving world's ship, nothing for technology."""
    if card.world == TECHNOLOGY:
        return 0
    return card.value * (SURVIVOR_MULTIPLIER if card.world in surviving else 1)


def _validate(s: GalaxySheet) -> None:
    checks.player_names(s.players, "players", MIN_PLAYERS, MAX_PLAYERS, RULE_PLAYERS, suffix="")
    if not MIN_SURVIVING <= len(s.surviving_worlds) <= len(WORLDS):
        raise InvalidInput(
            "surviving_worlds_count",
            field="surviving_worlds",
            rule=RULE_WIN,
            min=MIN_SURVIVING,
            max=len(WORLDS),
            value=len(s.surviving_worlds),
        )
    for i, world in enumerate(s.surviving_worlds):
        checks.choice(world, f"surviving_worlds[{i}]", WORLDS, "unknown_world")
        if world in s.surviving_worlds[:i]:
            raise InvalidInput("duplicate_world", field=f"surviving_worlds[{i}]", world=world)
    used = {name: 0 for name in s.players}
    for i, b in enumerate(s.bases):
        checks.known_player(b.player, f"bases[{i}].player", s.players)
        checks.choice(b.world, f"bases[{i}].world", WORLDS, "unknown_world")
        if b.world not in s.surviving_worlds:
            # Chapter 16: visible bases on a surrendered world are set aside for good.
            raise InvalidInput(
                "base_on_surrendered_world", field=f"bases[{i}].world", rule=RULE_SURRENDER, world=b.world
            )
        checks.count(b.influence, f"bases[{i}].influence", MAX_INFLUENCE, rule=RULE_INFLUENCE)
        used[b.player] += 1
    secret_owners: set[str] = set()
    for i, secret in enumerate(s.secret_bases):
        checks.known_player(secret.player, f"secret_bases[{i}].player", s.players)
        checks.choice(secret.world, f"secret_bases[{i}].world", WORLDS, "unknown_world")
        if secret.player in secret_owners:
            raise InvalidInput(
                "secret_base_twice", field=f"secret_bases[{i}].player", rule=RULE_SECRET, name=secret.player
            )
        secret_owners.add(secret.player)
        used[secret.player] += 1
    for name in s.players:
        if used[name] > BASES_PER_PLAYER:
            raise InvalidInput(
                "too_many_bases", field="bases", rule=RULE_COMPONENTS, name=name, maximum=BASES_PER_PLAYER
            )
    for name, hand in s.hands.items():
        checks.known_player(name, f"hands.{name}", s.players)
        checks.at_most(hand, f"hands.{name}", MAX_HAND)
        for j, card in enumerate(hand):
            at = f"hands.{name}[{j}]"
            checks.choice(card.world, f"{at}.world", CARD_KINDS, "unknown_world")
            checks.count(card.value, f"{at}.value", MAX_SHIP_VALUE, rule=RULE_COMPONENTS)
            if card.world == TECHNOLOGY and card.value:
                raise InvalidInput("technology_has_no_value", field=f"{at}.value", rule=RULE_WIN)
    if s.last_player is not None:
        checks.known_player(s.last_player, "last_player", s.players)


def _lines(name: str, s: GalaxySheet) -> tuple[Line, ...]:
    lines = [
        Line("galaxy_base", b.influence, RULE_INFLUENCE, {"world": b.world, "influence": b.influence})
        for b in s.bases
        if b.player == name
    ]
    for b in s.secret_bases:
        if b.player != name:
            continue
        if b.world not in s.surviving_worlds:
            lines.append(Line("galaxy_secret_base_lost", 0, RULE_SURRENDER, {"world": b.world}))
        elif b.revealed_by_sensors_at_end:
            lines.append(Line("galaxy_secret_base_sensors", 0, RULE_SENSORS, {"world": b.world}))
        else:
            lines.append(
                Line(
                    "galaxy_secret_base",
                    SECRET_BASE_INFLUENCE,
                    RULE_REVEAL,
                    {"world": b.world, "influence": SECRET_BASE_INFLUENCE},
                )
            )
    # SENSORS: "il giocatore proprietario riceve automaticamente 0 punti influenza, malgrado il
    # valore di qualunque Base rimasta in gioco": the owner's whole influence, not only that base's.
    caught = any(line.code == "galaxy_secret_base_sensors" for line in lines)
    if caught and (held := sum(line.points for line in lines)):
        lines.append(Line("galaxy_sensors_no_influence", -held, RULE_SENSORS, {"influence": held}))
    return tuple(lines)


def _turns_ago(players: tuple[str, ...], last_player: str) -> dict[str, int]:
    """How many turns ago each player last played, counting back anticlockwise from the last one."""
    last = players.index(last_player)
    return {name: (last - i) % len(players) for i, name in enumerate(players)}


def score(s: GalaxySheet) -> Standing:
    """Influence per player; ties broken by hand value, then by who played last.

    That last rung always leaves one winner, so Galaxy has no shared victory: a tie that reaches
    it without ``last_player`` is refused, asking for it, rather than called shared. A sheet with
    no base at all is one nobody has filled in yet (the page shows it blank), not a tie; bases
    that all score 0 are a real (if rare) finished game, and are asked about like any tie."""
    _validate(s)
    sheets = [PlayerScore(name, _lines(name, s)) for name in s.players]
    hand_values = {name: sum(card_value(c, s.surviving_worlds) for c in s.hands.get(name, ())) for name in s.players}
    ladder = [TieBreak("galaxy_hand_value", RULE_WIN, hand_values)]
    if s.last_player is not None:
        ladder.append(TieBreak("galaxy_played_last", RULE_WIN, _turns_ago(s.players, s.last_player), lower_wins=True))
    result = standing(sheets, ladder, RULE_WIN)
    if result.co_winners:  # a blank sheet names none (engine/core/sheet.py)
        raise InvalidInput(
            "last_player_needed", field="last_player", rule=RULE_WIN, players=", ".join(result.co_winners)
        )
    return result
