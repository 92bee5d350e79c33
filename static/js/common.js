/* Helpers every tool page shares, loaded (deferred) before the page's own script:
   reading a JSON data block, posting JSON to the API, packing a state into a share link,
   filling a translated "%(name)s" template and copying text. One copy each, so a fix lands
   on every page. Exposed as window.Astrolabio. */
(function () {
  "use strict";

  /* The parsed content of a <script type="application/json" id="..."> block (#i18n and friends). */
  function readJson(id) {
    return JSON.parse(document.getElementById(id).textContent);
  }

  /* POST a JSON body; resolves to { ok, data } with the decoded answer, error bodies included. */
  function postJson(url, body) {
    return fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Accept": "application/json" },
      body: JSON.stringify(body)
    }).then(function (response) {
      return response.json().then(function (data) { return { ok: response.ok, data: data }; });
    });
  }

  /* A JSON value as URL-safe base64 of its UTF-8 text (no padding), and back; decoding throws on
     a damaged link, so each page can fall back to its empty form. */
  function encodeState(value) {
    var bytes = new TextEncoder().encode(JSON.stringify(value));
    var bin = "";
    bytes.forEach(function (b) { bin += String.fromCharCode(b); });
    return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }

  function decodeState(text) {
    var bin = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    var bytes = Uint8Array.from(bin, function (c) { return c.charCodeAt(0); });
    return JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));  // damaged link: throws
  }

  /* A translated template with gettext-style placeholders: fill("%(n)s units", { n: 3 }). */
  function fill(template, values) {
    return template.replace(/%\((\w+)\)s/g, function (_, name) { return name in values ? values[name] : ""; });
  }

  /* Copy text to the clipboard; rejects where the browser offers no clipboard. */
  function copyText(text) {
    if (!navigator.clipboard || !navigator.clipboard.writeText) {
      return Promise.reject(new Error("no clipboard"));
    }
    return navigator.clipboard.writeText(text);
  }

  window.Astrolabio = {
    readJson: readJson,
    postJson: postJson,
    encodeState: encodeState,
    decodeState: decodeState,
    fill: fill,
    copyText: copyText
  };
}());
