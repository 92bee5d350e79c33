"""Every page, in both languages, on a 360 px phone: the accessibility bar of the project brief.

One Chromium page is reused for the whole module. Each (page, language) is opened once and audited
by one script evaluated in the page (`AUDIT_JS`); the keyboard walk follows. The tests are
parametrized by page, language and check, so a failure names all three and lists the offending
elements. What each check means:

- overflow: the document is no wider than the 360 px viewport (a wide table scrolls inside its
  own wrapper, which is allowed: only the document's own scroll width is measured), and no text
  sticks out of its own block (a long word in a narrow column runs under its neighbours) unless
  it is inside a box that scrolls or clips.
- names: every visible input, select and textarea has an accessible name from a <label> (for= or
  wrapping), aria-label or aria-labelledby, and the name is not empty.
- targets: every visible button, [role=button], .btn, <summary> and checkbox/radio (measured by its
  label's box, which is what a finger taps; by its own box when the label is visually hidden) is
  at least 44 x 44 px. A link outside running text is
  at least 44 px high on every line box and 44 px wide. "Outside running text" is a precise rule:
  the link is inside <nav>, or its nearest block-level ancestor holds no letters or digits besides
  the link's own (text inside nested block-level children such as a sub-list does not count), as
  in `<li><a>..</a></li>`, `<h2><a>..</a></h2>` or a lone link in a paragraph. A link inside a
  sentence is exempt (WCAG 2.5.8's inline exception), and so is the skip link, which is off
  screen until it has the focus (the keyboard check sees it then).
- contrast: every visible element with its own text (and every form control showing a value or a
  placeholder) has a contrast ratio >= 4.5:1 between its colour and its effective background: the
  background colours of the element and its ancestors composited from the first opaque one up.
  The threshold is AA for normal text, applied to large text too. SVG text is not measured.
- landmarks: exactly one <h1>, and <html lang> is the language asked for with ?lang=.
- keyboard: Tab from the top reaches the skip link, then each control of the header; Enter on the
  skip link moves focus into <main>, and further Tabs reach the page's own first controls. Every
  element reached is visible in the viewport and shows a focus indicator (an outline of at least
  2 px whose colour has >= 3:1 contrast with the background, or a box-shadow).

- content: the page shows no Markdown table source (a line of pipes) and no "not translated yet"
  notice (every section has its English, a heading-only section included).

Closed <details> are opened before the audit, so that what they hold is measured too. Pages that
show a computed result are audited with the result on screen too: the retreat pages
open on their example; the JavaScript tools are run once (`ACTIONS`).
"""

from __future__ import annotations

import re

import pytest

pytestmark = pytest.mark.browser

GAMES = ("eclipse", "galaxy", "ti4", "parsec", "rftg")
LANGS = ("it", "en")
CHECKS = ("overflow", "names", "targets", "contrast", "landmarks", "keyboard", "console", "content")

