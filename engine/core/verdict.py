"""The answer for one retreat destination, shared by the three games' checkers."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from engine.core.reasons import Reason


@dataclass(frozen=True)
class Verdict:
    """Whether ``destination`` is legal, and the reasons (each with its rule) when it is not.

    ``notes`` are facts that do not forbid the destination but change what happens there
    (a die roll, where a command token comes from); ``details`` carries game-specific numbers.
    """

    destination: str
    reasons: tuple[Reason, ...] = ()
    notes: tuple[Reason, ...] = ()
    details: Mapping[str, Any] = field(default_factory=dict)

    @property
    def legal(self) -> bool:
        return not self.reasons

    @property
    def rules(self) -> tuple[str, ...]:
        """Every section id this verdict rests on, in first-cited order, without repeats."""
        return unique_rules(self.reasons + self.notes)


def unique_rules(reasons: tuple[Reason, ...], *lead: str) -> tuple[str, ...]:
    """``lead`` ids then the rules of ``reasons``, each once, in first-seen order."""
    return tuple(dict.fromkeys(list(lead) + [r.rule for r in reasons]))
