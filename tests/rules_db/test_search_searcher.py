"""Searching: on a small in-memory index of hand-written sections, then on the real rules."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from engine.core.budget import BudgetExceeded, time_budget
from rules_db.loader import Game, RulesDB, Section
from rules_db.search import index, vectors
from rules_db.search.glossary import Glossary, TermPair, load_glossary
from rules_db.search import searcher
from rules_db.search.searcher import GAME_MENTION_BOOST, RulesSearch, fuse
from rules_db.search.spelling import Speller


def small_db() -> RulesDB:
    sections = [
        Section("eclipse/ritirata", "eclipse", "", "RITIRATA", "Le Navi possono ritirarsi in un esagono adiacente."),
        Section(
            "eclipse/citta",
            "eclipse",
            "",
            "LA CITTÀ",
            "Ogni città produce denaro.",
            "THE CITY",
            "Every city makes money.",
        ),
        Section(
            "ti4/23",
            "ti4",
            "23",
            "COMBATTIMENTO SPAZIALE",
            "Si risolve un combattimento.",
            keywords=("battaglia",),
            children=("ti4/23.7",),
        ),
        Section(
            "ti4/23.7",
            "ti4",
            "23.7",
            "PASSO 5. RITIRATA",
            "Il giocatore deve ritirarsi se ha annunciato la ritirata.",
            parent="ti4/23",
        ),
        Section("ti4/77", "ti4", "77", "SOSTENERE DANNI", "Una corazzata può sostenere danni <una volta>."),
    ]
    games = {g: Game(g, g.upper(), "doc", "1", "x.txt") for g in ("eclipse", "ti4")}
    order = {g: [s.id for s in sections if s.game == g] for g in games}
    return RulesDB(games, {s.id: s for s in sections}, "digest", order)


GLOSSARY = Glossary((TermPair("ti4", "Sostenere Danni", "Sustain Damage", ("sosten", "dann"), ("sustain", "damag")),))


def in_memory(db: RulesDB) -> RulesSearch:
    ix = index.build_in_memory(db, GLOSSARY)  # these tests need no instance folder
    return RulesSearch(ix, db, GLOSSARY)


def with_questions(db: RulesDB, section_id: str, **asked: tuple[str, ...]) -> RulesDB:
    """``db`` where ``section_id`` answers these players' questions (asked_it=..., asked_en=...)."""
    section = replace(db.sections[section_id], **asked)
    return replace(db, sections={**db.sections, section_id: section}, digest=f"asked {asked}")


@pytest.fixture(scope="module")
def small() -> RulesSearch:
    return in_memory(small_db())


def ids(found):
    return [r.section.id for r in found.results]


def test_inflections_find_the_same_sections(small):
    for word in ("ritirarsi", "ritirata", "ritira"):
        assert set(ids(small.search(word, "it"))) == {"eclipse/ritirata", "ti4/23.7"}


def test_unaccented_query_finds_accented_text(small):
    assert ids(small.search("citta", "it")) == ["eclipse/citta"]


def test_title_matches_outrank_body_matches(small):
    assert ids(small.search("ritirata", "it"))[0] == "ti4/23.7"  # in its title; only "ritirarsi" in the other body


def test_keywords_are_searched(small):
    assert ids(small.search("battaglia", "it"))[0] == "ti4/23"  # its keyword; the sub-rule only through a synonym


def test_english_query_finds_italian_text_through_the_glossary(small):
    assert ids(small.search("how does sustain damage work?", "en")) == ["ti4/77"]


def test_results_speak_the_chosen_language(small):
    [italian] = small.search("città", "it").results
    [english] = small.search("città", "en").results
    assert (italian.lang, italian.section.title(italian.lang)) == ("it", "LA CITTÀ")
    assert (english.lang, english.section.title(english.lang)) == ("en", "THE CITY")
    assert "<mark>" in italian.snippet and "città" in italian.snippet.lower()


def test_snippets_are_escaped(small):
    [found] = small.search("sostenere danni", "it").results
    assert "&lt;una volta&gt;" in found.snippet and "<una" not in found.snippet


def test_facets_count_every_game_and_the_filter_keeps_one(small):
    everything = small.search("ritirata", "it")
    assert everything.facets == {"eclipse": 1, "ti4": 1} and everything.total == 2
    filtered = small.search("ritirata", "it", game="eclipse")
    assert ids(filtered) == ["eclipse/ritirata"] and filtered.total == 1 and filtered.facets == everything.facets


