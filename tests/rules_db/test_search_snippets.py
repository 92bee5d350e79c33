"""Result extracts: Markdown stripped, matched words marked, everything else escaped."""

from __future__ import annotations

from rules_db.search.analysis import term
from rules_db.search.snippets import (
    SNIPPET_CHARS,
    TOKENS_CACHED,
    best_passage,
    headed_passages,
    passage_scores,
    passages,
    plain_text,
    snippet,
    tokens,
)


def test_plain_text_drops_markdown():
    md = "### PASSO 5\n\n**Se un giocatore** ha [annunciato](/rules/x) una *ritirata*:\n\n- deve ritirarsi\n"
    assert plain_text(md) == "PASSO 5 Se un giocatore ha annunciato una ritirata: deve ritirarsi"


def test_marks_every_form_of_the_word_and_escapes_the_rest():
    text = "<script>alert(1)</script> Il giocatore si ritira & annuncia la ritirata."
    html = snippet(text, frozenset({term("ritirarsi", "it")}), "it")
    assert "<script>" not in html and "&lt;script&gt;" in html and "&amp;" in html
    assert html.count("<mark>") == 2 and "<mark>ritira</mark>" in html and "<mark>ritirata</mark>" in html


def test_long_text_is_cut_around_the_match():
    text = "parola " * 200 + "bombardamento finale " + "altro " * 200
    html = snippet(text, frozenset({term("bombardamento", "it")}), "it")
    assert "<mark>bombardamento</mark>" in html
    assert html.startswith("… ") and html.endswith(" …")
    assert len(html.replace("<mark>", "").replace("</mark>", "")) <= SNIPPET_CHARS + 4


def test_no_match_gives_the_opening():
    assert snippet("Breve testo.", frozenset({"zzz"}), "it") == "Breve testo."


def test_passages_are_sentences_list_items_and_rows():
    md = (
        "Il giocatore annuncia la ritirata. Poi sceglie un sistema.\n\n- Prima voce\n  che continua.\n"
        "- Seconda voce\n\n| A | B |\n|---|---|\n| 1 | 2 |\n"
    )
    assert passages(md) == (
        "Il giocatore annuncia la ritirata.",
        "Poi sceglie un sistema.",
        "Prima voce che continua.",
        "Seconda voce",
        "A · B",
        "1 · 2",
    )


def test_best_passage_holds_most_different_query_words():
    md = "Le navi si muovono. Una nave può ritirarsi in un sistema vuoto. Il sistema è attivo."
    wanted = frozenset({term("ritirarsi", "it"), term("sistema", "it"), term("vuoto", "it")})
    assert best_passage(md, wanted, "it") == (3, "Una nave può ritirarsi in un sistema vuoto.")
    assert best_passage(md, frozenset({"zzz"}), "it") == (0, "")


def test_a_table_row_counts_its_headers_words():
    md = "Si costruisce pagando.\n\n| COSTI DI COSTRUZIONE | Materiali |\n|---|---|\n| Intercettore | 3 |\n| Corazzata | 8 |\n"
    wanted = frozenset({term("costa", "it"), term("corazzata", "it")})
    # The header holds "costi", the row "Corazzata": the row, read under its header, holds both.
    assert best_passage(md, wanted, "it") == (2, "Corazzata · 8")
    assert headed_passages(md)[-1] == ("Corazzata · 8", "COSTI DI COSTRUZIONE · Materiali")
    # A row holding none of the words is not lifted by its header's.
    assert [p for *_scores, p in passage_scores(md, frozenset({term("costi", "it")}), "it")] == [
        "COSTI DI COSTRUZIONE · Materiali"
    ]


def test_words_said_together_in_the_questions_order_decide_between_equals():
    md = "- 2 giocatori: 4\n- 3 giocatori: 6\n- 4 giocatori: 7\n"
    wanted = frozenset({term("4", "it"), term("giocatori", "it")})
    assert best_passage(md, wanted, "it") == (2, "2 giocatori: 4")  # the words alone: the first holding both
    pairs = frozenset({(term("4", "it"), term("giocatori", "it"))})  # "... con 4 giocatori"
    assert best_passage(md, wanted, "it", pairs) == (2, "4 giocatori: 7")


def test_a_rows_empty_cells_are_left_out_as_the_page_script_leaves_them():
    assert passages("| A | | B |\n|---|---|---|\n| x |  | y |\n| | z | |\n") == ("A · B", "x · y", "z")


def test_every_passage_of_the_rules_stays_analysed(db):
    # A passage is analysed once per process: the cache holds every passage of every section in
    # both languages, so a busy query never pushes out what the next one needs.
    found = {
        (p, lang) for s in db.sections.values() for lang in ("it", "en") if s.body(lang) for p in passages(s.body(lang))
    }
    assert len(found) <= TOKENS_CACHED
    assert tokens.cache_parameters()["maxsize"] == TOKENS_CACHED
