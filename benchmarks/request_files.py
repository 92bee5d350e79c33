"""Which project files one TI4 combat request runs, from JSON to answer (issue 15's measure of
the layout): ``sys.setprofile`` records every function called during one ``POST /api/combat/ti4``
of the request model's example, through the app's test client (the per-request hooks included),
once answered from the result cache and once computed afresh.

Run ``python benchmarks/request_files.py``; docs/layout.md quotes its counts, and
tests/web/ti4_combat/test_request_path.py holds the request to that path.
"""

from __future__ import annotations

import sys
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app import create_app  # noqa: E402
from web.core import compute  # noqa: E402
from web.ti4_combat.models import Ti4Battle  # noqa: E402


@dataclass
class Trace:
    """What one request ran: per project file, its functions' call events (a generator's resumes
    count too), and the engine functions called straight from web code: the crossings."""

    files: dict[str, Counter[str]] = field(default_factory=lambda: defaultdict(Counter))
    crossings: Counter[str] = field(default_factory=Counter)


def _project_file(frame: FrameType | None) -> str | None:
    path = Path(frame.f_code.co_filename) if frame else None
    if path is None or not path.is_relative_to(ROOT) or ".venv" in path.parts:
        return None
    return str(path.relative_to(ROOT))


def traced(client: Any, body: dict) -> Trace:
    """The Trace of one ``POST /api/combat/ti4`` of ``body`` (which must be answered)."""
    trace = Trace()

    def record(frame: FrameType, event: str, _arg: object) -> None:
        if event != "call" or (file := _project_file(frame)) is None:
            return
        trace.files[file][frame.f_code.co_name] += 1
        caller = _project_file(frame.f_back)
        if file.startswith("engine/") and caller and caller.startswith("web/"):
            trace.crossings[f"{file}:{frame.f_code.co_name}"] += 1

    previous = sys.getprofile()
    sys.setprofile(record)
    try:
        answer = client.post("/api/combat/ti4", json=body)
    finally:
        sys.setprofile(previous)
    assert answer.status_code == 200, answer.get_json()
    return trace


def main() -> None:
    client = create_app().test_client()
    body = Ti4Battle.model_json_schema()["examples"][0]
    client.post("/api/combat/ti4", json=body)  # the first request of a process loads what every later one shares
    cached = traced(client, body)
    compute.CACHE = compute.LRUCache(compute.CACHE_SIZE)  # an empty cache: the battle is computed
    fresh = traced(client, body)
    for name, trace in (("answered from the cache", cached), ("computed", fresh)):
        folders: dict[str, list[str]] = defaultdict(list)
        for path in sorted(trace.files):
            folder, _slash, file = path.rpartition("/")
            folders[folder].append(file)
        print(f"{name}: {len(trace.files)} project files")
        for folder, files in folders.items():
            print(f"  {folder + '/':<20} {', '.join(files)}")
        print(f"  web -> engine: {', '.join(sorted(trace.crossings)) or 'never'}")


if __name__ == "__main__":
    main()
