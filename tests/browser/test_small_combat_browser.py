"""A player on a phone uses the three small combat tools end to end and opens a cited rule."""

from __future__ import annotations

import re
from urllib.parse import quote

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def fits_the_phone(page):
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_galaxy_attack_share_link_opportunities_and_a_cited_rule(page, live_url):
    page.goto(live_url + "/tools/combat/galaxy?lang=en")
    page.get_by_label("Attacking fleet value").select_option("10")
    page.get_by_label("Ship value").select_option("8")
    page.get_by_role("button", name="Calculate").click()
    results = page.locator("#galaxy-attack-results")
    # Imperial 10 against Ally 8 (the rulebook's Round 2): 861/1296 = 66.4%.
    expect(results.locator(".big-number").first).to_have_text("66.4%")
    expect(results).to_contain_text("The counterattack destroys your fleet")
    # A "Why" heading only over reasons: none here, so none shown.
    assert results.locator(".reasons li").count() == 0
    expect(results.locator(".reasons-title")).to_be_hidden()
    fits_the_phone(page)

    # The share link reproduces the same answer on a fresh load.
    shared = results.locator(".share").get_attribute("href")
    assert "attack=" in shared
    page.goto(shared)  # an absolute address, without the language
    expect(page.locator("#galaxy-attack-results .big-number").first).to_have_text("66.4%")
    expect(page.get_by_label("Attacking fleet value")).to_have_value("10")

    # Three attacks on an undefended base: a distribution of rows lost appears.
    page.get_by_label("Target", exact=True).select_option("base")
    page.get_by_role("button", name="Increase: Attack opportunities").click()
    page.get_by_role("button", name="Increase: Attack opportunities").click()
    page.get_by_role("button", name="Calculate").click()
    expect(page.locator("#galaxy-attack-results .bar-chart")).to_be_visible()
    expect(page.locator("#galaxy-attack-results")).to_contain_text("rows lost")

    # Figure 3 of the rulebook: Myrmidon frigate (6) over a ship, two visible 6s -> three attacks.
    page.get_by_label("Column you play in").select_option("myrmidon")
    page.get_by_label("Value of the ship you play").select_option("6")
    page.get_by_label("It covers a ship already in this column").check()
    page.get_by_label("Imperial", exact=True).select_option("6")
    page.get_by_label("Divergence", exact=True).select_option("6")
    page.get_by_role("button", name="Count").click()
    opportunities = page.locator("#galaxy-opportunities-results")
    expect(opportunities.locator(".big-number").first).to_have_text("3")
    fits_the_phone(page)

    # Every reason links to its rule: open UNIONE (MATCHING).
    opportunities.locator('.reasons a[href="/rules/galaxy/unione"]').first.click()
    expect(page).to_have_url(re.compile(r"/rules/galaxy/unione$"))
    expect(page.locator("h1")).to_contain_text("galaxy/unione")


def test_parsec_coordinated_attack_and_an_error(page, live_url):
    page.goto(live_url + "/tools/combat/parsec?lang=en")
    page.get_by_role("button", name="Add ship").click()
    page.locator(".attacker-row").nth(1).get_by_label("Vessel").select_option("fighter")
    page.get_by_label("Unit attacked").select_option("colony")
    page.get_by_role("button", name="Calculate").click()
    results = page.locator("#parsec-results")
    # Cruiser + fighter (+3) against a colony (+2): 36/64 = 56.3%.
    expect(results.locator(".big-number").first).to_have_text("56.3%")
    expect(results).to_contain_text("How the whole exchange ends")
    expect(results.locator('.rules a[href="/rules/parsec/attacco-coordinato"]')).to_be_visible()
    fits_the_phone(page)

    # Nobody can reach a target 3 hexes away: a clear error, no result.
    for row in range(2):
        distance = page.locator(".attacker-row").nth(row).get_by_label("Distance (hexes)")
        distance.fill("3")
    page.get_by_role("button", name="Calculate").click()
    expect(page.locator("#parsec-error")).to_contain_text("No attacking ship has the range")
    expect(results).to_be_hidden()


def test_parsec_a_defender_that_evades_is_not_said_unable_to_counterattack(page, live_url):
    # Before: "the defender cannot counterattack" for a cruiser that chose to evade.
    page.goto(live_url + "/tools/combat/parsec?lang=it")
    page.locator(".attacker-row").first.locator("select").first.select_option("fighter")
    page.locator("#p-defender").select_option("cruiser")
    page.locator("#p-defender-choice").select_option("evade")
    page.locator("#parsec-form button[type=submit]").click()
    results = page.locator("#parsec-results")
    expect(results).to_contain_text("il difensore esegue una manovra evasiva invece di contrattaccare")
    expect(results).not_to_contain_text("non può contrattaccare")


