// A decision that lists exactly one legal answer is no choice (the review: "Forced single
// options … still need a choice and a Confirm"). The panel says so, with the rule that asks, and
// sends that answer on one click: the click is the confirmation. The server still receives the
// answer (the kernel waits on the decision; the seat may be watched by someone who should see
// it happen), so the page never answers by itself.
//
// Only where nothing else can be chosen instead: the user's one open decision (or a reaction,
// which must be answered before play goes on). BoP's forced loss has its own picker
// (bop_losses.js), and an editor or written orders keep their own panels.

import { cite, h } from "./dom.js";

/** The one entry of a decision the user cannot choose about, else null. */
export function singleAnswer(orders) {
  const d = orders.decision;
  if (!d || orders.editor || d.revisable || orders.mode === "units" || orders.pending) return null;
  if (!orders.entries || orders.entries.length !== 1 || orders.status !== "ready") return null;
  if (!d.reaction && orders.available().length !== 1) return null;
  return orders.entries[0];
}

/** "Nothing to choose" with the rule, the answer, what it does (when the server said) and the
 * one button that sends it. `after`: the foreseen consequence line, if any. */
export function singleAnswerBox(orders, entry, adapter, after = null) {
  const d = orders.decision;
  const send = () => { orders.pick(entry.index); orders.confirm(); };
  return h("div", { class: "single-answer", id: "single-answer" },
    h("p", {}, h("strong", {}, "Nothing to choose: "), "the rules allow only this answer", d.rule ? " " : "", d.rule ? cite(d.rule) : null, "."),
    h("div", { class: "order-buttons" },
      h("button", { class: "button", id: "single-send", dataset: { index: entry.index }, onclick: send,
        disabled: orders.status === "sending" }, entry.p.label)),
    after);
}
