"""Declarative request models: one pydantic model per request, and its refusals as the API's 400.

A model holds a request's types, limits, defaults and examples; ``/api/openapi.json`` is
generated from the same models, so the description cannot drift from what is checked. Pydantic
reports every problem as (``type``, ``loc``); ``refusal`` turns the first one into the contract
``{"error": {"code", "message", "field"}}`` with the message in the request's language and the
field written as the request spells it (``attacker.ships[2].count``).

Rules that need the whole request (piece limits across groups, who may retreat where) stay in
the engines, which answer 422 for a well-formed request that the game's rules refuse.
"""

from __future__ import annotations

import math
import re
from functools import cache
from typing import Annotated, Any, ClassVar, Iterable, Mapping, TypeVar

from annotated_types import Interval
from flask import request
from flask_babel import gettext as _
from pydantic import BaseModel, ConfigDict, Field, GetCoreSchemaHandler, RootModel, ValidationError, ValidationInfo
from pydantic import field_validator
from pydantic.config import JsonDict
from pydantic_core import CoreSchema, PydanticCustomError, core_schema

from rules_db.loader import GAMES
from web.core.errors import ApiError, framed
from web.core.i18n import ungettext
from web.core.messages import Counted, field_offset, fill, one_of

M = TypeVar("M", bound=BaseModel)

# The codes of a request that does not match its schema (HTTP 400); the engines' own codes, for a
# well-formed request that the rules refuse, come with HTTP 422.
SCHEMA_CODES = frozenset(
    {
        "invalid_json",
        "missing_field",
        "unknown_field",
        "not_an_integer",
        "out_of_range",
        "not_a_boolean",
        "not_a_string",
        "too_long",
        "empty_text",
        "unknown_choice",
        "not_a_list",
        "too_many_items",
        "too_few_items",
        "not_an_object",
        "invalid_value",
    }
)


def whole_numbers(value: Any) -> Any:
    """JSON has one number type: 3.0 is the whole number 3 (booleans and "3" stay refused)."""
    if isinstance(value, float) and math.isfinite(value) and value.is_integer():
        return int(value)
    if isinstance(value, dict):
        return {key: whole_numbers(item) for key, item in value.items()}
    if isinstance(value, list):
        return [whole_numbers(item) for item in value]
    return value


class OneOf:
    """One of a fixed list of values (an engine's ids), as pydantic's literal and JSON Schema's enum.

    ``Annotated[str, OneOf(COLOURS)]`` instead of ``Literal[COLOURS]``: the values live in the
    engine's tuples, which a type checker cannot read as a Literal.
    """

    def __init__(self, values: Iterable[Any]):
        self.values = list(values)

    def __get_pydantic_core_schema__(self, source: Any, handler: GetCoreSchemaHandler) -> CoreSchema:
        return core_schema.literal_schema(self.values)


def between(lo: int, hi: int) -> Interval:
    """Both bounds of a number, so a refusal can say "between lo and hi"."""
    return Interval(ge=lo, le=hi)


def cited(code: str, rule: str | None = None) -> Any:
    """A bound the game sets, refused in the game's words: ``code`` names the message in the
    tool's catalogue (the request model's ``refusals``) that says the limit as the rules do and
    cites ``rule``. OpenAPI shows both beside the bound (``x-refusal``, ``x-rule``)."""
    extra: JsonDict = {"x-refusal": code}
    if rule:
        extra["x-rule"] = rule
    return Field(json_schema_extra=extra)


class RequestModel(BaseModel):
    """A JSON request body: exact types (no "3" for 3), misspelt fields refused, never mutated.

    ``refusals``: the tool's message catalogue, for the fields whose bounds are ``cited``;
    ``names``: how those messages name a field's key (``%(unit)s``: "Dreadnought", not "dreadnought").
    """

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)
    refusals: ClassVar[Mapping[str, Any]] = {}
    names: ClassVar[Mapping[str, Any]] = {}


class QueryModel(BaseModel):
    """Query parameters: text by nature, so numbers are parsed from their digits."""

    model_config = ConfigDict(extra="ignore", frozen=True)

    @field_validator("*", mode="before")
    @classmethod
    def _digits_only(cls, value: Any, info: ValidationInfo) -> Any:
        """A whole number written with ASCII digits alone (and a sign): pydantic would also read
        Python's "1_0", " 5" and other scripts' digits, which no client means."""
        annotation = cls.model_fields[info.field_name].annotation if info.field_name else None
        if annotation is int and isinstance(value, str) and not re.fullmatch(r"[+-]?[0-9]+", value):
            raise PydanticCustomError("int_parsing", "digits only")
        return value


