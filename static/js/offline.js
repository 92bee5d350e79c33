/* Every page's side of offline reading: registers the service worker (sw.js), says when the
   connection is gone, keeps a tool's last results on this device and shows them offline, drives
   the "keep this game's rules" buttons, and searches the stored games on the offline page.
   All words come translated from the page (#offline-i18n and <template>s). */
(function () {
  "use strict";

  const A = window.Astrolabio;
  const config = A.readJson("offline-config");
  const sw = navigator.serviceWorker;
  const LAST_KEY = "astrolabio.offline.last:" + location.pathname + ":" + config.lang;
  const RESULTS = "main section[id$='result'], main section[id$='results']";
  const i18n = document.getElementById("offline-i18n") ? A.readJson("offline-i18n") : {};

  /* ---------- the worker ---------- */

  function send(message) {
    if (!sw) return;
    sw.ready.then((registration) => {
      const worker = sw.controller || registration.active;
      if (worker) worker.postMessage(message);
    });
  }

  let supported = null;  // null until the registration answers, then true or false

  if (sw) {
    // After the page's own loading: a first visit's install fetches the whole app shell.
    const register = () => sw.register(config.sw, { scope: "/" }).then(
      () => { supported = true; drawStates(); },
      () => { supported = !!sw.controller; drawStates(); }  // refused (private mode), or offline with an older page
    );
    if (document.readyState === "complete") register(); else window.addEventListener("load", register);
    sw.addEventListener("message", (event) => onWorkerMessage(event.data || {}));
    // A new version took over: ask again what is stored (it refills the stored games).
    sw.addEventListener("controllerchange", () => send({ type: "status" }));
    // Back online: ask again, so that a game left waiting or half stored is fetched now.
    window.addEventListener("online", () => send({ type: "status" }));
    send({ type: "hello", lang: config.lang });
    send({ type: "status" });
  } else {
    supported = false;
  }

  /* ---------- "you are offline" ---------- */

  function cloneTemplate(id) {
    const template = document.getElementById(id);
    return template ? template.content.firstElementChild.cloneNode(true) : null;
  }

  const banner = cloneTemplate("offline-banner");
  const toolNote = cloneTemplate("offline-tool-note");
  const main = document.getElementById("main");
  const heading = main && main.querySelector("h1");

  function showConnection() {
    const offline = !navigator.onLine;
    if (banner) {
      banner.hidden = !offline;
      if (!banner.isConnected && main) main.prepend(banner);
    }
    if (toolNote && heading) {
      if (!toolNote.isConnected) heading.after(toolNote);
      toolNote.hidden = !offline;
      if (offline && config.tool === "calculator") showLastResults();
    }
  }

  if (!navigator.onLine && config.tool === "calculator") {
    // Opened offline, the page is a kept copy: a result it shows (a checker's example) answers
    // nothing the reader asked now, so only the kept results below the note are shown.
    document.querySelectorAll(RESULTS).forEach((section) => { section.hidden = true; });
  }
  window.addEventListener("online", showConnection);
  window.addEventListener("offline", showConnection);
  showConnection();

  /* ---------- a calculator's last results, kept on this device ---------- */

  /* A static copy: no ids (they would clash with the live page), no controls, no scripts. */
  function inertCopy(section) {
    const copy = section.cloneNode(true);
    copy.querySelectorAll("script, button, input, select, textarea, form, template, [hidden]").forEach((n) => n.remove());
    [copy, ...copy.querySelectorAll("*")].forEach((n) => {
      ["id", "aria-labelledby", "aria-live", "tabindex"].forEach((name) => n.removeAttribute(name));
    });
    return copy;
  }

  function liveResults() {
    return Array.from(document.querySelectorAll(RESULTS))
      .filter((s) => !s.hidden && !s.closest(".offline-tool") && s.textContent.trim());
  }

  function keepResults() {
    const shown = liveResults();
    // A checker opened on its built-in example shows a verdict nobody asked for: not kept.
    if (!shown.length || !navigator.onLine || document.querySelector("form[data-example]")) return;
    const html = shown.map((s) => inertCopy(s).outerHTML).join("");
    try {
      localStorage.setItem(LAST_KEY, JSON.stringify({ at: Date.now(), html: html }));
    } catch (e) { /* storage full or refused: nothing kept */ }
  }

  function showLastResults() {
    const box = toolNote.querySelector("[data-offline-last]");
    let kept = null;
    try { kept = JSON.parse(localStorage.getItem(LAST_KEY) || "null"); } catch (e) { kept = null; }
    const when = toolNote.querySelector("[data-offline-when]");
    box.textContent = "";
    if (liveResults().length) kept = null;  // the page shows its own fresh results already
    toolNote.querySelector("[data-offline-none]").hidden = !!kept || liveResults().length > 0;
    when.hidden = !kept;
    if (!kept) return;
    when.textContent = A.fill(when.dataset.template, { when: new Date(kept.at).toLocaleString(config.lang) });
    // Our own markup, saved by this page from what it rendered; parsed inert, never run.
    const parsed = new DOMParser().parseFromString(kept.html, "text/html");
    Array.from(parsed.body.children).forEach((node) => box.append(document.importNode(node, true)));
  }

  if (config.tool === "calculator" && main) {
    let pending = null;
    new MutationObserver(() => {
      clearTimeout(pending);
      pending = setTimeout(keepResults, 300);
    }).observe(main, { subtree: true, childList: true, attributes: true, attributeFilter: ["hidden"], characterData: true });
    keepResults();  // a page that opens on its result (the retreat checkers' example)
  }

  /* ---------- "keep this game's rules" ---------- */

  const stateOf = {};  // game id -> { stored, complete, readable, progress, failed }
  let searchReady = null;  // the stored sections for the offline search, read once per status

  function describe(game) {
    const state = stateOf[game] || {};
    if (state.failed) return i18n.failed;
    if (state.progress) return A.fill(i18n.progress, state.progress);
    if (state.complete) return i18n.stored;
    if (state.stored && state.readable) return i18n.pending;
    if (state.stored) return i18n.partial;
    return i18n.not_stored;
  }

  function drawStates() {
    document.querySelectorAll("[data-offline-keep]").forEach((box) => { box.hidden = supported !== true; });
    document.querySelectorAll("[data-offline-unsupported]").forEach((note) => { note.hidden = supported !== false; });
    document.querySelectorAll("[data-offline-state]").forEach((line) => {
      line.textContent = describe(line.dataset.offlineState);
    });
    document.querySelectorAll("[data-offline-remove]").forEach((button) => {
      const state = stateOf[button.dataset.offlineRemove] || {};
      button.hidden = !state.stored;
    });
    // A game kept whole needs no second download: its Keep button goes (and "every game"'s when
    // all are kept); it comes back when the game is removed or a new version asks for a refill.
    const complete = (game) => !!(stateOf[game] || {}).complete;
    document.querySelectorAll("[data-offline-store]").forEach((button) => {
      const game = button.dataset.offlineStore;
      button.hidden = game === "all" ? allGames().every(complete) : complete(game);
    });
  }

  function allGames() {
    return Array.from(document.querySelectorAll("[data-offline-state]")).map((n) => n.dataset.offlineState)
      .filter((g) => g !== "all");
  }

  function onWorkerMessage(message) {
    if (message.type === "status") {
      const refill = [];
      // A game asked for and still waiting its turn is not in the worker's list yet: it stays.
      Object.keys(stateOf).forEach((g) => { if (!(g in message.games) && !stateOf[g].progress) delete stateOf[g]; });
      Object.entries(message.games).forEach(([game, info]) => {
        const state = stateOf[game] = Object.assign(stateOf[game] || {},
          { stored: true, complete: info.complete, readable: info.readable });
        if (!info.complete && !state.progress && !state.failed && navigator.onLine) refill.push(game);
      });
      // Stored, but not in this version yet (new rules or a new app): fetch them again.
      if (refill.length) send({ type: "store", games: refill });
      searchReady = null;
    } else if (message.type === "progress") {
      (stateOf[message.game] = stateOf[message.game] || {}).progress = { done: message.done, total: message.total };
    } else if (message.type === "stored" || message.type === "failed") {
      const state = stateOf[message.game] = stateOf[message.game] || {};
      delete state.progress;
      state.failed = message.type === "failed";
      state.complete = !state.failed;
      state.readable = state.complete || state.readable;
    }
    drawStates();
  }

  document.addEventListener("click", (event) => {
    const store = event.target.closest("[data-offline-store]");
    const remove = event.target.closest("[data-offline-remove]");
    if (store) {
      const games = store.dataset.offlineStore === "all" ? allGames() : [store.dataset.offlineStore];
      games.forEach((g) => { stateOf[g] = Object.assign(stateOf[g] || {}, { stored: true, failed: false, progress: { done: 0, total: "…" } }); });
      drawStates();
      send({ type: "store", games: games });
    } else if (remove) {
      const game = remove.dataset.offlineRemove;
      send({ type: "remove", games: [game] });
      // The button hides itself: the keyboard goes on from the game's Keep button, not from the page's top.
      delete stateOf[game];
      drawStates();
      const keep = document.querySelector(`[data-offline-store="${game}"]`);
      if (keep) keep.focus();
    }
  });
  drawStates();

  /* ---------- search over the stored games (the offline page) ---------- */

  const form = document.getElementById("offline-search");

  /* Lower case, accents and punctuation gone: "Ritirata", "ritirata" and "RITIRATA!" are one word. */
  function fold(text) {
    return " " + text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim() + " ";
  }

  function loadSections() {
    if (!searchReady) {
      const games = Object.keys(stateOf).filter((g) => stateOf[g].complete);
      searchReady = Promise.all(games.map((game) =>
        caches.match("/api/offline/" + game, { ignoreVary: true }).then((r) => (r ? r.json() : { sections: [] }))
      )).then((packs) => packs.flatMap((pack) => pack.sections.map((s) => {
        const title = (lang) => s.title[lang] || s.title.it;
        const body = (lang) => s.body[lang] || s.body.it;
        return {
          section: s,
          title: title(config.lang),
          body: body(config.lang),
          folded: ["it", "en"].map((lang) => ({ title: fold(title(lang)), body: fold(body(lang)), own: lang === config.lang })),
        };
      })));
    }
    return searchReady;
  }

  /* Every word must start a word of the title or text, in either language; titles weigh more, and
     the reader's language a little more. */
  function score(entry, words) {
    let best = 0;
    entry.folded.forEach((doc) => {
      let total = 0;
      for (const word of words) {
        const inTitle = doc.title.includes(" " + word);
        const inBody = doc.body.split(" " + word).length - 1;
        if (!inTitle && !inBody) return;
        total += (inTitle ? 10 : 0) + Math.min(inBody, 5);
      }
      best = Math.max(best, total + (doc.own ? 1 : 0));
    });
    return best;
  }

  function snippet(body, words) {
    const plain = body.replace(/[#*_>`|]+/g, " ").replace(/\s+/g, " ").trim();
    const folded = plain.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
    // NFD may lengthen the text: cut on the folded text only where lengths agree, else the start.
    const at = folded.length === plain.length ? Math.max(0, folded.indexOf(words[0]) - 60) : 0;
    return (at ? "…" : "") + plain.slice(at, at + 180) + (plain.length > at + 180 ? "…" : "");
  }

  /* The game a search started from a game's pages was for (/search?game=...), until widened. */
  let onlyGame = null;

  function runSearch(query) {
    const status = document.getElementById("offline-search-status");
    const list = document.getElementById("offline-results");
    const widen = document.getElementById("offline-widen");
    const words = fold(query).trim().split(" ").filter((w) => w.length > 1);
    list.textContent = "";
    if (widen) widen.hidden = true;
    if (!words.length) { status.textContent = ""; return; }
    loadSections().then((entries) => {
      if (!entries.length) { status.textContent = i18n.nothing_stored; return; }
      const game = onlyGame && gameNames[onlyGame];
      const found = entries.filter((e) => !game || e.section.game === onlyGame)
        .map((e) => [score(e, words), e]).filter(([s]) => s > 0)
        .sort((a, b) => b[0] - a[0]).slice(0, 30);
      if (game) {
        status.textContent = found.length ? A.fill(i18n.found_in, { n: found.length, game: game }) : A.fill(i18n.none_found_in, { game: game });
        if (widen) widen.hidden = false;
      } else {
        status.textContent = found.length ? A.fill(i18n.found, { n: found.length }) : i18n.none_found;
      }
      found.forEach(([, entry]) => {
        const s = entry.section;
        const link = document.createElement("a");
        link.href = s.url + "?lang=" + config.lang;
        link.textContent = (s.number && !entry.title.startsWith(s.number) ? s.number + " " : "") + entry.title;
        const where = document.createElement("p");
        where.className = "meta";
        where.textContent = snippet(entry.body, words);
        const item = document.createElement("li");
        item.append(link, where);
        list.append(item);
      });
    });
  }

  const gameNames = form ? JSON.parse(form.dataset.games || "{}") : {};

  if (form) {
    const input = form.querySelector("input[name=q]");
    const params = new URLSearchParams(location.search);
    // Opened in place of a page this device does not keep; for the full search, say what it needs.
    const instead = location.pathname === "/search" ? "[data-offline-search-missing]" : "[data-offline-missing]";
    const missing = document.querySelector(instead);
    if (missing) missing.hidden = location.pathname === form.dataset.page;
    if (Object.prototype.hasOwnProperty.call(gameNames, params.get("game"))) onlyGame = params.get("game");
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      runSearch(input.value);
    });
    const widen = document.getElementById("offline-widen");  // absent from a page cached before it
    if (widen) widen.addEventListener("click", () => {
      onlyGame = null;
      runSearch(input.value);
      input.focus();
    });
    // Opened in place of an unreachable /search?q=...: search the stored games for it.
    const asked = params.get("q");
    if (asked) {
      input.value = asked;
      if (sw) sw.ready.then(() => waitForStatus().then(() => runSearch(asked)));
    }
  }

  function waitForStatus() {
    return new Promise((resolve) => {
      const listener = (event) => {
        if ((event.data || {}).type !== "status") return;
        sw.removeEventListener("message", listener);
        resolve();
      };
      sw.addEventListener("message", listener);
      send({ type: "status" });
    });
  }
})();
