"""Reading JSON request bodies field by field, with a 400 that names the field.

Each getter takes the object, the key and the ``path`` of that object in the request (so the
error can say ``attacker.ships[2].count``), checks type and bounds before any work is done, and
raises ``ApiError`` with a message in the request's language.
"""

from __future__ import annotations

import math
from typing import Any, Callable, Iterable, Iterator, Mapping, Sequence

from flask import request
from flask_babel import gettext as _

from engine.reasons import InvalidInput
from web.errors import ApiError

MISSING: Any = object()


def field_path(path: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


def json_object() -> dict:
    """The request body as a JSON object, or a 400 (absurdly deep nesting included)."""
    try:
        data = request.get_json(silent=True)
    except RecursionError:
        data = None
    if not isinstance(data, dict):
        raise ApiError("invalid_json", _("The request body must be a JSON object."))
    return data


def _fetch(obj: Mapping, key: str, path: str, default: Any) -> Any:
    if key in obj and obj[key] is not None:
        return obj[key]
    if default is MISSING:
        raise ApiError("missing_field", _("The field %(field)s is required.", field=field_path(path, key)),
                       field_path(path, key))
    return default


def get_int(obj: Mapping, key: str, *, lo: int, hi: int, path: str = "", default: Any = MISSING) -> int:
    """A whole number within [lo, hi]; booleans and fractions are refused."""
    value = _fetch(obj, key, path, default)
    where = field_path(path, key)
    if isinstance(value, float) and math.isfinite(value) and value.is_integer():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise ApiError("not_an_integer", _("The field %(field)s must be a whole number.", field=where), where)
    if not lo <= value <= hi:
        raise ApiError(
            "out_of_range",
            _("The field %(field)s must be between %(lo)s and %(hi)s.", field=where, lo=lo, hi=hi),
            where,
        )
    return value


def get_bool(obj: Mapping, key: str, *, path: str = "", default: Any = MISSING) -> bool:
    value = _fetch(obj, key, path, default)
    if not isinstance(value, bool):
        where = field_path(path, key)
        raise ApiError("not_a_boolean", _("The field %(field)s must be true or false.", field=where), where)
    return value


def get_str(obj: Mapping, key: str, *, max_len: int, path: str = "", default: Any = MISSING) -> str:
    value = _fetch(obj, key, path, default)
    where = field_path(path, key)
    if not isinstance(value, str):
        raise ApiError("not_a_string", _("The field %(field)s must be text.", field=where), where)
    if len(value) > max_len:
        raise ApiError(
            "too_long",
            _("The field %(field)s is longer than %(max)s characters.", field=where, max=max_len),
            where,
        )
    return value


def get_choice(obj: Mapping, key: str, choices: Iterable[str], *, path: str = "", default: Any = MISSING) -> str:
    value = _fetch(obj, key, path, default)
    allowed = list(choices)
    if not isinstance(value, str) or value not in allowed:
        where = field_path(path, key)
        raise ApiError(
            "unknown_choice",
            _("The field %(field)s must be one of: %(choices)s.", field=where, choices=", ".join(allowed)),
            where,
        )
    return value


def get_list(obj: Mapping, key: str, *, max_items: int, path: str = "", default: Any = MISSING) -> list:
    value = _fetch(obj, key, path, default)
    where = field_path(path, key)
    if not isinstance(value, list):
        raise ApiError("not_a_list", _("The field %(field)s must be a list.", field=where), where)
    if len(value) > max_items:
        raise ApiError(
            "too_many_items",
            _("The field %(field)s may hold at most %(max)s items.", field=where, max=max_items),
            where,
        )
    return value


def get_optional(getter: Callable[..., Any], obj: Mapping, key: str, *args: Any, **options: Any) -> Any:
    """``None`` when the field is absent or null, else ``getter``'s checked value."""
    return None if obj.get(key) is None else getter(obj, key, *args, **options)


def get_object(obj: Mapping, key: str, *, path: str = "", default: Any = MISSING) -> dict:
    return as_object(_fetch(obj, key, path, default), field_path(path, key))


def as_object(value: Any, path: str) -> dict:
    """A value (a field, or an item of a list) that must itself be an object."""
    if not isinstance(value, dict):
        raise ApiError("not_an_object", _("The field %(field)s must be an object.", field=path), path)
    return value


def get_objects(obj: Mapping, key: str, fields: Sequence[str], *, max_items: int, path: str = "",
                default: Any = MISSING) -> Iterator[tuple[str, dict]]:
    """Each item of a list of objects as (its path, the object), misspelt fields refused.

    A generator, so each item is checked just before the caller reads it and errors come in
    the order of the request, as if the caller had written the loop itself.
    """
    where = field_path(path, key)
    for i, raw in enumerate(get_list(obj, key, max_items=max_items, path=path, default=default)):
        item_path = field_path(where, i)
        item = as_object(raw, item_path)
        reject_unknown(item, fields, path=item_path)
        yield item_path, item


def get_each(values: list, path: str, getter: Callable[..., Any], **options: Any) -> list:
    """Each item of an already read list checked by ``getter`` as the field ``path[i]``."""
    indexed = dict(enumerate(values))
    return [getter(indexed, i, path=path, **options) for i in indexed]


def reject_unknown(obj: Mapping, allowed: Sequence[str], *, path: str = "") -> None:
    """Refuse misspelt fields instead of silently ignoring what the user meant."""
    for key in obj:
        if key not in allowed:
            where = field_path(path, str(key))
            raise ApiError("unknown_field", _("The field %(field)s is not recognised.", field=where), where)


def invalid_input(error: InvalidInput, messages: Mapping[str, Any]) -> ApiError:
    """Turn an engine refusal into a 400, using the view's own translated messages.

    ``messages`` maps engine codes to lazy strings that may use the error's params, its
    ``field`` and its ``rule`` as ``%(name)s`` placeholders.
    """
    template = messages.get(error.code)
    params = {**error.params, "field": error.field or "", "rule": error.rule or ""}
    if template is None:
        message = _("The input is not valid (%(code)s).", code=error.code)
    else:
        try:
            message = str(template) % params
        except (KeyError, TypeError, ValueError):
            message = str(template)
    return ApiError(error.code, message, error.field)