# (id, path); the guard test below checks every GET page of app.url_map is here.
PAGES = [
    ("home", "/"),
    ("offline", "/offline"),
    ("tools", "/tools"),
    ("api-docs", "/api/docs"),
    *[(f"toc-{game}", f"/rules/{game}") for game in GAMES],
    ("section-ti4", "/rules/ti4/23"),
    ("section-ti4-heading-only", "/rules/ti4/16.8"),
    ("section-ti4-english-number", "/rules/ti4/rr/78.7"),
    ("section-eclipse-table", "/rules/eclipse/costruzione"),
    ("section-eclipse-compare", "/rules/eclipse/ritirata?compare=1"),
    ("not-found", "/rules/eclipse/no-such-section"),
    ("search", "/search"),
    ("search-results", "/search?q=ritirata"),
    ("glossary", "/glossary"),
    *[(f"glossary-{game}", f"/glossary/{game}") for game in GAMES],
    ("combat-ti4", "/tools/combat/ti4"),
    ("combat-ti4-result", "/tools/combat/ti4#run"),
    ("combat-eclipse", "/tools/combat/eclipse"),
    ("combat-eclipse-result", "/tools/combat/eclipse#run"),
    ("combat-eclipse-hex", "/tools/combat/eclipse/hex"),
    ("combat-eclipse-hex-result", "/tools/combat/eclipse/hex#run"),
    ("combat-galaxy", "/tools/combat/galaxy"),
    ("combat-galaxy-result", "/tools/combat/galaxy#run"),
    ("combat-parsec", "/tools/combat/parsec"),
    ("combat-parsec-result", "/tools/combat/parsec#run"),
    ("conquest-rftg", "/tools/conquest/rftg"),
    ("conquest-rftg-result", "/tools/conquest/rftg#run"),
    ("eclipse-job", "/tools/combat/eclipse/jobs/{job}"),  # a finished background computation
    ("retreat-eclipse", "/retreat/eclipse"),
    ("retreat-ti4", "/retreat/ti4"),
    ("retreat-parsec", "/retreat/parsec"),
    ("scoring", "/scoring"),
    *[(f"scoring-{game}", f"/scoring/{game}") for game in GAMES],
]


def _run_ti4(page):
    page.locator('.side[data-side="attacker"] [data-step="1"][data-for="attacker-dreadnought"]').click()
    page.locator('.side[data-side="defender"] [data-step="1"][data-for="defender-destroyer"]').click()
    page.locator('.side[data-side="attacker"] [data-step="1"][data-for="attacker-flagship"]').click()  # its sheet opens
    page.locator("#calculate").click()
    page.locator("#ti4-result").wait_for(state="visible")


def _run_eclipse(page):
    page.locator("#ec-attacker .ec-add").click()
    page.locator("#ec-defender .ec-preset[data-preset='ancient']").click()
    page.locator("#ec-compute").click()
    page.locator("#ec-results").wait_for(state="visible")


def _run_eclipse_hex(page):
    page.locator("#hx-add").click()
    page.locator("#hx-compute").click()
    page.locator("#hx-results").wait_for(state="visible")


def _run_galaxy(page):
    page.locator("#galaxy-attack button[type=submit]").click()
    page.locator("#galaxy-attack-results").wait_for(state="visible")
    page.locator("#galaxy-opportunities button[type=submit]").click()
    page.locator("#galaxy-opportunities-results").wait_for(state="visible")


def _run_parsec(page):
    page.locator(".add-attacker").click()
    page.locator("#parsec-form button[type=submit]").click()
    page.locator("#parsec-results").wait_for(state="visible")


def _run_rftg(page):
    page.locator("#rftg-form button[type=submit]").click()
    page.locator("#rftg-results").wait_for(state="visible")


ACTIONS = {
    "combat-ti4-result": _run_ti4,
    "combat-eclipse-result": _run_eclipse,
    "combat-eclipse-hex-result": _run_eclipse_hex,
    "combat-galaxy-result": _run_galaxy,
    "combat-parsec-result": _run_parsec,
    "conquest-rftg-result": _run_rftg,
}

