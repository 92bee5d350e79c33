"""The real rules database: all five rulebooks, complete, linked, and cited ids that exist."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rules_db.coverage import measure
from rules_db.loader import GAMES
from rules_db.loader import ROOT as RULES
from rules_db.search.query import MAX_QUERY_CHARS

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
    assert "ti4/23.7" in stalemate.related and "ti4/faq-generale-2" in db.get("ti4/23.7").clarified_by


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
        cited |= set(
            re.findall(r"[\"']((?:eclipse|galaxy|ti4|parsec|rftg)/[a-z0-9][a-z0-9.\-]*)[\"']", path.read_text())
        )
    missing = sorted(cited - set(db.sections))
    assert not missing, missing


def faq_and_errata_entries(db):
    """The answers and errata themselves (not their category headings)."""
    roots = [db.get("ti4/faq"), db.get("ti4/errata")]
    return [s for root in roots for s in db.descendants(root) if not s.children]


def test_every_faq_and_erratum_is_linked_to_the_rules_it_clarifies(db):
    entries = faq_and_errata_entries(db)
    assert len(entries) == 77
    linked = {c for s in db.by_game("ti4") for c in s.clarified_by}
    assert [e.id for e in entries if e.id not in linked] == []
    for entry in entries:  # each points at rules, never at another FAQ or at a heading
        assert entry.related and all(r.split("/")[1][0].isdigit() for r in entry.related), entry.id


def test_faq_links_checked_by_hand(db):
    retreat = db.get("ti4/23.7").clarified_by
    assert {"ti4/faq-generale-2", "ti4/faq-carte-azione-1"} <= set(retreat)
    assert "ti4/faq-generale-3" in db.get("ti4/51.3").clarified_by  # fighters block movement
    assert "ti4/faq-carte-delibera-10" in db.get("ti4/61.6").clarified_by
    assert "ti4/errata-diplomazia" in db.get("ti4/30.3").clarified_by
    assert "ti4/errata-diplomazia" not in db.get("ti4/21").clarified_by
    # combat value (22) is clarified only by the answer about the dice, not by faction questions
    assert db.get("ti4/22").clarified_by == () and db.get("ti4/22.1").clarified_by == ("ti4/faq-generale-1",)


def test_no_stray_bold_markers(db):
    for section in db.sections.values():
        for lang in ("it", "en"):
            odd = [line for line in section.body(lang).splitlines() if line.count("**") % 2]
            assert odd == [], (section.id, lang, odd)


def test_the_line_that_introduces_steps_opens_the_first_step(db):
    for before, first, line in (
        ("ti4/23.2", "ti4/23.3", "Per risolvere un combattimento spaziale"),
        ("ti4/51.2", "ti4/51.3", "Per risolvere il movimento"),
    ):
        assert line not in db.get(before).body_it and not db.get(before).body_it.endswith(":")
        assert db.get(first).body_it.startswith(line)


def test_full_setup_step_6_is_one_list_of_three_steps(db):
    from web.core.rules import markdown_html

    for lang, words in (
        ("it", ("i. SEPARARE", "ii. DISTRIBUIRE", "iii. COLLOCARE")),
        ("en", ("i. SEPARATE", "ii. DEAL", "iii. PLACE")),
    ):
        html = str(markdown_html(db.get("ti4/preparazione-completa-passo-6").body(lang)))
        outer = html.split("<ul>", 1)[1]
        assert all(f"<strong>{w}" in outer for w in words)
        assert html.count("<ul>") == 2  # the three steps, and the player counts inside step ii


def test_every_ti4_sub_rule_has_a_short_title_of_its_own(db):
    subs = [s for s in db.by_game("ti4") if re.fullmatch(r"\d+\.\d+", s.number)]
    assert len(subs) == 443
    for lang in ("it", "en"):
        by_chapter: dict[str, set[str]] = {}
        for sub in subs:
            chapter = db.get("ti4/" + sub.number.split(".")[0])
            title = sub.title(lang)
            assert title != chapter.title(lang), (sub.id, lang)  # not the chapter's name again
            assert len(title) <= 60 and not title.endswith("."), (sub.id, lang, title)  # not a sentence
            assert not re.fullmatch(r"(PASSO|STEP) \d+\.", title), (sub.id, lang)  # not a bare step number
            assert title not in by_chapter.setdefault(chapter.id, set()), (sub.id, lang, title)
            by_chapter[chapter.id].add(title)


def test_every_section_has_players_questions_in_both_languages(db):
    # The rerank compares a question typed at the table with these (docs/search.md): a section
    # without them falls back to its own text and loses against siblings that have them.
    lacking = [s.id for s in db.sections.values() for asked in (s.asked_it, s.asked_en) if not asked]
    assert not lacking, lacking[:10]
    asked = [q for s in db.sections.values() for q in (*s.asked_it, *s.asked_en)]
    assert len(asked) >= 4 * len(db.sections) * 0.9
    assert all(q.strip() and len(q) <= MAX_QUERY_CHARS for q in asked)  # each fits the search box


def test_players_questions_files_hold_each_line_once_and_the_written_ones_are_short():
    # questions/<file>.tsv were written section by section as short questions; question-sets.tsv
    # holds questions as typed at the table, from two words to a long situation (docs/search.md).
    seen = set()
    for path in sorted(RULES.glob("*/questions/*.tsv")):
        where = str(path.relative_to(RULES))
        for line in filter(str.strip, path.read_text(encoding="utf-8").splitlines()):
            section, lang, question = line.split("\t")
            key = (section, lang, " ".join(question.lower().split()))
            assert key not in seen, (where, line)
            seen.add(key)
            if path.name != "question-sets.tsv":
                assert 2 <= len(question.split()) <= 16, (where, line)
