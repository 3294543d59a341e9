// The War to End All Wars: its view (flow, board.control of every territory, `known` — the
// exact units, bank and income of the nations this audience may see — and `bands`, the colour
// band of everyone else's units per territory) and its order sets (one whole set of orders a
// nation writes for the turn, offered as the server's suggestions) in words. Presentation only:
// fog of war is the server's (engine/rulesets/twteaw/fog.py); nothing here decides what is
// legal, and an order is always one of the items the server offered or a set it checked.
//
// The world map is an area map (engine/maps/compiled/twteaw-world.json: `areas`, no hexes),
// drawn by the area map view (frontend/map/areamap.js): each territory coloured by its holder
// (`marks`), a counter per nation and territory this audience knows exactly (`units`), and the
// colour bands of the others (`marks`). The board summary stays under the map as the text of
// the same (`summaryWithMap`).

import { writtenOrder } from "../panels/decision.js";
import { cite, h } from "../panels/dom.js";
import { GenericAdapter, adoptStylesheet, titleCase } from "./generic.js";

const UNIT_WORDS = { infantry: ["infantry", "infantry"], artillery: ["artillery", "artillery"],
  tank: ["tank", "tanks"] };
// Ships (TWTEAW naval slice, version 3): kept apart from the land units, whose count inputs the
// land forms list.
// Aircraft and AA guns (air slice, version 7; rulings 113–122): bought like land units, but kept
// off the land forms' count inputs: planes fly by the `air` order key, written by the air form,
// whose targets are the server's (the `air_targets` query; tactical bombing 4.1.1, version 8).
const AIR_WORDS = { aa: ["AA gun", "AA guns"], fighter: ["fighter", "fighters"], bomber: ["bomber", "bombers"] };
const PLANES = ["fighter", "bomber"];
const AIR_MISSION_WORDS = { attack: "attack (joins the battle there)", tactical: "tactical bombing (strikes before the attack: 3 strikes give attacking infantry +1)",
  move: "move (lands there and defends it)", rebase: "rebase (double fuel over your side's land, lands in Phase 7)" };
const AIR_VERBS = { attack: "attack", tactical: "bomb ahead of the attack on", move: "fly to", rebase: "rebase to" };
const SHIP_WORDS = { battleship: ["battleship", "battleships"], damaged_battleship: ["damaged battleship", "damaged battleships"],
  cruiser: ["cruiser", "cruisers"], transport: ["transport", "transports"],
  submarine: ["submarine", "submarines"] };   // version 14 (rulings 159–165): submerged, no band
const MISSION_WORDS = { patrol: "patrol (seeks battle)", move: "move (tries to slip through)", transport: "transport (carries troops)",
  bombard: "bombard (battleships shell a landing's coast)",   // 4.2.3 (rulings 80–84)
  escort: "escort (guards your transports and moves ending in the same zone)",   // 4.2.2 (ruling 85)
  blockade: "blockade (warships hold the zone against a declared US trade route)",   // 4.2.6, 1.4 (rulings 100–103)
  intercept: "intercept (submarines strike an enemy task force sailing in, out or landing troops)",   // 4.2.10 (ruling 163)
  hunt: "hunt submarines (battleships, cruisers or submarines staying in the zone)" };   // 4.2.9 (rulings 161–162)
// 1.4, Variable US Trade (ruling 97): who receives US trade and so can be blockaded; Russia's
// Pacific route is off this sheet (ruling 99), so it cannot be.
const TRADE_RECEIVERS = ["britain", "france", "germany"];
// 1.4, the map's straits (straits.py, rulings 105–111): the passages a holder of one of their
// territories may close to named nations (the Kiel Canal is never closed: ruling 106).
const PASSAGES = {
  bosporus: { title: "the Bosporus and Dardanelles", by: ["constantinople", "izmir", "sinope"] },
  denmark: { title: "the Danish straits", by: ["denmark"] },
  gibraltar: { title: "the Strait of Gibraltar", by: ["gibraltar"] },
  suez: { title: "the Suez Canal", by: ["suez-canal"] } };
const passageTitle = (p) => PASSAGES[p]?.title || p;
const BAND_WORDS = { black: "0–5 units", yellow: "6–20 units", red: "21 units or more" };
const SIDE_WORDS = { central: "the Central Powers", allied: "the Allied Powers", neutral: "neutral" };

/** "6 infantry, 1 tank" from {infantry: 6, tank: 1}. */
export function unitCount(units) {
  return Object.entries(units || {}).filter(([, n]) => n > 0)
    .map(([type, n]) => `${n} ${(UNIT_WORDS[type] || AIR_WORDS[type] || SHIP_WORDS[type] || [type, type])[n === 1 ? 0 : 1]}`).join(", ") || "no units";
}

export class TwteawAdapter extends GenericAdapter {
  constructor(config = {}) {
    super(config);
    this.areaNames = {};
    this.neighbours = {};     // area → the land areas next to it (for the editor's moves)
    this.landBorders = {};    // area → the neighbours across a land border (where a trench may face)
    this.seaNeighbours = {};  // sea zone → the sea zones next to it (a naval order's route)
    this.coasts = {};         // sea zone → the land territories on its coast (a cargo's ends)
    this.owners = {};         // area → its original owner (incorporation is of others' land)
    this.cities = new Set();  // the territories with a city (the home trench package)
    this.ics = new Set();     // the territories with an industrial complex on the map
    this.nations = {};
    this.editors = {};        // one editor per decision: its draft outlives the page's reloads
    adoptStylesheet("twteaw-css", new URL("./twteaw.css", import.meta.url));
    // The area names come from the compiled map's data (also when the map cannot be shown).
    if (config.map_url && typeof fetch === "function") {
      fetch(config.map_url).then((r) => (r.ok ? r.json() : null)).then((map) => {
        if (!Object.keys(this.areaNames).length) this.#readMap(map);
      }).catch(() => {});
    }
  }

  /** The page keeps the territories' table under the map (it is the map's text). */
  get summaryWithMap() {
    return true;
  }

  /** The open map's data (the page hands it over): names and land neighbours at once. */
  setMap(map) {
    this.#readMap(map);
  }

