// The orders panel in unit-first mode (game/unitorders.js): what is selected on the map and
// what it can do, the order about to be sent with what it would do, why a click was refused,
// the answers that need no map click, and — secondary — the list of every open decision.

import { cite, h } from "./dom.js";
import { orderOptionsBox } from "./orderoptions.js";

export function renderUnitOrders({ store, orders, adapter }, root) {
  const mode = orders.units;
  const sel = mode.selection;
  const view = store.view;
  const out = [];
  out.push(h("div", { class: "prompt" }, h("strong", {}, sel ? selectionTitle(sel, adapter, view) : "Your orders"),
    sel ? h("button", { class: "button small ghost", id: "deselect", onclick: () => mode.deselect() }, "Deselect") : null));
  if (orders.status === "loading") out.push(h("p", { class: "muted small" }, "Asking the server what it can do…"));
  if (orders.pending) {
    out.push(pendingBox(orders, adapter, view));
  } else if (orders.choices.length) {
    out.push(h("ul", { class: "choices", "aria-label": "Orders" }, orders.choices.map((e) => h("li", {},
      h("button", { class: "choice", dataset: { index: e.index, decision: e.decision.id }, onclick: () => orders.pick(e.index),
        onmouseenter: () => root.dispatchEvent(new CustomEvent("preview", { bubbles: true, detail: e.p.preview || [] })),
        onmouseleave: () => root.dispatchEvent(new CustomEvent("preview", { bubbles: true, detail: [] })) }, e.p.label)))));
  }
  if (mode.why) out.push(whyBox(mode.why, adapter));
  if (sel) out.push(roster(sel, { orders, adapter, view }));
  if (orders.hint && !orders.pending) out.push(h("p", { class: "hint", id: "order-hint" }, orders.hint));
  if (sel && !orders.pending) {
    const counts = summary(mode.live().filter((e) => e.p.hex && e.p.hex !== sel.hex));
    if (counts) out.push(h("p", { class: "muted small", id: "selection-summary" }, counts));
  }
  const loose = mode.loose();
  if (loose.length && !orders.pending) {
    // A user holding several seats sees whose answer each button is.
    const many = new Set(orders.available().flatMap((d) => d.seats.filter((s) => store.mySeats.includes(s)))).size > 1;
    out.push(h("div", { class: "loose-choices" }, loose.map((e) => h("button", { class: "choice loose",
      dataset: { index: e.index, decision: e.decision.id, kind: e.decision.kind, seat: e.seat }, onclick: () => orders.pick(e.index) },
      many ? `${adapter.seatTitle(e.seat)}: ${e.p.label}` : e.p.label))));
  }
  return out;
}

function selectionTitle(sel, adapter, view) {
  const n = sel.units.length;
  return `${n === 1 ? adapter.counterName(sel.units[0], view) : `${n} units`} at ${adapter.where(sel.hex)}`;
}

/** The selected stack, one row a unit: a box to move part of it (ticked: it goes), and the
 * answers about that unit alone that need no other hex (entrench, lose it, its leader home). */
function roster(sel, { orders, adapter, view }) {
  const mode = orders.units;
  const stack = mode.unitsAt(sel.hex);
  const inPlace = mode.live().filter((e) => !e.p.from && (!e.p.hex || e.p.hex === sel.hex));
  const subsets = adapter.subsets && stack.length > 1;
  return h("ul", { class: "stack-roster", "aria-label": "Selected units" }, stack.map((uid) => {
    const mine = inPlace.filter((e) => {
      const named = adapter.unitsOf(e.decision, e.item.action);
      return named.length === 1 && named[0] === uid;
    });
    const ticked = sel.units.includes(uid);
    return h("li", { class: `roster-row${ticked ? " ticked" : ""}`, dataset: { unit: uid } },
      subsets ? h("label", { class: "roster-pick" }, h("input", { type: "checkbox", checked: ticked, dataset: { unit: uid },
        "aria-label": `Move or attack with ${adapter.counterName(uid, view)}`, onchange: () => mode.toggle(uid) })) : null,
      h("span", { class: "roster-name" }, adapter.counterName(uid, view)),
      mine.length ? h("span", { class: "roster-orders" }, mine.map((e) => h("button", { class: "button small ghost roster-order",
        dataset: { index: e.index, kind: e.decision.kind }, title: e.p.label, onclick: () => orders.pick(e.index) },
        adapter.inPlaceLabel(e.decision, e.item)))) : null);
  }));
}

