// Dice and combat results: the combat in progress (odds, modifiers, dice) and the latest rolls,
// each with its rule.

import { cite, fill, h } from "./dom.js";

export function renderDice(root, { store, adapter }) {
  const current = adapter.currentCombat ? adapter.currentCombat(store.view) : null;
  const recent = [];
  for (let i = store.log.length - 1; i >= 0 && recent.length < 4; i -= 1) {
    const entry = store.log[i];
    if (entry.source !== "event") continue;
    const card = adapter.combat(entry, store.view);
    if (card) recent.push({ ...card, v: entry.v });
  }
  if (!current && !recent.length) {
    root.hidden = true;
    return;
  }
  root.hidden = false;
  const card = (c, cls) => h("div", { class: `dice-card ${cls}` },
    h("div", { class: "dice-title" }, h("strong", {}, c.title), c.rule ? cite(c.rule) : null),
    h("ul", {}, c.lines.map((l) => h("li", {}, l))));
  fill(root, h("h3", {}, "Dice and combat"), current ? card(current, "current") : null, recent.map((c) => card(c, "past")));
}
