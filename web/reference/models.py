"""Query-string requests of the rules reference's JSON, declared once like the JSON bodies."""

from __future__ import annotations

from pydantic import ConfigDict, Field

from web.core.models import QueryModel
from web.search.models import Game


class SectionsQuery(QueryModel):
    model_config = ConfigDict(json_schema_extra={"examples": [{"game": "ti4"}]})

    game: Game | None = Field(default=None, description="Only this game's sections.")