def test_pagination(small):
    first, second = small.search("ritirata", "it", limit=1), small.search("ritirata", "it", limit=1, page=2)
    assert first.pages == 2 and len(first.results) == len(second.results) == 1
    assert ids(first) != ids(second)
    assert small.search("ritirata", "it", limit=1, page=3).results == ()


def test_the_share_of_the_questions_words_scales_a_score():
    covers = [np.array([True, True, False]), np.array([True, False, False])]
    assert searcher.coordinate(np.array([2.0, 1.0, 3.0]), covers).tolist() == [2.0, 0.5, 0.0]
    assert searcher.coordinate(np.array([2.0, 1.0]), covers[:1]).tolist() == [2.0, 1.0]  # one word: no scaling


def test_equal_scores_keep_the_reading_order():
    # Two sections saying the same thing: the earlier in the rulebook comes first, wherever it
    # sits in the rules database's own dictionary.
    twin = Section("eclipse/gemella", "eclipse", "", "RITIRATA", "Le Navi possono ritirarsi in un esagono adiacente.")
    db = small_db()
    order = {**db._order, "eclipse": ["eclipse/gemella", *db._order["eclipse"]]}
    twins = replace(db, sections={**db.sections, twin.id: twin}, _order=order)
    found = in_memory(twins).search("ritirarsi esagono", "it")
    assert ids(found)[:2] == ["eclipse/gemella", "eclipse/ritirata"]
    assert found.results[0].score == found.results[1].score


def test_a_sections_shape_weighs_on_its_score():
    def shaped(title: str, body: str = "Una regola intera, " * 30, chapter: str = "", children=()) -> float:
        parents = [Section("g/c", "ti4", "", chapter, "")] if chapter else []
        return searcher.shape_weight(Section("g/s", "ti4", "", title, body, children=children), parents)

    assert shaped("RITIRATA") == 1.0
    assert shaped("TRE ROUND DI ESEMPIO") == shaped("Round 2", chapter="Esempio di gioco") == searcher.EXAMPLE_WEIGHT
    assert shaped("CARTE AZIONE", chapter="DOMANDE RICORRENTI") == searcher.FAQ_WEIGHT
    assert shaped("D: A cosa mi serve il denaro?") == searcher.FAQ_WEIGHT
    assert shaped("COMBATTIMENTO", "Si risolve.", children=("g/t",)) == searcher.INTRO_WEIGHT
    assert shaped("COMBATTIMENTO", children=("g/t",)) == 1.0  # a chapter with its own rule text
    assert searcher.EXAMPLE_WEIGHT < searcher.FAQ_WEIGHT < 1 and searcher.INTRO_WEIGHT < 1


def test_the_rule_comes_before_the_faq_about_it(real):
    # The FAQ on Sustain Damage against one action card names the ability twice in its heading.
    for text, lang in (("sostenere danni", "it"), ("sustain damage", "en")):
        first = ids(real.search(text, lang))[0]
        assert first == "ti4/77" or first.startswith("ti4/77."), text


def test_a_named_game_ranks_first(small):
    assert GAME_MENTION_BOOST > 1
    assert ids(small.search("ritirata eclipse", "it"))[0] == "eclipse/ritirata"


def test_empty_and_hopeless_queries_give_no_results_without_error(small):
    for text in ("", "AND OR", "zzzzqqqq", '"unclosed', "title:"):
        found = small.search(text, "it")
        assert found.total == 0 and found.results == ()


def test_unknown_game_is_refused(small):
    with pytest.raises(ValueError):
        small.search("x", "it", game="chess")


def test_the_passage_to_mark_is_the_one_holding_most_of_the_query(small):
    chapter, rule = small.db.sections["ti4/23"], small.db.sections["ti4/23.7"]
    passage = "Il giocatore deve ritirarsi se ha annunciato la ritirata."
    assert small.passage_to_mark("annunciato ritirata", [chapter, rule], "it") == passage
    assert small.passage_to_mark("nulla di simile", [chapter, rule], "it") == ""


def test_the_snippet_is_the_answering_passage(small):
    found = small.search("quando una corazzata può sostenere danni", "it").results[0]
    assert found.section.id == "ti4/77"
    assert found.snippet.startswith("Una <mark>corazzata</mark>")


