"""May this TI4 player claim this objective (or the Imperial point) right now?

A ladder of small ``is_*`` checks, each tied to one rule; the verdict lists every check that
fails, not just the first, so the table sees all the reasons at once. The checker takes the
player's word on whether the card's requirement is met: it judges timing and limits, the part
people argue about.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from engine.core.reasons import Reason
from engine.core import checks

PHASES = ("status", "action")  # the phases an objective is claimed in (20.3, 20.5)
GAME_PHASES = ("strategy", "action", "status", "agenda")  # when a player may ask
OBJECTIVE_TYPES = ("public", "secret", "imperial")
MAX_SECRETS = 3  # 20.21: claimed and unclaimed together
MAX_COUNT = 10  # input limit for the counters below

CODES = frozenset(
    {
        "claim_not_a_scoring_phase",
        "claim_wrong_phase",
        "claim_status_public_limit",
        "claim_status_secret_limit",
        "claim_combat_limit",
        "claim_already_claimed",
        "claim_home_planets",
        "claim_too_many_secrets",
        "claim_not_own_secret",
        "claim_no_secret_held",
        "claim_imperial_action_phase",
        "claim_imperial_needs_mecatol",
    }
)
ERROR_CODES = frozenset({"unknown_phase", "unknown_objective_type"})


@dataclass(frozen=True)
class Claim:
    """The situation at the moment of the claim.

    ``objective_phase`` is the phase printed on the card (20.3); ``None`` means "the current one".
    ``via_imperial``: the public objective is claimed with the Imperial card's primary ability (41.2),
    which may be used in the action phase whatever phase the card names.
    ``secret_objectives_held`` counts claimed and unclaimed secret objectives together.
    """

    phase: str
    objective_type: str
    objective_phase: str | None = None
    claimed_this_phase_public: int = 0
    claimed_this_phase_secret: int = 0
    in_combat: bool = False
    claimed_this_combat: int = 0
    controls_home_planets: bool = True
    already_claimed_this_objective: bool = False
    secret_objectives_held: int = 1
    own_secret: bool = True
    controls_mecatol_rex: bool = False
    via_imperial: bool = False


@dataclass(frozen=True)
class ClaimVerdict:
    allowed: bool
    reasons: tuple[Reason, ...]
    rules: tuple[str, ...]


def is_scoring_phase(c: Claim) -> Reason | None:
    """20.5: objectives are claimed in the action phase or the status phase, never in the
    strategy or agenda phase."""
    if c.phase in PHASES:
        return None
    return Reason("claim_not_a_scoring_phase", "ti4/20.5", {"phase": c.phase})


def is_right_phase(c: Claim) -> Reason | None:
    """20.3/20.5: an objective is claimed in the phase its card names."""
    if c.phase not in PHASES:  # said by is_scoring_phase
        return None
    if c.objective_type == "imperial" or c.objective_phase in (None, c.phase):
        return None
    if c.via_imperial and c.objective_type == "public" and c.phase == "action":
        return None
    return Reason("claim_wrong_phase", "ti4/20.3", {"card_phase": c.objective_phase, "phase": c.phase})


def is_within_status_limit(c: Claim) -> Reason | None:
    """20.6/36.1: at most one public and one secret objective per status phase."""
    if c.phase != "status":
        return None
    if c.objective_type == "public" and c.claimed_this_phase_public >= 1:
        return Reason("claim_status_public_limit", "ti4/20.6", {"claimed": c.claimed_this_phase_public})
    if c.objective_type == "secret" and c.claimed_this_phase_secret >= 1:
        return Reason("claim_status_secret_limit", "ti4/20.6", {"claimed": c.claimed_this_phase_secret})
    return None


def is_within_combat_limit(c: Claim) -> Reason | None:
    """20.7: in the action phase, only one objective during or after each combat."""
    if c.phase == "action" and c.objective_type != "imperial" and c.in_combat and c.claimed_this_combat >= 1:
        return Reason("claim_combat_limit", "ti4/20.7", {"claimed": c.claimed_this_combat})
    return None


def is_unclaimed(c: Claim) -> Reason | None:
    """20.8: each objective can be claimed once per game by a player."""
    if c.objective_type != "imperial" and c.already_claimed_this_objective:
        return Reason("claim_already_claimed", "ti4/20.8", {})
    return None


def is_home_secure(c: Claim) -> Reason | None:
    """20.16: no public objective without control of every planet in the home system."""
    if c.objective_type == "public" and not c.controls_home_planets:
        return Reason("claim_home_planets", "ti4/20.16", {})
    return None


def is_secret_hand_legal(c: Claim) -> Reason | None:
    """20.21: more than three secret objectives must first be cut back to three."""
    if c.objective_type == "secret" and c.secret_objectives_held > MAX_SECRETS:
        return Reason("claim_too_many_secrets", "ti4/20.21", {"held": c.secret_objectives_held, "maximum": MAX_SECRETS})
    return None


def is_own_secret(c: Claim) -> Reason | None:
    """20.19: only your own secret objectives (holding none, there is no own one to claim)."""
    if c.objective_type == "secret" and c.secret_objectives_held == 0:
        return Reason("claim_no_secret_held", "ti4/20.19", {})
    if c.objective_type == "secret" and not c.own_secret:
        return Reason("claim_not_own_secret", "ti4/20.19", {})
    return None


def is_imperial_timing(c: Claim) -> Reason | None:
    """41.1: the Imperial primary ability is a strategic action, taken in the action phase: its
    point, and a public objective scored through it."""
    through_imperial = c.objective_type == "imperial" or (c.via_imperial and c.objective_type == "public")
    if through_imperial and c.phase != "action":
        return Reason("claim_imperial_action_phase", "ti4/41.1", {"phase": c.phase})
    return None


def is_imperial_point_earned(c: Claim) -> Reason | None:
    """41.2: Imperial gives its victory point only to a player controlling Mecatol Rex."""
    if c.objective_type == "imperial" and not c.controls_mecatol_rex:
        return Reason("claim_imperial_needs_mecatol", "ti4/41.2", {})
    return None


LADDER: tuple[tuple[Callable[[Claim], Reason | None], str], ...] = (
    (is_scoring_phase, "ti4/20.5"),
    (is_right_phase, "ti4/20.3"),
    (is_within_status_limit, "ti4/20.6"),
    (is_within_combat_limit, "ti4/20.7"),
    (is_unclaimed, "ti4/20.8"),
    (is_home_secure, "ti4/20.16"),
    (is_secret_hand_legal, "ti4/20.21"),
    (is_own_secret, "ti4/20.19"),
    (is_imperial_timing, "ti4/41.1"),
    (is_imperial_point_earned, "ti4/41.2"),
)


def _validate(c: Claim) -> None:
    checks.choice(c.phase, "phase", GAME_PHASES, "unknown_phase", rule="ti4/20.3")
    checks.choice(c.objective_type, "objective_type", OBJECTIVE_TYPES, "unknown_objective_type", rule="ti4/20.1")
    if c.objective_phase is not None:
        checks.choice(c.objective_phase, "objective_phase", PHASES, "unknown_phase", rule="ti4/20.3")
    checks.count(c.claimed_this_phase_public, "claimed_this_phase.public", MAX_COUNT)
    checks.count(c.claimed_this_phase_secret, "claimed_this_phase.secret", MAX_COUNT)
    checks.count(c.claimed_this_combat, "claimed_this_combat", MAX_COUNT)
    checks.count(c.secret_objectives_held, "secret_objectives_held", MAX_COUNT)


def check_claim(c: Claim) -> ClaimVerdict:
    """Run every check; allowed only when none objects. ``rules`` lists each rule consulted."""
    _validate(c)
    reasons = tuple(r for check, _ in LADDER if (r := check(c)) is not None)
    rules = ("ti4/20",) + tuple(dict.fromkeys(rule for _, rule in LADDER))
    return ClaimVerdict(not reasons, reasons, rules)
