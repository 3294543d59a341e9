// BoP 10.712, 10.713 — a combat's losses picked on the map (issue #18). The engine lists what
// may take the next loss (the force's corps, the defender's fortress step or inherent defense,
// attrition) and the view says what the side still owes (`flow.loss`: wanted, placed, owed).
// The picker lights those counters; a click on one makes it the pending loss (a second click
// on a stack takes the next unit there), Confirm sends it, and the next loss comes back as a
// new decision with the tally down by one. A counter the decision does not list — the point
// unit that already took the first loss, a corps left out of the attack — is asked of the
// engine (explain) and its answer shown with the rule. The page counts and decides nothing.

import { pendingOrder } from "../panels/decision.js";
import { h } from "../panels/dom.js";
import { consequenceBox } from "../panels/unitpanel.js";
import { askWhy, whyBox } from "../panels/whynot.js";

export class BopLossPicker {
  constructor(adapter, decision) {
    this.adapter = adapter;
    this.id = decision.id;
    this.decision = decision;
    this.why = null;
    this.token = 0;
  }

  attach(orders) {
    this.orders = orders;
    this.decision = orders.decision || this.decision;
  }

  get view() { return this.orders?.store?.view; }

  /** What the side still owes, from the view (BoP 10.712). */
  tally() { return this.view?.flow?.loss || null; }

  /** The listed losses with a place on the map (corps, a fortress step), and the others. */
  onMap() { return (this.orders?.entries || []).filter((e) => e.p.hex); }

  loose() { return (this.orders?.entries || []).filter((e) => !e.p.hex); }

  /** No pending counters: the units are the view's. */
  units() { return []; }

  highlights() {
    const byHex = new Map();
    for (const e of this.onMap()) if (!byHex.has(e.p.hex)) byHex.set(e.p.hex, { hex: e.p.hex, kind: "attack", text: "loss" });
    const pending = this.orders?.pending;
    if (pending?.p.hex) byHex.set(pending.p.hex, { hex: pending.p.hex, kind: "selected", text: "loss" });
    const out = [...byHex.values()];
    if (this.why?.hex && !byHex.has(this.why.hex)) out.push({ hex: this.why.hex, kind: "refused" });
    return out;
  }

  /** A click on the map: a listed loss there becomes pending (the next one on a second click);
   * a counter that is not listed is asked about. */
  clickHex(hex) {
    const orders = this.orders;
    if (orders.status === "sending") return false;
    this.why = null;
    const here = this.onMap().filter((e) => e.p.hex === hex);
    if (here.length) {
      orders.pick(here[(here.indexOf(orders.pending) + 1) % here.length].index);
      return true;
    }
    this.#unpend();
    const uid = this.#unitAt(hex);
    if (uid) this.explain(uid, hex);
    else {
      this.why = { hex, message: "No unit of this battle there: click a highlighted counter.", rule: null };
      orders.changed();
    }
    return false;
  }

  /** The unit a click on `hex` asks about: one of this battle's forces first. */
  #unitAt(hex) {
    const units = this.view?.board?.units || {};
    const force = new Set(this.tally()?.force || []);
    const here = Object.keys(units).filter((uid) => units[uid].at === hex).sort();
    return here.find((uid) => force.has(uid)) || here[0] || null;
  }

  #unpend() {
    if (!this.orders.pending) return;
    this.orders.pending = null;
    this.orders.status = "ready";
  }

  /** Ask the engine why `uid` cannot take this loss. */
  explain(uid, hex = this.adapter.locOf(this.view, uid)) {
    return askWhy(this, { loss: uid }, { hex, unit: uid, say: (answer) => this.adapter.names(answer.message || ""),
      legal: "The server would accept it: click it again." });
  }

  cancel() {
    this.why = null;
    this.#unpend();
    this.orders.changed();
  }

  /** "2 of 3 losses still to choose; taken: the point unit …" */
  tallyLine() {
    const t = this.tally();
    if (!t) return null;
    const name = (x) => (x === "fortress" ? "a fortress step" : x === "inherent" ? "the inherent defense" : x === "attrition" ? "attrition" : this.adapter.unitName(x));
    const taken = t.placed.map((x) => (x === t.point ? `${name(x)} (the point unit)` : name(x)));
    return h("p", { class: "loss-tally", id: "loss-tally", dataset: { owed: t.owed, wanted: t.wanted } },
      h("strong", {}, `Still to choose: ${t.owed} of ${t.wanted} loss${t.wanted === 1 ? "" : "es"}.`),
      taken.length ? ` Already taken: ${taken.join(", ")}.` : null);
  }

  /** The one listed loss when the rules allow no other (a fortress step at Liège, a lone
   * corps): the server still needs the answer, so the page sends it with one click and says
   * why there is nothing to choose (docs/ux-review-answers.md, 7). */
  forced() {
    const all = this.orders?.entries || [];
    return all.length === 1 ? all[0] : null;
  }

  takeForced() {
    const only = this.forced();
    if (!only || this.orders.status === "sending") return;
    this.orders.pick(only.index);
    this.orders.confirm();
  }

  panel() {
    const { orders, adapter } = this;
    const view = this.view;
    const out = [this.tallyLine()];
    const only = this.forced();
    if (only) {
      out.push(h("div", { class: "forced-answer", id: "forced-answer" },
        h("p", {}, h("strong", {}, "Nothing to choose: "), `the rules allow only this loss (${adapter.text(only.p.label)}), BoP 10.712.`),
        h("button", { type: "button", class: "button", id: "forced-confirm", disabled: orders.status === "sending",
          onclick: () => this.takeForced() }, orders.status === "sending" ? "Sending…" : "Take the loss")));
      return out;
    }
    if (orders.pending) out.push(pendingOrder(orders, { after: consequenceBox(orders, adapter, view) }));
    if (this.why) out.push(whyBox(`Why not ${this.why.unit ? adapter.unitName(this.why.unit) : adapter.where(this.why.hex)}?`, this.why));
    if (!orders.pending) {
      out.push(h("p", { class: "hint", id: "order-hint" },
        "Click a highlighted counter on the map (a second click on a stack takes the next unit there), or pick it below."));
    }
    const pendingUnit = orders.pending?.item.action.loss;
    out.push(h("ul", { class: "loss-roster", "aria-label": "What may take the loss" },
      this.onMap().map((e) => h("li", { class: `loss-row${e.item.action.loss === pendingUnit ? " marked" : ""}` },
        h("button", { type: "button", class: "button small ghost loss-pick", dataset: { unit: e.item.action.loss, index: e.index },
          "aria-pressed": e.item.action.loss === pendingUnit ? "true" : "false", onclick: () => orders.pick(e.index) }, e.p.label),
        h("small", { class: "muted" }, ` ${adapter.where(e.p.hex)}`))),
      (this.tally()?.placed || []).filter((x) => x in (view?.board?.units || {})).map((uid) => h("li", { class: "loss-row taken" },
        h("button", { type: "button", class: "button small ghost loss-taken", dataset: { unit: uid },
          title: "Already takes a loss: ask why it cannot take this one", onclick: () => this.explain(uid) },
        `${adapter.unitName(uid)}: loss taken`)))));
    const loose = this.loose();
    if (loose.length && !orders.pending) {
      out.push(h("div", { class: "loose-choices" }, loose.map((e) => h("button", { class: "choice loose",
        dataset: { index: e.index }, onclick: () => orders.pick(e.index) }, e.p.label))));
    }
    return out;
  }
}
