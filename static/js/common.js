/* Helpers every tool page shares, loaded (deferred) before the page's own script:
   reading a JSON data block, posting JSON to the API, packing a state into a share link,
   filling a translated "%(name)s" template, copying text, building elements, printing a
   probability, linking a cited rule and showing an error. One copy each, so a fix lands on
   every page and the same probability prints the same everywhere. Exposed as window.Astrolabio. */
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

  /* An element: el("li", { class: "x", href: url }, "text" or [nodes and strings]). Attributes
     that are null, undefined or false are left out; true writes an empty attribute. */
  function el(tag, attrs, content) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (key) {
      var value = attrs[key];
      if (value === null || value === undefined || value === false) { return; }
      node.setAttribute(key, value === true ? "" : value);
    });
    if (Array.isArray(content)) {
      content.forEach(function (child) { node.append(child); });
    } else if (content !== undefined && content !== null) {
      node.textContent = content;
    }
    return node;
  }

  /* A probability in the page's language with one decimal; a chance that is neither nil nor
     certain never prints as 0.0% or 100.0% but as "< 0.1%" or "> 99.9%". */
  var percentFormats = {};
  function percent(p) {
    var lang = document.documentElement.lang || "it";
    var format = percentFormats[lang] || (percentFormats[lang] = new Intl.NumberFormat(
      lang, { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 }));
    if (p > 0 && p < 0.0005) { return "< " + format.format(0.001); }
    if (p < 1 && p > 0.9995) { return "> " + format.format(0.999); }
    return format.format(p);
  }

  /* A link to a cited rule: citations are the API's {id: {url, label}} (or a page's own). */
  function ruleLink(id, citations) {
    var known = citations && citations[id];
    return el("a", { "class": "rule-link", href: known ? known.url : "/rules/" + id }, known ? known.label : id);
  }

  /* Show an error message in its box (role="alert"), or hide the box when there is none. */
  function showError(box, message) {
    box.textContent = message || "";
    box.hidden = !message;
  }

  window.Astrolabio = {
    el: el,
    percent: percent,
    ruleLink: ruleLink,
    showError: showError,
    readJson: readJson,
    postJson: postJson,
    encodeState: encodeState,
    decodeState: decodeState,
    fill: fill,
    copyText: copyText
  };
}());
