"""Language choice and catalogue completeness: every interface string exists in both languages."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from tests.page_text import visible_text

CATALOGUES = sorted(Path("translations/it/LC_MESSAGES").glob("*.po"))
PLACEHOLDER = re.compile(r"%\((\w+)\)s")


def italian_catalogue(path):
    with path.open("rb") as handle:
        return read_po(handle, locale="it")


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda p: p.stem)
def test_every_message_has_an_italian_translation_with_the_same_placeholders(path):
    for message in italian_catalogue(path):
        if not message.id:
            continue
        assert message.string, f"{path.name}: no Italian for {message.id!r}"
        assert set(PLACEHOLDER.findall(message.id)) == set(PLACEHOLDER.findall(message.string)), message.id


def test_a_message_shared_by_two_catalogues_has_one_translation():
    # Flask-Babel merges every domain into one set of translations, so one of two different
    # Italian texts for the same English would silently win on every page.
    found: dict[str, dict[str, str]] = {}
    for path in CATALOGUES:
        for message in italian_catalogue(path):
            if message.id:
                found.setdefault(str(message.id), {})[path.stem] = str(message.string)
    clashes = {msgid: texts for msgid, texts in found.items() if len(set(texts.values())) > 1}
    assert clashes == {}


def page_lang(html: str) -> str:
    return re.search(r'<html lang="(\w+)"', html).group(1)


@pytest.mark.parametrize(
    "headers, query, cookie, expected",
    [
        ({}, "", None, "it"),  # default
        ({"Accept-Language": "en-GB,en;q=0.8"}, "", None, "en"),
        ({"Accept-Language": "de-DE"}, "", None, "it"),
        ({"Accept-Language": "en"}, "", "it", "it"),  # cookie beats the browser
        ({"Accept-Language": "it"}, "?lang=en", "it", "en"),  # ?lang beats the cookie
        ({}, "?lang=xx", None, "it"),  # unknown value ignored
    ],
)
def test_language_order(app, headers, query, cookie, expected):
    client = app.test_client()
    if cookie:
        client.set_cookie("lang", cookie)
    html = client.get("/" + query, headers=headers).get_data(as_text=True)
    assert page_lang(html) == expected


def test_choice_is_kept_in_a_cookie(app):
    client = app.test_client()
    client.get("/?lang=en")
    assert page_lang(client.get("/rules/ti4").get_data(as_text=True)) == "en"
    client.get("/?lang=it")
    assert page_lang(client.get("/rules/ti4").get_data(as_text=True)) == "it"


def chrome(html: str) -> set[str]:
    """The page's visible text pieces and attribute texts, minus the rule text itself."""
    return visible_text(re.sub(r'<div class="rule-body"[^>]*>.*?</div>', "", html, flags=re.S))


@pytest.mark.parametrize("url", ["/", "/rules/ti4", "/tools", "/rules/ti4/none"])
def test_english_chrome_has_no_italian_left_and_back(client, url):
    catalogue = italian_catalogue(Path("translations/it/LC_MESSAGES/messages.po"))
    italian_only = [m.string for m in catalogue if m.id and m.string != m.id and "%(" not in m.string]
    english = chrome(client.get(url + "?lang=en").get_data(as_text=True))
    assert not [text for text in italian_only if text in english]
    italian = chrome(client.get(url + "?lang=it").get_data(as_text=True))
    assert not [m.id for m in catalogue if m.id and m.string != m.id and "%(" not in m.id and m.id in italian]
    assert english != italian


def test_toggle_links_to_the_same_page_in_the_other_language(client):
    html = client.get("/rules/ti4/23.7?lang=it").get_data(as_text=True)
    assert 'href="/rules/ti4/23.7?lang=en"' in html


def test_toggle_survives_a_query_parameter_named_like_the_path(client):
    response = client.get("/scoring/eclipse?game=ti4&lang=it")
    assert response.status_code == 200
    assert 'href="/scoring/eclipse?lang=en"' in response.get_data(as_text=True)
