// Toy Skirmish (the kernel's test ruleset, no map): tokens and scores as text, bids and moves
// as buttons. Presentation only.

import { GenericAdapter } from "./generic.js";

export class ToySkirmishAdapter extends GenericAdapter {
  phase(view) {
    const flow = view?.flow || {};
    const steps = ["bid", "move", "react"];
    return {
      turn: `Round ${Math.min(flow.round ?? 1, flow.rounds ?? 1)} of ${flow.rounds ?? "?"}`,
      phase: { bid: "Bidding", move: "Movement", react: "Reaction", over: "Game over" }[flow.step] || flow.step,
      side: flow.mover ? `${this.seatTitle(flow.mover)} moves` : null,
      steps: steps.map((s) => ({ label: s[0].toUpperCase() + s.slice(1), current: s === flow.step })),
    };
  }

  /** No map: a small table of the board instead. */
  summary(view) {
    const board = view?.board || {};
    const rows = Object.keys(board.tokens || {}).sort().map((seat) => ({
      seat: this.seatTitle(seat), colour: this.seatColours[seat],
      cells: [`at ${board.tokens[seat]}`, `score ${board.score?.[seat] ?? 0}`, `${board.hand_sizes?.[seat] ?? "?"} cards`],
    }));
    const hands = Object.entries(view?.hands || {});
    return { rows, note: hands.map(([seat, hand]) => `${this.seatTitle(seat)}'s hand: ${hand.join(", ") || "empty"}`).join(" · ") };
  }

  present(decision, item, view) {
    const a = item.action || {};
    if (decision.kind === "bid") return { hex: null, kind: "option", text: "", label: `Bid ${a.card}` };
    if (decision.kind === "move") return { hex: null, kind: "option", text: "", label: `Move to ${a.to} (${item.cost} hex${item.cost === 1 ? "" : "es"})` };
    if (decision.kind === "react") return { hex: null, kind: "option", text: "", label: a.choice === "brace" ? "Brace (roll a d6)" : "Ignore" };
    return super.present(decision, item, view);
  }

  describe(decision, item, view) {
    return this.present(decision, item, view).label;
  }

  event(event, view) {
    const d = event.data || {};
    switch (event.kind) {
      case "bids_revealed": return `Bids revealed: ${Object.entries(d.bids || {}).map(([s, c]) => `${this.seatTitle(s)} ${c}`).join(", ")}`;
      case "bid_won": return `${this.seatTitle(d.seat)} wins the bid with ${d.card}`;
      case "moved": return `${this.seatTitle(d.seat)} moved ${d.from} → ${d.to}`;
      case "reacted": return `${this.seatTitle(d.seat)} chose to ${d.choice}${d.roll ? ` (rolled ${d.roll})` : ""}${d.scorer ? `: ${this.seatTitle(d.scorer)} scores` : ""}`;
      case "answer_sealed": return `${this.seatTitle(d.seat)} has answered (sealed)`;
      default: return super.event(event, view);
    }
  }
}
