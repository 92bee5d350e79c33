"""Links back to the page being served, with a query string of the reader's own parameters.

Query parameters come from the client, so they never go through ``url_for`` as keyword
arguments: there ``endpoint``, ``_external`` or ``_method`` mean something else (a 500, or a
redirect to whatever host the request named)."""

from __future__ import annotations

from typing import Mapping, Sequence
from urllib.parse import urlencode


def query_url(path: str, args: Mapping[str, Sequence[str]]) -> str:
    """``path`` followed by ``args`` (name -> values) as its query string, if any."""
    query = urlencode({k: list(v) for k, v in args.items()}, doseq=True)
    return f"{path}?{query}" if query else path
