"""A real server and a real browser: Playwright driving Debian's headless Chromium.

The app runs in a thread on a free loopback port; each test gets a fresh page at 360 px wide
(the narrowest phone we support), so every browser test is also a phone-layout test.
"""

from __future__ import annotations

import os
import shutil
import threading

import pytest
from werkzeug.serving import make_server

CHROMIUM = os.environ.get("ASTROLABIO_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/browser/" in str(item.fspath).replace(os.sep, "/"):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def live_url(app):
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()


@pytest.fixture(scope="session")
def browser():
    if not shutil.which(CHROMIUM):
        pytest.fail(f"Chromium not found at {CHROMIUM}: run .ci/run or install Debian's chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield launched
        launched.close()


@pytest.fixture()
def page(browser):
    # Without the offline service worker: each test talks to the server itself, and no fresh
    # context spends its first seconds caching the app shell (test_offline_browser.py has its own).
    context = browser.new_context(viewport={"width": 360, "height": 740}, locale="it-IT", service_workers="block")
    opened = context.new_page()
    opened.set_default_timeout(15000)
    yield opened
    context.close()
