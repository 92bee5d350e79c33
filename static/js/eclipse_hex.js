/* Eclipse, more than two factions in a hex: factions in order of arrival (each built with
   EclipseFleet), the controller, share link and each faction's chance to hold the hex.
   No inline scripts (CSP). */
(function () {
  "use strict";
  var A = window.Astrolabio;
  var F = window.EclipseFleet;
  var T = F.T, DATA = F.DATA, el = F.el;

  function interceptors(n) { var g = F.newGroup("interceptor"); g.count = n; return g; }
  function defaultState() {
    return {
      factions: [
        { name: T.colours[0], ships: [interceptors(2)] },
        { name: T.colours[1], ships: [F.newGroup("cruiser")] },
        { name: T.colours[2], ships: [interceptors(2)] }
      ],
      controller: 0,
      targeting: "optimal"
    };
  }
  var state = defaultState();

  /* A faction's name as sent: the typed one, or "Faction N" when left empty. */
  function nameOf(f, i) { return f.name.trim() || F.fmt(T.faction, i + 1); }
  function freeColour() {
    var used = state.factions.map(function (f) { return f.name; });
    return T.colours.filter(function (c) { return used.indexOf(c) < 0; })[0] || "";
  }

  var box = document.getElementById("hx-factions");
  var controller = document.getElementById("hx-controller");
  var targeting = document.getElementById("hx-targeting");

  function renderControllerOptions() {
    controller.textContent = "";
    controller.appendChild(el("option", { value: "-1" }, T.nobody));
    state.factions.forEach(function (f, i) { controller.appendChild(el("option", { value: String(i) }, nameOf(f, i))); });
    controller.value = String(state.controller);
  }
  function renderFaction(card, i) {
    var f = state.factions[i];
    card.textContent = "";
    card.appendChild(el("legend", {}, F.fmt(T.faction, i + 1) + (i === 0 ? " · " + T.first_arrival : "")));
    var nameId = "hx-name-" + i;
    var field = el("div", { "class": "field" });
    field.appendChild(el("label", { "for": nameId }, T.name));
    field.appendChild(el("input", { type: "text", id: nameId, "class": "hx-name", maxlength: "40", value: f.name,
                                    autocomplete: "off" }));
    card.appendChild(field);
    card.appendChild(F.speciesField(f.species));
    var groups = el("div", { "class": "ec-groups" });
    card.appendChild(groups);
    F.renderGroups(groups, f.ships, true, nameOf(f, i), f.species);
    var actions = el("p", { "class": "ec-actions" });
    actions.appendChild(el("button", { type: "button", "class": "btn ec-add" }, T.add_group));
    actions.appendChild(el("button", { type: "button", "class": "btn ec-preset", "data-preset": "ancient" }, T.ancients));
    actions.appendChild(el("button", { type: "button", "class": "btn ec-preset", "data-preset": "gcds" }, T.gcds));
    if (state.factions.length > 2) {
      actions.appendChild(el("button", { type: "button", "class": "btn hx-remove",
                                         "aria-label": T.remove_faction + ": " + nameOf(f, i) }, T.remove_faction));
    }
    card.appendChild(actions);
  }
  function renderAll() {
    box.textContent = "";
    state.factions.forEach(function (f, i) {
      var card = el("fieldset", { "class": "card ec-side hx-faction", "data-index": String(i) });
      box.appendChild(card);
      renderFaction(card, i);
    });
    document.getElementById("hx-add").hidden = state.factions.length >= DATA.max_factions;
    renderControllerOptions();
    targeting.value = state.targeting;
  }

  function factionOf(node) { return node.closest(".hx-faction"); }
  function shipsOf(card) { return state.factions[+card.getAttribute("data-index")].ships; }
  function speciesOf(card) { return state.factions[+card.getAttribute("data-index")].species; }
  function redraw(card) { renderFaction(card, +card.getAttribute("data-index")); }

  var form = document.getElementById("hx-form");
  form.addEventListener("input", function (ev) {
    var group = ev.target.closest(".ec-group");
    if (group) { F.readGroup(group, shipsOf(factionOf(group)), speciesOf(factionOf(group))); }
    if (ev.target.classList.contains("hx-name")) {
      var card = factionOf(ev.target), i = +card.getAttribute("data-index");
      state.factions[i].name = ev.target.value;
      var name = nameOf(state.factions[i], i);
      controller.options[i + 1].textContent = name;
      card.querySelectorAll(".ec-group").forEach(function (g, k) {  // accessible names follow the name
        g.setAttribute("aria-label", F.groupLabel(name, k));
      });
      var remove = card.querySelector(".hx-remove");
      if (remove) { remove.setAttribute("aria-label", T.remove_faction + ": " + name); }
    }
  });
  form.addEventListener("change", function (ev) {
    var group = ev.target.closest(".ec-group");
    if (group && F.changed(ev.target, group, shipsOf(factionOf(group)), speciesOf(factionOf(group)))) {
      redraw(factionOf(group));
      return;
    }
    if (ev.target.classList.contains("ec-species")) {  // the species' preset fills the blueprints
      var f = state.factions[+factionOf(ev.target).getAttribute("data-index")];
      f.species = ev.target.value;
      F.withSpecies(f.ships, f.species);
      redraw(factionOf(ev.target));
      return;
    }
    state.controller = +controller.value;
    state.targeting = targeting.value;
  });
  form.addEventListener("click", function (ev) {
    var b = ev.target.closest("button");
    if (!b) { return; }
    if (b.id === "hx-add") {
      state.factions.push({ name: freeColour(), ships: [F.newGroup("interceptor")] });
      renderAll();
      box.lastElementChild.querySelector(".hx-name").focus();
      return;
    }
    var card = factionOf(b);
    if (!card) { return; }
    var group = b.closest(".ec-group");
    if (group) {
      if (F.clicked(b, group, shipsOf(card), speciesOf(card))) { redraw(card); }
    } else if (b.classList.contains("ec-add")) {
      if (F.addGroup(shipsOf(card), speciesOf(card), true)) { redraw(card); }
    } else if (b.classList.contains("ec-preset")) {
      state.factions[+card.getAttribute("data-index")].ships = F.preset(b.getAttribute("data-preset"));
      // Nobody controls a hex the Ancients or the GCDS still hold (ESPLORAZIONE): no disc goes there first.
      state.controller = -1;
      controller.value = "-1";
      redraw(card);
    } else if (b.classList.contains("hx-remove")) {
      var i = +card.getAttribute("data-index");
      state.factions.splice(i, 1);
      state.controller = state.controller === i ? -1 : state.controller > i ? state.controller - 1 : state.controller;
      renderAll();
      document.getElementById("hx-add").focus();
    }
  });

  /* ----- the request, the share link ----- */
  function request() {
    return {
      targeting: state.targeting,
      factions: state.factions.map(function (f, i) {
        return { name: nameOf(f, i), entered: i, controller: state.controller === i, species: f.species || "terran",
                 ships: f.ships.map(F.groupJson) };
      })
    };
  }

  /* ----- results ----- */
  function show(res, body, computed, focus) {
    var hold = document.getElementById("hx-hold");
    hold.textContent = "";
    F.bars(hold, body.factions.map(function (f) { return [f.name, res.hold[f.name]]; }));
    document.getElementById("hx-sequence").textContent = T.sequence + ": " + res.sequence.join(" → ");
    document.getElementById("hx-battles").textContent = F.fmt(T.battles, res.battles);
    F.reasonsAndRules(res, document.getElementById("hx-reasons"), document.getElementById("hx-rules"));
    document.getElementById("hx-share-link").href = F.shareUrl(computed);
    document.getElementById("hx-results").hidden = false;
    if (focus) { document.getElementById("hx-results-title").focus(); }
  }

  /* Live (debounced) like the two-sided page; only the button moves the reader to the answer. */
  var progress = document.getElementById("hx-progress");
  var live = A.live(form, function (ticket) { compute(false, ticket); }, 500);
  function compute(focus, ticket) {
    var body = request(), computed = F.snapshot(state);
    F.run("/api/combat/eclipse/hex?lang=" + DATA.lang, body, document.getElementById("hx-compute"), progress,
          document.getElementById("hx-error"), function (res) { show(res, body, computed, focus); },
          ticket === undefined ? null : function () { return !live.current(ticket); },
          function (key, i) {
            if (key !== "factions") { return null; }
            if (i === null) { return { name: T.factions, ships: [] }; }  // the whole list
            var f = computed.factions[i];
            return f ? { name: nameOf(f, i), ships: f.ships } : null;
          });
  }
  form.addEventListener("submit", function (ev) { ev.preventDefault(); compute(true); });
  F.shareButton("hx", progress, function () { return state; });

  var shared = F.sharedState(function (s) {
    return s && Array.isArray(s.factions) && s.factions.length >= 2 && s.factions.length <= DATA.max_factions &&
      s.factions.every(function (f) {
        return f && typeof f.name === "string" && F.validGroups(f.ships) &&
          (f.species === undefined || F.validSpecies(f.species));
      }) &&
      Number.isInteger(s.controller) && s.controller >= -1 && s.controller < s.factions.length &&
      F.validTargeting(s.targeting);
  });
  if (shared) { state = shared; }
  renderAll();
  if (shared) { compute(true); }
  A.keepState(function () { return { s: A.encodeState(state) }; });
})();