AUDIT_JS = r"""
() => {
  const out = {overflow: [], names: [], targets: [], contrast: [], landmarks: []};
  // Closed <details> are opened, so that what they hold is audited too.
  for (const d of document.querySelectorAll("details")) d.open = true;
  const VW = document.documentElement.clientWidth;

  const describe = (el) => {
    let s = el.tagName.toLowerCase();
    if (el.id) s += "#" + el.id;
    const cls = (el.getAttribute("class") || "").trim().split(/\s+/).filter(Boolean).slice(0, 3);
    if (cls.length) s += "." + cls.join(".");
    const text = (el.innerText || el.value || el.getAttribute("aria-label") || "").trim().replace(/\s+/g, " ");
    return text ? `${s} "${text.slice(0, 40)}"` : s;
  };
  const visible = (el) => el.getClientRects().length > 0 &&
    el.checkVisibility({visibilityProperty: true, contentVisibilityAuto: true});
  const parse = (c) => {
    const m = c.match(/rgba?\(([^)]+)\)/);
    if (!m) return null;
    const p = m[1].split(/[\s,/]+/).filter(Boolean).map(Number);
    return {r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1};
  };
  const over = (top, below) => ({
    r: top.r * top.a + below.r * (1 - top.a),
    g: top.g * top.a + below.g * (1 - top.a),
    b: top.b * top.a + below.b * (1 - top.a), a: 1});
  const background = (el) => {
    // Colours from the element up to the first opaque one, composited bottom-up.
    const layers = [];
    for (let e = el; e; e = e.parentElement) {
      const c = parse(getComputedStyle(e).backgroundColor);
      if (c && c.a > 0) { layers.push(c); if (c.a >= 1) break; }
    }
    let bg = {r: 255, g: 255, b: 255, a: 1};  // the canvas, were nothing opaque
    for (let i = layers.length - 1; i >= 0; i--) bg = over(layers[i], bg);
    return bg;
  };
  const lum = (c) => {
    const ch = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * ch(c.r) + 0.7152 * ch(c.g) + 0.0722 * ch(c.b);
  };
  const ratio = (fg, bg) => {
    const a = lum(fg.a < 1 ? over(fg, bg) : fg), b = lum(bg);
    return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  };

  // (a) overflow: name the elements that stick out of the viewport, outside any scroller.
  if (document.documentElement.scrollWidth > VW) {
    out.overflow.push(`document is ${document.documentElement.scrollWidth}px wide for a ${VW}px viewport`);
    for (const el of document.body.querySelectorAll("*")) {
      if (!visible(el)) continue;
      const r = el.getBoundingClientRect();
      if (r.right <= VW + 0.5) continue;
      let clipped = false;
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const ox = getComputedStyle(p).overflowX;
        if (ox !== "visible") { clipped = true; break; }
      }
      if (!clipped) out.overflow.push(`${describe(el)} reaches ${Math.round(r.right)}px`);
      if (out.overflow.length > 8) break;
    }
  }
  // Text must not stick out of its own block either (a long word in a narrow column), where it
  // widens the page or runs under its neighbours. Scrolling and clipping boxes are exempt.
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n && out.overflow.length <= 12; n = walker.nextNode()) {
    if (!n.textContent.trim() || !visible(n.parentElement) || n.parentElement.closest("svg, option, select")) continue;
    let block = n.parentElement;
    while (block !== document.body && getComputedStyle(block).display.startsWith("inline") && getComputedStyle(block).display !== "inline-block" && getComputedStyle(block).display !== "inline-flex") block = block.parentElement;
    let scroller = false;
    for (let e = n.parentElement; e && e !== document.body; e = e.parentElement)
      if (getComputedStyle(e).overflowX !== "visible") { scroller = true; break; }
    if (scroller) continue;
    const range = document.createRange();
    range.selectNodeContents(n);
    const right = Math.max(-Infinity, ...Array.from(range.getClientRects()).map((b) => b.right));
    const limit = block.getBoundingClientRect().right;
    if (right > limit + 1) out.overflow.push(`text "${n.textContent.trim().slice(0, 30)}" in ${describe(block)} reaches ${right.toFixed(1)}px, its box ends at ${limit.toFixed(1)}px`);
  }

  // (b) accessible names of form controls.
  for (const el of document.querySelectorAll("input, select, textarea")) {
    if (el.type === "hidden" || !visible(el)) continue;
    const byLabel = Array.from(el.labels || []).map((l) => l.innerText.trim()).join(" ");
    const byAria = (el.getAttribute("aria-label") || "").trim();
    const ids = (el.getAttribute("aria-labelledby") || "").split(/\s+/).filter(Boolean);
    const byRef = ids.map((id) => { const t = document.getElementById(id); return t ? t.textContent.trim() : ""; }).join(" ").trim();
    if (!byLabel && !byAria && !byRef) out.names.push(`${describe(el)} name=${el.name || el.dataset.name || "?"} has no accessible name`);
  }

  // (c) tap targets.
  const small = (r, w, h) => r.width < w - 0.5 || r.height < h - 0.5;
  const size = (r) => `${Math.round(r.width)}x${Math.round(r.height)}`;
  const seen = new Set();
  const buttons = "button, input[type=button], input[type=submit], input[type=reset], [role=button], .btn, summary";
  for (const el of document.querySelectorAll(buttons)) {
    if (!visible(el) || el.closest("svg") && el.tagName.toLowerCase() !== "g") continue;
    seen.add(el);
    const r = el.getBoundingClientRect();
    if (small(r, 44, 44)) out.targets.push(`button ${describe(el)} is ${size(r)}`);
  }
  for (const el of document.querySelectorAll("input[type=checkbox], input[type=radio]")) {
    if (!visible(el)) continue;
    // A visually hidden label (1 px, clipped) is no target: then the box itself must be large.
    const shown = Array.from(el.labels || []).find((l) => { const b = l.getBoundingClientRect(); return b.width > 2 && b.height > 2; });
    const r = (shown || el).getBoundingClientRect();
    if (small(r, 44, 44)) out.targets.push(`${el.type} ${describe(shown || el)} (by its ${shown ? "label" : "own box"}) is ${size(r)}`);
  }
  const isInline = (e) => getComputedStyle(e).display.startsWith("inline") || getComputedStyle(e).display === "contents";
  const ownText = (block, link) => {
    // Letters and digits of block outside link and outside block-level descendants.
    let text = "";
    const walk = (node) => {
      for (const child of node.childNodes) {
        if (child === link) continue;
        if (child.nodeType === 3) text += child.textContent;
        else if (child.nodeType === 1 && isInline(child) && visible(child)) walk(child);
      }
    };
    walk(block);
    return /[\p{L}\p{N}]/u.test(text);
  };
  for (const a of document.querySelectorAll("a[href]")) {
    if (seen.has(a) || !visible(a) || a.classList.contains("skip-link")) continue;
    let block = a.parentElement;
    while (block && block !== document.body && isInline(block)) block = block.parentElement;
    const standalone = a.closest("nav") || !ownText(block, a);
    if (!standalone) continue;
    const lines = Array.from(a.getClientRects());
    const box = a.getBoundingClientRect();
    if (box.width < 43.5 || lines.some((r) => r.height < 43.5))
      out.targets.push(`link ${describe(a)} is ${lines.map(size).join(" + ")}`);
  }

  // (d) contrast of text.
  for (const el of document.body.querySelectorAll("*")) {
    if (!visible(el) || el.closest("svg")) continue;
    const tag = el.tagName.toLowerCase();
    if (tag === "script" || tag === "style" || tag === "template" || el.disabled) continue;
    const control = tag === "select" || tag === "textarea" || (tag === "input" && !["checkbox", "radio", "hidden"].includes(el.type));
    const hasText = control ? (el.value || "").trim() : Array.from(el.childNodes).some((n) => n.nodeType === 3 && n.textContent.trim());
    const bg = background(el);
    if (hasText) {
      const fg = parse(getComputedStyle(el).color);
      const r = ratio(fg, bg);
      if (r < 4.5) out.contrast.push(`${describe(el)}: ${r.toFixed(2)}:1 (${getComputedStyle(el).color} on rgb(${Math.round(bg.r)}, ${Math.round(bg.g)}, ${Math.round(bg.b)}))`);
    }
    if (control && el.placeholder) {
      const fg = parse(getComputedStyle(el, "::placeholder").color);
      const r = fg ? ratio(fg, bg) : 0;
      if (r < 4.5) out.contrast.push(`placeholder of ${describe(el)}: ${r.toFixed(2)}:1`);
    }
  }

  // (e) one h1, the right language.
  const h1 = document.querySelectorAll("h1").length;
  if (h1 !== 1) out.landmarks.push(`${h1} h1 elements`);
  out.lang = document.documentElement.lang;
  return out;
}
"""

