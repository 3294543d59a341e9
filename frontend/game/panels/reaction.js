// Reaction windows: a decision marked `reaction` for one of your seats pops up over the map with
// its options and the time left (the seat's deadline or clock), until it is answered. The card
// folds to its heading line ("Fold"), so that counters under it can be clicked (a loss picked
// on the map, a look at the battle); a new reaction window opens unfolded.

import { foreseen } from "./decision.js";
import { singleAnswer, singleAnswerBox } from "./single.js";
import { consequenceBox } from "./unitpanel.js";
import { cite, duration, fill, h } from "./dom.js";

// The reaction window the player folded (its decision id): one at a time, and only that one.
let folded = null;

/** The time left, ticked once a second: only the countdown's text changes. Redrawing the
 * whole card here would replace its buttons between a press and its release, and the click
 * would be lost (page.js holds its own redraws while a press is held; this tick must not
 * bypass that). */
export function tickReaction(root, { store, orders }) {
  const countdown = root.querySelector("#reaction-countdown");
  if (!countdown || !orders.decision?.reaction) return;
  const left = timeLeft(store, orders.seat);
  const text = left === null ? "" : `${duration(left)} left`;
  if (countdown.textContent !== text) countdown.textContent = text;
}

export function renderReaction(root, { store, orders, adapter }) {
  const d = orders.decision;
  if (!d || !d.reaction || !orders.entries || store.result) {
    // Emptied, not only hidden: a stale card would keep a second copy of the ids the decision
    // panel now draws (#forced-confirm, #loss-tally) in the page.
    root.hidden = true;
    root.replaceChildren();
    return;
  }
  root.hidden = false;
  const left = timeLeft(store, orders.seat);
  const isFolded = folded === d.id;
  const toggle = () => {
    folded = isFolded ? null : d.id;
    renderReaction(root, { store, orders, adapter });
  };
  // Said in words, not with a clock glyph some fonts lack.
  // One listed answer is no choice: the seat must answer; otherwise the window is its to answer.
  const head = h("div", { class: "reaction-head" },
    h("strong", {}, `${adapter.seatTitle(orders.seat)} ${orders.entries.length === 1 ? "must answer" : "to answer"}`),
    h("span", { class: "countdown", id: "reaction-countdown" }, left === null ? "" : `${duration(left)} left`),
    h("button", { type: "button", class: "button small ghost reaction-fold", dataset: { control: "reaction-fold" },
      "aria-expanded": isFolded ? "false" : "true", onclick: toggle }, isFolded ? "Show" : "Fold"));
  if (isFolded) {
    fill(root, h("div", { class: "reaction-card folded", role: "dialog", "aria-label": "Reaction (folded)" }, head,
      h("p", { class: "small muted" }, adapter.text(d.prompt))));
    return;
  }
  fill(root, h("div", { class: "reaction-card", role: "dialog", "aria-label": "Reaction" },
    head,
    h("p", {}, adapter.text(d.prompt), " ", cite(d.rule)),
    // An adapter's editor (FA's loss picker) draws the card's body, with its own Confirm.
    orders.editor ? h("div", { class: "reaction-editor" }, orders.editor.panel())
    : singleAnswer(orders) ? singleAnswerBox(orders, orders.entries[0], adapter, foreseen(orders, orders.entries[0], adapter, store.view))
    : orders.pending ? h("div", { class: "order" }, h("div", { class: "order-text" }, orders.describePending()),
      h("div", { class: "order-buttons" }, h("button", { class: "button", onclick: () => orders.confirm() }, "Confirm"),
        h("button", { class: "button ghost", onclick: () => orders.cancel() }, "Back")),
      consequenceBox(orders, adapter, store.view))
      : h("div", { class: "reaction-options" }, orders.entries.map((e) => [h("button", { class: "button ghost choice", dataset: { index: e.index },
        onclick: () => orders.pick(e.index),
        onmouseenter: () => root.dispatchEvent(new CustomEvent("preview", { bubbles: true, detail: e.p.preview || [] })),
        onmouseleave: () => root.dispatchEvent(new CustomEvent("preview", { bubbles: true, detail: [] })) }, e.p.label),
        foreseen(orders, e, adapter, store.view)]))));
}

export function timeLeft(store, seat) {
  const clock = store.clock;
  if (!clock || !seat) return null;
  const elapsed = Date.now() - (clock.receivedAt || Date.now());
  if (clock.mode === "clock" && clock.clocks?.[seat] !== undefined) {
    const running = (clock.running || []).includes(seat) && !clock.paused;
    return clock.clocks[seat] - (running ? elapsed : 0);
  }
  if (clock.mode === "deadline" && clock.deadlines?.[seat] !== undefined) {
    return clock.deadlines[seat] - (clock.at + elapsed);
  }
  return null;
}
