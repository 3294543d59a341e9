// Turn and phase track, and whose decision it is.

import { fill, h } from "./dom.js";

export function renderTrack(root, { store, adapter }) {
  const view = store.view;
  if (!view) return fill(root, h("p", { class: "muted" }, "Waiting for the game…"));
  const phase = adapter.phase(view);
  const decisions = store.decisions();
  const result = store.result || view.game?.result;
  // One line per seat that has something to decide: yours first.
  const bySeat = new Map();
  for (const d of decisions) {
    for (const seat of d.seats) {
      if ((d.answered || []).includes(seat) || (d.ready || []).includes(seat)) continue;
      if (!bySeat.has(seat)) bySeat.set(seat, []);
      bySeat.get(seat).push(d);
    }
  }
  const answered = [...new Set(decisions.flatMap((d) => d.answered || []))];
  const ready = [...new Set(decisions.flatMap((d) => d.ready || []))];
  const seats = [...bySeat.keys()].sort((a, b) => store.mySeats.includes(b) - store.mySeats.includes(a));
  const unique = seats.map((seat) => {
    const list = bySeat.get(seat);
    const mine = store.mySeats.includes(seat);
    const text = list.length === 1 ? adapter.text(list[0].prompt) : `${list.length} choices`;
    return h("li", { class: mine ? "mine" : "" },
      h("span", { class: "seat-dot taken", style: `--c: ${adapter.seatColours[seat] || "#888"}` }),
      h("span", {}, mine ? `Your move (${adapter.seatTitle(seat)}): ${text}` : `${adapter.seatTitle(seat)} is deciding: ${text}`),
      list.some((d) => d.reaction) ? h("span", { class: "tag" }, "reaction") : null);
  });
  if (answered.length) unique.push(h("li", { class: "muted" }, `Answered (sealed): ${answered.map((s) => adapter.seatTitle(s)).join(", ")}`));
  if (ready.length) unique.push(h("li", { class: "muted" }, `Orders in and ready: ${ready.map((s) => adapter.seatTitle(s)).join(", ")}`));
  fill(root,
    h("div", { class: "turn" }, h("strong", { class: "turn-name" }, phase.turn || ""),
      phase.side ? h("span", { class: "muted" }, ` · ${phase.side}`) : null),
    // Ruleset facts worth a glance (weather, limits, morale): [[term, value], …]
    phase.facts?.length ? h("dl", { class: "track-facts" }, phase.facts.map(([term, value]) => [h("dt", {}, term), h("dd", {}, value)])) : null,
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