class WordsEncoder:
    """A tiny stand-in for the sentence encoder: each of a few chosen words is one dimension, so
    a test knows which section a question is "near" without the real model."""

    WORDS = ("possono", "navi")

    def _encode(self, texts):
        rows = np.array([[t.lower().count(w) for w in self.WORDS] + [0.1] for t in texts], dtype=np.float32)
        return rows / np.linalg.norm(rows, axis=1, keepdims=True)

    queries = passages = _encode


def with_encoder(search: RulesSearch, tmp_path) -> RulesSearch:
    encoder = WordsEncoder()
    vectors.build(tmp_path, search.db, encoder, model="words")
    search.use_vectors(vectors.load(tmp_path, search.db, model="words"), encoder)
    return search


def test_among_passages_holding_as_many_words_the_nearest_in_meaning_is_marked(tmp_path):
    first, second = "La ritirata si annuncia prima del round.", "Nella ritirata si possono scegliere esagoni adiacenti."
    db = small_db()
    db = replace(
        db,
        sections={
            **db.sections,
            "eclipse/ritirata": replace(db.sections["eclipse/ritirata"], body_it=f"{first} {second}"),
        },
    )
    page = [db.sections["eclipse/ritirata"]]
    search = in_memory(db)
    # "possono" is a question word the lexical search drops: each passage holds one query word, so
    # by the words alone the first is marked; the stand-in encoder reads "possono".
    assert search.passage_to_mark("ritirata possono", page, "it") == first
    with_encoder(search, tmp_path)
    assert search.passage_to_mark("ritirata possono", page, "it") == second
    assert search.passage_to_mark("nulla di simile", page, "it") == ""  # nothing asked here: nothing marked


def test_a_question_in_the_other_language_marks_the_passage_nearest_in_meaning(small, tmp_path):
    city = [small.db.sections["eclipse/citta"]]  # "Ogni città produce denaro." / "Every city makes money."
    assert small.passage_to_mark("denaro", city, "en") == ""  # no English word of it: without meaning, nothing
    try:
        with_encoder(small, tmp_path)
        assert small.passage_to_mark("denaro", city, "en") == "Every city makes money."
        assert small.passage_to_mark("zzzz qqqq", city, "en") == ""  # asked in neither language
    finally:
        small.semantic = None


class CountingEncoder(WordsEncoder):
    """The stand-in encoder, counting the passages it is asked to encode and in how many calls."""

    def __init__(self) -> None:
        self.calls: list[int] = []

    def passages(self, texts):
        self.calls.append(len(texts))
        return self._encode(texts)


def test_passages_are_encoded_in_batches_once_and_under_the_budget():
    encoder = CountingEncoder()
    texts = [f"passo {n} delle navi" for n in range(searcher.ENCODE_BATCH + 5)]
    first = searcher.passage_vectors(encoder, texts)
    assert encoder.calls == [searcher.ENCODE_BATCH, 5] and first.shape == (len(texts), len(WordsEncoder.WORDS) + 1)
    again = searcher.passage_vectors(encoder, [texts[3], "un passo nuovo", texts[3]])
    assert encoder.calls[2:] == [1] and np.array_equal(again[0], first[3]) and np.array_equal(again[2], first[3])
    with time_budget(-1.0), pytest.raises(BudgetExceeded):  # a budget already spent: stopped before encoding
        searcher.passage_vectors(encoder, ["mai visto prima"])
    assert encoder.calls[3:] == []


def test_a_spent_budget_stops_the_choice_by_meaning(small, tmp_path):
    page = [small.db.sections["eclipse/citta"]]
    try:
        with_encoder(small, tmp_path)
        with time_budget(-1.0), pytest.raises(BudgetExceeded):  # never swallowed as an encoder failure
            small.nearest_in_meaning("mai visto prima", ["un passo mai encodato", "un altro"])
        with time_budget(-1.0), pytest.raises(BudgetExceeded):
            small.passage_to_mark("denaro", page, "en")
    finally:
        small.semantic = None


