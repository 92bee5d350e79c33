"""The real rules database: all five rulebooks, complete, linked, and cited ids that exist."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rules_db.coverage import measure
from rules_db.loader import GAMES

ID_RE = re.compile(r"^(eclipse|galaxy|ti4|parsec|rftg)/[a-z0-9][a-z0-9.\-]*$")


def test_all_five_games_are_present(db):
    assert sorted(db.games) == sorted(GAMES)


def test_at_least_300_sections_with_well_formed_ids(db):
    assert len(db.sections) >= 300
    assert all(ID_RE.match(section_id) for section_id in db.sections)


@pytest.mark.parametrize("game", GAMES)
def test_nothing_is_lost(db, game):
    if game not in db.games:
        pytest.fail(f"{game} is missing from the rules database")
    result = measure(db, game)
    assert result.total > 50
    assert result.ratio >= 0.98, result.missing[:10]


def test_ti4_keeps_its_numbering_down_to_sub_rules(db):
    retreat = db.get("ti4/23.7")
    assert retreat.parent == "ti4/23" and retreat.number == "23.7"
    assert "RITIRATA" in retreat.title_it
    assert db.get("ti4/77").title_it.startswith("SOSTENERE DANNI")
    assert db.get("ti4/15.2").parent == "ti4/15"
    assert db.get("ti4/15.3").parent == "ti4/15.2"  # steps under a numbered sub-heading
    assert db.get("ti4/23").parent == "ti4/glossario"


def test_ti4_related_topics_become_links(db):
    # "ARGOMENTI CORRELATI: Avversario, Azione di Tattica, Capienza, ..." under rule 23
    assert {"ti4/8", "ti4/11", "ti4/17", "ti4/77"} <= set(db.get("ti4/23").related)


def test_ti4_faq_is_its_own_section_linked_from_the_rule(db):
    stalemate = db.get("ti4/faq-generale-2")
    assert "ritirarsi" in stalemate.body_it
    assert "ti4/23" in stalemate.related and "ti4/faq-generale-2" in db.get("ti4/23").related


def test_ti4_analytic_index_feeds_keywords_not_one_huge_section(db):
    assert "annunciare la ritirata" in db.get("ti4/23.4").keywords
    assert len(db.get("ti4/indice-analitico").body_it) < 1000


def test_every_section_has_a_title_and_a_source(db):
    for section in db.sections.values():
        assert section.title_it.strip(), section.id
        assert db.games[section.game].source


def test_every_section_id_cited_by_the_engine_exists(db):
    cited = set()
    for path in Path("engine").rglob("*.py"):
        cited |= set(re.findall(r"[\"']((?:eclipse|galaxy|ti4|parsec|rftg)/[a-z0-9][a-z0-9.\-]*)[\"']", path.read_text()))
    missing = sorted(cited - set(db.sections))
    assert not missing, missing
