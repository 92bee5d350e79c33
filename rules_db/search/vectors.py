"""Section vectors for the rerank: computed once per rules-database digest, stored beside the index.

Layout under the index folder (see index.py)::

    vectors-<fingerprint>.npz   one row per (language, section) text and per player's question the
                                section answers (questions/*.tsv), and the keys of the rows
    .vectors.lock               held while encoding, so several workers encode once

Encoding every section and question takes 12-18 s of one core, so it never happens per request: by
``flask build-index``, or in a background thread after start when the file is missing or stale.
Until then search answers lexically (the caller logs it). The file is written under a temporary
name and renamed, so a reader never sees half of it.
"""

from __future__ import annotations

import fcntl
import hashlib
import os
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from rules_db.loader import RulesDB
from rules_db.search import encoder as encoders
from rules_db.search.encoder import Encoder, section_text

LOCK = ".vectors.lock"
BATCH = 32
RECIPE = 2  # what is encoded (2: the sections' players' questions too); bump when it changes
ASKED = "ask"  # key prefix of a player's question's row: "ask:<section id>", one per question


def fingerprint(db: RulesDB, model: str = encoders.MODEL) -> str:
    """What the vectors were computed from: the rules text and the model with its text recipe."""
    return hashlib.sha256(f"model {model}\nrecipe {RECIPE}\nrules {db.digest}\n".encode()).hexdigest()[:16]


def vectors_path(root: Path, db: RulesDB, model: str = encoders.MODEL) -> Path:
    return root / f"vectors-{fingerprint(db, model)}.npz"


@dataclass(frozen=True)
class SectionVectors:
    """Unit vectors of the sections' texts, by "<lang>:<section id>", and of the players'
    questions each section answers, by section id."""

    rows: dict[str, int]
    matrix: np.ndarray
    asked: dict[str, tuple[int, ...]] = field(default_factory=dict)

    @classmethod
    def from_keys(cls, keys: list[str], matrix: np.ndarray) -> "SectionVectors":
        rows: dict[str, int] = {}
        asked: dict[str, list[int]] = {}
        for n, key in enumerate(keys):
            kind, _sep, section_id = key.partition(":")
            if kind == ASKED:
                asked.setdefault(section_id, []).append(n)
            else:
                rows[key] = n
        return cls(rows, matrix, {i: tuple(r) for i, r in asked.items()})

    def signals(self, query: np.ndarray, section_ids: list[str], lang: str) -> list[np.ndarray]:
        """The rerank's two similarities for each section: to its text (``similarities``), and to
        the nearest player's question it answers, in either language (its text's where it has
        none): a question typed at the table is nearer to other players' questions than to the
        rule's prose."""
        own = self.similarities(query, section_ids, lang)
        asked = np.array(
            [
                float((self.matrix[list(rows)] @ query).max()) if (rows := self.asked.get(i)) else own[k]
                for k, i in enumerate(section_ids)
            ]
        )
        return [own, asked]

    def similarities(self, query: np.ndarray, section_ids: list[str], lang: str) -> np.ndarray:
        """Cosine of ``query`` with each section's text in ``lang`` (its Italian text when it has
        no ``lang`` text, 0 when it has none at all)."""
        picked = [self.rows.get(f"{lang}:{i}", self.rows.get(f"it:{i}", -1)) for i in section_ids]
        found = np.array([max(p, 0) for p in picked], dtype=np.intp)
        scores = self.matrix[found] @ query
        scores[np.array(picked) < 0] = 0.0
        return scores


def texts(db: RulesDB) -> tuple[list[str], list[str]]:
    """(keys, texts) of everything encoded: every section in Italian, and in English when it has
    an English heading or text, as passages; the players' questions each section answers (keys
    ``ask:<id>``), as questions (an encoder may read the two kinds differently, as e5 did)."""
    keys, found = [], []
    for section in db.sections.values():
        for lang in ("it", "en"):
            if lang == "it" or section.title_en or section.body_en:
                keys.append(f"{lang}:{section.id}")
                found.append(section_text(section, lang))
        for asked in (*section.asked_it, *section.asked_en):
            keys.append(f"{ASKED}:{section.id}")
            found.append(asked)
    return keys, found


