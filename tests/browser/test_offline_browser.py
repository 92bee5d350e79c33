"""Offline reading in a real browser: the manifest and service worker make the app installable,
a stored game reads without a connection (Playwright's offline mode) in both languages, the offline
search finds its sections, tools say they are offline, and a new rules digest replaces the caches.

Parsec and RftG are the stored games here: the smallest rulebooks (86 pages each with both
languages), so storing one takes a second or two.
"""

from __future__ import annotations

import dataclasses
import json
import tempfile
import threading
import time

import pytest
from werkzeug.serving import make_server

from app import create_app
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS
from tests.browser.test_accessibility import AUDIT_JS
from web.core.i18n import COOKIE

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 360, "height": 740}, "locale": "it-IT"}
CACHE_NAMES_JS = "() => caches.keys()"


def wait_for_worker(page):
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")


def wait_until(page, predicate: str, arg=None, seconds: float = 30):
    """Poll an async predicate (wait_for_function takes a returned promise as a true value)."""
    deadline = time.monotonic() + seconds
    while not page.evaluate(predicate, arg):
        assert time.monotonic() < deadline, f"still false after {seconds} s: {predicate}"
        page.wait_for_timeout(200)


def store(page, base: str, game: str):
    """Open a game's contents, tap "keep this game's rules" and wait until the worker says done."""
    page.goto(f"{base}/rules/{game}?lang=it")
    wait_for_worker(page)
    page.locator(f'[data-offline-store="{game}"]').click()
    page.locator(f'[data-offline-state="{game}"]', has_text="leggibile offline").wait_for()


@pytest.fixture(scope="module")
def stored(browser, live_url):
    """One phone (a browser context) that stored Parsec; each test goes offline and back."""
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.set_default_timeout(20000)
    store(page, live_url, "parsec")
    yield context, page
    context.close()


@pytest.fixture()
def offline(stored):
    context, page = stored
    context.set_offline(True)
    yield page
    context.set_offline(False)


def test_install_criteria_manifest_worker_and_icon(browser, live_url):
    """Chromium's own installability check (incognito contexts always fail it: a profile is used)."""
    with tempfile.TemporaryDirectory() as profile:
        context = browser.browser_type.launch_persistent_context(
            profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True, **PHONE
        )
        try:
            page = context.new_page()
            page.goto(f"{live_url}/?lang=en")
            wait_for_worker(page)
            scope = page.evaluate("() => navigator.serviceWorker.ready.then((r) => r.scope)")
            assert scope == f"{live_url}/"
            cdp = context.new_cdp_session(page)
            manifest = cdp.send("Page.getAppManifest")
            assert manifest["errors"] == []
            assert json.loads(manifest["data"])["short_name"] == "Astrolabio"
            assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
            icon = page.request.get(f"{live_url}/static/img/icon.svg")
            assert icon.ok and icon.headers["content-type"].startswith("image/svg+xml")
        finally:
            context.close()


def test_manifest_names_the_app_in_the_reader_language(page, live_url):
    italian = page.request.get(f"{live_url}/manifest.json?lang=it").json()
    english = page.request.get(f"{live_url}/manifest.json?lang=en").json()
    assert (italian["lang"], english["lang"]) == ("it", "en")
    assert italian["name"] != english["name"] and "regole" in italian["name"] and "rules" in english["name"]
    page.goto(f"{live_url}/rules/ti4?lang=en")
    assert page.locator('link[rel="manifest"]').get_attribute("href").endswith("lang=en")


def test_the_worker_downloads_leave_the_reader_language_alone(browser, live_url):
    """The worker fetches the shell and a stored game's pages in both languages; each English page
    used to set the language cookie, so an Italian reader's next page came in English."""
    context = browser.new_context(**PHONE)
    try:
        page = context.new_page()
        page.set_default_timeout(20000)
        page.goto(f"{live_url}/")
        wait_for_worker(page)  # installed: every shell page fetched
        assert COOKIE not in {c["name"] for c in context.cookies()}
        page.goto(f"{live_url}/tools")
        assert page.locator("html").get_attribute("lang") == "it"
        store(page, live_url, "rftg")  # its pages in English too; ?lang=it chose Italian
        assert {c["name"]: c["value"] for c in context.cookies()}[COOKIE] == "it"
        page.goto(f"{live_url}/tools")
        assert page.locator("html").get_attribute("lang") == "it"
    finally:
        context.close()


