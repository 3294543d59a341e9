// FA 11.12.5.4 — loss allocation as a picker, not a list of every allocation. The server lists
// the legal allocations (the fewest units that cover the loss: destroy some, or break one corps
// down to a division); the picker shows the units they name, the player marks which are
// destroyed and which corps breaks, with a running tally against the loss, and the marked set
// becomes the pending order only when it is one of the listed allocations. The page never
// decides what is legal: a set that is not listed says so and cannot be confirmed. The whole
// list stays one click away for keyboard play.

import { foreseen, pendingOrder } from "../panels/decision.js";
import { h } from "../panels/dom.js";

const halves = (n) => `${Math.floor(n / 2) || (n % 2 ? "" : "0")}${n % 2 ? "½" : ""}`;
const key = (ids) => (ids || []).slice().sort().join(",");

export class LossPicker {
  constructor(adapter, decision) {
    this.adapter = adapter;
    this.id = decision.id;
    this.decision = decision;
    this.destroy = new Set();
    this.broken = null;
    this.keep = null;
    this.orders = null;
  }

  attach(orders) {
    this.orders = orders;
    this.decision = orders.decision || this.decision;
    this.#match();
  }

  get view() { return this.orders?.store?.view; }

  entries() { return this.orders?.entries || []; }

  /** The units some listed allocation names, and those a listed allocation breaks down. */
  candidates() {
    const ids = new Set();
    const breakable = new Set();
    for (const e of this.entries()) {
      for (const id of e.item.action.destroy || []) ids.add(id);
      if (e.item.action.break) { ids.add(e.item.action.break); breakable.add(e.item.action.break); }
    }
    return { ids: [...ids].sort((a, b) => this.adapter.unitName(this.view, a).localeCompare(this.adapter.unitName(this.view, b)) || a.localeCompare(b)), breakable };
  }

  /** The loss to take, in half-units (a corps counts 2, a division 1). */
  needed() { return this.view?.flow?.combat?.pending_loss ?? null; }

  weight(id) { return this.adapter.unit(this.view, id).size === "div" ? 1 : 2; }

  chosen() {
    let total = this.broken ? 1 : 0;
    for (const id of this.destroy) total += this.weight(id);
    return total;
  }

  /** Mark `id` destroyed (or not), or as the corps that breaks down (or not). */
  toggle(id, how) {
    if (how === "break") {
      this.destroy.delete(id);
      this.broken = this.broken === id ? null : id;
      this.keep = null;
    } else {
      if (this.broken === id) { this.broken = null; this.keep = null; }
      if (this.destroy.has(id)) this.destroy.delete(id); else this.destroy.add(id);
    }
    this.#match();
  }

  setKeep(type) {
    this.keep = type;
    this.#match();
  }

  /** Take a listed allocation as the marked set (the list's buttons, keyboard play). */
  use(entry) {
    const a = entry.item.action;
    this.destroy = new Set(a.destroy || []);
    this.broken = a.break || null;
    this.keep = a.keep || null;
    this.#match();
  }

  /** The types the division left by the marked break may be (one listed allocation each). */
  keeps() {
    return [...new Set(this.#same().map((e) => e.item.action.keep).filter(Boolean))].sort();
  }

  #same() {
    const want = key([...this.destroy]);
    return this.entries().filter((e) => key(e.item.action.destroy) === want && (e.item.action.break || null) === this.broken);
  }

  #match() {
    const orders = this.orders;
    if (!orders || orders.status === "sending") return;
    let found = this.#same();
    if (found.length > 1) {
      const keeps = this.keeps();
      if (!keeps.includes(this.keep)) this.keep = keeps[0];
      found = found.filter((e) => e.item.action.keep === this.keep);
    }
    orders.pending = found.length === 1 ? found[0] : null;
    orders.status = orders.pending ? "confirm" : "ready";
    orders.changed();
  }

  /** On the map: the hexes of the units that may take the loss; marked ones as attacked. */
  highlights() {
    const marks = new Map();
    for (const id of this.candidates().ids) {
      const hex = this.adapter.unit(this.view, id).hex;
      if (!hex) continue;
      const marked = this.destroy.has(id) || this.broken === id;
      if (marked || !marks.has(hex)) marks.set(hex, { hex, kind: marked ? "attack" : "option" });
    }
    return [...marks.values()];
  }

