/* Astrolabio's service worker: the app shell and the stored rules, for the table without a signal.

   Registered by offline.js as /static/js/sw.js?v=<version>, the version being a digest of the rules
   and of the app (web/core/offline.py). Every cache is named after it, so a new version installs a new
   worker whose pages refill what the reader stored, after which the old caches go: nothing stays
   stale (and pages always come from the network first when there is one).

   - Pages: network first (their copy is refreshed on the way), the stored copy when the network
     fails or hangs, else the offline page. Pages are filed under their language, since the
     worker cannot read the lang cookie: the page tells it which language the reader uses.
   - Assets under /static/: from the shell cache, which the install filled.
   - /api/: always the network. Nothing is queued or replayed later: score sheets stay in the
     page's own storage, and a calculation sent offline simply fails and says so. */
"use strict";

const VERSION = new URL(self.location.href).searchParams.get("v") || "dev";
const PREFIX = "astrolabio-";
const SHELL = PREFIX + VERSION + "-shell";   // assets, tool pages, the offline page
const PAGES = PREFIX + VERSION + "-pages";   // stored games and every page the reader opened
const SETTINGS = PREFIX + "settings";        // kept across versions: stored games, language
const LANGS = ["it", "en"];
const SLOW_NETWORK_MS = 5000;  // a stored copy beats a network that has not answered by then
const PARALLEL = 4;            // pages fetched at once while storing a game
const RETRIES = 5;             // tries of one page when the server asks to slow down
const MATCH = { ignoreVary: true };  // pages vary on the cookie, which a worker never sees
/* Downloads the reader did not open (the shell, a stored game) carry no cookies either way: a page
   fetched in the other language would otherwise set the reader's language cookie to it. */
const UNASKED = { cache: "no-store", credentials: "omit" };

/* ---------- settings: which games the reader stored, which language they read ---------- */

async function readSetting(name, fallback) {
  const response = await (await caches.open(SETTINGS)).match("/offline-settings/" + name);
  return response ? response.json() : fallback;
}

async function writeSetting(name, value) {
  const body = new Response(JSON.stringify(value), { headers: { "Content-Type": "application/json" } });
  await (await caches.open(SETTINGS)).put("/offline-settings/" + name, body);
}

async function updateStoredGames(change) {
  const games = new Set(await readSetting("games", []));
  change(games);
  await writeSetting("games", Array.from(games));
}

/* ---------- cache keys: a page's path, "compare" if asked, and its language ---------- */

function pageKey(url, lang) {
  const u = new URL(url, self.location.origin);
  const compare = u.searchParams.get("compare") === "1" ? "compare=1&" : "";
  return u.origin + u.pathname + "?" + compare + "lang=" + lang;
}

/* Only plain pages are filed: a search, a shared score sheet or any other query is not a page to
   keep (a shared sheet still opens offline: its page is found under its path alone), nor a
   background computation's page, which refreshes itself until its answer is ready. */
function keepable(url) {
  const u = new URL(url);
  if (u.pathname.startsWith("/api/") || u.pathname === "/search") return false;
  if (u.pathname.startsWith("/tools/combat/eclipse/jobs/")) return false;
  return Array.from(u.searchParams.keys()).every((k) => k === "lang" || k === "compare");
}

/* ?lang= chooses, and is remembered (as the server's cookie would be); else the last choice. */
async function readerLang(url) {
  const asked = new URL(url).searchParams.get("lang");
  if (!LANGS.includes(asked)) return readSetting("lang", LANGS[0]);
  await writeSetting("lang", asked);
  return asked;
}

/* ---------- install, activate, update ---------- */

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const answer = await fetch("/api/offline", UNASKED);
    const { shell } = await answer.json();
    const cache = await caches.open(SHELL);
    await Promise.all(shell.map(async (url) => {
      const response = await fetch(url, UNASKED);
      if (!response.ok) throw new Error(url + ": " + response.status);
      const lang = new URL(url, self.location.origin).searchParams.get("lang");
      await cache.put(lang ? pageKey(url, lang) : url, response);
    }));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    await dropOldCaches();
    await self.clients.claim();
  })());
});

/* The old version's shell goes at once; its stored rules stay (read only offline) until every
   stored game is back in this version's cache: the pages ask for that refill as they load.
   Refilling here would hold every request of the open pages until it ended. */
async function dropOldCaches() {
  const { games } = await status();
  const complete = Object.values(games).every((g) => g.complete);
  const keep = [SHELL, PAGES, SETTINGS];
  const names = await caches.keys();
  const old = names.filter((n) => n.startsWith(PREFIX) && !keep.includes(n) && (complete || n.endsWith("-shell")));
  await Promise.all(old.map((n) => caches.delete(n)));
}

/* ---------- storing and removing a game ---------- */

/* A server that asks to slow down (429, 503) is waited for, as it says (Retry-After), a few times. */
async function fetchPolitely(url) {
  for (let attempt = 1; ; attempt++) {
    const response = await fetch(url, UNASKED);
    if (response.ok || ![429, 503].includes(response.status) || attempt === RETRIES) return response;
    const seconds = Number(response.headers.get("Retry-After")) || attempt * 2;
    await new Promise((resolve) => setTimeout(resolve, Math.min(seconds, 30) * 1000));
  }
}

