""" "Did you mean": corrections drawn from the index's unstemmed vocabulary.

A symmetric-delete dictionary (every word with up to two letters deleted, pointing back to the
word) finds all candidates within two edits in well under a millisecond, where scanning the
vocabulary with an edit-distance automaton took 5-20 ms a word. Candidates are ranked by
Damerau-Levenshtein distance (a swap of two letters, "bombardamneto", counts as one edit), then by
how many sections use the word. Words are compared folded, so "citta" is known when "città" is.
A word of either language that the rulebooks lack ("outright", "pedine") is not a typo: with a
language dictionary (dictionary.py) such words are left as typed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations
from typing import Callable, Iterable, Mapping

from engine.core.budget import check
from rules_db.search.analysis import fold

MAX_EDITS = 2
MIN_LENGTH = 4  # shorter words have too many neighbours to correct safely


def deletes(word: str, edits: int) -> set[str]:
    """Every string made by deleting up to ``edits`` letters from ``word``."""
    found = {word}
    for n in range(1, min(edits, len(word) - 1) + 1):
        for positions in combinations(range(len(word)), n):
            found.add("".join(ch for i, ch in enumerate(word) if i not in positions))
    return found


def distance(a: str, b: str) -> int:
    """Optimal string alignment distance (Levenshtein plus swaps of adjacent letters)."""
    previous2: list[int] = []
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        row = [i] + [0] * len(b)
        for j, cb in enumerate(b, 1):
            row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (ca != cb))
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                row[j] = min(row[j], previous2[j - 2] + 1)
        previous2, previous = previous, row
    return previous[-1]


def undoubled(typed: str, known: str) -> bool:
    """``typed`` is ``known`` with one doubled letter written once ("arende" / "arrende",
    "atacco" / "attacco"): the commonest slip of Italian typing, so among corrections equally near
    it beats a commoner word ("prende")."""
    return len(known) == len(typed) + 1 and any(
        known[i] == known[i - 1] and known[:i] + known[i + 1 :] == typed for i in range(1, len(known))
    )


def no_dictionary(_word: str) -> bool:
    """A speller without a language dictionary knows only its own vocabulary."""
    return False


@dataclass
class Speller:
    """Known words (with how many sections use them) and the corrections of unknown ones.
    ``is_word`` says whether a word exists in a language (dictionary.is_word): such a word is
    never corrected, though only the vocabulary's words are offered as corrections."""

    frequencies: Mapping[str, int]
    is_word: Callable[[str], bool] = no_dictionary
    _known: dict[str, str] = field(default_factory=dict)  # folded -> most used spelling
    _by_delete: dict[str, list[str]] = field(default_factory=dict)
    _longest: int = 0

    def __post_init__(self) -> None:
        for word in sorted(self.frequencies, key=self.frequencies.__getitem__):
            folded = fold(word)
            self._known[folded] = word
            self._longest = max(self._longest, len(folded))
            if len(folded) >= MIN_LENGTH - MAX_EDITS:
                for key in deletes(folded, MAX_EDITS):
                    self._by_delete.setdefault(key, []).append(word)

    @classmethod
    def from_words(
        cls,
        counted: Iterable[tuple[str, int]],
        extra: Iterable[str] = (),
        is_word: Callable[[str], bool] = no_dictionary,
    ) -> "Speller":
        frequencies: dict[str, int] = {}
        for word, count in counted:
            frequencies[word] = frequencies.get(word, 0) + count
        for word in extra:
            frequencies.setdefault(word, 1)
        return cls(frequencies, is_word)

    def known(self, word: str) -> bool:
        return fold(word) in self._known

    def correctable(self, folded: str) -> bool:
        """Worth correcting: unknown, letters only, not too short to guess, and not longer than
        any known word by more than the edits allowed (nothing is that near: a 300-letter word
        would otherwise cost ~45,000 deletions and a second of CPU)."""
        return folded not in self._known and folded.isalpha() and MIN_LENGTH <= len(folded) <= self._longest + MAX_EDITS

    def split(self, folded: str) -> str | None:
        """Two known words run together ("anticaccia" -> "anti caccia"), the commonest pair."""
        best: tuple[int, str] | None = None
        for cut in range(3, len(folded) - 2):
            left, right = self._known.get(folded[:cut]), self._known.get(folded[cut:])
            if left and right:
                rank = min(self.frequencies[left], self.frequencies[right])
                if best is None or rank > best[0]:
                    best = (rank, f"{left} {right}")
        return best[1] if best else None

    def correct(self, word: str) -> str | None:
        """The likeliest real word(s) for an unknown ``word``: one edit away, else two known words
        run together, else two edits away; None if known (to the vocabulary or as a word of
        either language), too short or hopeless."""
        folded = fold(word)
        if not self.correctable(folded) or self.is_word(folded):
            return None
        near = self._nearest(folded)
        if near and near[0] == 1:
            return near[1]
        return self.split(folded) or (near[1] if near else None)

    def neighbour(self, word: str) -> str | None:
        """The commonest known word one edit from an unknown ``word``, for words that may be
        inflections rather than typos (see query.plan): never a guess two edits away."""
        folded = fold(word)
        if not self.correctable(folded):
            return None
        near = self._nearest(folded)
        return near[1] if near and near[0] == 1 else None

    def _nearest(self, folded: str) -> tuple[int, str] | None:
        allowed = 1 if len(folded) < 6 else MAX_EDITS
        best: tuple[int, bool, int, str] | None = None
        seen: set[str] = set()
        for key in deletes(folded, allowed):
            check()  # under a request's time budget (engine/core/budget.py): a no-op elsewhere
            for candidate in self._by_delete.get(key, ()):
                if candidate in seen:
                    continue
                seen.add(candidate)
                edits = distance(folded, fold(candidate))
                if edits <= allowed:
                    rank = (edits, not undoubled(folded, fold(candidate)), -self.frequencies[candidate], candidate)
                    if best is None or rank < best:
                        best = rank
        return (best[0], best[3]) if best else None
