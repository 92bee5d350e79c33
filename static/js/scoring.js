/* Score sheets: draws the sheet described by #sheet-schema, keeps it in localStorage and in a
   share link, and asks POST /api/score/<game> for totals, breakdowns and the winner as you type.
   All words come translated from the page (#i18n) or from the API; this file holds no language. */
(function () {
  "use strict";

  const form = document.getElementById("sheet");
  if (!form) return;
  const A = window.Astrolabio;
  const schema = A.readJson("sheet-schema");
  const t = A.readJson("i18n");
  const config = A.readJson("sheet-config");
  const storageKey = "astrolabio.scoring." + schema.id;
  const $ = (id) => document.getElementById(id);
  const fmt = A.fill;

  const el = A.el;

  /* ---------- state ---------- */

  function defaultValue(field) {
    if (field.kind === "bool") return false;
    if (field.kind === "checks") return (field.default || []).slice();
    return field.default !== undefined ? String(field.default) : (field.optional || field.kind === "ints" || field.kind === "player" ? "" : "0");
  }

  function newPlayer(n) {
    const values = {};
    schema.rows.forEach((f) => { values[f.key] = defaultValue(f); });
    return { name: fmt(t.player, { n: n }), values: values };
  }

  function defaultState() {
    const game = {};
    schema.game_fields.forEach((f) => { game[f.key] = defaultValue(f); });
    const count = Math.max(schema.min_players, Math.min(2, schema.max_players));
    return { game: game, players: Array.from({ length: count }, (_, i) => newPlayer(i + 1)) };
  }

  /* A name nobody typed ("Player 2", kept from the sheet as first opened in another language) in
     this page's language; any other name as it is. */
  function pageName(name) {
    for (const template of t.default_names) {
      const [before, after] = template.split("%(n)s");
      const n = name.startsWith(before) && name.endsWith(after) ? name.slice(before.length, name.length - after.length) : "";
      if (/^[1-9]\d?$/.test(n)) return fmt(t.player, { n: Number(n) });
    }
    return name;
  }

  /* A stored or shared sheet is trusted only as far as its shape: unknown keys are dropped. */
  function sanitize(raw) {
    const clean = defaultState();
    if (!raw || typeof raw !== "object") return clean;
    schema.game_fields.forEach((f) => {
      if (!raw.game || !(f.key in raw.game)) return;
      const value = raw.game[f.key];  // a field naming a player names them as the sheet now does
      clean.game[f.key] = f.kind === "player" && typeof value === "string" ? pageName(value) : value;
    });
    if (Array.isArray(raw.players) && raw.players.length) {
      clean.players = raw.players.slice(0, schema.max_players).map((p, i) => {
        const player = newPlayer(i + 1);
        if (p && typeof p.name === "string") player.name = pageName(p.name.slice(0, 40));
        schema.rows.forEach((f) => { if (p && p.values && f.key in p.values) player.values[f.key] = p.values[f.key]; });
        return player;
      });
    }
    return clean;
  }

  function loadState() {
    const shared = new URLSearchParams(location.search).get("sheet");
    try {
      if (shared) return sanitize(A.decodeState(shared));
      const stored = localStorage.getItem(storageKey);
      if (stored) return sanitize(JSON.parse(stored));
    } catch (e) { /* a broken link or store falls back to a fresh sheet */ }
    return defaultState();
  }

  let state = loadState();

  function solitaire() { return !!state.game.solitaire; }
  function maxPlayers() { return solitaire() ? 1 : schema.max_players; }
  function minPlayers() { return solitaire() ? 1 : Math.max(schema.min_players, schema.game_fields.some((f) => f.key === "solitaire") ? 2 : 1); }
  function activePlayers() { return state.players.slice(0, maxPlayers()); }

  function visible(field) {
    if (field.min_players && activePlayers().length < field.min_players) return false;  // e.g. Eclipse diplomacy
    if (field.solitaire && !solitaire()) return false;
    if (field.multiplayer && solitaire()) return false;
    if (field.most && (solitaire() || !state.game["most_" + field.most])) return false;
    if (field.world && Array.isArray(state.game.surviving_worlds) && !state.game.surviving_worlds.includes(field.world)) return false;
    return true;
  }

  /* ---------- drawing ---------- */

  function input(field, id, value, onChange) {
    let node;
    if (field.kind === "bool") {
      node = el("input", { type: "checkbox", id: id });
      node.checked = !!value;
    } else if (field.kind === "select" || field.kind === "player") {
      node = el("select", { id: id });
      const opts = field.kind === "player"
        ? [["", "—"]].concat(activePlayers().map((p) => [p.name, p.name]))
        : field.options;
      opts.forEach(([v, label]) => node.append(el("option", { value: v }, label)));
      node.value = value;
    } else {
      const numeric = field.kind === "int";
      node = el("input", {
        type: "text", id: id, inputmode: numeric ? "numeric" : "text", autocomplete: "off",
        pattern: numeric ? "-?[0-9]*" : null,
        placeholder: numeric && field.max !== undefined ? (field.min || 0) + "–" + field.max : null,
      });
      node.value = value;
    }
    node.addEventListener(field.kind === "bool" || node.tagName === "SELECT" ? "change" : "input", () => {
      onChange(field.kind === "bool" ? node.checked : node.value);
    });
    return node;
  }

  /* A game-wide field's input id ("g-last_player"), for drawing it and for marking it. */
  function gameFieldId(key) { return "g-" + key.replace(/\./g, "-"); }

  function drawGameFields() {
    const box = $("game-fields");
    box.querySelectorAll(".field, fieldset").forEach((n) => n.remove());
    schema.game_fields.forEach((f) => {
      if (!visible(f)) return;
      const id = gameFieldId(f.key);
      if (f.kind === "checks") {
        const group = el("fieldset", { class: "checks" }, [el("legend", {}, f.label)]);
        f.options.forEach(([v, label]) => {
          const box2 = el("input", { type: "checkbox", id: id + "-" + v, value: v });
          box2.checked = state.game[f.key].includes(v);
          box2.addEventListener("change", () => {
            const set = new Set(state.game[f.key]);
            if (box2.checked) set.add(v); else set.delete(v);
            state.game[f.key] = f.options.map((o) => o[0]).filter((k) => set.has(k));
            changed(true);
          });
          group.append(el("label", { for: id + "-" + v }, [box2, " " + label]));
        });
        box.append(group);
        return;
      }
      const structural = f.key === "solitaire" || f.key.startsWith("most_");
      const node = input(f, id, state.game[f.key], (v) => { state.game[f.key] = v; changed(structural); });
      const wrap = el("div", { class: f.kind === "bool" ? "field field-check" : "field" });
      if (f.kind === "bool") wrap.append(el("label", { for: id }, [node, " " + f.label]));
      else wrap.append(el("label", { for: id }, f.label), node);
      box.append(wrap);
    });
    box.hidden = !box.querySelector(".field, fieldset");
  }

  function drawTable() {
    const players = activePlayers();
    const nameRow = $("name-row");
    while (nameRow.children.length > 1) nameRow.lastChild.remove();
    players.forEach((p, i) => {
      const id = "p" + i + "-name";
      const nameInput = el("input", { type: "text", id: id, maxlength: "40", autocomplete: "off", class: "player-name" });
      nameInput.value = p.name;
      nameInput.addEventListener("input", () => {
        p.name = nameInput.value;
        document.querySelectorAll('label[data-col="' + i + '"]').forEach((l) => { l.textContent = l.dataset.row + " — " + p.name; });
        changed(false, true);
      });
      const cell = el("th", { scope: "col" }, [el("label", { for: id, class: "visually-hidden" }, fmt(t.name, { n: i + 1 })), nameInput]);
      if (players.length > minPlayers()) {
        const remove = el("button", { type: "button", class: "btn remove no-print", "aria-label": fmt(t.remove, { n: i + 1 }) }, "×");
        remove.addEventListener("click", () => { state.players.splice(i, 1); changed(true); });
        cell.append(remove);
      }
      nameRow.append(cell);
    });
    const body = $("rows");
    body.textContent = "";
    schema.rows.forEach((f, r) => {
      if (!visible(f)) return;
      const rowId = "row-" + r;
      // A compact row label on a phone: the typing hint in brackets goes to a smaller second line.
      const parts = /^(.*?)\s*(\([^()]*\))$/.exec(f.label);
      const heading = parts ? [parts[1], el("span", { class: "hint" }, parts[2])] : f.label;
      const tr = el("tr", { class: f.group ? "group-" + f.group : null }, [el("th", { scope: "row", id: rowId }, heading)]);
      players.forEach((p, i) => {
        const id = "p" + i + "-" + r;
        const node = input(f, id, p.values[f.key], (v) => { p.values[f.key] = v; changed(false); });
        const label = el("label", { for: id, class: "visually-hidden", "data-col": i }, f.label + " — " + p.name);
        label.dataset.row = f.label;
        tr.append(el("td", {}, [label, node]));
      });
      body.append(tr);
    });
    const totals = $("total-row");
    while (totals.children.length > 1) totals.lastChild.remove();
    players.forEach((_, i) => totals.append(el("td", { id: "total-" + i, class: "total" })));
    $("add-player").disabled = state.players.length >= maxPlayers();
  }

  /* Redrawing replaces the inputs: keep keyboard focus on the control that caused it. */
  function draw() {
    const focused = document.activeElement && document.activeElement.id;
    drawGameFields();
    drawTable();
    const again = focused && document.getElementById(focused);
    if (again) again.focus();
  }

  /* ---------- the request body ---------- */

  function value(field, raw) {
    if (field.kind === "bool") return !!raw;
    if (field.kind === "checks") return raw;
    const text = String(raw === undefined || raw === null ? "" : raw).trim();
    if (field.kind === "ints") {
      return text.split(/[\s,;+]+/).filter(Boolean).map((tok) => (/^-?\d+$/.test(tok) ? Number(tok) : tok));
    }
    if (field.kind === "int" || field.numeric) {
      if (text === "") return field.optional ? undefined : 0;
      return /^-?\d+$/.test(text) ? Number(text) : text;
    }
    return text;
  }

  function setPath(obj, path, v) {
    const keys = path.split(".");
    let node = obj;
    keys.slice(0, -1).forEach((k) => { node = node[k] = node[k] || {}; });
    node[keys[keys.length - 1]] = v;
  }

  function nested(fields, values) {
    const out = {};
    fields.forEach((f) => {
      if (!visible(f)) return;
      const v = value(f, values[f.key]);
      if (v !== undefined) setPath(out, f.key, v);
    });
    return out;
  }

  const ADAPT = {
    galaxy: function (game, players) {
      const names = players.map((p) => p.name);
      const body = { players: names, surviving_worlds: game.surviving_worlds, bases: [], secret_bases: [], hands: {} };
      if (game.last_player) body.last_player = game.last_player;
      players.forEach((p) => {
        Object.entries(p.bases || {}).forEach(([world, list]) => list.forEach((inf) => body.bases.push({ player: p.name, world: world, influence: inf })));
        if (p.secret && p.secret.world) body.secret_bases.push({ player: p.name, world: p.secret.world, revealed_by_sensors_at_end: !!p.secret.sensors });
        const hand = [];
        Object.entries(p.hand || {}).forEach(([world, list]) => list.forEach((v) => hand.push({ world: world, value: v })));
        if (hand.length) body.hands[p.name] = hand;
      });
      return body;
    },
    rftg: function (game, players) {
      const most = [game.most_1, game.most_2].map((goal, k) => (goal ? { goal: goal, values: {} } : null));
      const body = {
        players: players.map((p) => {
          const out = { name: p.name, vp_chips: p.vp_chips, card_vp: p.card_vp, six_dev_bonus: { other: p.six_other } };
          out.first_goals = Object.entries(p.first || {}).filter(([, on]) => on).map(([g]) => g);
          if (p.ggp && p.ggp.has) out.six_dev_bonus.galactic_genome_project = { gene_worlds: p.ggp.gene_worlds, genetic_labs: p.ggp.genetic_labs };
          if (p.tg && p.tg.has) out.six_dev_bonus.terraforming_guild = { windfall_worlds: p.tg.windfall_worlds, terraforming_cards: p.tg.terraforming_cards };
          if (p.il && p.il.has) out.six_dev_bonus.imperium_lords = { imperium_cards: p.il.imperium_cards, other_military_worlds: p.il.other_military_worlds };
          out.cards_and_goods = p.cards_and_goods;
          [1, 2].forEach((k) => { if (most[k - 1] && p["most_" + k] !== undefined) most[k - 1].values[p.name] = p["most_" + k]; });
          return out;
        }),
      };
      if (game.solitaire) body.robot = game.robot || {};
      else body.most_goals = most.filter(Boolean);
      return body;
    },
  };

  function requestBody() {
    const game = nested(schema.game_fields, state.game);
    const players = activePlayers().map((p) => Object.assign({ name: p.name }, nested(schema.rows, p.values)));
    if (ADAPT[schema.id]) return ADAPT[schema.id](game, players);
    delete game.solitaire;
    return Object.assign(game, { players: players });
  }

  /* ---------- results ---------- */

  const ruleLink = A.ruleLink;

  /* The cell an API error names ("players[1].tech.grid"), when the sheet has a row for it. */
  function cellFor(field) {
    if (schema.game_fields.some((f) => f.key === field)) return document.getElementById(gameFieldId(field));
    const match = /^players\[(\d+)\]\.([\w.]+?)(\[\d+\])?$/.exec(field || "");
    if (!match) return null;
    const row = schema.rows.findIndex((f) => f.key === match[2]);
    return row < 0 ? null : document.getElementById("p" + match[1] + "-" + row);
  }

  /* A label without its typing hint in brackets: "Victory points (0-14)" -> "Victory points". */
  function bare(label) { return label.replace(/\s*\(.*\)\s*$/, ""); }

  /* Where a refused value sits, in words: "Anna: Reputation tiles no. 2" for the API's
     players[0].reputation[1], or a game-wide field's bare label. */
  function placeOf(field) {
    const game = schema.game_fields.find((f) => f.key === field);
    if (game) return { words: bare(game.label), row: game };
    const match = /^players\[(\d+)\]\.([\w.]+?)(?:\[(\d+)\])?$/.exec(field || "");
    if (!match) return null;
    const player = state.players[Number(match[1])];
    if (player && match[2] === "name") return { words: fmt(t.name, { n: Number(match[1]) + 1 }), row: {} };
    const row = schema.rows.find((f) => f.key === match[2]);
    if (!player || !row) return null;
    const name = player.name.trim() || fmt(t.player, { n: Number(match[1]) + 1 });
    const item = match[3] === undefined ? "" : " " + fmt(t.item, { n: Number(match[3]) + 1 });
    return { words: name + ": " + bare(row.label) + item, row: row };
  }

  /* The API's refusal with its field path said in words (and a range said as the sheet's own). */
  function errorText(error) {
    const place = placeOf(error.field);
    if (!place) return error.message;
    if (error.code === "out_of_range" && place.row.max !== undefined) {
      // A row whose maximum is a game setting (TI4's VP: the track's side) says that one.
      const max = place.row.max_from ? Number(state.game[place.row.max_from]) : place.row.max;
      return fmt(t.out_of_range, { where: place.words, min: place.row.min === undefined ? 0 : place.row.min,
                                   max: max });
    }
    return A.pathInWords(error.message, error.field, "“" + place.words + "”", error.field_at) || error.message;
  }

  /* An error blanks the last result: stale totals next to a refused sheet would mislead. */
  /* ``plain``: the message is not about the sheet (no connection), so no "Check the sheet:". */
  function showError(text, field, plain) {
    A.showError($("sheet-error"), text ? (plain ? text : t.error + ": " + text) : "", cellFor(field));
    if (!text) return;
    ["winner", "tie-break", "verdicts", "breakdown", "cited"].forEach((id) => { $(id).textContent = ""; });
    $("cited-line").hidden = true;
    document.querySelectorAll("#total-row td").forEach((cell) => { cell.textContent = ""; });
  }

  function render(result) {
    showError("");
    const byName = {};
    result.players.forEach((p) => { byName[p.name] = p; });
    activePlayers().forEach((p, i) => {
      const cell = $("total-" + i);
      const found = byName[p.name];
      if (cell) cell.textContent = found ? String(found.total) : "";
    });
    // No line at all is a sheet nobody has filled in yet: it names no winner, and no tie-break,
    // until something is entered (lines that all score 0 are a real, if rare, finished game).
    const blank = result.players.every((p) => p.total === 0 && !p.breakdown.length);
    const winner = $("winner");
    if (!result.game_over) winner.textContent = t.ongoing;
    else if (blank) winner.textContent = t.blank;
    else if (result.winner) winner.textContent = fmt(t.winner, { name: result.winner });
    else winner.textContent = fmt(t.shared, { names: result.co_winners.join(", ") });
    const tie = $("tie-break");
    tie.textContent = "";
    if (result.tie_break && !blank) {
      // The rungs that left several tied first (Galaxy's hand value), then the one that decided.
      result.narrowed_by.forEach((r) => tie.append(el("span", { class: "rung" },
        [t.still_tied + ": " + r.message + " ", ruleLink(r.rule, result.citations)])));
      const decided = result.tie_break.code !== "tie_unbroken" && result.winner;
      tie.append(el("span", { class: "rung" }, [(decided ? t.decided_by + ": " : "") + result.tie_break.message + " ",
        ruleLink(result.tie_break.rule, result.citations)]));
    }
    const verdicts = $("verdicts");
    verdicts.textContent = "";
    result.verdicts.forEach((v) => verdicts.append(el("li", {}, [v.message + " ", ruleLink(v.rule, result.citations)])));
    const box = $("breakdown");
    box.textContent = "";
    result.players.forEach((p) => {
      const list = el("ol", { class: "lines" });
      p.breakdown.forEach((line) => list.append(el("li", {}, [
        el("span", { class: "line-text" }, line.message),
        el("span", { class: "line-points" }, (line.points > 0 ? "+" : "") + line.points + " " + t[schema.unit || "points"]),
        ruleLink(line.rule, result.citations),
      ])));
      if (!p.breakdown.length) list.append(el("li", { class: "meta" }, t.no_lines));
      box.append(el("article", { class: "card player-breakdown" }, [
        el("h3", {}, [p.name + " — ", el("strong", { class: "player-total" }, String(p.total))]), list,
      ]));
    });
    const cited = $("cited");
    cited.textContent = "";
    result.rules.forEach((rule, k) => { if (k) cited.append(" · "); cited.append(ruleLink(rule, result.citations)); });
    $("cited-line").hidden = !result.rules.length;
  }

  let pending = null;
  let sequence = 0;
  function compute() {
    const mine = ++sequence;
    A.postJson(schema.api + "?lang=" + encodeURIComponent(config.lang), requestBody())
      .then(({ ok, data }) => {
        if (mine !== sequence) return; // a newer request is on its way
        if (ok) render(data); else showError(data.error ? errorText(data.error) : "", data.error && data.error.field);
      })
      .catch(() => { if (mine === sequence) showError(t.unreachable, null, true); });
  }
  // Back online, the totals and checks come back without waiting for the next keystroke.
  window.addEventListener("online", () => compute());

  /* ---------- saving and sharing ---------- */

  function shareUrl() {
    return A.stateUrl({ sheet: A.encodeState(state) });
  }

  function changed(structural, renamed) {
    try { localStorage.setItem(storageKey, JSON.stringify(state)); } catch (e) { /* private mode: the link still works */ }
    $("share-link").value = shareUrl();
    if (structural) draw();
    else if (renamed) drawGameFields();
    clearTimeout(pending);
    pending = setTimeout(compute, 200);
  }

  $("add-player").addEventListener("click", () => {
    if (state.players.length < maxPlayers()) state.players.push(newPlayer(state.players.length + 1));
    changed(true);
  });
  $("reset-sheet").addEventListener("click", () => { state = defaultState(); changed(true); });
  $("print-sheet").addEventListener("click", () => window.print());
  $("copy-link").addEventListener("click", () => {
    const link = $("share-link");
    link.select();
    const done = (text) => { $("share-status").textContent = text; };
    A.share(link.value).then((how) => done(how === "copied" ? t.copied : ""), () => done(t.copy_failed));
  });

  draw();
  changed(false);
  // The address always holds the sheet as it is: a reload or the language toggle keeps it, even
  // when the page was opened from a shared link (which would otherwise win over the stored sheet).
  A.keepState(() => ({ sheet: A.encodeState(state) }));

  /* ---------- TI4: the claim checker ---------- */

  const claimForm = document.getElementById("claim-form");
  if (claimForm) {
    const claimBody = () => {
      const body = { claimed_this_phase: {} };
      claimForm.querySelectorAll("input, select").forEach((node) => {
        let v = node.type === "checkbox" ? node.checked : node.value.trim();
        if (node.type === "number") v = /^-?\d+$/.test(v) ? Number(v) : v;
        if (node.name === "objective_phase" && v === "") return;
        setPath(body, node.name, v);
      });
      return body;
    };
    let asked = 0;
    const check = () => {
      const mine = ++asked;
      A.postJson(claimForm.dataset.api + "?lang=" + encodeURIComponent(config.lang), claimBody()).then(({ data }) => {
        if (mine !== asked) return; // an answer to an older state of the form
        const verdict = $("claim-verdict");
        const list = $("claim-reasons");
        list.textContent = "";
        if (data.error) { verdict.textContent = ""; list.append(el("li", { class: "error" }, data.error.message)); return; }
        verdict.textContent = data.allowed ? t.allowed : t.refused;
        verdict.className = "big-number " + (data.allowed ? "ok" : "bad");
        data.reasons.forEach((r) => list.append(el("li", {}, [r.message + " ", ruleLink(r.rule, data.citations)])));
      }).catch(() => { if (mine === asked) $("claim-verdict").textContent = t.unreachable; });
    };
    claimForm.addEventListener("change", check);
    claimForm.addEventListener("input", check);
    check();
  }
})();