  #readMap(map) {
    if (!map?.areas) return;
    this.areaNames = {};
    this.neighbours = {};
    this.landBorders = {};
    this.seaNeighbours = {};
    this.coasts = {};
    this.owners = {};
    this.cities = new Set();
    this.ics = new Set();
    for (const [id, area] of Object.entries(map.areas)) {
      this.areaNames[id] = area.name;
      if (area.owner) this.owners[id] = area.owner;
      if (area.city) this.cities.add(id);
      if (area.ic) this.ics.add(id);
    }
    const land = (id) => map.areas[id]?.kind === "land";
    const sea = (id) => map.areas[id]?.kind === "sea";
    for (const { a, b, flags } of map.edges || []) {
      if (sea(a) && sea(b)) {
        (this.seaNeighbours[a] ||= []).push(b);
        (this.seaNeighbours[b] ||= []).push(a);
      } else if (sea(a) !== sea(b) && (land(a) || land(b))) {
        const [zone, coast] = sea(a) ? [a, b] : [b, a];
        (this.coasts[zone] ||= []).push(coast);
      }
      if (!land(a) || !land(b)) continue;
      (this.neighbours[a] ||= []).push(b);
      (this.neighbours[b] ||= []).push(a);
      if ((flags || []).includes("land")) {
        (this.landBorders[a] ||= []).push(b);
        (this.landBorders[b] ||= []).push(a);
      }
    }
  }

  /** Where the map opens: on the seat's own territories (their middle), else on central
   * Europe, at a zoom that shows a front. */
  startView(view, seats, map) {
    const mine = Object.keys(view?.known?.[seats?.[0]]?.units || {}).filter((a) => map.has(a));
    if (!mine.length) return { zoom: 1.5, hex: map.has("vienna") ? "vienna" : null };
    const points = mine.map((a) => map.centre(a));
    const [cx, cy] = [points.reduce((s, p) => s + p[0], 0) / points.length, points.reduce((s, p) => s + p[1], 0) / points.length];
    const nearest = mine.slice().sort((a, b) => Math.hypot(map.centre(a)[0] - cx, map.centre(a)[1] - cy)
      - Math.hypot(map.centre(b)[0] - cx, map.centre(b)[1] - cy))[0];
    return { zoom: 1.8, hex: nearest };
  }

  /** The map's marks: each territory filled with its holder's colour (public), and a colour
   * band per territory for each nation this audience does not see exactly (fog.bands_for). */
  marks(view) {
    this.#learn(view);
    const out = [];
    for (const [area, holder] of Object.entries(view?.board?.control || {})) {
      out.push({ hex: area, kind: "held", fill: this.nations[holder]?.colour || "#bbb", holder,
        title: `${this.area(area)}: held by ${this.nation(holder)}` });
    }
    for (const [area, per] of Object.entries(view?.bands || {})) {
      for (const [nation, band] of Object.entries(per)) {
        out.push({ hex: area, kind: "band", band, nation, colour: this.nations[nation]?.colour,
          title: `${this.nation(nation)} in ${this.area(area)}: ${BAND_WORDS[band] || band}` });
      }
    }
    return out;
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
   * allies'), keyed by the area id; its label is the number of units there. */
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

  /** The board as a table: each territory where a known nation stands, with its units, and
   * each where another stands 6 or more strong (its colour band only); then this audience's
   * treasuries. */
  summary(view) {
    this.#learn(view);
    const known = view?.known || {};
    const control = view?.board?.control || {};
    const rows = [];
    const areas = new Set();
    for (const secret of Object.values(known)) for (const area of Object.keys(secret.units || {})) areas.add(area);
    // Where others stand in strength (a yellow or red band), even without units of one's own.
    for (const [area, per] of Object.entries(view?.bands || {})) {
      if (Object.values(per).some((b) => b !== "black")) areas.add(area);
    }
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
    if (a.blockade?.length) parts.push(`blockade the US trade of ${a.blockade.map((n) => this.nation(n)).join(", ")}`);
    for (const c of a.close || []) parts.push(`close ${passageTitle(c.passage)} to ${this.nation(c.nation)}`);
    for (const c of a.reopen || []) parts.push(`reopen ${passageTitle(c.passage)} to ${this.nation(c.nation)}`);
    for (const m of a.moves || []) {
      const cond = [m.rounds ? `at most ${m.rounds} rounds` : "", m.max_losses !== undefined ? `stop after ${m.max_losses} losses` : ""].filter(Boolean);
      parts.push(`${this.area(m.from)} → ${this.area(m.to)}: ${unitCount(m.units)}${cond.length ? ` (${cond.join(", ")})` : ""}`);
    }
    for (const r of a.rail || []) parts.push(`by rail ${this.area(r.from)} → ${this.area(r.to)}: ${unitCount(r.units)}`);
    for (const f of a.air || []) parts.push(`${unitCount(f.units)} from ${this.area(f.from)} ${AIR_VERBS[f.mission] || f.mission} ${this.area(f.to)}`);
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
    for (const n of a.naval || []) {
      const route = [n.from, ...(n.path || [])].map((z) => this.area(z)).join(" → ");
      const cargo = n.carry ? `, carrying ${unitCount(n.carry.units)} from ${this.area(n.carry.from)} to ${this.area(n.carry.to)}` : "";
      const verb = { patrol: "patrol", transport: "sail", bombard: "sail", escort: "escort", blockade: "blockade from",
        intercept: "lie in wait to intercept in", hunt: "hunt submarines in" }[n.mission] || "move";
      const shell = n.mission === "bombard" ? `, battleships shelling ${this.area(n.target)}` : "";
      const guard = n.mission === "escort" ? " (guarding the transports and moves that end there)" : "";
      parts.push(`${unitCount(n.units)} ${verb} ${route}${cargo}${shell}${guard}`);
    }
    if (a.defend_ics?.length) parts.push(`the industrial complex of ${a.defend_ics.map((x) => this.area(x)).join(", ")} fights if attacked`);
    if (a.surrender) parts.push("offer to surrender to every enemy at war with us (they vote next turn)");
    for (const [n, ballot] of Object.entries(a.surrender_votes || {})) {
      parts.push(`${ballot === "decline" ? "decline" : "accept"} the surrender of ${this.nation(n)}`);
    }
    if (a.casualties?.length && a.casualties.join() !== Object.keys(UNIT_WORDS).join()) parts.push(`losses in the order ${a.casualties.join(", ")}`);
    return parts.length ? parts.join("; ") : "hold: no moves, builds or declarations";
  }

  hasEditor(decision) {
    return decision.kind === "orders";
  }

  editor(decision, orders) {
    if (!this.hasEditor(decision)) return null;
    return (this.editors[decision.id] ||= new TwteawOrderEditor(this, decision));
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
      case "air_raid": return `Air raid on ${this.area(d.area)} by ${(d.raiders || []).map((n) => this.nation(n)).join(", ")} (tactical bombing)`;
      case "air_raid_report": return d.sent
        ? `Your raid on ${this.area(d.area)}: ${d.scored} strikes, ${d.points} in all there${d.bonus ? " — attacking infantry gets +1 this turn" : ""}; fought with ${Object.entries(d.met || {}).map(([n, m]) => `${this.nation(n)} ${Object.entries(m).map(([t, b]) => `${AIR_WORDS[t]?.[1] || t} ${BAND_WORDS[b] || b}`).join(", ")}`).join("; ") || "no fighters or AA guns"}; losses ${Object.entries(d.losses || {}).map(([n, l]) => `${this.nation(n)} ${unitCount(l)}`).join("; ") || "none"}`
        : `An air raid on ${this.area(d.area)}: ${Object.entries(d.raiders || {}).map(([n, b]) => `${this.nation(n)} ${BAND_WORDS[b] || b}`).join("; ")}; losses ${Object.entries(d.losses || {}).map(([n, l]) => `${this.nation(n)} ${unitCount(l)}`).join("; ") || "none"}`;
      case "raid_called_off": return `Your raid on ${this.area(d.to)} is called off: its holder is no longer at war with you`;
      case "raiders_lost": return `Your raiders from ${this.area(d.base)} find it lost and are lost with it: ${unitCount(d.units)}`;
      case "battle_report": return `Your report of the battle in ${this.area(d.area)} (${d.rounds} rounds): losses ${Object.entries(d.losses || {}).map(([n, l]) => `${this.nation(n)} ${unitCount(l)}`).join("; ") || "none"}`;
      case "private_answers": return `${this.nation(d.seat)}'s orders, carried out (only you see them): ${(d.answers || []).map((x) => this.orderText(x.action)).join(" | ")}`;
      case "bought": return `${this.nation(d.nation)} pays for ${(d.builds || []).map((b) => `${b.count} ${b.unit}`).join(", ") || "nothing"}${d.cost !== undefined ? ` (${d.cost})` : ""}`;
      case "incorporated": return `${this.nation(d.nation)} incorporates ${this.area(d.area)}`;
      case "trenches": return `${this.nation(d.nation)}: new trenches dug`;
      case "income": return `${this.nation(d.nation)} collects ${d.income}${d.us_trade ? ` and ${d.us_trade} in US trade` : ""}`;
      // 1.4 and Variable US Trade (us_trade.py, rulings 97–103)
      case "us_trade_blockaded": return `The blockade by ${(d.by || []).map((n) => this.nation(n)).join(", ")} cuts ${this.nation(d.on)}'s US trade this turn (${d.trade} lost)`;
      case "blockade_broken": return `The blockade of ${this.nation(d.on)} by ${(d.by || []).map((n) => this.nation(n)).join(", ")} does not hold: its US trade comes through`;
      case "blockade_void": return `${this.nation(d.by)}'s blockade of ${this.nation(d.on)} falls (not at war with it)`;
      case "blockade_report": return `Your blockade of ${this.nation(d.on)}: ${(d.route || []).map((z) => `${this.area(z)} ${(d.held || []).includes(z) ? "held" : "not held"}`).join(", ")} — ${d.cut ? "the trade is cut" : "the trade comes through"}`;
      // 1.4, closing straits (straits.py, rulings 105–111)
      case "strait_closed": return `${this.nation(d.by)} closes ${passageTitle(d.passage)} to ${this.nation(d.to)}'s ships`;
      case "strait_reopened": return d.reason === "lost"
        ? `${passageTitle(d.passage)[0].toUpperCase()}${passageTitle(d.passage).slice(1)} opens again to ${this.nation(d.to)}: ${this.nation(d.by)} no longer holds it`
        : `${this.nation(d.by)} reopens ${passageTitle(d.passage)} to ${this.nation(d.to)}'s ships`;
      case "strait_closure_void": return `${this.nation(d.by)}'s closure of ${passageTitle(d.passage)} falls (it no longer holds it)`;
      // submarines (4.2.9, 4.2.10; rulings 160–163)
      case "submarine_attack": return `Submarines strike in ${this.area(d.zone)}: ${(d.nations || []).map((n) => this.nation(n)).join(", ")}`;
      case "submarine_hunt": return d.found === false ? `Your hunt for submarines in ${this.area(d.zone)} finds none`
        : `A hunt for submarines in ${this.area(d.zone)}: ${(d.nations || []).map((n) => this.nation(n)).join(", ")}`;
      case "submarine_intercept": return `Your submarines in ${this.area(d.zone)} find no enemy task force to strike`;
      case "submarine_report": return `Your report of the submarine fight in ${this.area(d.zone)}: ${Object.entries(d.losses || {}).map(([n, l]) => `${this.nation(n)} sunk ${unitCount(l.sunk)}, damaged ${unitCount(l.damaged)}`).join("; ")}`;
      case "passage_barred": return `Your ships from ${this.area(d.from)} stop in ${this.area(d.at)}: the way to ${this.area(d.to)} was closed to them this turn`;
      case "conquered": return `${this.nation(d.nation)} is conquered`;
      case "manpower_losses": return `Manpower lost so far: ${Object.entries(d.lost || {}).filter(([, n]) => n).map(([n, x]) => `${this.nation(n)} ${x}`).join(", ") || "none"}`;
      case "surrender_offered": return `${this.nation(d.nation)} offers to surrender to ${(d.to || []).map((n) => this.nation(n)).join(", ")}: the vote is next turn (1.3)`;
      case "surrender_vote": return `The vote on ${this.nation(d.nation)}'s surrender: ${d.accept} to accept, ${d.decline} to decline, each nation weighing its income`;
      case "surrender_ballots": return `The ballots on your surrender: ${Object.entries(d.ballots || {}).map(([n, b]) => `${this.nation(n)} ${b === "decline" ? "declines" : "accepts"}`).join(", ")}`;
      case "surrender_accepted": return `${this.nation(d.nation)} surrenders: at peace with ${(d.to || []).map((n) => this.nation(n)).join(", ")}, tribute for twelve turns`;
      case "surrender_declined": return `${this.nation(d.nation)}'s offer of surrender is declined: the war goes on`;
      case "surrender_lapsed": return `${this.nation(d.nation)}'s offer of surrender lapses: no enemy is left to answer it`;
      case "surrender_terms": return `The terms: ${(d.returned || []).map((a) => this.area(a)).join(", ") || "no territory"} returned to the victors; troops on foreign ground go home`;
      case "tribute": return `${this.nation(d.nation)} pays ${d.paid} in war tribute (${Object.entries(d.to || {}).map(([n, x]) => `${this.nation(n)} ${x}`).join(", ")})`;
      case "war_resumed": return `${this.nation(d.nation)} returns to the war on the side of ${SIDE_WORDS[d.side] || d.side}`;
      case "game_result": return `Game over: ${this.resultText(d)}`;
      case "rolled_back": return `The game master rolled back the turn resolved at step ${d.undoes}: its orders stand again, and it resolves when every nation is ready`;
      default: return super.event(event, view);
    }
  }
}

