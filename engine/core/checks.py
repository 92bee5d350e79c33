"""Input checks every score sheet shares: counts in range, names present and distinct.

They raise :class:`~engine.core.reasons.InvalidInput` with the field path, so a sheet with a negative
count or two players called "Anna" is refused before anything is scored.
"""

from __future__ import annotations

from typing import Iterable, Sequence, Sized

from engine.core.bounds import require_int
from engine.core.reasons import InvalidInput

MAX_NAME_LENGTH = 40


def count(value: object, field: str, maximum: int, *, minimum: int = 0, rule: str | None = None) -> int:
    """An integer within ``[minimum, maximum]``, else ``out_of_range`` (the shared bounds check)."""
    require_int(value, minimum, maximum, field, "out_of_range", rule)
    return value  # type: ignore[return-value]


def choice(value: object, field: str, choices: Iterable[str], code: str, rule: str | None = None) -> str:
    """One of a fixed list of ids (species, worlds, goals), refused with a game-specific code."""
    options = tuple(choices)
    if value not in options:
        raise InvalidInput(code, field=field, rule=rule, value=str(value), choices=list(options))
    return value


def at_most(items: Sized, field: str, maximum: int) -> None:
    """A list (or a name) no longer than ``maximum``, else ``above_maximum``."""
    if len(items) > maximum:
        raise InvalidInput("above_maximum", field=field, maximum=maximum)


def player_name(name: object, field: str) -> None:
    """A name that is not blank and fits ``MAX_NAME_LENGTH``."""
    if not isinstance(name, str) or not name.strip():
        raise InvalidInput("empty_name", field=field)
    at_most(name, field, MAX_NAME_LENGTH)


def player_names(
    names: Sequence[str],
    field: str,
    minimum: int,
    maximum: int,
    rule: str | None = None,
    suffix: str = ".name",
) -> tuple[str, ...]:
    """The sheet's players: between ``minimum`` and ``maximum`` of them, each named once.

    ``field`` is the list's path; a bad name is reported as ``<field>[i]<suffix>``.
    """
    if not minimum <= len(names) <= maximum:
        raise InvalidInput("player_count", field=field, rule=rule, minimum=minimum, maximum=maximum, count=len(names))
    seen: set[str] = set()
    for i, name in enumerate(names):
        player_name(name, f"{field}[{i}]{suffix}")
        key = name.strip().casefold()
        if key in seen:
            raise InvalidInput("duplicate_name", field=f"{field}[{i}]{suffix}", name=name.strip())
        seen.add(key)
    return tuple(names)


def known_player(name: object, field: str, players: Sequence[str]) -> str:
    if name not in players:
        raise InvalidInput("unknown_player", field=field, name=str(name))
    return name  # type: ignore[return-value]
