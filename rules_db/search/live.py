"""The rules database and its search index a server process answers from, kept together and
following rebuilds without a restart.

``flask build-index`` (or a start-up that finds the rules changed) writes a new index beside the
live one and points ``CURRENT`` at it atomically. Each process checks that pointer at most once
per ``CHECK_SECONDS``; when it moved (or vanished), a background thread reloads the rules and the
glossaries from disk, opens the index built from them (building one if it is missing, stale or
damaged) and swaps the pair in with one assignment. Requests keep the pair they started with, so
none ever meets sections the index does not know, nor an empty or half-written index. Whatever
happens to the files, the process keeps answering from the last good pair in memory; when no
folder can hold an index (read-only, full), one is built in memory.
"""

from __future__ import annotations

import logging
import threading
import time
from pathlib import Path

from rules_db.loader import RulesDB, load
from rules_db.search import index
from rules_db.search.glossary import Glossary, load_glossary
from rules_db.search.searcher import RulesSearch

CHECK_SECONDS = 1.0
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


class LiveSearch:
    def __init__(self, root: Path, rules_root: Path):
        self.root, self.rules_root = root, rules_root
        self._seen: Path | None = None  # the pointer on disk when the live pair was opened
        self.reload()
        self._checked = time.monotonic()
        self._reloading = threading.Lock()

    @property
    def directory(self) -> Path | None:
        return self._dir

    @property
    def glossary(self) -> Glossary:
        return self._search.glossary

    def current(self) -> RulesSearch:
        """The live pair (``.db`` is the rules database the index was built from); starts a
        reload in the background when the index on disk moved or vanished."""
        now = time.monotonic()
        if now - self._checked >= CHECK_SECONDS:
            self._checked = now
            if index.current_dir(self.root) != self._seen and self._reloading.acquire(blocking=False):
                threading.Thread(target=self._reload_in_background, daemon=True).start()
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
        search, live = open_search(self.root, load(self.rules_root), load_glossary(), force)
        self._search, self._dir, self._seen = search, live, index.current_dir(self.root)
        return live
