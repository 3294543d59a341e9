// The War to End All Wars: its view (flow, board.control of every territory, `known` — the
// exact units, bank and income of the nations this audience may see — and `bands`, the colour
// band of everyone else's units per territory) and its order sets (one whole set of orders a
// nation writes for the turn, offered as the server's suggestions) in words. Presentation only:
// fog of war is the server's (engine/rulesets/twteaw/fog.py); nothing here decides what is
// legal, and an order is always one of the items the server offered.
//
// The world map is an area map (engine/maps/compiled/twteaw-world.json: `areas`, no hexes).
// The shared map view draws hex maps only, so this adapter opens the page without the map art
// and lists the territories and what stands in them in the board summary instead (see
// docs/rules/twteaw.md, "Browser"). When the map view draws areas, `units` already returns
// one counter per nation and territory, keyed by the area's id.

import { GenericAdapter, titleCase } from "./generic.js";

const UNIT_WORDS = { infantry: ["infantry", "infantry"], artillery: ["artillery", "artillery"],
  tank: ["tank", "tanks"] };
const BAND_WORDS = { black: "0–5 units", yellow: "6–20 units", red: "21 units or more" };
const SIDE_WORDS = { central: "the Central Powers", allied: "the Allied Powers", neutral: "neutral" };

/** "6 infantry, 1 tank" from {infantry: 6, tank: 1}. */
export function unitCount(units) {
  return Object.entries(units || {}).filter(([, n]) => n > 0)
    .map(([type, n]) => `${n} ${(UNIT_WORDS[type] || [type, type])[n === 1 ? 0 : 1]}`).join(", ") || "no units";
}

export class TwteawAdapter extends GenericAdapter {
  constructor(config = {}) {
    super(config);
    this.areaNames = {};
    this.nations = {};
    // The area names come from the compiled map's data (the page does not load the art).
    if (config.map_url && typeof fetch === "function") {
      fetch(config.map_url).then((r) => (r.ok ? r.json() : null)).then((map) => {
        for (const [id, area] of Object.entries(map?.areas || {})) this.areaNames[id] = area.name;
      }).catch(() => {});
    }
  }

  /** No map art: the hex map view cannot draw an area map (see the head of this file). */
  mapSource(config) {
    return { mapUrl: null, svgUrl: null };
  }

  seatTitle(seat) {
    return this.nations[seat]?.title || super.seatTitle(seat);
  }

  nation(id) {
    return this.nations[id]?.title || this.seatTitles[id] || titleCase(id || "");
  }

  area(id) {
    return this.areaNames[id] || titleCase(String(id || "?").replace(/-/g, " "));
  }

