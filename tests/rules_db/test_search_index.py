"""Building the index on disk: beside the live one, swapped in atomically, rebuilt when stale."""

from __future__ import annotations

from dataclasses import replace

from rules_db.search import index
from rules_db.search.glossary import load_glossary
from rules_db.search.schema import SCHEMA, glossary_keywords, section_document


def test_build_then_reuse_then_rebuild_when_the_rules_change(tmp_path, db):
    glossary = load_glossary()
    first, built = index.ensure(tmp_path, db, glossary)
    assert built and (tmp_path / index.CURRENT).read_text().strip() == first.name
    assert index.open_dir(first).doc_count() == len(db.sections)

    again, built = index.ensure(tmp_path, db, glossary)
    assert (again, built) == (first, False)  # fresh: opened, not rebuilt

    changed = replace(db, digest="another digest")
    second, built = index.ensure(tmp_path, changed, glossary)
    assert built and second != first
    assert index.current_dir(tmp_path) == second
    assert first.is_dir()  # the replaced index stays for readers that still hold it
    third, _ = index.ensure(tmp_path, db, glossary, force=True)
    assert not first.exists() and second.is_dir() and third.is_dir()  # older ones go


def test_a_half_built_index_is_never_current(tmp_path, db):
    (tmp_path / "f00-123-half").mkdir()  # a crashed build: a directory CURRENT does not name
    assert index.current_dir(tmp_path) is None and not index.is_fresh(tmp_path, db)


def test_fingerprint_follows_the_rules_and_the_glossaries(db):
    assert index.fingerprint(db) == index.fingerprint(db)
    assert index.fingerprint(replace(db, digest="x")) != index.fingerprint(db)


def test_section_document_is_pure_and_fits_the_schema(db):
    glossary = load_glossary()
    section = db.sections["ti4/77"]
    document = section_document(section, db.ancestors(section), glossary)
    assert document == section_document(section, db.ancestors(section), glossary)
    assert set(document) <= set(SCHEMA.names())
    assert document["id"] == "ti4/77" and document["game"] == "ti4" and document["number"] == "77"
    assert document["context_it"] == "GLOSSARIO"  # the chapter it sits in


def test_english_names_of_title_terms_become_keywords(db):
    italian, english = glossary_keywords(db.sections["ti4/77"], load_glossary())
    assert "Sustain Damage" in english
