"""From what a player types to a Whoosh query: no query syntax, just words.

The text is never handed to Whoosh's query parser, so quotes, colons, AND/OR and brackets are
plain characters and nothing a user types can be a syntax error. The plan:

1. split into words; drop stop words and question words of both languages;
2. replace unknown words by their spelling correction (and offer the corrected text);
3. look each word up in every text field, Italian-analysed in the Italian fields and
   English-analysed in the English ones;
4. add the glossary's other-language name for every game term found (one word or several in a row),
   so "sustain damage" also looks for "sostenere danni" and "ritirata" for "retreat";
5. a dotted number ("23.7") also looks up the rulebook paragraph number; an English reader's
   number is first read in the English rulebook's numbering (TI4's "78.7" is the Italian 23.7).
"""

from __future__ import annotations

import math
import re
import unicodedata
from dataclasses import dataclass, field
from functools import cached_property
from typing import Callable, Container, Mapping

from whoosh.query import And, DisjunctionMax, Or, Query, Term

from engine.core.budget import check
from rules_db.search.analysis import QUERY_STOP_WORDS, fold, term
from rules_db.search.glossary import Glossary
from rules_db.search.schema import TEXT_FIELDS
from rules_db.search.spelling import Speller
from rules_db.search.synonyms import synonyms

MAX_QUERY_CHARS = 300  # longer text is refused by the API (a question fits in far less)
MAX_WORDS = 16  # content words used; a pasted paragraph is cut here, before any lookup

NUMBER_BOOST = 100.0  # typing "23.7" means that paragraph (an ID match weighs 1 x boost: above any text match)
EXPANSION_BOOST = 1.0  # a glossary translation weighs as much as the word itself
# A same-language synonym ("enemy" -> "opponent") is a guess at what the rulebook says: it counts,
# but a section using the player's own word stays ahead.
SYNONYM_BOOST = 0.8

_WORD_RE = re.compile(r"\w+")
_NUMBER_RE = re.compile(r"(?<![\w.])\d+(?:\.\d+)+(?![\w])")


@dataclass(frozen=True)
class QueryPlan:
    text: str  # the text searched for, whitespace-normalised
    words: tuple[str, ...]  # content words, after spelling correction
    query: Query | None  # None when nothing is left to search for
    marks: dict[str, frozenset[str]] = field(default_factory=dict)  # lang -> index terms to highlight
    suggestion: str | None = None  # the text with misspelt words corrected
    concepts: tuple[Query, ...] = ()  # one query per content word (with its translations)
    games: frozenset[str] = frozenset()  # games the text names ("... in eclipse")
    vocabulary_games: frozenset[str] = frozenset()  # the game whose own terms the text uses most
    # Per content word, per language, the terms marked for it (its own, its synonyms' and its
    # translations'), so that a phrase is found in either language
    word_marks: tuple[dict[str, frozenset[str]], ...] = ()

    def pairs(self, lang: str) -> frozenset[tuple[str, str]]:
        """Each two content words typed one after the other, as ``lang``'s marked terms (either
        word's forms, synonyms or translations): a passage that says them together says the
        player's phrase (snippets.passage_scores); "4 giocatori" is also ("4", "player")."""
        return self._pairs.get(lang, frozenset())

    @cached_property
    def _pairs(self) -> dict[str, frozenset[tuple[str, str]]]:
        """pairs() of both languages, made once per plan: every result's snippet asks for them."""
        found = {}
        for lang in ("it", "en"):
            said = [marked.get(lang, frozenset()) for marked in self.word_marks]
            found[lang] = frozenset((a, b) for first, second in zip(said, said[1:]) for a in first for b in second)
        return found


def normalise(text: str) -> str:
    return " ".join(unicodedata.normalize("NFC", text).split())[:MAX_QUERY_CHARS]


