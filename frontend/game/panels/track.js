// Turn and phase track, and whose decision it is.

import { fill, h } from "./dom.js";

export function renderTrack(root, { store, adapter }) {
  const view = store.view;
  if (!view) return fill(root, h("p", { class: "muted" }, "Waiting for the game…"));
  const phase = adapter.phase(view);
  const decisions = store.decisions();
  const result = store.result || view.game?.result;
  const waiting = decisions.map((d) => {
    const mine = d.seats.some((s) => store.mySeats.includes(s));
    const answered = (d.answered || []);
    return h("li", { class: mine ? "mine" : "" },
      ...d.seats.map((s) => h("span", { class: "seat-dot taken", style: `--c: ${adapter.seatColours[s] || "#888"}` })),
      h("span", {}, mine ? `You (${d.seats.map((s) => adapter.seatTitle(s)).join(", ")}): ${d.prompt}`
        : `${d.seats.map((s) => adapter.seatTitle(s)).join(", ")}: ${d.prompt}`),
      answered.length ? h("small", { class: "muted" }, ` (answered: ${answered.map((s) => adapter.seatTitle(s)).join(", ")})`) : null,
      d.reaction ? h("span", { class: "tag" }, "reaction") : null);
  });
  const unique = [];
  const seen = new Set();
  for (const li of waiting) if (!seen.has(li.textContent)) { seen.add(li.textContent); unique.push(li); }
  fill(root,
    h("div", { class: "turn" }, h("strong", { class: "turn-name" }, phase.turn || ""),
      phase.side ? h("span", { class: "muted" }, ` · ${phase.side}`) : null),
    phase.steps?.length ? h("ol", { class: "steps" }, phase.steps.map((s) => h("li", { class: s.current ? "current" : "" }, s.label)))
      : h("div", { class: "phase" }, phase.phase),
    phase.steps?.length && !phase.steps.some((s) => s.current) ? h("div", { class: "phase" }, phase.phase) : null,
    result ? h("div", { class: "result" }, h("strong", {}, "Game over: "), describeResult(result, adapter))
      : h("ul", { class: "waiting", "aria-label": "Open decisions" }, unique.length ? unique : h("li", { class: "muted" }, "Nothing to decide right now.")));
}

export function describeResult(result, adapter) {
  if (!result) return "";
  const winners = result.winners || (result.winner ? [result.winner] : null);
  const parts = [];
  if (winners) parts.push(`won by ${winners.map((w) => adapter.seatTitle(w)).join(" and ")}`);
  if (result.side) parts.push(`${result.side} side`);
  if (result.reason) parts.push(`(${String(result.reason).replace(/_/g, " ")})`);
  return parts.join(" ") || JSON.stringify(result);
}
