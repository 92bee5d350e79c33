"""Score sheets on a 360 px phone: fill each game's sheet, watch totals and the winner, open a rule."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect


def cell(page, row_label, player):
    """The input of ``row_label`` for player column ``player`` (0-based), found by its label."""
    name = page.locator("#p%d-name" % player).input_value()
    return page.get_by_label(f"{row_label} — {name}", exact=True)


def set_names(page, *names):
    for i, name in enumerate(names):
        page.locator(f"#p{i}-name").fill(name)


def fits_the_phone(page):
    # The wide table scrolls inside its own box; the page itself must not.
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_eclipse_sheet_totals_tie_break_refresh_and_rule_link(page, live_url):
    page.goto(live_url + "/scoring/eclipse?lang=en")
    set_names(page, "Ann", "Ben")
    cell(page, "Controlled hexes (VP of each, e.g. 2 3 4)", 0).fill("4 3")
    cell(page, "Tiles on the Military track", 0).fill("7")
    cell(page, "Controlled hexes (VP of each, e.g. 2 3 4)", 1).fill("4 4 4")
    # Ann: 7 + 5 (seven military tiles) = 12; Ben: 12. Resources break the tie.
    cell(page, "Money in storage (tie-break)", 1).fill("3")
    expect(page.locator("#total-0")).to_have_text("12")
    expect(page.locator("#total-1")).to_have_text("12")
    expect(page.locator("#winner")).to_have_text("Winner: Ben")
    expect(page.locator("#tie-break")).to_contain_text("Decided by: Resources in storage")
    fits_the_phone(page)

    page.emulate_media(media="print")  # printable: controls hidden, table and breakdown kept
    expect(page.locator("#add-player")).to_be_hidden()
    expect(page.locator(".share")).to_be_hidden()
    expect(page.locator("#score-table")).to_be_visible()
    expect(page.locator("#breakdown")).to_be_visible()
    page.emulate_media(media="screen")

    page.reload()  # the sheet survives a refresh
    expect(cell(page, "Controlled hexes (VP of each, e.g. 2 3 4)", 1)).to_have_value("4 4 4")
    expect(page.locator("#winner")).to_have_text("Winner: Ben")

    page.locator(".player-breakdown").first.get_by_role("link").first.click()
    expect(page).to_have_url(re.compile(r"/rules/eclipse/fine-della-partita"))
    expect(page.locator("h1")).to_contain_text("eclipse/fine-della-partita")


def test_eclipse_errors_are_shown_in_italian_and_mark_the_cell(page, live_url):
    page.goto(live_url + "/scoring/eclipse?lang=it")
    page.locator("#p1-name").fill(page.locator("#p0-name").input_value())
    expect(page.locator("#sheet-error")).to_contain_text("Due giocatori")
    expect(page.locator("#winner")).to_be_empty()  # no stale result beside a refused sheet
    expect(page.get_by_text("Regole citate:")).to_be_hidden()  # not bare, without its rules
    page.locator("#p1-name").fill("Bruno")
    hexes = cell(page, "Esagoni controllati (PV di ognuno, es. 2 3 4)", 1)
    hexes.fill("3 x")
    expect(page.locator("#sheet-error")).to_contain_text("Bruno: Esagoni controllati n. 2")  # the row in words
    expect(hexes).to_have_attribute("aria-invalid", "true")
    hexes.fill("3 4")
    expect(page.locator("#sheet-error")).to_be_hidden()
    expect(page.locator("#total-1")).to_have_text("7")


def test_ti4_sheet_simultaneous_ten_and_claim_checker(page, live_url):
    page.goto(live_url + "/scoring/ti4?lang=en")
    set_names(page, "Ann", "Ben", "Cat")
    for i, (vp, card) in enumerate([("10", "7"), ("10", "5"), ("4", "1")]):
        cell(page, "Victory points", i).fill(vp)
        cell(page, "Strategy card number (the lower of two; blank if none)", i).fill(card)
    expect(page.locator("#winner")).to_have_text("Winner: Ben")
    expect(page.locator("#tie-break")).to_contain_text("Decided by: Initiative order")

    # On the 10-point side, 11 is refused with the track's own range (before: "between 0 and 14").
    cell(page, "Victory points", 2).fill("11")
    expect(page.locator("#sheet-error")).to_contain_text("between 0 and 10")
    cell(page, "Victory points", 2).fill("4")
    expect(page.locator("#winner")).to_have_text("Winner: Ben")

    page.get_by_label("Public objectives already claimed this phase").fill("1")
    expect(page.locator("#claim-verdict")).to_have_text("Not allowed.")
    expect(page.locator("#claim-reasons")).to_contain_text("Only one public objective")
    page.get_by_label("What you claim").select_option("imperial")
    page.get_by_label("Current phase").select_option("action")
    expect(page.locator("#claim-reasons")).to_contain_text("Mecatol Rex")
    page.get_by_label("I control Mecatol Rex").check()
    expect(page.locator("#claim-verdict")).to_have_text(
        "Allowed: you may claim it, if you meet the card's requirement."
    )
    fits_the_phone(page)


def test_a_galaxy_tie_asks_who_played_last_by_its_label(page, live_url):
    # Galaxy has no shared victory: a tie the hands leave asks for the game-wide field, named by
    # its label and highlighted (before: "Shared victory", then the raw path "last_player").
    page.goto(live_url + "/scoring/galaxy?lang=en")
    set_names(page, "Green", "Red")
    cell(page, "Visible bases on Cylor (influence of each)", 0).fill("4")
    cell(page, "Visible bases on Myrmidon (influence of each)", 1).fill("4")
    error = page.locator("#sheet-error")
    expect(error).to_contain_text("Green, Red are still tied")
    expect(error).to_contain_text("Who played last")
    expect(error).not_to_contain_text("last_player")
    page.get_by_label("Who played last").select_option("Red")
    expect(page.locator("#winner")).to_have_text("Winner: Red")
    rungs = page.locator("#tie-break .rung")  # the hands that left them tied, then who played last
    expect(rungs).to_have_count(2)
    expect(rungs.nth(0)).to_contain_text("Still tied after: Hand value")
    expect(rungs.nth(1)).to_contain_text("Decided by: Who played last")


def test_galaxy_sheet_secret_base_and_share_link(page, live_url, browser):
    page.goto(live_url + "/scoring/galaxy?lang=en")
    set_names(page, "Green", "Red")
    cell(page, "Visible bases on Cylor (influence of each)", 0).fill("4")
    cell(
        page, "Secret base: garrison's world (revealed, the garrison goes back to the hand: list it there)", 1
    ).select_option("myrmidon")
    expect(page.locator("#total-0")).to_have_text("4")
    expect(page.locator("#total-1")).to_have_text("5")
    expect(page.locator("#winner")).to_have_text("Winner: Red")
    # The world surrenders: the secret base is lost and Green wins.
    page.get_by_label("Imperial", exact=True).check()
    page.get_by_label("Myrmidon", exact=True).uncheck()
    expect(page.locator("#total-1")).to_have_text("0")
    expect(page.locator("#breakdown")).to_contain_text("lost")
    expect(page.locator("#winner")).to_have_text("Winner: Green")

    link = page.locator("#share-link").input_value()
    other = browser.new_context(viewport={"width": 360, "height": 740}).new_page()
    other.goto(link)
    expect(other.locator("#winner")).to_have_text("Winner: Green")
    expect(other.locator("#p1-name")).to_have_value("Red")
    other.context.close()


def test_rftg_sheet_most_goal_tie_and_solitaire(page, live_url):
    page.goto(live_url + "/scoring/rftg?lang=en")
    set_names(page, "Ann", "Ben")
    page.get_by_label('First "most" goal in play').select_option("greatest_military")
    cell(page, 'Count for the first "most" goal', 0).fill("6")
    cell(page, 'Count for the first "most" goal', 1).fill("6")
    cell(page, "First goal: Galactic Status", 1).check()
    # Tied on Greatest Military: 3 each; Ben's first goal adds 3.
    expect(page.locator("#total-0")).to_have_text("3")
    expect(page.locator("#total-1")).to_have_text("6")
    expect(page.locator("#winner")).to_have_text("Winner: Ben")

    page.get_by_label("Solitaire against the robot").check()
    page.get_by_label("Robot: 6-cost developments in its tableau").fill("1")
    page.get_by_label("Robot: each 6-cost development is worth (by difficulty)").select_option("9")
    expect(page.locator("#breakdown")).to_contain_text("Robot")
    expect(page.locator("#winner")).to_have_text("Winner: Robot")
    fits_the_phone(page)


def test_parsec_sheet_timed_points_and_economic_victory_in_italian(page, live_url):
    page.goto(live_url + "/scoring/parsec?lang=it")
    set_names(page, "Anna", "Bruno")
    cell(page, "Incrociatori", 1).fill("3")
    expect(page.locator("#total-1")).to_have_text("24")
    expect(page.locator("#winner")).to_contain_text("Bruno")
    for resource in ("Carte Titanio in mano", "Carte Oro in mano", "Carte Energia in mano"):
        cell(page, resource, 0).fill("6")
    cell(page, "Colonie", 0).fill("10")
    expect(page.locator("#winner")).to_contain_text("Anna")
    expect(page.locator("#verdicts")).to_contain_text("vittoria economica")
    fits_the_phone(page)


@pytest.mark.parametrize("game", ["eclipse", "ti4", "galaxy", "rftg", "parsec"])
def test_every_sheet_opens_with_a_result_and_adds_players_up_to_its_maximum(page, live_url, game):
    page.goto(live_url + f"/scoring/{game}?lang=en")
    expect(page.locator("#winner")).not_to_be_empty()
    add = page.locator("#add-player")
    for _ in range(8):
        if add.is_disabled():
            break
        add.click()
    columns = page.locator("#name-row th").count() - 1
    assert columns == {"eclipse": 6, "ti4": 6, "galaxy": 5, "rftg": 5, "parsec": 4}[game]
    expect(page.locator("#sheet-error")).to_be_hidden()
    fits_the_phone(page)


@pytest.mark.parametrize(
    "lang, label, expected",
    [
        (
            "en",
            "Reputation tiles (values, e.g. 3 2 4)",
            "Anna: Reputation tiles no. 2: the value must be between 1 and 4.",
        ),
        (
            "it",
            "Segnalini Reputazione (valori, es. 3 2 4)",
            "Anna: Segnalini Reputazione n. 2: il valore deve essere compreso tra 1 e 4.",
        ),
    ],
)
def test_an_error_names_the_player_and_the_row_in_words(page, live_url, lang, label, expected):
    # Before: "Il campo players[0].reputation[1] deve essere compreso tra 1 e 4".
    page.goto(f"{live_url}/scoring/eclipse?lang={lang}")
    set_names(page, "Anna", "Bruno")
    cell(page, label, 0).fill("3 7")
    expect(page.locator("#sheet-error")).to_contain_text(expected)
    assert "players[" not in page.locator("#sheet-error").inner_text()


def test_eclipse_diplomacy_rows_appear_with_the_fourth_player(page, live_url):
    # Diplomacy is not used with two or three players (DIPLOMAZIA): no rows that are always refused.
    page.goto(live_url + "/scoring/eclipse?lang=it")
    rows = page.locator("#rows th")
    expect(rows.filter(has_text="Segnalini Reputazione")).to_have_count(1)
    for players in (2, 3):
        expect(page.locator(".player-name")).to_have_count(players)
        expect(rows.filter(has_text="Ambasciatori")).to_have_count(0)
        expect(rows.filter(has_text="Traditore")).to_have_count(0)
        page.locator("#add-player").click()
    expect(page.locator(".player-name")).to_have_count(4)
    expect(rows.filter(has_text="Ambasciatori")).to_have_count(1)
    expect(rows.filter(has_text="Traditore")).to_have_count(1)
    cell(page, "Ambasciatori", 0).fill("1")
    # Relations are mutual (RAPPORTI DIPLOMATICI): one ambassador alone is refused until its pair is in.
    expect(page.locator("#sheet-error")).to_contain_text("Gli Ambasciatori si scambiano a coppie")
    cell(page, "Ambasciatori", 1).fill("1")
    expect(page.locator("#total-0")).to_have_text("1")
    expect(page.locator("#total-1")).to_have_text("1")


def test_three_players_side_by_side_on_a_phone(page, live_url):
    # Before: the labels took 45% of 360 px and one player column showed at a time.
    page.goto(live_url + "/scoring/eclipse?lang=en")
    page.locator("#add-player").click()
    set_names(page, "Anna", "Bruno", "Carla")
    for i in range(3):
        box = page.locator(f"#p{i}-name").bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 360, (i, box)
    label = page.locator("#rows th").filter(has_text="Reputation tiles").first
    assert label.bounding_box()["width"] <= 0.35 * 360
    fits_the_phone(page)


@pytest.mark.parametrize("game", ["eclipse", "galaxy", "parsec", "rftg"])
def test_an_empty_sheet_names_no_winner_until_a_score_is_entered(page, live_url, game):
    # Before: "Vittoria condivisa: Giocatore 1, Giocatore 2" on a sheet nobody had touched.
    page.goto(live_url + f"/scoring/{game}?lang=it")
    winner = page.locator("#winner")
    expect(winner).to_have_text("Nessun punteggio ancora inserito: qui comparirà chi vince.")
    expect(page.locator("#tie-break")).to_be_empty()
    expect(page.get_by_text("Regole citate:")).to_be_visible()  # the scoring rule is still cited
    page.locator("#rows input[type=text]").first.fill("3")
    expect(winner).to_have_text("Vincitore: Giocatore 1")
    expect(page.locator("#total-0")).not_to_have_text("0")


def test_an_empty_ti4_sheet_still_says_the_game_is_not_over(page, live_url):
    page.goto(live_url + "/scoring/ti4?lang=it")
    expect(page.locator("#winner")).to_have_text("La partita non è ancora finita.")


@pytest.mark.parametrize(
    ("first", "then", "untyped", "translated"),
    [("en", "it", "Player 2", "Giocatore 2"), ("it", "en", "Giocatore 2", "Player 2")],
)
def test_names_nobody_typed_follow_the_language_and_typed_ones_stay(page, live_url, first, then, untyped, translated):
    # A sheet first opened in English kept "Player 2" on the Italian page ("Vincitore: Player 2").
    page.goto(live_url + f"/scoring/eclipse?lang={first}")
    page.locator("#p0-name").fill("Ann")
    expect(page.locator("#p1-name")).to_have_value(untyped)
    page.locator(".lang-toggle").click()
    expect(page.locator("html")).to_have_attribute("lang", then)
    expect(page.locator("#p0-name")).to_have_value("Ann")
    expect(page.locator("#p1-name")).to_have_value(translated)


def test_who_played_last_follows_the_untyped_name_into_the_other_language(page, live_url):
    # "Player 2" chosen as the last to play became "Giocatore 2" in the names but not in this
    # field, and the Italian sheet was refused ("Player 2 non è tra i giocatori").
    page.goto(live_url + "/scoring/galaxy?lang=en")
    page.get_by_label("Who played last").select_option("Player 2")
    page.locator(".lang-toggle").click()
    expect(page.locator("html")).to_have_attribute("lang", "it")
    expect(page.get_by_label("Chi ha giocato per ultimo")).to_have_value("Giocatore 2")
    expect(page.locator("#sheet-error")).to_be_hidden()


TEXT_FITS_JS = """el => {
    // The text a control shows (a select's chosen option) against the room its box leaves for it.
    const style = getComputedStyle(el);
    const text = el.tagName === "SELECT" ? el.options[el.selectedIndex].text : el.value || el.placeholder;
    const ctx = document.createElement("canvas").getContext("2d");
    ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return {text, width: ctx.measureText(text).width, room, scroll: el.scrollWidth, client: el.clientWidth};
}"""


def assert_text_fits(locator):
    fit = locator.evaluate(TEXT_FITS_JS)
    assert fit["width"] <= fit["room"] and fit["scroll"] <= fit["client"], fit


@pytest.mark.parametrize(
    "lang, hexes, species",
    [
        ("en", "Controlled hexes (VP of each, e.g. 2 3 4)", "Species"),
        ("it", "Esagoni controllati (PV di ognuno, es. 2 3 4)", "Specie"),
    ],
)
def test_two_players_read_what_they_typed_on_a_phone(page, live_url, lang, hexes, species):
    # Before: 57 px inputs in 90 px columns beside a label column taking 46% of the width showed
    # "Aless", "Eri" and "2 3 ⁴".
    page.goto(f"{live_url}/scoring/eclipse?lang={lang}")
    set_names(page, "Alessandra", "Bartolomeo")
    cell(page, species, 0).select_option("eridani")
    cell(page, species, 1).select_option("planta")
    cell(page, hexes, 0).fill("2 3 4 1 2 3 2 1")
    for control in (
        page.locator("#p0-name"),
        page.locator("#p1-name"),
        cell(page, species, 0),
        cell(page, species, 1),
        cell(page, hexes, 0),
    ):
        assert_text_fits(control)
        assert control.bounding_box()["height"] >= 44
    label = page.locator("#rows th").first.bounding_box()["width"]
    table = page.locator(".table-wrap").bounding_box()["width"]
    assert label <= 0.32 * table, (label, table)
    fits_the_phone(page)


def test_a_wide_screen_shows_long_names_and_species_whole(browser, live_url):
    # Before: on a desktop the name box stayed 7.5rem and the species 8rem in 300 px columns,
    # cutting "Massimiliano" and "Terran (qualsiasi fazione)".
    page = browser.new_context(viewport={"width": 1280, "height": 800}, service_workers="block").new_page()
    page.goto(f"{live_url}/scoring/eclipse?lang=it")
    set_names(page, "Massimiliano", "Bartolomeo")
    cell(page, "Specie", 1).select_option("orion")
    for control in (page.locator("#p0-name"), cell(page, "Specie", 0), cell(page, "Specie", 1)):
        assert_text_fits(control)
    # With a third player each column gets a remove button: it stays inside its own column.
    page.locator("#add-player").click()
    heads = page.locator("#name-row th:has(.remove)")
    assert heads.count() == 3
    for i in range(3):
        head, remove = heads.nth(i).bounding_box(), heads.nth(i).locator(".remove").bounding_box()
        assert head["x"] <= remove["x"] and remove["x"] + remove["width"] <= head["x"] + head["width"], (
            i,
            head,
            remove,
        )
    page.context.close()


@pytest.mark.parametrize("game, players", [("eclipse", 6), ("parsec", 4)])
def test_more_players_scroll_inside_the_table_with_the_labels_in_view(page, live_url, game, players):
    page.goto(f"{live_url}/scoring/{game}?lang=it")
    while page.locator(".player-name").count() < players:
        page.locator("#add-player").click()
    wrap = page.locator(".table-wrap")
    assert wrap.evaluate("w => w.scrollWidth > w.clientWidth")  # the columns keep their width
    for name in page.locator(".player-name").all():
        assert name.bounding_box()["width"] >= 4 * 16
    wrap.evaluate("w => { w.scrollLeft = w.scrollWidth; }")
    label = page.locator("#rows th").first.bounding_box()
    assert label["x"] >= 0 and label["x"] + label["width"] <= 360  # sticky: still on screen
    fits_the_phone(page)


@pytest.mark.parametrize("game", ["eclipse", "ti4", "galaxy", "rftg", "parsec"])
@pytest.mark.parametrize("lang", ["it", "en"])
def test_rule_links_are_44_px_tap_targets(page, live_url, game, lang):
    # Before: "FINE DELLA PARTITA" under a player's breakdown was a 32 px tall target.
    page.goto(f"{live_url}/scoring/{game}?lang={lang}")
    page.locator("#rows input[type=text]").first.fill("3")
    expect(page.locator("#cited .rule-link").first).to_be_visible()
    page.wait_for_load_state("networkidle")  # the answer is in: its links are not redrawn under us
    heights = page.locator("#outcome .rule-link, #breakdown .rule-link, #cited .rule-link").evaluate_all(
        "links => links.filter(a => a.offsetParent).map(a => [a.textContent, a.getBoundingClientRect().height])"
    )
    assert heights and all(height >= 44 for _, height in heights), heights
