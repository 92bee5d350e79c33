"""Filling messages and finding the field path in them (web/core/messages.py)."""

from __future__ import annotations

import pytest

from web.core.messages import marked_offset, path_in_words


def _say(field: str) -> str:
    return f"🚀 The field {field} must be a whole number."


def test_the_field_is_told_in_words_where_the_message_writes_it():
    # The rocket is two UTF-16 units (a page script's offset) but one Python character.
    message, at = _say("units.fighters"), marked_offset(_say)
    assert at == 13
    assert (
        path_in_words(message, "units.fighters", "“Fighters”", at) == "🚀 The field “Fighters” must be a whole number."
    )


@pytest.mark.parametrize(
    "path, at",
    [
        ("units.fighters", None),  # the message does not write the field
        ("units.fighters", 12),  # not where the path is
        ("units.cruisers", 13),  # another path
        (None, 13),
        ("units.fighters", 999),  # past the end
    ],
)
def test_no_words_when_the_path_is_not_at_the_place(path, at):
    assert path_in_words(_say("units.fighters"), path, "“Fighters”", at) is None
