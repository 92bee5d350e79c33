"""The rules database and its search index a server process answers from, kept together and
following rebuilds without a restart, and the section vectors its rerank uses once they exist.

``flask build-index`` (or a start-up that finds the rules changed) writes a new index beside the
live one and points ``CURRENT`` at it atomically. Each process checks that pointer at most once
per ``CHECK_SECONDS``; when it moved (or vanished), a background thread reloads the rules and the
glossaries from disk, opens the index built from them (building one if it is missing, stale or
damaged) and swaps the pair in with one assignment. Requests keep the pair they started with, so
none ever meets sections the index does not know, nor an empty or half-written index. Whatever
happens to the files, the process keeps answering from the last good pair in memory; when no
folder can hold an index (read-only, full), one is built in memory.

The section vectors (vectors.py) are checked on the same beat: while they are missing or stale
search answers lexically (logged once), and ``start_vectors_build`` encodes them in a background
thread so that start-up never waits for the encoder.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from pathlib import Path
from typing import Callable

from rules_db.loader import RulesDB, load
from rules_db.search import index, vectors
from rules_db.search.encoder import Encoder, default_encoder
from rules_db.search.glossary import Glossary, load_glossary
from rules_db.search.searcher import RulesSearch

CHECK_SECONDS = 1.0
BACKGROUND_NICE = 10  # added to the background encode's nice value: requests first
MAX_NICE = 19
log = logging.getLogger(__name__)


def open_search(root: Path, db: RulesDB, glossary: Glossary, force: bool = False) -> tuple[RulesSearch, Path | None]:
    """The search for ``db`` and the index directory it came from (None: built in memory)."""
    for rebuild in (force, True):
        try:
            live, _built = index.ensure(root, db, glossary, force=rebuild)
        except OSError as error:
            log.warning("cannot build the search index under %s (%s): building it in memory", root, error)
            break
        try:
            return RulesSearch(index.open_dir(live, len(db.sections)), db, glossary), live
        except index.Damaged as error:
            log.warning("damaged search index, rebuilding it: %s", error)
    return RulesSearch(index.build_in_memory(db, glossary), db, glossary), None


def from_disk(rules_root: Path) -> Callable[[], tuple[RulesDB, Glossary]]:
    """The rules under ``rules_root`` and the glossaries, read afresh at each call."""
    return lambda: (load(rules_root), load_glossary())


def lower_priority() -> None:
    """Run the calling thread (and the encoder's worker threads it starts) at a lower CPU
    priority: the background encode takes seconds of a core, requests come first. On Linux
    the nice value is per thread; elsewhere this may fail, and the encode runs as it is."""
    try:
        me = threading.get_native_id()
        os.setpriority(os.PRIO_PROCESS, me, min(MAX_NICE, os.getpriority(os.PRIO_PROCESS, me) + BACKGROUND_NICE))
    except (AttributeError, OSError):
        pass


class LiveSearch:
    def __init__(
        self,
        root: Path,
        source: Callable[[], tuple[RulesDB, Glossary]],
        encoder: Callable[[], Encoder] | None = default_encoder,
    ):
        """``source`` reads the rules and glossaries (``from_disk``); ``encoder``: a factory of
        the sentence encoder, None for a lexical search only."""
        self.root, self.source, self.encoder = root, source, encoder
        self._seen: Path | None = None  # the pointer on disk when the live pair was opened
        self._lock = threading.Lock()
        self.reload()
        self._checked = time.monotonic()
        self._reloading = threading.Lock()
        if encoder is not None and self._search.semantic is None:
            log.warning(
                "search: section vectors missing or stale in %s; answering lexically until they are built", root
            )

    @property
    def directory(self) -> Path | None:
        return self._dir

    @property
    def db(self) -> RulesDB:
        return self._search.db

    @property
    def glossary(self) -> Glossary:
        return self._search.glossary

    def _attach_vectors(self, search: RulesSearch) -> bool:
        """Give ``search`` the stored vectors if they are fresh; False when they are not."""
        if self.encoder is None or not vectors.vectors_path(self.root, search.db).is_file():
            return False
        found = vectors.load(self.root, search.db)
        if found is None:
            return False
        try:
            encoder = self.encoder()
        except Exception:  # e.g. a model that fails to load (a broken install): stay lexical
            log.exception("search: the sentence encoder cannot be loaded; search stays lexical")
            self.encoder = None
            return False
        search.use_vectors(found, encoder)
        log.info("search: rerank on (%d section vectors)", len(found.sections))
        return True

    def start_vectors_build(self) -> threading.Thread:
        """Encode the section vectors in a daemon thread unless fresh ones exist (or another
        process is encoding them); searches pick them up when written."""
        factory, db = self.encoder, self.db
        if factory is None:
            raise ValueError("no encoder configured")

        def build() -> None:
            lower_priority()
            started = time.monotonic()
            try:
                path = vectors.ensure(self.root, db, factory(), wait=False)
            except Exception:  # a failed encode leaves search lexical, never the server down
                log.exception("search: building the section vectors failed; search stays lexical")
                return
            if path is not None:
                log.info("search: section vectors ready in %.1f s: %s", time.monotonic() - started, path)

        thread = threading.Thread(target=build, name="search-vectors", daemon=True)
        thread.start()
        return thread

    def current(self) -> RulesSearch:
        """The live pair (``.db`` is the rules database the index was built from); starts a
        reload in the background when the index on disk moved or vanished, and switches the
        rerank on as soon as the vectors exist."""
        now = time.monotonic()
        if now - self._checked >= CHECK_SECONDS:
            self._checked = now
            if index.current_dir(self.root) != self._seen:
                if self._reloading.acquire(blocking=False):
                    threading.Thread(target=self._reload_in_background, daemon=True).start()
            elif self._search.semantic is None and self.encoder is not None:
                with self._lock:
                    if self._search.semantic is None:
                        self._attach_vectors(self._search)
        return self._search

    def _reload_in_background(self) -> None:
        try:
            self.reload()
        except Exception:  # the old pair keeps serving; the next check tries again
            log.exception("reloading the rules and the search index failed")
        finally:
            self._reloading.release()

    def reload(self, force: bool = False) -> Path | None:
        """Reload the rules and glossaries from disk with their index (rebuilt if ``force``)."""
        search, live = open_search(self.root, *self.source(), force)
        self._attach_vectors(search)
        self._search, self._dir, self._seen = search, live, index.current_dir(self.root)
        return live