# --- Answers ------------------------------------------------------------------------------
# Response models document what the API answers: ``/api/openapi.json`` generates the response
# schemas from them. The views still build the JSON themselves (plain dicts, the same bytes as
# before); schemathesis and the API tests check every answer against these models' schemas.

Probability = Annotated[float, Field(ge=0, le=1)]
Count = Annotated[int, Field(ge=0)]
RuleId = Annotated[str, Field(pattern=rf"^({'|'.join(GAMES)})/[a-z0-9][a-z0-9.\-]*$")]


class Answer(BaseModel):
    """A JSON answer's shape (open: a client ignores a field it does not know)."""


class Localized(Answer):
    it: str
    en: str


class Reason(Answer):
    """One verdict's reason, as ``web.core.verdicts`` writes it."""

    code: str
    message: str
    rule: str
    rule_label: str
    params: dict[str, Any] = Field(description="The numbers and ids behind the message.")


class Citation(Answer):
    url: str
    label: str


class Citations(RootModel[dict[str, Citation]]):
    """Each cited section id: its page and what its link says."""


class ErrorDetail(Answer):
    code: str
    message: str
    field: str | None
    rule: str | None = Field(None, description="The rule a refusal rests on (its link in citations).")
    field_at: int | None = Field(
        None,
        ge=0,
        description="Where the message writes `field` (an offset in UTF-16 code units), when it names it: "
        "a page may put the field's label there.",
    )
    citations: Citations | None = None


class Error(Answer):
    """Every 4xx: the contract ``{"error": {"code", "message", "field"}}``."""

    error: ErrorDetail


class SectionSummary(Answer):
    id: str
    game: str
    number: str
    number_en: str
    title: Localized
    url: str


class Cited(Answer):
    """The rules an answer rests on, and their links."""

    rules: list[RuleId]
    citations: Citations


# --- The offline copy's answers (``/api/offline``: a core route, not a tool) ---------------------


class GameInfo(Answer):
    id: str
    name: Localized
    sections: Count


class OfflineShell(Answer):
    """What an installed copy keeps: the caches' version, the app shell's urls, the games."""

    version: str
    shell: list[str]
    games: list[GameInfo]


class OfflineSection(SectionSummary):
    body: Localized


class OfflineGame(Answer):
    """One game for offline reading: its pages and every section with both bodies."""

    version: str
    game: str
    pages: list[str]
    sections: list[OfflineSection]


def field_path(loc: tuple[int | str, ...]) -> str:
    """``("attacker", "ships", 2, "count")`` -> ``attacker.ships[2].count``."""
    path = ""
    for key in loc:
        if isinstance(key, int):
            path += f"[{key}]"
        else:
            path = f"{path}.{key}" if path else str(key)
    return path


@cache
def _schema(model: type[BaseModel]) -> dict[str, Any]:
    return model.model_json_schema()


