"""TI4's two numberings: every Italian chapter has its English Rules Reference number and title."""

from __future__ import annotations

import re

from rules_db import numbering
from rules_db.loader import ROOT

TI4 = numbering.read(ROOT / "ti4")
# Prophecy of Kings chapters the English book numbers and the base-game Compendio lacks
# (the Living Rules Reference 2.0 changelog lists them with their numbers).
POK_NUMBERS = {17, 30, 35, 38, 44, 50, 51, 53, 55, 70, 73, 100}


def chapters(db):
    return [s for s in db.by_game("ti4") if s.parent == "ti4/glossario"]


def test_every_italian_chapter_has_its_english_number_and_title(db):
    rows = {c.it: c for c in TI4.chapters}
    found = chapters(db)
    assert len(found) == 89 and set(rows) == {s.number for s in found}
    for section in found:
        row = rows[section.number]
        assert (row.title_it, row.title_en) == (section.title_it, section.title_en), section.id


def test_english_numbers_are_the_rules_reference_alphabetical_order():
    numbers = [int(c.en) for c in TI4.chapters]
    assert len(set(numbers)) == 89
    assert set(range(1, 102)) - set(numbers) == POK_NUMBERS
    # Letter by letter, ignoring "(STRATEGY CARD)" and spaces (TRADE < TRADE GOODS, UNITS < UNIT
    # UPGRADES), with the one pair the book itself orders otherwise: 64 PLANETS, 65 PLANETARY SHIELD.
    ordered = sorted(TI4.chapters, key=lambda c: int(c.en))
    keys = [re.sub(r"\s*\(.*\)|\s", "", c.title_en) for c in ordered]
    out_of_order = [(a, b) for a, b in zip(keys, keys[1:]) if a > b]
    assert out_of_order == [("PLANETS", "PLANETARYSHIELD")]


def test_numbers_checked_by_hand_against_the_english_book():
    by_title = {c.title_en: c.en for c in TI4.chapters}
    assert by_title["SPACE COMBAT"] == "78"
    assert by_title["ACTIVE SYSTEM"] == "5"
    assert by_title["BLOCKADED"] == "14"
    assert by_title["TACTICAL ACTION"] == "89"
    assert (by_title["PLANETS"], by_title["PLANETARY SHIELD (UNIT ABILITY)"]) == ("64", "65")
    assert (by_title["TRADE (STRATEGY CARD)"], by_title["TRADE GOODS"]) == ("92", "93")
    assert (by_title["UNITS"], by_title["UNIT UPGRADES"]) == ("96", "97")


def test_sub_rules_keep_their_place_inside_the_chapter():
    assert TI4.english("23.7") == "78.7" and TI4.english("23") == "78"
    assert TI4.italian("78.4") == "23.4" and TI4.italian("78") == "23"
    assert TI4.italian("17.1") is None  # Capture: a Prophecy of Kings chapter, not in the Compendio
    assert TI4.english("") == "" and TI4.english("999.1") == "999.1"


def test_sub_rules_the_english_book_moved(db):
    # ABILITIES opens with two golden rules in English: the Italian 16.1 is 1.3, and the two timing
    # rules of ACTION CARDS (18.9, 18.10) sit in ABILITIES as 1.20 and 1.19
    assert [TI4.english(n) for n in ("16.1", "16.16", "16.17", "16.23")] == ["1.3", "1.18", "1.21", "1.27"]
    assert (TI4.english("18.9"), TI4.english("18.10"), TI4.english("18.8")) == ("1.20", "1.19", "2.8")
    assert TI4.italian("1.1") is None and TI4.italian("1.3") == "16.1" and TI4.italian("1.19") == "18.10"
    assert TI4.italian("2.9") is None  # no ninth ACTION CARDS rule in English
    # PLANETS gained 64.5 (legendary planets); MOVEMENT starts at 58.2; FLEET POOL nests two points under 37.1
    assert (TI4.english("56.4"), TI4.english("56.5"), TI4.italian("64.5")) == ("64.4", "64.6", None)
    assert (TI4.english("51.3"), TI4.italian("58.4"), TI4.italian("58.1")) == ("58.4", "51.3", None)
    assert [TI4.english(f"65.{n}") for n in range(1, 7)] == ["37.1", "37.1", "37.1", "37.2", "37.3", "37.4"]
    assert TI4.italian("37.1") == "65.1" and TI4.italian("37.5") is None
    numbered = {s.number for s in db.by_game("ti4")}
    assert set(TI4.moved) <= numbered  # every moved rule exists


def test_a_game_without_a_map_numbers_alike(tmp_path):
    plain = numbering.read(tmp_path)
    assert plain.english("3.2") == "3.2" and plain.italian("3.2") is None


def test_sections_carry_the_english_number(db):
    section = db.get("ti4/23.7")
    assert (section.number, section.number_en) == ("23.7", "78.7")
    assert section.display_number("en") == "78.7" and section.display_number("it") == "23.7"
    assert db.by_english_number("ti4", "78.7") is section
    assert db.by_english_number("ti4", "17.1") is None and db.by_english_number("eclipse", "78.7") is None
