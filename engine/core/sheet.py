"""The shape every score sheet answers with, and the tie-break ladder they all share.

A breakdown line is a code plus numbers, never a sentence: the web layer words it in the reader's
language and links ``rule`` to the paragraph that grants (or takes away) the points, so an
argument at the table ends by reading the rule.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from engine.core.reasons import Reason


@dataclass(frozen=True)
class Line:
    """One reason a player's total moved: ``points`` earned (or lost) under ``rule``."""

    code: str
    points: int
    rule: str
    params: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class PlayerScore:
    name: str
    lines: tuple[Line, ...]

    @property
    def total(self) -> int:
        return sum(line.points for line in self.lines)


@dataclass(frozen=True)
class TieBreak:
    """One rung of a game's tie-break ladder: the value each player compares, higher wins.

    ``lower_wins`` serves rules such as TI4's initiative order, where the smaller number comes first.
    """

    code: str
    rule: str
    values: Mapping[str, int]
    lower_wins: bool = False


@dataclass(frozen=True)
class Standing:
    """A finished sheet: breakdowns, the winner and how the winner was decided.

    ``winner`` is ``None`` when the rules leave first place shared (``co_winners`` then names
    everyone sharing it) or, for TI4's running tracker, while the game is still going.
    ``tie_break`` is the rung that separated tied leaders, or ``tie_unbroken`` when none could;
    ``narrowed_by`` the rungs walked before it, which left several still tied (Galaxy's hand value
    before who played last), so a table can see why a third player dropped out.
    ``verdicts`` holds game-level findings (game over, a victory condition met).
    """

    players: tuple[PlayerScore, ...]
    winner: str | None
    co_winners: tuple[str, ...] = ()
    tie_break: Reason | None = None
    narrowed_by: tuple[Reason, ...] = ()
    verdicts: tuple[Reason, ...] = ()
    game_over: bool = True
    rules: tuple[str, ...] = ()

    def player(self, name: str) -> PlayerScore:
        return next(p for p in self.players if p.name == name)


def leaders(totals: Mapping[str, int]) -> list[str]:
    """Everyone on the highest total, in sheet order."""
    best = max(totals.values())
    return [name for name, total in totals.items() if total == best]


def break_ties(
    tied: Sequence[str], ladder: Sequence[TieBreak], unbroken_rule: str
) -> tuple[str | None, tuple[str, ...], Reason | None, tuple[Reason, ...]]:
    """Walk the ladder until one tied player remains.

    Returns ``(winner, co_winners, tie_break, narrowed_by)``: the deciding rung (or
    ``tie_unbroken``) and the rungs walked before it. Each reason's params show the compared
    values of the players still tied at that rung, so the page can print "12 against 9".
    """
    if len(tied) == 1:
        return tied[0], (), None, ()
    remaining = list(tied)
    walked: list[Reason] = []
    for rung in ladder:
        compared = {name: rung.values[name] for name in remaining}
        best = (min if rung.lower_wins else max)(compared.values())
        walked.append(Reason(rung.code, rung.rule, {"values": compared}))
        remaining = [name for name in remaining if compared[name] == best]
        if len(remaining) == 1:
            return remaining[0], (), walked[-1], tuple(walked[:-1])
    unbroken = Reason("tie_unbroken", unbroken_rule, {"players": list(remaining)})
    return None, tuple(remaining), unbroken, tuple(walked)


def cited(first: Sequence[str], players: Sequence[PlayerScore], *reasons: Reason | None) -> tuple[str, ...]:
    """Every section the answer rests on, once each: the scoring rule, each line's, each verdict's."""
    ids = list(first)
    ids += [line.rule for p in players for line in p.lines]
    ids += [r.rule for r in reasons if r is not None]
    return tuple(dict.fromkeys(ids))


def standing(players: Sequence[PlayerScore], ladder: Sequence[TieBreak], scoring_rule: str) -> Standing:
    """Totals, then the tie-break ladder among the leaders: the usual end of a scored game. A
    sheet without a single line is one nobody has filled in yet: it names no winner, shared or not."""
    if not any(p.lines for p in players):
        return Standing(tuple(players), None, rules=(scoring_rule,))
    totals = {p.name: p.total for p in players}
    winner, co_winners, tie_break, narrowed = break_ties(leaders(totals), ladder, scoring_rule)
    return Standing(
        tuple(players),
        winner,
        co_winners,
        tie_break,
        narrowed,
        rules=cited([scoring_rule], players, tie_break, *narrowed),
    )
