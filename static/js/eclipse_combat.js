/* Eclipse combat odds, two sides: fleets (built with EclipseFleet), targeting, retreat plans,
   share link and results. No inline scripts (CSP). */
(function () {
  "use strict";
  var A = window.Astrolabio;
  var F = window.EclipseFleet;
  var T = F.T, DATA = F.DATA, el = F.el, pct = F.pct, num = F.num;
  var SIDES = ["attacker", "defender"];

  function defaultState() {
    return {
      attacker: { species: "terran", ships: [F.newGroup("interceptor")], targeting: "optimal", retreat: null },
      defender: { species: "terran", ships: [F.newGroup("interceptor")], targeting: "optimal", retreat: null }
    };
  }
  var state = defaultState();

  function renderSide(side) {
    F.renderGroups(document.querySelector("#ec-" + side + " .ec-groups"), state[side].ships, side === "defender", T[side],
                   state[side].species);
    document.getElementById("ec-" + side + "-species").value = state[side].species;
    document.getElementById("ec-" + side + "-targeting").value = state[side].targeting;
    var r = state[side].retreat;
    document.getElementById("ec-" + side + "-retreat").checked = !!r;
    document.querySelector("#ec-" + side + " .ec-retreat-detail").hidden = !r;
    var plans = document.querySelector("#ec-" + side + " .ec-plans");  // a plan a link carries shows
    plans.open = plans.open || !!r || state[side].targeting !== defaultState()[side].targeting;
    if (r) {
      document.getElementById("ec-" + side + "-retreat-round").value = r.round;
      document.getElementById("ec-" + side + "-retreat-types").value = r.types.length ? r.types[0] : "all";
    }
  }
  function renderAll() { SIDES.forEach(renderSide); }

  function sideOf(node) { return node.closest(".ec-side").getAttribute("data-side"); }
  function readSide(side) {
    state[side].targeting = document.getElementById("ec-" + side + "-targeting").value;
    if (document.getElementById("ec-" + side + "-retreat").checked) {
      var types = document.getElementById("ec-" + side + "-retreat-types").value;
      state[side].retreat = {
        round: F.typed(document.getElementById("ec-" + side + "-retreat-round").value),
        types: types === "all" ? [] : [types]
      };
    } else {
      state[side].retreat = null;
    }
  }

  var form = document.getElementById("ec-form");
  form.addEventListener("input", function (ev) {
    var card = ev.target.closest(".ec-group");
    if (card) { F.readGroup(card, state[sideOf(card)].ships, state[sideOf(card)].species); }
    SIDES.forEach(readSide);
  });
  form.addEventListener("change", function (ev) {
    var card = ev.target.closest(".ec-group");
    if (card && F.changed(ev.target, card, state[sideOf(card)].ships, state[sideOf(card)].species)) {
      renderSide(sideOf(card));
      return;
    }
    if (ev.target.classList.contains("ec-species")) {  // the species' preset fills the blueprints
      var s = state[sideOf(ev.target)];
      s.species = ev.target.value;
      F.withSpecies(s.ships, s.species);
      renderSide(sideOf(ev.target));
      return;
    }
    SIDES.forEach(readSide);
    if (ev.target.classList.contains("ec-retreat-on")) {
      document.querySelector("#ec-" + sideOf(ev.target) + " .ec-retreat-detail").hidden = !ev.target.checked;
    }
  });
  form.addEventListener("click", function (ev) {
    var b = ev.target.closest("button");
    if (!b) { return; }
    var card = b.closest(".ec-group");
    if (card) {
      if (F.clicked(b, card, state[sideOf(card)].ships, state[sideOf(card)].species)) { renderSide(sideOf(card)); }
      return;
    }
    if (b.classList.contains("ec-add")) {
      if (F.addGroup(state[sideOf(b)].ships, state[sideOf(b)].species, sideOf(b) === "defender")) { renderSide(sideOf(b)); }
      return;
    }
    if (b.classList.contains("ec-preset")) {
      state.defender.ships = F.preset(b.getAttribute("data-preset"));
      state.defender.retreat = null;
      renderSide("defender");
    }
  });

  /* ----- the request, the share link ----- */
  function request() {
    var body = {};
    SIDES.forEach(function (side) {
      var s = state[side];
      body[side] = { species: s.species, targeting: s.targeting, ships: s.ships.map(F.groupJson) };
      if (s.retreat) { body[side].retreat = s.retreat; }
    });
    return body;
  }

  /* ----- results ----- */
  function typeName(id) { return F.TYPES[id].name; }
  function show(res, computed, focus) {
    document.getElementById("ec-att-win").textContent = pct(res.attacker_win);
    document.getElementById("ec-def-win").textContent = pct(res.defender_win);
    // STALLO gives the hex to the defender: its share includes the stalemate, shown as a detail.
    var stalemate = document.getElementById("ec-stalemate");
    stalemate.textContent = A.fill(T.of_stalemate, { p: pct(res.stalemate) });
    stalemate.hidden = !res.stalemate;
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
        (g.escaped > 0 ? " · " + T.escaped + " " + pct(g.escaped) : "")));
      var chart = el("div", { "class": "bar-chart" });
      var rows = [];
      for (var k = g.count; k >= 0; k--) { rows.push([A.plural(T.ships, k), g.survivors[k]]); }
      F.bars(chart, rows);
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
      SIDES.forEach(function (side) {
        var v = res[side][row[0]];
        tr.appendChild(el("td", {}, v === null ? T.not_applicable : row[0] === "escape" ? pct(v) : num.format(v)));
      });
      table.appendChild(tr);
    });
    var rounds = document.getElementById("ec-rounds");
    rounds.textContent = "";
    F.bars(rounds, res.rounds.filter(function (r) { return r.p > 0.0005; }).map(function (r) {
      return [A.plural(T.round_n, r.rounds) + (r.or_more ? " " + T.or_more : ""), r.p];
    }));
    rounds.appendChild(el("p", { "class": "meta" }, T.expected_rounds + ": " + num.format(res.expected_rounds)));
    F.reasonsAndRules(res, document.getElementById("ec-reasons"), document.getElementById("ec-rules"));
    document.getElementById("ec-share-link").href = F.shareUrl(computed);
    document.getElementById("ec-results").hidden = false;
    if (focus) { document.getElementById("ec-results-title").focus(); }
  }

  /* The answer follows the fleets live (debounced); the button computes at once and moves to the
     answer, which a live update never does (the reader is still at the steppers). */
  var progress = document.getElementById("ec-progress");
  var live = A.live(form, function (ticket) { compute(false, ticket); }, 500);
  function compute(focus, ticket) {
    SIDES.forEach(readSide);
    var computed = F.snapshot(state);
    F.run("/api/combat/eclipse?lang=" + DATA.lang, request(), document.getElementById("ec-compute"), progress,
          document.getElementById("ec-error"), function (res) { show(res, computed, focus); },
          ticket === undefined ? null : function () { return !live.current(ticket); },
          function (side, index) { return computed[side] && index === null ? { name: T[side], ships: computed[side].ships } : null; });
  }
  form.addEventListener("submit", function (ev) { ev.preventDefault(); compute(true); });
  F.shareButton("ec", progress, function () { return state; });

  function validRetreat(r) {
    return r === null || r === undefined ||
      (typeof r === "object" && Number.isInteger(r.round) && Array.isArray(r.types));
  }
  var shared = F.sharedState(function (s) {
    return s && SIDES.every(function (side) {
      var x = s[side];
      if (x && x.species === undefined) { x.species = "terran"; }  // links made before species existed
      return x && F.validSpecies(x.species) && F.validGroups(x.ships) && F.validTargeting(x.targeting) &&
        validRetreat(x.retreat);
    });
  });
  if (shared) { state = shared; }
  renderAll();
  if (shared) { compute(true); }
  A.keepState(function () { SIDES.forEach(readSide); return { s: A.encodeState(state) }; });
})();