def _text_hash(text: str, question: bool = False) -> str:
    # A question is hashed apart from the same text as a passage: an encoder may read them differently.
    return hashlib.sha256((f"query: {text}" if question else text).encode()).hexdigest()[:24]


def _earlier(root: Path, model: str) -> dict[str, np.ndarray]:
    """Vectors of texts already encoded by ``model`` in the files under ``root``, by text hash:
    an edit to the rules re-encodes only the sections it changed."""
    known: dict[str, np.ndarray] = {}
    for path in root.glob("vectors-*.npz"):
        try:
            with np.load(path) as stored:
                if str(stored["model"]) == model:
                    known.update(zip((str(h) for h in stored["hashes"]), stored["matrix"]))
        except (OSError, KeyError, ValueError):
            continue
    return known


def build(root: Path, db: RulesDB, encoder: Encoder, model: str = encoders.MODEL) -> Path:
    """Encode the sections (reusing the vectors of unchanged texts) and store the vectors; the
    stale files of other digests go."""
    root.mkdir(parents=True, exist_ok=True)
    keys, found = texts(db)
    questions = [key.startswith(f"{ASKED}:") for key in keys]
    hashes = [_text_hash(t, q) for t, q in zip(found, questions)]
    known = _earlier(root, model)
    for kind, encode in ((False, encoder.passages), (True, encoder.queries)):
        missing: dict[str, int] = {}  # hash -> first text with it: a repeated text is encoded once
        for n, h in enumerate(hashes):
            if h not in known and questions[n] == kind:
                missing.setdefault(h, n)
        order = list(missing.values())
        for start in range(0, len(order), BATCH):
            batch = order[start : start + BATCH]
            known.update(zip((hashes[n] for n in batch), encode([found[n] for n in batch])))
    matrix = np.vstack([known[h] for h in hashes]) if hashes else np.zeros((0, 0), np.float32)
    target = vectors_path(root, db, model)
    for leftover in root.glob(".vectors-*.tmp.npz"):  # from a process stopped mid-write (we hold the lock)
        leftover.unlink(missing_ok=True)
    partial = root / f".{target.name}.{os.getpid()}.tmp.npz"
    np.savez(
        partial, keys=np.array(keys), hashes=np.array(hashes), model=np.array(model), matrix=matrix.astype(np.float32)
    )
    os.replace(partial, target)
    for old in root.glob("vectors-*.npz"):
        if old != target:
            old.unlink(missing_ok=True)
    return target


def ensure(
    root: Path, db: RulesDB, encoder: Encoder, force: bool = False, wait: bool = True, model: str = encoders.MODEL
) -> Path | None:
    """The fresh vectors file, encoded first if missing, stale or ``force``d. Without ``wait``,
    None when another process is encoding right now (it will write the file; readers pick it up)."""
    root.mkdir(parents=True, exist_ok=True)
    with open(root / LOCK, "w") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX if wait else fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return None
        path = vectors_path(root, db, model)
        if path.is_file() and not force:
            return path
        return build(root, db, encoder, model)


def load(root: Path, db: RulesDB, model: str = encoders.MODEL) -> SectionVectors | None:
    """The stored vectors for this rules database and model, or None when missing or stale."""
    path = vectors_path(root, db, model)
    try:
        with np.load(path) as stored:
            keys, matrix = [str(k) for k in stored["keys"]], stored["matrix"]
    except (FileNotFoundError, OSError, KeyError, ValueError):
        return None
    if len(keys) != len(matrix):
        return None
    return SectionVectors.from_keys(keys, matrix)
