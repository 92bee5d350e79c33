"""How much of a rulebook's source text survives in its sections.

The rules database promises never to lose a sentence of the rulebooks. This measures it: every
source line longer than ``MIN_CHARS`` characters must appear, after the same light normalisation,
somewhere in the game's Italian titles and bodies.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from rules_db.loader import ROOT, RulesDB

MIN_CHARS = 40
_MARKUP_RE = re.compile(r"<[^>]+>|\*\*|\*|__|`")
_LEAD_RE = re.compile(r"^(?:[-#>]+\s*)+")
_SPACE_RE = re.compile(r"\s+")
# A rule's own number (TI4's "23.7 ") lives in the section's metadata, not in its body.
_NUMBER_RE = re.compile(r"^\d+(?:\.\d+)+\s+")


def normalise(text: str) -> str:
    """Drop Markdown emphasis, leading bullets and heading marks; fold white space."""
    lines = (_LEAD_RE.sub("", _MARKUP_RE.sub("", line).strip()) for line in text.splitlines())
    return _SPACE_RE.sub(" ", " ".join(lines)).strip()


@dataclass(frozen=True)
class Coverage:
    game: str
    total: int
    kept: int
    missing: tuple[str, ...]

    @property
    def ratio(self) -> float:
        return self.kept / self.total if self.total else 1.0


def measure(db: RulesDB, game: str, root: Path = ROOT) -> Coverage:
    source = (root / "sources" / db.games[game].source).read_text(encoding="utf-8")
    corpus = normalise("\n".join(f"{s.title_it}\n{s.body_it}" for s in db.by_game(game)))
    lines = [_NUMBER_RE.sub("", normalise(line)) for line in source.splitlines()]
    lines = [line for line in lines if len(line) > MIN_CHARS]
    missing = tuple(line for line in lines if line not in corpus)
    return Coverage(game, len(lines), len(lines) - len(missing), missing)
