"""Same-language synonyms of question words: "enemy" also finds "opponent" and "another player's",
"evade" finds "evasive", "dread" finds "dreadnought". The glossaries only pair Italian with
English; players also use, in their own language, words the rulebook does not (see synonyms.tsv)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from rules_db.search.analysis import term, terms

SYNONYMS_FILE = Path(__file__).resolve().parent / "synonyms.tsv"


def read_synonyms(path: Path = SYNONYMS_FILE) -> dict[tuple[str, str], tuple[tuple[str, ...], ...]]:
    """{(lang, stem of the typed word): (index terms of each alternative, ...)}."""
    found: dict[tuple[str, str], list[tuple[str, ...]]] = {}
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#") or number == 1:
            continue
        parts = line.split("\t")
        if len(parts) != 3 or parts[0] not in ("it", "en"):
            raise ValueError(f"{path.name}:{number}: expected 'it|en<TAB>word<TAB>alternative; ...'")
        lang, word, alternatives = parts
        key = term(word.strip(), lang)
        if key is None:
            raise ValueError(f"{path.name}:{number}: {word!r} is a stop word")
        for alternative in alternatives.split(";"):
            analysed = tuple(terms(alternative, lang))
            # A stop word inside an alternative would silently widen it ("other player" is just
            # "player", in most sections): refuse it so the file says what is searched.
            if len(analysed) != len(alternative.split()):
                raise ValueError(f"{path.name}:{number}: {alternative.strip()!r} holds a stop word")
            if analysed and analysed != (key,) and analysed not in found.get((lang, key), []):
                found.setdefault((lang, key), []).append(analysed)
    return {k: tuple(v) for k, v in found.items()}


@lru_cache(maxsize=1)
def synonyms() -> dict[tuple[str, str], tuple[tuple[str, ...], ...]]:
    return read_synonyms()