FOCUS_JS = r"""
() => {
  const el = document.activeElement;
  if (!el || el === document.body || el === document.documentElement) return {ok: false, what: "nothing focused"};
  let what = el.tagName.toLowerCase() + (el.id ? "#" + el.id : "") + ((el.getAttribute("class") || "") ? "." + el.getAttribute("class").trim().split(/\s+/).join(".") : "");
  const text = (el.innerText || el.getAttribute("aria-label") || "").trim().replace(/\s+/g, " ").slice(0, 30);
  if (text) what += ` "${text}"`;
  const r = el.getBoundingClientRect();
  const inView = r.width > 0 && r.height > 0 && r.bottom > 0 && r.right > 0 && r.top < innerHeight && r.left < innerWidth;
  const st = getComputedStyle(el);
  const parse = (c) => { const m = c.match(/rgba?\(([^)]+)\)/); if (!m) return null;
    const p = m[1].split(/[\s,/]+/).filter(Boolean).map(Number); return {r: p[0], g: p[1], b: p[2]}; };
  const lum = (c) => { const ch = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * ch(c.r) + 0.7152 * ch(c.g) + 0.0722 * ch(c.b); };
  let bg = null;
  for (let e = el.parentElement; e && !bg; e = e.parentElement) {
    const c = parse(getComputedStyle(e).backgroundColor);
    if (c && !/rgba\([^)]*,\s*0\)/.test(getComputedStyle(e).backgroundColor)) bg = c;
  }
  bg = bg || {r: 255, g: 255, b: 255};
  const oc = parse(st.outlineColor);
  const contrast = oc ? (Math.max(lum(oc), lum(bg)) + 0.05) / (Math.min(lum(oc), lum(bg)) + 0.05) : 0;
  const outline = st.outlineStyle !== "none" && parseFloat(st.outlineWidth) >= 2 && contrast >= 3;
  const shadow = st.boxShadow && st.boxShadow !== "none";
  return {ok: inView && (outline || shadow), inView, outline: `${st.outlineStyle} ${st.outlineWidth} ${st.outlineColor} (${contrast.toFixed(1)}:1)`, shadow: st.boxShadow, what};
}
"""

