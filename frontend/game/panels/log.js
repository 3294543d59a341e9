// The event log: history from the record, then live events, newest first, filterable by text
// and by kind (moves, combat, everything).

import { cite, fill, h } from "./dom.js";

// Naval combat's own kinds (FA 11.3.5, 11.4: an interception, its rounds, hits, sinkings, aborts).
const COMBAT = /attack|combat|dice|roll|loss|elimin|retreat|breach|bombard|fortress|reserve|reroll|intercept|fight_through|naval_(?:round|search|hit|abort)|sunk|ships_lost/;
const MOVES = /march|rail|move|sea|advance|muster|set_?up/;

export function createLog(root, { store, adapter }) {
  let filter = "all";
  let text = "";
  const list = h("ol", { class: "log-list", "aria-live": "polite" });
  const search = h("input", { type: "search", placeholder: "Filter the log", "aria-label": "Filter the log",
    oninput: () => { text = search.value.toLowerCase(); render(); } });
  const kinds = h("div", { class: "log-kinds", role: "group" }, ["all", "moves", "combat"].map((k) =>
    h("button", { class: `chip${k === filter ? " active" : ""}`, dataset: { kind: k },
      onclick: () => { filter = k; for (const b of kinds.children) b.classList.toggle("active", b.dataset.kind === k); render(); } }, k)));
  fill(root, h("div", { class: "log-tools" }, search, kinds), list);

  function render() {
    const items = [];
    for (let i = store.log.length - 1; i >= 0 && items.length < 300; i -= 1) {
      const entry = store.log[i];
      if (filter === "combat" && !COMBAT.test(entry.kind)) continue;
      if (filter === "moves" && !MOVES.test(entry.kind)) continue;
      const line = entry.text || adapter.event(entry, store.view);
      if (text && !line.toLowerCase().includes(text) && !(entry.rule || "").toLowerCase().includes(text)) continue;
      items.push(h("li", { class: `log-${entry.source}`, dataset: { kind: entry.kind } },
        entry.v !== null && entry.v !== undefined ? h("span", { class: "log-v" }, `#${entry.v}`) : null,
        h("span", { class: "log-text" }, line),
        entry.rule ? cite(entry.rule) : null));
    }
    fill(list, items.length ? items : h("li", { class: "muted" }, "No events yet."));
  }
  render();
  return { render };
}
