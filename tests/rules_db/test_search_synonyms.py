"""Same-language synonyms (rules_db/search/synonyms.tsv) and how a query plan uses them."""

from __future__ import annotations

import pytest

from rules_db.search.analysis import term, terms
from rules_db.search.glossary import Glossary
from rules_db.search.query import plan
from rules_db.search.schema import TEXT_FIELDS
from rules_db.search.spelling import Speller
from rules_db.search.synonyms import read_synonyms, synonyms


def test_the_file_reads_and_keys_by_stem():
    found = synonyms()
    assert (term("opponent", "en"),) in found[("en", term("enemy", "en"))]
    # Keyed by stem: an inflection of the word finds the same alternatives.
    assert term("nemiche", "it") == term("nemico", "it")
    assert (term("avversario", "it"),) in found[("it", term("nemiche", "it"))]
    assert ("galact", "center", "defens", "system") in found[("en", "gcds")]


def test_a_malformed_line_is_refused(tmp_path):
    bad = tmp_path / "synonyms.tsv"
    for line in ("fr\tennemi\tadversaire", "en\tenemy\tthe opponent", "en\tthe\topponent"):
        bad.write_text(f"lang\tword\talternatives\n{line}\n", encoding="utf-8")
        with pytest.raises(ValueError):
            read_synonyms(bad)


INDEXED = {f: ({"oppon", "enemi"} if f.endswith("_en") else set()) for fields in TEXT_FIELDS.values() for f in fields}


def test_a_synonym_joins_the_word_it_stands_for():
    planned = plan("enemy ships", Glossary(()), Speller.from_words([("enemy", 1)]), INDEXED)
    leaves = {(q.fieldname, q.text) for q in planned.query.leaves()}
    assert ("body_en", "oppon") in leaves and ("body_en", "enemi") in leaves
    # One concept for "enemy" (its own term and the synonym together), none for the unknown "ships".
    assert len(planned.concepts) == 1


def test_a_word_with_synonyms_is_not_corrected_into_another_word():
    # "scappare" is absent from the rulebooks and one edit from "scartare": without its synonym
    # entry it would become a different question.
    speller = Speller.from_words([("scartare", 30)])
    planned = plan("scappare", Glossary(()), speller, INDEXED)
    assert planned.words == ("scappare",) and planned.suggestion is None


@pytest.mark.parametrize(
    ("lang", "typed", "rulebook"),
    [
        ("it", "togliere", "rimuovere"),  # "come si toglie il segnalino": the rules remove it
        ("it", "toglie", "rimuovere"),
        ("it", "difende", "difensore"),  # Snowball: "dif" and "difensor" never meet
        ("it", "difendere", "difensore"),
        ("en", "broke", "bankruptcy"),
    ],
)
def test_players_everyday_words_reach_the_rulebooks_word(lang, typed, rulebook):
    assert (term(rulebook, lang),) in synonyms()[(lang, term(typed, lang))]


@pytest.mark.parametrize(
    ("lang", "typed", "near", "rulebook"),
    [
        # Words players use that no rulebook does, each near a rulebook word the speller chose.
        ("it", "automa", "autori", "robot"),  # the solo opponent: RftG's robot
        ("it", "pedine", "ordine", "segnalino"),  # "pedine comando": command tokens
        ("it", "rompono", "compone", "interrompere"),  # "si rompono i rapporti diplomatici"
        ("en", "loot", "lost", "spoils"),  # Galaxy's spoils of war
        ("it", "duranio", "durano", "duranium"),  # the tool's own label said "Armatura in Duranio"
        ("en", "strat", "start", "strategy"),  # TI4's strategy card, not the start of the game
        ("it", "strat", "start", "strategia"),
    ],
)
def test_board_gamers_words_are_searched_not_corrected(lang, typed, near, rulebook):
    assert (term(rulebook, lang),) in synonyms()[(lang, term(typed, lang))]
    planned = plan(typed, Glossary(()), Speller.from_words([(near, 30)]), INDEXED)
    assert planned.words == (typed,) and planned.suggestion is None


@pytest.mark.parametrize(
    ("lang", "typed", "rulebook"),
    [
        ("en", "sd", "space dock"),
        ("it", "sd", "molo spaziale"),
        ("en", "scd", "space cannon defense"),
        ("it", "scd", "cannone spaziale difesa"),
        ("en", "mr", "mecatol rex"),
        ("en", "comms", "commodities"),
        ("it", "comms", "materie prime"),
        ("en", "pns", "promissory note"),
        ("it", "pn", "cambiale"),
        ("it", "ints", "intercettore"),
        ("en", "troops", "ground force"),
        ("it", "soldatini", "truppe"),
        ("en", "shipyard", "space dock"),
        ("it", "sfornare", "produrre"),
    ],
)
def test_table_words_stand_for_one_rule_term_in_either_language(lang, typed, rulebook):
    """Abbreviations and other space games' words: each reaches the rulebook's term in the
    question's own language (Italian players type TI4's English abbreviations too)."""
    assert tuple(term(word, lang) for word in rulebook.split()) in synonyms()[(lang, term(typed, lang))]


def test_a_word_sharing_a_stem_with_another_does_not_take_its_synonyms():
    # Snowball stems "soldati" (soldiers) like "soldi" (money): the entries are keyed by stem,
    # so soldiers are only "soldatini" here, and money never turns into troops.
    assert term("soldati", "it") == term("soldi", "it")
    assert (term("truppe", "it"),) not in synonyms().get(("it", term("soldi", "it")), ())


def test_every_alternative_is_said_by_some_rule_in_its_language(db):
    """An alternative is the rulebook's word for what the player typed: some rule's title, text or
    keywords say it, its words in that order. One that no rule says is searched as words scattered
    over unrelated rules ("sole guerra": "solo" and the Warfare card), or finds nothing."""
    said = {
        lang: [
            f" {' '.join(terms(text, lang))} "
            for section in db.sections.values()
            for text in (getattr(section, f"title_{lang}"), getattr(section, f"body_{lang}"), *section.keywords)
        ]
        for lang in ("it", "en")
    }
    unsaid = [
        (lang, key, alternative)
        for (lang, key), alternatives in synonyms().items()
        for alternative in alternatives
        if not any(f" {' '.join(alternative)} " in text for text in said[lang])
    ]
    assert unsaid == []
