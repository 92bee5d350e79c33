"""Searching the rules: one object per process holding the open index, the rules database, the
glossary and the speller; answers are plain frozen dataclasses for the web layer to render."""

from __future__ import annotations

import logging
import threading
from collections import Counter, OrderedDict
from functools import lru_cache
from dataclasses import dataclass
from typing import Callable, Sequence
from pathlib import Path

import numpy as np
from whoosh.index import Index

from engine.core.budget import BudgetExceeded, check
from rules_db.loader import GAMES, RulesDB, Section
from rules_db.search import dictionary, index
from rules_db.search.analysis import fold
from rules_db.search.bm25 import TermScores
from rules_db.search.encoder import Encoder
from rules_db.search.glossary import Glossary
from rules_db.search.query import QueryPlan, normalise, plan
from rules_db.search.schema import TEXT_FIELDS
from rules_db.search.snippets import best_passage, passage_scores, passages, plain_text, snippet
from rules_db.search.spelling import Speller
from rules_db.search.vectors import SectionVectors

log = logging.getLogger(__name__)

MAX_LIMIT = 50  # results per page
MAX_PAGE = 100  # pages; with MAX_LIMIT, at most 5,000 results deep
COMMON_SHARE = 0.15  # a body term in more sections than this share only counts for coverage
COMMON_MIN_SECTIONS = 50  # ... and in at least this many (a small index has no common terms)
COMMON_FIELDS = ("body_it", "body_en", "context_it", "context_en", "asked_it", "asked_en")
GAME_MENTION_BOOST = 3.0  # a question that names a game prefers that game's sections
GAME_VOCABULARY_BOOST = 1.2  # a question in one game's own terms leans towards that game
# A section's shape, as a prior on its score: a player wants the paragraph that states the rule.
EXAMPLE_WEIGHT = 0.7  # a worked example repeats a rule's words around one case
INTRO_WEIGHT = 0.85  # a chapter's opening lines above its numbered paragraphs
INTRO_WORDS = 40  # ... when that opening is this short (a definition, "RELATED TOPICS")
_EXAMPLE_WORDS = ("esempio", "example")
# An answer to one asked case (TI4's "DOMANDE RICORRENTI", Eclipse's "D: ... R: ..."): it names
# the rule it is about, but the rule's own paragraph states it whole ("sostenere danni" is 77, not
# the FAQ on Sustain Damage against one action card). Tuning sets: +5 lexical first places of 309,
# +1 with the rerank (docs/search.md, "Fifth round").
FAQ_WEIGHT = 0.9
_FAQ_CHAPTERS = ("domande ricorrenti",)
_FAQ_TITLE = "d:"  # an asked question's heading
# The rerank: the first RERANK_DEPTH lexical results are reordered by a blend of three scores,
# each min-max scaled over them: the lexical score, the sentence encoder's similarity of the
# question (mapped by adapter.py) to the section's text, and of the question to the nearest of the
# players' questions the section answers (questions/*.tsv). Chosen on the six earlier sets
# (docs/search.md, "Sixth round"; benchmarks/search_fusion.py prints the grid): 411 of 493 first
# and 474 in the top 3, its neighbouring cells 408-416, against 406 and 467 for the fifth round's
# (0.4, 0.2, 0.4) over the unmapped text. Those sets are players' questions since the eighth round.
RERANK_DEPTH = 20
RERANK_WEIGHTS = (0.35, 0.35, 0.3)  # lexical, section text (mapped question), players' questions


@dataclass(frozen=True)
class Result:
    section: Section
    lang: str  # language of the title and snippet (Italian when no English text exists)
    snippet: str  # escaped HTML with <mark>
    score: float


