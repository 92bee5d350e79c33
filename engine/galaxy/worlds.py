"""The eight worlds of Galaxy's base game (chapter 2; chapter 15 gives their governors' powers):
one list for every Galaxy tool, so that a world has the same id in every request. Their names are
the cards' own, printed alike in both languages."""

from __future__ import annotations

NAMES = {
    "cylor": "Cylor",
    "felowi": "Felowi",
    "myrmidon": "Myrmidon",
    "divergence": "Divergence",
    "ecup_contract": "Ecup Contract",
    "khafarjimmn": "Kha'Farjimmn",
    "erithizonian": "Erithizonian",
    "imperial": "Imperial",
}
WORLDS = tuple(NAMES)
