"""The bilingual glossaries as data for query expansion: Italian <-> English term pairs.

Sources: ``rules_db/glossary/<game>.tsv`` (the games' own terms, shared with the glossary page) and
``everyday_terms.tsv`` beside this module (the plain words of rule questions: enemy, empty, dice).
Each side of a pair is kept as its sequence of index terms, so "Sostenere Danni" matches a query
"sostiene danno" and "Anti-Fighter Barrage" matches "anti fighter barrage".
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Iterable, Sequence

from rules_db.loader import GAMES, ROOT
from rules_db.search.analysis import terms

GLOSSARY_DIR = ROOT / "glossary"
EVERYDAY_TERMS = Path(__file__).resolve().parent / "everyday_terms.tsv"
_WORD_RE = re.compile(r"[^\W\d_]{3,}")


@dataclass(frozen=True)
class TermPair:
    game: str | None  # None: an everyday word, valid for every game
    it: str
    en: str
    it_terms: tuple[str, ...]
    en_terms: tuple[str, ...]

    def side(self, lang: str) -> tuple[str, ...]:
        return self.it_terms if lang == "it" else self.en_terms

    def text(self, lang: str) -> str:
        return self.it if lang == "it" else self.en


def read_pairs(path: Path, game: str | None) -> list[TermPair]:
    """One TSV file: a header line ``it<TAB>en``, then one pair a line; ``#`` lines are comments."""
    pairs = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#") or (number == 1 and line.strip() == "it\ten"):
            continue
        italian, sep, english = line.partition("\t")
        if not sep or not italian.strip() or not english.strip():
            raise ValueError(f"{path.name}:{number}: expected 'Italian<TAB>English'")
        pair = TermPair(
            game, italian.strip(), english.strip(), tuple(terms(italian, "it")), tuple(terms(english, "en"))
        )
        if pair.it_terms and pair.en_terms:
            pairs.append(pair)
    return pairs


@dataclass(frozen=True)
class Glossary:
    pairs: tuple[TermPair, ...]

    def for_game(self, game: str) -> list[TermPair]:
        return [p for p in self.pairs if p.game == game]

    @cached_property
    def words(self) -> frozenset[str]:
        """Every word of every term, lowercased: real words a spelling check may offer and must
        not "correct"."""
        return frozenset(
            w.lower() for pair in self.pairs for text in (pair.it, pair.en) for w in _WORD_RE.findall(text)
        )

    @cached_property
    def _by_first_term(self) -> dict[tuple[str, str], list[TermPair]]:
        index: dict[tuple[str, str], list[TermPair]] = {}
        for pair in self.pairs:
            for lang in ("it", "en"):
                index.setdefault((lang, pair.side(lang)[0]), []).append(pair)
        return index

    def matches(
        self, sequence: Sequence[str | None], lang: str, game: str | None = None
    ) -> list[tuple[TermPair, int, int]]:
        """Pairs whose ``lang`` side occurs in ``sequence`` (index terms; None for a dropped word),
        as (pair, start, end); a term must occur whole and contiguous. With ``game``, only that
        game's terms and the everyday words."""
        found = []
        for start, first in enumerate(sequence):
            for pair in self._by_first_term.get((lang, first), ()) if first else ():
                side = pair.side(lang)
                if game and pair.game not in (None, game):
                    continue
                if tuple(sequence[start : start + len(side)]) == side:
                    found.append((pair, start, start + len(side)))
        return found


def glossary_files(root: Path = GLOSSARY_DIR) -> list[tuple[Path, str | None]]:
    files: list[tuple[Path, str | None]] = [(root / f"{g}.tsv", g) for g in GAMES if (root / f"{g}.tsv").is_file()]
    return files + [(EVERYDAY_TERMS, None)]


def load_glossary(files: Iterable[tuple[Path, str | None]] | None = None) -> Glossary:
    pairs: list[TermPair] = []
    for path, game in files if files is not None else glossary_files():
        pairs.extend(read_pairs(path, game))
    return Glossary(tuple(pairs))
