// The decision prompt: which of your decisions you are working on, the options the server
// offered (as a list when they have no hex, or several end on one hex), the parsed pending
// order with Confirm, a reject with its rule, and Undo when the ruleset allows it.

import { cite, fill, h } from "./dom.js";
import { idlePanel, idleSeatsLine } from "./idle.js";
import { orderOptionsBox } from "./orderoptions.js";
import { singleAnswer, singleAnswerBox } from "./single.js";
import { consequenceBox, consequenceLines, renderUnitOrders } from "./unitpanel.js";

export function renderDecision(root, { store, orders, adapter }) {
  if (!store.mySeats.length) {
    return fill(root, h("p", { class: "spectating" }, h("strong", {}, "You are watching."),
      " Spectators see the public view; only the players can act."));
  }
  if (store.result || store.view?.game?.result) return fill(root, h("p", {}, "The game has ended."));
  const mine = orders.available();
  const undoSeat = store.view?.game?.undo;
  const undo = undoSeat ? h("button", { class: "button small ghost", id: "undo", onclick: () => orders.undo() }, "Undo my last step") : null;
  if (!mine.length) {
    return fill(root, idlePanel(store, adapter), undo, orders.error ? rejectBox(orders.error) : null);
  }
  const d = orders.decision;
  // A seat of mine with nothing to do beside one that decides gets its own line.
  const idleLine = idleSeatsLine(store, adapter, mine);
  const tabList = (all) => h("div", { class: "decision-tabs", role: "tablist" },
    all.map((x) => h("button", { role: "tab", class: `tab${d && x.id === d.id ? " active" : ""}`,
      "aria-selected": d && x.id === d.id ? "true" : "false", dataset: { kind: x.kind, id: x.id },
      onclick: () => orders.select(x.id) }, new Set(mine.flatMap((m) => m.seats)).size > 1
        ? `${x.seats.map((s) => adapter.seatTitle(s)).join(", ")}: ${adapter.text(x.prompt)}` : adapter.text(x.prompt))));
  if (orders.mode === "units") {
    // Unit-first: the map is the way in; every open decision stays one click away below.
    return fill(root, renderUnitOrders({ store, orders, adapter }, root),
      orders.error ? rejectBox(orders.error) : null, undo, idleLine,
      h("details", { class: "all-decisions", id: "all-decisions", open: orders.listOpen,
        ontoggle: (event) => { orders.listOpen = event.target.open; } },
        h("summary", {}, `All your open decisions (${mine.length})`), tabList(mine)));
  }
  const back = orders.listMode && orders.mapped ? h("button", { class: "button small ghost", id: "back-to-map",
    onclick: () => orders.backToMap() }, "← Orders on the map") : null;
  const tabs = mine.length > 1 ? [back, tabList(mine)] : back;
  if (d && orders.editor) {
    // The adapter's editor draws its own panel (a set-up placed counter by counter); for a
    // reaction it is drawn in the reaction window over the map, once.
    return fill(root, tabs, h("div", { class: "prompt" }, h("strong", {}, adapter.text(d.prompt)), " ", cite(d.rule)),
      d.reaction ? h("p", { class: "muted", id: "answer-in-reaction" }, "Answer in the window over the map.") : orders.editor.panel(),
      orders.error ? rejectBox(orders.error) : null, undo, idleLine);
  }
  const body = [];
  if (d) {
    body.push(h("div", { class: "prompt" }, h("strong", {}, adapter.text(d.prompt)), " ", cite(d.rule)));
    if (d.revisable) body.push(writtenOrder(d, { store, orders, adapter }));
    if (orders.status === "loading") body.push(h("p", { class: "muted" }, "Asking the server for the legal options…"));
    const forces = orders.forces();
    if (forces.length > 1 && !orders.pending) {
      const current = orders.force || forces[0].key;
      body.push(h("fieldset", { class: "forces" }, h("legend", {}, "Which units"),
        forces.map((f) => h("label", {}, h("input", { type: "radio", name: "force", value: f.key, checked: f.key === current,
          onchange: () => orders.chooseForce(f.key) }), ` ${adapter.shortUnits ? adapter.shortUnits(f.units) : f.units.join(", ")}`))));
    }
    const single = singleAnswer(orders);
    if (single && d.reaction) {
      body.push(h("p", { class: "muted", id: "answer-in-reaction" }, "Answer in the window over the map."));
    } else if (single) {
      body.push(singleAnswerBox(orders, single, adapter, foreseen(orders, single, adapter, store.view)));
    } else if (orders.pending) {
      body.push(pendingOrder(orders, { after: consequenceBox(orders, adapter, store.view) }));
    } else {
      const list = orders.choices.length ? orders.choices
        : (orders.live().length <= 24 && !orders.live().some((e) => e.p.hex) ? orders.live() : []);
      if (list.length) {
        body.push(h("ul", { class: "choices", "aria-label": "Options" }, list.map((e) => h("li", {},
          h("button", { class: "choice", dataset: { index: e.index }, onclick: () => orders.pick(e.index),
            onmouseenter: () => root.dispatchEvent(new CustomEvent("preview", { bubbles: true, detail: e.p.preview || [] })),
            onmouseleave: () => root.dispatchEvent(new CustomEvent("preview", { bubbles: true, detail: [] })) }, e.p.label),
          foreseen(orders, e, adapter, store.view)))));
      } else if (orders.live().length) {
        body.push(h("p", { class: "muted small" }, `${orders.live().length} option${orders.live().length === 1 ? "" : "s"} on the map.`));
      }
      if (orders.hint) body.push(h("p", { class: "hint", id: "order-hint" }, orders.hint));
      // Answers that need no map click (finish this step) stay one click away while the
      // others are on the map.
      const loose = (orders.entries || []).filter((e) => !e.p.hex && !e.p.from && !list.includes(e));
      if (loose.length && loose.length < orders.entries.length) {
        body.push(h("div", { class: "loose-choices" }, loose.map((e) => h("button", { class: "choice loose",
          dataset: { index: e.index }, onclick: () => orders.pick(e.index) }, e.p.label))));
      }
    }
  }
  fill(root, tabs, ...body, orders.error ? rejectBox(orders.error) : null, undo, idleLine);
}