// --- the order editor ----------------------------------------------------------------------
//
// A nation's orders are one whole set. The editor starts from one of the sets the server
// offers (or the order already written), lets the player add and remove land moves and
// builds, and asks the server to check the set (the options query `{"check": orders}`): only
// the set the server hands back, normalised and with its warnings, becomes the pending order.

const copy = (value) => JSON.parse(JSON.stringify(value));

export class TwteawOrderEditor {
  constructor(adapter, decision) {
    this.adapter = adapter;
    this.id = decision.id;
    this.decision = decision;
    this.draft = null;       // the order set being edited
    this.report = null;      // the server's check: {action, warnings}
    this.problem = null;     // the server's refusal of the draft
    this.checking = false;
    this.token = 0;
    // The forms' values: the panel is drawn again on every frame, and they must survive it.
    this.form = { from: null, to: null, picking: false, counts: { infantry: 0, artillery: 0, tank: 0 }, unit: "infantry", at: null, many: 1 };
    this.rail = { from: null, to: null, counts: { infantry: 0, artillery: 0, tank: 0 } };
    this.fallBack = { area: null, to: null, losses: 1 };
    this.fire = { from: null, into: null, count: 1 };
  }

  get seat() {
    return this.decision.seats[0];
  }

  attach(orders) {
    this.orders = orders;
    this.decision = orders.decision || this.decision;
    if (this.report) this.#offer(this.report);
  }

  /** On the map: the draft's moves (arrows), the territory a move leaves (selected), where it
   * may go (options) and where it goes (selected). */
  highlights() {
    const { from, to } = this.form;
    if (!this.draft) return [];
    // The draft's moves as arrows: by land, and by rail (drawn end to end).
    const out = [...this.draft.moves.map((m) => ({ hex: m.from, to: m.to, kind: "move", title: this.adapter.orderText({ moves: [m] }) })),
      ...(this.draft.rail || []).map((r) => ({ hex: r.from, to: r.to, kind: "rail", title: this.adapter.orderText({ rail: [r] }) }))];
    if (!from) return out;
    out.push({ hex: from, kind: "selected" });
    for (const area of this.adapter.neighbours[from] || []) out.push({ hex: area, kind: area === to ? "selected" : "option" });
    return out;
  }

  /** A click on a territory fills the land-move form: one of the seat's own territories is
   * where the move leaves from, then one next to it is where it goes (the origin clicked again
   * lets the next click pick another origin, even a neighbour); a click on a territory
   * the seat holds without units there is where a build goes. Nothing is sent: the move is
   * added (and checked by the server) with "Add the move". */
  clickHex(area) {
    if (!this.draft || !this.orders) return false;
    const form = this.form;
    const mine = this.#mine();
    const next = this.adapter.neighbours[form.from] || [];
    if (area === form.from && form.picking) {
      form.picking = false;            // the origin clicked again: the next click picks another
    } else if (form.from && form.picking && next.includes(area)) {
      form.to = area;
      form.picking = false;
    } else if (mine.includes(area)) {
      form.from = area;
      form.to = null;
      form.picking = true;
    } else if (this.orders.store.view?.board?.control?.[area] === this.seat) {
      form.at = area;
    } else {
      return false;
    }
    this.orders.changed();
    return true;
  }

  cancel() {}

  use(action) {
    this.draft = copy(action);
    this.#check();
  }

  removeMove(index) {
    this.draft.moves.splice(index, 1);
    this.#check();
  }

  removeBuild(index) {
    this.draft.build.splice(index, 1);
    this.#check();
  }

  /** Take out the `index`th row of one of the draft's lists (rail, withdraw). */
  remove(list, index) {
    this.draft[list].splice(index, 1);
    this.#check();
  }

  /** A rail move (4.1.3): its route is the shortest chain of land territories the seat's side
   * holds (the page's guess; the server checks the route, incorporation and capacities). */
  addRail(from, to, units) {
    const counts = Object.fromEntries(Object.entries(units).filter(([, n]) => n > 0));
    const path = from && to && from !== to ? this.route(from, to) : null;
    if (!path || !Object.keys(counts).length) {
      this.problem = { message: !path && from && to && from !== to
        ? `No chain of territories your side holds joins ${this.adapter.area(from)} to ${this.adapter.area(to)}.`
        : "A rail move needs a territory to leave, another to reach and at least one unit." };
      this.orders.changed();
      return;
    }
    (this.draft.rail ||= []).push({ from, to, units: counts, path });
    this.rail.counts = { infantry: 0, artillery: 0, tank: 0 };
    this.#check();
  }

  /** Artillery fire (TWTEAW artillery): `count` guns in `from` fire into the battle in `into`. */
  addSupport(from, into, count) {
    if (!from || !into || !(count > 0)) return;
    (this.draft.support ||= []).push({ from, into, count });
    this.#check();
  }

  /** The defenders' condition (4.6): after `losses` losses they fall back to `to`. */
  addWithdraw(area, to, losses) {
    if (!area || !to || !(losses >= 0)) return;
    this.draft.withdraw = (this.draft.withdraw || []).filter((w) => w.area !== area);
    this.draft.withdraw.push({ area, to, max_losses: losses });
    this.#check();
  }

  /** Add a name to one of the draft's lists of names: `declare` (1.1), `influence` (1.2),
   * `blockade` (1.4), `home_trenches` (the home city package), `incorporate` (6), `defend_ics` (industrial
   * complexes ordered to fight, ruling 67). Once each. */
  addName(list, name) {
    if (!name) return;
    const names = (this.draft[list] ||= []);
    if (!names.includes(name)) names.push(name);
    this.#check();
  }

  /** A closure (`close`) or reopening (`reopen`) of a passage to one nation (1.4). Once each. */
  addPassage(list, passage, nation) {
    if (!passage || !nation) return;
    const rows = (this.draft[list] ||= []);
    if (!rows.some((c) => c.passage === passage && c.nation === nation)) rows.push({ passage, nation });
    this.#check();
  }

  /** A trench (TWTEAW trenches): in `area`, facing its neighbour `facing`. */
  addTrench(area, facing) {
    if (!area || !facing) return;
    const rows = (this.draft.trench ||= []);
    if (!rows.some((t) => t.area === area && t.facing === facing)) rows.push({ area, facing });
    this.#check();
  }

  /** A neutral's entry into the war on `side` (central or allied); null takes it back. */
  setJoin(side) {
    this.draft.join = side || null;
    this.#check();
  }

