"""Language choice and catalogue completeness: every interface string exists in both languages."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
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
        # A plural message (msgid_plural) has a tuple of English forms and one Italian per form.
        english = message.id if message.pluralizable else (message.id,)
        italian = message.string if message.pluralizable else (message.string,)
        assert len(italian) == 2 and all(italian) if message.pluralizable else italian[0], (
            f"{path.name}: no Italian for {message.id!r}"
        )
        wanted = set(PLACEHOLDER.findall(english[-1]))
        assert all(set(PLACEHOLDER.findall(text)) == wanted for text in (*english, *italian)), message.id


def test_every_string_the_code_marks_has_an_italian_translation_in_some_catalogue():
    """What the code and templates mark for translation (extracted as README's command does) is
    in a catalogue, translated and not fuzzy: a catalogue updated from too few sources marks
    strings it no longer sees obsolete (#~), and the Italian page shows them in English."""
    with Path("babel.cfg").open() as config:
        method_map, options_map = parse_mapping_cfg(config)
    keywords = {**DEFAULT_KEYWORDS, "_l": None, "lazy_pgettext": ((1, "c"), 2)}
    marked = set()
    for folder in ("web", "templates", "engine", "rules_db"):
        for _file, _line, message, _comments, context in extract_from_dir(
            folder, method_map, options_map, keywords=keywords
        ):
            marked.add((message if isinstance(message, str) else message[0], context))
    translated = {
        (m.id if isinstance(m.id, str) else m.id[0], m.context)
        for path in CATALOGUES
        for m in italian_catalogue(path)
        if m.id and not m.fuzzy and all(m.string if m.pluralizable else (m.string,))
    }
    assert marked, "nothing extracted: the extraction is misconfigured"
    assert sorted(marked - translated, key=str) == []


def test_a_message_shared_by_two_catalogues_has_one_translation():
    # Flask-Babel merges every domain into one set of translations, so one of two different
    # Italian texts for the same English would silently win on every page. A message with a
    # context (msgctxt, pgettext) is a different message.
    found: dict[tuple[str | None, str], dict[str, str]] = {}
    for path in CATALOGUES:
        for message in italian_catalogue(path):
            if message.id:
                found.setdefault((message.context, str(message.id)), {})[path.stem] = str(message.string)
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
    """The path decides the page; a ``game`` parameter rides along as a plain parameter."""
    response = client.get("/scoring/eclipse?game=ti4&lang=it")
    assert response.status_code == 200
    assert 'href="/scoring/eclipse?game=ti4&amp;lang=en"' in response.get_data(as_text=True)


def test_an_api_call_in_a_language_does_not_change_the_readers_choice(app):
    client = app.test_client()
    client.get("/?lang=it")
    client.post(
        "/api/combat/ti4?lang=en",
        json={"kind": "space", "attacker": {"units": {"cruiser": 1}}, "defender": {"units": {"destroyer": 1}}},
    )
    assert page_lang(client.get("/rules/ti4").get_data(as_text=True)) == "it"


@pytest.mark.parametrize(
    "lang, one, other",
    [
        ("en", "%(n)s unit left", "%(n)s units left"),
        ("it", "%(n)s unità rimasta", "%(n)s unità rimaste"),
    ],
)
def test_plural_forms_for_a_page_script_follow_the_catalogue(app, lang, one, other):
    from web.core.i18n import plural_forms, ungettext

    with app.test_request_context(f"/?lang={lang}"):
        forms = plural_forms(lambda n: ungettext("%(n)s unit left", "%(n)s units left", n))
    assert forms == {"one": one, "other": other}


@pytest.mark.parametrize(
    "lang, p, shown",
    [
        ("it", 0.4551, "45,5%"),
        ("en", 0.4551, "45.5%"),
        ("it", 0.0001, "< 0,1%"),
        ("en", 0.9999, "> 99.9%"),
        ("it", 0.0, "0,0%"),
        ("en", 1.0, "100.0%"),
        ("en", 0.4545, "45.5%"),  # a half rounds up, as the browser rounds: not 45.4% (half to even)
        ("it", 0.0625, "6,3%"),
        ("en", 0.99949, "99.9%"),
    ],
)
def test_a_probability_on_a_server_page_reads_as_the_page_script_writes_it(app, lang, p, shown):
    from web.core.i18n import probability

    with app.test_request_context(f"/?lang={lang}"):
        assert probability(p) == shown


@pytest.mark.parametrize(
    "query", ["_method=POST", "endpoint=x", "_external=1&_scheme=https", "section_id=x", "game_id=eclipse", "_anchor=x"]
)
@pytest.mark.parametrize("path", ["/", "/rules/ti4/23.7", "/retreat/eclipse", "/scoring/ti4", "/tools"])
def test_query_parameters_named_like_url_for_arguments_are_plain_parameters(client, path, query):
    """The language toggle (and the retreat share link) rebuild the page's own address: a query
    parameter named like a url_for argument was a 500, or a link to the host the request named."""
    response = client.get(f"{path}?{query}", headers={"Host": "evil.example"})
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert f'href="{path}?{query.replace("&", "&amp;")}&amp;lang=en"' in page
    assert "//evil.example/" not in page.replace(f"http://evil.example{path}", "")


@pytest.mark.parametrize("lang, shown", [("it", "1.100.000"), ("en", "1,100,000")])
def test_a_number_in_a_declared_text_takes_the_readers_digits_when_shown(app, lang, shown):
    from flask_babel import lazy_gettext

    from web.core.i18n import lazy_number

    text = lazy_gettext("up to %(n)s states", n=lazy_number(1_100_000))
    assert str(text) == "up to 1,100,000 states"  # declared at import, outside any app: English
    with app.app_context():  # a script's or a test's, with no request: the site's default language
        assert str(text).endswith("1.100.000 states")
    with app.test_request_context(f"/?lang={lang}"):
        assert str(text).endswith(f"{shown} states")


def test_a_wrong_method_or_route_answers_405_or_404_before_the_language_is_checked(client):
    # The method or the route is the first thing wrong (schemathesis's unsupported_method check).
    wrong_method = client.open("/api/combat/eclipse?lang=0", method="TRACE")
    assert wrong_method.status_code == 405 and "POST" in wrong_method.headers["Allow"]
    assert client.get("/api/no-such-route?lang=AAA").status_code == 404
    assert client.get("/api/sections?lang=AAA").status_code == 400  # a real route still refuses it
