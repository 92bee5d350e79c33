"""Twilight Imperium 4 victory point tracker: who has won, and whether the game is over.

TI4 has no end-of-game count: the game stops the moment someone reaches 10 points (14 on the long
side of the track, rule 61.2), or when the speaker cannot reveal a public objective (20.15, 36.2,
61.8). Simultaneous winners, and ties on the objective ending, go to the first player in
initiative order (61.7, 61.8); with no strategy cards in play, 61.7 counts clockwise from the
speaker instead. An eliminated player takes no further part (32): the sheet keeps their column,
but they neither win nor break ties, and an eliminated speaker's token passes to the left (32.8).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.reasons import InvalidInput, Reason
from engine.core import checks
from engine.core.sheet import Line, PlayerScore, Standing, TieBreak, break_ties, cited, leaders

RULE_VP = "ti4/61"
RULE_TRACK_SIDE = "ti4/61.2"
RULE_MAX_VP = "ti4/61.4"
RULE_SIMULTANEOUS = "ti4/61.7"
RULE_NO_OBJECTIVE = "ti4/61.8"
RULE_LAST_OBJECTIVE = "ti4/20.15"
RULE_INITIATIVE = "ti4/55"
RULE_STRATEGY_CARDS = "ti4/21.5"
RULE_SETUP = "ti4/preparazione-completa-passo-6"
RULE_ELIMINATION = "ti4/32"
RULE_SPEAKER_ELIMINATED = "ti4/32.8"
RULE_ELIMINATED_CARDS = "ti4/32.6"

TARGETS = (10, 14)
MIN_PLAYERS, MAX_PLAYERS = 3, 6  # setup step 6 deals system tiles for three to six players
MIN_INITIATIVE, MAX_INITIATIVE = 0, 8  # eight strategy cards; Naalu's token counts as 0 (55.1)
MAX_UNREVEALED = 8  # 5 + 5 public objectives, 2 revealed at setup (20.13)

CODES = frozenset(
    {
        "ti4_vp",
        "ti4_initiative_order",
        "ti4_speaker_order",
        "ti4_target_reached",
        "ti4_no_objective_left",
        "ti4_eliminated",
        "ti4_speaker_eliminated",
        "tie_unbroken",
    }
)
ERROR_CODES = frozenset(
    {
        "initiative_duplicate",
        "initiative_partial",
        "initiative_required",
        "eliminated_reached_target",
        "unknown_target",
        "everyone_eliminated",
        "eliminated_holds_card",
    }
)


@dataclass(frozen=True)
class TI4Player:
    name: str
    vp: int
    initiative: int | None = None  # strategy card number; None when no cards are held
    eliminated: bool = False  # out of the game (32.1); the column stays for the seating


def _validate(players: tuple[TI4Player, ...], target: int, unrevealed: int | None) -> None:
    checks.player_names([p.name for p in players], "players", MIN_PLAYERS, MAX_PLAYERS, RULE_SETUP)
    if target not in TARGETS:
        raise InvalidInput("unknown_target", field="target", rule=RULE_TRACK_SIDE, choices=list(TARGETS))
    if unrevealed is not None:
        checks.count(unrevealed, "unrevealed_public_objectives", MAX_UNREVEALED, rule=RULE_LAST_OBJECTIVE)
    if all(p.eliminated for p in players):
        raise InvalidInput("everyone_eliminated", field="players", rule=RULE_ELIMINATION)
    seen: dict[int, int] = {}
    for i, p in enumerate(players):
        checks.count(p.vp, f"players[{i}].vp", target, rule=RULE_MAX_VP)
        if p.eliminated and p.initiative is not None:
            raise InvalidInput("eliminated_holds_card", field=f"players[{i}].initiative", rule=RULE_ELIMINATED_CARDS)
        if p.eliminated and p.vp >= target:
            # The game ended the moment the target was reached (61.7): nobody was eliminated after.
            raise InvalidInput(
                "eliminated_reached_target",
                field=f"players[{i}].vp",
                rule=RULE_SIMULTANEOUS if target == 10 else RULE_TRACK_SIDE,
                target=target,
            )
        if p.initiative is not None:
            checks.count(
                p.initiative, f"players[{i}].initiative", MAX_INITIATIVE, minimum=MIN_INITIATIVE, rule=RULE_INITIATIVE
            )
            if p.initiative in seen:
                raise InvalidInput(
                    "initiative_duplicate",
                    field=f"players[{i}].initiative",
                    rule=RULE_STRATEGY_CARDS,
                    initiative=p.initiative,
                )
            seen[p.initiative] = i
    held = [p.initiative is not None for p in players if not p.eliminated]
    if any(held) and not all(held):
        i = next(i for i, p in enumerate(players) if not p.eliminated and p.initiative is None)
        raise InvalidInput("initiative_partial", field=f"players[{i}].initiative", rule=RULE_INITIATIVE)


def track(
    players: list[TI4Player] | tuple[TI4Player, ...], target: int = 10, unrevealed_public_objectives: int | None = None
) -> Standing:
    """Totals, whether the game is over and, if so, the winner.

    Players are listed clockwise starting from the speaker; that order only matters when two
    players reach the target together while no strategy cards are held (61.7).
    ``unrevealed_public_objectives`` = 0 means the status phase has reached its reveal step with
    nothing left to reveal, which ends the game (20.15).
    """
    players = tuple(players)
    _validate(players, target, unrevealed_public_objectives)
    sheets = tuple(PlayerScore(p.name, (Line("ti4_vp", p.vp, RULE_VP, {"target": target}),)) for p in players)
    out = _elimination_notes(players)
    players = tuple(p for p in players if not p.eliminated)  # the columns left, still clockwise
    initiatives = {p.name: p.initiative for p in players if p.initiative is not None}
    have_cards = all(p.initiative is not None for p in players)
    reached = [p.name for p in players if p.vp >= target]
    if reached:
        # 61.7 ends a 10-point game; 61.2 moves the end to 14 on the track's other side.
        ending = Reason(
            "ti4_target_reached",
            RULE_SIMULTANEOUS if target == 10 else RULE_TRACK_SIDE,
            {"target": target, "players": reached},
        )
        tied = reached
        rung = (
            TieBreak("ti4_initiative_order", RULE_SIMULTANEOUS, initiatives, lower_wins=True)
            if have_cards
            else TieBreak(
                "ti4_speaker_order", RULE_SIMULTANEOUS, {p.name: i for i, p in enumerate(players)}, lower_wins=True
            )
        )
    elif unrevealed_public_objectives == 0:
        ending = Reason("ti4_no_objective_left", RULE_NO_OBJECTIVE, {})
        tied = leaders({p.name: p.vp for p in players})
        if len(tied) > 1 and not have_cards:
            # Most VP wins; a tie goes by initiative (61.8), and the reveal step is in the status
            # phase, when every player still holds a card.
            raise InvalidInput("initiative_required", field="players", rule=RULE_NO_OBJECTIVE, players=tied)
        rung = TieBreak("ti4_initiative_order", RULE_NO_OBJECTIVE, initiatives, lower_wins=True)
    else:
        return Standing(
            sheets, None, verdicts=out, game_over=False, rules=cited([RULE_VP, RULE_NO_OBJECTIVE], sheets, *out)
        )
    winner, co_winners, tie_break, _narrowed = break_ties(tied, [rung], RULE_VP)  # one rung: nothing before it
    return Standing(
        sheets,
        winner,
        co_winners,
        tie_break,
        verdicts=(ending, *out),
        game_over=True,
        rules=cited([RULE_VP], sheets, ending, tie_break, *out),
    )


def _elimination_notes(players: tuple[TI4Player, ...]) -> tuple[Reason, ...]:
    """Who is out, and who holds the speaker token when the speaker (the first column) is."""
    eliminated = [p.name for p in players if p.eliminated]
    if not eliminated:
        return ()
    notes = [Reason("ti4_eliminated", RULE_ELIMINATION, {"players": eliminated})]
    if players[0].eliminated:
        speaker = next(p.name for p in players if not p.eliminated)
        notes.append(Reason("ti4_speaker_eliminated", RULE_SPEAKER_ELIMINATED, {"speaker": speaker}))
    return tuple(notes)
