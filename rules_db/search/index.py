"""Building the index and finding the current one on disk.

Layout under the instance folder::

    index/CURRENT             name of the live index directory (replaced atomically)
    index/<fingerprint>-<n>/  one complete Whoosh index
    index/.lock               held while building, so several server workers build it once

A build writes a new directory beside the live one and only then points CURRENT at it, so a
reader never sees half an index. The fingerprint hashes the rules database digest, the
glossaries and the schema version: any change to what would be indexed makes the index stale.

A server reads the index into memory once (under 3 MB): deleting or damaging the files later
cannot break searches already being answered, and a fresh index on a read-only instance folder is
opened without writing anything (the lock is only taken to build).
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import shutil
import tempfile
import time
from pathlib import Path

from whoosh.filedb.filestore import FileStorage, RamStorage
from whoosh.index import Index

from rules_db.loader import GAMES, RulesDB
from rules_db.search.glossary import Glossary, glossary_files
from rules_db.search.schema import SCHEMA, SCHEMA_VERSION, section_document

CURRENT = "CURRENT"
LOCK = ".lock"


def fingerprint(db: RulesDB) -> str:
    """What the index was built from: rules text, glossaries, schema version."""
    digest = hashlib.sha256(f"schema {SCHEMA_VERSION}\nrules {db.digest}\n".encode())
    for path, _game in glossary_files():
        digest.update(path.name.encode() + b"\n" + path.read_bytes())
    return digest.hexdigest()[:16]


def write_documents(ix: Index, db: RulesDB, glossary: Glossary) -> None:
    """Every section, game by game in reading order: document numbers then break score ties in
    favour of the earlier, more general rule."""
    writer = ix.writer(limitmb=128)
    for game in GAMES:
        for section in db.by_game(game):
            writer.add_document(**section_document(section, db.ancestors(section), glossary))
    writer.commit()


def current_dir(root: Path) -> Path | None:
    try:
        name = (root / CURRENT).read_text(encoding="utf-8").strip()
    except FileNotFoundError:
        return None
    return root / name if name and (root / name).is_dir() else None


def is_fresh(root: Path, db: RulesDB) -> bool:
    live = current_dir(root)
    return live is not None and live.name.split("-", 1)[0] == fingerprint(db)


def build(root: Path, db: RulesDB, glossary: Glossary) -> Path:
    """Build a new index beside the live one, then make it live with one atomic rename."""
    root.mkdir(parents=True, exist_ok=True)
    previous = current_dir(root)
    target = Path(tempfile.mkdtemp(dir=root, prefix=f"{fingerprint(db)}-{time.time_ns()}-"))
    write_documents(FileStorage(str(target)).create_index(SCHEMA), db, glossary)
    pointer = root / f".{CURRENT}.{os.getpid()}.tmp"
    pointer.write_text(target.name + "\n", encoding="utf-8")
    os.replace(pointer, root / CURRENT)
    # Keep the index just replaced (a running server may still read it); older ones go.
    keep = {target.name, previous.name if previous else ""}
    for old in root.iterdir():
        if old.is_dir() and old.name not in keep:
            shutil.rmtree(old, ignore_errors=True)
    return target


def ensure(root: Path, db: RulesDB, glossary: Glossary, force: bool = False) -> tuple[Path, bool]:
    """The live index directory, built first if missing, stale or ``force``d; (dir, built?).

    A fresh index is returned without touching the disk; OSError when one must be built but the
    folder cannot take it (read-only, full)."""
    live = current_dir(root)
    if live is not None and not force and is_fresh(root, db):
        return live, False
    root.mkdir(parents=True, exist_ok=True)
    with open(root / LOCK, "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # another worker may be building right now: wait for it
        live = current_dir(root)
        if live is not None and not force and is_fresh(root, db):
            return live, False
        return build(root, db, glossary), True


class Damaged(Exception):
    """An index directory that cannot be read back whole."""


def open_dir(path: Path, sections: int | None = None) -> Index:
    """The index at ``path``, copied into memory; Damaged if it is unreadable or, when
    ``sections`` is given, does not hold that many documents."""
    disk = FileStorage(str(path), readonly=True)
    memory = RamStorage()
    try:
        for name in disk.list():
            with disk.open_file(name) as source:
                memory.files[name] = source.read()
        ix = memory.open_index()
        count = ix.doc_count()
    except Exception as error:  # whoosh raises many kinds (EOFError, struct.error, ...) on bad files
        raise Damaged(f"{path}: {error!r}") from error
    if sections is not None and count != sections:
        raise Damaged(f"{path}: {count} documents for {sections} sections")
    return ix


def build_in_memory(db: RulesDB, glossary: Glossary) -> Index:
    """An index that lives only in this process, for when no folder can hold one."""
    ix = RamStorage().create_index(SCHEMA)
    write_documents(ix, db, glossary)
    return ix
