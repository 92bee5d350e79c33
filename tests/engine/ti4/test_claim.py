"""TI4 claim checker: one test per refusal reason, plus the claims the rules allow."""

import pytest

from engine.core.reasons import InvalidInput
from engine.ti4 import claim as ti4_claim
from engine.ti4.claim import Claim


def codes(claim):
    verdict = ti4_claim.check_claim(claim)
    return verdict.allowed, [(r.code, r.rule) for r in verdict.reasons]


def test_first_public_and_secret_in_a_status_phase_are_allowed():
    assert codes(Claim("status", "public")) == (True, [])
    assert codes(Claim("status", "secret", claimed_this_phase_public=1)) == (True, [])


def test_second_public_in_one_status_phase():
    # 20.6: at most 1 public and 1 secret objective per status phase.
    assert codes(Claim("status", "public", claimed_this_phase_public=1)) == (
        False,
        [("claim_status_public_limit", "ti4/20.6")],
    )


def test_second_secret_in_one_status_phase():
    assert codes(Claim("status", "secret", claimed_this_phase_secret=1)) == (
        False,
        [("claim_status_secret_limit", "ti4/20.6")],
    )


def test_second_objective_in_one_combat():
    # 20.7: only 1 objective during or after each combat.
    claim = Claim("action", "secret", objective_phase="action", in_combat=True, claimed_this_combat=1)
    assert codes(claim) == (False, [("claim_combat_limit", "ti4/20.7")])


def test_action_phase_objectives_outside_combat_are_not_limited():
    assert codes(Claim("action", "secret", claimed_this_combat=3)) == (True, [])


def test_same_objective_twice():
    assert codes(Claim("status", "public", already_claimed_this_objective=True)) == (
        False,
        [("claim_already_claimed", "ti4/20.8")],
    )


def test_public_objective_without_home_planets():
    assert codes(Claim("status", "public", controls_home_planets=False)) == (
        False,
        [("claim_home_planets", "ti4/20.16")],
    )


def test_home_planets_do_not_matter_for_secrets():
    assert codes(Claim("status", "secret", controls_home_planets=False)) == (True, [])


def test_more_than_three_secrets_held():
    assert codes(Claim("status", "secret", secret_objectives_held=4)) == (
        False,
        [("claim_too_many_secrets", "ti4/20.21")],
    )
    assert codes(Claim("status", "secret", secret_objectives_held=3)) == (True, [])


def test_someone_elses_secret():
    assert codes(Claim("status", "secret", own_secret=False)) == (False, [("claim_not_own_secret", "ti4/20.19")])


def test_no_secret_held_means_none_of_ones_own_to_claim():
    assert codes(Claim("status", "secret", secret_objectives_held=0)) == (
        False,
        [("claim_no_secret_held", "ti4/20.19")],
    )
    assert codes(Claim("status", "public", secret_objectives_held=0)) == (True, [])


def test_objective_in_the_wrong_phase():
    claim = Claim("action", "public", objective_phase="status")
    assert codes(claim) == (False, [("claim_wrong_phase", "ti4/20.3")])


@pytest.mark.parametrize("phase", ["strategy", "agenda"])
@pytest.mark.parametrize("card", [None, "status", "action"])
def test_no_objective_is_claimed_in_the_strategy_or_agenda_phase(phase, card):
    # 20.5: «durante la Fase di Azione o la Fase di Status»; one reason, not a wrong-phase one too.
    assert codes(Claim(phase, "public", objective_phase=card)) == (False, [("claim_not_a_scoring_phase", "ti4/20.5")])


def test_imperial_primary_claims_a_status_public_objective_in_the_action_phase():
    # 41.2: the Imperial primary ability claims 1 public objective during the action phase.
    assert codes(Claim("action", "public", objective_phase="status", via_imperial=True)) == (True, [])


def test_imperial_point_needs_mecatol_rex():
    assert codes(Claim("action", "imperial", controls_mecatol_rex=False)) == (
        False,
        [("claim_imperial_needs_mecatol", "ti4/41.2")],
    )
    assert codes(Claim("action", "imperial", controls_mecatol_rex=True)) == (True, [])


def test_imperial_only_in_the_action_phase():
    assert codes(Claim("status", "imperial", controls_mecatol_rex=True)) == (
        False,
        [("claim_imperial_action_phase", "ti4/41.1")],
    )


def test_a_public_objective_through_imperial_only_in_the_action_phase():
    # 41.1: Imperial's primary is a strategic action; in the status phase nobody resolves it.
    assert codes(Claim("status", "public", objective_phase="status", via_imperial=True)) == (
        False,
        [("claim_imperial_action_phase", "ti4/41.1")],
    )
    assert codes(Claim("status", "public", objective_phase="status")) == (True, [])  # scored the usual way


def test_all_reasons_are_listed_together():
    claim = Claim(
        "status",
        "public",
        claimed_this_phase_public=1,
        controls_home_planets=False,
        already_claimed_this_objective=True,
    )
    allowed, reasons = codes(claim)
    assert not allowed
    assert [code for code, _ in reasons] == ["claim_status_public_limit", "claim_already_claimed", "claim_home_planets"]


def test_every_refusal_code_has_a_test_above():
    tested = {
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
    assert tested == ti4_claim.CODES


def test_verdict_cites_the_rules_consulted():
    rules = ti4_claim.check_claim(Claim("status", "public")).rules
    assert {"ti4/20.6", "ti4/20.16", "ti4/41.2"} <= set(rules)


@pytest.mark.parametrize(
    "claim, code, field",
    [
        (Claim("combat", "public"), "unknown_phase", "phase"),
        (Claim("status", "agenda"), "unknown_objective_type", "objective_type"),
        (Claim("status", "public", objective_phase="agenda"), "unknown_phase", "objective_phase"),
        (Claim("status", "public", claimed_this_phase_public=-1), "out_of_range", "claimed_this_phase.public"),
        (Claim("status", "secret", secret_objectives_held=11), "out_of_range", "secret_objectives_held"),
    ],
)
def test_invalid_claims_are_refused(claim, code, field):
    with pytest.raises(InvalidInput) as err:
        ti4_claim.check_claim(claim)
    assert (err.value.code, err.value.field) == (code, field)
