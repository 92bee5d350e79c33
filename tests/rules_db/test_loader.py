"""The Markdown section format: parsing, cross-checks and derived links (on small made-up files)."""

from __future__ import annotations

import pytest

from rules_db.loader import RulesDBError, load, parse_blocks

TWO = """<!-- id: g/one
number: 1
keywords: uno; primo
-->
# ONE

Body of one.

<!-- id: g/one.1
number: 1.1
parent: g/one
related: g/faq-1
-->
## SUB

- a
- b
<!-- id: g/faq-1
clarifies: g/one.1
-->
## Question?

Answer.
"""


def write_game(root, game="g", italian=TWO, english=None):
    folder = root / game
    (folder / "it").mkdir(parents=True)
    (folder / "game.toml").write_text('name = "G"\ndocument = "D"\nversion = "1"\nsource = "g.txt"\n')
    (folder / "it" / "a.md").write_text(italian, encoding="utf-8")
    if english is not None:
        (folder / "en").mkdir()
        (folder / "en" / "a.md").write_text(english, encoding="utf-8")
    return root


def test_parse_blocks_reads_id_metadata_title_and_body():
    blocks = parse_blocks(TWO)
    assert [b.id for b in blocks] == ["g/one", "g/one.1", "g/faq-1"]
    assert blocks[0].meta == {"number": "1", "keywords": "uno; primo"}
    assert blocks[0].title == "ONE" and blocks[0].body == "Body of one."
    assert blocks[1].body == "- a\n- b"


def test_text_before_first_marker_is_an_error():
    with pytest.raises(RulesDBError, match="before the first"):
        parse_blocks("stray\n" + TWO)


def test_missing_title_is_an_error():
    with pytest.raises(RulesDBError, match="title"):
        parse_blocks("<!-- id: g/x -->\nno heading\n")


def test_children_related_and_clarifies_are_derived(tmp_path):
    db = load(write_game(tmp_path), games=["g"])
    one, sub, faq = db.get("g/one"), db.get("g/one.1"), db.get("g/faq-1")
    assert one.children == ("g/one.1",) and sub.parent == "g/one"
    assert one.keywords == ("uno", "primo")
    # the FAQ clarifies the sub-rule, so the sub-rule links back to it (once, in its own list)
    assert sub.clarified_by == ("g/faq-1",) and sub.related == ("g/faq-1",)  # also named by hand
    assert faq.related == ("g/one.1",) and faq.clarified_by == ()
    assert db.ancestors(sub) == [one]
    assert db.neighbours(sub) == (one, faq)
    assert [s.id for s in db.roots("g")] == ["g/one", "g/faq-1"]


@pytest.mark.parametrize(
    "broken, message",
    [
        (TWO.replace("parent: g/one", "parent: g/none"), "unknown parent"),
        (TWO.replace("related: g/faq-1", "related: g/ghost"), "unknown section"),
        (TWO.replace("id: g/faq-1", "id: g/one"), "duplicate section id"),
        (TWO.replace("id: g/one\n", "id: other/one\n"), "bad section id"),
        (TWO.replace("id: g/one\n", "id: g/One\n"), "bad section id"),
    ],
)
def test_broken_links_and_ids_are_refused(tmp_path, broken, message):
    with pytest.raises(RulesDBError, match=message):
        load(write_game(tmp_path, italian=broken), games=["g"])


def test_english_is_attached_and_must_match_an_italian_id(tmp_path):
    english = "<!-- id: g/one -->\n# ONE (en)\n\nEnglish body.\n"
    db = load(write_game(tmp_path, english=english), games=["g"])
    assert db.get("g/one").title("en") == "ONE (en)"
    assert db.get("g/one.1").title("en") == "SUB"  # falls back to the Italian original
    with pytest.raises(RulesDBError, match="no Italian original"):
        load(write_game(tmp_path / "b", english="<!-- id: g/zzz -->\n# Z\n"), games=["g"])


def test_digest_changes_with_content(tmp_path):
    first = load(write_game(tmp_path / "a"), games=["g"]).digest
    second = load(write_game(tmp_path / "b", italian=TWO.replace("Answer.", "Answer!")), games=["g"]).digest
    assert first != second


def write_questions(root, text, game="g"):
    (root / game / "questions").mkdir(exist_ok=True)
    (root / game / "questions" / "a.tsv").write_text(text, encoding="utf-8")


def test_players_questions_are_attached_per_language_in_file_order(tmp_path):
    write_game(tmp_path)
    write_questions(tmp_path, "g/one\tit\tcos'è uno?\ng/one\ten\twhat is one\n\ng/one\tit\t e il primo? \n")
    db = load(tmp_path, games=["g"])
    assert db.get("g/one").asked_it == ("cos'è uno?", "e il primo?")
    assert db.get("g/one").asked_en == ("what is one",)
    assert db.get("g/one.1").asked_it == ()


def test_questions_change_the_digest(tmp_path):
    before = load(write_game(tmp_path), games=["g"]).digest
    write_questions(tmp_path, "g/one\tit\tcos'è uno?\n")
    assert load(tmp_path, games=["g"]).digest != before  # the index and the vectors are rebuilt


@pytest.mark.parametrize(
    "line, message",
    [
        ("g/one\tde\twas ist eins", "a.tsv:1: want"),  # not a language of the site
        ("g/one\tit", "a.tsv:1: want"),  # no question
        ("g/one\tit\t  ", "a.tsv:1: want"),
        ("other/one\tit\tdomanda", "a.tsv:1: want"),  # another game's section
        ("g/ghost\tit\tdomanda", "a.tsv:1: g/ghost is not a section"),
    ],
)
def test_broken_question_lines_are_refused(tmp_path, line, message):
    write_game(tmp_path)
    write_questions(tmp_path, line + "\n")
    with pytest.raises(RulesDBError, match=message):
        load(tmp_path, games=["g"])
