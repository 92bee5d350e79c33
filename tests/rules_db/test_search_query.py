"""From typed text to a query plan: no syntax, stop words out, corrections, glossary expansion."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_db.search.analysis import term
from rules_db.search.glossary import Glossary, TermPair
from rules_db.search.query import MAX_QUERY_CHARS, MAX_WORDS, QueryPlan, game_names, plan, same_case
from rules_db.search.schema import TEXT_FIELDS
from rules_db.search.spelling import Speller

GLOSSARY = Glossary(
    (
        TermPair("ti4", "Sostenere Danni", "Sustain Damage", ("sosten", "dann"), ("sustain", "damag")),
        TermPair("ti4", "Ritirata", "Retreat", (term("ritirata", "it"),), ("retreat",)),
    )
)
SPELLER = Speller.from_words([("bombardamento", 5), ("ritirata", 9), ("sistema", 30), ("vuoto", 2), ("system", 3)])
ITALIAN = {"bombard", term("ritirata", "it"), "sistem", "vuot", "sosten", "dann"}
INDEXED = {f: (ITALIAN if f.endswith("_it") else {"retreat"}) for fields in TEXT_FIELDS.values() for f in fields}


def make(text, game=None):
    return plan(text, GLOSSARY, SPELLER, INDEXED, game)


def leaves(planned):
    return {(q.fieldname, q.text) for q in planned.query.leaves()} if planned.query else set()


def test_question_and_stop_words_are_dropped():
    assert make("posso ritirarmi in un sistema vuoto?").words == ("ritirarmi", "sistema", "vuoto")
    assert make("can I retreat into a system?").words == ("retreat", "system")


def test_only_stop_words_leave_nothing_to_search():
    for text in ("AND OR", "", "   ", "il la di", "what is the", "🚀✨"):
        assert make(text).query is None


@pytest.mark.parametrize("text", ['"unclosed', "title:", "AND OR NOT", "(((", "body_it:x*", "<b>x</b>", "a" * 5000])
def test_query_syntax_is_plain_text(text):
    planned = make(text)
    assert len(planned.text) <= MAX_QUERY_CHARS
    assert all(isinstance(v, str) for _f, v in leaves(planned))


def test_an_english_term_also_searches_its_italian_name():
    found = leaves(make("how does sustain damage work"))
    assert ("body_it", "sosten") in found and ("body_it", "dann") in found
    assert ("title_it", term("ritirata", "it")) in leaves(make("retreat"))


def test_an_italian_term_also_searches_its_english_name():
    assert ("body_en", "retreat") in leaves(make("ritirata"))


def test_misspelt_words_are_searched_corrected_and_suggested():
    planned = make("bombardamneto")
    assert planned.suggestion == "bombardamento"
    assert ("body_it", "bombard") in leaves(planned)


def test_inflections_are_not_typos():
    # "ritirarmi" is not in the vocabulary but its stem is indexed.
    assert make("ritirarmi").suggestion is None


def test_the_suggestion_keeps_the_rest_of_the_text():
    assert make("regole del bombardamneto?").suggestion == "regole del bombardamento?"


def test_the_suggestion_keeps_the_players_capitals():
    assert make("Bombardamneto e Sistmea").suggestion == "Bombardamento e Sistema"
    assert make("BOMBARDAMNETO").suggestion == "BOMBARDAMENTO"
    assert make("la Ritirata nel sistmea").suggestion == "la Ritirata nel sistema"


def test_a_dotted_number_looks_up_the_paragraph():
    assert ("number", "23.7") in leaves(make("regola 23.7"))


def test_word_limit():
    planned = make(" ".join(f"sistema{i}" for i in range(40)))
    assert len(planned.words) <= MAX_WORDS


def test_game_names_are_preferences_not_words():
    assert game_names("Stalemate in Eclipse")[0] == {"eclipse"}
    assert game_names("Race for the Galaxy goals") == ({"rftg"}, " " * len("Race for the Galaxy ") + "goals")
    assert game_names("arms race")[0] == set()  # a word of the rules, not the name
    assert game_names("how many cards in galaxy")[0] == {"galaxy"}
    assert game_names("quanti round dura la partita a Galaxy")[0] == {"galaxy"}
    assert game_names("can I move ships anywhere in the galaxy")[0] == set()  # TI4's and Eclipse's map
    assert game_names("Galaxy: The Dark Ages hand limit")[0] == {"galaxy"}
    assert game_names("Twilight Imperium and Parsec")[0] == {"ti4", "parsec"}
    planned = make("ritirata in eclipse")
    assert planned.games == {"eclipse"} and planned.words == ("ritirata",)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=400))
def test_any_text_plans_without_error(text):
    planned = make(text)
    assert (planned.query is None) == (not planned.concepts)


def test_english_contraction_tails_are_not_words():
    assert make("can I retreat if I'm in a system? don't know").words == ("retreat", "system", "know")


def test_a_word_known_only_as_an_italian_stem_also_searches_its_english_neighbour():
    # "comand" is the Italian stem of "comando" but, typed in an English question, a misspelt
    # "command": both are searched, and no "did you mean" is offered.
    indexed = {f: ({"comand"} if f.endswith("_it") else {"command"}) for fields in TEXT_FIELDS.values() for f in fields}
    planned = plan("comand", GLOSSARY, Speller.from_words([("command", 10), ("comando", 2)]), indexed)
    assert {("body_it", "comand"), ("body_en", "command")} <= leaves(planned)
    assert planned.suggestion is None


def test_a_real_word_the_rulebooks_lack_is_searched_as_typed_with_its_neighbour_and_synonyms():
    # "ricevo" (no rulebook uses it; its stem is not riceve's) is a word, not a typo: no "did you
    # mean", but "riceve" and riceve's synonym "ottenere" are searched in its group.
    speller = Speller.from_words([("riceve", 5), ("upright", 3)], is_word={"ricevo", "outright"}.__contains__)
    indexed = {
        f: ({"ricev", "otten"} if f.endswith("_it") else {"upright"}) for fields in TEXT_FIELDS.values() for f in fields
    }
    planned = plan("quanti segnalini ricevo", GLOSSARY, speller, indexed)
    assert planned.suggestion is None and "ricevo" in planned.words
    assert {("body_it", "ricev"), ("body_it", "otten")} <= leaves(planned)
    outright = plan("destroyed outright", GLOSSARY, speller, indexed)
    assert outright.suggestion is None and outright.words == ("destroyed", "outright")
    assert ("body_en", "upright") not in leaves(outright)  # two edits away: not a neighbour


def test_in_mixed_text_only_the_typo_is_corrected():
    speller = Speller.from_words([("bombardamento", 5), ("upright", 3)], is_word={"outright", "pedine"}.__contains__)
    planned = plan("pedine e bombardamneto outright", GLOSSARY, speller, INDEXED)
    assert planned.suggestion == "pedine e bombardamento outright"


def test_a_translation_never_weighs_more_than_the_typed_word():
    from rules_db.search.query import translation_boost

    # English "ship" is in 300 of 900 bodies, Italian "astronav" in 30: the rarer translation is
    # scaled down to the typed word's rarity; an equally rare one keeps its full weight.
    counts = {"body_en": {"ship": 300, "retreat": 30}, "body_it": {"astronav": 30, "ritir": 30}}
    assert translation_boost(("ship",), "en", ("astronav",), "it", counts, 900) < 0.5
    assert translation_boost(("retreat",), "en", ("ritir",), "it", counts, 900) == 1.0
    # A word the question's language never uses (English question on Italian-only text): full weight.
    assert translation_boost(("dread",), "en", ("astronav",), "it", counts, 900) == 1.0
    assert translation_boost(("ship",), "en", ("astronav",), "it", counts, 0) == 1.0


def test_an_english_reader_s_number_is_read_in_the_english_numbering_first():
    from rules_db.search.query import NUMBER_BOOST, number_terms

    italian = {"78.7": "23.7", "23.7": "44.7"}.get
    (english,) = number_terms(["78.7"], "en", italian)
    assert {(t.text, t.boost) for t in english.subqueries} == {("23.7", NUMBER_BOOST), ("78.7", NUMBER_BOOST / 4)}
    (own,) = number_terms(["23.7"], "it", italian)
    assert {(t.text, t.boost) for t in own.subqueries} == {("23.7", NUMBER_BOOST), ("44.7", NUMBER_BOOST / 4)}
    assert number_terms(["9.9"], "en", italian)[0].text == "9.9"  # no English chapter 9.9: taken as typed


def test_the_pairs_are_the_questions_content_words_in_order_in_either_language():
    planned = make("ritirata sistema vuoto")
    assert planned.pairs("it") == {(term("ritirata", "it"), "sistem"), ("sistem", "vuot")}
    # "ritirata" is also "retreat" (the glossary); "sistema" is said in no English the index holds.
    assert planned.word_marks[0]["en"] == {"retreat"} and planned.pairs("en") == frozenset()
    assert make("vuoto ritirata").pairs("en") == frozenset() and make("vuoto ritirata").pairs("it") == {
        ("vuot", term("ritirata", "it"))
    }
    assert QueryPlan("x", ("ritirata",), None).pairs("it") == frozenset()  # no marks, no pairs
    # With "sistema" translated too, the Italian phrase is an English one: ("retreat", "system").
    glossary = Glossary((*GLOSSARY.pairs, TermPair("ti4", "Sistema", "System", ("sistem",), ("system",))))
    indexed = {f: terms | ({"system"} if f.endswith("_en") else set()) for f, terms in INDEXED.items()}
    assert plan("ritirata sistema", glossary, SPELLER, indexed).pairs("en") == {("retreat", "system")}


@given(st.text(alphabet="abcdeABCDE", min_size=1, max_size=8), st.text(alphabet="xyz", min_size=1, max_size=8))
def test_same_case_changes_only_the_case(typed, corrected):
    assert same_case(typed, corrected).lower() == corrected