def test_rftg_conquest_in_italian(page, live_url):
    page.goto(live_url + "/tools/conquest/rftg")
    expect(page.locator("html")).to_have_attribute("lang", "it")
    page.get_by_role("spinbutton", name="Difesa del pianeta militare").fill("5")
    page.get_by_label("Forza militare di ogni carta del quadro comandi").fill("2, 3, -1")
    page.get_by_label("Un'altra carta con il potere di scartare per la Forza militare temporanea").check()
    page.get_by_role("spinbutton", name="Carte in mano che potrei scartare").fill("3")
    page.get_by_role("button", name="Verifica").click()
    results = page.locator("#rftg-results")
    expect(results.locator(".verdict")).to_have_text("Sì, si può conquistare")
    expect(results).to_contain_text("Carte da scartare: 1")
    expect(results.locator('.rules a[href="/rules/rftg/iii-colonizzazione"]')).to_be_visible()
    fits_the_phone(page)

    page.get_by_label("Forza militare di ogni carta del quadro comandi").fill("2, x")
    page.get_by_role("button", name="Verifica").click()
    expect(page.locator("#rftg-error")).to_contain_text("numeri interi")


def test_rftg_a_second_world_uses_the_cards_discarded_for_the_first(page, live_url):
    # The rulebook's "Colonizza un Secondo Pianeta": tableau 3, two cards already discarded for the
    # first world, defense 4: conquerable with no more discards; a refusal opens the folded part.
    page.goto(live_url + "/tools/conquest/rftg?lang=en")
    page.get_by_role("spinbutton", name="Defense of the military world").fill("4")
    page.get_by_label("Military of each tableau card").fill("3")
    page.get_by_label("Another card with the power to discard for temporary military").check()
    page.get_by_role("spinbutton", name="Cards in hand I could discard").fill("3")
    page.get_by_text("A second world in this Settle phase").click()
    page.get_by_role("spinbutton", name="Cards already discarded for military in this phase").fill("2")
    page.get_by_role("button", name="Check").click()
    error = page.locator("#rftg-error")
    expect(error).to_contain_text("tick that this is the second world")
    page.get_by_label("This is the second world I place in this phase").check()
    page.get_by_role("button", name="Check").click()
    results = page.locator("#rftg-results")
    expect(results.locator(".verdict")).to_have_text("Yes, it can be conquered")
    expect(results).to_contain_text("Cards to discard: 0")
    expect(results).to_contain_text("from the cards discarded earlier in this phase")
    fits_the_phone(page)

    page.reload()  # the situation comes back from the address, the folded part open
    expect(page.locator("#r-second-world")).to_have_attribute("open", "")
    expect(page.get_by_label("This is the second world I place in this phase")).to_be_checked()


# These three tools compute on the button, so an answer on screen can be for other values.


def test_rftg_an_edit_marks_the_verdict_outdated_and_an_error_replaces_it(page, live_url):
    page.goto(live_url + "/tools/conquest/rftg?lang=it")
    page.get_by_role("button", name="Verifica").click()
    results = page.locator("#rftg-results")
    expect(results.locator(".verdict")).to_have_text("No, non con la Forza militare in questa fase")
    expect(results.locator(".outdated-note")).to_be_hidden()

    military = page.get_by_label("Forza militare di ogni carta del quadro comandi")
    military.fill("2, x")
    expect(results.locator(".outdated-note")).to_be_visible()
    expect(results.locator(".outdated-note")).to_contain_text("Non aggiornato")
    expect(results).to_have_class(re.compile(r"\boutdated\b"))

    page.get_by_role("button", name="Verifica").click()
    error = page.locator("#rftg-error")
    expect(error).to_contain_text("Scrivi numeri interi")
    expect(error).to_contain_text("Forza militare di ogni carta")  # the field, named
    expect(results).to_be_hidden()  # replaced, not beside it
    expect(military).to_have_attribute("aria-invalid", "true")
    expect(military).to_have_attribute("aria-describedby", "rftg-error")
    assert page.locator("#rftg-error + #rftg-results").count() == 1  # where the result was

    military.fill("2, 2")
    page.get_by_role("button", name="Verifica").click()
    expect(results.locator(".verdict")).to_be_visible()
    expect(error).to_be_hidden()
    expect(military).not_to_have_attribute("aria-invalid", "true")
    expect(results.locator(".outdated-note")).to_be_hidden()

    # A refusal from the API marks its field too: 99 cards in hand is beyond the tool's 50.
    hand = page.get_by_role("spinbutton", name="Carte in mano che potrei scartare")
    hand.fill("99")
    page.get_by_role("button", name="Verifica").click()
    expect(error).to_contain_text("Carte in mano che potrei scartare: ")
    expect(results).to_be_hidden()
    expect(hand).to_have_attribute("aria-invalid", "true")

    # An item of a list field ("military[1]" in the API's answer) marks that field.
    hand.fill("1")
    military.fill("1, 99")
    page.get_by_role("button", name="Verifica").click()
    expect(error).to_contain_text("Forza militare di ogni carta")
    expect(military).to_have_attribute("aria-invalid", "true")
    expect(hand).not_to_have_attribute("aria-invalid", "true")

    # A fraction is refused in the page, not cut to a whole number and sent.
    military.fill("2, 2")
    page.get_by_role("button", name="Verifica").click()
    expect(results).to_be_visible()
    hand.fill("1.5")
    page.get_by_role("button", name="Verifica").click()
    expect(results).to_be_hidden()
    expect(hand).to_have_attribute("aria-invalid", "true")


