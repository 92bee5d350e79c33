"""The bilingual glossaries: file format, TI4 coverage, and phrase matching on index terms."""

from __future__ import annotations

import pytest

from rules_db.search.analysis import terms
from rules_db.search.glossary import GLOSSARY_DIR, Glossary, load_glossary, read_pairs


@pytest.fixture(scope="module")
def glossary() -> Glossary:
    return load_glossary()


def test_reads_pairs_skipping_header_and_comments(tmp_path):
    path = tmp_path / "x.tsv"
    path.write_text("it\ten\n# a comment\nSostenere Danni\tSustain Damage\n\n", encoding="utf-8")
    [pair] = read_pairs(path, "ti4")
    assert (pair.game, pair.it, pair.en) == ("ti4", "Sostenere Danni", "Sustain Damage")
    assert pair.it_terms == tuple(terms("sostenere danni", "it"))
    assert pair.en_terms == ("sustain", "damag")


def test_a_line_without_a_tab_is_an_error(tmp_path):
    path = tmp_path / "x.tsv"
    path.write_text("it\ten\nSostenere Danni Sustain Damage\n", encoding="utf-8")
    with pytest.raises(ValueError, match="x.tsv:2"):
        read_pairs(path, "ti4")


def test_ti4_glossary_has_the_official_english_terms():
    pairs = {(p.it, p.en) for p in read_pairs(GLOSSARY_DIR / "ti4.tsv", "ti4")}
    assert len(pairs) >= 60
    for expected in [
        ("Sostenere Danni", "Sustain Damage"),
        ("Sbarramento Anti-Caccia", "Anti-Fighter Barrage"),
        ("Cannone Spaziale", "Space Cannon"),
        ("Azione di Tattica", "Tactical Action"),
        ("Segnalino Comando", "Command Token"),
        ("Riserva di Flotta", "Fleet Pool"),
        ("Portavoce", "Speaker"),
        ("Ritirata", "Retreat"),
        ("Nebulosa", "Nebula"),
        ("Gorgo Gravitazionale", "Gravity Rift"),
        ("Campo di Asteroidi", "Asteroid Field"),
        ("Bombardamento", "Bombardment"),
        ("Scudo Planetario", "Planetary Shield"),
        ("Caccia", "Fighter"),
        ("Cacciatorpediniere", "Destroyer"),
        ("Incrociatore", "Cruiser"),
        ("Portaerei", "Carrier"),
        ("Corazzata", "Dreadnought"),
        ("Sole di Guerra", "War Sun"),
        ("Fanteria", "Infantry"),
        ("SDP", "PDS"),
        ("Molo Spaziale", "Space Dock"),
    ]:
        assert expected in pairs


def test_every_ti4_glossary_entry_title_has_an_english_name(db):
    italian = {tuple(terms(p.it, "it")) for p in read_pairs(GLOSSARY_DIR / "ti4.tsv", "ti4")}
    chapters = db.sections["ti4/glossario"].children
    assert len(chapters) == 89
    for chapter in chapters:
        title = db.sections[chapter].title_it.split("(")[0]  # "BOMBARDAMENTO (CAPACITÀ)" -> the term
        assert tuple(terms(title, "it")) in italian, title


def test_matches_whole_terms_in_either_language(glossary):
    found = {p.en for p, _s, _e in glossary.matches(terms("posso usare sostenere danni", "it"), "it", "ti4")}
    assert "Sustain Damage" in found
    found = {(p.it, s, e) for p, s, e in glossary.matches(["can", *terms("anti-fighter barrage", "en")], "en", "ti4")}
    assert ("Sbarramento Anti-Caccia", 1, 4) in found
    # "damage" alone is not "Sustain Damage".
    assert "Sostenere Danni" not in {p.it for p, _s, _e in glossary.matches(["damag"], "en", "ti4")}


def test_a_game_filter_keeps_that_game_and_everyday_words(glossary):
    games = {p.game for p, _s, _e in glossary.matches(terms("cruiser enemy", "en"), "en", "parsec")}
    assert games <= {"parsec", None} and games
