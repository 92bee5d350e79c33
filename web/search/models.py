"""Search's query-string request, declared once like the JSON bodies, and its answer."""

from __future__ import annotations

from typing import Annotated

from pydantic import ConfigDict, Field

from rules_db.loader import GAMES
from rules_db.search.query import MAX_QUERY_CHARS
from rules_db.search.searcher import MAX_LIMIT, MAX_PAGE
from web.core.i18n import LANGS
from web.core.models import Answer, Count, OneOf, QueryModel, between

Game = Annotated[str, OneOf(tuple(GAMES))]
DEFAULT_API_LIMIT = 10


class SearchQuery(QueryModel):
    model_config = ConfigDict(
        json_schema_extra={"examples": [{"q": "can I retreat into an empty system?", "limit": 3}]}
    )

    q: Annotated[
        str,
        Field(
            max_length=MAX_QUERY_CHARS,
            description=(
                "Words or a question in Italian or English; no query syntax (quotes, colons, AND/OR are text)."
            ),
        ),
    ] = ""
    game: Game | None = None
    limit: Annotated[int, between(1, MAX_LIMIT)] = DEFAULT_API_LIMIT
    page: Annotated[int, between(1, MAX_PAGE)] = 1


class SearchResult(Answer):
    id: str
    game: Game
    title: str
    snippet: str = Field(description="HTML: the text is escaped, matched words are in <mark>.")
    url: str
    score: float


class SearchAnswer(Answer):
    query: str
    lang: Annotated[str, OneOf(LANGS)]
    total: Count
    results: Annotated[list[SearchResult], Field(max_length=MAX_LIMIT)]
    suggestion: str | None
    facets: dict[str, Annotated[int, Field(ge=1)]]
