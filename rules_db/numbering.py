"""A rulebook's two numberings: the Italian book's and the English one players cite.

TI4's Italian Compendio numbers its glossary chapters in Italian alphabetical order, the English
Rules Reference in English order: SPACE COMBAT is 23 in one and 78 in the other, while a sub-rule
mostly keeps its place inside the chapter (23.7 is 78.7). ``<game>/numbers.tsv`` lists each Italian
chapter with its English number and both titles; ``<game>/subrule_numbers.tsv`` the sub-rules the
English book moved (it added rules in a few chapters: the Italian 16.1 is the English 1.3). Games
without the files number alike in both languages.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Mapping

FILE = "numbers.tsv"
SUBRULES_FILE = "subrule_numbers.tsv"


@dataclass(frozen=True)
class Chapter:
    it: str  # the Italian chapter number, e.g. "23"
    en: str  # the English Rules Reference number, e.g. "78"
    title_it: str
    title_en: str


@dataclass(frozen=True)
class Numbering:
    chapters: tuple[Chapter, ...] = ()
    moved: Mapping[str, str] = field(default_factory=dict)  # Italian sub-rule -> its English number
    _to_en: Mapping[str, str] = field(default_factory=dict, repr=False)
    _to_it: Mapping[str, str] = field(default_factory=dict, repr=False)
    _moved_back: Mapping[str, str] = field(default_factory=dict, repr=False)

    @classmethod
    def of(cls, chapters: tuple[Chapter, ...], moved: Mapping[str, str] | None = None) -> "Numbering":
        moved = dict(moved or {})
        back: dict[str, str] = {}
        for it, en in moved.items():  # several Italian rules may sit under one English number: the first
            back.setdefault(en, it)
        return cls(chapters, moved, {c.it: c.en for c in chapters}, {c.en: c.it for c in chapters}, back)

    @staticmethod
    def _swap(number: str, table: Mapping[str, str]) -> str | None:
        head, dot, tail = number.partition(".")
        return table[head] + dot + tail if head in table else None

    def english(self, number: str) -> str:
        """The English number of an Italian one ("23.7" -> "78.7"); unmapped numbers stay as they are."""
        if number in self.moved:
            return self.moved[number]
        return self._swap(number, self._to_en) or number if number else ""

    def italian(self, number: str) -> str | None:
        """The Italian number of an English one ("78.7" -> "23.7"), None when the Italian book has
        no such rule (a Prophecy of Kings chapter, or a sub-rule only the English book added)."""
        if number in self._moved_back:
            return self._moved_back[number]
        found = self._swap(number, self._to_it)
        return None if found in self.moved else found  # that Italian rule has another English number


def _rows(path: Path) -> list[list[str]]:
    if not path.is_file():
        return []
    lines = path.read_text(encoding="utf-8").splitlines()
    return [line.split("\t") for line in lines if line.strip() and not line.startswith("#")]


def read(folder: Path) -> Numbering:
    """The game's number map, or an empty one (same numbers in both languages) without the files."""
    chapters = tuple(Chapter(it, en, title_it, title_en) for it, en, title_it, title_en in _rows(folder / FILE))
    return Numbering.of(chapters, {it: en for it, en in _rows(folder / SUBRULES_FILE)})