# Names players use for the games: a question naming one ("stalemate in eclipse") prefers that
# game's sections, and the name is not searched for itself. Checked in this order, each name
# blanked once found, so "Race for the Galaxy" is not also Galaxy; plain "race" stays a word
# of the rules ("arms race").
GAME_NAMES = [
    (re.compile(r"\brace for the galaxy\b|\bgathering storm\b|\brftg\b", re.I), "rftg"),
    # "the galaxy" is the map of TI4 and Eclipse ("anywhere in the galaxy"), not the card game.
    (re.compile(r"\bgalaxy:? the dark ages\b|\bdark ages\b|(?<!\bthe )\bgalaxy\b", re.I), "galaxy"),
    (re.compile(r"\btwilight imperium\b|\btwilight\b|\bti4\b|\bti ?iv\b", re.I), "ti4"),
    (re.compile(r"\beclipse\b", re.I), "eclipse"),
    (re.compile(r"\bparsec\b", re.I), "parsec"),
]


def game_names(text: str) -> tuple[frozenset[str], str]:
    """The games ``text`` names, and the text with those names blanked out (offsets kept)."""
    games = set()
    for pattern, game in GAME_NAMES:
        if pattern.search(text):
            games.add(game)
            text = pattern.sub(lambda m: " " * len(m.group()), text)
    return frozenset(games), text


def content_words(text: str) -> list[re.Match]:
    return [m for m in _WORD_RE.finditer(text) if fold(m.group()) not in QUERY_STOP_WORDS][:MAX_WORDS]


def _term_query(
    fields: tuple[str, ...], terms: tuple[str, ...], boost: float, indexed: Mapping[str, Container[str]]
) -> Query | None:
    """One term in any of ``fields``; several terms: all of them in the same field. Fields that
    lack a term are left out (fewer arrays to add). Phrase queries were measured too: no better
    on the evaluation set, and 15% slower."""
    fields = tuple(f for f in fields if all(t in indexed[f] for t in terms))
    if not fields:
        return None
    if len(terms) == 1:
        return Or([Term(f, terms[0]) for f in fields], boost=boost)
    return Or([And([Term(f, t) for t in terms]) for f in fields], boost=boost)


def distinct_stems(words: list[str]) -> list[str]:
    """Drop a word whose Italian or English term an earlier word already has ("votare ... voti"):
    a question saying the same thing twice should not weigh it twice."""
    seen: set[tuple[str, str]] = set()
    kept = []
    for word in words:
        keys = {(lang, t) for lang in ("it", "en") if (t := term(word, lang))}
        if not keys & seen:
            kept.append(word)
        seen |= keys
    return kept


def vocabulary_leader(votes: dict[str, set[str]]) -> frozenset[str]:
    """The one game whose glossary covers strictly more of the question's words than any other
    ("retreat ... system ... ships": TI4 says "system", Eclipse says "hex"); none on a tie."""
    counts = sorted((len(words), g) for g, words in votes.items())
    if counts and (len(counts) == 1 or counts[-1][0] > counts[-2][0]):
        return frozenset({counts[-1][1]})
    return frozenset()


def _concept(sides: dict[str, list[Query]]) -> Query | None:
    """One word of the question: the better of its Italian and English matches, not their sum,
    so a section translated into English does not outrank an untranslated one for having the
    same rule twice."""
    found = [Or(clauses) if len(clauses) > 1 else clauses[0] for clauses in sides.values() if clauses]
    if len(found) > 1:
        return DisjunctionMax(found)
    return found[0] if found else None


def _prune(query: Query, common: Container[tuple[str, str]]) -> Query | None:
    """``query`` without its lookups of very common terms in long text fields."""
    if isinstance(query, Term):
        return None if (query.fieldname, query.text) in common else query
    if isinstance(query, And):
        # Several words in one field: as costly as its commonest word and as uninformative when
        # every word is common ("other player" for "enemy"); it still counts for coverage.
        return None if all((q.fieldname, q.text) in common for q in query.subqueries) else query
    kept = [q for q in (_prune(sub, common) for sub in query.subqueries) if q is not None]
    if not kept:
        return None
    return (
        kept[0].with_boost(kept[0].boost * query.boost) if len(kept) == 1 else query.__class__(kept, boost=query.boost)
    )


def _idf(terms: tuple[str, ...], lang: str, indexed: Mapping[str, Container[str]], sections: int) -> float:
    """BM25's rarity of the rarest of ``terms`` in ``lang``'s bodies (0 when unknown)."""
    counts = indexed.get(f"body_{lang}")
    if not isinstance(counts, Mapping):
        return 0.0
    return max(math.log(1 + (sections - counts.get(t, 0) + 0.5) / (counts.get(t, 0) + 0.5)) for t in terms)