def _resolve(root: dict[str, Any], node: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in node:
        node = root["$defs"][node["$ref"].rsplit("/", 1)[-1]]
    if "properties" not in node and "type" not in node:  # X | None: the X (a list of choices first)
        branches = [b for b in node.get("anyOf", ()) if b.get("type") != "null"]
        if branches:
            return _resolve(root, min(branches, key=lambda b: "enum" not in b))
    return node


def schema_at(model: type[BaseModel], loc: tuple[int | str, ...]) -> dict[str, Any]:
    """The JSON Schema of the field at ``loc`` (for the bounds and choices a message names)."""
    root = _schema(model)
    node = _resolve(root, root)
    for key in loc:
        if isinstance(key, int):
            node = node.get("items", {}) if isinstance(node.get("items"), dict) else {}
        elif key in node.get("properties", {}):
            node = node["properties"][key]
        elif isinstance(node.get("additionalProperties"), dict):
            node = node["additionalProperties"]
        else:
            return {}
        node = _resolve(root, node)
    return node


# A list's length refused in the API's frame, its noun agreeing with the bound.
TOO_MANY_ITEMS = Counted(
    "max",
    lambda n: ungettext(
        "The field %(field)s may hold at most %(max)s item.", "The field %(field)s may hold at most %(max)s items.", n
    ),
)
TOO_FEW_ITEMS = Counted(
    "min",
    lambda n: ungettext(
        "The field %(field)s needs at least %(min)s item.", "The field %(field)s needs at least %(min)s items.", n
    ),
)


def refusal(model: type[BaseModel], error: Mapping[str, Any]) -> ApiError:
    """One pydantic error as the API's 400, in the request's language, with where its message
    writes the field."""
    loc = tuple(error["loc"])
    kind = error["type"]
    ctx = error.get("ctx") or {}
    field = field_path(loc)
    if not loc:
        return ApiError("invalid_json", _("The request body must be a JSON object."))
    if kind == "missing":
        return framed("missing_field", lambda f: _("The field %(field)s is required.", field=f), field)
    if kind == "extra_forbidden" or loc[-1] == "[key]":  # a misspelt field, or a key outside an enum
        field = field_path(loc[:-1]) if loc[-1] == "[key]" else field
        return framed("unknown_field", lambda f: _("The field %(field)s is not recognised.", field=f), field)
    if kind in ("int_type", "int_parsing", "int_from_float"):
        return framed("not_an_integer", lambda f: _("The field %(field)s must be a whole number.", field=f), field)
    if kind in ("greater_than_equal", "less_than_equal", "greater_than", "less_than"):
        schema = schema_at(model, loc)
        lo, hi = schema.get("minimum", ctx.get("ge")), schema.get("maximum", ctx.get("le"))
        template = getattr(model, "refusals", {}).get(schema.get("x-refusal"))
        # The game's words say its limit ("at most 4 per side"): a value below the minimum keeps
        # the plain message, unless those words name the minimum too.
        if template is not None and kind.startswith("greater_than") and "%(min)s" not in str(template):
            template = None
        if template is not None:  # the game's own words for its limit, with the rule they rest on
            value, key = error.get("input"), str(loc[-1])
            params = {
                "field": field,
                "min": lo,
                "max": hi,
                "value": value if isinstance(value, int) and abs(value) < 10**9 else "…",
                "rule": schema.get("x-rule", ""),
                "unit": str(getattr(model, "names", {}).get(key, key)),
            }
            return ApiError(
                "out_of_range",
                fill(template, params),
                field,
                rule=schema.get("x-rule") or None,
                field_at=field_offset(template, params),
            )
        return framed(
            "out_of_range",
            lambda f: _("The field %(field)s must be between %(lo)s and %(hi)s.", field=f, lo=lo, hi=hi),
            field,
        )
    if kind in ("bool_type", "bool_parsing"):
        return framed("not_a_boolean", lambda f: _("The field %(field)s must be true or false.", field=f), field)
    if kind == "string_type":
        return framed("not_a_string", lambda f: _("The field %(field)s must be text.", field=f), field)
    if kind == "string_too_long":
        return framed(
            "too_long",
            lambda f: _("The field %(field)s is longer than %(max)s characters.", field=f, max=ctx.get("max_length")),
            field,
        )
    if kind == "string_too_short":
        return framed("empty_text", lambda f: _("The field %(field)s must not be empty.", field=f), field)
    if kind in ("literal_error", "enum"):
        choices = ", ".join(str(c) for c in schema_at(model, loc).get("enum", ()) if c is not None)
        return framed(
            "unknown_choice",
            lambda f: one_of(f, choices),
            field,
        )
    if kind in ("list_type", "tuple_type"):
        return framed("not_a_list", lambda f: _("The field %(field)s must be a list.", field=f), field)
    if kind == "too_long":
        return framed(
            "too_many_items",
            lambda f: fill(TOO_MANY_ITEMS, {"field": f, "max": ctx.get("max_length")}),
            field,
        )
    if kind == "too_short":
        return framed(
            "too_few_items",
            lambda f: fill(TOO_FEW_ITEMS, {"field": f, "min": ctx.get("min_length")}),
            field,
        )
    if kind in ("model_type", "dict_type", "model_attributes_type"):
        return framed("not_an_object", lambda f: _("The field %(field)s must be an object.", field=f), field)
    return framed("invalid_value", lambda f: _("The field %(field)s is not valid.", field=f), field)


def validate(model: type[M], data: Any) -> M:
    """``data`` as ``model``, or the first problem as a 400."""
    try:
        return model.model_validate(whole_numbers(data))
    except ValidationError as error:
        raise refusal(model, error.errors(include_url=False)[0]) from None


def read_json(model: type[M]) -> M:
    """The request body as ``model`` (a body that is not a JSON object is ``invalid_json``)."""
    try:
        data = request.get_json(silent=True)
    except RecursionError:  # absurdly deep nesting
        data = None
    if not isinstance(data, dict):
        raise ApiError("invalid_json", _("The request body must be a JSON object."))
    return validate(model, data)


def read_query(model: type[M]) -> M:
    """The query string as ``model``; ``lang`` is read by the language selector."""
    return validate(model, {key: value for key, value in request.args.items() if key != "lang"})
