"""Galaxy: final influence on surviving worlds, secret bases, and the two tie-breaks."""

from dataclasses import replace

import pytest
from hypothesis import given, strategies as st

from engine.core.reasons import InvalidInput
from engine.galaxy import scoring as galaxy
from engine.galaxy.scoring import Base, Card, GalaxySheet, SecretBase

SURVIVORS = ("myrmidon", "imperial", "cylor")


def sheet(**kw):
    """A four-player sheet; Giallo played last unless a test says otherwise (a tie the hands
    leave needs it)."""
    defaults = {"players": ("Verde", "Rosso", "Blu", "Giallo"), "surviving_worlds": SURVIVORS, "last_player": "Giallo"}
    return GalaxySheet(**{**defaults, **kw})


def test_visible_bases_score_their_row():
    # Chapter 9: 5 above the galaxy row, then 4, 3, 2, 1, 0.
    s = sheet(bases=(Base("Verde", "myrmidon", 5), Base("Verde", "cylor", 3), Base("Rosso", "imperial", 0)))
    result = galaxy.score(s)
    assert result.player("Verde").total == 8
    assert result.player("Rosso").total == 0
    assert result.winner == "Verde"


def test_secret_base_on_a_surviving_world_is_placed_above_the_galaxy_row():
    result = galaxy.score(sheet(secret_bases=(SecretBase("Blu", "myrmidon"),)))
    line = result.player("Blu").lines[0]
    assert (line.code, line.points, line.rule) == ("galaxy_secret_base", 5, galaxy.RULE_REVEAL)


def test_secret_base_whose_world_surrendered_is_lost():
    # The worked example: Red lost its secret base when Ecup Contract surrendered.
    result = galaxy.score(sheet(secret_bases=(SecretBase("Rosso", "ecup_contract"),)))
    line = result.player("Rosso").lines[0]
    assert (line.code, line.points, line.rule) == ("galaxy_secret_base_lost", 0, "galaxy/16-resa-dei-mondi-fase-3")


def test_secret_base_revealed_by_sensors_at_the_end_scores_nothing():
    result = galaxy.score(sheet(secret_bases=(SecretBase("Blu", "cylor", revealed_by_sensors_at_end=True),)))
    assert result.player("Blu").total == 0
    assert [line.code for line in result.player("Blu").lines] == ["galaxy_secret_base_sensors"]


def test_sensors_at_the_end_leave_the_owner_no_influence_whatever_the_other_bases():
    # SENSORS: "il giocatore proprietario riceve automaticamente 0 punti influenza, malgrado il
    # valore di qualunque Base rimasta in gioco". Blu's 5 + 4 on Cylor and Imperial count nothing,
    # so Rosso's 5 wins.
    s = sheet(
        bases=(Base("Blu", "cylor", 5), Base("Blu", "imperial", 4), Base("Rosso", "myrmidon", 5)),
        secret_bases=(SecretBase("Blu", "myrmidon", revealed_by_sensors_at_end=True),),
    )
    result = galaxy.score(s)
    blu = result.player("Blu")
    assert blu.total == 0 and blu.lines[-1].code == "galaxy_sensors_no_influence" and blu.lines[-1].points == -9
    assert blu.lines[-1].rule == "galaxy/sensors"
    assert result.winner == "Rosso"


def test_hand_value_breaks_a_tie_with_survivor_ships_doubled_and_technology_ignored():
    # Verde: Myrmidon 4 (surviving, x2 = 8) + Felowi 5 (surrendered, 5) + technology = 13.
    # Rosso: Ally 10 (no world, 10) + Cylor 1 (x2 = 2) = 12. Both have 4 influence.
    s = sheet(
        bases=(Base("Verde", "myrmidon", 4), Base("Rosso", "imperial", 4)),
        hands={
            "Verde": (Card("myrmidon", 4), Card("felowi", 5), Card("technology")),
            "Rosso": (Card("ally", 10), Card("cylor", 1)),
        },
    )
    result = galaxy.score(s)
    assert result.winner == "Verde"
    assert result.tie_break.code == "galaxy_hand_value"
    assert result.tie_break.params["values"] == {"Verde": 13, "Rosso": 12}


def test_equal_hands_go_to_whoever_played_last():
    s = sheet(
        bases=(Base("Verde", "myrmidon", 4), Base("Blu", "imperial", 4)),
        hands={"Verde": (Card("cylor", 3),), "Blu": (Card("myrmidon", 3),)},
        last_player="Giallo",
    )
    # Giallo played last, then (counting back) Blu, then Rosso, then Verde: Blu played more recently.
    result = galaxy.score(s)
    assert result.winner == "Blu" and result.tie_break.code == "galaxy_played_last"


def test_a_tie_that_needs_who_played_last_asks_for_it():
    """3-come-vincere: still tied, the one who played last wins, so there is no shared victory:
    without last_player the sheet is refused, naming the field and the tied players."""
    s = sheet(bases=(Base("Verde", "myrmidon", 4), Base("Blu", "imperial", 4)), last_player=None)
    with pytest.raises(InvalidInput) as refused:
        galaxy.score(s)
    assert (refused.value.code, refused.value.field) == ("last_player_needed", "last_player")
    assert refused.value.params["players"] == "Verde, Blu"
    assert galaxy.score(replace(s, last_player="Verde")).winner == "Verde"