  /** Offer (or no longer offer) to surrender in this turn's orders (1.3, ruling 86). */
  setSurrender(on) {
    this.draft.surrender = !!on;
    this.#check();
  }

  /** The seat's ballot on an offer of surrender it received (1.3; no ballot accepts). */
  setBallot(offerer, ballot) {
    (this.draft.surrender_votes ||= {})[offerer] = ballot === "decline" ? "decline" : "accept";
    this.#check();
  }

  /** The order of losses (2.2): `type` one place earlier. */
  earlier(type) {
    const order = (this.draft.casualties ||= Object.keys(UNIT_WORDS)).slice();
    const at = order.indexOf(type);
    if (at <= 0) return;
    [order[at - 1], order[at]] = [order[at], order[at - 1]];
    this.draft.casualties = order;
    this.#check();
  }

  /** The seat's side now: itself and the nations whose units it sees exactly (its allies). */
  #side() {
    return new Set([this.seat, ...Object.keys(this.orders.store.view?.known || {})]);
  }

  /** The shortest chain of land territories held by the seat's side from `from` to `to`. */
  route(from, to) {
    const control = this.orders.store.view?.board?.control || {};
    const side = this.#side();
    const ours = (a) => side.has(control[a]);
    if (!ours(from) || !ours(to)) return null;
    const back = { [from]: null };
    const queue = [from];
    while (queue.length) {
      const at = queue.shift();
      if (at === to) break;
      for (const next of (this.adapter.neighbours[at] || []).slice().sort()) {
        if (next in back || !ours(next)) continue;
        back[next] = at;
        queue.push(next);
      }
    }
    if (!(to in back)) return null;
    const path = [];
    for (let at = to; at !== null; at = back[at]) path.unshift(at);
    return path;
  }

  /** A land move; `conditions` ({rounds, max_losses}, each optional: a blank is none) break
   * off an attack (TWTEAW 4.6; the server refuses them on a move that attacks nobody). */
  addMove(from, to, units, conditions = {}) {
    const counts = Object.fromEntries(Object.entries(units).filter(([, n]) => n > 0));
    if (!from || !to || !Object.keys(counts).length) {
      this.problem = { message: "A move needs a territory to leave, one to enter and at least one unit." };
      this.orders.changed();
      return;
    }
    const move = { from, to, units: counts };
    for (const key of ["rounds", "max_losses"]) {
      const value = conditions[key];
      if (value !== undefined && value !== null && value !== "") move[key] = Number(value);
    }
    this.draft.moves.push(move);
    this.form.counts = { infantry: 0, artillery: 0, tank: 0 };
    this.form.rounds = "";
    this.form.losses = "";
    this.#check();
  }

  addBuild(unit, at, count) {
    if (!unit || !at || !(count > 0)) return;
    this.draft.build.push({ unit, at, count });
    this.#check();
  }

  #check() {
    const token = (this.token += 1);
    this.checking = true;
    this.problem = null;
    this.report = null;
    this.#offer(null);
    this.orders.socket.options(this.orders.seat, this.id, { check: this.draft }).then((items) => {
      if (token !== this.token) return;
      this.checking = false;
      this.report = items[0] || null;
      if (this.report?.action) this.draft = copy(this.report.action);
      this.#offer(this.report);
    }, (error) => {
      if (token !== this.token) return;
      this.checking = false;
      const frame = error.frame || {};
      this.problem = { message: frame.message || error.message, rule: frame.rule || frame.data?.rule };
      this.orders.changed();
    });
  }

  /** The server-checked set becomes the pending order (Confirm writes it). */
  #offer(item) {
    const orders = this.orders;
    if (!orders || orders.status === "sending") return;
    orders.pending = item?.action ? { item, index: -1, p: this.adapter.present(this.decision, item, orders.store.view) } : null;
    orders.status = orders.pending ? "confirm" : "ready";
    orders.changed();
  }

  /** The areas this seat has units in, and the neighbours of each (from the map's data). */
  #mine() {
    const units = this.orders.store.view?.known?.[this.seat]?.units || {};
    return Object.keys(units).sort((a, b) => this.adapter.area(a).localeCompare(this.adapter.area(b)));
  }

  panel() {
    const { orders, adapter } = this;
    const { store } = orders;
    const d = orders.decision || this.decision;
    // A game master's proxy (panels/gm.js) has no written order or ready flag of its own here.
    const out = orders.proxy ? [] : [writtenOrder(d, { store: orders.store, orders, adapter })];
    out.push(h("p", { class: "small muted" }, "Start from one of these order sets, then add or remove moves, builds, trenches, declarations and the rest; the server checks the whole set before you write it."));
    out.push(h("ul", { class: "choices", "aria-label": "Order sets" }, (orders.entries || []).map((e) => h("li", {},
      h("button", { class: "choice", dataset: { index: e.index }, onclick: () => this.use(e.item.action) }, e.p.label)))));
    if (!this.draft) return out;
    const draft = this.draft;
    out.push(h("div", { class: "twteaw-draft", id: "twteaw-draft" },
      h("strong", {}, "Your draft"),
      h("ul", {}, draft.moves.map((m, i) => h("li", { class: "draft-move" }, adapter.orderText({ moves: [m] }), " ",
        h("button", { class: "button small ghost", onclick: () => this.removeMove(i) }, "Remove"))),
      draft.build.map((b, i) => h("li", { class: "draft-build" }, `build ${b.count} ${b.unit} at ${adapter.area(b.at)}`, " ",
        h("button", { class: "button small ghost", onclick: () => this.removeBuild(i) }, "Remove"))),
      (draft.rail || []).map((r, i) => h("li", { class: "draft-rail" }, adapter.orderText({ rail: [r] }),
        ` (through ${r.path.map((a) => adapter.area(a)).join(", ")}) `,
        h("button", { class: "button small ghost", onclick: () => this.remove("rail", i) }, "Remove"))),
      (draft.support || []).map((x, i) => h("li", { class: "draft-support" }, adapter.orderText({ support: [x] }), " ",
        h("button", { class: "button small ghost", onclick: () => this.remove("support", i) }, "Remove"))),
      (draft.withdraw || []).map((w, i) => h("li", { class: "draft-withdraw" }, adapter.orderText({ withdraw: [w] }), " ",
        h("button", { class: "button small ghost", onclick: () => this.remove("withdraw", i) }, "Remove"))),
      draft.join ? h("li", { class: "draft-join" }, adapter.orderText({ join: draft.join }), " ",
        h("button", { class: "button small ghost", onclick: () => this.setJoin(null) }, "Remove")) : null,
      (draft.declare || []).map((n, i) => h("li", { class: "draft-declare" }, adapter.orderText({ declare: [n] }), " ",
        h("button", { class: "button small ghost", onclick: () => this.remove("declare", i) }, "Remove"))),
      (draft.influence || []).map((n, i) => h("li", { class: "draft-influence" }, adapter.orderText({ influence: [n] }), " ",
        h("button", { class: "button small ghost", onclick: () => this.remove("influence", i) }, "Remove"))),
      (draft.blockade || []).map((n, i) => h("li", { class: "draft-blockade" }, adapter.orderText({ blockade: [n] }), " ",
        h("button", { class: "button small ghost", onclick: () => this.remove("blockade", i) }, "Remove"))),
      ["close", "reopen"].map((key) => (draft[key] || []).map((c, i) => h("li", { class: `draft-${key}` }, adapter.orderText({ [key]: [c] }), " ",
        h("button", { class: "button small ghost", onclick: () => this.remove(key, i) }, "Remove")))),
      (draft.trench || []).map((t, i) => h("li", { class: "draft-trench" }, adapter.orderText({ trench: [t] }), " ",
        h("button", { class: "button small ghost", onclick: () => this.remove("trench", i) }, "Remove"))),
      (draft.home_trenches || []).map((a, i) => h("li", { class: "draft-home-trenches" }, adapter.orderText({ home_trenches: [a] }), " ",
        h("button", { class: "button small ghost", onclick: () => this.remove("home_trenches", i) }, "Remove"))),
      (draft.incorporate || []).map((a, i) => h("li", { class: "draft-incorporate" }, adapter.orderText({ incorporate: [a] }), " ",
        h("button", { class: "button small ghost", onclick: () => this.remove("incorporate", i) }, "Remove"))),
      (draft.naval || []).map((n, i) => h("li", { class: "draft-naval" }, adapter.orderText({ naval: [n] }), " ",
        h("button", { class: "button small ghost", onclick: () => this.remove("naval", i) }, "Remove"))),
      (draft.air || []).map((f, i) => h("li", { class: "draft-air" }, adapter.orderText({ air: [f] }), " ",
        h("button", { class: "button small ghost", onclick: () => this.remove("air", i) }, "Remove"))),
      (draft.defend_ics || []).map((a, i) => h("li", { class: "draft-defend-ics" }, adapter.orderText({ defend_ics: [a] }), " ",
        h("button", { class: "button small ghost", onclick: () => this.remove("defend_ics", i) }, "Remove")))),
      h("p", { class: "small muted" }, `All of it: ${adapter.orderText(draft)}`)));
    // add a land move
    const form = this.form;
    const mine = this.#mine();
    const stock = store.view?.known?.[this.seat]?.units || {};
    if (!mine.includes(form.from)) form.from = mine[0] || null;
    const targets = (adapter.neighbours[form.from] || []).slice().sort((a, b) => adapter.area(a).localeCompare(adapter.area(b)));
    if (!targets.includes(form.to)) form.to = targets[0] || null;
    const from = h("select", { id: "move-from", "aria-label": "Move from",
      onchange: (event) => { form.from = event.target.value; form.to = null; form.picking = true; orders.changed(); } },
    mine.map((a) => h("option", { value: a, selected: a === form.from }, `${adapter.area(a)} (${unitCount(stock[a])})`)));
    const to = h("select", { id: "move-to", "aria-label": "Move to",
      onchange: (event) => { form.to = event.target.value; form.picking = false; orders.changed(); } },
      targets.map((a) => h("option", { value: a, selected: a === form.to }, adapter.area(a))));
    const count = (type) => h("input", { type: "number", min: "0", value: String(form.counts[type] ?? 0), id: `move-${type}`,
      "aria-label": type, class: "count", oninput: (event) => { form.counts[type] = Number(event.target.value) || 0; } });
    out.push(h("fieldset", { class: "twteaw-add" }, h("legend", {}, "Add a land move"),
      orders.mapped ? h("p", { class: "small muted", id: "move-hint" }, form.picking
        ? `On the map: click where the units in ${adapter.area(form.from)} go.`
        : "On the map: click one of your territories to move from it.") : null,
      from, " → ", to,
      Object.keys(UNIT_WORDS).map((t) => h("label", {}, ` ${t} `, count(t))),
      h("label", {}, " at most ", h("input", { type: "number", min: "1", value: form.rounds ?? "", id: "move-rounds", "aria-label": "At most rounds",
        class: "count", placeholder: "any", oninput: (event) => { form.rounds = event.target.value; } }), " rounds"),
      h("label", {}, " stop after ", h("input", { type: "number", min: "0", value: form.losses ?? "", id: "move-losses", "aria-label": "Stop after losses",
        class: "count", placeholder: "any", oninput: (event) => { form.losses = event.target.value; } }), " losses"),
      h("button", { class: "button small", id: "add-move",
        onclick: () => this.addMove(form.from, form.to, { ...form.counts }, { rounds: form.rounds, max_losses: form.losses }) }, "Add the move")));
    // add a build
    const held = Object.entries(store.view?.board?.control || {}).filter(([, n]) => n === this.seat).map(([a]) => a)
      .sort((a, b) => adapter.area(a).localeCompare(adapter.area(b)));
    if (!held.includes(form.at)) form.at = held[0] || null;
    const unit = h("select", { id: "build-unit", "aria-label": "Unit to build", onchange: (event) => { form.unit = event.target.value; } },
      [...Object.keys(UNIT_WORDS), ...Object.keys(AIR_WORDS)].map((t) => h("option", { value: t, selected: t === form.unit }, t)));
    const at = h("select", { id: "build-at", "aria-label": "Where", onchange: (event) => { form.at = event.target.value; orders.changed(); } },
      held.map((a) => h("option", { value: a, selected: a === form.at }, adapter.area(a))));
    const many = h("input", { type: "number", min: "1", value: String(form.many), id: "build-count", "aria-label": "How many", class: "count",
      oninput: (event) => { form.many = Number(event.target.value) || 0; } });
    out.push(h("fieldset", { class: "twteaw-add" }, h("legend", {}, "Add a build"), many, " ", unit, " at ", at,
      h("button", { class: "button small", id: "add-build", onclick: () => this.addBuild(form.unit, form.at, form.many) }, "Add the build")));
    out.push(this.#railForm(mine, stock), this.#supportForm(stock), this.#withdrawForm(mine),
      this.#trenchForm(stock), this.#diplomacyForm(), this.#incorporateForm(), this.#defendForm(), this.#navalForm(), this.#airForm(stock), this.#casualtyForm());
    // the server's word
    if (this.problem) {
      out.push(h("div", { class: "reject", role: "alert", id: "draft-problem" }, h("strong", {}, "Refused"),
        this.problem.rule ? cite(` ${this.problem.rule}`) : null, h("div", {}, this.problem.message)));
    }
    const warnings = this.report?.warnings || [];
    if (warnings.length) {
      out.push(h("ul", { class: "draft-warnings small", id: "draft-warnings" },
        warnings.map((w) => h("li", {}, typeof w === "string" ? w : w.message || JSON.stringify(w)))));
    }
    const ready = !!orders.pending && !this.checking;
    out.push(h("div", { class: "order", id: ready ? "pending-order" : "draft-order" },
      h("div", { class: "order-text" }, ready ? orders.describePending() : this.checking ? "Checking the orders…"
        : this.problem ? "Fix the draft to write it." : "This draft is written: change it to write it again."),
      h("div", { class: "order-buttons" },
        h("button", { class: "button", id: "confirm", disabled: !ready || orders.status === "sending", onclick: () => orders.confirm() },
          orders.status === "sending" ? "Sending…" : "Write these orders"))));
    return out;
  }

  #counts(prefix, state) {
    return Object.keys(UNIT_WORDS).map((type) => h("label", {}, ` ${type} `, h("input", { type: "number", min: "0",
      value: String(state.counts[type] ?? 0), id: `${prefix}-${type}`, "aria-label": `${type} by rail`, class: "count",
      oninput: (event) => { state.counts[type] = Number(event.target.value) || 0; } })));
  }

  /** Add a rail move: from one of the seat's territories to any other its side holds. */
  #railForm(mine, stock) {
    const { adapter, orders } = this;
    const rail = this.rail;
    const control = orders.store.view?.board?.control || {};
    const side = this.#side();
    if (!mine.includes(rail.from)) rail.from = mine[0] || null;
    const ends = Object.keys(control).filter((a) => side.has(control[a]) && a !== rail.from)
      .sort((a, b) => adapter.area(a).localeCompare(adapter.area(b)));
    if (!ends.includes(rail.to)) rail.to = ends[0] || null;
    return h("fieldset", { class: "twteaw-add" }, h("legend", {}, "Add a rail move"),
      h("select", { id: "rail-from", "aria-label": "Rail from", onchange: (event) => { rail.from = event.target.value; orders.changed(); } },
        mine.map((a) => h("option", { value: a, selected: a === rail.from }, `${adapter.area(a)} (${unitCount(stock[a])})`))),
      " → ",
      h("select", { id: "rail-to", "aria-label": "Rail to", onchange: (event) => { rail.to = event.target.value; } },
        ends.map((a) => h("option", { value: a, selected: a === rail.to }, adapter.area(a)))),
      this.#counts("rail", rail),
      h("button", { class: "button small", id: "add-rail", onclick: () => this.addRail(rail.from, rail.to, { ...rail.counts }) }, "Add the rail move"));
  }

  /** Add artillery fire: guns in one of the seat's territories fire into a neighbour. */
  #supportForm(stock) {
    const { adapter, orders } = this;
    const fire = this.fire;
    const guns = Object.keys(stock).filter((a) => stock[a]?.artillery > 0)
      .sort((a, b) => adapter.area(a).localeCompare(adapter.area(b)));
    if (!guns.includes(fire.from)) fire.from = guns[0] || null;
    const targets = (adapter.neighbours[fire.from] || []).slice().sort((a, b) => adapter.area(a).localeCompare(adapter.area(b)));
    if (!targets.includes(fire.into)) fire.into = targets[0] || null;
    return h("fieldset", { class: "twteaw-add" }, h("legend", {}, "Add artillery fire"),
      h("input", { type: "number", min: "1", value: String(fire.count), id: "support-count", "aria-label": "Guns", class: "count",
        oninput: (event) => { fire.count = Number(event.target.value) || 0; } }),
      " artillery in ",
      h("select", { id: "support-from", "aria-label": "Artillery in", onchange: (event) => { fire.from = event.target.value; fire.into = null; orders.changed(); } },
        guns.map((a) => h("option", { value: a, selected: a === fire.from }, `${adapter.area(a)} (${stock[a].artillery})`))),
      " fire into ",
      h("select", { id: "support-into", "aria-label": "Fire into", onchange: (event) => { fire.into = event.target.value; } },
        targets.map((a) => h("option", { value: a, selected: a === fire.into }, adapter.area(a)))),
      " ",
      h("button", { class: "button small", id: "add-support", onclick: () => this.addSupport(fire.from, fire.into, fire.count) }, "Add the fire"));
  }

  /** Add a fall-back condition for the seat's defenders in one of its territories. */
  #withdrawForm(mine) {
    const { adapter, orders } = this;
    const back = this.fallBack;
    if (!mine.includes(back.area)) back.area = mine[0] || null;
    const ways = (adapter.neighbours[back.area] || []).slice().sort((a, b) => adapter.area(a).localeCompare(adapter.area(b)));
    if (!ways.includes(back.to)) back.to = ways[0] || null;
    return h("fieldset", { class: "twteaw-add" }, h("legend", {}, "Add a fall back"),
      "The defenders of ",
      h("select", { id: "withdraw-area", "aria-label": "Defenders of", onchange: (event) => { back.area = event.target.value; back.to = null; orders.changed(); } },
        mine.map((a) => h("option", { value: a, selected: a === back.area }, adapter.area(a)))),
      " fall back to ",
      h("select", { id: "withdraw-to", "aria-label": "Fall back to", onchange: (event) => { back.to = event.target.value; } },
        ways.map((a) => h("option", { value: a, selected: a === back.to }, adapter.area(a)))),
      " after ",
      h("input", { type: "number", min: "0", value: String(back.losses), id: "withdraw-losses", "aria-label": "Losses", class: "count",
        oninput: (event) => { back.losses = Number(event.target.value); } }),
      " losses ",
      h("button", { class: "button small", id: "add-withdraw", onclick: () => this.addWithdraw(back.area, back.to, back.losses) }, "Add the fall back"));
  }
  /** Dig trenches (TWTEAW trenches): one border of a territory the seat holds with its
   * infantry there, facing a land neighbour (5 each); or, in a home city with five infantry,
   * every land border at once (10). */
  #trenchForm(stock) {
    const { adapter, orders } = this;
    const dig = (this.dig ||= { area: null, facing: null, home: null });
    const control = orders.store.view?.board?.control || {};
    const byName = (a, b) => adapter.area(a).localeCompare(adapter.area(b));
    const held = Object.keys(stock).filter((a) => control[a] === this.seat && stock[a]?.infantry > 0).sort(byName);
    if (!held.includes(dig.area)) dig.area = held[0] || null;
    const faces = (adapter.landBorders[dig.area] || []).slice().sort(byName);
    if (!faces.includes(dig.facing)) dig.facing = faces[0] || null;
    const homes = held.filter((a) => adapter.owners[a] === this.seat && adapter.cities.has(a) && stock[a].infantry >= 5);
    if (!homes.includes(dig.home)) dig.home = homes[0] || null;
    return h("fieldset", { class: "twteaw-add" }, h("legend", {}, "Dig trenches"),
      "A trench in ",
      h("select", { id: "trench-area", "aria-label": "Trench in", onchange: (event) => { dig.area = event.target.value; dig.facing = null; orders.changed(); } },
        held.map((a) => h("option", { value: a, selected: a === dig.area }, adapter.area(a)))),
      " facing ",
      h("select", { id: "trench-facing", "aria-label": "Facing", onchange: (event) => { dig.facing = event.target.value; } },
        faces.map((a) => h("option", { value: a, selected: a === dig.facing }, adapter.area(a)))),
      " ",
      h("button", { class: "button small", id: "add-trench", onclick: () => this.addTrench(dig.area, dig.facing) }, "Add the trench"),
      homes.length ? h("div", {}, "Every land border of ",
        h("select", { id: "home-trenches-area", "aria-label": "Entrench every border of", onchange: (event) => { dig.home = event.target.value; } },
          homes.map((a) => h("option", { value: a, selected: a === dig.home }, adapter.area(a)))),
        " ",
        h("button", { class: "button small", id: "add-home-trenches", onclick: () => this.addName("home_trenches", dig.home) }, "Entrench it")) : null);
  }

  /** Declarations of war (1.1) on any nation not allied and not at war with the seat,
   * influence (1.2, 10 each) on a neutral minor or Spain, and, for a neutral seat, the side it
   * joins. The lists are the public board's (sides, wars); the server decides what is legal. */
  #diplomacyForm() {
    const { adapter, orders } = this;
    const talk = (this.talk ||= { declare: null, influence: null, join: null, blockade: null, passage: null, shut: null, reopen: null });
    const board = orders.store.view?.board || {};
    const sides = board.sides || {};
    const wars = new Set(board.war || []);
    const nations = orders.store.view?.nations || adapter.nations || {};
    const mine = sides[this.seat];
    const inWar = (s) => s === "central" || s === "allied";
    const atWar = (n) => wars.has([this.seat, n].sort().join("|"));
    const byName = (a, b) => adapter.nation(a).localeCompare(adapter.nation(b));
    const foes = Object.keys(sides).filter((n) => n !== this.seat && !(inWar(mine) && sides[n] === mine) && !atWar(n)).sort(byName);
    if (!foes.includes(talk.declare)) talk.declare = foes[0] || null;
    const courted = Object.keys(sides).filter((n) => sides[n] === "neutral" && n !== this.seat
      && (nations[n]?.kind === "minor" || n === "spain")).sort(byName);
    if (!courted.includes(talk.influence)) talk.influence = courted[0] || null;
    const parts = [h("legend", {}, "Declarations and influence"),
      h("div", {}, "Declare war on ",
        h("select", { id: "declare-nation", "aria-label": "Declare war on", onchange: (event) => { talk.declare = event.target.value; } },
          foes.map((n) => h("option", { value: n, selected: n === talk.declare }, adapter.nation(n)))),
        " ",
        h("button", { class: "button small", id: "add-declare", onclick: () => this.addName("declare", talk.declare) }, "Add the declaration")),
      h("div", {}, "Influence ",
        h("select", { id: "influence-nation", "aria-label": "Influence", onchange: (event) => { talk.influence = event.target.value; } },
          courted.map((n) => h("option", { value: n, selected: n === talk.influence }, adapter.nation(n)))),
        " (10 each) ",
        h("button", { class: "button small", id: "add-influence", onclick: () => this.addName("influence", talk.influence) }, "Add the influence"))];
    // 1.4: a blockade of an enemy's US trade, held by this turn's blockade missions (4.2.6) in
    // every zone of its route; offered against the trade receivers the seat is at war with or
    // declares war on in this draft (the server checks the rest and says why).
    const declaring = new Set(this.draft.declare || []);
    const blockadable = TRADE_RECEIVERS.filter((n) => n !== this.seat && n in sides && (atWar(n) || declaring.has(n))).sort(byName);
    if (!blockadable.includes(talk.blockade)) talk.blockade = blockadable[0] || null;
    if (blockadable.length) {
      parts.push(h("div", {}, "Blockade the US trade of ",
        h("select", { id: "blockade-nation", "aria-label": "Blockade the US trade of", onchange: (event) => { talk.blockade = event.target.value; } },
          blockadable.map((n) => h("option", { value: n, selected: n === talk.blockade }, adapter.nation(n)))),
        " ",
        h("button", { class: "button small", id: "add-blockade", onclick: () => this.addName("blockade", talk.blockade) }, "Add the blockade"),
        h("span", { class: "muted" }, " — your warships must hold every zone of its route on a blockade mission (1.4)")));
    }
    parts.push(...this.#straitRows(board, byName));
    if (mine === "neutral") {
      if (!["central", "allied"].includes(talk.join)) talk.join = "allied";
      parts.push(h("div", {}, "Join the war on the side of ",
        h("select", { id: "join-side", "aria-label": "Join the side of", onchange: (event) => { talk.join = event.target.value; } },
          ["allied", "central"].map((s) => h("option", { value: s, selected: s === talk.join }, SIDE_WORDS[s]))),
        " ",
        h("button", { class: "button small", id: "add-join", onclick: () => this.setJoin(talk.join) }, "Join")));
    }
    parts.push(...this.#surrenderRows(board, inWar(mine)));
    return h("fieldset", { class: "twteaw-add" }, ...parts);
  }

  /** Closing straits (1.4, rulings 105–111): the passages the seat holds a territory of, closed
   * to a named nation; the standing closures the seat declared, reopened. From the public board
   * (control, closures); the server checks the rest and says why. */
  #straitRows(board, byName) {
    const { adapter } = this;
    const talk = this.talk;
    const control = board.control || {};
    const held = Object.keys(PASSAGES).filter((p) => PASSAGES[p].by.some((a) => control[a] === this.seat));
    const rows = [];
    if (held.length) {
      if (!held.includes(talk.passage)) talk.passage = held[0];
      const others = Object.keys(board.sides || {}).filter((n) => n !== this.seat).sort(byName);
      if (!others.includes(talk.shut)) talk.shut = others[0] || null;
      rows.push(h("div", {}, "Close ",
        h("select", { id: "close-passage", "aria-label": "Close the passage", onchange: (event) => { talk.passage = event.target.value; } },
          held.map((p) => h("option", { value: p, selected: p === talk.passage }, passageTitle(p)))),
        " to the ships of ",
        h("select", { id: "close-nation", "aria-label": "Close it to", onchange: (event) => { talk.shut = event.target.value; } },
          others.map((n) => h("option", { value: n, selected: n === talk.shut }, adapter.nation(n)))),
        " ",
        h("button", { class: "button small", id: "add-close", onclick: () => this.addPassage("close", talk.passage, talk.shut) }, "Add the closure"),
        h("span", { class: "muted" }, " — it stands until you reopen it or lose the passage (1.4)")));
    }
    const standing = (board.closures || []).filter((c) => c.by === this.seat).map((c) => `${c.passage}|${c.to}`);
    if (standing.length) {
      if (!standing.includes(talk.reopen)) talk.reopen = standing[0];
      rows.push(h("div", {}, "Reopen ",
        h("select", { id: "reopen-closure", "aria-label": "Reopen", onchange: (event) => { talk.reopen = event.target.value; } },
          standing.map((k) => { const [p, n] = k.split("|"); return h("option", { value: k, selected: k === talk.reopen }, `${passageTitle(p)} to ${adapter.nation(n)}`); })),
        " ",
        h("button", { class: "button small", id: "add-reopen", onclick: () => { const [p, n] = (talk.reopen || "").split("|"); this.addPassage("reopen", p, n); } }, "Reopen it")));
    }
    return rows;
  }

  /** Surrender (1.3, rulings 86–95): a nation in the main war that has no offer open and has
   * not surrendered may offer; a ballot for each offer the seat received (its own hidden
   * state, `known`). The server checks both (the rule cited on a refusal). */
  #surrenderRows(board, inTheWar) {
    const { adapter, orders } = this;
    const secret = orders.store.view?.known?.[this.seat] || {};
    const rows = [];
    if (inTheWar && !board.surrendered?.[this.seat] && secret.offer_made == null) {
      const offered = !!this.draft.surrender;
      rows.push(h("div", { class: "twteaw-surrender" },
        offered ? "These orders offer your surrender: accepted, you leave the war and pay a quarter of your income in tribute for twelve turns. "
          : "Offer to surrender to every enemy at war with you; they vote next turn, each weighing its income. ",
        h("button", { class: "button small", id: "offer-surrender", onclick: () => this.setSurrender(!offered) },
          offered ? "Withdraw the offer" : "Offer surrender")));
    }
    const received = Array.isArray(secret.offers_received) ? secret.offers_received : Object.keys(secret.offers_received || {});
    for (const offerer of received) {
      const ballot = this.draft.surrender_votes?.[offerer] || "accept";
      rows.push(h("div", { class: "twteaw-ballot" }, `${adapter.nation(offerer)} offers to surrender: `,
        h("select", { id: `surrender-vote-${offerer}`, "aria-label": `Your ballot on ${adapter.nation(offerer)}'s surrender`,
          onchange: (event) => this.setBallot(offerer, event.target.value) },
          ["accept", "decline"].map((b) => h("option", { value: b, selected: b === ballot }, b === "accept" ? "Accept" : "Decline"))),
        " (no ballot accepts)"));
    }
    return rows;
  }

  /** Incorporate a conquest (6): a territory the seat holds that another nation owned and the
   * seat has not incorporated yet (twice its value). */
  #incorporateForm() {
    const { adapter, orders } = this;
    const board = orders.store.view?.board || {};
    const conquests = Object.entries(board.control || {}).filter(([a, n]) => n === this.seat
      && adapter.owners[a] && adapter.owners[a] !== this.seat && board.incorporated?.[a]?.by !== this.seat)
      .map(([a]) => a).sort((a, b) => adapter.area(a).localeCompare(adapter.area(b)));
    if (!conquests.length) return null;
    const pick = (this.absorb ||= { area: null });
    if (!conquests.includes(pick.area)) pick.area = conquests[0];
    return h("fieldset", { class: "twteaw-add" }, h("legend", {}, "Incorporate a conquest"),
      h("select", { id: "incorporate-area", "aria-label": "Incorporate", onchange: (event) => { pick.area = event.target.value; } },
        conquests.map((a) => h("option", { value: a, selected: a === pick.area }, adapter.area(a)))),
      " ",
      h("button", { class: "button small", id: "add-incorporate", onclick: () => this.addName("incorporate", pick.area) }, "Incorporate it"));
  }

  /** Industrial complexes ordered to fight if attacked (units: industrial complexes; ruling 67):
   * a territory the seat holds whose IC stands (the map's, not destroyed on the public board).
   * The IC rolls 1 each round while a defender is left and is its side's last casualty. */
  #defendForm() {
    const { adapter, orders } = this;
    const board = orders.store.view?.board || {};
    const gone = new Set(board.ics_destroyed || []);
    const ics = Object.entries(board.control || {}).filter(([a, n]) => n === this.seat && adapter.ics.has(a) && !gone.has(a))
      .map(([a]) => a).sort((a, b) => adapter.area(a).localeCompare(adapter.area(b)));
    if (!ics.length) return null;
    const pick = (this.guard ||= { area: null });
    if (!ics.includes(pick.area)) pick.area = ics[0];
    return h("fieldset", { class: "twteaw-add" }, h("legend", {}, "Industrial complexes that fight"),
      h("p", { class: "small muted" }, "An ordered complex rolls 1 each round while a defender is left, and is lost last."),
      h("select", { id: "defend-ic-area", "aria-label": "Industrial complex", onchange: (event) => { pick.area = event.target.value; } },
        ics.map((a) => h("option", { value: a, selected: a === pick.area }, adapter.area(a)))),
      " ",
      h("button", { class: "button small", id: "add-defend-ic", onclick: () => this.addName("defend_ics", pick.area) }, "Fight if attacked"));
  }

  /** A naval order (4.2; rulings 71, 73–79): ships of one sea zone the seat has ships in, one
   * mission for the turn, a route built zone by zone along sea edges (the server checks the
   * ships' speed and the passages); a transport mission's troops go from a coast of the zone
   * it leaves to any coast of the zone it ends in — one the seat's side does not hold (the
   * public board's control and sides) is named a naval invasion (4.6.1). */
  #navalForm() {
    const { adapter, orders } = this;
    const fleets = orders.store.view?.known?.[this.seat]?.fleets || {};
    const byName = (a, b) => adapter.area(a).localeCompare(adapter.area(b));
    const zones = Object.keys(fleets).filter((z) => Object.values(fleets[z] || {}).some((n) => n > 0)).sort(byName);
    if (!zones.length) return null;
    const f = (this.sailing ||= { from: null, path: [], next: null, mission: "patrol", counts: {}, carryFrom: null, carryTo: null, cargo: {} });
    if (!zones.includes(f.from)) { f.from = zones[0]; f.path = []; }
    const end = f.path.length ? f.path[f.path.length - 1] : f.from;
    const onward = (adapter.seaNeighbours[end] || []).slice().sort(byName);
    if (!onward.includes(f.next)) f.next = onward[0] || null;
    const ships = Object.keys(SHIP_WORDS).filter((t) => (fleets[f.from]?.[t] || 0) > 0);
    const count = (type, into, prefix, max) => h("input", { type: "number", min: "0", max: max === undefined ? null : String(max),
      value: String(into[type] ?? 0), id: `${prefix}-${type}`, "aria-label": type, class: "count",
      oninput: (event) => { into[type] = Number(event.target.value) || 0; } });
    const out = [h("legend", {}, "Add a naval order"),
      h("select", { id: "naval-from", "aria-label": "Ships in", onchange: (event) => { f.from = event.target.value; f.path = []; f.counts = {}; orders.changed(); } },
        zones.map((z) => h("option", { value: z, selected: z === f.from }, `${adapter.area(z)} (${unitCount(fleets[z])})`))),
      ships.map((t) => h("label", {}, ` ${SHIP_WORDS[t][1]} `, count(t, f.counts, "naval", fleets[f.from][t]))),
      h("label", {}, " mission ", h("select", { id: "naval-mission", "aria-label": "Mission",
        onchange: (event) => { f.mission = event.target.value; orders.changed(); } },
        Object.entries(MISSION_WORDS).map(([m, text]) => h("option", { value: m, selected: m === f.mission }, text)))),
      h("p", { class: "small", id: "naval-route" }, `Route: ${[f.from, ...f.path].map((z) => adapter.area(z)).join(" → ")}`,
        f.path.length ? " (it stops there)" : " (it stays)"),
      onward.length ? h("select", { id: "naval-next", "aria-label": "Then into", onchange: (event) => { f.next = event.target.value; } },
        onward.map((z) => h("option", { value: z, selected: z === f.next }, adapter.area(z)))) : null,
      " ",
      onward.length ? h("button", { class: "button small ghost", id: "naval-extend", onclick: () => { if (f.next) f.path.push(f.next); orders.changed(); } }, "Sail on into it") : null,
      f.path.length ? h("button", { class: "button small ghost", id: "naval-back", onclick: () => { f.path.pop(); orders.changed(); } }, "One zone back") : null];
    if (f.mission === "transport") {
      const stock = orders.store.view?.known?.[this.seat]?.units || {};
      const loading = (adapter.coasts[f.from] || []).filter((a) => Object.values(stock[a] || {}).some((n) => n > 0)).sort(byName);
      const landing = (adapter.coasts[end] || []).slice().sort(byName);
      const board = orders.store.view?.board || {};
      const sides = board.sides || {};
      const ours = (holder) => holder === this.seat
        || (["central", "allied"].includes(sides[this.seat]) && sides[holder] === sides[this.seat]);
      const landingName = (a) => ours((board.control || {})[a]) ? adapter.area(a) : `${adapter.area(a)} (a naval invasion)`;
      if (!loading.includes(f.carryFrom)) f.carryFrom = loading[0] || null;
      if (!landing.includes(f.carryTo)) f.carryTo = landing[0] || null;
      out.push(h("p", { class: "small" }, "Troops from ",
        h("select", { id: "naval-carry-from", "aria-label": "Troops from", onchange: (event) => { f.carryFrom = event.target.value; } },
          loading.map((a) => h("option", { value: a, selected: a === f.carryFrom }, `${adapter.area(a)} (${unitCount(stock[a])})`))),
        " to ",
        h("select", { id: "naval-carry-to", "aria-label": "Troops to", onchange: (event) => { f.carryTo = event.target.value; } },
          landing.map((a) => h("option", { value: a, selected: a === f.carryTo }, landingName(a)))),
        Object.keys(UNIT_WORDS).map((t) => h("label", {}, ` ${t} `, count(t, f.cargo, "naval-cargo")))));
    }
    if (f.mission === "bombard") {   // 4.2.3: a coast of the zone it ends in; it shells only a landing there
      const coasts = (adapter.coasts[end] || []).slice().sort(byName);
      if (!coasts.includes(f.target)) f.target = coasts[0] || null;
      out.push(h("p", { class: "small" }, "Battleships shell ",
        h("select", { id: "naval-target", "aria-label": "Shell", onchange: (event) => { f.target = event.target.value; } },
          coasts.map((a) => h("option", { value: a, selected: a === f.target }, adapter.area(a)))),
        " (only while a landing by you or an ally fights there)"));
    }
    out.push(h("button", { class: "button small", id: "add-naval", onclick: () => this.addNaval(f) }, "Add the naval order"));
    return h("fieldset", { class: "twteaw-add", id: "naval-form" }, ...out);
  }

  /** The naval form's order into the draft (whole numbers only; the server checks the rest). */
  addNaval(f) {
    const units = Object.fromEntries(Object.entries(f.counts).filter(([, n]) => n > 0));
    if (!f.from || !Object.keys(units).length) return;
    const row = { from: f.from, path: f.path.slice(), units, mission: f.mission };
    if (f.mission === "transport") {
      const cargo = Object.fromEntries(Object.entries(f.cargo).filter(([, n]) => n > 0));
      row.carry = { from: f.carryFrom, to: f.carryTo, units: cargo };
    }
    if (f.mission === "bombard") row.target = f.target;
    (this.draft.naval ||= []).push(row);
    this.#check();
  }

  /** An air order (4.4, 4.5, 4.1.1, 4.1.2; rulings 113–124): planes of one territory the seat
   * has fighters or bombers in, how many, a mission, and a target from the server's own list —
   * the `air_targets` query answers with every flight the validator would accept added to this
   * draft, so only legal targets are offered; a mission with none shows the server's reason.
   * "Add the flight" takes the server's checked set, then checks it again for its warnings. */
  #airForm(stock) {
    const { adapter, orders } = this;
    const byName = (a, b) => adapter.area(a).localeCompare(adapter.area(b));
    const bases = Object.keys(stock).filter((a) => PLANES.some((t) => (stock[a]?.[t] || 0) > 0)).sort(byName);
    if (!bases.length) return null;
    const f = (this.flying ||= { from: null, counts: {}, mission: "attack", to: null, key: null, items: null, problem: null });
    if (!bases.includes(f.from)) { f.from = bases[0]; f.counts = {}; }
    const planes = PLANES.filter((t) => (stock[f.from]?.[t] || 0) > 0);
    for (const t of planes) if (f.counts[t] === undefined) f.counts[t] = stock[f.from][t];
    const units = Object.fromEntries(planes.filter((t) => f.counts[t] > 0).map((t) => [t, f.counts[t]]));
    const key = JSON.stringify([f.from, units, this.draft]);
    if (f.key !== key) this.#airTargets(f, key, units);
    const items = f.items || [];
    const targets = items.filter((x) => x.mission === f.mission && x.action).map((x) => x.to);
    if (!targets.includes(f.to)) f.to = targets[0] || null;
    const why = items.find((x) => x.mission === f.mission && x.refused)?.refused || f.problem;
    const count = (type) => h("input", { type: "number", min: "0", max: String(stock[f.from][type]), value: String(f.counts[type] ?? 0),
      id: `air-${type}`, "aria-label": `${type} flying`, class: "count",
      oninput: (event) => { f.counts[type] = Number(event.target.value) || 0; },
      onchange: () => orders.changed() });
    return h("fieldset", { class: "twteaw-add", id: "air-form" }, h("legend", {}, "Add an air order"),
      h("select", { id: "air-from", "aria-label": "Planes in", onchange: (event) => { f.from = event.target.value; f.counts = {}; orders.changed(); } },
        bases.map((a) => h("option", { value: a, selected: a === f.from }, `${adapter.area(a)} (${unitCount(Object.fromEntries(PLANES.map((t) => [t, stock[a][t] || 0])))})`))),
      planes.map((t) => h("label", {}, ` ${AIR_WORDS[t][1]} `, count(t))),
      h("label", {}, " mission ", h("select", { id: "air-mission", "aria-label": "Air mission",
        onchange: (event) => { f.mission = event.target.value; orders.changed(); } },
        Object.entries(AIR_MISSION_WORDS).map(([m, text]) => h("option", { value: m, selected: m === f.mission }, text)))),
      " target ",
      f.items === null ? h("span", { class: "muted", id: "air-finding" }, "finding where they can fly…")
        : h("select", { id: "air-to", "aria-label": "Air target", onchange: (event) => { f.to = event.target.value; } },
          targets.map((a) => h("option", { value: a, selected: a === f.to }, adapter.area(a)))),
      " ",
      h("button", { class: "button small", id: "add-air", disabled: !f.to, onclick: () => this.addFlight(f) }, "Add the flight"),
      f.items !== null && !targets.length && why ? h("div", { class: "reject small", id: "air-refusal" }, h("strong", {}, "No target"),
        why.rule ? cite(` ${why.rule}`) : null, h("div", {}, why.message)) : null);
  }

  /** Ask the server where these planes may fly with this draft (the `air_targets` query). */
  #airTargets(f, key, units) {
    f.key = key;
    f.items = null;
    f.problem = null;
    if (!Object.keys(units).length) {
      f.items = [];
      f.problem = { message: "Choose at least one plane to fly." };
      return;
    }
    this.orders.socket.options(this.orders.seat, this.id, { air_targets: { from: f.from, units }, orders: this.draft }).then((items) => {
      if (f.key !== key) return;
      f.items = items || [];
      this.orders.changed();
    }, (error) => {
      if (f.key !== key) return;
      const frame = error.frame || {};
      f.items = [];
      f.problem = { message: frame.message || error.message, rule: frame.rule || frame.data?.rule };
      this.orders.changed();
    });
  }

  /** The chosen flight: the draft becomes the server's checked set with it, checked again for
   * its warnings (a raid without an infantry attack, too few planes for the +1). */
  addFlight(f) {
    const item = (f.items || []).find((x) => x.action && x.mission === f.mission && x.to === f.to);
    if (!item) return;
    this.draft = copy(item.action);
    this.#check();
  }

  /** The order in which the seat's units are lost in battle (2.2). */
  #casualtyForm() {
    const order = this.draft.casualties || Object.keys(UNIT_WORDS);
    return h("fieldset", { class: "twteaw-add" }, h("legend", {}, "Order of losses"),
      h("ol", { id: "casualty-order" }, order.map((type, i) => h("li", { dataset: { unit: type } }, `${type} `,
        i ? h("button", { class: "button small ghost", id: `earlier-${type}`, onclick: () => this.earlier(type) }, "Earlier") : null))));
  }
}