  #learn(view) {
    if (view?.nations) this.nations = view.nations;
  }

  phase(view) {
    this.#learn(view);
    const flow = view?.flow || {};
    const board = view?.board || {};
    return {
      // board.turn counts the turns (flow.turn stays at 1: the engine never moves it).
      turn: `Turn ${board.turn ?? "?"}${board.turns ? ` of ${board.turns}` : ""}${board.date ? ` (${board.date})` : ""}`,
      phase: flow.step === "orders" ? "Written orders" : titleCase(flow.step || ""),
      steps: [],
    };
  }

  /** Counters: one per nation and territory this audience knows exactly (its own and its
   * allies'), keyed by the area id. Drawn once the map view draws area maps. */
  units(view) {
    this.#learn(view);
    const out = [];
    for (const [nation, secret] of Object.entries(view?.known || {})) {
      for (const [area, stack] of Object.entries(secret.units || {})) {
        const size = Object.values(stack).reduce((s, n) => s + n, 0);
        out.push({ id: `${nation}@${area}`, hex: area, label: String(size), symbol: "infantry",
          colour: this.nations[nation]?.colour || "#ccc",
          title: `${this.nation(nation)}: ${unitCount(stack)} in ${this.area(area)}` });
      }
    }
    return out;
  }

  /** The board as a table: each territory where a known nation stands, with its units, then
   * where others stand (their colour band only), and this audience's treasuries. */
  summary(view) {
    this.#learn(view);
    const known = view?.known || {};
    const control = view?.board?.control || {};
    const rows = [];
    const areas = new Set();
    for (const secret of Object.values(known)) for (const area of Object.keys(secret.units || {})) areas.add(area);
    for (const area of [...areas].sort((a, b) => this.area(a).localeCompare(this.area(b)))) {
      const here = Object.entries(known).filter(([, s]) => s.units?.[area])
        .map(([n, s]) => `${this.nation(n)}: ${unitCount(s.units[area])}`);
      const others = Object.entries(view?.bands?.[area] || {}).map(([n, b]) => `${this.nation(n)} ${BAND_WORDS[b] || b}`);
      rows.push({ seat: this.area(area), colour: this.nations[control[area]]?.colour,
        cells: [`held by ${this.nation(control[area])}`, here.join("; "), others.length ? `also: ${others.join("; ")}` : ""],
        area });
    }
    const purses = Object.entries(known).map(([n, s]) => `${this.nation(n)}: ${s.bank} saved, ${s.income} a turn`);
    return { rows, note: purses.length ? `Treasuries you see — ${purses.join(" · ")}. Other nations show only a colour band per territory: black 0–5 units, yellow 6–20, red 21 or more.`
      : "You see no nation's units exactly: each territory shows a colour band per nation (black 0–5 units, yellow 6–20, red 21 or more)." };
  }

  /** One whole order set in words: "Cologne → Belgium: 6 infantry; build 3 infantry at Berlin". */
  orderText(a) {
    if (!a || typeof a !== "object") return "no orders";
    const parts = [];
    if (a.join) parts.push(`take the side of ${SIDE_WORDS[a.join] || a.join}`);
    if (a.declare?.length) parts.push(`declare war on ${a.declare.map((n) => this.nation(n)).join(", ")}`);
    if (a.influence?.length) parts.push(`influence ${a.influence.map((n) => this.nation(n)).join(", ")}`);
    for (const m of a.moves || []) {
      const cond = [m.rounds ? `at most ${m.rounds} rounds` : "", m.max_losses !== undefined ? `stop after ${m.max_losses} losses` : ""].filter(Boolean);
      parts.push(`${this.area(m.from)} → ${this.area(m.to)}: ${unitCount(m.units)}${cond.length ? ` (${cond.join(", ")})` : ""}`);
    }
    for (const r of a.rail || []) parts.push(`by rail ${this.area(r.from)} → ${this.area(r.to)}: ${unitCount(r.units)}`);
    for (const s of a.support || []) parts.push(`${s.count} artillery in ${this.area(s.from)} fire into ${this.area(s.into)}`);
    for (const w of a.withdraw || []) parts.push(`defenders of ${this.area(w.area)} fall back to ${this.area(w.to)} after ${w.max_losses} losses`);
    if (a.build?.length) {
      const total = {};
      for (const b of a.build) total[b.unit] = (total[b.unit] || 0) + b.count;
      parts.push(`build ${unitCount(total)} (${a.build.map((b) => `${b.count} ${b.unit} at ${this.area(b.at)}`).join(", ")})`);
    }
    if (a.trench?.length) parts.push(`dig trenches: ${a.trench.map((t) => `${this.area(t.area)} facing ${this.area(t.facing)}`).join(", ")}`);
    if (a.home_trenches?.length) parts.push(`entrench every border of ${a.home_trenches.map((x) => this.area(x)).join(", ")}`);
    if (a.incorporate?.length) parts.push(`incorporate ${a.incorporate.map((x) => this.area(x)).join(", ")}`);
    return parts.length ? parts.join("; ") : "hold: no moves, builds or declarations";
  }

  present(decision, item, view) {
    if (decision.kind === "orders") {
      return { hex: null, from: null, text: "", kind: "option", label: this.orderText(item.action) };
    }
    return super.present(decision, item, view);
  }

  describe(decision, item, view) {
    return this.present(decision, item, view).label;
  }

  text(value) {
    // The server's prompts and waiting lines name nations by their ids now and then.
    return String(value ?? "").replace(/\b(austria_hungary|ottoman_empire)\b/g, (id) => this.nation(id));
  }

  event(event, view) {
    this.#learn(view);
    const d = event.data || {};
    switch (event.kind) {
      case "war_declared": return `${this.nation(d.by)} declares war on ${this.nation(d.on)}`;
      case "declaration_void": return `${this.nation(d.by)}'s declaration of war on ${this.nation(d.on)} falls (no longer possible)`;
      case "joined": return `${this.nation(d.nation)} joins ${SIDE_WORDS[d.side] || d.side}${d.provoked ? " (provoked)" : ""}`;
      case "influence": return `${this.nation(d.nation)} courts ${this.nation(d.target)}`;
      case "battle": return `Battle in ${this.area(d.area)}: ${(d.attackers || []).map((n) => this.nation(n)).join(", ")} against ${(d.defenders || []).map((n) => this.nation(n)).join(", ") || "an empty territory"} — ${String(d.outcome || "").replace(/_/g, " ")}; held by ${this.nation(d.holder)}`;
      case "battle_report": return `Your report of the battle in ${this.area(d.area)} (${d.rounds} rounds): losses ${Object.entries(d.losses || {}).map(([n, l]) => `${this.nation(n)} ${unitCount(l)}`).join("; ") || "none"}`;
      case "private_answers": return `${this.nation(d.seat)}'s orders, carried out (only you see them): ${(d.answers || []).map((x) => this.orderText(x.action)).join(" | ")}`;
      case "bought": return `${this.nation(d.nation)} pays for ${(d.builds || []).map((b) => `${b.count} ${b.unit}`).join(", ") || "nothing"}${d.cost !== undefined ? ` (${d.cost})` : ""}`;
      case "incorporated": return `${this.nation(d.nation)} incorporates ${this.area(d.area)}`;
      case "trenches": return `${this.nation(d.nation)}: new trenches dug`;
      case "income": return `${this.nation(d.nation)} collects ${d.income}`;
      case "conquered": return `${this.nation(d.nation)} is conquered`;
      case "manpower_losses": return `Manpower lost so far: ${Object.entries(d.lost || {}).filter(([, n]) => n).map(([n, x]) => `${this.nation(n)} ${x}`).join(", ") || "none"}`;
      case "game_result": return `Game over: ${this.resultText(d)}`;
      default: return super.event(event, view);
    }
  }
}