/** A written order: what I wrote, who is ready, and Withdraw / I'm ready / Not ready. The
 * others see only who is ready (the view's `ready`), never whether or what I wrote. */
/** My written order, who is ready, and Withdraw / I'm ready / Not ready — also the block an
 * adapter's own order editor shows (twteaw.js): the same ids. */
export function writtenOrder(d, { store, orders, adapter }) {
  const { action, ready } = store.writtenOrder(d);
  const readySeats = d.ready || [];
  const text = action === undefined ? "No order written yet: choose one below."
    : `Your order: ${adapter.describe(d, { action }, store.view)}`;
  const buttons = [];
  if (action !== undefined && !ready) {
    buttons.push(h("button", { class: "button small ghost", id: "withdraw", onclick: () => orders.withdraw() }, "Withdraw"));
    buttons.push(h("button", { class: "button small", id: "ready", onclick: () => orders.setReady(true) }, "I'm ready"));
  }
  if (ready) buttons.push(h("button", { class: "button small ghost", id: "not-ready", onclick: () => orders.setReady(false) }, "Not ready yet"));
  return h("div", { class: "written-order", id: "written-order" },
    h("div", { id: "my-order" }, text),
    h("small", { class: "muted" }, ready ? "You are ready. You may still change your order until everyone is."
      : "You may change it until everyone is ready, or until the deadline (an order written stands)."),
    h("div", { class: "ready-seats", id: "ready-seats" }, "Ready: ",
      readySeats.length ? readySeats.map((s) => adapter.seatTitle(s)).join(", ") : "nobody yet"),
    buttons.length ? h("div", { class: "order-buttons" }, ...buttons) : null);
}

/** The pending order with Confirm and Cancel (the editors' panels too); `after`: what it will
 * do, when known. */
export function pendingOrder(orders, { onCancel = () => orders.cancel(), cancelLabel = "Cancel", after = null } = {}) {
  return h("div", { class: "order", id: "pending-order" },
    h("div", { class: "order-text" }, orders.describePending()),
    orderOptionsBox(orders),
    h("div", { class: "order-buttons" },
      h("button", { class: "button", id: "confirm", onclick: () => orders.confirm(), disabled: orders.status === "sending" },
        orders.status === "sending" ? "Sending…" : "Confirm"),
      h("button", { class: "button ghost", id: "cancel", onclick: onCancel }, cancelLabel)),
    after);
}

export function rejectBox(error) {
  return h("div", { class: "reject", role: "alert", id: "reject" },
    h("strong", {}, "Refused"), error.rule ? cite(` ${error.rule}`) : null,
    h("div", {}, error.message || "The server refused the order."),
    error.reason ? h("small", { class: "muted" }, `Why: ${error.reason}`) : null,
    error.code ? h("small", { class: "muted code" }, ` (${error.code})`) : null);
}

/** What an answer would do, under its button (the server's preview), in a line or two. */
export function foreseen(orders, entry, adapter, view) {
  const answer = orders.previews.get(entry.index);
  // While the answers are asked for, a line is kept for each: the buttons do not move.
  if (!answer && orders.foreseeing) return h("small", { class: "choice-consequence muted" }, "…");
  const lines = consequenceLines(answer, orders.decision, entry.item, adapter, view);
  if (!lines || !lines.length) return null;
  return h("small", { class: "choice-consequence", dataset: { index: entry.index } }, lines.slice(0, 3).join(" · "));
}