def test_fuse_blends_scaled_scores_and_keeps_scores_falling():
    chosen = [("a", 10.0), ("b", 9.0), ("c", 2.0), ("d", 1.0)]
    fused = fuse(chosen, [np.array([0.0, 1.0, 0.5])], weights=(0.5, 0.5))
    # a: .5*1 + 0 = .5; b: .5*.875 + .5 = .94; c: 0 + .25; d untouched below them.
    assert [i for i, _s in fused] == ["b", "a", "c", "d"]
    assert [s for _i, s in fused] == sorted((s for _i, s in fused), reverse=True)
    assert fuse(chosen, [np.array([0.0, 1.0, 0.5])], weights=(1.0, 0.0))[:3] == chosen[:3]  # no weight, no change


def test_fuse_weighs_each_signal_on_its_own_scale():
    chosen = [("a", 10.0), ("b", 9.0), ("c", 2.0)]
    text, asked = np.array([0.9, 0.1, 0.5]), np.array([0.2, 0.3, 0.4])
    # scaled: lexical 1, .875, 0; text 1, 0, .5; asked 0, .5, 1
    # a: .25 + .25 + 0 = .5; b: .21875 + 0 + .25 = .46875; c: 0 + .125 + .5 = .625
    assert [i for i, _s in fuse(chosen, [text, asked], weights=(0.25, 0.25, 0.5))] == ["c", "a", "b"]
    assert [i for i, _s in fuse(chosen, [text, asked], weights=(0.25, 0.75, 0.0))] == ["a", "c", "b"]


def test_rerank_follows_meaning_within_the_lexical_candidates(small, tmp_path):
    # "possono" is a question word the lexical search drops; the stand-in encoder reads it, and
    # only the Eclipse rule says it.
    question = "ritirata combattimento possono"
    lexical = ids(small.search(question, "it", rerank=False))
    assert lexical == ["ti4/23.7", "ti4/23", "eclipse/ritirata"]
    encoder = WordsEncoder()
    vectors.build(tmp_path, small.db, encoder, model="words")
    small.use_vectors(vectors.load(tmp_path, small.db, model="words"), encoder)
    try:
        assert ids(small.search(question, "it")) == ["eclipse/ritirata", "ti4/23.7", "ti4/23"]
        assert ids(small.search(question, "it", rerank=False)) == lexical  # off: the lexical order
    finally:
        small.semantic = None


def test_the_rerank_keeps_to_the_game_the_question_names(tmp_path):
    # TI4 named; an Eclipse section sits lexically between TI4's two. Only TI4's are reordered (by
    # the stand-in encoder: TI4's 23 now says "possono"), the Eclipse ones keep their lexical
    # scores and take their places among them by score, on every page.
    db = small_db()
    battle = Section("eclipse/battaglia", "eclipse", "", "RITIRATA E COMBATTIMENTO", "Ritirata o combattimento.")
    fighting = replace(db.sections["ti4/23"], body_it="Si risolve un combattimento: le navi possono sparare.")
    db = replace(
        db,
        sections={**db.sections, "ti4/23": fighting, battle.id: battle},
        _order={**db._order, "eclipse": [*db._order["eclipse"], battle.id]},
    )
    search, encoder = in_memory(db), WordsEncoder()
    lexical = search.search("ritirata combattimento possono ti4", "it", rerank=False)
    assert ids(lexical) == ["ti4/23.7", "eclipse/battaglia", "ti4/23", "eclipse/ritirata"]
    vectors.build(tmp_path, db, encoder, model="words")
    search.use_vectors(vectors.load(tmp_path, db, model="words"), encoder)
    for question, expected in (
        # the encoder lifts 23 above 23.7; both stay above the Eclipse section between them
        ("ritirata combattimento possono ti4", ["ti4/23", "ti4/23.7", "eclipse/battaglia", "eclipse/ritirata"]),
        # the encoder sees no difference: 23 keeps its lexical score, below the Eclipse section
        ("ritirata combattimento ti4", ["ti4/23.7", "eclipse/battaglia", "ti4/23", "eclipse/ritirata"]),
    ):
        found = search.search(question, "it")
        assert ids(found) == expected, question
        assert [r.score for r in found.results] == sorted((r.score for r in found.results), reverse=True)
        assert [ids(search.search(question, "it", limit=1, page=n))[0] for n in (1, 2, 3, 4)] == expected
    # No game named: every candidate is reordered, and the encoder lifts Eclipse's "possono"
    # from last place; so it does with a game filter other than the named game.
    assert ids(search.search("ritirata combattimento possono", "it"))[-1] != "eclipse/ritirata"
    assert ids(search.search("ritirata combattimento possono ti4", "it", game="eclipse")) == [
        "eclipse/ritirata",
        "eclipse/battaglia",
    ]


