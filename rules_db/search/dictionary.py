"""Is this a word of Italian or English? The speller corrects only words that are neither.

The rulebooks' vocabulary alone made "outright" into "upright" and "useless" into "use less":
a player's real word the rules happen not to use is not a typo. The word lists are
pyspellchecker's (pinned in requirements.txt), read from the gzipped JSON its wheel ships, so
nothing is fetched at run time: about 120,000 Italian and 160,000 English forms, inflections
included ("pedine", "rompono", "sposto"). They are read once per process (~0.25 s, ~30 MB) when an
index is opened, not by the first request. Measured against wordfreq's lists (docs/search.md):
similar coverage, a wheel eight times smaller, no dependencies, a tenth of the load time.

No frequency threshold: on one-edit typos of the rulebooks' own words, 1.8% are dictionary
words with the whole list and still 1.3% when the rarest forms are dropped, which also drops
"automa"-like real words; none of the typos in the question sets is a dictionary word.
"""

from __future__ import annotations

import gzip
import json
from functools import cache
from importlib.resources import files

from rules_db.search.analysis import fold

LANGS = ("it", "en")


@cache
def words(lang: str) -> frozenset[str]:
    """Every form of ``lang`` the word list holds, folded (so "citta" is "città")."""
    data = (files("spellchecker") / "resources" / f"{lang}.json.gz").read_bytes()
    # Most forms are plain ASCII and lowercase already: folding only the others makes the load
    # four times faster (~0.25 s for both languages).
    return frozenset(word if word.isascii() else fold(word) for word in json.loads(gzip.decompress(data)))


def load() -> None:
    """Read both languages' lists now (at index open), so no request pays for it."""
    for lang in LANGS:
        words(lang)


def is_word(word: str, lang: str | None = None) -> bool:
    """``word`` is a form of ``lang``'s, or with no language of either (players mix them)."""
    folded = fold(word)
    return any(folded in words(each) for each in ((lang,) if lang else LANGS))