@dataclass(frozen=True)
class ResultPage:
    plan: QueryPlan
    game: str | None
    page: int
    limit: int
    total: int  # matches in the chosen game (or all games)
    facets: dict[str, int]  # matches per game, whatever the game filter
    results: tuple[Result, ...]

    @property
    def pages(self) -> int:
        return min(MAX_PAGE, -(-self.total // self.limit))


def coordinate(scores: np.ndarray, covers: list[np.ndarray]) -> np.ndarray:
    """Scale each score by the share of the query's words the section matches (Lucene's classic
    "coord" factor): for a question, a section answering three of its words beats one that
    repeats a single word many times. ``covers``: per word, which sections match it."""
    if len(covers) < 2:
        return scores
    return scores * np.sum(covers, axis=0) / len(covers)


def _scaled(values: np.ndarray) -> np.ndarray:
    spread = float(values.max() - values.min())
    return (values - values.min()) / spread if spread > 0 else np.zeros_like(values)


def fuse(
    chosen: list[tuple[str, float]], signals: list[np.ndarray], weights: tuple[float, ...] = RERANK_WEIGHTS
) -> list[tuple[str, float]]:
    """Reorder the first ``len(signals[0])`` of ``chosen`` (section id, lexical score) by
    ``weights[0] * lexical + weights[1] * signals[0] + ...``, each min-max scaled over those
    candidates. Their new scores are spread over their old score range, so scores still fall down
    the list."""
    head, tail = chosen[: len(signals[0])], chosen[len(signals[0]) :]
    if len(head) < 2:
        return chosen
    lexical = np.array([score for _i, score in head])
    blended = weights[0] * _scaled(lexical)
    for weight, signal in zip(weights[1:], signals, strict=True):
        blended = blended + weight * _scaled(np.asarray(signal, dtype=float))
    low, high = float(lexical.min()), float(lexical.max())
    order = sorted(range(len(head)), key=lambda k: (-blended[k], k))
    return [(head[k][0], low + float(blended[k]) * (high - low)) for k in order] + tail


def rerank_split(
    chosen: list[tuple[str, float]], games: frozenset[str], game_of: Callable[[str], str]
) -> tuple[list[tuple[str, float]], list[tuple[str, float]]]:
    """(the candidates the rerank reorders, the rest, kept as they are): the sections of the games
    a question names, when two or more of them matched (the encoder does not know which game a
    section is from, and would lift another game's answer above theirs); else every candidate."""
    pool = [pair for pair in chosen if game_of(pair[0]) in games]
    if len(pool) < 2:
        return chosen, []
    return pool, [pair for pair in chosen if game_of(pair[0]) not in games]


def merge(reordered: list[tuple[str, float]], rest: list[tuple[str, float]]) -> list[tuple[str, float]]:
    """The reordered candidates and the rest in one list by score (each already falls, and fuse
    spreads its new scores over its old range)."""
    return sorted(reordered + rest, key=lambda pair: -pair[1]) if rest else reordered


@lru_cache(maxsize=2048)
def query_vector(encoder: Encoder, text: str) -> np.ndarray:
    """A question's vector, remembered: players repeat questions, and paging re-asks one."""
    return encoder.queries([text])[0]


# Room for every passage of the rules in both languages (5,980 today), as for their analyses
# (snippets.TOKENS_CACHED): a page opened again never encodes its passages again.
PASSAGES_ENCODED = 8192
ENCODE_BATCH = 32  # passages encoded at once: twice as fast as one by one; the budget is checked between
MEANING_CANDIDATES = 64  # more tied passages than this (a one-word query on the glossary): by the words


def passage_vectors(encoder: Encoder, texts: Sequence[str]) -> np.ndarray:
    """The passages' vectors, each remembered: a page's passages are asked again by every reader
    who opens it from a search. The ones not yet known are encoded in batches, under the
    request's time budget."""
    with _ENCODED_LOCK:
        known = {t: v for t in texts if (v := _ENCODED.get((encoder, t))) is not None}
    missing = [t for t in dict.fromkeys(texts) if t not in known]
    for start in range(0, len(missing), ENCODE_BATCH):
        check()
        batch = missing[start : start + ENCODE_BATCH]
        encoded = dict(zip(batch, (np.array(row) for row in encoder.passages(batch)), strict=True))  # rows, not views
        known.update(encoded)
        _remember(encoder, encoded)  # at once: a request stopped by the budget keeps what it encoded
    _remember(encoder, {t: known[t] for t in texts})  # ... and what it used is the most recent
    return np.vstack([known[t] for t in texts])


def _remember(encoder: Encoder, vectors: dict[str, np.ndarray]) -> None:
    with _ENCODED_LOCK:
        for text, vector in vectors.items():
            _ENCODED[(encoder, text)] = vector
            _ENCODED.move_to_end((encoder, text))
        while len(_ENCODED) > PASSAGES_ENCODED:
            _ENCODED.popitem(last=False)


_ENCODED: OrderedDict[tuple[Encoder, str], np.ndarray] = OrderedDict()  # least recently asked first
_ENCODED_LOCK = threading.Lock()


def shape_weight(section: Section, ancestors: list[Section]) -> float:
    """EXAMPLE_WEIGHT for a worked example (or a section inside one), INTRO_WEIGHT for a short
    chapter opening whose rules are in its sub-sections, FAQ_WEIGHT for an answer to an asked
    question, 1 otherwise."""
    titles = " ".join(fold(s.title_it) for s in [*ancestors, section])
    if any(word in titles for word in _EXAMPLE_WORDS):
        return EXAMPLE_WEIGHT
    if section.children and len(plain_text(section.body_it).split()) < INTRO_WORDS:
        return INTRO_WEIGHT  # the lower: a FAQ chapter's own heading is an opening too
    if any(chapter in titles for chapter in _FAQ_CHAPTERS) or fold(section.title_it).startswith(_FAQ_TITLE):
        return FAQ_WEIGHT
    return 1.0


def game_weights(game_of: np.ndarray, planned: QueryPlan) -> np.ndarray:
    """Per section (``game_of``: each section's game), the boost of the games the question names,
    or failing that, of the game whose terms it uses."""
    named = np.isin(game_of, list(planned.games))
    used = np.isin(game_of, list(planned.vocabulary_games))
    return np.where(named, GAME_MENTION_BOOST, np.where(used, GAME_VOCABULARY_BOOST, 1.0))


def text_lang(section: Section, lang: str) -> str:
    """The language a section is shown in: English when asked for and translated (a chapter with
    no text of its own is translated when its title is)."""
    return "en" if lang == "en" and (section.body_en or (section.title_en and not section.body_it)) else "it"


class RulesSearch:
    """The index's contents with everything a query needs, read once: thread-safe, since nothing
    changes after opening."""

    def __init__(self, ix: Index, db: RulesDB, glossary: Glossary):
        self.db, self.glossary = db, glossary
        # Set once the section vectors exist (use_vectors); until then answers are lexical.
        self.semantic: tuple[SectionVectors, Encoder] | None = None
        self._failed = False  # an encode failed: later failures are logged without their traceback
        with ix.reader() as reader:
            self.speller = Speller.from_words(
                ((word.decode("utf-8"), info.doc_frequency()) for word, info in reader.iter_field("spelling")),
                extra=glossary.words,
                is_word=dictionary.is_word,
            )
            dictionary.load()  # here rather than in the first request that needs it
            # Each text field's terms with the number of sections using them (query.plan reads
            # both "is this an inflection" and how rare a glossary translation is).
            self.indexed = {
                f: {t.decode("utf-8"): info.doc_frequency() for t, info in reader.iter_field(f)}
                for fields in TEXT_FIELDS.values()
                for f in fields
            }
            self._sections = reader.doc_count()
            # Body terms in more than COMMON_SHARE of the sections (see query.plan).
            limit = max(COMMON_SHARE * reader.doc_count(), COMMON_MIN_SECTIONS)
            self.common = frozenset((f, t) for f in COMMON_FIELDS for t, n in self.indexed[f].items() if n > limit)
            stored = dict(reader.iter_docs())
            self._docs = [(stored[n]["id"], stored[n]["game"]) for n in range(reader.doc_count_all())]
            self._game_of = np.array([game for _id, game in self._docs])
            self._shape = np.array([shape_weight(db.sections[i], db.ancestors(db.sections[i])) for i, _g in self._docs])
            self.scores = TermScores(reader, [*(f for fields in TEXT_FIELDS.values() for f in fields), "number"])

    @classmethod
    def open(cls, root: Path, db: RulesDB, glossary: Glossary) -> "RulesSearch":
        """Open the index under ``root``, building it first if missing or stale."""
        live, _built = index.ensure(root, db, glossary)
        return cls(index.open_dir(live), db, glossary)

    def use_vectors(self, vectors: SectionVectors, encoder: Encoder) -> None:
        """Rerank with these section vectors from now on (one assignment: requests running
        meanwhile finish as they started)."""
        self.semantic = (vectors, encoder)

    def rerank(
        self, chosen: list[tuple[str, float]], text: str, games: frozenset[str] = frozenset()
    ) -> list[tuple[str, float]]:
        """``chosen`` with its head reordered by meaning: the question ``text`` is encoded (a few
        ms, and only when there are candidates to reorder) and compared with their vectors; when
        it names ``games``, among their sections (see rerank_split)."""
        semantic = self.semantic
        if semantic is None:
            return chosen
        pool, rest = rerank_split(chosen, games, lambda i: self.db.sections[i].game)
        if len(pool) < 2:
            return chosen
        stored, encoder = semantic
        try:
            vector = query_vector(encoder, text)
        except Exception:  # a model that broke after loading: answer lexically, and say so (once whole)
            log.warning("search: the question could not be encoded; answering lexically", exc_info=not self._failed)
            self._failed = True
            return chosen
        head = [i for i, _s in pool[:RERANK_DEPTH]]
        return merge(fuse(pool, stored.signals(vector, head)), rest)

    def plan(self, text: str, game: str | None = None, lang: str = "it") -> QueryPlan:
        return plan(
            text,
            self.glossary,
            self.speller,
            self.indexed,
            game,
            self.common,
            self._sections,
            lang,
            self._italian_number,
        )

    def _italian_number(self, number: str) -> str | None:
        """An English rulebook's paragraph number in the Italian numbering the index holds."""
        return next((n for numbering in self.db.numberings.values() if (n := numbering.italian(number))), None)

    def search(
        self, text: str, lang: str, game: str | None = None, page: int = 1, limit: int = 10, rerank: bool = True
    ) -> ResultPage:
        """One page of results; ``rerank=False`` gives the lexical order even when vectors exist."""
        if game is not None and game not in GAMES:
            raise ValueError(f"unknown game {game!r}")
        page, limit = max(1, min(page, MAX_PAGE)), max(1, min(limit, MAX_LIMIT))
        planned = self.plan(text, game, lang)
        if planned.query is None:
            return ResultPage(planned, game, page, limit, 0, {}, ())
        # One scored pass over every section: the counts per game and the page both come from it.
        scores = self.scores.evaluate(planned.query)
        check()  # each step of a search runs under the request's time budget, if any
        scores = coordinate(scores, [self.scores.evaluate(c) > 0 for c in planned.concepts])
        scores = scores * self._shape * game_weights(self._game_of, planned)
        matched = np.flatnonzero(scores)
        matches = [(self._docs[n], float(scores[n])) for n in matched[np.lexsort((matched, -scores[matched]))]]
        facets = Counter(g for (_i, g), _s in matches)
        chosen = [(i, score) for (i, g), score in matches if game is None or g == game]
        check()
        if rerank:
            chosen = self.rerank(chosen, normalise(text), planned.games)
        found = chosen[(page - 1) * limit : page * limit]
        results = tuple(
            Result(self.db.sections[i], *self._extract(self.db.sections[i], lang, planned), score) for i, score in found
        )
        total = facets.get(game, 0) if game else sum(facets.values())
        ordered = {g: facets[g] for g in GAMES if facets.get(g)}
        return ResultPage(planned, game, page, limit, total, ordered, results)

    def _extract(self, section: Section, lang: str, planned: QueryPlan) -> tuple[str, str]:
        """(language shown, snippet) of a result."""
        shown = text_lang(section, lang)
        terms = planned.marks.get(shown, frozenset())
        _count, passage = best_passage(section.body(shown), terms, shown, planned.pairs(shown))
        text = passage or plain_text(section.body(shown)) or section.title(shown)
        return shown, snippet(text, terms, shown)

    def passage_to_mark(self, text: str, sections: list[Section], lang: str) -> str:
        """The passage a section page opened from a search for ``text`` marks and scrolls to,
        among ``sections`` (the page's section first, then its sub-sections), as plain text in the
        language shown: the one holding the most of the query's words, then the most of its
        phrases (two of its words in order, one after the other); among several holding as many,
        the nearest in meaning when the rerank's encoder is loaded (else, and past
        MEANING_CANDIDATES of them, the one with the most matches, then the first). When none holds
        a word, but the encoder is loaded and the other language's text of a section shown in
        ``lang`` holds some (an Italian word on an English page): that section's passage nearest in
        meaning to the other language's best passage (its translation), looked for near the same
        place in the section. "" when nothing matches
        (docs/search.md, "The passage marked")."""
        planned = self.plan(text, lang=lang)
        scored: list[tuple[int, int, int, str]] = []
        for section in sections:
            check()
            shown = text_lang(section, lang)
            marks = planned.marks.get(shown, frozenset())
            scored += passage_scores(section.body(shown), marks, shown, planned.pairs(shown))
        best = max((entry[:2] for entry in scored), default=(0, 0))
        if not best[0]:
            return self._translated_passage(planned, sections, lang)
        tied = [entry for entry in scored if entry[:2] == best]
        if 1 < len(tied) <= MEANING_CANDIDATES and (nearest := self.nearest_in_meaning(text, [p for *_n, p in tied])):
            return nearest
        return max(tied, key=lambda entry: entry[2])[3]  # max keeps the first of equals

    def _translated_passage(self, planned: QueryPlan, sections: list[Section], lang: str) -> str:
        """For a page shown in ``lang`` whose words the question holds only in the other language:
        the best passage of the other language's text (by the words), then its translation, the
        shown passage of the same section nearest to it in meaning; "" without an encoder."""
        semantic = self.semantic
        if semantic is None:
            return ""
        other = "it" if lang == "en" else "en"
        best: tuple[int, int, int, str, Section] | None = None
        marks, pairs = planned.marks.get(other, frozenset()), planned.pairs(other)
        for section in sections:
            check()
            if text_lang(section, lang) != lang:
                continue
            for scored in passage_scores(section.body(other), marks, other, pairs):
                if best is None or scored[:3] > best[:3]:
                    best = (*scored, section)
        if best is None:
            return ""
        # Translations keep the order of their passages: look near the same place in the section.
        original, translated = passages(best[4].body(other)), passages(best[4].body(lang))
        middle = round(original.index(best[3]) * len(translated) / len(original))
        shown = list(translated[max(0, middle - MEANING_CANDIDATES // 2) : middle + MEANING_CANDIDATES // 2])
        encoder = semantic[1]
        if not shown:
            return ""
        try:
            similarity = passage_vectors(encoder, shown) @ passage_vectors(encoder, [best[3]])[0]
        except BudgetExceeded:
            raise
        except Exception:
            log.warning("search: a passage could not be encoded; nothing marked", exc_info=True)
            return ""
        return shown[int(np.argmax(similarity))]

    def nearest_in_meaning(self, text: str, candidates: list[str]) -> str | None:
        """The candidate passage nearest in meaning to the question ``text``; None without an
        encoder or candidates, or when the encoder fails (the caller then keeps to the words)."""
        semantic = self.semantic
        if semantic is None or not candidates:
            return None
        encoder = semantic[1]
        try:
            similarity = passage_vectors(encoder, candidates) @ query_vector(encoder, text)
        except BudgetExceeded:
            raise
        except Exception:
            log.warning("search: a passage could not be encoded; marking by words", exc_info=True)
            return None
        return candidates[int(np.argmax(similarity))]