def test_a_players_question_lifts_the_section_it_answers(tmp_path):
    # The same question as above: by its text, the Eclipse rule is nearer ("possono"); once
    # TI4's retreat step lists a player's question with that word, the step is nearest (and the
    # map fitted on that question moves "possono" away from Eclipse's text).
    for db, expected in (
        (small_db(), ["eclipse/ritirata", "ti4/23.7", "ti4/23"]),
        (
            with_questions(small_db(), "ti4/23.7", asked_it=("possono ritirarmi?",)),
            ["ti4/23.7", "ti4/23", "eclipse/ritirata"],
        ),
    ):
        search, encoder = in_memory(db), WordsEncoder()
        vectors.build(tmp_path, db, encoder, model="words")
        search.use_vectors(vectors.load(tmp_path, db, model="words"), encoder)
        assert ids(search.search("ritirata combattimento possono", "it")) == expected


def test_a_word_only_players_use_finds_the_section_through_its_questions(small):
    db = with_questions(
        small_db(), "eclipse/citta", asked_it=("quanti quattrini fa una citta",), asked_en=("city dough",)
    )
    search = in_memory(db)
    assert ids(search.search("quattrini", "it")) == ["eclipse/citta"]  # the rule says "denaro"
    assert ids(search.search("dough", "en")) == ["eclipse/citta"]  # ... and "money"
    assert ids(small.search("quattrini", "it")) == ids(small.search("dough", "en")) == []


def test_an_encoder_that_fails_in_a_search_leaves_the_lexical_order(small, tmp_path, caplog):
    class Broken(WordsEncoder):
        def queries(self, texts):
            raise RuntimeError("the model broke")

    question = "ritirata combattimento possono"
    lexical = ids(small.search(question, "it", rerank=False))
    vectors.build(tmp_path, small.db, WordsEncoder(), model="words")
    small.use_vectors(vectors.load(tmp_path, small.db, model="words"), Broken())
    searcher.query_vector.cache_clear()
    try:
        assert ids(small.search(question, "it")) == lexical
        assert "answering lexically" in caplog.text
    finally:
        small.semantic = None


def test_the_question_is_encoded_only_when_there_is_something_to_reorder(small, tmp_path):
    class Counting(WordsEncoder):
        def __init__(self) -> None:
            self.asked: list[str] = []

        def queries(self, texts):
            self.asked.extend(texts)
            return self._encode(texts)

    encoder = Counting()
    vectors.build(tmp_path, small.db, WordsEncoder(), model="words")
    small.use_vectors(vectors.load(tmp_path, small.db, model="words"), encoder)
    searcher.query_vector.cache_clear()
    try:
        assert ids(small.search("corazzata", "it")) == ["ti4/77"]  # one result: nothing to reorder
        assert ids(small.search("ritirata", "it", rerank=False))
        assert encoder.asked == []
        small.search("ritirata  combattimento", "it")
        assert encoder.asked == ["ritirata combattimento"]  # as normalised
    finally:
        small.semantic = None


# The real rules database (the app's index, built at start-up).


@pytest.fixture(scope="module")
def real(app) -> RulesSearch:
    return app.extensions["search"].current()


def test_retreat_forms_find_the_ti4_and_eclipse_retreat_rules(real):
    found = {word: ids(real.search(word, "it", limit=50)) for word in ("ritirarsi", "ritirata", "ritira")}
    assert found["ritirarsi"] == found["ritirata"] == found["ritira"]  # one stem, the same sections
    top = found["ritira"][:5]
    assert "ti4/23.7" in top and "ti4/23.4" in top and "eclipse/ritirata" in top, top


def test_bombardamneto_suggests_bombardamento(real):
    found = real.search("bombardamneto", "it")
    assert found.plan.suggestion == "bombardamento"
    assert any(i == "ti4/12" or i.startswith("ti4/12.") for i in ids(found)[:3])  # the chapter or its rules


