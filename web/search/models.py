"""Query-string requests (the rules database and search), declared once like the JSON bodies."""

from __future__ import annotations

from typing import Annotated

from pydantic import ConfigDict, Field

from rules_db.loader import GAMES
from rules_db.search.query import MAX_QUERY_CHARS
from rules_db.search.searcher import MAX_LIMIT, MAX_PAGE
from web.core.models import OneOf, QueryModel, between

Game = Annotated[str, OneOf(tuple(GAMES))]
DEFAULT_API_LIMIT = 10


class SearchQuery(QueryModel):
    model_config = ConfigDict(json_schema_extra={
        "examples": [{"q": "can I retreat into an empty system?", "limit": 3}]})

    q: Annotated[str, Field(max_length=MAX_QUERY_CHARS, description=(
        "Words or a question in Italian or English; no query syntax (quotes, colons, AND/OR are text)."))] = ""
    game: Game | None = None
    limit: Annotated[int, between(1, MAX_LIMIT)] = DEFAULT_API_LIMIT
    page: Annotated[int, between(1, MAX_PAGE)] = 1