def test_stored_game_reads_offline_in_both_languages(offline, live_url):
    page = offline
    page.goto(f"{live_url}/rules/parsec/modalita-di-vittoria?lang=it")
    assert page.locator("h1").inner_text().endswith("Modalità di vittoria")
    assert page.locator(".offline-banner").is_visible()  # it says the connection is gone
    # Related links and the language toggle work without the server.
    page.locator('.link-list a[href*="variante-a-tempo"]').first.click()
    assert "parsec/variante-a-tempo" in page.url and page.locator("article.section").is_visible()
    page.locator("a.lang-toggle").click()
    assert page.locator("html").get_attribute("lang") == "en"
    assert "English translation" in page.locator("article .notice").inner_text()
    # The contents and the glossary, in English (the reader's language now) and in Italian.
    page.goto(f"{live_url}/rules/parsec")
    assert page.locator("html").get_attribute("lang") == "en"
    assert page.locator("ol.toc a").count() > 5
    page.locator("ol.toc a").nth(1).click()
    assert page.locator("article.section .rule-body").first.inner_text().strip()
    page.goto(f"{live_url}/glossary/parsec")
    assert page.locator("table.glossary th").first.inner_text() == "English"
    assert page.locator("table.glossary tbody tr").count() > 20
    page.goto(f"{live_url}/glossary/parsec?lang=it")
    assert page.locator("table.glossary th").first.inner_text() == "Italiano"
    page.goto(f"{live_url}/rules/parsec?lang=it")  # back to Italian for the next tests
    assert page.locator("h2", has_text="Indice").count() == 1


def test_a_page_opened_online_is_kept_and_one_never_opened_is_not(stored, live_url):
    context, page = stored
    page.goto(f"{live_url}/rules/eclipse/ritirata?lang=it")  # a game not stored, opened once
    title = page.locator("h1").inner_text()
    context.set_offline(True)
    try:
        page.goto(f"{live_url}/rules/eclipse/ritirata?lang=it")
        assert page.locator("h1").inner_text() == title
        page.goto(f"{live_url}/rules/galaxy/combattimento?lang=it")
        assert page.locator("h1").inner_text() == "Lettura offline"
        assert page.locator("[data-offline-missing]").is_visible()
    finally:
        context.set_offline(False)


def test_offline_search_finds_a_section_without_accents(offline, live_url):
    page = offline
    # The header's search goes to /search, which needs the server: the offline page answers.
    page.goto(f"{live_url}/search?q=modalita+vittoria&lang=it")
    assert page.locator("#offline-search-note").is_visible()
    assert "connessione" in page.locator("#offline-search-note").inner_text()
    first = page.locator("#offline-results li a").first
    first.wait_for()
    assert first.inner_text() == "Modalità di vittoria"
    page.locator("#offline-q").fill("VITTÒRIA ECONOMICA")
    page.locator("#offline-search button[type=submit]").click()
    page.locator("#offline-results li a", has_text="VITTORIA ECONOMICA").first.wait_for()
    first.click()
    assert "parsec/vittoria-economica" in page.url
    page.goto(f"{live_url}/offline?lang=it")
    page.locator("#offline-q").fill("zzzqqq")
    page.locator("#offline-search button[type=submit]").click()
    page.locator("#offline-search-status", has_text="Nessuna").wait_for()


def test_offline_search_from_a_game_searches_that_game_and_widens_in_one_tap(browser, live_url):
    # Before: /search?game=rftg offline searched every kept game and said "this page is not kept".
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.set_default_timeout(20000)
    store(page, live_url, "parsec")
    store(page, live_url, "rftg")
    context.set_offline(True)
    page.goto(f"{live_url}/search?q=carte&game=rftg&lang=it")
    assert page.locator("[data-offline-search-missing]").is_visible()
    assert page.locator("[data-offline-missing]").is_hidden()
    page.locator("#offline-search-status", has_text="Sezioni trovate in Race for the Galaxy").wait_for()
    links = page.locator("#offline-results li a")
    hrefs = [links.nth(i).get_attribute("href") for i in range(links.count())]
    assert hrefs and all(h.startswith("/rules/rftg/") for h in hrefs), hrefs
    page.locator("#offline-widen").click()
    page.locator("#offline-search-status", has_text="Sezioni trovate nei giochi conservati").wait_for()
    hrefs = [links.nth(i).get_attribute("href") for i in range(links.count())]
    assert any(h.startswith("/rules/parsec/") for h in hrefs), hrefs
    assert page.locator("#offline-widen").is_hidden()
    assert page.evaluate("document.activeElement.id") == "offline-q"
    context.close()