# Real words no rulebook uses, each one or two edits from a rulebook word the vocabulary alone
# turned it into ("outright" -> "upright", "pedine" -> "ordine"): players' words, not typos.
REAL_WORDS = {
    "it": "ricevo lavoro sicuro morto piedi errore perfetto verita fretta medico domani stanza festa sangue "
    "scuola strano mangiare milioni prigione regalo barare tavolino bottiglia figlio penso sentito basta "
    "piano bella tesoro pensato bambino morte chiesto pensare sentire sacco attimo scusa morire sapevo "
    "agente sicura morta mente divertente mandato bravo spiace dottore capelli potresti incontro spero "
    "distruttore distruttori perdente perdenti bloccanti propulsore iperspaziale retrocedere",
    "en": "outright useless loot lovely forgive smell hoping barely stuck stole scared tired movie coffee "
    "horse sister doctor driving teach sweet crime realize threw shooting strange pretend arrest prison "
    "careful aware honest lunch rush cheating grudge",
}


@pytest.mark.parametrize("lang", ["it", "en"])
def test_real_words_the_rulebooks_lack_are_never_corrected(real, lang):
    words = REAL_WORDS[lang].split()
    vocabulary_only = Speller(real.speller.frequencies)
    # The class is real: (nearly) all of them were "corrected" before the dictionary.
    assert sum(vocabulary_only.correct(w) is not None for w in words) >= 0.9 * len(words)
    for question_lang in ("it", "en"):  # players mix languages: either reader's question
        for word in words:
            planned = real.plan(f"turno {word}" if lang == "it" else f"turn {word}", lang=question_lang)
            assert planned.suggestion is None and word in planned.words, (word, planned.words)


@pytest.mark.parametrize(
    "typed, meant",
    [
        ("sbaramento anticaccia", "sbarramento anti caccia"),
        ("comodities vs trade goods", "commodities vs trade goods"),
        ("esagono afollato", "esagono affollato"),
        ("quando si arende un mondo", "quando si arrende un mondo"),
        ("atacco a lungo ragio", "attacco a lungo raggio"),
        ("gravty rift", "gravity rift"),
        ("how many actoin cards", "how many action cards"),
        ("il mio mazo delle tecnologie", "il mio mazzo delle tecnologie"),
        ("useless missles", "useless missiles"),  # a real word beside a typo: only the typo
        ("pedine nella nebulossa", "pedine nella nebulosa"),
    ],
)
def test_typos_are_still_corrected(real, typed, meant):
    assert real.plan(typed).suggestion == meant


@pytest.mark.parametrize("lang", ["it", "en"])
def test_dread_means_a_dreadnought_not_parsecs_armoured_transport(real, lang):
    # "corazzata" (the ship) and "corazzato" (Parsec's Trasporto corazzato) once shared a stem.
    top = ids(real.search("dread", lang))[:3]
    assert "parsec/trasporto-corazzato" not in top and "eclipse/navi" in top, top
    assert ids(real.search("trasporto corazzato", lang))[0] == "parsec/trasporto-corazzato"


@pytest.mark.parametrize(
    ("question", "lang", "line"),
    [
        ("4 giocatori", "it", "4 giocatori: 7"),
        ("4 giocatori", "en", "4 players: 7"),
        ("how many tiles with 4 players", "it", "4 giocatori: 7"),
    ],
)
def test_the_players_phrase_picks_the_line_in_either_language(real, question, lang, line):
    # The first line holding both words was marked: "2 giocatori: 4".
    page = real.db.sections["eclipse/nuovi-segnalini-tecnologia"]
    assert real.passage_to_mark(question, [page, *real.db.descendants(page)], lang) == line


def test_unaccented_capacita_finds_capacita(real):
    assert "capacità" in real.search("capacita", "it").results[0].section.title_it.lower()


def test_english_questions_reach_italian_rules(real):
    assert ids(real.search("can I retreat into a system with enemy ships?", "en", limit=3))[:3].count("ti4/23.7") == 1
    assert ids(real.search("spoils of war", "en"))[0] == "galaxy/bottino-di-guerra"
    assert ids(real.search("evasive maneuver", "en"))[0] == "parsec/manovra-evasiva"


def test_a_players_verb_reaches_the_rulebooks_verb(real):
    # "ricevo" / "get" are not the rulebooks' words ("ottiene" / "gains"): synonyms.tsv joins them.
    assert (
        real.search("quanti segnalini comando ricevo nella fase di status?", "it").results[0].section.id == "ti4/36.5"
    )


def test_a_paragraph_number_finds_the_paragraph(real):
    assert ids(real.search("23.7", "it"))[0] == "ti4/23.7"


def test_the_glossary_loads():
    assert len(load_glossary().pairs) > 300
