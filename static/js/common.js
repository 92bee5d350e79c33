/* Helpers every tool page shares, loaded (deferred) before the page's own script:
   reading a JSON data block, posting JSON to the API, packing a state into a share link,
   filling a translated "%(name)s" template, copying text, building elements, printing a
   probability, linking a cited rule, showing an error (the field at fault marked, its path in
   words), marking a result outdated. One copy each, so a fix lands on every page and the same
   probability prints the same everywhere. Exposed as window.Astrolabio. */
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

  /* Show an error message in its box (role="alert"), or hide the box when there is none. The
     ``field`` at fault, when known, is marked aria-invalid and described by the box, so a screen
     reader on that field reads what is wrong; the next message from the box unmarks it. */
  function showError(box, message, field) {
    box.textContent = message || "";
    box.hidden = !message;
    document.querySelectorAll('[aria-invalid][aria-describedby="' + box.id + '"]').forEach(function (node) {
      node.removeAttribute("aria-invalid");
      node.removeAttribute("aria-describedby");
    });
    if (message && field) {
      field.setAttribute("aria-invalid", "true");
      field.setAttribute("aria-describedby", box.id);
    }
  }

  /* ``message`` with the field path it names (``path``, as the API sent it, e.g. "factions" or
     "attackers[0].distance") told in ``words``, at the place the API says it writes it (``at``,
     its error's ``field_at``): the path's words may recur in the sentence ("factions: at most 4
     player factions", "The world's defense must be…" for the field ``defense``); null when the
     message does not name the field. */
  function pathInWords(message, path, words, at) {
    if (!path || typeof at !== "number" || message.substr(at, path.length) !== path) { return null; }
    return message.slice(0, at) + words + message.slice(at + path.length);
  }

  /* A result computed on the button stays on screen after the form changes (the reader may want
     to compare), but marked outdated: dimmed, under ``notice`` (the page's translated sentence),
     until it is current again. */
  function markOutdated(box, outdated, notice) {
    var note = box.querySelector(".outdated-note");
    if (!note) {
      note = el("p", { "class": "notice outdated-note" }, notice);
      box.prepend(note);
    }
    note.hidden = !outdated;
    box.classList.toggle("outdated", !!outdated);
  }

  /* Call ``handler`` after every edit of ``form``: typing, a choice, a tick, or a button that is not
     the submit button (a stepper, adding or removing a row). */
  function onEdit(form, handler) {
    form.addEventListener("input", handler);
    form.addEventListener("change", handler);
    form.addEventListener("click", function (event) {
      var button = event.target.closest("button");
      if (button && button.type !== "submit") { handler(event); }
    });
  }

  /* The page's address carrying ``params`` ({name: text, or a list of texts for a repeated
     parameter}) and nothing else: no ``lang``, so a shared link opens in its recipient's
     language and sets no cookie for them. */
  function stateUrl(params) {
    var query = new URLSearchParams();
    Object.keys(params).forEach(function (name) {
      [].concat(params[name]).forEach(function (value) { query.append(name, value); });
    });
    var text = query.toString();
    return location.origin + location.pathname + (text ? "?" + text : "");
  }

  /* A page hands over functions returning its state as URL parameters (one per form); after
     every edit the address bar is rewritten with them, so a reload, the language toggle (which
     starts from the current address) and a copied address all reopen the same battle or sheet. */
  var providers = [];
  function saveState() {
    if (!providers.length) { return; }
    var params = {};
    providers.forEach(function (provider) { Object.assign(params, provider()); });
    history.replaceState(history.state, "", stateUrl(params));
  }
  function keepState(provider) {
    if (!providers.length) {
      // On the document, so it runs after the page's own handlers (on the form or the fields)
      // have updated their state, and at once: a reload right after an edit keeps the edit.
      ["input", "change", "click"].forEach(function (type) { document.addEventListener(type, saveState); });
    }
    providers.push(provider);
    saveState();
  }

  /* Share an address: the phone's share sheet where there is one, else the clipboard. Resolves
     to "shared" or "copied"; rejects when neither worked (a cancelled share sheet is not a
     failure and resolves to "cancelled"). */
  function share(url, title) {
    if (navigator.share) {
      return navigator.share({ url: url, title: title || document.title }).then(function () { return "shared"; },
        function (error) {
          if (error && error.name === "AbortError") { return "cancelled"; }
          return copyText(url).then(function () { return "copied"; });
        });
    }
    return copyText(url).then(function () { return "copied"; });
  }

  /* A count in words through the page's gettext plural forms: ``forms`` is {one, other, ...}
     as the server translated them (keys are Intl.PluralRules categories), each holding %(n)s. */
  var pluralRules = {};
  function plural(forms, n, values) {
    var lang = document.documentElement.lang || "it";
    var rules = pluralRules[lang] || (pluralRules[lang] = new Intl.PluralRules(lang));
    var template = typeof forms === "string" ? forms : forms[rules.select(n)] || forms.other;
    return fill(template, Object.assign({ n: n }, values || {}));
  }

  /* Run ``run`` a moment after the reader stops editing ``form`` (typing, a stepper, a tick), so
     the answer follows the form without a button at the bottom. ``run`` gets a ticket; an answer
     is still current while ``current(ticket)`` holds, so a slow older answer never overwrites a
     newer one. */
  function live(form, run, delay) {
    var timer = null, latest = 0;
    function soon() {
      clearTimeout(timer);
      timer = setTimeout(function () { latest += 1; run(latest); }, delay === undefined ? 350 : delay);
    }
    onEdit(form, function () { soon(); });  // the submit button runs at once
    return { soon: soon, current: function (ticket) { return ticket === latest; } };
  }

  /* The address came with ?lang= (the toggle, an old link): the server has stored the choice in
     a cookie, so the address bar drops it and what the reader copies carries no language. */
  (function dropLangFromAddress() {
    var here = new URL(location.href);
    if (!here.searchParams.has("lang")) { return; }
    here.searchParams.delete("lang");
    history.replaceState(history.state, "", here.pathname + here.search + here.hash);
  }());

  /* The language toggle reopens the page as it is now (the state the page keeps in the address),
     not as it was first served. */
  document.addEventListener("click", function (event) {
    var toggle = event.target.closest && event.target.closest("a.lang-toggle");
    if (!toggle) { return; }
    saveState();
    var next = new URL(location.href);
    next.searchParams.set("lang", toggle.getAttribute("hreflang"));
    toggle.href = next.pathname + next.search + next.hash;
  }, true);

  window.Astrolabio = {
    el: el,
    percent: percent,
    ruleLink: ruleLink,
    showError: showError,
    pathInWords: pathInWords,
    markOutdated: markOutdated,
    onEdit: onEdit,
    readJson: readJson,
    postJson: postJson,
    encodeState: encodeState,
    decodeState: decodeState,
    fill: fill,
    copyText: copyText,
    stateUrl: stateUrl,
    keepState: keepState,
    share: share,
    plural: plural,
    live: live
  };
}());