# Focus the document element itself, so that the next Tab starts from the top of the page.
TO_TOP_JS = """() => { const root = document.documentElement; window.scrollTo(0, 0);
  root.setAttribute("tabindex", "-1"); root.focus(); root.removeAttribute("tabindex"); }"""
HEADER_STOPS = 5  # skip link, brand, Rules, Tools, language toggle
MAIN_STOPS = 5


def _keyboard(page) -> list[str]:
    problems = []
    page.evaluate(TO_TOP_JS)
    stops = []
    for n in range(HEADER_STOPS):
        page.keyboard.press("Tab")
        stops.append(page.evaluate(FOCUS_JS))
        if n == 0 and "skip-link" not in stops[0]["what"]:
            problems.append(f"the first Tab reaches {stops[0]['what']}, not the skip link")
    page.evaluate(TO_TOP_JS)
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    if page.evaluate("() => document.activeElement && document.activeElement.id") != "main":
        problems.append("Enter on the skip link does not move focus to <main>")
    for _ in range(MAIN_STOPS):
        page.keyboard.press("Tab")
        stop = page.evaluate(FOCUS_JS)
        if stop["what"] == "nothing focused":
            break  # past the last control: focus left the page, as it should
        stops.append(stop)
    for stop in stops:
        if not stop["ok"]:
            problems.append(
                f"focus on {stop['what']}: in view={stop.get('inView')}, outline {stop.get('outline')}, box-shadow {stop.get('shadow')}"
            )
    return problems


