"""A rulebook's two numberings: the Italian book's and the English one players cite.

TI4's Italian Compendio numbers its glossary chapters in Italian alphabetical order, the English
Rules Reference in English order: SPACE COMBAT is 23 in one and 78 in the other, while a sub-rule
keeps its place inside the chapter (23.7 is 78.7). ``<game>/numbers.tsv`` lists each Italian
chapter with its English number and both titles; games without the file number alike in both.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Mapping

FILE = "numbers.tsv"


@dataclass(frozen=True)
class Chapter:
    it: str  # the Italian chapter number, e.g. "23"
    en: str  # the English Rules Reference number, e.g. "78"
    title_it: str
    title_en: str


@dataclass(frozen=True)
class Numbering:
    chapters: tuple[Chapter, ...] = ()
    _to_en: Mapping[str, str] = field(default_factory=dict, repr=False)
    _to_it: Mapping[str, str] = field(default_factory=dict, repr=False)

    @classmethod
    def of(cls, chapters: tuple[Chapter, ...]) -> "Numbering":
        return cls(chapters, {c.it: c.en for c in chapters}, {c.en: c.it for c in chapters})

    @staticmethod
    def _swap(number: str, table: Mapping[str, str]) -> str | None:
        head, dot, tail = number.partition(".")
        return table[head] + dot + tail if head in table else None

    def english(self, number: str) -> str:
        """The English number of an Italian one ("23.7" -> "78.7"); unmapped numbers stay as they are."""
        return self._swap(number, self._to_en) or number if number else ""

    def italian(self, number: str) -> str | None:
        """The Italian number of an English one ("78.7" -> "23.7"), None when no chapter has it."""
        return self._swap(number, self._to_it)


def read(folder: Path) -> Numbering:
    """The game's number map, or an empty one (same numbers in both languages) without the file."""
    path = folder / FILE
    if not path.is_file():
        return Numbering()
    chapters = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            it, en, title_it, title_en = line.split("\t")
            chapters.append(Chapter(it, en, title_it, title_en))
    return Numbering.of(tuple(chapters))
