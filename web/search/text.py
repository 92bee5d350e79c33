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
# Examples offered on a search within one game: questions about that game, per language
# (tests/web/search/test_text.py holds each to the section it finds first).
GAME_EXAMPLES = {
    "eclipse": {
        "it": [
            "posso ritirarmi in un esagono vuoto?",
            "quanti segnalini reputazione pesco?",
            "cosa succede se vado in bancarotta?",
        ],
        "en": [
            "can I retreat into an empty hex?",
            "how many reputation tiles do I draw?",
            "what if I can't pay upkeep?",
        ],
    },
    "galaxy": {
        "it": ["come si sceglie il governatore?", "come si usano le riserve?", "quando finisce la partita?"],
        "en": ["how is the governor chosen?", "how do reserves work?", "when does the game end?"],
    },
    "ti4": {
        "it": ["posso ritirarmi in un sistema vuoto?", "sostenere danni", "quante carte azione posso avere in mano?"],
        "en": ["can I retreat into an empty system?", "anti-fighter barrage", "how many action cards can I hold?"],
    },
    "parsec": {
        "it": ["quanto costa un incrociatore?", "scambio con il porto spaziale", "come guadagno risorse a ogni turno?"],
        "en": ["how much does a cruiser cost?", "trading with the space port", "how do I gain resources each turn?"],
    },
    "rftg": {
        "it": ["come gioca il robot nel solitario?", "cosa succede a fine turno?", "quando finisce la partita?"],
        "en": ["how does the solitaire robot play?", "what happens at the end of a round?", "when does the game end?"],
    },
}
TIPS = [
    _l("Check the spelling, or try fewer words."),
    _l("Use the game's own terms, in Italian or in English: both are searched."),
]
FILTERED_TIP = _l('Choose "All games": the term may belong to another game.')
