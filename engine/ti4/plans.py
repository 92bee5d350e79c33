"""Plans and round modifiers: what changes from one combat round to the next.

A plan is a decision taken before the battle ("retreat at the start of round 3", "stop after 2
rounds to look at the board"); a round modifier is any effect that adds to a side's combat rolls
in some rounds (rule 49: Morale Boost, nebula-like effects, ...). The battle chain treats rounds
one by one up to ``horizon`` and solves everything after it at once, which is exact because
nothing changes any more after the horizon.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class RoundModifier:
    """Add ``value`` to one side's combat rolls from ``first_round`` to ``last_round`` (None: on)."""

    value: int
    first_round: int = 1
    last_round: int | None = None

    def applies(self, round_number: int) -> bool:
        return self.first_round <= round_number and (self.last_round is None or round_number <= self.last_round)


def total_modifier(modifiers: tuple[RoundModifier, ...], round_number: int) -> int:
    """Sum of the modifiers a side applies in ``round_number`` (rule 49.2: they add up)."""
    return sum(m.value for m in modifiers if m.applies(round_number))


def last_changing_round(modifiers: tuple[RoundModifier, ...]) -> int:
    """The last round whose modifier may differ from later rounds' (0: never changes)."""
    marks = [0]
    for m in modifiers:
        marks.append(m.first_round - 1 if m.last_round is None else m.last_round)
    return max(marks)


def horizon(
    stop_after: int | None, planned_rounds: tuple[int | None, ...], modifier_sets: tuple[tuple[RoundModifier, ...], ...]
) -> int:
    """Rounds that must be stepped one at a time: up to every round a plan (a retreat, a
    reroll) or a modifier names.
    A stop plan cuts the battle there."""
    if stop_after is not None:
        return stop_after
    marks = [0, *(r or 0 for r in planned_rounds), *(last_changing_round(mods) for mods in modifier_sets)]
    return max(marks)