UNTRANSLATED_NOTICE = ("no English translation yet", "not translated yet")


def _content(page) -> list[str]:
    """What a reader should never see: Markdown table source (a row of pipes, a |---| rule)
    instead of a table, or a 'not translated' notice (every section has its English)."""
    text = page.evaluate("() => document.querySelector('main').innerText")
    problems = [
        f"raw table markup: {line.strip()[:60]!r}"
        for line in text.splitlines()
        if re.fullmatch(r"\s*\|.*\|\s*", line) or "|---" in line
    ]
    problems += [f"false notice: {notice!r}" for notice in UNTRANSLATED_NOTICE if notice in text]
    return problems


@pytest.fixture(scope="module")
def audits(app, browser, live_url):
    """Audit results by (page id, lang), each page opened once in one reused browser page."""
    battle = {
        "attacker": {"ships": [{"type": "interceptor", "count": 2}]},
        "defender": {"ships": [{"type": "cruiser", "count": 1}]},
    }
    job = app.test_client().post("/api/combat/eclipse/jobs", json=battle).get_json()  # solved at once in tests
    context = browser.new_context(viewport={"width": 360, "height": 740}, locale="it-IT")
    tab = context.new_page()
    tab.set_default_timeout(15000)
    cache: dict[tuple[str, str], dict] = {}
    errors: list[tuple[str, str]] = []  # (message, where): a failed asset, a script error
    tab.on("console", lambda m: errors.append((m.text, m.location.get("url", ""))) if m.type == "error" else None)
    tab.on("pageerror", lambda e: errors.append((str(e), "")))

    def audit(page_id: str, lang: str) -> dict:
        if (page_id, lang) not in cache:
            path = dict(PAGES)[page_id].split("#")[0].replace("{job}", job["id"])
            sep = "&" if "?" in path else "?"
            errors.clear()
            url = f"{live_url}{path}{sep}lang={lang}"
            response = tab.goto(url)
            tab.wait_for_load_state("load")
            if page_id in ACTIONS:
                ACTIONS[page_id](tab)
            result = tab.evaluate(AUDIT_JS)
            result["status"] = response.status
            # The not-found page's own 404 is expected; anything else is a broken page.
            result["console"] = [text for text, where in errors if not (response.status == 404 and where == url)]
            result["content"] = _content(tab)
            result["keyboard"] = _keyboard(tab)
            cache[(page_id, lang)] = result
        return cache[(page_id, lang)]

    yield audit
    context.close()


@pytest.mark.parametrize("check", CHECKS)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("page_id", [page_id for page_id, _ in PAGES])
def test_page_accessibility(audits, page_id, lang, check):
    result = audits(page_id, lang)
    expected_status = 404 if page_id == "not-found" else 200
    assert result["status"] == expected_status
    problems = list(result[check])
    if check == "landmarks" and result["lang"] != lang:
        problems.append(f'<html lang="{result["lang"]}">, asked for {lang}')
    assert not problems, f"{page_id} ({lang}), {check}:\n  " + "\n  ".join(problems)


def test_every_page_route_is_audited(app):
    """A new page (a GET route that renders HTML) must be added to PAGES."""
    audited = {re.sub(r"[?#].*", "", path) for _, path in PAGES}
    missing = []
    for rule in app.url_map.iter_rules():
        if (
            "GET" not in rule.methods
            or rule.endpoint == "static"
            or rule.rule.startswith("/api/")
            and rule.rule != "/api/docs"
        ):
            continue
        not_pages = ("health.health", "reference.rules_home")  # JSON; a redirect to the home page
        if rule.endpoint in not_pages or rule.rule.endswith(".json"):
            continue
        pattern = re.sub(r"<(?:[^:>]+:)?[^>]+>", "[^/]+(?:/[^/]+)*", rule.rule)
        if not any(re.fullmatch(pattern, path) for path in audited):
            missing.append(rule.rule)
    assert not missing, f"pages not audited: {missing}"