def test_a_tool_page_offline_says_so_and_shows_its_last_results(stored, live_url):
    context, page = stored
    page.goto(f"{live_url}/tools/conquest/rftg?lang=en")
    page.locator("#rftg-form button[type=submit]").click()
    page.locator("#rftg-results").wait_for(state="visible")
    page.wait_for_function("() => Object.keys(localStorage).some((k) => k.includes('/tools/conquest/rftg'))")
    shown = page.locator("#rftg-results").inner_text()
    context.set_offline(True)
    try:
        page.reload()
        note = page.locator(".offline-tool")
        assert note.is_visible()
        assert "No connection" in note.locator("h2").inner_text()
        kept = note.locator("[data-offline-last]")
        assert kept.inner_text().split()[:6] == shown.split()[:6]
        assert kept.locator("button, input, [id]").count() == 0  # a static copy, no live controls
        page.goto(f"{live_url}/tools/combat/galaxy?lang=it")  # never computed here: nothing kept
        assert page.locator(".offline-tool [data-offline-none]").is_visible()
    finally:
        context.set_offline(False)


def test_a_checker_opened_offline_hides_its_kept_example_and_shows_its_last_verdict(stored, live_url):
    context, page = stored
    page.goto(f"{live_url}/retreat/ti4?lang=en")  # opens on its example's verdict, which nobody asked for
    page.wait_for_timeout(600)  # past the debounce that keeps a result
    assert not page.evaluate("() => Object.keys(localStorage).some((k) => k.includes('/retreat/ti4'))")
    page.get_by_role("button", name="Check the retreat").click()  # the player's own situation now
    verdict = page.locator("#result").inner_text()
    page.wait_for_function("() => Object.keys(localStorage).some((k) => k.includes('/retreat/ti4'))")
    context.set_offline(True)
    try:
        page.reload()
        assert page.locator("#result").is_hidden()  # the page's copy answers nothing asked now
        kept = page.locator(".offline-tool [data-offline-last]")
        assert kept.is_visible() and kept.inner_text().split()[:5] == verdict.split()[:5]
        assert page.locator(".offline-tool [data-offline-when]").is_visible()
    finally:
        context.set_offline(False)


def test_a_half_stored_game_is_not_called_kept_and_is_finished_once_back_online(stored, live_url):
    # The connection went while storing: the pages are there, not the pack that completes them.
    context, page = stored
    page.goto(f"{live_url}/offline?lang=en")
    wait_for_worker(page)
    context.set_offline(True)
    try:
        page.evaluate(
            """async () => { for (const name of await caches.keys()) {
                 await (await caches.open(name)).delete('/api/offline/parsec'); } }"""
        )
        page.reload()
        line = page.locator('[data-offline-state="parsec"]')
        line.filter(has_text="Only partly stored").wait_for()
        assert "Kept on this device" not in line.inner_text()
    finally:
        context.set_offline(False)
    # Back online, the page asks again and the worker finishes the game without a reload.
    page.locator('[data-offline-state="parsec"]', has_text="Kept on this device: readable offline").wait_for()
    assert page.evaluate("async () => !!(await caches.match('/api/offline/parsec'))")


def test_removing_a_game_leaves_the_keyboard_on_its_keep_button(browser, live_url):
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.set_default_timeout(20000)
    try:
        page.goto(f"{live_url}/offline?lang=en")
        wait_for_worker(page)
        page.locator('[data-offline-store="rftg"]').click()
        page.locator('[data-offline-state="rftg"]', has_text="Kept on this device: readable offline").wait_for()
        assert page.locator('[data-offline-store="rftg"]').is_hidden()  # kept whole: nothing to download again
        page.locator('[data-offline-remove="rftg"]').focus()
        page.keyboard.press("Enter")
        page.locator('[data-offline-state="rftg"]', has_text="Not kept").wait_for()
        assert page.evaluate("() => document.activeElement.dataset.offlineStore") == "rftg"
    finally:
        context.close()


def test_score_sheet_keeps_working_offline_and_sends_nothing_later(stored, live_url):
    context, page = stored
    page.goto(f"{live_url}/scoring/parsec?lang=it")
    page.locator("#sheet input[type=text]").first.wait_for()
    context.set_offline(True)
    try:
        page.reload()
        assert page.locator(".offline-tool").is_visible()
        page.locator("#sheet input[type=text]").first.fill("Zoe")
        page.reload()  # the sheet comes back from this device, with what was typed
        assert page.locator("#sheet input[type=text]").first.input_value() == "Zoe"
        page.wait_for_timeout(1000)  # the sheet's own first computation fails now, offline
        for name in page.evaluate(CACHE_NAMES_JS):
            urls = page.evaluate("(n) => caches.open(n).then((c) => c.keys()).then((ks) => ks.map((k) => k.url))", name)
            assert not [u for u in urls if "/api/" in u and "/api/offline/" not in u], name
    finally:
        sent = []
        context.on("request", lambda r: sent.append(r.url) if "/api/" in r.url else None)
        context.set_offline(False)
    # Back online, the open sheet asks once for its totals as it is now; nothing queued offline
    # (each keystroke) is replayed.
    page.locator("#total-row td").first.filter(has_text="0").wait_for()
    page.wait_for_timeout(1000)
    assert [u for u in sent if "/api/score/" in u] == [f"{live_url}/api/score/parsec?lang=it"], sent
    assert page.locator("#sheet-error").is_hidden()