async function storeGame(game, progress) {
  const answer = await fetchPolitely("/api/offline/" + encodeURIComponent(game));
  if (!answer.ok) throw new Error(game + ": " + answer.status);
  const pack = await answer.clone().json();
  const cache = await caches.open(PAGES);
  let done = 0;
  let next = 0;
  const worker = async () => {
    while (next < pack.pages.length) {
      const url = pack.pages[next++];
      const response = await fetchPolitely(url);
      if (!response.ok) throw new Error(url + ": " + response.status);
      await cache.put(pageKey(url, new URL(url, self.location.origin).searchParams.get("lang")), response);
      done += 1;
      if (done % 10 === 0 || done === pack.pages.length) progress(done, pack.pages.length);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  // The pack goes in last: its presence means the game is complete in this version.
  await cache.put("/api/offline/" + game, answer);
}

async function removeGame(game) {
  const cache = await caches.open(PAGES);
  const stored = await cache.match("/api/offline/" + game);
  if (stored) {
    const pack = await stored.json();
    await Promise.all(pack.pages.map((url) => {
      const lang = new URL(url, self.location.origin).searchParams.get("lang");
      return cache.delete(pageKey(url, lang));
    }));
    await cache.delete("/api/offline/" + game);
  }
  await updateStoredGames((games) => games.delete(game));
}

async function status() {
  const stored = await readSetting("games", []);
  const cache = await caches.open(PAGES);
  const games = {};
  for (const game of stored) {
    const complete = !!(await cache.match("/api/offline/" + game));
    // Readable: complete here, or whole in an older version's cache kept until the refill ends;
    // otherwise only part of it was stored (the connection went while storing).
    games[game] = { complete: complete, readable: complete || !!(await caches.match("/api/offline/" + game)) };
  }
  return { type: "status", version: VERSION, games: games };
}

const storing = new Set();  // games being stored now, so that two pages do not store one twice

self.addEventListener("message", (event) => {
  const data = event.data || {};
  const reply = (message) => event.source && event.source.postMessage(message);
  const work = (async () => {
    if (data.type === "hello" && LANGS.includes(data.lang)) {
      await writeSetting("lang", data.lang);
    } else if (data.type === "status") {
      reply(await status());
    } else if (data.type === "store") {
      for (const game of data.games || []) {
        if (storing.has(game)) continue;
        storing.add(game);
        await updateStoredGames((games) => games.add(game));
        try {
          await storeGame(game, (done, total) => reply({ type: "progress", game: game, done: done, total: total }));
          reply({ type: "stored", game: game });
        } catch (e) {
          reply({ type: "failed", game: game });
        } finally {
          storing.delete(game);
        }
      }
      await dropOldCaches();
      reply(await status());
    } else if (data.type === "remove") {
      for (const game of data.games || []) await removeGame(game);
      reply(await status());
    }
  })();
  event.waitUntil(work);
});

/* ---------- answering requests ---------- */

async function storedPage(url, lang) {
  const other = LANGS.filter((l) => l !== lang);
  for (const candidate of [lang, ...other]) {
    const found = await caches.match(pageKey(url, candidate), MATCH);
    if (found) return found;
  }
  return null;
}

async function offlinePage(lang) {
  return (await storedPage(self.location.origin + "/offline", lang)) ||
    new Response("Offline", { status: 503, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/* Resolves to the answer and to the filing of its copy, which may go on after the answer. */
async function page(request) {
  const lang = await readerLang(request.url);
  const network = fetch(request);
  network.catch(() => {});  // answered below; a late failure after a stored copy is no error
  const late = new Promise((resolve) => setTimeout(resolve, SLOW_NETWORK_MS, "late"));
  let response;
  try {
    response = await Promise.race([network, late]);
    if (response === "late") {
      const stored = await storedPage(request.url, lang);
      if (stored) return { response: stored };
      response = await network;
    }
  } catch (e) {
    return { response: (await storedPage(request.url, lang)) || (await offlinePage(lang)) };
  }
  if (!response.ok || response.type !== "basic" || !keepable(request.url)) return { response: response };
  const filed = pageKey(request.url, response.headers.get("Content-Language") || lang);
  const copy = response.clone();
  const filing = (async () => {
    const shell = await caches.open(SHELL);
    await ((await shell.match(filed, MATCH)) ? shell : await caches.open(PAGES)).put(filed, copy);
  })();
  return { response: response, filing: filing };
}

async function asset(request) {
  const found = await caches.match(request, MATCH);
  return found || fetch(request);
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  // Every form of the site is sent with GET (a retreat check is a page like any other).
  if (request.method !== "GET" || url.origin !== self.location.origin || url.pathname.startsWith("/api/")) return;
  if (url.pathname.startsWith("/static/")) event.respondWith(asset(request));
  else if (request.mode === "navigate") {
    const answer = page(request);
    event.respondWith(answer.then((a) => a.response));
    event.waitUntil(answer.then((a) => a.filing));
  }
});
