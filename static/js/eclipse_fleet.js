/* Eclipse fleet builder shared by the two-sided battle page and the many-faction hex page:
   ship groups with part pickers or explicit stats on a species' player board, live blueprint
   stats, the request body of a group, and the bar charts of results. Each page keeps its own state
   and passes the array of groups it is editing and their species (absent: the Terrans). Exposed as
   window.EclipseFleet. No inline scripts (CSP). */
(function () {
  "use strict";
  var A = window.Astrolabio;
  var T = A.readJson("i18n");
  var DATA = A.readJson("ec-data");
  var PARTS = {}, TYPES = {}, SPECIES = {};
  DATA.parts.forEach(function (p) { PARTS[p.id] = p; });
  DATA.types.forEach(function (t) { TYPES[t.id] = t; });
  DATA.species.forEach(function (s) { SPECIES[s.id] = s; });
  var PLAYER = ["interceptor", "cruiser", "dreadnought", "starbase"];
  var STATS = ["initiative", "hull", "computer", "shield", "ion", "plasma", "antimatter", "missiles"];
  var pct = A.percent;
  var el = A.el;
  var num = new Intl.NumberFormat(DATA.lang, { maximumFractionDigits: 2 });
  var uid = 0;

  function fmt(s, n) { return A.fill(s, { n: n }); }  // the templates' one placeholder: %(n)s
  function clampInt(v, lo, hi) {
    var n = parseInt(v, 10);
    if (isNaN(n)) { n = lo; }
    return Math.max(lo, Math.min(hi, n));
  }
  /* A number box as typed (null when empty or not a number): the API refuses a value out of range
     or not whole and the page names the box, where changing it here would compute another battle
     than the one on screen (0 interceptors computed as 1). */
  function typed(v) {
    var s = String(v).trim();
    return s === "" || isNaN(Number(s)) ? null : Number(s);
  }

  function validSpecies(id) { return SPECIES.hasOwnProperty(id); }
  /* A player type as a species' board prints it: slots, printed initiative/energy/computer, parts. */
  function board(type, species) { return SPECIES[validSpecies(species) ? species : "terran"].boards[type]; }

  function newGroup(type, species) {
    var b = TYPES[type].npc ? { initiative: 0, parts: [] } : board(type, species);
    var stats = { initiative: b.initiative, hull: 0, computer: 0, shield: 0, ion: 1, plasma: 0, antimatter: 0, missiles: 0 };
    return { type: type, count: 1, mode: "parts", parts: b.parts.slice(), stats: stats };
  }
  /* Picking a species fills every parts blueprint with that species' starting parts (its preset). */
  function withSpecies(ships, species) {
    ships.forEach(function (g) {
      if (!TYPES[g.type].npc && g.mode === "parts") { g.parts = board(g.type, species).parts.slice(); }
    });
    return ships;
  }
  /* The rulebook's NPC presets: two Ancient ships or the GCDS, alone in their fleet. */
  function preset(type) {
    var g = newGroup(type);
    g.count = type === "ancient" ? 2 : 1;
    return [g];
  }
  function isNpc(ships) { return ships.some(function (g) { return TYPES[g.type].npc; }); }
  /* Parts of a state as a share link carries them, checked before drawing (a damaged link starts
     afresh instead of breaking the page). */
  function validGroups(ships) {
    return Array.isArray(ships) && ships.every(function (g) {
      return g && TYPES.hasOwnProperty(g.type) && Array.isArray(g.parts) && g.stats && typeof g.stats === "object";
    });
  }
  function validTargeting(value) {
    return DATA.targetings.some(function (t) { return t.id === value; });
  }

  /* ----- live stats of a parts blueprint ----- */
  var CANNON_KINDS = { 1: "ion", 2: "plasma", 4: "antimatter" };  // damage per die -> the stats' cannon type
  function partStats(type, parts, species) {
    var b = board(type, species);
    var s = { initiative: b.initiative, hull: 0, computer: b.computer, shield: 0, use: 0, prod: b.energy, movement: 0,
              ion: 0, plasma: 0, antimatter: 0, missiles: 0, drive: false };
    parts.forEach(function (id) {
      var p = PARTS[id];
      if (!p) { return; }
      s.initiative += p.initiative; s.hull += p.hull; s.computer += p.computer; s.shield += p.shield;
      s.movement += p.movement;
      if (p.energy > 0) { s.prod += p.energy; } else { s.use -= p.energy; }
      if (p.cannon) { s[CANNON_KINDS[p.cannon]] += p.dice; }
      if (p.missile) { s.missiles += 1; }
      if (p.kind === "drive") { s.drive = true; }
    });
    return s;
  }
  /* The explicit stats a parts blueprint amounts to: switching a ship to "Stats" keeps the ship
     it was, to adjust one value, rather than starting from a bare hull. */
  var STATS = ["initiative", "hull", "computer", "shield", "ion", "plasma", "antimatter", "missiles"];
  function statsOf(type, parts, species) {
    var s = partStats(type, parts, species);
    var out = {};
    STATS.forEach(function (k) { out[k] = s[k]; });
    return out;
  }
  function liveText(g, species) {
    var t = TYPES[g.type];
    if (t.npc) {
      var n = t.stats;
      return [T.initiative + " " + n.initiative, T.hull + " " + n.hull, T.computer + " +" + n.computer,
              T.cannons + " " + n.cannons.ion].join(" · ");
    }
    if (g.mode === "stats") { return ""; }
    var s = partStats(g.type, g.parts, species);
    var bits = [T.initiative + " " + s.initiative, T.hull + " " + s.hull, T.computer + " +" + s.computer,
                // Shields take their value off each enemy roll: "−1", but no shield is just "0".
                T.shield + " " + (s.shield ? "−" + s.shield : "0"), T.energy + " " + s.use + "/" + s.prod];
    if (s.use > s.prod) { bits.push("⚠ " + T.over_budget); }
    if (t.movable && !s.drive) { bits.push("⚠ " + T.no_drive); }
    return bits.join(" · ");
  }

  /* ----- rendering the groups ----- */
  function labelled(labelText, control) {
    var id = "ec-f" + (++uid);
    control.id = id;
    var wrap = el("div", { "class": "field" });
    wrap.appendChild(el("label", { "for": id }, labelText));
    wrap.appendChild(control);
    return wrap;
  }
  function select(options, value, cls) {
    var s = el("select", { "class": cls });
    options.forEach(function (o) {
      var opt = el("option", { value: o[0] }, o[1]);
      if (o[0] === value) { opt.selected = true; }
      s.appendChild(opt);
    });
    return s;
  }
  function numberInput(value, min, max, cls) {
    return el("input", { type: "number", min: String(min), max: String(max), value: value === null ? "" : String(value),
                         inputmode: "numeric", "class": cls });
  }

  /* A species picker (whose player board) for a card the page draws itself (the hex page's factions). */
  function speciesField(value) {
    var species = DATA.species.map(function (s) { return [s.id, s.name]; });
    return labelled(T.species, select(species, validSpecies(value) ? value : "terran", "ec-species"));
  }

  /* A group's accessible name: its owner (a side or a faction), then its place. */
  function groupLabel(owner, index) { return owner + " · " + T.group + " " + (index + 1); }

  /* The types a side may field: only the side holding the hex (``defending``) has NPC ships or
     starbases, which cannot move and so never attack (rule eclipse/navi). */
  function fieldable(type, defending) { return defending || (!type.npc && type.movable); }

  /* Replace the content of ``box`` with one card per group on ``species``' boards, offering the
     types the side may field. */
  function renderGroups(box, ships, defending, owner, species) {
    // A blueprint the reader opened stays open when the cards are drawn again.
    var opened = Array.prototype.map.call(box.querySelectorAll(".ec-group"), function (card) {
      var fold = card.querySelector("details.ec-blueprint");
      return !!(fold && fold.open);
    });
    box.textContent = "";
    ships.forEach(function (g, index) {
      var t = TYPES[g.type];
      var card = el("div", { "class": "ec-group", "data-index": String(index),
                             role: "group", "aria-label": groupLabel(owner, index) });
      var types = DATA.types.filter(function (x) { return fieldable(x, defending) || x.id === g.type; })
        .map(function (x) { return [x.id, x.name]; });
      var head = el("div", { "class": "ec-row" });
      head.appendChild(labelled(T.type, select(types, g.type, "ec-type")));
      var count = numberInput(g.count, 1, t.limit, "ec-count");
      var countField = labelled(T.count, count);
      var stepper = el("div", { "class": "stepper" });
      stepper.appendChild(el("button", { type: "button", "class": "btn ec-dec", "aria-label": "−1" }, "−"));
      stepper.appendChild(count);
      stepper.appendChild(el("button", { type: "button", "class": "btn ec-inc", "aria-label": "+1" }, "+"));
      countField.appendChild(stepper);
      head.appendChild(countField);
      head.appendChild(el("button", { type: "button", "class": "btn ec-remove" }, T.remove));
      card.appendChild(head);
      if (!t.npc) {
        // The blueprint is folded: most battles use the ships as built, and the line under the
        // card already says what they do.
        var fold = el("details", { "class": "more ec-blueprint", open: !!opened[index] });
        fold.appendChild(el("summary", {}, T.edit_blueprint));
        fold.appendChild(labelled(T.blueprint, select([["parts", T.by_parts], ["stats", T.by_stats]], g.mode, "ec-mode")));
        if (g.mode === "parts") {
          var slots = el("div", { "class": "ec-slots" });
          var options = [["", T.empty_slot]].concat(DATA.parts.map(function (p) { return [p.id, p.name]; }));
          for (var i = 0, n = board(g.type, species).slots; i < n; i++) {
            var sel = select(options, g.parts[i] || "", "ec-part");
            sel.setAttribute("data-slot", String(i));
            slots.appendChild(labelled(fmt(T.slot, i + 1), sel));
          }
          fold.appendChild(slots);
        } else {
          var grid = el("div", { "class": "ec-stats" });
          STATS.forEach(function (k) {
            var lim = DATA.stat_limits[k];
            var input = numberInput(g.stats[k], lim[0], lim[1], "ec-stat");
            input.setAttribute("data-stat", k);
            var name = { ion: T.ion, plasma: T.plasma, antimatter: T.antimatter, missiles: T.missile_parts }[k] || T[k];
            grid.appendChild(labelled(name, input));
          });
          fold.appendChild(grid);
        }
        card.appendChild(fold);
      }
      card.appendChild(el("p", { "class": "meta ec-live", "aria-live": "polite" }, liveText(g, species)));
      box.appendChild(card);
    });
  }

  /* ----- reading a card back, and the events on it ----- */
  function readGroup(card, ships, species) {
    var g = ships[+card.getAttribute("data-index")];
    g.count = typed(card.querySelector(".ec-count").value);
    card.querySelectorAll(".ec-part").forEach(function (s) { g.parts[+s.getAttribute("data-slot")] = s.value; });
    if (!TYPES[g.type].npc) { g.parts = g.parts.slice(0, board(g.type, species).slots); }
    card.querySelectorAll(".ec-stat").forEach(function (i) {
      var k = i.getAttribute("data-stat");
      g.stats[k] = typed(i.value);
    });
    card.querySelector(".ec-live").textContent = liveText(g, species);
    return g;
  }
  /* A change inside a card; true when the groups must be drawn again (new type or blueprint mode). */
  function changed(target, card, ships, species) {
    var g = readGroup(card, ships, species);
    if (target.classList.contains("ec-type")) {
      ships[+card.getAttribute("data-index")] = newGroup(target.value, species);
      return true;
    }
    if (target.classList.contains("ec-mode")) {
      if (target.value === "stats" && g.mode === "parts" && !TYPES[g.type].npc) { g.stats = statsOf(g.type, g.parts, species); }
      g.mode = target.value;
      return true;
    }
    return false;
  }
  /* A button inside a card (−, +, remove); true when the groups must be drawn again. */
  function clicked(button, card, ships, species) {
    if (button.classList.contains("ec-inc") || button.classList.contains("ec-dec")) {
      var input = card.querySelector(".ec-count");
      var step = button.classList.contains("ec-inc") ? 1 : -1;  // a step lands inside the limits
      input.value = String(clampInt((parseInt(input.value, 10) || 0) + step, 1,
                                    TYPES[ships[+card.getAttribute("data-index")].type].limit));
      readGroup(card, ships, species);
      return false;
    }
    if (button.classList.contains("ec-remove")) {
      ships.splice(+card.getAttribute("data-index"), 1);
      return true;
    }
    return false;
  }
  /* Add a group of the first player type not yet in the fleet (one blueprint per type); false if none. */
  function addGroup(ships, species, defending) {
    var used = ships.map(function (g) { return g.type; });
    var free = PLAYER.filter(function (t) { return used.indexOf(t) < 0 && fieldable(TYPES[t], defending); });
    if (!free.length) { return false; }
    if (isNpc(ships)) { ships.length = 0; }  // NPC ships never fight beside a player's
    ships.push(newGroup(free[0], species));
    return true;
  }

  /* A group as the API reads it. */
  function groupJson(g) {
    if (TYPES[g.type].npc) { return { type: g.type, count: g.count }; }
    if (g.mode === "stats") {
      return { type: g.type, count: g.count, initiative: g.stats.initiative, hull: g.stats.hull,
               computer: g.stats.computer, shield: g.stats.shield, missiles: g.stats.missiles,
               cannons: { ion: g.stats.ion, plasma: g.stats.plasma, antimatter: g.stats.antimatter } };
    }
    return { type: g.type, count: g.count, parts: g.parts.filter(function (p) { return p; }) };
  }

  /* ----- results ----- */
  function bars(container, rows) {
    rows.forEach(function (r) {
      var row = el("div", { "class": "ec-bar-row" });
      row.appendChild(el("span", { "class": "ec-bar-label" }, r[0]));
      var track = el("span", { "class": "ec-bar-track", "aria-hidden": "true" });
      var bar = el("span", { "class": "bar" });
      bar.style.width = (100 * r[1]).toFixed(1) + "%";
      track.appendChild(bar);
      row.appendChild(track);
      row.appendChild(el("span", { "class": "ec-bar-value" }, pct(r[1])));
      container.appendChild(row);
    });
  }
  /* The "why" lines (each linking its rule) and the list of rules applied. */
  function reasonsAndRules(res, reasonsList, rulesList) {
    reasonsList.textContent = "";
    res.reasons.forEach(function (r) {
      reasonsList.appendChild(el("li", {}, [r.message + " (", A.ruleLink(r.rule, res.citations), ")"]));
    });
    rulesList.textContent = "";
    res.rules.forEach(function (id) { rulesList.appendChild(el("li", {}, [A.ruleLink(id, res.citations)])); });
  }
  /* Where a refused value sits, in words: "Attacker · Interceptor · Hull" for the API's
     attacker.ships[0].hull. ``owner(key, index)`` gives the side or faction the path starts with
     as {name, ships}, or null when the page cannot name it (the path then stays as sent). */
  var FIELD_WORDS = { parts: T.by_parts, count: T.count, type: T.type, missiles: T.missile_parts,
                      targeting: T.targeting, retreat: T.retreat, cannons: T.cannons };
  function placeOf(field, owner) {
    var m = /^(\w+)(?:\[(\d+)\])?(?:\.ships\[(\d+)\])?(?:\.(\w+))?/.exec(field || "");
    var o = m && owner(m[1], m[2] === undefined ? null : Number(m[2]));
    if (!o) { return null; }
    var words = [o.name];
    var g = m[3] === undefined ? null : o.ships[Number(m[3])];
    if (g && TYPES[g.type]) { words.push(TYPES[g.type].name); }
    var what = m[4] && (FIELD_WORDS[m[4]] || (STATS.indexOf(m[4]) >= 0 ? T[m[4]] : null));
    if (what) { words.push(what); }
    return words.join(" · ");
  }
  /* A refusal as the reader meets it: its field path in words, then the rule it rests on as a
     link labelled with the rule's number and title. */
  function showRefusal(box, error, owner) {
    var place = owner && error.field ? placeOf(error.field, owner) : null;
    var text = (place && A.pathInWords(error.message, error.field, place, error.field_at)) || error.message;
    box.textContent = "";
    box.appendChild(document.createTextNode(text));
    if (error.rule) {
      box.appendChild(document.createTextNode(" ("));  // as the reasons cite theirs
      box.appendChild(A.ruleLink(error.rule, error.citations));
      box.appendChild(document.createTextNode(")"));
    }
    box.hidden = false;
  }
  function refused(error) {
    var e = new Error(error.message);
    e.refusal = error;
    return e;
  }

  /* POST ``body``, showing seconds elapsed in ``progress`` while it runs; ``done`` gets the answer
     unless ``stale()`` says a newer request has been made since (live recomputation). A refusal
     names its place with ``owner`` (see placeOf). */
  function run(url, body, button, progress, errorBox, done, stale, owner) {
    A.showError(errorBox, "");
    var started = Date.now();
    var timer = setInterval(function () {
      progress.hidden = false;
      progress.textContent = T.computing + " " + fmt(T.seconds, Math.round((Date.now() - started) / 1000));
    }, 300);
    button.disabled = true;
    A.postJson(url, body).then(function (r) {
      if (stale && stale()) { return; }
      if (!r.ok && r.data.error && r.data.error.code === "battle_needs_background" &&
          url.indexOf("/api/combat/eclipse?") === 0) {
        /* Too large to answer at once: the button queues it and opens its page, which shows the
           progress; a live update never leaves the page, it says so instead. */
        if (stale) { throw refused(r.data.error); }
        return A.postJson(url.replace("/api/combat/eclipse", "/api/combat/eclipse/jobs"), body).then(function (j) {
          if (!j.ok) { throw j.data.error ? refused(j.data.error) : new Error(T.error); }
          location.href = j.data.page + "?lang=" + DATA.lang;
        });
      }
      if (!r.ok) { throw r.data.error ? refused(r.data.error) : new Error(T.error); }
      done(r.data);
    }).catch(function (e) {
      if (e.refusal) { showRefusal(errorBox, e.refusal, owner); } else { A.showError(errorBox, e.message || T.error); }
    }).then(function () {
      clearInterval(timer);
      progress.hidden = true;
      button.disabled = false;
    });
  }

  /* A copy of the state being computed: the answer and its share link describe it, even if the
     form changes while the server works. */
  function snapshot(state) { return JSON.parse(JSON.stringify(state)); }
  /* The page's address for ``state`` (no language: it opens in the recipient's): opening it
     recomputes the same thing. */
  function shareUrl(state) {
    return A.stateUrl({ s: A.encodeState(state) });
  }
  /* The share button ``prefix``-share (the phone's share sheet, else the clipboard), which also
     refreshes the ``prefix``-share-link. */
  function shareButton(prefix, progress, currentState) {
    document.getElementById(prefix + "-share").addEventListener("click", function () {
      var url = shareUrl(currentState());
      document.getElementById(prefix + "-share-link").href = url;
      A.share(url).then(function (how) {
        if (how === "copied") { progress.hidden = false; progress.textContent = T.copied; }
      }, function () {});
    });
  }
  /* The state a share link carries, or null (no link, or a damaged one that ``valid`` rejects). */
  function sharedState(valid) {
    var text = new URLSearchParams(location.search).get("s");
    if (!text) { return null; }
    try {
      var state = A.decodeState(text);
      return valid(state) ? state : null;
    } catch (e) { return null; }
  }

  window.EclipseFleet = {
    T: T, DATA: DATA, TYPES: TYPES, pct: pct, num: num, el: el, fmt: fmt, typed: typed,
    newGroup: newGroup, withSpecies: withSpecies, validSpecies: validSpecies, speciesField: speciesField, preset: preset, groupLabel: groupLabel, isNpc: isNpc, validGroups: validGroups, validTargeting: validTargeting, renderGroups: renderGroups, readGroup: readGroup,
    changed: changed, clicked: clicked, addGroup: addGroup, groupJson: groupJson, bars: bars,
    reasonsAndRules: reasonsAndRules, run: run, snapshot: snapshot, shareUrl: shareUrl, shareButton: shareButton, sharedState: sharedState
  };
}());