@pytest.mark.parametrize(
    "path", ["/tools/conquest/rftg", "/scoring/parsec", "/rules/parsec", "/offline", "/search?q=vittoria"]
)
@pytest.mark.parametrize("lang", ["it", "en"])
def test_offline_states_pass_the_accessibility_audit(stored, live_url, path, lang):
    """What only shows offline (banner, tool notes, kept results, the offline page's search)."""
    context, page = stored
    sep = "&" if "?" in path else "?"
    if path.startswith("/tools/"):
        page.goto(f"{live_url}{path}{sep}lang={lang}")
        page.locator("#rftg-form button[type=submit]").click()
        page.locator("#rftg-results").wait_for(state="visible")
        page.wait_for_timeout(500)  # the results are kept after a short pause
    context.set_offline(True)
    try:
        page.goto(f"{live_url}{path}{sep}lang={lang}")
        page.locator(".offline-banner").wait_for()
        if path.startswith("/search"):
            page.locator("#offline-results li").first.wait_for()
        if path in ("/rules/parsec", "/offline"):  # the keep buttons, once the worker answers
            page.locator('[data-offline-state="parsec"]', has_text="offline").first.wait_for()
        result = page.evaluate(AUDIT_JS)
    finally:
        context.set_offline(False)
    problems = [
        f"{check}: {p}" for check in ("overflow", "names", "targets", "contrast", "landmarks") for p in result[check]
    ]
    assert result["lang"] == lang
    assert not problems, "\n".join(problems)


class Throttle:
    """WSGI middleware: answers 429 (Retry-After: 1) once to each path put in ``once``."""

    def __init__(self, app):
        self.app, self.once = app, set()

    def __call__(self, environ, start_response):
        if environ["PATH_INFO"] in self.once:
            self.once.discard(environ["PATH_INFO"])
            start_response("429 Too Many Requests", [("Retry-After", "1"), ("Content-Type", "text/plain")])
            return [b"slow down"]
        return self.app(environ, start_response)


@pytest.fixture(scope="module")
def second_server(app):
    """A second app on the same instance folder, whose rules digest a test changes."""
    other = create_app({"TESTING": True, "INSTANCE_PATH": app.instance_path, "SEARCH_ENCODER": None})
    throttle = Throttle(other)
    server = make_server("127.0.0.1", 0, throttle, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield other, throttle, f"http://127.0.0.1:{server.server_port}"
    server.shutdown()


def test_storing_waits_when_the_server_asks_to_slow_down(browser, second_server):
    _other, throttle, base = second_server
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.set_default_timeout(20000)
    try:
        throttle.once = {"/api/offline/rftg", "/rules/rftg/obiettivi"}
        store(page, base, "rftg")
        assert throttle.once == set()  # both were refused once, then fetched again
        context.set_offline(True)
        page.goto(f"{base}/rules/rftg/obiettivi?lang=it")
        assert page.locator("h1").inner_text().endswith("Obiettivi")
    finally:
        context.close()


def test_a_new_rules_digest_replaces_the_caches(browser, second_server):
    other, _throttle, base = second_server
    db = other.extensions["search"].current().db  # the rules the live index was built from
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.set_default_timeout(20000)
    try:
        store(page, base, "rftg")
        old = page.evaluate(CACHE_NAMES_JS)
        old_version = page.evaluate("() => JSON.parse(document.getElementById('offline-config').textContent).sw")
        section = db.sections["rftg/obiettivi"]
        db.sections[section.id] = dataclasses.replace(section, body_en=section.body_en + "\n\nA NEW RULE TEXT.")
        db.digest = "0" * 64  # what a rules edit does at the next start
        page.reload()  # online: the page registers the worker under the new version
        new_version = page.evaluate("() => JSON.parse(document.getElementById('offline-config').textContent).sw")
        assert new_version != old_version
        # The worker refills the stored game under the new version, then drops the old caches.
        wait_until(
            page,
            "(old) => caches.keys().then((names) => names.every((n) => !old.includes(n)"
            " || n.endsWith('settings')) && names.some((n) => n.endsWith('-pages')))",
            old,
        )
        assert page.evaluate("() => caches.match('/api/offline/rftg', {ignoreVary: true}).then((r) => !!r)")
        context.set_offline(True)
        page.goto(f"{base}/rules/rftg/obiettivi?lang=en")
        assert "A NEW RULE TEXT." in page.locator("article.section").inner_text()
    finally:
        context.close()
