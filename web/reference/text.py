"""Every word the rules reference shows from Python: the games' blurbs on the home page and the
JSON's refusal of an unknown section id."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l

GAME_BLURBS = {
    "eclipse": _l("Space exploration and conquest: ship blueprints, combat, reputation."),
    "galaxy": _l("A card game of eight worlds, bases and governors fighting for influence."),
    "ti4": _l("The Rules Reference: glossary of numbered rules, FAQ and errata."),
    "parsec": _l("Colonies, cargo ships and fleets on a modular board."),
    "rftg": _l("The Gathering Storm expansion: goals, new cards, solitaire."),
}

UNKNOWN_SECTION = _l("No section has this id.")
