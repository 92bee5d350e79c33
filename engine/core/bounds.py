"""One bounds check shared by the calculators: every size that drives work has a maximum."""

from __future__ import annotations

from engine.core.reasons import InvalidInput


def require_int(value: object, low: int, high: int, field: str, code: str, rule: str | None = None) -> None:
    """Refuse anything but an int in ``low..high`` (bools too: ``True`` is not a count)."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise InvalidInput(code, field=field, rule=rule, min=low, max=high, value=value)
