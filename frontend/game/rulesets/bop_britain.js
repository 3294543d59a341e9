// BoP 12.1 — Britain's entry picked on the map (issue #18), not chosen among every port-and-home
// pair (28 buttons in the review). The engine lists the pairs; the picker lights the French
// ports they name (cavalry 1 and infantry 1–2 land there) and the hexes of Britain (infantry 3
// starts there): a click on each picks it, and the pair becomes the pending order only when the
// engine listed it. A click elsewhere asks the engine why that port or home is refused
// (explain) and shows its answer with the rule. The page decides nothing.

import { pendingOrder } from "../panels/decision.js";
import { h } from "../panels/dom.js";
import { consequenceBox } from "../panels/unitpanel.js";
import { askWhy, whyBox } from "../panels/whynot.js";

const uniq = (list) => [...new Set(list.filter(Boolean))].sort();

export class BritainPicker {
  constructor(adapter, decision) {
    this.adapter = adapter;
    this.id = decision.id;
    this.decision = decision;
    this.port = null;
    this.home = null;
    this.why = null;
    this.token = 0;
  }

  attach(orders) {
    this.orders = orders;
    this.decision = orders.decision || this.decision;
    if (!this.port && this.ports().length === 1) this.port = this.ports()[0];
    this.#match();
  }

  get view() { return this.orders?.store?.view; }

  entries() { return this.orders?.entries || []; }

  ports() { return uniq(this.entries().map((e) => e.item.action.port)); }

  homes() { return uniq(this.entries().map((e) => e.item.action.home)); }

  units() { return []; }

  /** The listed pair of the port and home picked, as the pending order (or none yet). */
  #match() {
    const orders = this.orders;
    if (!orders || orders.status === "sending") return;
    const found = this.port && this.home
      ? this.entries().find((e) => e.item.action.port === this.port && e.item.action.home === this.home) : null;
    if (found && orders.pending !== found) { orders.pick(found.index); return; }
    if (!found) { orders.pending = null; orders.status = "ready"; }
    orders.changed();
  }

  highlights() {
    const out = this.ports().map((hex) => ({ hex, kind: hex === this.port ? "selected" : "option" }));
    for (const hex of this.homes()) out.push({ hex, kind: hex === this.home ? "selected" : "option" });
    if (this.why?.hex) out.push({ hex: this.why.hex, kind: "refused" });
    return out;
  }

  clickHex(hex) {
    if (this.orders.status === "sending") return false;
    this.why = null;
    if (this.ports().includes(hex)) { this.port = hex; this.#match(); return true; }
    if (this.homes().includes(hex)) { this.home = hex; this.#match(); return true; }
    askWhy(this, { port: hex, home: this.home || this.homes()[0] || null },
      { hex, say: (answer) => this.adapter.names(answer.message || ""), legal: "The server would accept it: click it again." });
    return false;
  }

  cancel() {
    this.why = null;
    this.home = null;
    if (this.ports().length > 1) this.port = null;
    this.#match();
  }

  panel() {
    const { orders, adapter } = this;
    const out = [h("ol", { class: "britain-steps", id: "britain-steps" },
      h("li", { class: this.port ? "done" : "" }, this.port ? `Port: ${adapter.where(this.port)}` : `Click a lit French port for cavalry 1 and infantry 1–2 (${this.ports().length} offered).`),
      h("li", { class: this.home ? "done" : "" }, this.home ? `Britain: ${adapter.where(this.home)}` : "Click a hex of Britain for infantry 3."))];
    if (orders.pending) out.push(pendingOrder(orders, { after: consequenceBox(orders, adapter, this.view) }));
    if (this.why) out.push(whyBox(`Why not ${adapter.where(this.why.hex)}?`, this.why));
    return out;
  }
}
