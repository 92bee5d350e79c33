"""Words for the search page: examples and tips shown on an empty or hopeless search."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l

# Examples offered on an empty or hopeless search, per interface language.
EXAMPLES = {
    "it": [
        "posso ritirarmi in un sistema vuoto?",
        "sostenere danni",
        "bottino di guerra",
        "manovra evasiva",
        "quante carte azione posso avere in mano?",
    ],
    "en": [
        "can I retreat into an empty system?",
        "anti-fighter barrage",
        "spoils of war",
        "evasive maneuver",
        "what happens when the deck runs out?",
    ],
}
TIPS = [
    _l("Check the spelling, or try fewer words."),
    _l("Use the game's own terms, in Italian or in English: both are searched."),
]
FILTERED_TIP = _l('Choose "All games": the term may belong to another game.')
