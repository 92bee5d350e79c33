"""The rules reference's JSON: its query-string request, declared once like the JSON bodies, and its answers."""

from __future__ import annotations

from pydantic import ConfigDict, Field

from web.core.models import Answer, Count, Localized, QueryModel, SectionSummary
from web.search.models import Game


class SectionsQuery(QueryModel):
    model_config = ConfigDict(json_schema_extra={"examples": [{"game": "ti4"}]})

    game: Game | None = Field(default=None, description="Only this game's sections.")


class SectionList(Answer):
    count: Count
    sections: list[SectionSummary]


class SectionWhole(SectionSummary):
    """One section with its body in both languages, its place in the hierarchy and its links."""

    body: Localized
    parent: str | None
    children: list[str]
    related: list[str]
    clarified_by: list[str]
    keywords: list[str] = []
