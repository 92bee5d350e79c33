"""The JSON field readers: each refusal is a 400 that names the field, in the request's language."""

from __future__ import annotations

import pytest

from engine.reasons import InvalidInput
from web.api_input import (
    as_object, get_bool, get_choice, get_int, get_list, get_object, get_str, invalid_input, json_object,
    reject_unknown,
)
from web.errors import ApiError


def refusal(app, call, lang="en"):
    with app.test_request_context(f"/api/x?lang={lang}"):
        with pytest.raises(ApiError) as caught:
            call()
        return caught.value


@pytest.mark.parametrize("value", [True, 1.5, "3", [], None])
def test_get_int_refuses_non_integers(app, value):
    error = refusal(app, lambda: get_int({"count": value}, "count", lo=0, hi=8, path="attacker"))
    assert error.field == "attacker.count"
    assert error.code in {"not_an_integer", "missing_field"}


def test_get_int_bounds_and_integral_floats(app):
    with app.test_request_context("/"):
        assert get_int({"n": 3.0}, "n", lo=0, hi=8) == 3
        assert get_int({}, "n", lo=0, hi=8, default=2) == 2
    error = refusal(app, lambda: get_int({"n": 9}, "n", lo=0, hi=8), lang="it")
    assert error.code == "out_of_range" and "compreso tra 0 e 8" in error.message


def test_other_readers(app):
    with app.test_request_context("/"):
        assert get_bool({"b": False}, "b") is False
        assert get_choice({"c": "a"}, "c", ["a", "b"]) == "a"
        assert get_list({"l": [1]}, "l", max_items=2) == [1]
        assert get_object({"o": {}}, "o") == {}
        assert get_str({"s": "x"}, "s", max_len=3) == "x"
    assert refusal(app, lambda: get_bool({"b": 1}, "b")).code == "not_a_boolean"
    assert refusal(app, lambda: get_choice({"c": "z"}, "c", ["a"])).code == "unknown_choice"
    assert refusal(app, lambda: get_list({"l": [1, 2, 3]}, "l", max_items=2)).code == "too_many_items"
    assert refusal(app, lambda: get_object({"o": []}, "o")).code == "not_an_object"
    assert refusal(app, lambda: get_str({"s": "long"}, "s", max_len=3)).code == "too_long"
    assert refusal(app, lambda: as_object(3, "ships[0]")).field == "ships[0]"
    assert refusal(app, lambda: reject_unknown({"x": 1}, ["y"], path="side")).field == "side.x"


def test_json_object_refuses_other_bodies(app):
    with app.test_request_context("/api/x", method="POST", data="[1]", content_type="application/json"):
        with pytest.raises(ApiError):
            json_object()


def test_invalid_input_uses_the_view_messages(app):
    error = InvalidInput("too_many", field="ships", rule="eclipse/sviluppo", limit=8)
    with app.test_request_context("/"):
        api_error = invalid_input(error, {"too_many": "At most %(limit)s (%(rule)s)"})
        fallback = invalid_input(error, {})
    assert api_error.message == "At most 8 (eclipse/sviluppo)" and api_error.field == "ships"
    assert "too_many" in fallback.message
