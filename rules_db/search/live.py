"""The index a server process searches, following rebuilds without a restart.

``flask build-index`` (or a start-up that finds the rules changed) writes a new index beside the
live one and points ``CURRENT`` at it atomically. Each process checks that pointer at most once
per ``CHECK_SECONDS`` and, when it moved, opens the new index and swaps it in with one
assignment: requests already running finish on the old index (its files stay open), new ones
use the new index, and none ever sees an empty or half-written one.
"""

from __future__ import annotations

import threading
import time
from pathlib import Path

from rules_db.loader import RulesDB
from rules_db.search import index
from rules_db.search.glossary import Glossary
from rules_db.search.searcher import RulesSearch

CHECK_SECONDS = 1.0


class LiveSearch:
    def __init__(self, root: Path, db: RulesDB, glossary: Glossary):
        self.root, self.db, self.glossary = root, db, glossary
        live, _built = index.ensure(root, db, glossary)
        self._dir = live
        self._search = RulesSearch(index.open_dir(live), db, glossary)
        self._checked = time.monotonic()
        self._lock = threading.Lock()

    @property
    def directory(self) -> Path:
        return self._dir

    def current(self) -> RulesSearch:
        """The search object for the live index, reopened if a rebuild replaced it."""
        now = time.monotonic()
        if now - self._checked >= CHECK_SECONDS:
            self._checked = now
            live = index.current_dir(self.root)
            if live is not None and live != self._dir:
                with self._lock:
                    if live != self._dir:
                        self._search = RulesSearch(index.open_dir(live), self.db, self.glossary)
                        self._dir = live
        return self._search