def test_a_tie_broken_by_the_hands_needs_no_last_player():
    s = sheet(
        bases=(Base("Verde", "myrmidon", 4), Base("Blu", "imperial", 4)),
        hands={"Verde": (Card("cylor", 3),)},
        last_player=None,
    )
    assert galaxy.score(s).winner == "Verde"


@pytest.mark.parametrize(
    "kw, code, field",
    [
        ({"bases": (Base("Verde", "vulcan", 4),)}, "unknown_world", "bases[0].world"),
        ({"bases": (Base("Verde", "felowi", 4),)}, "base_on_surrendered_world", "bases[0].world"),
        ({"bases": (Base("Nero", "cylor", 4),)}, "unknown_player", "bases[0].player"),
        ({"bases": (Base("Verde", "cylor", 6),)}, "out_of_range", "bases[0].influence"),
        ({"bases": (Base("Verde", "cylor", -1),)}, "out_of_range", "bases[0].influence"),
        ({"bases": tuple(Base("Verde", "cylor", 1) for _ in range(6))}, "too_many_bases", "bases"),
        (
            {"secret_bases": (SecretBase("Blu", "cylor"), SecretBase("Blu", "imperial"))},
            "secret_base_twice",
            "secret_bases[1].player",
        ),
        ({"secret_bases": (SecretBase("Blu", "atlantis"),)}, "unknown_world", "secret_bases[0].world"),
        ({"players": ("Verde", "verde")}, "duplicate_name", "players[1]"),
        ({"players": ("Solo",)}, "player_count", "players"),
        ({"surviving_worlds": ("cylor", "imperial")}, "surviving_worlds_count", "surviving_worlds"),
        ({"surviving_worlds": ("cylor", "imperial", "cylor")}, "duplicate_world", "surviving_worlds[2]"),
        ({"hands": {"Verde": (Card("cylor", 11),)}}, "out_of_range", "hands.Verde[0].value"),
        ({"hands": {"Verde": (Card("technology", 3),)}}, "technology_has_no_value", "hands.Verde[0].value"),
        ({"hands": {"Nero": ()}}, "unknown_player", "hands.Nero"),
        ({"last_player": "Nero"}, "unknown_player", "last_player"),
    ],
)
def test_invalid_sheets_are_refused(kw, code, field):
    with pytest.raises(InvalidInput) as err:
        galaxy.score(sheet(**kw))
    assert (err.value.code, err.value.field) == (code, field)


def test_codes_emitted_are_declared():
    s = sheet(
        bases=(Base("Verde", "cylor", 2), Base("Blu", "imperial", 3)),
        secret_bases=(SecretBase("Verde", "felowi"), SecretBase("Blu", "cylor", True), SecretBase("Rosso", "imperial")),
    )
    result = galaxy.score(s)
    emitted = {line.code for p in result.players for line in p.lines}
    assert emitted == {
        "galaxy_base",
        "galaxy_secret_base_lost",
        "galaxy_secret_base_sensors",
        "galaxy_sensors_no_influence",
        "galaxy_secret_base",
    }
    assert emitted <= galaxy.CODES


bases = st.lists(
    st.builds(
        Base, st.sampled_from(("Verde", "Rosso", "Blu", "Giallo")), st.sampled_from(SURVIVORS), st.integers(0, 5)
    ),
    max_size=12,
)


@given(bases)
def test_total_is_the_sum_of_bases_and_order_of_bases_does_not_matter(found):
    # At most five bases per player: drop extras so every generated sheet is legal.
    kept, used = [], {}
    for b in found:
        if used.get(b.player, 0) < 5:
            kept.append(b)
            used[b.player] = used.get(b.player, 0) + 1
    result = galaxy.score(sheet(bases=tuple(kept)))
    flipped = galaxy.score(sheet(bases=tuple(reversed(kept))))
    for p in result.players:
        assert p.total == sum(b.influence for b in kept if b.player == p.name)
        assert flipped.player(p.name).total == p.total
    assert (result.winner, result.co_winners) == (flipped.winner, flipped.co_winners)


def test_a_sheet_with_no_influence_yet_is_not_asked_who_played_last():
    """The page's untouched sheet: nothing scored is no tie to break (the page shows it blank)."""
    result = galaxy.score(sheet(last_player=None))
    assert (result.winner, result.co_winners, result.tie_break) == (None, (), None)


def test_bases_that_all_score_nothing_are_a_tie_to_break_not_a_blank_sheet():
    """Bases on the bottom row score 0: a real finished game, asked who played last like any tie."""
    s = sheet(bases=(Base("Verde", "myrmidon", 0), Base("Blu", "imperial", 0)), last_player=None)
    with pytest.raises(InvalidInput) as refused:
        galaxy.score(s)
    assert refused.value.code == "last_player_needed"