def translation_boost(
    source: tuple[str, ...],
    source_lang: str,
    target: tuple[str, ...],
    target_lang: str,
    indexed: Mapping[str, Container[str]],
    sections: int,
) -> float:
    """How much a glossary translation weighs: as much as the typed word, but never more because
    the translation is rarer. "ships" is in a third of the English bodies; its Galaxy-only
    translation "astronave" is rare, and at full weight its rarity pulled Galaxy's "discard a ship
    card" above Eclipse's answer to "a player loses all discs and ships". A word the other
    language's text does not use at all (an English question on Italian-only text) keeps 1."""
    if not sections:
        return EXPANSION_BOOST
    typed = _idf(source, source_lang, indexed, sections)
    translated = _idf(target, target_lang, indexed, sections)
    counts = indexed.get(f"body_{source_lang}")
    if not typed or not translated or not isinstance(counts, Mapping) or counts.get(source[0], 0) == 0:
        return EXPANSION_BOOST
    return EXPANSION_BOOST * min(1.0, typed / translated)


def number_terms(numbers: list[str], lang: str, italian: Callable[[str], str | None] | None) -> tuple[Query, ...]:
    """Paragraph numbers typed in the query. ``italian`` turns an English rulebook number into the
    Italian one the index holds ("78.7" -> "23.7"); the reader's own numbering weighs most."""
    found: list[Query] = []
    for number in numbers:
        translated = italian(number) if italian else None
        own, other = ((translated, number) if lang == "en" else (number, translated)) if translated else (number, None)
        mine = Term("number", own, boost=NUMBER_BOOST)
        found.append(DisjunctionMax([mine, Term("number", other, boost=NUMBER_BOOST / 4)]) if other else mine)
    return tuple(found)


def same_case(typed: str, corrected: str) -> str:
    """``corrected`` written as the player wrote the word it replaces ("Rexx" -> "Rex", "AFBB" ->
    "AFB"): the speller answers in lower case, and a suggestion should not undo the capitals."""
    if len(typed) > 1 and typed.isupper():
        return corrected.upper()
    return corrected[:1].upper() + corrected[1:] if typed[:1].isupper() else corrected