  /** A click on a hex with exactly one candidate marks it destroyed; with several, the
   * roster below says which to mark. */
  clickHex(hex) {
    const here = this.candidates().ids.filter((id) => this.adapter.unit(this.view, id).hex === hex);
    if (!here.length) return false;
    if (here.length === 1) { this.toggle(here[0], "destroy"); return true; }
    this.orders.hint = `Several of your units there: mark them in the list of losses (${this.adapter.shortUnits(here, this.view)}).`;
    this.orders.changed();
    return true;
  }

  cancel() {
    this.destroy.clear();
    this.broken = null;
    this.keep = null;
    this.#match();
  }

  tally() {
    const need = this.needed();
    const got = this.chosen();
    if (need === null) return `Marked: ${halves(got)} units`;
    return `Marked: ${halves(got)} of ${halves(need)} units`;
  }

  /** Why the marked set cannot be confirmed yet, in words. */
  problem() {
    if (this.orders?.pending) return null;
    const need = this.needed();
    const got = this.chosen();
    if (need !== null && got < need) return `${halves(need - got)} more units' worth to mark: a corps counts 1, a division ½, a corps broken down ½.`;
    return "Not one of the legal allocations: the owner takes the fewest units that cover the loss, and an engineer that helped the attack must be among them (FA 11.12.5.4).";
  }

  panel() {
    const { orders, adapter } = this;
    const view = this.view;
    const { ids, breakable } = this.candidates();
    const out = [h("p", { class: "loss-tally", id: "loss-tally" }, h("strong", {}, this.tally()))];
    out.push(h("ul", { class: "loss-roster", "aria-label": "Units that may take the loss" }, ids.map((id) => {
      const u = adapter.unit(view, id);
      const destroyed = this.destroy.has(id);
      const broken = this.broken === id;
      return h("li", { class: `loss-row${destroyed || broken ? " marked" : ""}`, dataset: { unit: id } },
        h("span", { class: "loss-name" }, adapter.unitName(view, id), h("small", { class: "muted" }, ` ${u.size === "div" ? "division" : "corps"} · ${adapter.where(u.hex)}`)),
        h("span", { class: "loss-buttons" },
          h("button", { type: "button", class: `button small ${destroyed ? "" : "ghost "}loss-destroy`, "aria-pressed": destroyed ? "true" : "false",
            dataset: { unit: id }, onclick: () => this.toggle(id, "destroy") }, destroyed ? "Destroyed" : "Destroy"),
          breakable.has(id) ? h("button", { type: "button", class: `button small ${broken ? "" : "ghost "}loss-break`, "aria-pressed": broken ? "true" : "false",
            dataset: { unit: id }, onclick: () => this.toggle(id, "break") }, broken ? "Broken down" : "Break down") : null));
    })));
    const keeps = this.keeps();
    if (this.broken && keeps.length > 1) {
      out.push(h("label", { class: "loss-keep" }, "The division left is ",
        h("select", { id: "loss-keep", onchange: (event) => this.setKeep(event.target.value) },
          keeps.map((k) => h("option", { value: k, selected: k === this.keep }, adapter.typeTitle ? adapter.typeTitle(k) : k)))));
    }
    const problem = this.problem();
    if (problem) out.push(h("p", { class: "hint", id: "loss-problem" }, problem));
    if (orders.pending) {
      out.push(pendingOrder(orders, { onCancel: () => this.cancel(), cancelLabel: "Clear" }));
    }
    out.push(h("details", { class: "loss-list", id: "loss-list", open: this.listOpen || null,
      ontoggle: (event) => { this.listOpen = event.target.open; } },
      h("summary", {}, `All legal allocations (${this.entries().length})`),
      h("ul", { class: "choices", "aria-label": "Legal allocations" }, this.entries().map((e) => h("li", {},
        h("button", { class: "choice", dataset: { index: e.index }, onclick: () => this.use(e) }, e.p.label),
        foreseen(orders, e, adapter, view))))));
    return out;
  }
}
