"""A player at the table, on a phone: the three retreat checkers, end to end in Chromium."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def no_overflow(page):
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_eclipse_example_add_a_hex_and_open_the_cited_rule(page, live_url):
    page.goto(live_url + "/retreat/eclipse")
    expect(page.locator("html")).to_have_attribute("lang", "it")
    # The rulebook's example is loaded and checked: only B is legal for green.
    expect(page.locator('[data-destination="B"]')).to_have_class(re.compile("verdict-yes"))
    for hex_name in ("C", "D", "E"):
        expect(page.locator(f'[data-destination="{hex_name}"]')).to_have_class(re.compile("verdict-no"))
    no_overflow(page)

    # Add a hex F with green's disc behind a half wormhole: illegal without the generator.
    page.get_by_role("button", name="Aggiungi un esagono").click()
    card = page.locator(".retreat-card").last
    card.get_by_label("Nome dell'esagono").fill("F")
    card.get_by_label("Gettone Influenza").select_option("green")
    card.get_by_label("Un solo lato").check()
    page.get_by_role("button", name="Verifica la ritirata").click()
    verdict_f = page.locator('[data-destination="F"]')
    expect(verdict_f).to_have_class(re.compile("verdict-no"))
    expect(verdict_f).to_contain_text("Generatore di Tunnel Interspaziali")

    # With the Wormhole Generator it opens; the share link reproduces the answer.
    page.get_by_label("Ho il Generatore di Tunnel Interspaziali").check()
    page.get_by_role("button", name="Verifica la ritirata").click()
    expect(page.locator('[data-destination="F"]')).to_have_class(re.compile("verdict-yes"))
    share = page.locator("#share-url").input_value()
    page.goto(share)
    expect(page.locator('[data-destination="F"]')).to_have_class(re.compile("verdict-yes"))

    # Open the rule that decides why D is not legal.
    page.locator('[data-destination="D"] .rule-link').first.click()
    expect(page).to_have_url(re.compile(r"/rules/eclipse/ritirata$"))
    expect(page.locator("h1")).to_contain_text("RITIRATA")


def test_ti4_announcement_order_and_capacity_in_english(page, live_url):
    page.goto(live_url + "/retreat/ti4?lang=en")
    expect(page.locator("#announce")).to_contain_text("You may announce a retreat.")
    expect(page.locator("#capacity")).to_contain_text("2")  # 4 + 1 places for 7 small units

    page.get_by_label("Attacker (active player)").check()
    page.get_by_label("My opponent has already announced a retreat this round").check()
    page.get_by_role("button", name="Check the retreat").click()
    announce = page.locator("#announce")
    expect(announce).to_contain_text("You may not announce a retreat.")
    expect(announce).to_contain_text("the attacker cannot announce")
    expect(page.locator('[data-destination="D"]')).to_contain_text("nebula")
    no_overflow(page)
    # The answer is a new page; its remove buttons work once its deferred script has run.
    page.wait_for_load_state("load")

    # Removing every legal system leaves nothing to announce to.
    for name in ("A", "B"):
        page.locator(".retreat-card").filter(has=page.locator(f'input[value="{name}"]')).get_by_role("button").click()
    page.get_by_label("My opponent has already announced a retreat this round").uncheck()
    page.get_by_role("button", name="Check the retreat").click()
    expect(page.locator("#announce")).to_contain_text("no valid system")
    page.locator("#announce .rule-link").first.click()
    expect(page).to_have_url(re.compile(r"/rules/ti4/23\.4$"))


def test_parsec_paint_the_map_and_escape(page, live_url):
    page.goto(live_url + "/retreat/parsec")
    expect(page.locator("#exchange")).to_contain_text("Lo scontro termina.")
    no_overflow(page)

    # Surround the fighter: paint fighters on the free neighbours (1,-1 already has one).
    page.get_by_label(re.compile("Caccia$")).first.check()
    for q, r in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        page.locator(f'.hex[data-q="{q}"][data-r="{r}"]').click()
    page.locator('.hex[data-q="-1"][data-r="1"]').focus()
    page.keyboard.press("Enter")  # the keyboard paints too (replacing the other vessel)
    expect(page.locator("#att")).to_have_value(re.compile(r"caccia@-1,1"))  # in the page's language
    page.get_by_role("button", name="Verifica la manovra evasiva").click()
    expect(page.locator("#evade")).to_contain_text("non può effettuare la manovra evasiva")
    expect(page.locator("#evade")).to_contain_text("sei caselle")

    # An event card lets it escape; the card then decides.
    page.get_by_label("Una carta Evento mi consente la fuga").check()
    page.get_by_role("button", name="Verifica la manovra evasiva").click()
    expect(page.locator("#exchange")).to_contain_text("Dipende dalla carta Evento.")
    page.locator(".rule-link", has_text=re.compile("Manovra evasiva", re.I)).first.click()
    expect(page).to_have_url(re.compile(r"/rules/parsec/manovra-evasiva$"))


def test_an_edit_outdates_the_verdict_and_a_reload_checks_it(page, live_url):
    page.goto(live_url + "/retreat/parsec?lang=en")
    note = page.locator("#result .outdated-note")
    share = page.locator(".card.share")
    expect(page.locator("#exchange")).to_be_visible()
    expect(note).to_be_hidden()
    page.get_by_label(re.compile("Fighter$")).first.check()  # choosing a brush is no edit
    expect(page).not_to_have_url(re.compile("att="))  # the example stays out of the address
    page.locator('.hex[data-q="1"][data-r="0"]').click()  # painting is an edit
    expect(note).to_be_visible()
    expect(note).to_contain_text("Outdated")
    expect(share).to_be_hidden()  # its link reopens the situation before the edit
    painted = page.locator("#att").input_value()
    assert "fighter@1,0" in painted

    page.reload()  # the painted situation comes back, checked
    expect(page.locator("#att")).to_have_value(painted)
    expect(page.locator('.hex[data-q="1"][data-r="0"]')).to_have_class(re.compile("piece-fighter"))
    expect(note).to_be_hidden()


def test_back_after_a_second_check_returns_to_the_first(page, live_url):
    page.goto(live_url + "/retreat/parsec?lang=en")
    page.locator("#att").fill("cruiser@0,0")
    page.get_by_role("button", name=re.compile("Check")).first.click()
    page.wait_for_url(re.compile(r"att=cruiser"))
    first = page.url.split("#")[0]
    page.locator("#att").fill("transport@0,0")
    page.get_by_role("button", name=re.compile("Check")).first.click()
    page.wait_for_url(re.compile(r"att=transport"))
    page.go_back()
    expect(page.locator("#att")).to_have_value("cruiser@0,0")
    assert page.url.split("#")[0] == first


def test_back_shows_the_form_its_verdict_answers(page, live_url):
    # The browser refilled a select on Back with the later choice, beside the earlier verdict.
    page.goto(live_url + "/retreat/eclipse?lang=en")
    colour = page.get_by_label("Your colour")
    page.get_by_role("button", name=re.compile("Check")).first.click()
    page.wait_for_url(re.compile(r"player="))
    before = colour.input_value()
    other = next(v for v in colour.locator("option").evaluate_all("os => os.map(o => o.value)") if v != before)
    colour.select_option(other)
    page.get_by_role("button", name=re.compile("Check")).first.click()
    page.wait_for_url(re.compile(rf"player={other}"))
    page.go_back()
    page.wait_for_url(re.compile(rf"player={before}"))
    expect(colour).to_have_value(before)
    expect(page.locator("#result .outdated-note")).to_be_hidden()


@pytest.mark.parametrize(
    "lang, legend",
    [("en", "Your units in the space area of the combat"), ("it", "Le tue unità nell'area spaziale del combattimento")],
)
def test_a_two_line_legend_stays_inside_its_box_under_the_border(page, live_url, lang, legend):
    # Before: at 360 px the legend wrapped onto two lines and the fieldset's top border ran through it.
    page.goto(f"{live_url}/retreat/ti4?lang={lang}")
    boxes = page.locator(".retreat-form > fieldset > legend").evaluate_all(
        """legends => legends.map(l => {
            const f = l.parentElement.getBoundingClientRect(), b = l.getBoundingClientRect();
            const border = parseFloat(getComputedStyle(l.parentElement).borderTopWidth);
            return {text: l.textContent.trim(), lines: Math.round(b.height / parseFloat(getComputedStyle(l).lineHeight)),
                    below: b.top >= f.top + border, inside: b.left >= f.left && b.right <= f.right};
        })"""
    )
    assert any(box["text"] == legend and box["lines"] >= 2 for box in boxes), boxes  # it does wrap here
    for box in boxes:
        assert box["below"] and box["inside"], box
    no_overflow(page)
