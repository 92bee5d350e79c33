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
from pathlib import Path
from types import FrameType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app import create_app  # noqa: E402
from web.core import compute  # noqa: E402
from web.ti4_combat.models import Ti4Battle  # noqa: E402


def traced(client: Any, body: dict) -> dict[str, Counter[str]]:
    """{project file: how many times each of its functions was called} during one request."""
    seen: dict[str, Counter[str]] = defaultdict(Counter)

    def record(frame: FrameType, event: str, _arg: object) -> None:
        path = Path(frame.f_code.co_filename)
        if event == "call" and path.is_relative_to(ROOT) and ".venv" not in path.parts:
            seen[str(path.relative_to(ROOT))][frame.f_code.co_name] += 1

    sys.setprofile(record)
    try:
        answer = client.post("/api/combat/ti4", json=body)
    finally:
        sys.setprofile(None)
    assert answer.status_code == 200, answer.get_json()
    return seen


def main() -> None:
    client = create_app().test_client()
    body = Ti4Battle.model_json_schema()["examples"][0]
    client.post("/api/combat/ti4", json=body)  # the first request of a process loads what every later one shares
    cached = traced(client, body)
    compute.CACHE = compute.LRUCache(compute.CACHE_SIZE)  # an empty cache: the battle is computed
    fresh = traced(client, body)
    for name, seen in (("answered from the cache", cached), ("computed", fresh)):
        folders: dict[str, list[str]] = defaultdict(list)
        for path in sorted(seen):
            folder, _slash, file = path.rpartition("/")
            folders[folder].append(file)
        print(f"{name}: {len(seen)} project files")
        for folder, files in folders.items():
            print(f"  {folder + '/':<20} {', '.join(files)}")


if __name__ == "__main__":
    main()
