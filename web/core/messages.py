"""Filling a catalogue message: one way for every tool's reasons and refusals.

A message is a translated template with ``%(name)s`` placeholders, or a ``Counted`` one whose
grammar follows a count among its params ("at least 1 item", "at least 2 items").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping

from babel import numbers
from flask_babel import get_locale
from flask_babel import gettext as _


@dataclass(frozen=True)
class Counted:
    """A message whose grammar follows a count among its params: ``forms(n)`` is an
    ``ungettext`` call (so the catalogue holds every plural form) and ``count`` the param that
    sets ``n`` (a list counts its items: "Anna reached" but "Anna, Bruno reached")."""

    count: str
    forms: Callable[[int], str]

    def text(self, params: Mapping[str, Any]) -> str:
        value = params.get(self.count, 0)
        return self.forms(len(value) if isinstance(value, (list, tuple)) else int(value))


# Stands for the field path while its place in a message is looked for: a noncharacter, which no
# keyboard types (a NUL in a hex name would otherwise hide the place).
FIELD_MARK = "\ufdd0"


def one_of(field: str, choices: str) -> str:
    """The refusal of a value outside its list, for the API's frame and the pages alike."""
    return _("The field %(field)s must be one of: %(choices)s.", field=field, choices=choices)


def utf16_offset(text: str, at: int) -> int:
    """``text[:at]``'s length as a page script counts it (UTF-16 code units)."""
    return len(text[:at].encode("utf-16-le")) // 2


def path_in_words(message: str, path: str | None, words: str, at: int | None) -> str | None:
    """``message`` with the field path it names told in ``words``, at ``at`` (the error's
    ``field_at``, in UTF-16 units): the server-rendered pages' twin of ``pathInWords`` in
    static/js/common.js. None when the message does not write the path there."""
    if not path or at is None:
        return None
    units = 0
    for index, char in enumerate(message):
        if units == at:
            if message[index : index + len(path)] != path:
                return None
            return message[:index] + words + message[index + len(path) :]
        units += 2 if ord(char) > 0xFFFF else 1
    return None


def marked_offset(say: Callable[[str], str], params: Mapping[str, Any] = {}) -> int | None:
    """Where a message written by ``say(field)`` puts the field: ``say`` is run with a mark in its
    place, so no other word can be taken for it. None when the message does not write it, or when
    a client's text (``params``) could be taken for the mark."""
    if any(FIELD_MARK in str(value) for value in params.values()):
        return None
    marked = say(FIELD_MARK)
    return utf16_offset(marked, marked.index(FIELD_MARK)) if marked.count(FIELD_MARK) == 1 else None


def field_offset(template: Any, params: Mapping[str, Any]) -> int | None:
    """Where ``params["field"]`` is written in ``fill(template, params)``, for a page to put the
    field's label there; None when the message does not name the field (a word of its sentence
    may still equal the path: RftG's "The world's defense must be…" for the field ``defense``)."""
    return marked_offset(lambda mark: fill(template, {**params, "field": mark}), params)


def fill(template: Any, params: Mapping[str, Any]) -> str:
    """A catalogue message with its ``%(name)s`` placeholders filled, whole numbers in the
    reader's digits ("150.000 stati", "150,000 states"); left as written when a placeholder has no
    value: a message is never lost to a missing parameter."""
    if isinstance(template, Counted):
        template = template.text(params)
    locale = get_locale() or "en"
    shown = {
        key: numbers.format_decimal(value, locale=locale)
        if isinstance(value, int) and not isinstance(value, bool)
        else value
        for key, value in params.items()
    }
    try:
        return str(template) % shown
    except (KeyError, TypeError, ValueError):
        return str(template)
