"""The retreat pages: examples, share links, errors, both languages, cited rules that exist."""

from urllib.parse import urlencode

import pytest
from babel.messages.pofile import read_po

from engine.eclipse import retreat as eclipse
from engine.parsec import retreat as parsec
from engine.ti4 import retreat as ti4
from tests.page_text import visible_text

# --- pages --------------------------------------------------------------------------------

@pytest.mark.parametrize("game", ["eclipse", "ti4", "parsec"])
@pytest.mark.parametrize("lang", ["it", "en"])
def test_pages_open_with_an_example_and_cite_rules(client, game, lang):
    html = client.get(f"/retreat/{game}?lang={lang}").get_data(as_text=True)
    assert 'id="result"' in html and 'href="/rules/' in html
    assert 'id="share-url"' in html and "<script>" not in html


def test_eclipse_page_share_link_reproduces_the_verdict(client):
    query = urlencode([("player", "red"), ("h0", "B"), ("d0", "red"), ("s0", "ancient"),
                       ("h1", "C"), ("d1", "red"), ("w1", "half"), ("wg", "1")])
    html = client.get(f"/retreat/eclipse?lang=en&{query}").get_data(as_text=True)
    assert 'data-destination="B"' in html and "Ancient ships" in html
    assert "Legal destinations:" in html and "<strong>C</strong>" in html


def test_pages_show_a_400_with_the_message_for_a_bad_query(client):
    response = client.get("/retreat/ti4?lang=en&role=defender&fighters=x")
    assert response.status_code == 400
    assert "units.fighters" in response.get_data(as_text=True)


def test_tools_page_lists_the_three_checkers(client):
    html = client.get("/tools?lang=en").get_data(as_text=True)
    for game in ("eclipse", "ti4", "parsec"):
        assert f'href="/retreat/{game}"' in html


def test_every_rule_the_checkers_cite_exists(db):
    cited = set()
    for module in (eclipse, ti4, parsec):
        cited |= {value for name, value in vars(module).items() if name.startswith("RULE_")}
    cited |= {"ti4/17.3", "ti4/23.7", "eclipse/esempio-di-ritirata"}  # cited by templates
    missing = sorted(rule for rule in cited if db.get(rule) is None)
    assert not missing


@pytest.mark.parametrize("game", ["eclipse", "ti4", "parsec"])
def test_english_page_has_no_italian_left_and_back(client, game):
    with open("translations/it/LC_MESSAGES/retreat.po", "rb") as handle:
        catalogue = [m for m in read_po(handle, locale="it") if m.id and m.string != m.id]
    english = visible_text(client.get(f"/retreat/{game}?lang=en").get_data(as_text=True))
    italian = visible_text(client.get(f"/retreat/{game}?lang=it").get_data(as_text=True))
    assert not [m.string for m in catalogue if "%(" not in m.string and m.string in english]
    assert not [m.id for m in catalogue if "%(" not in m.id and m.id in italian]


def test_ti4_citations_carry_the_number_of_the_reader_s_rulebook(client):
    english = client.get("/retreat/ti4?lang=en").get_data(as_text=True)
    assert '<a class="rule-link" href="/rules/ti4/23.4">78.4 STEP 2. ANNOUNCE RETREATS</a>' in english
    italian = client.get("/retreat/ti4?lang=it").get_data(as_text=True)
    assert '<a class="rule-link" href="/rules/ti4/23.4">23.4 PASSO 2. ANNUNCIARE LA RITIRATA</a>' in italian
