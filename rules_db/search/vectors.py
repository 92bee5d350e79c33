"""Section vectors for the rerank: computed once per rules-database digest, stored beside the index.

Layout under the index folder (see index.py)::

    vectors-<fingerprint>.npz   one row per (language, section) text and per player's question the
                                section answers (questions/*.tsv), the keys of the rows, and the
                                map fitted on those questions (adapter.py)
    .vectors.lock               held while encoding, so several workers encode once

Encoding every section and question takes 12-18 s of one core, and fitting the map ~11 s more, so
it never happens per request: by ``flask build-index``, or in a background thread after start when
the file is missing or stale.
Until then search answers lexically (the caller logs it). The file is written under a temporary
name and renamed, so a reader never sees half of it.
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import zipfile
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from threadpoolctl import threadpool_limits

from rules_db.loader import RulesDB
from rules_db.search import adapter
from rules_db.search import encoder as encoders
from rules_db.search.encoder import Encoder, section_text

LOCK = ".vectors.lock"
BATCH = 32
# What is stored (2: the sections' players' questions too; 3: the map fitted on them); bump when it changes
RECIPE = 3
ASKED = "ask"  # key prefix of a player's question's row: "ask:<section id>", one per question
# What a damaged or foreign file raises when read: it then counts as missing.
UNREADABLE = (OSError, KeyError, ValueError, IndexError, TypeError, zipfile.BadZipFile)


def fingerprint(db: RulesDB, model: str = encoders.MODEL) -> str:
    """What the vectors were computed from: the rules text and the model with its text recipe."""
    return hashlib.sha256(f"model {model}\nrecipe {RECIPE}\nrules {db.digest}\n".encode()).hexdigest()[:16]


def vectors_path(root: Path, db: RulesDB, model: str = encoders.MODEL) -> Path:
    return root / f"vectors-{fingerprint(db, model)}.npz"


@dataclass(frozen=True)
class SectionVectors:
    """Unit vectors of the sections' texts (averaged over their languages: ``targets``, a row per
    section id in ``sections``), of the players' questions each section answers (rows of
    ``matrix`` by section id), and the map fitted on those questions (adapter.py)."""

    matrix: np.ndarray
    asked: dict[str, tuple[int, ...]]
    adapter: np.ndarray
    sections: dict[str, int]  # section id -> its row of targets
    targets: np.ndarray

    @classmethod
    def from_keys(cls, keys: list[str], matrix: np.ndarray, adapter: np.ndarray) -> "SectionVectors":
        texts, asked = _rows(keys)
        sections, targets = section_targets(texts, matrix)
        return cls(matrix, {i: tuple(r) for i, r in asked.items()}, adapter, sections, targets)

    def signals(self, query: np.ndarray, section_ids: list[str]) -> list[np.ndarray]:
        """The rerank's two similarities for each section: of the question, mapped by the adapter,
        to the section's text (its languages' vectors averaged, as the map was fitted), and of the
        question as typed to the nearest player's question the section answers, in either
        language (its mapped text's where it has none): a question typed at the table is nearer
        to other players' questions than to the rule's prose."""
        mapped = self.adapter @ query
        mapped = mapped / (float(np.linalg.norm(mapped)) or 1.0)
        text = np.array(
            [float(self.targets[k] @ mapped) if (k := self.sections.get(i)) is not None else 0.0 for i in section_ids]
        )
        asked = np.array(
            [
                float((self.matrix[list(rows)] @ query).max()) if (rows := self.asked.get(i)) else text[k]
                for k, i in enumerate(section_ids)
            ]
        )
        return [text, asked]


def _rows(keys: list[str]) -> tuple[dict[str, list[int]], dict[str, list[int]]]:
    """({section id: rows of its texts}, {section id: rows of its players' questions})."""
    texts: dict[str, list[int]] = {}
    asked: dict[str, list[int]] = {}
    for n, key in enumerate(keys):
        kind, _sep, section_id = key.partition(":")
        (asked if kind == ASKED else texts).setdefault(section_id, []).append(n)
    return texts, asked


def section_targets(texts: dict[str, list[int]], matrix: np.ndarray) -> tuple[dict[str, int], np.ndarray]:
    """(section id -> row, rows): each section's text vectors (Italian, and English where it has
    one; ``texts`` as _rows gives them) averaged and scaled to unit length: what the adapter maps
    questions towards."""
    if not texts:
        return {}, np.zeros((0, matrix.shape[1]), np.float32)
    means = np.vstack([matrix[rows].mean(axis=0) for rows in texts.values()])
    norms = np.linalg.norm(means, axis=1, keepdims=True)
    return {i: k for k, i in enumerate(texts)}, (means / np.where(norms > 0, norms, 1.0)).astype(np.float32)


def fit_adapter(keys: list[str], matrix: np.ndarray) -> np.ndarray:
    """adapter.fit on the stored players' questions and their sections' texts, on one core (BLAS
    would take every core, at the priority of a request, from a server encoding in the background).
    The limit is process-wide: meanwhile a request's one 512 x 512 product runs on one core too,
    which costs it nothing measurable; builds never overlap (the vectors' file lock)."""
    texts, asked = _rows(keys)
    sections, targets = section_targets(texts, matrix)
    pairs = [(n, sections[i]) for i, rows in asked.items() if i in sections for n in rows]
    with threadpool_limits(1, user_api="blas"):
        return adapter.fit(matrix[[n for n, _k in pairs]], np.array([k for _n, k in pairs], dtype=np.intp), targets)


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
        except UNREADABLE:
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
    matrix = matrix.astype(np.float32)
    np.savez(
        partial,
        keys=np.array(keys),
        hashes=np.array(hashes),
        model=np.array(model),
        matrix=matrix,
        adapter=fit_adapter(keys, matrix),
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
        if not force and _read(path) is not None:
            return path
        return build(root, db, encoder, model)


def load(root: Path, db: RulesDB, model: str = encoders.MODEL) -> SectionVectors | None:
    """The stored vectors for this rules database and model, or None when missing or stale."""
    return _read(vectors_path(root, db, model))


def _read(path: Path) -> SectionVectors | None:
    """The vectors in ``path``, or None when it is missing, damaged or not a complete file."""
    try:
        with np.load(path) as stored:
            keys, matrix, fitted = [str(k) for k in stored["keys"]], stored["matrix"], stored["adapter"]
        if matrix.ndim != 2 or len(keys) != len(matrix) or fitted.shape != (matrix.shape[1], matrix.shape[1]):
            return None
    except UNREADABLE:
        return None
    return SectionVectors.from_keys(keys, matrix, fitted)
