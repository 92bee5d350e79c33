/* Eclipse combat odds: blueprint builder, share link and results. No inline scripts (CSP). */
(function () {
  "use strict";
  var A = window.Astrolabio;
  var T = A.readJson("i18n");
  var DATA = A.readJson("ec-data");
  var PARTS = {}, TYPES = {};
  DATA.parts.forEach(function (p) { PARTS[p.id] = p; });
  DATA.types.forEach(function (t) { TYPES[t.id] = t; });
  var PLAYER = ["interceptor", "cruiser", "dreadnought", "starbase"];
  var STATS = ["initiative", "hull", "computer", "shield", "ion", "plasma", "antimatter", "missiles"];
  var SIDES = ["attacker", "defender"];
  var pct = new Intl.NumberFormat(DATA.lang, { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 });
  var num = new Intl.NumberFormat(DATA.lang, { maximumFractionDigits: 2 });
  var uid = 0;

  function fmt(s, n) { return s.replace("{n}", n); }
  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    if (text !== undefined) { e.textContent = text; }
    return e;
  }

  function newGroup(type) {
    var t = TYPES[type];
    var stats = { initiative: t.initiative, hull: 0, computer: 0, shield: 0, ion: 1, plasma: 0, antimatter: 0, missiles: 0 };
    return { type: type, count: 1, mode: "parts", parts: t.default.slice(), stats: stats };
  }
  function defaultState() {
    return {
      attacker: { ships: [newGroup("interceptor")], targeting: "optimal", retreat: null },
      defender: { ships: [newGroup("interceptor")], targeting: "optimal", retreat: null }
    };
  }
  var state = defaultState();

  /* ----- live stats of a parts blueprint ----- */
  function partStats(type, parts) {
    var t = TYPES[type];
    var s = { initiative: t.initiative, hull: 0, computer: 0, shield: 0, use: 0, prod: t.energy, movement: 0,
              cannons: 0, missiles: 0, drive: false };
    parts.forEach(function (id) {
      var p = PARTS[id];
      if (!p) { return; }
      s.initiative += p.initiative; s.hull += p.hull; s.computer += p.computer; s.shield += p.shield;
      s.movement += p.movement;
      if (p.energy > 0) { s.prod += p.energy; } else { s.use -= p.energy; }
      if (p.cannon) { s.cannons += 1; }
      if (p.missile) { s.missiles += 1; }
      if (p.kind === "drive") { s.drive = true; }
    });
    return s;
  }
  function liveText(g) {
    var t = TYPES[g.type];
    if (t.npc) {
      var n = t.stats;
      return [T.initiative + " " + n.initiative, T.hull + " " + n.hull, T.computer + " +" + n.computer,
              T.cannons + " " + n.cannons.ion].join(" · ");
    }
    if (g.mode === "stats") { return ""; }
    var s = partStats(g.type, g.parts);
    var bits = [T.initiative + " " + s.initiative, T.hull + " " + s.hull, T.computer + " +" + s.computer,
                T.shield + " −" + s.shield, T.energy + " " + s.use + "/" + s.prod];
    if (s.use > s.prod) { bits.push("⚠ " + T.over_budget); }
    if (t.movable && !s.drive) { bits.push("⚠ " + T.no_drive); }
    return bits.join(" · ");
  }

  /* ----- rendering the builder ----- */
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
    var i = el("input", { type: "number", min: String(min), max: String(max), value: String(value),
                          inputmode: "numeric", "class": cls });
    return i;
  }

  function renderSide(side) {
    var box = document.querySelector("#ec-" + side + " .ec-groups");
    box.textContent = "";
    state[side].ships.forEach(function (g, index) {
      var t = TYPES[g.type];
      var card = el("div", { "class": "ec-group", "data-side": side, "data-index": String(index),
                             role: "group", "aria-label": T.group + " " + (index + 1) });
      var types = DATA.types.filter(function (x) { return !x.npc || side === "defender"; })
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
      var remove = el("button", { type: "button", "class": "btn ec-remove" }, T.remove);
      head.appendChild(remove);
      card.appendChild(head);
      if (!t.npc) {
        card.appendChild(labelled(T.blueprint, select([["parts", T.by_parts], ["stats", T.by_stats]], g.mode, "ec-mode")));
        if (g.mode === "parts") {
          var slots = el("div", { "class": "ec-slots" });
          var options = [["", T.empty_slot]].concat(DATA.parts.map(function (p) { return [p.id, p.name]; }));
          for (var i = 0; i < t.slots; i++) {
            var sel = select(options, g.parts[i] || "", "ec-part");
            sel.setAttribute("data-slot", String(i));
            slots.appendChild(labelled(fmt(T.slot, i + 1), sel));
          }
          card.appendChild(slots);
        } else {
          var grid = el("div", { "class": "ec-stats" });
          STATS.forEach(function (k) {
            var lim = DATA.stat_limits[k];
            var input = numberInput(g.stats[k], lim[0], lim[1], "ec-stat");
            input.setAttribute("data-stat", k);
            var name = { ion: T.ion, plasma: T.plasma, antimatter: T.antimatter, missiles: T.missile_parts }[k] || T[k];
            grid.appendChild(labelled(name, input));
          });
          card.appendChild(grid);
        }
      }
      card.appendChild(el("p", { "class": "meta ec-live", "aria-live": "polite" }, liveText(g)));
      box.appendChild(card);
    });
    document.getElementById("ec-" + side + "-targeting").value = state[side].targeting;
    var r = state[side].retreat;
    document.getElementById("ec-" + side + "-retreat").checked = !!r;
    document.querySelector("#ec-" + side + " .ec-retreat-detail").hidden = !r;
    if (r) {
      document.getElementById("ec-" + side + "-retreat-round").value = r.round;
      document.getElementById("ec-" + side + "-retreat-types").value = r.types.length ? r.types[0] : "all";
    }
  }
  function renderAll() { SIDES.forEach(renderSide); }

  /* ----- reading the form back into the state ----- */
  function clampInt(v, lo, hi) {
    var n = parseInt(v, 10);
    if (isNaN(n)) { n = lo; }
    return Math.max(lo, Math.min(hi, n));
  }
  function readGroup(card) {
    var side = card.getAttribute("data-side");
    var g = state[side].ships[+card.getAttribute("data-index")];
    g.count = clampInt(card.querySelector(".ec-count").value, 1, TYPES[g.type].limit);
    card.querySelectorAll(".ec-part").forEach(function (s) { g.parts[+s.getAttribute("data-slot")] = s.value; });
    g.parts = g.parts.slice(0, TYPES[g.type].slots);
    card.querySelectorAll(".ec-stat").forEach(function (i) {
      var k = i.getAttribute("data-stat");
      g.stats[k] = clampInt(i.value, DATA.stat_limits[k][0], DATA.stat_limits[k][1]);
    });
    card.querySelector(".ec-live").textContent = liveText(g);
    return g;
  }
  function readSide(side) {
    state[side].targeting = document.getElementById("ec-" + side + "-targeting").value;
    if (document.getElementById("ec-" + side + "-retreat").checked) {
      var types = document.getElementById("ec-" + side + "-retreat-types").value;
      state[side].retreat = {
        round: clampInt(document.getElementById("ec-" + side + "-retreat-round").value, 1, DATA.max_retreat_round),
        types: types === "all" ? [] : [types]
      };
    } else {
      state[side].retreat = null;
    }
  }

  var form = document.getElementById("ec-form");
  form.addEventListener("input", function (ev) {
    var card = ev.target.closest(".ec-group");
    if (card) { readGroup(card); }
    SIDES.forEach(readSide);
  });
  form.addEventListener("change", function (ev) {
    var card = ev.target.closest(".ec-group");
    var side = ev.target.getAttribute("data-side") || (card && card.getAttribute("data-side"));
    if (card) {
      var g = readGroup(card);
      if (ev.target.classList.contains("ec-type")) {
        state[side].ships[+card.getAttribute("data-index")] = newGroup(ev.target.value);
        renderSide(side);
        return;
      }
      if (ev.target.classList.contains("ec-mode")) { g.mode = ev.target.value; renderSide(side); return; }
    }
    SIDES.forEach(readSide);
    if (ev.target.classList.contains("ec-retreat-on")) {
      document.querySelector("#ec-" + side + " .ec-retreat-detail").hidden = !ev.target.checked;
    }
  });
  form.addEventListener("click", function (ev) {
    var b = ev.target.closest("button");
    if (!b) { return; }
    var card = b.closest(".ec-group");
    if (card && (b.classList.contains("ec-inc") || b.classList.contains("ec-dec"))) {
      var input = card.querySelector(".ec-count");
      input.value = String(clampInt(input.value, 1, 99) + (b.classList.contains("ec-inc") ? 1 : -1));
      readGroup(card);
      input.value = String(state[card.getAttribute("data-side")].ships[+card.getAttribute("data-index")].count);
      return;
    }
    if (card && b.classList.contains("ec-remove")) {
      var s = card.getAttribute("data-side");
      state[s].ships.splice(+card.getAttribute("data-index"), 1);
      renderSide(s);
      return;
    }
    if (b.classList.contains("ec-add")) {
      var side = b.getAttribute("data-side");
      var used = state[side].ships.map(function (g) { return g.type; });
      var free = PLAYER.filter(function (t) { return used.indexOf(t) < 0; });
      if (free.length) { state[side].ships.push(newGroup(free[0])); renderSide(side); }
      return;
    }
    if (b.classList.contains("ec-preset")) {
      var g = newGroup(b.getAttribute("data-preset"));
      g.count = g.type === "ancient" ? 2 : 1;
      state.defender.ships = [g];
      state.defender.retreat = null;
      renderSide("defender");
    }
  });

  /* ----- the request, the share link ----- */
  function request() {
    var body = {};
    SIDES.forEach(function (side) {
      var s = state[side];
      body[side] = {
        targeting: s.targeting,
        ships: s.ships.map(function (g) {
          if (TYPES[g.type].npc) { return { type: g.type, count: g.count }; }
          if (g.mode === "stats") {
            return { type: g.type, count: g.count, initiative: g.stats.initiative, hull: g.stats.hull,
                     computer: g.stats.computer, shield: g.stats.shield, missiles: g.stats.missiles,
                     cannons: { ion: g.stats.ion, plasma: g.stats.plasma, antimatter: g.stats.antimatter } };
          }
          return { type: g.type, count: g.count, parts: g.parts.filter(function (p) { return p; }) };
        })
      };
      if (s.retreat) { body[side].retreat = s.retreat; }
    });
    return body;
  }
  function encodeState() { return A.encodeState(state); }
  function shareUrl() {
    return location.origin + location.pathname + "?lang=" + DATA.lang + "&s=" + encodeState();
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
      row.appendChild(el("span", { "class": "ec-bar-value" }, pct.format(r[1])));
      container.appendChild(row);
    });
  }
  function typeName(id) { return TYPES[id].name; }
  function show(res) {
    document.getElementById("ec-att-win").textContent = pct.format(res.attacker_win);
    document.getElementById("ec-def-win").textContent = pct.format(res.defender_win);
    document.getElementById("ec-draw").textContent = pct.format(res.draw);
    var method = res.reasons.filter(function (r) { return r.code === "optimal_fallback"; });
    document.getElementById("ec-method").textContent = method.length ? T.fallback + ": " + method[0].message : "";
    document.getElementById("ec-order").textContent = T.order + ": " + res.order.map(function (o) {
      return (o.side === "attacker" ? T.attacker : T.defender) + " " + typeName(o.type) + " (" + o.initiative + ")";
    }).join(" → ");
    var surv = document.getElementById("ec-survivors");
    surv.textContent = "";
    res.groups.forEach(function (g) {
      var box = el("div", { "class": "ec-surv" });
      box.appendChild(el("p", { "class": "ec-surv-title" },
        (g.side === "attacker" ? T.attacker : T.defender) + " · " + g.count + " × " + typeName(g.type) +
        (g.escaped > 0 ? " · " + T.escaped + " " + pct.format(g.escaped) : "")));
      var chart = el("div", { "class": "bar-chart" });
      var rows = [];
      for (var k = g.count; k >= 0; k--) { rows.push([k + " " + T.ships, g.survivors[k]]); }
      bars(chart, rows);
      box.appendChild(chart);
      surv.appendChild(box);
    });
    var table = document.getElementById("ec-sides");
    table.textContent = "";
    var head = el("tr");
    head.appendChild(el("th", { scope: "col" }, ""));
    head.appendChild(el("th", { scope: "col" }, T.attacker));
    head.appendChild(el("th", { scope: "col" }, T.defender));
    table.appendChild(head);
    [["expected_lost", T.expected_lost], ["reputation", T.reputation], ["escape", T.escape]].forEach(function (row) {
      var tr = el("tr");
      tr.appendChild(el("th", { scope: "row" }, row[1]));
      ["attacker", "defender"].forEach(function (side) {
        var v = res[side][row[0]];
        tr.appendChild(el("td", {}, v === null ? T.not_applicable : row[0] === "escape" ? pct.format(v) : num.format(v)));
      });
      table.appendChild(tr);
    });
    var rounds = document.getElementById("ec-rounds");
    rounds.textContent = "";
    bars(rounds, res.rounds.filter(function (r) { return r.p > 0.0005; }).map(function (r) {
      return [fmt(T.round_n, r.rounds) + (r.or_more ? " " + T.or_more : ""), r.p];
    }));
    rounds.appendChild(el("p", { "class": "meta" }, T.expected_rounds + ": " + num.format(res.expected_rounds)));
    var reasons = document.getElementById("ec-reasons");
    reasons.textContent = "";
    var links = {};
    res.rule_links.forEach(function (l) { links[l.id] = l; });
    res.reasons.forEach(function (r) {
      var li = el("li", {}, r.message + " ");
      var l = links[r.rule];
      if (l) { li.appendChild(el("a", { href: l.url }, "(" + l.title + ")")); }
      reasons.appendChild(li);
    });
    var rules = document.getElementById("ec-rules");
    rules.textContent = "";
    res.rule_links.forEach(function (l) {
      var li = el("li");
      li.appendChild(el("a", { href: l.url }, l.title));
      rules.appendChild(li);
    });
    document.getElementById("ec-share-link").href = shareUrl();
    var section = document.getElementById("ec-results");
    section.hidden = false;
    document.getElementById("ec-results-title").focus();
  }

  var progress = document.getElementById("ec-progress");
  var errorBox = document.getElementById("ec-error");
  function compute() {
    SIDES.forEach(readSide);
    errorBox.hidden = true;
    var started = Date.now();
    var timer = setInterval(function () {
      progress.hidden = false;
      progress.textContent = T.computing + " " + fmt(T.seconds, Math.round((Date.now() - started) / 1000));
    }, 300);
    var button = document.getElementById("ec-compute");
    button.disabled = true;
    history.replaceState(null, "", "?lang=" + DATA.lang + "&s=" + encodeState());
    A.postJson("/api/combat/eclipse?lang=" + DATA.lang, request()).then(function (r) {
      if (!r.ok) { throw new Error(r.data.error ? r.data.error.message : T.error); }
      show(r.data);
    }).catch(function (e) {
      errorBox.textContent = e.message || T.error;
      errorBox.hidden = false;
    }).then(function () {
      clearInterval(timer);
      progress.hidden = true;
      button.disabled = false;
    });
  }
  form.addEventListener("submit", function (ev) { ev.preventDefault(); compute(); });
  document.getElementById("ec-share").addEventListener("click", function () {
    var url = shareUrl();
    document.getElementById("ec-share-link").href = url;
    A.copyText(url).then(function () { progress.hidden = false; progress.textContent = T.copied; },
                         function () {});
  });

  var shared = new URLSearchParams(location.search).get("s");
  if (shared) {
    try { state = A.decodeState(shared); } catch (e) { state = defaultState(); shared = null; }
  }
  renderAll();
  if (shared) { compute(); }
})();
