"""The search index's one schema, and the pure function that turns a Section into its document."""

from __future__ import annotations

from whoosh.fields import ID, TEXT, Schema

from rules_db.loader import Section
from rules_db.search.analysis import english_analyzer, fold, italian_analyzer, spelling_analyzer, terms
from rules_db.search.glossary import Glossary

# Bump when the schema or the analysis changes: the index fingerprint includes it, so a deployed
# index built by older code is rebuilt at the next start.
SCHEMA_VERSION = 11

TITLE_BOOST = 3.0  # a word in the heading says what the section is about
KEYWORD_BOOST = 2.5  # the analytic index and the glossary say the same, by hand
CONTEXT_BOOST = 0.5
ASKED_BOOST = 1.0  # players' questions the section answers (questions/*.tsv): their words, not the rule's
INHERITED_TITLE_WEIGHT = 0.34  # a word in an enclosing chapter's heading: weaker than the section's own words

SCHEMA = Schema(
    # Permalink of the section ("ti4/23.7"); the only way results point back to the rules database.
    id=ID(stored=True, unique=True),
    # Game id, for the game filter and the per-game counts.
    game=ID(stored=True),
    # The rulebook's own paragraph number ("23.7"), so typing a number finds the paragraph.
    number=ID(),
    # Italian heading and body (the authoritative text), Italian analysis.
    title_it=TEXT(analyzer=italian_analyzer(), field_boost=TITLE_BOOST, phrase=False),
    body_it=TEXT(analyzer=italian_analyzer(), phrase=False),
    # Italian keywords: TI4's analytic index, the section's own keywords, and the Italian glossary
    # terms of English-titled sections.
    keywords_it=TEXT(analyzer=italian_analyzer(), field_boost=KEYWORD_BOOST, phrase=False),
    # Headings of the enclosing chapters, Italian: a sub-rule is also found through its chapter's
    # heading ("BANCAROTTA" sits in "FASE MANTENIMENTO").
    context_it=TEXT(analyzer=italian_analyzer(), field_boost=CONTEXT_BOOST, phrase=False),
    # English heading and body (empty until translated), English analysis.
    title_en=TEXT(analyzer=english_analyzer(), field_boost=TITLE_BOOST, phrase=False),
    body_en=TEXT(analyzer=english_analyzer(), phrase=False),
    # English keywords: the official English names of the glossary terms in the Italian heading,
    # so "sustain damage" finds "SOSTENERE DANNI" before any English body exists.
    keywords_en=TEXT(analyzer=english_analyzer(), field_boost=KEYWORD_BOOST, phrase=False),
    # Headings of the enclosing chapters, English.
    context_en=TEXT(analyzer=english_analyzer(), field_boost=CONTEXT_BOOST, phrase=False),
    # Questions players ask that the section answers, in players' words ("soldi", "range", "AFB").
    asked_it=TEXT(analyzer=italian_analyzer(), field_boost=ASKED_BOOST, phrase=False),
    asked_en=TEXT(analyzer=english_analyzer(), field_boost=ASKED_BOOST, phrase=False),
    # Whole words of both languages, unstemmed, accents kept: the vocabulary "did you mean" draws from.
    spelling=TEXT(analyzer=spelling_analyzer(), phrase=False),
)

# The fields a query word is looked up in, per language of the word's analysis.
TEXT_FIELDS = {
    "it": ("title_it", "body_it", "keywords_it", "context_it", "asked_it"),
    "en": ("title_en", "body_en", "keywords_en", "context_en", "asked_en"),
}


def glossary_keywords(section: Section, glossary: Glossary) -> tuple[list[str], list[str]]:
    """(Italian, English) glossary terms to add: the other language's name of every game term
    that appears in the section's heading."""
    english = [
        p.en
        for p, _s, _e in glossary.matches(terms(section.title_it, "it"), "it", section.game)
        if p.game == section.game
    ]
    italian = [
        p.it
        for p, _s, _e in glossary.matches(terms(section.title_en, "en"), "en", section.game)
        if p.game == section.game
    ]
    return italian, english


def inherits_title(section: Section, ancestors: list[Section], lang: str) -> bool:
    """The section's heading only repeats an enclosing chapter's ("16.9 ABILITIES" under "16
    ABILITIES"): it says what the chapter is about, not what this paragraph says."""
    title = section.title_it if lang == "it" else section.title_en
    inherited = {fold(a.title_it if lang == "it" else a.title_en).strip() for a in ancestors}
    return bool(title) and fold(title).strip() in inherited


def section_document(section: Section, ancestors: list[Section], glossary: Glossary) -> dict:
    """The index document of one section under its ``ancestors`` (pure: the same input always
    gives the same document)."""
    extra_it, extra_en = glossary_keywords(section, glossary)
    # An inherited heading weighs as context, not as the paragraph's own heading (Whoosh scales
    # the field's term weights in this one document).
    boosts = {
        f"_title_{lang}_boost": INHERITED_TITLE_WEIGHT
        for lang in ("it", "en")
        if inherits_title(section, ancestors, lang)
    }
    return {
        **boosts,
        "id": section.id,
        "game": section.game,
        "number": section.number,
        "title_it": section.title_it,
        "body_it": section.body_it,
        "keywords_it": " ; ".join([*section.keywords, *extra_it]),
        "context_it": " ; ".join(a.title_it for a in ancestors),
        "title_en": section.title_en,
        "body_en": section.body_en,
        "keywords_en": " ; ".join(extra_en),
        "context_en": " ; ".join(a.title_en for a in ancestors),
        "asked_it": " ; ".join(section.asked_it),
        "asked_en": " ; ".join(section.asked_en),
        "spelling": " ".join(
            [
                section.title_it,
                section.body_it,
                section.title_en,
                section.body_en,
                *section.keywords,
                *extra_it,
                *extra_en,
            ]
        ),
    }
