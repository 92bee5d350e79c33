// Retreat checkers: add and remove destination cards, copy the share link, keep the situation
// in the address, and paint the Parsec hex map into the form's text fields. The pages work
// without this script (the form is a plain GET form); the script only makes describing a
// situation quicker.
(function () {
  "use strict";

  var A = window.Astrolabio;
  var i18n = A.readJson("i18n");

  // --- cards (Eclipse hexes, TI4 systems) ----------------------------------------------
  var cards = document.getElementById("cards");
  var template = document.getElementById("card-template");
  var addButton = document.getElementById("add-card");

  function usedIndexes() {
    return Array.prototype.map.call(cards.querySelectorAll(".retreat-card"), function (card) {
      return Number(card.getAttribute("data-index"));
    });
  }

  function refreshAdd() {
    addButton.hidden = usedIndexes().length >= Number(cards.getAttribute("data-max"));
  }

  if (cards && template && addButton) {
    addButton.addEventListener("click", function () {
      var used = usedIndexes();
      var index = 0;
      while (used.indexOf(index) !== -1) { index += 1; }
      var html = template.innerHTML.replace(/__i__/g, String(index));
      cards.insertAdjacentHTML("beforeend", html);
      var added = cards.lastElementChild;
      refreshAdd();
      added.querySelector("input").focus();
    });
    cards.addEventListener("click", function (event) {
      var button = event.target.closest(".remove-card");
      if (!button) { return; }
      button.closest(".retreat-card").remove();
      refreshAdd();
      addButton.focus();
    });
    refreshAdd();
  }

  // --- share link ------------------------------------------------------------------------
  var copy = document.getElementById("copy-share");
  var shareInput = document.getElementById("share-url");
  var status = document.getElementById("copy-status");
  if (copy && shareInput && (navigator.clipboard || navigator.share)) {
    copy.hidden = false;
    copy.addEventListener("click", function () {
      A.share(shareInput.value).then(function (how) {
        status.textContent = how === "copied" ? i18n.copied : "";
      }, function () {
        shareInput.select();
        status.textContent = i18n.copy_failed;
      });
    });
  }

  // --- the situation in the address, the verdict it answered ------------------------------
  // The form's query is the situation (what "Check" submits), so after every edit the address
  // holds it: a reload or the language toggle reopens the page as it is, checked. The example a
  // page opens with stays out of the address until the reader changes it.
  var form = document.getElementById("retreat-form");
  var result = document.getElementById("result");
  function situation() {
    var params = {};
    new FormData(form).forEach(function (value, name) { (params[name] = params[name] || []).push(value); });
    return params;
  }
  var checked = JSON.stringify(situation());  // the verdict on the page answers the form as served
  var served = location.pathname + location.search;  // the address that verdict was checked at
  var edited = !form.hasAttribute("data-example");
  var share = document.querySelector(".card.share");  // its link reopens the checked situation
  A.onEdit(form, function () {
    var changed = JSON.stringify(situation()) !== checked;  // a brush alone is no edit
    edited = edited || changed;
    if (result) { A.markOutdated(result, changed, i18n.outdated); }
    if (share) { share.hidden = changed; }
  });
  A.keepState(function () { return edited ? situation() : {}; });
  form.addEventListener("submit", function () {
    // The address holds the edited situation: "Check" would then only move to #result on the
    // same document. Back as served, the check loads its verdict, and Back returns to the
    // situation checked before.
    history.replaceState(history.state, "", served);
  });

  // --- Parsec hex map --------------------------------------------------------------------
  var map = document.getElementById("hex-map");
  var brushes = document.getElementById("brushes");
  if (!map || !brushes) { return; }
  brushes.hidden = false;
  var fields = {
    att: document.getElementById("att"),
    blocked: document.getElementById("blocked"),
    pass: document.getElementById("pass"),
    to: document.getElementById("to")
  };
  var SYMBOLS = { fighter: "▲", cruiser: "◆", transport: "■", cargo: "●", blocked: "✕", pass: "⇢", to: "◎" };

  function tokens(field) {
    return field.value.split(/\s+/).filter(Boolean);
  }

  // Remove whatever the text fields hold on hex "q,r"; return the remaining tokens.
  function clearHex(key) {
    fields.att.value = tokens(fields.att).filter(function (t) {
      return t.split("@")[1] === undefined || t.split("@")[1].split("^")[0] !== key;
    }).join(" ");
    ["blocked", "pass"].forEach(function (name) {
      fields[name].value = tokens(fields[name]).filter(function (t) { return t !== key; }).join(" ");
    });
    if (fields.to.value.trim() === key) { fields.to.value = ""; }
  }

  function paint(cell) {
    var chosen = brushes.querySelector("input:checked");
    var brush = chosen.value;
    var key = cell.getAttribute("data-q") + "," + cell.getAttribute("data-r");
    clearHex(key);
    if (brush === "blocked" || brush === "pass") {
      fields[brush].value = tokens(fields[brush]).concat([key]).join(" ");
    } else if (brush === "to") {
      map.querySelectorAll(".destination").forEach(function (old) {
        old.classList.remove("destination");
        if (!old.classList.contains("painted")) { old.querySelector("text").textContent = ""; }
      });
      fields.to.value = key;
    } else if (brush !== "erase") {
      // the kind as the page's language types it ("caccia@1,0"): the server reads both languages
      fields.att.value = tokens(fields.att).concat([chosen.getAttribute("data-word") + "@" + key]).join(" ");
    }
    cell.setAttribute("class", "hex painted" + (brush === "to" ? " destination" : ""));
    cell.querySelector("text").textContent = SYMBOLS[brush] || "";
    var label = cell.getAttribute("aria-label").split(":")[0];
    var name = chosen.parentNode.textContent.trim();
    cell.setAttribute("aria-label", label + ": " + (brush === "erase" ? i18n.empty : name));
    cell.dispatchEvent(new Event("change", { bubbles: true }));  // the fields changed, as if typed
  }

  map.addEventListener("click", function (event) {
    var cell = event.target.closest(".hex[role=button]");
    if (cell) { paint(cell); }
  });
  map.addEventListener("keydown", function (event) {
    var cell = event.target.closest(".hex[role=button]");
    if (cell && (event.key === "Enter" || event.key === " ")) {
      event.preventDefault();
      paint(cell);
    }
  });
}());
