/* Small combat tools (Galaxy, Parsec, Race for the Galaxy): forms -> JSON API -> results.
   Every string shown comes translated from the page's #i18n block; the form state is kept in
   the URL (?s=<json>) so a shared link reproduces the same result. */
(function () {
  "use strict";

  var root = document.getElementById("tool");
  if (!root) { return; }
  var A = window.Astrolabio;
  var T = A.readJson("i18n");
  var lang = document.documentElement.lang || "it";
  var pct = A.percent;
  var el = A.el;

  var fill = A.fill;
  // The address as opened, read before any form rewrites it: the Galaxy page keeps two tools'
  // states, and the first one's rewrite dropped the second's before it was read.
  var opened = new URLSearchParams(window.location.search);

  function bigFigure(label, p) {
    var box = el("div", { "class": "figure" });
    box.appendChild(el("div", { "class": "big-number" }, pct(p)));
    box.appendChild(el("div", { "class": "figure-label" }, label));
    return box;
  }

  function barChart(title, rows) {
    var wrap = el("div", { "class": "chart" });
    wrap.appendChild(el("h3", {}, title));
    var chart = el("div", { "class": "bar-chart" });
    rows.forEach(function (row) {
      var line = el("div", { "class": "bar-row" });
      line.appendChild(el("span", { "class": "bar-label" }, row.label));
      var track = el("span", { "class": "bar-track" });
      var bar = el("span", { "class": "bar" });
      bar.style.width = (row.p * 100).toFixed(2) + "%";
      track.appendChild(bar);
      line.appendChild(track);
      line.appendChild(el("span", { "class": "bar-value" }, pct(row.p)));
      chart.appendChild(line);
    });
    wrap.appendChild(chart);
    return wrap;
  }

  function ruleLink(id) {
    return A.ruleLink(id, T.rules);  // the page's citations: every rule the three tools may cite
  }

  function intValue(input) { return parseInt(input.value, 10); }

  /* --- Steppers: the − and + buttons next to number inputs ------------------------------ */
  root.addEventListener("click", function (event) {
    var button = event.target.closest("[data-step]");
    if (!button) { return; }
    var input = button.dataset.for ? document.getElementById(button.dataset.for)
      : button.parentNode.querySelector("input");
    var next = (parseInt(input.value, 10) || 0) + parseInt(button.dataset.step, 10);
    var min = parseInt(input.min, 10), max = parseInt(input.max, 10);
    input.value = String(Math.max(min, Math.min(max, next)));
    input.dispatchEvent(new Event("change", { bubbles: true }));
  });

  /* --- One tool = a form, an API address, a way to read and write the form, a renderer --- */
  function connect(form, prefix, url, read, write, render, key) {
    var box = document.getElementById(prefix + "-results");
    var error = document.getElementById(prefix + "-error");
    var share = box.querySelector(".share");
    var shown = null;  // the request whose answer is on screen

    /* The field an API error names: "hand_size", "defender.linked_colonies", a row's
       "attackers[1].distance" (the n-th row of the form's list), or an item of a field typed as a
       list, "military[1]" (that field). */
    function fieldAt(path) {
      if (!path) { return null; }
      var parts = path.replace(/\[(\d+)\]/g, ".$1").split(".");
      var inRow = parts.length > 2 && /^\d+$/.test(parts[1]);
      var row = inRow ? form.querySelectorAll("li")[parseInt(parts[1], 10)] : null;
      if (row) { return row.querySelector('[data-name="' + parts[2] + '"]'); }
      return form.querySelector('[name="' + path + '"]') || form.querySelector('[name="' + parts[0] + '"]');
    }

    /* The error in place of the result, naming the field at fault by its label. */
    function fail(message, field, path, at) {
      box.hidden = true;
      shown = null;
      var label = field && field.labels && field.labels[0] ? field.labels[0].textContent.trim() : "";
      var named = label ? A.pathInWords(message, path, "“" + label + "”", at) : null;
      A.showError(error, named || (label ? label + ": " + message : message), field);
    }

    /* The first field that does not read: an empty, unreadable or fractional number, or a text that does
       not match its pattern (its data-error says how to write it). */
    function unreadable() {
      return Array.prototype.find.call(form.querySelectorAll("input"), function (input) {
        var v = input.validity;
        return !input.disabled && !input.closest("[hidden]") && (v.valueMissing || v.badInput || v.stepMismatch || v.patternMismatch);
      });
    }

    function run(body) {
      A.showError(error, "");
      return A.postJson(url + "?lang=" + lang, body).then(function (answer) {
        if (!answer.ok) {
          var refusal = answer.data.error || { message: T.error };
          fail(refusal.message, fieldAt(refusal.field), refusal.field, refusal.field_at);
          return;
        }
        var body_ = box.querySelector(".result-body");
        body_.textContent = "";
        render(answer.data, body_, body);
        var reasons = box.querySelector(".reasons");
        reasons.textContent = "";
        box.querySelector(".reasons-title").hidden = !answer.data.reasons.length;  // no empty "Why"
        answer.data.reasons.forEach(function (reason) {
          var li = el("li", {}, reason.message + " ");
          var link = ruleLink(reason.rule);
          link.classList.add("reason-rule");
          li.appendChild(link);
          reasons.appendChild(li);
        });
        var rules = box.querySelector(".rules");
        rules.textContent = "";
        answer.data.rules.forEach(function (id) {
          var li = el("li");
          li.appendChild(ruleLink(id));
          rules.appendChild(li);
        });
        var shared = {};
        shared[key] = JSON.stringify(body);
        share.href = A.stateUrl(shared);
        shown = JSON.stringify(body);
        A.markOutdated(box, false, T.outdated);
        box.hidden = false;
      }).catch(function () {
        fail(T.error, null);
      });
    }

    // These tools compute on the button: after an edit the answer on screen is for other
    // values, so it is marked outdated until the form reads as the request it answered.
    A.onEdit(form, function () {
      if (!box.hidden) { A.markOutdated(box, JSON.stringify(read()) !== shown, T.outdated); }
    });

    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var bad = unreadable();
      if (bad) {
        fail(bad.dataset.error || T.whole_number, bad);
        var folded = bad.closest("details");  // Parsec's event-card modifiers may be folded away
        if (folded) { folded.open = true; }
        bad.focus();
        return;
      }
      run(read());
    });
    share.addEventListener("click", function (event) {
      if (!navigator.clipboard && !navigator.share) { return; }
      event.preventDefault();
      A.share(share.href).then(function (how) { if (how === "copied") { share.textContent = T.copied; } }, function () {
        window.location.href = share.href;
      });
    });
    var saved = opened.get(key);
    if (saved) {
      try {
        var state = JSON.parse(saved);
        write(state);
        run(state);
      } catch (ignored) { /* a damaged link just shows the empty form */ }
    }
    A.keepState(function () {  // the form as it is, unless a field is half-typed
      var body = read(), kept = {};
      if (body) { kept[key] = JSON.stringify(body); }
      return kept;
    });
  }

  /* --- Lists of rows built from a <template> (targets, attacking ships) ------------------- */
  function rowList(list, template, addButton, max, onChange) {
    var counter = 0;
    function add(values) {
      var row = template.content.firstElementChild.cloneNode(true);
      counter += 1;
      row.querySelectorAll(".field").forEach(function (field) {
        var input = field.querySelector("[data-name]");
        var label = field.querySelector("label");
        if (input && label) {
          input.id = list.className + "-" + counter + "-" + input.dataset.name;
          label.htmlFor = input.id;
        }
      });
      Object.keys(values || {}).forEach(function (name) {
        var input = row.querySelector('[data-name="' + name + '"]');
        if (!input) { return; }
        if (input.type === "checkbox") { input.checked = !!values[name]; } else { input.value = String(values[name]); }
      });
      row.querySelector("[data-remove]").addEventListener("click", function () {
        if (list.children.length > 1) { row.remove(); refresh(); }
      });
      list.appendChild(row);
      refresh();
      return row;
    }
    function refresh() {
      addButton.disabled = list.children.length >= max;
      list.querySelectorAll("[data-remove]").forEach(function (b) { b.disabled = list.children.length <= 1; });
      if (onChange) { onChange(); }
    }
    function clear() { list.textContent = ""; }
    addButton.addEventListener("click", function () { if (list.children.length < max) { add(); } });
    list.addEventListener("change", function () { if (onChange) { onChange(); } });
    return { add: add, clear: clear };
  }

  function readRow(row) {
    var values = {};
    row.querySelectorAll("[data-name]").forEach(function (input) {
      values[input.dataset.name] = input.type === "checkbox" ? input.checked
        : (input.tagName === "SELECT" && isNaN(parseInt(input.value, 10)) ? input.value : parseInt(input.value, 10));
    });
    return values;
  }

  /* --- Galaxy ------------------------------------------------------------------------------ */
  function initGalaxy() {
    var form = document.getElementById("galaxy-attack");
    var list = form.querySelector(".target-list");
    var opportunities = document.getElementById("g-opportunities");
    var plan = document.getElementById("g-plan");
    function sync() {
      list.querySelectorAll(".target-row").forEach(function (row) {
        var isShip = row.querySelector('[data-name="target"]').value === "ship";
        row.querySelectorAll(".ship-only").forEach(function (part) { part.hidden = !isShip; });
        row.querySelectorAll(".base-only").forEach(function (part) { part.hidden = isShip; });
        var governor = row.querySelector('[data-name="defender_has_governor"]');
        var counter = row.querySelector('[data-name="counterattack"]');
        counter.disabled = !governor.checked;
        if (!governor.checked) { counter.checked = true; row.querySelector('[data-name="defender_phaser_banks"]').checked = false; }
      });
      if (plan.value === "different") { opportunities.value = String(list.children.length); }
    }
    var rows = rowList(list, document.getElementById("target-template"), form.querySelector(".add-target"),
      T.max_opportunities || 9, sync);
    rows.add();
    plan.addEventListener("change", sync);

    function read() {
      var targets = Array.prototype.map.call(list.children, function (row) {
        var values = readRow(row);
        if (values.target === "base") {
          return { target: "base", defender_phaser_banks: values.defender_phaser_banks, rows_left: values.rows_left };
        }
        return values;
      });
      return {
        attacker: intValue(document.getElementById("g-attacker")),
        attacker_phaser_banks: document.getElementById("g-attacker-phaser").checked,
        attacker_screens: document.getElementById("g-attacker-screens").checked,
        opportunities: intValue(opportunities),
        plan: plan.value,
        targets: targets
      };
    }
    function write(state) {
      document.getElementById("g-attacker").value = String(state.attacker);
      document.getElementById("g-attacker-phaser").checked = !!state.attacker_phaser_banks;
      document.getElementById("g-attacker-screens").checked = !!state.attacker_screens;
      plan.value = state.plan || "same";
      rows.clear();
      (state.targets || []).forEach(function (target) { rows.add(target); });
      if (!list.children.length) { rows.add(); }
      opportunities.value = String(state.opportunities || 1);
      sync();
    }
    function render(data, out) {
      var base = data.target === "base";
      var seq = data.sequence;
      var many = seq.opportunities > 1 || seq.targets.length > 1;
      if (many) { out.appendChild(el("h3", {}, T.first_attack)); }
      var figures = el("div", { "class": "figures" });
      figures.appendChild(bigFigure(base ? T.base_drops : T.attack_succeeds, data.attack_succeeds));
      if (!base) { figures.appendChild(bigFigure(T.counter_destroys, data.counterattack_destroys_attacker)); }
      figures.appendChild(bigFigure(T.nothing, data.nothing_happens));
      out.appendChild(figures);
      if (many) {
        out.appendChild(el("h3", {}, T.sequence));
        var summary = el("div", { "class": "figures" });
        summary.appendChild(bigFigure(T.attacker_destroyed, seq.attacker_destroyed));
        summary.appendChild(bigFigure(T.nothing_at_all, seq.nothing_happens));
        out.appendChild(summary);
        var shipRows = [];
        seq.targets.forEach(function (target, index) {
          var name = fill(T.target_n, { n: index + 1 });
          if (target.target === "ship") {
            shipRows.push({ label: name, p: target.destroyed });
          } else {
            out.appendChild(barChart(name + " — " + T.rows_lost, target.rows_lost.map(function (p, k) {
              return { label: String(k), p: p };
            })));
          }
        });
        if (shipRows.length) {
          out.appendChild(barChart(T.ship_destroyed, shipRows));
          out.appendChild(barChart(T.ships_destroyed, seq.ships_destroyed.map(function (p, k) {
            return { label: String(k), p: p };
          })));
        }
      }
    }
    connect(form, "galaxy-attack", "/api/combat/galaxy", read, write, render, "attack");

    var oForm = document.getElementById("galaxy-opportunities");
    var world = document.getElementById("o-world");
    function syncColumns() {
      oForm.querySelectorAll(".row-cell").forEach(function (cell) {
        var own = cell.dataset.world === world.value;
        cell.hidden = own;
        if (own) { cell.querySelector("select").value = ""; }
      });
    }
    world.addEventListener("change", syncColumns);
    syncColumns();
    function oRead() {
      var row = {};
      oForm.querySelectorAll(".row-cell select").forEach(function (select) {
        if (select.value !== "") { row[select.name.slice(4)] = parseInt(select.value, 10); }
      });
      return {
        world: world.value,
        value: intValue(document.getElementById("o-value")),
        covers: document.getElementById("o-covers").checked,
        face_down: document.getElementById("o-face-down").checked,
        governs_imperial: document.getElementById("o-imperial").checked,
        row: row
      };
    }
    /* Two worlds' ids until 2026-11-27: a link made then opens on today's ids (the state is the
       request sent, so it is mended in place). */
    var FORMER_IDS = { "ecup-contract": "ecup_contract", "kha-farjimmn": "khafarjimmn" };
    function currentIds(state) {
      state.world = FORMER_IDS[state.world] || state.world;
      Object.keys(FORMER_IDS).forEach(function (old) {
        if (state.row && old in state.row) { state.row[FORMER_IDS[old]] = state.row[old]; delete state.row[old]; }
      });
    }
    function oWrite(state) {
      currentIds(state);
      world.value = state.world;
      document.getElementById("o-value").value = String(state.value);
      document.getElementById("o-covers").checked = !!state.covers;
      document.getElementById("o-face-down").checked = !!state.face_down;
      document.getElementById("o-imperial").checked = !!state.governs_imperial;
      oForm.querySelectorAll(".row-cell select").forEach(function (select) {
        var v = (state.row || {})[select.name.slice(4)];
        select.value = v === undefined ? "" : String(v);
      });
      syncColumns();
    }
    function oRender(data, out) {
      var figures = el("div", { "class": "figures" });
      var count = el("div", { "class": "figure" });
      count.appendChild(el("div", { "class": "big-number" }, String(data.opportunities)));
      count.appendChild(el("div", { "class": "figure-label" }, T.opportunities));
      figures.appendChild(count);
      figures.appendChild(bigFigure(T.sensors, data.sensors_reveal));
      out.appendChild(figures);
    }
    connect(oForm, "galaxy-opportunities", "/api/combat/galaxy/opportunities", oRead, oWrite, oRender, "opportunities");
  }

  /* --- Parsec ------------------------------------------------------------------------------ */
  function initParsec() {
    var form = document.getElementById("parsec-form");
    var list = form.querySelector(".attacker-list");
    var defender = document.getElementById("p-defender");
    var rows = rowList(list, document.getElementById("attacker-template"), form.querySelector(".add-attacker"),
      T.max_attackers);
    rows.add({ unit: "cruiser" });
    function syncDefender() {
      var colony = defender.value === "colony";
      form.querySelector(".colony-only").hidden = !colony;
      if (!colony) { document.getElementById("p-linked").value = "1"; }
    }
    defender.addEventListener("change", syncDefender);
    syncDefender();
    var numbers = ["attack_modifier", "defense_modifier", "counter_attack_modifier", "counter_defense_modifier",
      "attacker_range_bonus", "defender_range_bonus"];

    function read() {
      var body = {
        attackers: Array.prototype.map.call(list.children, readRow),
        defender: {
          unit: defender.value,
          linked_colonies: intValue(document.getElementById("p-linked")),
          surrounded: document.getElementById("p-surrounded").checked
        },
        defender_choice: document.getElementById("p-defender-choice").value,
        attacker_choice: document.getElementById("p-attacker-choice").value,
        cargo_attacks: document.getElementById("p-cargo-attacks").checked
      };
      numbers.forEach(function (name) { body[name] = intValue(form.elements[name]); });
      return body;
    }
    function write(state) {
      rows.clear();
      (state.attackers || []).forEach(function (ship) { rows.add(ship); });
      if (!list.children.length) { rows.add(); }
      var d = state.defender || {};
      defender.value = d.unit || "colony";
      document.getElementById("p-linked").value = String(d.linked_colonies || 1);
      document.getElementById("p-surrounded").checked = !!d.surrounded;
      document.getElementById("p-defender-choice").value = state.defender_choice || "counterattack";
      document.getElementById("p-attacker-choice").value = state.attacker_choice || "continue";
      document.getElementById("p-cargo-attacks").checked = !!state.cargo_attacks;
      numbers.forEach(function (name) { form.elements[name].value = String(state[name] || 0); });
      syncDefender();
    }
    function render(data, out) {
      var figures = el("div", { "class": "figures" });
      figures.appendChild(bigFigure(T.attack_succeeds, data.attack_succeeds));
      out.appendChild(figures);
      out.appendChild(el("p", { "class": "meta" }, fill(T.bonuses, { a: data.attack_bonus, d: data.defense_bonus })));
      // The defender's answer to a first attack it holds: fire back, move away, or nothing it can do.
      out.appendChild(el("p", {}, data.defender_response === "counterattack"
        ? fill(T.counter, { n: data.counterattack_target + 1 }) + ": " + pct(data.counterattack_succeeds)
        : data.defender_response === "evade" ? T.evades : T.no_counter));
      var rowsOut = Object.keys(data.exchange).filter(function (k) { return data.exchange[k] > 0; })
        .map(function (k) { return { label: T.outcomes[k], p: data.exchange[k] }; });
      out.appendChild(barChart(T.exchange, rowsOut));
      out.appendChild(barChart(T.ships_lost, data.ships_lost.map(function (p, k) {
        return { label: String(k), p: p };
      })));
    }
    connect(form, "parsec", "/api/combat/parsec", read, write, render, "s");
  }

  /* --- Race for the Galaxy ------------------------------------------------------------------- */
  function initRftg() {
    var form = document.getElementById("rftg-form");
    var military = document.getElementById("r-military");
    function read() {
      if (military.validity.patternMismatch) { return null; }  // the pattern says how to write it
      var values = military.value.split(/[,;\s]+/).filter(Boolean).map(function (part) { return parseInt(part, 10); });
      return {
        defense: intValue(document.getElementById("r-defense")),
        military: values,
        specialized_bonus: intValue(document.getElementById("r-specialized")),
        discard_power: document.getElementById("r-discard").checked,
        space_mercenaries: document.getElementById("r-mercenaries").checked,
        hand_size: intValue(document.getElementById("r-hand")),
        second_world: document.getElementById("r-second").checked,
        discarded_this_phase: intValue(document.getElementById("r-earlier"))
      };
    }
    function write(state) {
      document.getElementById("r-defense").value = String(state.defense);
      military.value = (state.military || []).join(", ");
      document.getElementById("r-specialized").value = String(state.specialized_bonus || 0);
      document.getElementById("r-discard").checked = !!state.discard_power;
      document.getElementById("r-mercenaries").checked = !!state.space_mercenaries;
      document.getElementById("r-hand").value = String(state.hand_size || 0);
      document.getElementById("r-second").checked = !!state.second_world;
      document.getElementById("r-earlier").value = String(state.discarded_this_phase || 0);
      if (state.second_world || state.discarded_this_phase) { document.getElementById("r-second-world").open = true; }
    }
    function render(data, out) {
      var verdict = el("div", { "class": "verdict " + (data.conquerable ? "yes" : "no") }, data.conquerable ? T.yes : T.no);
      verdict.classList.add("big-number");
      out.appendChild(verdict);
      if (data.conquerable) { out.appendChild(el("p", {}, fill(T.discards, { n: data.discards_needed }))); }
      out.appendChild(el("p", { "class": "meta" }, fill(T.force, { f: data.force, m: data.max_force, d: data.defense })));
    }
    connect(form, "rftg", "/api/conquest/rftg", read, write, render, "s");
  }

  ({ galaxy: initGalaxy, parsec: initParsec, rftg: initRftg })[root.dataset.tool]();
}());
