"""Codes the calculators answer with, instead of words.

The engine never speaks a language: a refusal or a verdict carries a ``code`` (stable, for
programs and tests), the section id of the rule it rests on, and the numbers a message needs.
The web layer turns codes into Italian or English sentences.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping


@dataclass(frozen=True)
class Reason:
    """One reason behind a verdict: what (``code``), why (``rule``, a section id) and details."""

    code: str
    rule: str
    params: Mapping[str, Any] = field(default_factory=dict)


class InvalidInput(ValueError):
    """Input the rules forbid or the calculator cannot take; the web layer answers 422.

    ``field`` names the offending input as a path (``attacker.ships[0].count``) so the user
    sees where to look; ``rule`` is the section id of the rule broken, when one applies.
    """

    def __init__(self, code: str, field: str | None = None, rule: str | None = None, **params: Any):
        super().__init__(f"{code} ({field})" if field else code)
        self.code = code
        self.field = field
        self.rule = rule
        self.params = params
