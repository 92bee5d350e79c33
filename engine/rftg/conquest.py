"""Race for the Galaxy — can this military world be conquered in this Settle phase?

No dice: a world is conquered when the player's military force reaches its defense. The force
is the sum of the tableau's military values, negative ones included, plus bonuses that apply to
this world, plus temporary military from discarding up to two cards per power that allows it
(the Space Mercenaries carry one and add a base +1 as well; powers of different cards add up).
The check answers with the fewest discards needed, so the player knows what it costs, and every
step carries its rule. Placing a military world by paying for it (a base-game power) is not
this check's question: "no" means "not by military force".

Rule ids (rulebook ``004``, The Gathering Storm) are kept as literals for the citation test.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from engine.core.bounds import require_int
from engine.core.reasons import InvalidInput, Reason

# "III: Colonizzazione" (card powers by phase): discard up to 2 cards for +1 military each until
# the end of this Settle phase; Space Mercenaries also give +1 military.
RULE_SETTLE_POWERS = "rftg/iii-colonizzazione"
# "Obiettivi più" (Greatest Military): military force counts negative values.
RULE_OBJECTIVES = "rftg/obiettivi-piu"

MAX_DISCARDS = 2  # each temporary-military power allows up to two cards
MAX_POWERS = 2  # the Space Mercenaries' and one other card's
MERCENARIES_BONUS = 1
# Limits: a tableau rarely passes 14 cards (the game ends at 12); card military values and the
# world's defense printed on cards are small numbers.
MAX_TABLEAU = 20
MILITARY_LIMIT = 10
MAX_DEFENSE = 15
MAX_SPECIALIZED = 10
MAX_HAND = 50


@dataclass(frozen=True)
class ConquestVerdict:
    conquerable: bool  # with at most the discards the player can and may make
    discards_needed: int | None  # fewest cards to discard (0 = none), None when out of reach
    force: int  # military force before any discard
    max_force: int  # with every discard the player may make
    defense: int
    shortfall: int  # how much ``max_force`` misses the defense by (0 when conquerable)
    reasons: tuple[Reason, ...]
    rules: tuple[str, ...]


def conquest_check(
    defense: int,
    military: Sequence[int],
    specialized_bonus: int = 0,
    discard_power: bool = False,
    space_mercenaries: bool = False,
    hand_size: int = 0,
    second_world: bool = False,
    discarded_this_phase: int = 0,
) -> ConquestVerdict:
    """Compare military force with ``defense``; force equal to defense is enough.

    ``military`` lists the military value of each tableau card (negatives count; do not list
    the Space Mercenaries, whose +1 is added by ``space_mercenaries``). ``specialized_bonus`` is
    the sum of bonuses that apply only to this kind of world. ``hand_size`` is the number of
    cards the player could discard (the world being placed excluded). Space Mercenaries carry the
    discard power themselves; ``discard_power`` is another card's, and each allows two cards.

    ``second_world``: the world is the second placed in this Settle phase ("Colonizza un Secondo
    Pianeta"), so no power of the first counts (leave its military out of ``military``); the
    ``discarded_this_phase`` cards discarded for the first still give their +1 "until the end of
    this Settle phase", and each power's two cards are shared between the two worlds.
    """
    require_int(defense, 1, MAX_DEFENSE, "defense", "defense_out_of_range")
    if len(military) > MAX_TABLEAU:
        raise InvalidInput("too_many_cards", field="military", max=MAX_TABLEAU, value=len(military))
    for i, value in enumerate(military):
        require_int(value, -MILITARY_LIMIT, MILITARY_LIMIT, f"military[{i}]", "military_out_of_range")
    require_int(specialized_bonus, 0, MAX_SPECIALIZED, "specialized_bonus", "specialized_bonus_out_of_range")
    require_int(hand_size, 0, MAX_HAND, "hand_size", "hand_size_out_of_range")
    require_int(discarded_this_phase, 0, MAX_DISCARDS * MAX_POWERS, "discarded_this_phase", "discarded_out_of_range")
    phase_cards = MAX_DISCARDS * (discard_power + space_mercenaries)  # what the phase's powers allow
    can_discard = phase_cards > 0
    if discarded_this_phase and not second_world:
        raise InvalidInput("earlier_discards_need_second_world", field="discarded_this_phase", rule=RULE_SETTLE_POWERS)
    if discarded_this_phase and not can_discard:
        raise InvalidInput("earlier_discards_need_power", field="discarded_this_phase", rule=RULE_SETTLE_POWERS)
    if discarded_this_phase > phase_cards:
        raise InvalidInput(
            "discarded_out_of_range",
            field="discarded_this_phase",
            rule=RULE_SETTLE_POWERS,
            min=0,
            max=phase_cards,
            value=discarded_this_phase,
        )

    reasons: list[Reason] = []
    rules = [RULE_SETTLE_POWERS]
    if second_world:
        reasons.append(Reason("second_world", RULE_SETTLE_POWERS))
    tableau = sum(military)
    negatives = sum(v for v in military if v < 0)
    if negatives:
        rules.append(RULE_OBJECTIVES)
        reasons.append(Reason("negative_military_counted", RULE_OBJECTIVES, {"negatives": negatives, "total": tableau}))
    force = tableau + specialized_bonus
    if specialized_bonus:
        reasons.append(Reason("specialized_bonus", RULE_SETTLE_POWERS, {"bonus": specialized_bonus}))
    if space_mercenaries:
        force += MERCENARIES_BONUS
        reasons.append(Reason("space_mercenaries", RULE_SETTLE_POWERS, {"bonus": MERCENARIES_BONUS}))
    if discard_power and space_mercenaries:
        reasons.append(Reason("two_discard_powers", RULE_SETTLE_POWERS, {"cards": phase_cards}))
    if discarded_this_phase:
        force += discarded_this_phase
        reasons.append(Reason("earlier_discards", RULE_SETTLE_POWERS, {"cards": discarded_this_phase}))
    left = phase_cards - discarded_this_phase  # each power's two cards serve the whole phase
    allowed = min(left, hand_size) if can_discard else 0
    max_force = force + allowed

    if force >= defense:
        needed: int | None = 0
        reasons.append(Reason("enough_military", RULE_SETTLE_POWERS, {"force": force, "defense": defense}))
    elif max_force >= defense:
        needed = defense - force
        reasons.append(
            Reason("discard_to_conquer", RULE_SETTLE_POWERS, {"cards": needed, "force": force, "defense": defense})
        )
    else:
        needed = None
        if can_discard and allowed < left:
            if hand_size:
                reasons.append(Reason("too_few_cards_to_discard", RULE_SETTLE_POWERS, {"hand": hand_size}))
            else:
                reasons.append(Reason("no_cards_to_discard", RULE_SETTLE_POWERS))
        short = {"force": max_force, "defense": defense, "shortfall": defense - max_force}
        if allowed:
            reasons.append(Reason("not_enough_military", RULE_SETTLE_POWERS, short))
        else:  # nothing could be discarded: the verdict does not say "even discarding"
            reasons.append(Reason("not_enough_military_no_discard", RULE_SETTLE_POWERS, short))
    return ConquestVerdict(
        conquerable=needed is not None,
        discards_needed=needed,
        force=force,
        max_force=max_force,
        defense=defense,
        shortfall=max(0, defense - max_force),
        reasons=tuple(reasons),
        rules=tuple(rules),
    )
