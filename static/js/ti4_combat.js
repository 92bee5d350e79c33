/* TI4 combat odds page: steppers, hit order, the API call, results, share link.
   Strings come translated from the page (#i18n); the form state travels in the URL (?b=<json>)
   so a shared link reproduces the same battle and result. */
(function () {
  "use strict";
  var A = window.Astrolabio;
  var T = A.readJson("i18n");
  var FACTIONS = A.readJson("ti4-factions");
  var fill = A.fill;
  var form = document.getElementById("ti4-form");
  var errorBox = document.getElementById("ti4-error");
  var result = document.getElementById("ti4-result");
  var submit = document.getElementById("calculate");
  var SIDES = ["attacker", "defender"];
  var lang = document.documentElement.lang || "it";
  var DEFAULT_ORDER = [];
  form.querySelectorAll(".order-list[data-side=attacker] li").forEach(function (li) {
    DEFAULT_ORDER.push(li.dataset.unit);
  });

  var percent = A.percent;
  var el = A.el;

  function number(x) {
    return x.toLocaleString(lang, { maximumFractionDigits: 2 });
  }

  function kind() {
    return form.querySelector("input[name=kind]:checked").value;
  }

  /* --- form state ---------------------------------------------------------------------- */

  function showForKind() {
    var current = kind();
    form.querySelectorAll(".unit-cell").forEach(function (cell) {
      var absent = cell.dataset.kinds.split(" ").indexOf(current) < 0;
      cell.classList.toggle("absent", absent);  // keeps its column; the stepper is hidden
      cell.querySelector("input").disabled = absent;
    });
    form.querySelectorAll(".unit-row").forEach(function (row) {  // a unit neither side brings here
      row.hidden = row.querySelectorAll(".unit-cell:not(.absent)").length === 0;
    });
    form.querySelectorAll(".check[data-kinds]").forEach(function (check) {
      check.hidden = check.dataset.kinds.split(" ").indexOf(current) < 0;
      check.querySelector("input").disabled = check.hidden;
    });
    form.querySelectorAll(".field[data-kinds]").forEach(function (field) {
      field.hidden = field.dataset.kinds.split(" ").indexOf(current) < 0;
      field.querySelector("select").disabled = field.hidden;
    });
    form.querySelectorAll(".space-only").forEach(function (node) { node.hidden = current !== "space"; });
    form.querySelectorAll(".ground-only").forEach(function (node) { node.hidden = current !== "ground"; });
    showFlagships();
  }

  /* A side's flagship sheet shows while that side has its flagship in a space combat. */
  var FLAGSHIP = ["combat", "dice", "capacity"];
  function flagshipCount(side) {
    var input = form.querySelector("input.count[data-side=" + side + "][data-unit=flagship]");
    return input && !input.disabled ? parseInt(input.value, 10) || 0 : 0;
  }
  function showFlagships() {
    SIDES.forEach(function (side) {
      form.querySelector(".flagship-sheet[data-side=" + side + "]").hidden = !flagshipCount(side);
      showFaction(side);
    });
  }
  /* A faction's sheet is shown in the number fields, which are then read-only. */
  function showFaction(side) {
    var faction = form.querySelector(".faction[data-side=" + side + "]").value;
    var sheet = FACTIONS[faction];
    FLAGSHIP.forEach(function (name) {
      var select = form.querySelector(".flagship-" + name + "[data-side=" + side + "]");
      if (sheet) { select.value = String(sheet[name]); }
      select.disabled = !!sheet;
    });
    /* The Nekro flagship calls ground forces into the space combat: how many is asked here. */
    var called = form.querySelector("select.ground-forces[data-side=" + side + "]");
    var nekro = faction === "nekro_virus";
    called.parentNode.hidden = !nekro;
    called.disabled = !nekro;
    /* The Hacan flagship spends trade goods on dice one short of a hit: how many it has. */
    var goods = form.querySelector("select.trade-goods[data-side=" + side + "]");
    var hacan = faction === "emirates_of_hacan";
    goods.parentNode.hidden = !hacan;
    goods.disabled = !hacan;
    /* Letnev's Munitions Reserves spends trade goods on rerolls in a space combat, flagship or not. */
    var munitions = form.querySelector("select.munitions[data-side=" + side + "]");
    var letnev = faction === "barony_of_letnev";
    munitions.parentNode.hidden = !letnev || kind() !== "space";
    munitions.disabled = munitions.parentNode.hidden;
    /* A faction's upgraded unit with Sustain Damage (Advanced Carrier II) may start damaged. */
    form.querySelectorAll("select.damaged[data-side=" + side + "]").forEach(function (select) {
      var field = select.parentNode;
      if (!field.dataset.faction) { return; }
      var upgrade = form.querySelector("input.upgrade[data-side=" + side + "][value=" + field.dataset.upgrade + "]");
      field.hidden = kind() !== "space" || field.dataset.faction !== faction || !(upgrade && upgrade.checked);
      select.disabled = field.hidden;
    });
    /* A faction technology is offered while its faction, or the Nekro Virus (which copies it), is chosen. */
    form.querySelectorAll("input.technology[data-side=" + side + "]").forEach(function (box) {
      var check = box.parentNode;
      if (!check.dataset.faction) { return; }
      var ours = faction === check.dataset.faction || nekro;
      check.hidden = !ours || check.dataset.kinds.split(" ").indexOf(kind()) < 0;
      box.disabled = check.hidden;
    });
  }

  function sideBody(side) {
    var units = {};
    form.querySelectorAll("input.count[data-side=" + side + "]").forEach(function (input) {
      var n = parseInt(input.value, 10);
      if (!input.disabled && n) { units[input.dataset.unit] = n; }
    });
    var body = { units: units };
    var faction = form.querySelector(".faction[data-side=" + side + "]").value;
    if (faction) {  // its combat abilities count even without its flagship (Unrelenting, Fragile)
      body.faction = faction;
    } else if (units.flagship) {
      body.flagship = {};
      FLAGSHIP.forEach(function (name) {
        body.flagship[name] = parseInt(form.querySelector(".flagship-" + name + "[data-side=" + side + "]").value, 10);
      });
    }
    var called = form.querySelector("select.ground-forces[data-side=" + side + "]");
    if (units.flagship && faction && !called.disabled && parseInt(called.value, 10)) {
      body.ground_forces = parseInt(called.value, 10);
    }
    var goods = form.querySelector("select.trade-goods[data-side=" + side + "]");
    if (units.flagship && faction && !goods.disabled && parseInt(goods.value, 10)) {
      body.trade_goods = parseInt(goods.value, 10);
    }
    var munitions = form.querySelector("select.munitions[data-side=" + side + "]");
    if (!munitions.disabled && parseInt(munitions.value, 10)) {
      body.trade_goods = parseInt(munitions.value, 10);
    }
    var damaged = {};
    form.querySelectorAll("select.damaged[data-side=" + side + "]").forEach(function (select) {
      var n = parseInt(select.value, 10);
      if (kind() === "space" && !select.disabled && n && units[select.dataset.unit]) { damaged[select.dataset.unit] = n; }
    });
    if (Object.keys(damaged).length) { body.damaged = damaged; }
    var cards = {};
    form.querySelectorAll("select.card-count[data-side=" + side + "]:not(:disabled)").forEach(function (select) {
      var n = parseInt(select.value, 10);
      if (n) { cards[select.dataset.card] = n; }
    });
    if (Object.keys(cards).length) { body.cards = cards; }
    var upgrades = [];
    form.querySelectorAll("input.upgrade[data-side=" + side + "]:checked:not(:disabled)").forEach(function (box) {
      upgrades.push(box.value);
    });
    if (upgrades.length) { body.upgrades = upgrades; }
    var technologies = [];
    form.querySelectorAll("input.technology[data-side=" + side + "]:checked:not(:disabled)").forEach(function (box) {
      technologies.push(box.value);
    });
    if (technologies.length) { body.technologies = technologies; }
    var order = [];
    form.querySelectorAll(".order-list[data-side=" + side + "] li").forEach(function (li) {
      order.push(li.dataset.unit);
    });
    if (order.join() !== DEFAULT_ORDER.join()) { body.order = order; }
    if (!form.querySelector(".sustain[data-side=" + side + "]").checked) { body.sustain_first = false; }
    var keep = form.querySelector(".keep[data-side=" + side + "]").value;
    if (keep && units[keep]) { body.keep_alive = keep; }
    var retreat = form.querySelector(".retreat[data-side=" + side + "]").value;
    if (retreat && kind() === "space") { body.retreat_round = parseInt(retreat, 10); }
    var mod = parseInt(form.querySelector(".mod-value[data-side=" + side + "]").value, 10);
    if (mod) {
      var modifier = { value: mod, first_round: parseInt(form.querySelector(".mod-first[data-side=" + side + "]").value, 10) };
      var last = form.querySelector(".mod-last[data-side=" + side + "]").value;
      if (last) { modifier.last_round = parseInt(last, 10); }
      body.modifiers = [modifier];
    }
    return body;
  }

  function requestBody() {
    var body = { kind: kind(), attacker: sideBody("attacker"), defender: sideBody("defender") };
    if (!document.getElementById("space-cannon").checked) { body.space_cannon = false; }
    if (body.kind === "space" && document.getElementById("nebula").checked) { body.nebula = true; }
    if (body.kind === "ground" && !document.getElementById("bombardment").checked) { body.bombardment = false; }
    var stop = document.getElementById("stop-after").value;
    if (stop) { body.stop_after = parseInt(stop, 10); }
    return body;
  }

  function setSelect(node, value) {
    node.value = value === undefined || value === null ? "" : String(value);
  }

  function restore(body) {
    var radio = form.querySelector("input[name=kind][value=" + (body.kind === "ground" ? "ground" : "space") + "]");
    radio.checked = true;
    showForKind();
    document.getElementById("nebula").checked = !!body.nebula;
    document.getElementById("space-cannon").checked = body.space_cannon !== false;
    document.getElementById("bombardment").checked = body.bombardment !== false;
    setSelect(document.getElementById("stop-after"), body.stop_after);
    SIDES.forEach(function (side) {
      var data = body[side] || {};
      var units = data.units || {};
      form.querySelectorAll("input.count[data-side=" + side + "]").forEach(function (input) {
        input.value = units[input.dataset.unit] || 0;
      });
      var factionSelect = form.querySelector(".faction[data-side=" + side + "]");
      setSelect(factionSelect, FACTIONS[data.faction] ? data.faction : "");
      var called = form.querySelector("select.ground-forces[data-side=" + side + "]");
      setSelect(called, data.ground_forces || 0);
      if (called.value === "") { called.value = "0"; }
      var goods = form.querySelector("select.trade-goods[data-side=" + side + "]");
      setSelect(goods, data.trade_goods || 0);
      if (goods.value === "") { goods.value = "0"; }
      var munitions = form.querySelector("select.munitions[data-side=" + side + "]");
      setSelect(munitions, data.faction === "barony_of_letnev" ? data.trade_goods || 0 : 0);
      if (munitions.value === "") { munitions.value = "0"; }
      form.querySelectorAll("select.damaged[data-side=" + side + "]").forEach(function (select) {
        setSelect(select, (data.damaged || {})[select.dataset.unit] || 0);
        if (select.value === "") { select.value = "0"; }
      });
      form.querySelectorAll("select.card-count[data-side=" + side + "]").forEach(function (select) {
        setSelect(select, (data.cards || {})[select.dataset.card] || 0);
        if (select.value === "") { select.value = "0"; }
      });
      FLAGSHIP.forEach(function (name) {
        var select = form.querySelector(".flagship-" + name + "[data-side=" + side + "]");
        var printed = String((data.flagship || {})[name]);
        var known = Array.prototype.some.call(select.options, function (o) { return o.value === printed; });
        select.value = known ? printed : Array.prototype.filter.call(select.options, function (o) {
          return o.defaultSelected; })[0].value;  // a damaged link: the sheet's default
      });
      form.querySelectorAll("input.upgrade[data-side=" + side + "]").forEach(function (box) {
        box.checked = (data.upgrades || []).indexOf(box.value) >= 0;
      });
      form.querySelectorAll("input.technology[data-side=" + side + "]").forEach(function (box) {
        box.checked = (data.technologies || []).indexOf(box.value) >= 0;
      });
      var list = form.querySelector(".order-list[data-side=" + side + "]");
      (data.order || []).forEach(function (unit) {
        var li = list.querySelector("li[data-unit=" + unit + "]");
        if (li) { list.appendChild(li); }
      });
      form.querySelector(".sustain[data-side=" + side + "]").checked = data.sustain_first !== false;
      setSelect(form.querySelector(".keep[data-side=" + side + "]"), data.keep_alive);
      setSelect(form.querySelector(".retreat[data-side=" + side + "]"), data.retreat_round);
      var mod = (data.modifiers || [])[0] || {};
      setSelect(form.querySelector(".mod-value[data-side=" + side + "]"), mod.value || 0);
      setSelect(form.querySelector(".mod-first[data-side=" + side + "]"), mod.first_round || 1);
      setSelect(form.querySelector(".mod-last[data-side=" + side + "]"), mod.last_round);
    });
    showFlagships();
  }

  function shareUrl(body) {
    return A.stateUrl({ b: JSON.stringify(body) });
  }

  /* --- results ------------------------------------------------------------------------- */

  function ruleLink(id) {
    return A.ruleLink(id, T.rules);  // the page's citations: every rule the TI4 engine may cite
  }

  function barRow(label, p, extraClass) {
    var row = el("div", { "class": "bar-row" });
    row.appendChild(el("span", {}, label));
    var track = el("span", { "class": "bar-track" });
    var bar = el("span", { "class": "bar" + (extraClass ? " " + extraClass : "") });
    bar.style.display = "block";
    bar.style.width = Math.max(0.5, p * 100).toFixed(2) + "%";
    track.appendChild(bar);
    row.appendChild(track);
    row.appendChild(el("span", { "class": "value" }, percent(p)));
    return row;
  }

  function composition(units) {
    var parts = Object.keys(units).map(function (key) {
      return T.unit_counts[key] ? A.plural(T.unit_counts[key], units[key]) : units[key] + " " + key;
    });
    return parts.length ? parts.join(", ") : T.nothing_left;
  }

  function survivorsCard(side, data, space) {
    var card = el("div", { "class": "card", "data-side": side });
    card.appendChild(el("h4", {}, T[side]));
    var chart = el("div", { "class": "bar-chart" });
    data.survivor_count.forEach(function (p, n) {
      if (p > 0.0005 || n === 0) { chart.appendChild(barRow(A.plural(T.units_left, n), p, side)); }
    });
    card.appendChild(chart);
    if (space) {  // on the ground every unit is infantry: the bars above say it all
      var atLeast = el("ul", { "class": "compositions" });
      data.at_least_non_fighters.forEach(function (p, n) {
        if (n > 0 && p > 0.0005) { atLeast.appendChild(el("li", {}, fill(T.at_least, { n: n }) + ": " + percent(p))); }
      });
      card.appendChild(atLeast);
    }
    card.appendChild(el("p", { "class": "meta" }, T.most_likely));
    var list = el("ul", { "class": "compositions" });
    data.survivors.slice(0, 5).forEach(function (item) {
      list.appendChild(el("li", {}, composition(item.units) + ": " + percent(item.p)));
    });
    if (data.survivors_other > 0) { list.appendChild(el("li", {}, T.other + ": " + percent(data.survivors_other))); }
    card.appendChild(list);
    return card;
  }

  function lossesCard(side, data) {
    var card = el("div", { "class": "card" });
    card.appendChild(el("h4", {}, T[side]));
    var table = el("table");
    var head = el("tr");
    head.appendChild(el("th", { scope: "col" }, T.unit));
    head.appendChild(el("th", { scope: "col" }, T.lost));
    table.appendChild(head);
    Object.keys(data.expected_losses).forEach(function (key) {
      var row = el("tr");
      row.appendChild(el("td", {}, T.units[key] || key));
      row.appendChild(el("td", { "class": "num" }, number(data.expected_losses[key])));
      table.appendChild(row);
    });
    [[T.total_units, data.expected_units_lost], [T.total_cost, data.expected_cost_lost]].forEach(function (pair) {
      var row = el("tr");
      row.appendChild(el("th", { scope: "row" }, pair[0]));
      row.appendChild(el("td", { "class": "num" }, number(pair[1])));
      table.appendChild(row);
    });
    card.appendChild(table);
    return card;
  }

  /* The answer in words: who wins how often, how many units each side keeps on average, and the
     most likely ending, which the server picks (how it ends and what the side left keeps), or every
     ending it found equally likely, with their shared chance. */
  function expectedCount(counts) {
    return counts.reduce(function (sum, p, n) { return sum + n * p; }, 0);
  }
  function summary(data) {
    var endings = data.likely.map(function (ending) {
      var kept = Object.keys(ending.units).length ? composition(ending.units) : T.no_units;
      // A ground combat's stalemate destroys the attacker's ground forces: no retreat there.
      var said = data.kind === "ground" && ending.ending === "stalemate" ? "ground_stalemate" : ending.ending;
      return fill(T.likely[said], { units: kept });
    });
    var chance = percent(data.likely[0].p);
    var likely = endings.length > 1 ? fill(T.likely_tied, { p: chance, endings: endings.join("; ") })
      : fill(T.likely_one, { ending: endings[0], p: chance });
    var box = document.getElementById("ti4-summary");
    box.textContent = "";
    box.appendChild(el("span", { "class": "odds" }, fill(T.summary_odds,
      { attacker: percent(data.attacker_win), defender: percent(data.defender_win) })));
    box.appendChild(el("span", {}, fill(T.summary_survivors, {
      attacker: number(expectedCount(data.attacker.survivor_count)),
      defender: number(expectedCount(data.defender.survivor_count)) })));
    box.appendChild(el("span", {}, likely));
    // The same words pinned under the unit table while the reader is still entering the battle.
    var pinned = document.getElementById("ti4-live");
    pinned.textContent = "";
    [box.firstChild, box.lastChild].forEach(function (node) { pinned.appendChild(node.cloneNode(true)); });
    pinned.appendChild(el("a", { href: "#ti4-result", "class": "details-link" }, T.details));
    pinned.hidden = false;
  }

  /* What the fire before the rounds did: one line per step and side under the summary (the
     units it destroys on average, in words), and the details table (hits, P(at least one)). */
  function preCombat(data) {
    var P = T.pre_combat;
    var lines = document.getElementById("ti4-pre-combat");
    var table = result.querySelector("table.pre-combat");
    lines.textContent = "";
    table.textContent = "";
    var head = el("tr");
    [P.step, P.side, P.hits, P.at_least_one, P.destroyed].forEach(function (text) {
      head.appendChild(el("th", { scope: "col" }, text));
    });
    table.appendChild(head);
    data.pre_combat.forEach(function (step) {
      var shown = Math.round(step.expected_destroyed * 10) / 10;  // the plural follows the number shown
      lines.appendChild(el("li", { "data-step": step.step }, A.plural(P.lines[step.step], shown,
        { n: shown.toLocaleString(lang, { maximumFractionDigits: 1 }), side: P.sides[step.side] })));
      var row = el("tr", { "data-step": step.step, "data-side": step.side });
      row.appendChild(el("th", { scope: "row" }, P.names[step.step]));
      row.appendChild(el("td", {}, T[step.side]));
      row.appendChild(el("td", { "class": "num" }, number(step.expected_hits)));
      row.appendChild(el("td", { "class": "num" }, percent(step.at_least_one_hit)));
      row.appendChild(el("td", { "class": "num" }, number(step.expected_destroyed)));
      table.appendChild(row);
    });
    lines.hidden = !data.pre_combat.length;
    result.querySelector(".pre-combat-block").hidden = !data.pre_combat.length;
  }

  function show(data, body) {
    summary(data);
    preCombat(data);
    result.querySelectorAll("[data-out]").forEach(function (node) { node.textContent = percent(data[node.dataset.out]); });
    result.querySelector("[data-only=unfinished]").hidden = !body.stop_after;
    var facts = result.querySelector(".facts");
    facts.textContent = "";
    if (data.retreat.attacker > 0) { facts.appendChild(el("li", {}, fill(T.attacker_retreats, { p: percent(data.retreat.attacker) }))); }
    if (data.retreat.defender > 0) { facts.appendChild(el("li", {}, fill(T.defender_retreats, { p: percent(data.retreat.defender) }))); }
    if (data.stalemate > 0) {
      var stuck = data.kind === "ground" ? T.ground_stalemate : T.stalemate;
      facts.appendChild(el("li", {}, fill(stuck, { p: percent(data.stalemate) })));
    }
    var survivors = result.querySelector(".survivors");
    var losses = result.querySelector(".losses");
    survivors.textContent = "";
    losses.textContent = "";
    SIDES.forEach(function (side) {
      survivors.appendChild(survivorsCard(side, data[side], body.kind === "space"));
      losses.appendChild(lossesCard(side, data[side]));
    });
    var rounds = result.querySelector(".rounds");
    rounds.textContent = "";
    data.rounds.distribution.forEach(function (p, r) {
      if (r === 0 && p === 0) { return; }
      rounds.appendChild(barRow(r === 0 ? T.before : fill(T.round, { n: r }), p));
    });
    if (data.rounds.later > 0) { rounds.appendChild(barRow(T.later, data.rounds.later)); }
    result.querySelector(".expected-rounds").textContent = fill(T.expected_rounds, { n: number(data.rounds.expected) });
    var notes = result.querySelector(".notes");
    notes.textContent = "";
    data.reasons.forEach(function (reason) {
      var li = el("li", {}, reason.message + " ");
      li.appendChild(ruleLink(reason.rule));
      notes.appendChild(li);
    });
    result.querySelector(".notes-block").hidden = !data.reasons.length;
    var rules = result.querySelector(".rules");
    rules.textContent = "";
    data.rules.forEach(function (id) {
      var li = el("li");
      li.appendChild(ruleLink(id));
      rules.appendChild(li);
    });
    var share = result.querySelector(".share");
    share.href = shareUrl(body);
    result.querySelector(".share-status").textContent = "";
    result.hidden = false;
  }

  /* The error, and the unit count it names ("attacker.units.dreadnought") marked and focused. */
  function showError(message, field) {
    var parts = (field || "").split(".");
    var target = parts[1] === "units" ? document.getElementById(parts[0] + "-" + parts[2]) : null;
    A.showError(errorBox, message, target);
    if (target && !target.disabled) { target.focus(); }
  }

  /* The answer follows the form live (debounced): a stepper press recomputes without moving the
     reader; the button computes at once and moves to the answer. */
  var live = A.live(form, function (ticket) { calculate(false, ticket); }, 300);
  function calculate(focus, ticket) {
    var body = requestBody();
    A.showError(errorBox, "");
    submit.disabled = true;
    submit.dataset.label = submit.dataset.label || submit.textContent;
    submit.textContent = T.calculating;
    A.postJson(form.dataset.api + "?lang=" + encodeURIComponent(lang), body).then(function (answer) {
      if (ticket !== undefined && !live.current(ticket)) { return; }  // a newer edit is on its way
      if (answer.ok) {
        show(answer.data, body);
        if (focus) { document.getElementById("result-title").focus(); }
      } else {
        result.hidden = true;
        document.getElementById("ti4-live").hidden = true;
        showError(answer.data.error.message, answer.data.error.field);
      }
    }).catch(function () {
      showError(T.network, null);
    }).then(function () {
      submit.disabled = false;
      submit.textContent = submit.dataset.label;
    });
  }

  /* --- wiring -------------------------------------------------------------------------- */

  form.addEventListener("click", function (event) {
    var button = event.target.closest("button");
    if (!button) { return; }
    if (button.dataset.step) {
      var input = document.getElementById(button.dataset.for);
      var next = (parseInt(input.value, 10) || 0) + parseInt(button.dataset.step, 10);
      input.value = Math.max(0, Math.min(parseInt(input.max, 10), next));
      showFlagships();
    } else if (button.dataset.move) {
      var li = button.closest("li");
      if (button.dataset.move === "-1" && li.previousElementSibling) {
        li.parentNode.insertBefore(li, li.previousElementSibling);
      } else if (button.dataset.move === "1" && li.nextElementSibling) {
        li.parentNode.insertBefore(li.nextElementSibling, li);
      }
      button.focus();
    }
  });
  // A field the keyboard reaches under the answer pinned to the bottom of the screen scrolls up
  // above it: the reader must see which stepper they are changing. Not on a tap (no focus ring):
  // moving the page between press and release would lose the tap.
  form.addEventListener("focusin", function (event) {
    var pinned = document.getElementById("ti4-live");
    if (pinned.hidden || pinned.contains(event.target) || !event.target.matches(":focus-visible")) { return; }
    // Only a field before the box in the page can be under it: past it, the box is in the flow above.
    if (!(pinned.compareDocumentPosition(event.target) & Node.DOCUMENT_POSITION_PRECEDING)) { return; }
    var field = event.target.getBoundingClientRect(), box = pinned.getBoundingClientRect();
    if (field.bottom > box.top && field.top < box.bottom) { window.scrollBy(0, field.bottom - box.top + 8); }
  });
  form.querySelectorAll("input[name=kind]").forEach(function (radio) {
    radio.addEventListener("change", showForKind);
  });
  form.addEventListener("input", function (event) {
    if (event.target.classList.contains("count")) { showFlagships(); }
  });
  form.addEventListener("change", function (event) {
    if (event.target.classList.contains("faction") || event.target.classList.contains("upgrade")) {
      showFaction(event.target.dataset.side);
    }
  });
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    calculate(true);
  });
  result.querySelector(".share").addEventListener("click", function (event) {
    event.preventDefault();
    var address = new URL(this.getAttribute("href"), location.href).href;
    var status = result.querySelector(".share-status");
    A.share(address).then(function (how) { status.textContent = how === "copied" ? T.copied : ""; },
      function () { status.textContent = T.copy_failed; });
  });

  showForKind();
  var shared = new URLSearchParams(location.search).get("b");
  if (shared) {
    try {
      restore(JSON.parse(shared));
      calculate();
    } catch (badLink) {
      showForKind();  // a damaged share link: start from the empty form instead
    }
  } else {
    form.querySelector("input.count[data-side=attacker][data-unit=cruiser]").value = 2;
    form.querySelector("input.count[data-side=defender][data-unit=destroyer]").value = 2;
  }
  if (!shared) { calculate(false); }  // the opening battle's answer is there from the start
  A.keepState(function () { return { b: JSON.stringify(requestBody()) }; });
}());
