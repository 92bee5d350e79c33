"""web/core/offline.py: the manifest, the lists of pages the service worker keeps, and the version that
names its caches. (The worker itself runs in tests/browser/test_offline_browser.py.)"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from rules_db.loader import GAMES
from web.core.offline import SERVICE_WORKER, shell_digest


def config(html: str) -> dict:
    return json.loads(re.search(r'<script type="application/json" id="offline-config">(.*?)</script>', html).group(1))


@pytest.mark.parametrize("lang", ["it", "en"])
def test_manifest_in_each_language_with_an_icon_that_exists(client, lang):
    response = client.get(f"/manifest.json?lang={lang}")
    assert response.status_code == 200 and response.mimetype == "application/manifest+json"
    manifest = response.get_json()
    assert manifest["lang"] == lang and manifest["short_name"] == "Astrolabio"
    assert manifest["display"] == "standalone" and manifest["start_url"] == "/"
    for icon in manifest["icons"]:
        assert client.get(icon["src"]).status_code == 200
    for shortcut in manifest["shortcuts"]:
        assert client.get(shortcut["url"]).status_code == 200


def test_manifest_names_differ_by_language(client):
    italian = client.get("/manifest.json?lang=it").get_json()
    english = client.get("/manifest.json?lang=en").get_json()
    assert italian["name"] != english["name"] and italian["description"] != english["description"]


def test_every_page_links_the_manifest_and_the_versioned_worker(client, app):
    html = client.get("/rules/ti4?lang=en").get_data(as_text=True)
    assert '<link rel="manifest" href="/manifest.json?lang=en">' in html
    with app.test_request_context():
        from web.core.offline import offline_version

        assert config(html)["sw"] == f"/static/{SERVICE_WORKER}?v={offline_version()}"


def test_worker_may_control_the_whole_site_and_is_never_cached(client):
    response = client.get(f"/static/{SERVICE_WORKER}")
    assert response.headers["Service-Worker-Allowed"] == "/"
    assert response.headers["Cache-Control"] == "no-cache"
    assert "Service-Worker-Allowed" not in client.get("/static/js/offline.js").headers


@pytest.mark.parametrize("lang", ["it", "en"])
def test_pages_say_their_language_for_the_worker(client, lang):
    assert client.get(f"/rules/parsec?lang={lang}").headers["Content-Language"] == lang
    assert "Content-Language" not in client.get("/api/sections?game=parsec").headers


@pytest.mark.parametrize(
    "url, kind",
    [
        ("/tools/combat/ti4", "calculator"),
        ("/retreat/eclipse", "calculator"),
        ("/scoring/rftg", "sheet"),
        ("/scoring", "sheet"),
        ("/rules/ti4", ""),
        ("/offline", ""),
    ],
)
def test_each_page_says_whether_it_is_a_tool(client, url, kind):
    html = client.get(url).get_data(as_text=True)
    assert config(html)["tool"] == kind
    assert ('id="offline-tool-note"' in html) == bool(kind)


def test_shell_lists_every_asset_but_the_worker_and_every_tool_page_in_both_languages(client, app):
    answer = client.get("/api/offline").get_json()
    shell = answer["shell"]
    static = {p.relative_to(app.static_folder).as_posix() for p in Path(app.static_folder).rglob("*") if p.is_file()}
    assert {u.removeprefix("/static/") for u in shell if u.startswith("/static/")} == static - {SERVICE_WORKER}
    for path in ["/", "/offline", "/tools", "/glossary", "/tools/combat/ti4", "/retreat/parsec", "/scoring/galaxy"]:
        for lang in ("it", "en"):
            assert f"{path}?lang={lang}" in shell
    assert len(shell) == len(set(shell))
    assert [g["id"] for g in answer["games"]] == list(GAMES)


def test_every_shell_url_answers(client):
    # One failed url makes the worker's installation fail, so each must answer 200.
    for url in client.get("/api/offline").get_json()["shell"]:
        assert client.get(url).status_code == 200, url


def test_game_pack_holds_every_section_in_both_languages(client, db):
    pack = client.get("/api/offline/rftg").get_json()
    sections = db.by_game("rftg")
    assert [s["id"] for s in pack["sections"]] == [s.id for s in sections]
    first = pack["sections"][0]
    assert first["body"] == {"it": sections[0].body_it, "en": sections[0].body_en}
    assert first["title"] == {"it": sections[0].title_it, "en": sections[0].title_en}
    expected = {f"/rules/{s.id}?lang={lang}" for s in sections for lang in ("it", "en")}
    expected |= {f"/rules/rftg?lang={lang}" for lang in ("it", "en")} | {
        f"/glossary/rftg?lang={lang}" for lang in ("it", "en")
    }
    assert set(pack["pages"]) == expected and len(pack["pages"]) == len(expected)
    for url in pack["pages"]:
        assert client.get(url).status_code == 200, url


def test_unknown_game_is_a_json_404(client):
    response = client.get("/api/offline/monopoly?lang=it")
    assert response.status_code == 404
    assert response.get_json()["error"]["code"] == "unknown_game"
    assert response.get_json()["error"]["message"].startswith("Gioco sconosciuto")


def test_version_follows_the_rules_digest(app, db):
    from web.core.offline import offline_version

    with app.test_request_context():
        before = offline_version()
        saved = db.digest
        try:
            db.digest = "f" * 64
            assert offline_version() != before
        finally:
            db.digest = saved
        assert offline_version() == before


def test_app_digest_follows_any_file_that_makes_the_pages(tmp_path):
    for folder in ("static", "templates", "translations", "web"):
        (tmp_path / folder).mkdir()
    (tmp_path / "templates" / "base.html").write_text("<p>one</p>")
    first = shell_digest.__wrapped__(tmp_path)
    (tmp_path / "templates" / "base.html").write_text("<p>two</p>")
    second = shell_digest.__wrapped__(tmp_path)
    (tmp_path / "static" / "new.css").write_text("")
    third = shell_digest.__wrapped__(tmp_path)
    assert len({first, second, third}) == 3


def page_words(client, url: str) -> str:
    """A page's text as a reader meets it: entities decoded, the JSON blocks' strings included."""
    page = client.get(url).get_data(as_text=True)
    blocks = re.findall(r'<script type="application/json" id="offline-[a-z0-9]+">(.*?)</script>', page, flags=re.S)
    strings = [value for block in blocks for value in json.loads(block).values() if isinstance(value, str)]
    return html.unescape(page) + "\n".join(strings)


@pytest.mark.parametrize("url", ["/offline", "/rules/parsec", "/tools/combat/ti4", "/scoring/rftg"])
def test_offline_strings_come_in_the_page_language_only(client, url):
    with open("translations/it/LC_MESSAGES/offline.po", "rb") as handle:
        catalogue = [m for m in read_po(handle, locale="it") if m.id and m.id != m.string and "%(" not in m.id]
    english, italian = page_words(client, url + "?lang=en"), page_words(client, url + "?lang=it")
    assert [m.id for m in catalogue if m.id in italian] == []
    assert [m.string for m in catalogue if m.string in english] == []
    shown = [m for m in catalogue if m.id in english]
    assert len(shown) >= 3 and all(m.string in italian for m in shown)
