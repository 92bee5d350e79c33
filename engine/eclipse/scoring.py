"""Eclipse victory points at the end of round 9 (rulebook "FINE DELLA PARTITA" and species pages).

The list of what scores, the technology-track table and the resource tie-break all come from the
rulebook's end-of-game paragraph; the two species bonuses come from the Planta and Descendants of
Draco pages. Only what the sheet is told is scored: the calculator cannot see the board.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.core.reasons import InvalidInput
from engine.core import checks
from engine.core.sheet import Line, PlayerScore, Standing, TieBreak, standing

from .species import SPECIES  # the species ids, one list for every Eclipse tool

RULE_END = "eclipse/fine-della-partita"
RULE_PLANTA = "eclipse/planta"
RULE_DRACO = "eclipse/discendenti-di-draco"
RULE_TRAITOR = "eclipse/interrompere-i-rapporti-diplomatici"
RULE_AMBASSADORS = "eclipse/rapporti-diplomatici"
RULE_DIPLOMACY = "eclipse/diplomazia"
RULE_BUILD = "eclipse/costruzione"
RULE_PLAYERS = "eclipse/materiali-del-giocatore"
RULE_TOKENS = "eclipse/segnalini"
RULE_OUTER_SECTORS = "eclipse/settori-esterni"
RULE_ERIDANI = "eclipse/impero-eridani"
RULE_REPUTATION_TILES = "eclipse/segnalini-reputazione"
RULE_SPECIES = "eclipse/specie-aliene"

# Species a sheet may name; the six Terran factions score alike, so one id covers them.
TRACKS = ("military", "grid", "nano")
RESOURCES = ("money", "science", "materials")

MIN_PLAYERS, MAX_PLAYERS = 2, 6  # six player colours (MATERIALI DEL GIOCATORE)
# FINE DELLA PARTITA: tiles on one technology track -> VP; fewer than 4 tiles score nothing.
TECH_TRACK_VP = {4: 1, 5: 2, 6: 3, 7: 5}
MAX_TRACK_TILES = 7  # the track's last space is the 7th tile
REPUTATION_VALUES = (1, 4)  # "Segnalini Reputazione (1-4 PV per segnalino)"
HEX_VALUES = (1, 4)  # "Esagoni con un Gettone Influenza (1-4 PV per esagono)"
DISCOVERY_VP = 2
MONOLITH_VP = 3
TRAITOR_VP = -2
AMBASSADOR_VP = 1
AMBASSADOR_TILES = 3  # of each colour (MATERIALI DEL GIOCATORE); each one held is one given away
DIPLOMACY_MIN_PLAYERS = 4  # diplomacy is not used with two or three players (DIPLOMAZIA)
# Component counts (SEGNALINI): 21 discovery tiles, 21 Ancient ships.
MAX_DISCOVERIES = 21
MAX_ANCIENTS = 21
# DISTRIBUZIONE DEI SEGNALINI REPUTAZIONE: how many tiles of each value the bag holds (32).
REPUTATION_TILES = {4: 4, 3: 7, 2: 9, 1: 12}
# Input limits, not rules: generous caps so a sheet cannot drive unbounded work.
MAX_REPUTATION_TILES = 8
# A controlled hex holds one of the player's influence discs: 16 a colour (MATERIALI DEL
# GIOCATORE), two fewer for the Eridani; 22 Orbital / Monolith tokens between all players
# (SEGNALINI). The most hexes on the board: areas I and II lie "in cerchio attorno all'esagono del
# Centro" (ESPLORAZIONE), 6 and 12 spaces, the starting sectors among the 12 (two hexes from the
# Center); area III takes the outer sectors the player count sets (SETTORI ESTERNI).
MAX_HEXES = 16
ERIDANI_HEXES = 14
CENTER_HEXES, RING_I_SPACES, RING_II_SPACES = 1, 6, 12
OUTER_HEXES = {2: 5, 3: 10, 4: 14, 5: 16, 6: 18}


def board_hexes(players: int) -> int:
    """The most hexes the board holds with this many players, between all of them."""
    return CENTER_HEXES + RING_I_SPACES + RING_II_SPACES + OUTER_HEXES[players]


MAX_BOARD_HEXES = board_hexes(MAX_PLAYERS)
BOX_MONOLITHS = 22
MAX_RESOURCES = 999

CODES = frozenset(
    {
        "eclipse_reputation",
        "eclipse_ambassadors",
        "eclipse_hexes",
        "eclipse_discoveries",
        "eclipse_monoliths",
        "eclipse_tech_track",
        "eclipse_traitor",
        "eclipse_planta_hexes",
        "eclipse_draco_ancients",
        "eclipse_resources",
        "tie_unbroken",
    }
)
ERROR_CODES = frozenset(
    {
        "unknown_species",
        "diplomacy_unused",
        "traitor_twice",
        "monoliths_exceed_hexes",
        "discoveries_exceed_components",
        "reputation_exceeds_components",
        "ambassadors_not_mutual",
        "hexes_exceed_components",
        "hexes_exceed_discs",
        "monoliths_exceed_components",
        "species_taken",
    }
)


@dataclass(frozen=True)
class Tech:
    military: int = 0
    grid: int = 0
    nano: int = 0


@dataclass(frozen=True)
class Storage:
    money: int = 0
    science: int = 0
    materials: int = 0

    @property
    def total(self) -> int:
        return self.money + self.science + self.materials


@dataclass(frozen=True)
class EclipsePlayer:
    name: str
    species: str = "terran"
    reputation: tuple[int, ...] = ()
    ambassadors: int = 0
    hexes: tuple[int, ...] = ()  # VP printed on each controlled hex
    discoveries: int = 0  # discovery tiles kept VP side up
    monoliths: int = 0  # monoliths on controlled hexes
    tech: Tech = field(default_factory=Tech)
    traitor: bool = False
    resources: Storage = field(default_factory=Storage)


def tech_track_vp(tiles: int) -> int:
    """VP for one technology track: 4 tiles = 1, 5 = 2, 6 = 3, 7 = 5 (FINE DELLA PARTITA)."""
    return TECH_TRACK_VP.get(tiles, 0)


def _validate(players: tuple[EclipsePlayer, ...], ancient_ships_on_board: int) -> None:
    checks.player_names([p.name for p in players], "players", MIN_PLAYERS, MAX_PLAYERS, RULE_PLAYERS)
    checks.count(ancient_ships_on_board, "ancient_ships_on_board", MAX_ANCIENTS, rule=RULE_TOKENS)
    diplomacy = len(players) >= DIPLOMACY_MIN_PLAYERS
    for i, p in enumerate(players):
        at = f"players[{i}]"
        checks.choice(p.species, f"{at}.species", SPECIES, "unknown_species")
        checks.at_most(p.reputation, f"{at}.reputation", MAX_REPUTATION_TILES)
        for j, value in enumerate(p.reputation):
            checks.count(
                value, f"{at}.reputation[{j}]", REPUTATION_VALUES[1], minimum=REPUTATION_VALUES[0], rule=RULE_END
            )
        # With two or three players no value but none is possible: the rule that says so, not a range.
        if not diplomacy and p.ambassadors:
            raise InvalidInput("diplomacy_unused", field=f"{at}.ambassadors", rule=RULE_DIPLOMACY)
        if not diplomacy and p.traitor:
            raise InvalidInput("diplomacy_unused", field=f"{at}.traitor", rule=RULE_DIPLOMACY)
        # One from each other player at most, and each one received costs one of your own three.
        checks.count(p.ambassadors, f"{at}.ambassadors", min(len(players) - 1, AMBASSADOR_TILES), rule=RULE_AMBASSADORS)
        discs = ERIDANI_HEXES if p.species == "eridani" else MAX_HEXES
        if len(p.hexes) > discs:  # each controlled hex holds one of the colour's influence discs
            rule = RULE_ERIDANI if p.species == "eridani" else RULE_PLAYERS
            raise InvalidInput("hexes_exceed_discs", field=f"{at}.hexes", rule=rule, maximum=discs)
        for j, value in enumerate(p.hexes):
            checks.count(value, f"{at}.hexes[{j}]", HEX_VALUES[1], minimum=HEX_VALUES[0], rule=RULE_END)
        checks.count(p.discoveries, f"{at}.discoveries", MAX_DISCOVERIES, rule=RULE_TOKENS)
        checks.count(p.monoliths, f"{at}.monoliths", MAX_HEXES)
        if p.monoliths > len(p.hexes):
            # One monolith per hex, and only those on controlled hexes score.
            raise InvalidInput("monoliths_exceed_hexes", field=f"{at}.monoliths", rule=RULE_BUILD, hexes=len(p.hexes))
        for track in TRACKS:
            checks.count(getattr(p.tech, track), f"{at}.tech.{track}", MAX_TRACK_TILES, rule=RULE_END)
        for resource in RESOURCES:
            checks.count(getattr(p.resources, resource), f"{at}.resources.{resource}", MAX_RESOURCES)
    in_play = board_hexes(len(players))
    if sum(len(p.hexes) for p in players) > in_play:
        raise InvalidInput(
            "hexes_exceed_components", field="players", rule=RULE_OUTER_SECTORS, maximum=in_play, players=len(players)
        )
    if sum(p.monoliths for p in players) > BOX_MONOLITHS:
        raise InvalidInput("monoliths_exceed_components", field="players", rule=RULE_TOKENS, maximum=BOX_MONOLITHS)
    if sum(p.discoveries for p in players) > MAX_DISCOVERIES:
        raise InvalidInput("discoveries_exceed_components", field="players", rule=RULE_TOKENS, maximum=MAX_DISCOVERIES)
    for value, made in REPUTATION_TILES.items():
        if sum(p.reputation.count(value) for p in players) > made:
            raise InvalidInput(
                "reputation_exceeds_components", field="players", rule=RULE_REPUTATION_TILES, value=value, maximum=made
            )
    if not _mutual([p.ambassadors for p in players]):
        raise InvalidInput("ambassadors_not_mutual", field="players", rule=RULE_AMBASSADORS)
    chosen: dict[str, int] = {}
    for i, p in enumerate(players):
        # One board per alien species; the six Terran factions share the one id.
        if p.species != "terran" and chosen.setdefault(p.species, i) != i:
            raise InvalidInput("species_taken", field=f"players[{i}].species", rule=RULE_SPECIES)
    holders = [i for i, p in enumerate(players) if p.traitor]
    if len(holders) > 1:
        raise InvalidInput("traitor_twice", field=f"players[{holders[1]}].traitor", rule=RULE_TRAITOR)


def _mutual(held: list[int]) -> bool:
    """Whether each player's ambassadors can come from relations that are all mutual (in a
    relation each gives the other one of theirs, RAPPORTI DIPLOMATICI): the counts must be the
    degrees of a simple graph on the players, which the Erdős–Gallai inequalities decide."""
    degrees = sorted(held, reverse=True)
    if sum(degrees) % 2:
        return False
    n = len(degrees)
    for k in range(1, n + 1):
        if sum(degrees[:k]) > k * (k - 1) + sum(min(d, k) for d in degrees[k:]):
            return False
    return True


def _lines(p: EclipsePlayer, ancient_ships_on_board: int) -> tuple[Line, ...]:
    lines: list[Line] = []
    if p.reputation:
        lines.append(Line("eclipse_reputation", sum(p.reputation), RULE_END, {"tiles": list(p.reputation)}))
    if p.ambassadors:
        lines.append(
            Line("eclipse_ambassadors", p.ambassadors * AMBASSADOR_VP, RULE_AMBASSADORS, {"count": p.ambassadors})
        )
    if p.hexes:
        lines.append(Line("eclipse_hexes", sum(p.hexes), RULE_END, {"count": len(p.hexes), "values": list(p.hexes)}))
    if p.discoveries:
        lines.append(
            Line(
                "eclipse_discoveries",
                p.discoveries * DISCOVERY_VP,
                RULE_END,
                {"count": p.discoveries, "each": DISCOVERY_VP},
            )
        )
    if p.monoliths:
        lines.append(
            Line("eclipse_monoliths", p.monoliths * MONOLITH_VP, RULE_END, {"count": p.monoliths, "each": MONOLITH_VP})
        )
    for track in TRACKS:
        tiles = getattr(p.tech, track)
        if tiles:
            lines.append(Line("eclipse_tech_track", tech_track_vp(tiles), RULE_END, {"track": track, "tiles": tiles}))
    if p.traitor:
        lines.append(Line("eclipse_traitor", TRAITOR_VP, RULE_TRAITOR))
    if p.species == "planta" and p.hexes:
        lines.append(Line("eclipse_planta_hexes", len(p.hexes), RULE_PLANTA, {"count": len(p.hexes)}))
    if p.species == "draco" and ancient_ships_on_board:
        lines.append(
            Line("eclipse_draco_ancients", ancient_ships_on_board, RULE_DRACO, {"count": ancient_ships_on_board})
        )
    return tuple(lines)


def score(players: list[EclipsePlayer] | tuple[EclipsePlayer, ...], ancient_ships_on_board: int = 0) -> Standing:
    """Score every player; ties go to the most money + science + materials in storage."""
    players = tuple(players)
    _validate(players, ancient_ships_on_board)
    sheets = [PlayerScore(p.name, _lines(p, ancient_ships_on_board)) for p in players]
    ladder = [TieBreak("eclipse_resources", RULE_END, {p.name: p.resources.total for p in players})]
    return standing(sheets, ladder, RULE_END)