def test_galaxy_a_changed_attacker_outdates_the_odds_until_it_is_changed_back(page, live_url):
    page.goto(live_url + "/tools/combat/galaxy?lang=en")
    page.get_by_role("button", name="Calculate").first.click()
    results = page.locator("#galaxy-attack-results")
    expect(results.locator(".big-number").first).to_have_text("55.6%")  # 8 against 7
    note = results.locator(".outdated-note")
    expect(note).to_be_hidden()
    page.get_by_label("Attacking fleet value").select_option("7")
    expect(note).to_be_visible()
    expect(note).to_contain_text("Outdated")
    page.get_by_label("Attacking fleet value").select_option("8")  # the values answered again
    expect(note).to_be_hidden()
    page.get_by_role("button", name="Increase: Attack opportunities").click()  # a stepper is an edit
    expect(note).to_be_visible()


def test_parsec_an_empty_distance_is_refused_in_place_of_the_old_odds(page, live_url):
    page.goto(live_url + "/tools/combat/parsec?lang=it")
    page.get_by_role("button", name="Calcola").click()
    results = page.locator("#parsec-results")
    expect(results.locator(".big-number").first).to_be_visible()
    distance = page.locator(".attacker-row").first.get_by_label("Distanza (esagoni)")
    distance.fill("")
    expect(results.locator(".outdated-note")).to_be_visible()
    page.get_by_role("button", name="Calcola").click()
    error = page.locator("#parsec-error")
    expect(error).to_contain_text("Distanza (esagoni): Scrivi un numero intero.")
    expect(results).to_be_hidden()
    expect(distance).to_have_attribute("aria-invalid", "true")
    expect(distance).to_be_focused()

    # A refusal of one row's field by the API ("attackers[0].distance") marks that row's field.
    distance.fill("99")
    page.get_by_role("button", name="Calcola").click()
    expect(error).to_contain_text("Distanza (esagoni)")
    expect(distance).to_have_attribute("aria-invalid", "true")


def test_rftg_a_refusal_whose_sentence_says_the_fields_name_reads_whole_in_english(page, live_url):
    # The field is "defense" and the English sentence says "The world's defense must be…": the
    # page once put the label in place of that word ("The world's “Defense of…” must be").
    page.goto(live_url + "/tools/conquest/rftg?lang=en")
    defense = page.get_by_role("spinbutton", name="Defense of the military world")
    defense.fill("0")
    page.get_by_role("button", name="Check").click()
    error = page.locator("#rftg-error")
    expect(error).to_have_text("Defense of the military world: The world's defense must be between 1 and 15 (got 0).")
    expect(defense).to_have_attribute("aria-invalid", "true")


def test_galaxy_an_opportunities_link_with_the_former_world_ids_still_opens(page, live_url):
    # Until 2026-11-27 this tool spelled two worlds "ecup-contract" and "kha-farjimmn"; and its
    # links never opened at all: the attack tool's state, kept first, dropped them from the address.
    old = '{"world":"ecup-contract","value":6,"covers":true,"row":{"kha-farjimmn":6,"imperial":6}}'
    page.goto(live_url + "/tools/combat/galaxy?lang=en&opportunities=" + quote(old))
    expect(page.get_by_label("Column you play in")).to_have_value("ecup_contract")
    expect(page.locator("#galaxy-opportunities-results .big-number").first).to_have_text("3")
    expect(page.locator("#galaxy-opportunities-error")).to_be_hidden()
