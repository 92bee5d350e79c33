"""Every section exists in English with the same structure as its Italian original."""

from __future__ import annotations

import pytest

from rules_db.loader import GAMES, Section
from rules_db.parity import italian_share, list_items, numbers, problems


@pytest.mark.parametrize("game", GAMES)
def test_every_section_has_a_faithful_english_version(db, game):
    report = {s.id: problems(s) for s in db.by_game(game)}
    report = {k: v for k, v in report.items() if v}
    assert not report, f"{len(report)} sections: " + "; ".join(f"{k}: {v}" for k, v in list(report.items())[:15])


def make(body_it, body_en, title_en="T"):
    return Section("g/x", "g", "", "T", body_it, title_en, body_en)


def test_parity_checks_catch_the_usual_slips():
    italian = "Il giocatore tira 2 dadi.\n\n- uno\n- due"
    assert problems(make(italian, "The player rolls 2 dice.\n\n- one\n- two")) == []
    assert "no English body" in problems(make(italian, ""))
    assert any("list items" in p for p in problems(make(italian, "The player rolls 2 dice.\n\n- one")))
    assert any("numbers" in p for p in problems(make(italian, "The player rolls 3 dice.\n\n- one\n- two")))
    still_italian = (
        "Il giocatore che non può muovere le navi deve passare il turno al giocatore alla sua sinistra.\n\n- a\n- b 2"
    )
    assert any("reads Italian" in p for p in problems(make(italian.replace("2", "2"), still_italian)))


def test_helpers():
    assert list_items("- a\n1. b\ntext\n  - c") == 3
    assert numbers("23.7 e 2, poi 1,5") == {"23.7", "2", "1.5"}
    assert italian_share("the player must roll") == 0.0 < italian_share("il giocatore deve tirare")


def test_english_uses_the_games_official_terms(db):
    english = {s.id: s.body_en for s in db.sections.values()}
    everything = "\n".join(english.values())
    for wrong in ("assigning damage", "GENETIC LABS", "(Progress)", "Diplomacy Track", "in ways A"):
        assert wrong not in everything, wrong
    assert "before a player assigns hits to their units" in english["ti4/77"]  # Sustain Damage
    assert "the Genetics Lab card" in everything  # RftG card name
    assert "**Vernor** (Hydran Progress)" in everything and "placed in positions A, B, C and D" in everything