function summary(entries) {
  const kinds = new Map();
  for (const e of entries) kinds.set(e.decision.kind, (kinds.get(e.decision.kind) || new Set()).add(e.p.hex));
  if (!kinds.size) return "";
  return [...kinds].map(([kind, hexes]) => `${kind.replace(/_/g, " ")}: ${hexes.size}`).join(" · ")
    + " — highlighted on the map.";
}

function pendingBox(orders, adapter, view) {
  const decision = orders.pendingDecision();
  // What it will do goes under the buttons: when the server's answer arrives, Confirm does
  // not move under the pointer.
  return h("div", { class: "order", id: "pending-order" },
    h("div", { class: "order-text" }, orders.describePending(), " ", cite(decision.rule)),
    orderOptionsBox(orders),
    h("div", { class: "order-buttons" },
      h("button", { class: "button", id: "confirm", onclick: () => orders.confirm(), disabled: orders.status === "sending" },
        orders.status === "sending" ? "Sending…" : "Confirm"),
      h("button", { class: "button ghost", id: "cancel", onclick: () => orders.cancel() }, "Cancel")),
    consequenceBox(orders, adapter, view));
}

/** What the pending order would do (the server's preview), before it is confirmed. */
export function consequenceBox(orders, adapter, view) {
  const c = orders.consequence;
  if (!c || c.entry !== orders.pending) return null;
  if (c.asking) return h("p", { class: "consequence muted small", id: "consequence" }, "Checking what it does…");
  const lines = consequenceLines(c, orders.pendingDecision(), orders.pending.item, adapter, view);
  if (!lines) return null;
  if (!lines.length) return h("p", { class: "consequence muted small", id: "consequence" }, "Nothing else happens at once.");
  return h("div", { class: "consequence", id: "consequence" }, h("strong", {}, c.dice ? "Dice decide: " : "This will: "),
    h("ul", {}, lines.slice(0, 8).map((line) => h("li", {}, line))));
}

/** A preview in words: what happens (events), what it depends on (dice), what comes next;
 * null when the server could not show it. */
export function consequenceLines(answer, decision, item, adapter, view) {
  if (!answer || answer.available === false) return null;
  const note = adapter.consequenceNote?.(decision, item, view);
  if (answer.dice) {
    return [adapter.diceNote?.(decision, item, view) || "the outcome is rolled when you confirm.", ...(note ? [note] : [])];
  }
  const lines = (answer.events || []).map((e) => adapter.event(e, view)).filter(Boolean);
  if (note) lines.unshift(note);
  if (answer.result) lines.push(`The game ends (${adapter.resultText?.(answer.result) || "result"}).`);
  const next = (answer.next || []).filter((d) => d.kind !== decision.kind || !(decision.seats || []).every((s) => d.seats.includes(s)));
  if (next.length && !answer.result) {
    lines.push(`Then ${next.map((d) => `${d.seats.map((s) => adapter.seatTitle(s)).join(", ")}: ${adapter.text(d.prompt)}`).join("; ")}.`);
  }
  return lines;
}

function whyBox(why, adapter) {
  return h("div", { class: `why-not${why.legal ? " legal" : ""}`, id: "why-not", role: "status", dataset: { code: why.code || "" } },
    h("strong", {}, `Why not ${adapter.where(why.hex)}? `), why.message, why.rule ? cite(why.rule) : null);
}
