// The game master's panel (issue #23; the server side is boardgame/play/gm.py): for the GM,
// pause (with its limit) and resume, extend every deadline or one nation's, look at an absent
// nation's own view and write or make ready its proxy orders (the server validates them as
// the nation's own), fill a seat in civil disorder from the replacement pool, and the GM log.
// For anyone else watching without a seat: join or leave the replacement pool. For everyone:
// who the game master is.
//
// The state comes from `GET /api/games/{id}/gm`, fetched again whenever the clock or the
// seating changes (a GM command answers with a clock or seats frame to every audience). The
// panel never holds another nation's view but the one the GM asked for (the look), and only
// for the GM: the look's answer is the GM's own REST response.

import { post } from "./controls.js";
import { fill, h } from "./dom.js";
import { openDecisions } from "../decisions.js";

export function createGmPanel(root, ctx) {
  const { store, config } = ctx;
  // What the GM types is kept here, so that a redraw (a clock frame, a refresh) never wipes it.
  const ui = { state: null, busy: false, message: null, error: false, look: null, fetched: null, drawn: null,
    pauseHours: 48, extendHours: 24, extendSeat: "", drafts: {}, offers: {}, checked: {} };
  const keep = (key) => (event) => { ui[key] = event.target.value; };
  const title = (seat) => ctx.adapter.seatTitle?.(seat) || seat;

  async function refresh() {
    const suffix = config.invite ? `?invite=${encodeURIComponent(config.invite)}` : "";
    const response = await fetch(`${config.api}gm${suffix}`, { credentials: "same-origin" });
    if (!response.ok) return;
    ui.state = await response.json();
    draw();
  }

  async function run(what, fn) {
    ui.busy = true;
    ui.message = null;
    draw();
    try {
      const answer = await fn();
      if (answer?.type === "clock") store.setClock(answer);
      if (answer?.type === "seats") ctx.setSeats?.(answer);
      ui.message = what;
      ui.error = false;
    } catch (error) {
      ui.message = (error.message || String(error)) + (error.rule ? ` (${error.rule})` : "");
      ui.error = true;
    } finally {
      ui.busy = false;
      await refresh();
    }
  }

  function pauseRow(state) {
    if (state.paused) {
      return h("div", { class: "control-buttons" },
        h("button", { class: "button small", dataset: { gm: "resume" }, disabled: ui.busy,
          onclick: () => run("Resumed.", () => post(root, config, "gm/resume")) }, "Resume"));
    }
    return h("form", { class: "control-row", dataset: { gm: "pause-form" }, onsubmit: (event) => {
      event.preventDefault();
      const hours = Number(event.target.elements.hours.value);
      run("Paused.", () => post(root, config, "gm/pause", { hours }));
    } },
    h("label", { for: "gm-pause-hours" }, "Pause for at most"),
    h("input", { id: "gm-pause-hours", name: "hours", type: "number", min: 1, max: 168, value: ui.pauseHours, required: true, class: "narrow", oninput: keep("pauseHours") }),
    h("span", { class: "small muted" }, "h"),
    h("button", { class: "button small ghost", dataset: { gm: "pause" }, disabled: ui.busy }, "Pause"));
  }

  function extendRow() {
    if (!store.clock?.mode) return null;
    const seats = (config.seats || []).map((s) => s.seat);
    return h("form", { class: "control-row", dataset: { gm: "extend-form" }, onsubmit: (event) => {
      event.preventDefault();
      const hours = Number(event.target.elements.hours.value);
      const seat = event.target.elements.seat.value || undefined;
      run("Deadline extended.", () => post(root, config, "gm/extend", seat ? { hours, seat } : { hours }));
    } },
    h("label", { for: "gm-extend-hours" }, "Extend by"),
    h("input", { id: "gm-extend-hours", name: "hours", type: "number", min: 1, max: 168, value: ui.extendHours, required: true, class: "narrow", oninput: keep("extendHours") }),
    h("span", { class: "small muted" }, "h for"),
    h("select", { name: "seat", "aria-label": "Whose deadline", onchange: keep("extendSeat") },
      h("option", { value: "" }, "every nation"),
      seats.map((s) => h("option", { value: s, selected: s === ui.extendSeat }, title(s)))),
    h("button", { class: "button small ghost", dataset: { gm: "extend" }, disabled: ui.busy }, "Extend"));
  }

  /** A GM read (look, options): the body, or an Error with the server's message and rule. */
  async function read(path, refused) {
    const response = await fetch(`${config.api}${path}`, { credentials: "same-origin" });
    const body = await response.json().catch(() => ({}));
    if (!response.ok) {
      const error = new Error(body.error?.message || refused);
      error.rule = body.error?.data?.rule;
      throw error;
    }
    return body;
  }

  const openDecision = (seen, seat) =>
    openDecisions(seen.view).filter((d) => (d.seats || []).includes(seat) && d.revisable)[0];

  const optionsPath = (seat, decision, query) => `gm/options?seat=${encodeURIComponent(seat)}`
    + `&decision=${encodeURIComponent(decision.id)}${query ? `&query=${encodeURIComponent(JSON.stringify(query))}` : ""}`;

  async function look(seat) {
    await run("Looked.", async () => {
      ui.look = await read(`gm/look?seat=${encodeURIComponent(seat)}`, "The look was refused.");
      const decision = openDecision(ui.look, seat);
      // The order sets the nation itself is offered: the GM starts from one of them.
      ui.offers[seat] = decision ? (await read(optionsPath(seat, decision), "No order sets.")).items : [];
      ui.checked[seat] = null;
      return null;
    });
  }

  /** The server's reading of the GM's draft, as the nation's own check would give it: the
   * set normalised (it replaces the draft) with its warnings, or the refusal and its rule. */
  async function check(seat, decision, text) {
    let draft;
    try { draft = JSON.parse(text); } catch {
      ui.message = "Those orders cannot be read: write them as an object in braces."; ui.error = true; draw(); return;
    }
    await run("Checked: the server reads these orders as shown.", async () => {
      ui.checked[seat] = null;
      const item = (await read(optionsPath(seat, decision, { check: draft }), "The draft was refused.")).items[0];
      if (item?.action) ui.drafts[seat] = JSON.stringify(item.action);
      ui.checked[seat] = item || null;
      return null;
    });
  }

  // --- the map order editor --------------------------------------------------------------
  // An adapter with an order editor (TWTEAW's) lends it to the GM: the GM builds the absent
  // nation's draft by clicking its territories on the map and the editor's forms, starting from
  // the sets the nation is offered; each change is checked by the server (gm/options with
  // {"check": draft}, the nation's own check) and only a checked set can be written (gm/proxy,
  // validated again). The editor reads the look's view (the nation's own), never the GM's.
  function proxyOrders(seat, decision) {
    const shim = {
      seat, decision, proxy: true, status: "ready", pending: null, mapped: !!ctx.map,
      store: { view: ui.look.view },
      // Read when drawn: the offers may arrive after the look (and the editor) did.
      get entries() {
        return (ui.offers[seat] || []).map((item, index) => ({ index, item, p: ctx.adapter.present(decision, item, ui.look.view) }));
      },
      socket: { options: async (_seat, _id, query) => {
        try {
          return (await read(optionsPath(seat, decision, query), "The draft was refused.")).items;
        } catch (error) {
          throw Object.assign(error, { frame: { message: error.message, rule: error.rule } });
        }
      } },
      changed: () => { ui.drawn = null; draw(); ctx.paintHighlights?.(); },
      describePending: () => `Proxy orders for ${title(seat)}: ${inWords(shim.pending.item.action)}`,
      confirm: async () => {
        const action = shim.pending?.item?.action;
        if (!action) return;
        shim.status = "sending";
        await run("Proxy orders written.", () => post(root, config, "gm/proxy", { seat, decision: decision.id, action }));
        shim.status = "ready";
        if (!ui.error) {
          ui.look.orders = { ...(ui.look.orders || {}), [decision.id]: action };
          shim.pending = null;
        }
        shim.changed();
      },
    };
    return shim;
  }

  /** The map editor for `seat`'s open decision, if the adapter has one (made on the look). */
  function mapEditor(seat, decision) {
    if (!decision || !ctx.adapter.hasEditor?.(decision)) return null;
    const editor = ctx.adapter.editor(decision);
    if (!editor) return null;
    if (editor.orders?.seat !== seat || editor.orders?.store.view !== ui.look.view) editor.attach(proxyOrders(seat, decision));
    return editor;
  }

  // The page hands map clicks to the GM's editor (the GM holds no seat of their own).
  ctx.gmMap = {
    editor: () => (ui.look && ui.state?.is_gm ? mapEditor(ui.look.seat, openDecision(ui.look, ui.look.seat)) : null),
    highlights() { return this.editor()?.highlights() || []; },
    clickHex(area) { return this.editor()?.clickHex(area) || false; },
  };

  const inWords = (action) => ctx.adapter.orderText ? ctx.adapter.orderText(action) : JSON.stringify(action);

  function draftWords(seat, current) {
    let parsed = null;
    try { parsed = JSON.parse(ui.drafts[seat] ?? JSON.stringify(current || {})); } catch { /* shown below */ }
    const warnings = ui.checked[seat]?.warnings || [];
    return [h("p", { class: "small", dataset: { gm: "draft-words", seat } },
      parsed ? ["In words: ", h("em", {}, inWords(parsed))] : "The draft is not an object in braces yet."),
    warnings.length ? h("ul", { class: "draft-warnings small", dataset: { gm: "warnings", seat } },
      warnings.map((w) => h("li", {}, typeof w === "string" ? w : w.message || JSON.stringify(w)))) : null];
  }

  function offerList(seat) {
    const offers = ui.offers[seat] || [];
    if (!offers.length) return null;
    return h("div", { class: "gm-offers" }, h("p", { class: "small muted" }, "Start from an order set the nation is offered:"),
      h("ul", { class: "choices" }, offers.map((item, index) => h("li", {},
        h("button", { type: "button", class: "button small ghost choice", dataset: { gm: "offer", seat, index },
          disabled: ui.busy, onclick: () => {
            ui.drafts[seat] = JSON.stringify(item.action);
            ui.checked[seat] = null;
            ui.drawn = null;
            draw();
          } }, inWords(item.action))))));
  }

  function editorPart(seat, decision) {
    const editor = mapEditor(seat, decision);
    if (!editor) return null;
    return h("div", { class: "gm-map-editor", dataset: { gm: "map-editor", seat } },
      h("p", { class: "small" }, ctx.map ? `On the map: click one of ${title(seat)}'s territories, then where its units go.`
        : "Build the orders with the forms below."),
      ...editor.panel());
  }

  function absentRow(seat) {
    const parts = [h("strong", {}, title(seat)), " ",
      h("button", { type: "button", class: "button small ghost", dataset: { gm: "look", seat }, disabled: ui.busy,
        onclick: () => look(seat) }, "Look")];
    const seen = ui.look?.seat === seat ? ui.look : null;
    if (seen) {
      const decision = openDecision(seen, seat);
      if (decision) {
        const current = seen.orders?.[decision.id];
        // The map editor stands outside the typed form (its buttons must not submit it).
        parts.push(editorPart(seat, decision));
        parts.push(h("form", { class: "gm-proxy", dataset: { gm: "proxy-form", seat }, onsubmit: (event) => {
          event.preventDefault();
          let action;
          try { action = JSON.parse(event.target.elements.action.value); } catch {
            ui.message = "Those orders cannot be read: write them as an object in braces."; ui.error = true; draw(); return;
          }
          run("Proxy orders written.", () => post(root, config, "gm/proxy", { seat, decision: decision.id, action }));
        } },
        h("p", { class: "small muted" }, decision.prompt || decision.id),
        offerList(seat),
        h("label", { for: `gm-proxy-${seat}` }, ctx.adapter.hasEditor?.(decision) ? "Or type the orders (as the nation would write them)"
          : "Orders (as the nation would write them)"),
        h("textarea", { id: `gm-proxy-${seat}`, name: "action", rows: 4,
          oninput: (event) => { ui.drafts[seat] = event.target.value; ui.checked[seat] = null; } },
        ui.drafts[seat] ?? JSON.stringify(current || {})),
        ...draftWords(seat, current),
        h("div", { class: "control-buttons" },
          h("button", { type: "button", class: "button small ghost", dataset: { gm: "check", seat }, disabled: ui.busy,
            onclick: () => check(seat, decision, document.getElementById(`gm-proxy-${seat}`).value) }, "Check"),
          h("button", { class: "button small", dataset: { gm: "proxy", seat }, disabled: ui.busy }, "Write proxy orders"),
          h("button", { type: "button", class: "button small ghost", dataset: { gm: "proxy-ready", seat }, disabled: ui.busy,
            onclick: () => run("Made ready.", () => post(root, config, "gm/proxy",
              { seat, group: decision.group, ready: true, cid: `gm-${seat}-${decision.id}-${Date.now()}` })) }, "Ready"))));
      } else {
        parts.push(h("p", { class: "small muted" }, "No open orders to write."));
      }
    }
    return h("li", { dataset: { absent: seat } }, parts);
  }

  function fillRows(state) {
    const disorder = store.clock?.disorder || [];
    if (!disorder.length) return null;
    return disorder.map((seat) => h("form", { class: "control-row", dataset: { gm: "fill-form", seat }, onsubmit: (event) => {
      event.preventDefault();
      const username = event.target.elements.username.value;
      if (!username) return;
      run("Seat filled.", () => post(root, config, "gm/fill", { seat, username }));
    } },
    h("label", {}, title(seat), " ← "),
    h("select", { name: "username", "aria-label": "A volunteer of the pool" },
      state.pool.length ? state.pool.map((n) => h("option", { value: n }, n)) : h("option", { value: "" }, "nobody volunteered")),
    h("button", { class: "button small", dataset: { gm: "fill", seat }, disabled: ui.busy || !state.pool.length }, "Fill")));
  }

  function gmParts(state) {
    const parts = [pauseRow(state), extendRow()];
    if (state.gm_until && state.paused) {
      parts.push(h("p", { class: "small muted", dataset: { gm: "until" } }, "Resumes by itself at ",
        new Date(state.gm_until).toLocaleString(), "."));
    }
    // Roll back the last resolved turn (boardgame/play/rollback.py): the server refuses, with
    // its reason, once anyone has written orders for the new turn.
    parts.push(h("div", { class: "control-buttons" },
      h("button", { type: "button", class: "button small ghost", dataset: { gm: "rollback" }, disabled: ui.busy,
        onclick: () => run("Rolled back: the last turn's orders stand again.", () => post(root, config, "gm/rollback")) },
      "Roll back the last turn")));
    parts.push(h("h4", {}, "Absent nations"),
      state.absent.length ? h("ul", { class: "gm-absent" }, state.absent.map(absentRow))
        : h("p", { class: "small muted" }, "None: every nation has written or not yet missed a deadline."));
    const fills = fillRows(state);
    if (fills) parts.push(h("h4", {}, "Replacement pool"), ...fills);
    parts.push(h("details", { class: "gm-log" }, h("summary", {}, "Game master's log"),
      h("ol", {}, state.log.map((e) => h("li", { dataset: { command: e.command } },
        e.by, " · ", e.command, e.seat ? h("span", {}, " · ", title(e.seat)) : null)))));
    return parts;
  }

  function watcherParts(state) {
    if (!config.user || (store.mySeats || []).length) return [];
    const joined = state.pool.includes(config.user);
    return [h("button", { class: "button small ghost", dataset: { gm: "pool" }, disabled: ui.busy, "aria-pressed": joined ? "true" : "false",
      onclick: () => run(joined ? "You left the pool." : "You volunteered to replace a nation.",
        () => post(root, config, "gm/pool", { join: !joined })) },
    joined ? "Leave the replacement pool" : "Volunteer to replace a nation")];
  }

  function draw() {
    const state = ui.state;
    if (!state || store.result || store.view?.game?.result) {
      root.hidden = true;
      ui.drawn = null;
      return;
    }
    // Redrawn only when what it shows changed (the typed values are kept in `ui` anyway).
    const key = JSON.stringify([state, ui.look, ui.busy, ui.message, ui.error, store.clock?.mode,
      store.clock?.disorder, store.mySeats, (config.seats || []).map((s) => s.seat)]);
    if (key === ui.drawn) return;
    ui.drawn = key;
    const body = state.is_gm ? gmParts(state) : watcherParts(state);
    root.hidden = !state.gm && !body.length;
    fill(root, h("h3", {}, "Game master"),
      h("p", { class: "small", dataset: { gm: "who" } }, state.gm ? h("span", {}, "Run by ", h("strong", {}, state.gm)) : "No game master."),
      ...body,
      ui.message ? h("p", { class: `control-message${ui.error ? " error" : ""}`, role: ui.error ? "alert" : "status" }, ui.message) : null);
  }

  function render() {
    // Fetched again when what the GM state depends on changed (pause, disorder, seating, turn).
    const key = JSON.stringify([store.clock?.paused, store.clock?.disorder, store.clock?.missed,
      (config.seats || []).map((s) => s.player), store.view?.board?.turn, store.view?.game?.result]);
    if (key === ui.fetched) return;
    ui.fetched = key;
    refresh();
  }

  return { render };
}