def plan(
    text: str,
    glossary: Glossary,
    speller: Speller,
    indexed: Mapping[str, Container[str]],
    game: str | None = None,
    common: Container[tuple[str, str]] = (),
    sections: int = 0,
    reader_lang: str = "it",
    italian_number: Callable[[str], str | None] | None = None,
) -> QueryPlan:
    """The query for ``text``. ``indexed`` holds the terms of each text field: a word whose stem
    is indexed ("ritirarmi" -> ritir) is an inflection, not a typo, and is not corrected.

    ``common`` lists (field, term) pairs found in a large share of the sections' bodies
    ("giocatore", "player"): they are left out of the scored query, where they add little but
    cost most of the time, and still count in ``concepts`` (which sections match which words).
    ``sections``: how many sections the index holds; with ``indexed`` mapping terms to their
    section counts it weighs glossary translations (see translation_boost); 0 leaves them at 1."""
    text = normalise(text)
    games, searched = game_names(text)
    numbers = _NUMBER_RE.findall(text)
    # Game names and the digits of "23.7" are not words of their own (blanked in place, so
    # offsets into ``text`` stay valid for the suggestion).
    matches = content_words(_NUMBER_RE.sub(lambda m: " " * len(m.group()), searched))
    words: list[str] = []
    suggestion: list[str] = []
    cursor = 0
    # A word only one language's stemmer recognises, and not itself a word of the rulebooks, may
    # be an inflection in that language or a typo in the other: "comand" is the Italian stem of
    # "comando" but an English player's "command". Both are searched: its one-edit neighbour
    # joins the word's group (no "did you mean", the word may well be right). So does that of a
    # real word of either language that no rulebook uses, stem included: it is seldom a typo but
    # often another form of a rulebook word that the stemmer does not join ("ricevo", "riceve").
    neighbours: dict[str, str] = {}
    for match in matches:
        check()  # under a request's time budget (engine/core/budget.py): a no-op elsewhere
        word = match.group().lower()
        stems_in = {lang for lang, fields in TEXT_FIELDS.items() if any(term(word, lang) in indexed[f] for f in fields)}
        # A word with same-language synonyms is a word players use ("scappare"), not a typo of
        # a rulebook word ("scartare"): it is searched through its synonyms instead.
        has_synonyms = any((lang, term(word, lang)) in synonyms() for lang in ("it", "en"))
        corrected = None if stems_in or has_synonyms else speller.correct(word)
        unknown_form = not stems_in and not has_synonyms and speller.is_word(word)
        if (len(stems_in) == 1 or unknown_form) and (near := speller.neighbour(word)) and " " not in near:
            neighbours[word] = near.lower()
        if corrected:
            suggestion.append(text[cursor : match.start()] + same_case(match.group(), corrected))
            cursor = match.end()
        words.extend(corrected.split() if corrected else [word])
    suggested = "".join(suggestion) + text[cursor:] if suggestion else None
    words = distinct_stems(words)

    sequences = {lang: [term(w, lang) for w in words] for lang in ("it", "en")}
    # Per word, the clauses on the Italian fields and those on the English fields.
    groups: list[dict[str, list[Query]]] = [{"it": [], "en": []} for _ in words]
    word_marks: list[dict[str, set[str]]] = [{"it": set(), "en": set()} for _ in words]
    for lang, sequence in sequences.items():
        for position, found in enumerate(sequence):
            clause = _term_query(TEXT_FIELDS[lang], (found,), 1.0, indexed) if found else None
            if found and clause:
                groups[position][lang].append(clause)
                word_marks[position][lang].add(found)
            near = neighbours.get(words[position])
            near_term = term(near, lang) if near else None
            if near_term and near_term != found:
                clause = _term_query(TEXT_FIELDS[lang], (near_term,), 1.0, indexed)
                if clause:
                    groups[position][lang].append(clause)
                    word_marks[position][lang].add(near_term)
            # Same-language synonyms (the word's, and its neighbour's: "ricevo" is also searched
            # as "riceve", and so as "ottenere") join the word's own group: one word of the question
            # still counts once for the coordination factor, whichever form a section uses.
            alternatives = {a for t in (found, near_term) if t for a in synonyms().get((lang, t), ())}
            for alternative in sorted(alternatives):
                # Several words ("another player") are looked for in the body only: headings do
                # not say them, and each field's And costs a pass over common postings.
                fields = TEXT_FIELDS[lang] if len(alternative) == 1 else (f"body_{lang}",)
                clause = _term_query(fields, alternative, SYNONYM_BOOST, indexed)
                if clause:
                    groups[position][lang].append(clause)
                    word_marks[position][lang].update(alternative)
    seen: set[tuple[str, tuple[str, ...]]] = set()
    votes: dict[str, set[str]] = {}
    for lang, other in (("it", "en"), ("en", "it")):
        for pair, start, end in glossary.matches(sequences[lang], lang, game):
            if pair.game:
                votes.setdefault(pair.game, set()).add(words[start])
            target = pair.side(other)
            if (other, target) in seen:
                continue
            seen.add((other, target))
            source = tuple(t for t in sequences[lang][start:end] if t)
            boost = translation_boost(source, lang, target, other, indexed, sections) if source else EXPANSION_BOOST
            clause = _term_query(TEXT_FIELDS[other], target, boost, indexed)
            if clause:
                groups[start][other].append(clause)
                word_marks[start][other].update(target)
    concepts = tuple(concept for group in groups if (concept := _concept(group)))
    concepts += number_terms(numbers, reader_lang, italian_number)
    scoring = [q for q in (_prune(c, common) for c in concepts) if q is not None] if common else list(concepts)
    scoring = scoring or list(concepts)
    query = (Or(scoring) if len(scoring) > 1 else scoring[0]) if scoring else None
    return QueryPlan(
        text,
        tuple(words),
        query,
        {lang: frozenset().union(*(marked[lang] for marked in word_marks)) for lang in ("it", "en")},
        suggested,
        concepts,
        games,
        vocabulary_leader(votes),
        tuple({lang: frozenset(terms) for lang, terms in marked.items()} for marked in word_marks),
    )
