"""The base game's action cards that change a combat's odds, as data, and how each is played.

What each card does, in our words (card texts as amended by the errata, ti4/errata-colpo-diretto):
- Morale Boost: at the start of a combat round, +1 to every combat roll of your units that
  round (space or ground). One per round (18.6); played from round 1 on.
- Shields Holding: after you assign hits to your ships in a space combat round, cancel up to 2
  of them. One per round (18.6; both players may play one, FAQ action cards 4); played in the
  first round in which the side takes a hit.
- Direct Hit: after another player's ship uses Sustain Damage to cancel a hit your units
  produced, destroy that ship. Several in one round on different ships (FAQ action cards 3);
  played on every ship that sustains, in a combat round or against your space cannon, while
  cards last, the most valuable first.
- Maneuvering Jets: when another player's units use Space Cannon against yours, cancel 1 hit.
  One per roll (18.6).
- Experimental Battlestation: one of the defender's space docks uses Space Cannon 5 (x3) against
  the active player's ships, in the space cannon offense window (FAQ action cards 12).
- Fire Team: after your ground forces roll in a round of ground combat, reroll any of your dice:
  every miss is rerolled, in round 1.
Counts are the copies in the base game's action deck.
Left out: cards that decide whether a combat happens or who leaves (Intercept, Parley, Skilled
Retreat...), or that act outside the combat itself (Lucky Shot, Cripple Defenses...).
"""

from __future__ import annotations

from dataclasses import dataclass, fields

CARD_COPIES = {
    "morale_boost": 4,
    "shields_holding": 4,
    "direct_hit": 4,
    "maneuvering_jets": 4,
    "experimental_battlestation": 1,
    "fire_team": 1,
}
# Where each card can change the odds: combat kind and side ("" = never).
CARD_KINDS = {
    "attacker": {
        "morale_boost": "space ground",
        "shields_holding": "space",
        "direct_hit": "space",
        "maneuvering_jets": "space ground",
        "experimental_battlestation": "",
        "fire_team": "ground",
    },
    "defender": {
        "morale_boost": "space ground",
        "shields_holding": "space",
        "direct_hit": "space",
        "maneuvering_jets": "space",
        "experimental_battlestation": "space",
        "fire_team": "ground",
    },
}
CARD_RULES = {
    "morale_boost": "ti4/18.6",
    "shields_holding": "ti4/faq-carte-azione-4",
    "direct_hit": "ti4/errata-colpo-diretto",
    "maneuvering_jets": "ti4/18.6",
    "experimental_battlestation": "ti4/faq-carte-azione-12",
    "fire_team": "ti4/18.6",
}
BATTLESTATION_CANNON = {5: 3}  # value: dice


@dataclass(frozen=True)
class ActionCards:
    """The cards a side will play in this combat (copies in hand)."""

    morale_boost: int = 0
    shields_holding: int = 0
    direct_hit: int = 0
    maneuvering_jets: int = 0
    experimental_battlestation: int = 0
    fire_team: int = 0

    def played(self) -> tuple[str, ...]:
        return tuple(f.name for f in fields(self) if getattr(self, f.name))
