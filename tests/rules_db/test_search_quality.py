"""Search quality on the held-out sets of player questions, and the sets' own rules, which the
tuning set keeps too (rules_db/search/evaluation.py says how each was written)."""

from __future__ import annotations

import pytest

from rules_db.loader import GAMES
from rules_db.search.evaluation import KINDS, SETS, TUNING, folded, hit_rates, load_questions, near_twins

# The held-out sets, then the tuning set: each is checked as a set (new, broad, balanced, no twin
# among the players' questions); only the held-out ones are measured here.
ALL_SETS = (*SETS, TUNING)
LOADED = [load_questions(path) for path in ALL_SETS]
# Each set's size: two lost a question that an earlier set asks in the same words (docs/search.md),
# the eighteenth one that could be any game's; the nineteenth holds 78 (docs/search.md).
SIZES = {
    "search_holdout7.json": 79,
    "search_holdout11.json": 79,
    "search_holdout18.json": 79,
    "search_holdout19.json": 78,
    "search_tune22.json": 120,
}
QUESTIONS = [q for questions in LOADED[: len(SETS)] for q in questions]
EVERY_QUESTION = [q for questions in LOADED for q in questions]
# The lexical answer (the tests' app has no encoder) must find the right section in the top 3 for
# nine questions in ten in each language; the rerank's figures are benchmarks/search_quality.py's.
TARGET_HIT_AT_3 = 0.90


def words(text: str) -> str:
    return folded(text)[0]


@pytest.mark.parametrize("position", range(len(ALL_SETS)))
def test_each_set_is_new_broad_and_balanced(position):
    questions = LOADED[position]
    earlier = {words(q["q"]) for s in LOADED[:position] for q in s}
    assert len(questions) == SIZES.get(ALL_SETS[position].name, 80)
    assert not {words(q["q"]) for q in questions} & earlier
    for lang in ("it", "en"):
        chosen = [q for q in questions if q["lang"] == lang]
        assert len(chosen) >= 39 and {q["game"] for q in chosen} == set(GAMES)
    assert {q["kind"] for q in questions} == set(KINDS)


def test_twins_are_questions_worded_nearly_alike():
    assert near_twins(
        "paregio di influenza a fine partita chi vince", "pareggio di influenza a fine partita, chi vince?"
    )
    assert near_twins("in galaxy c e un limite di carte in mano?", "galaxy c'è un limite di carte in mano")
    assert near_twins("i caccia bloccano il movimeto delle navi nemiche?", "i caccia bloccano il movimento delle navi?")
    assert not near_twins("quante carte posso tenere in mano?", "quante navi posso tenere in un sistema?")
    assert not near_twins("max sdp per pianeta", "max navi per sistema")


def test_twins_are_twins_either_way_round():
    """SequenceMatcher's ratio depends on the order (0.88 one way, 0.84 the other here)."""
    one = "both fleets only have missiles left and nobody can kill anything, what now"
    other = "both fleets only have missiles left and nobody can kill anything, how does the battle end"
    assert near_twins(one, other) and near_twins(other, one)


def test_no_question_of_a_set_is_among_the_players_questions_nor_nearly(db):
    """The players' questions (questions/*.tsv) are indexed and encoded: a set's question found
    among them, in the same words or nearly (by near_twins: a lexical rule, which a paraphrase
    passes), would be answered from memory, not searched, and the set would stop measuring
    (docs/search.md, "Eighth round"). Twins are looked for among every section of the question's
    game in its language (a sibling that states the same rule counts), the same words anywhere."""
    asked = {words(q) for s in db.sections.values() for q in (*s.asked_it, *s.asked_en)}
    assert not [q["q"] for q in EVERY_QUESTION if words(q["q"]) in asked]
    twins = [
        (q["q"], section.id, other)
        for q in EVERY_QUESTION
        for section in db.by_game(q["game"])
        for other in (section.asked_it if q["lang"] == "it" else section.asked_en)
        if near_twins(q["q"], other)
    ]
    assert not twins, twins[:5]


def test_every_answer_is_a_real_section_of_the_questions_game(db):
    assert not [
        a for q in EVERY_QUESTION for a in q["answers"] if a not in db.sections or db.sections[a].game != q["game"]
    ]


@pytest.mark.parametrize("group", ["it", "en"])
def test_right_section_in_top_3_for_90_percent(app, group):
    count, _at1, at3, _mrr = hit_rates(app.extensions["search"].current(), QUESTIONS)[group]
    assert at3 >= TARGET_HIT_AT_3, f"{group}: hit@3 {at3:.1%} over {count} questions"


def test_english_questions_find_english_text_and_italian_questions_italian(app):
    from rules_db.parity import italian_share

    search = app.extensions["search"].current()
    for question in EVERY_QUESTION:
        results = search.search(question["q"], question["lang"], limit=3).results
        assert results, question["q"]
        for result in results:
            assert result.lang == question["lang"], (question["q"], result.section.id)
            shown = result.section.body(result.lang)
            if question["lang"] == "en" and len(shown.split()) > 12:
                assert italian_share(shown) < 0.06, result.section.id
