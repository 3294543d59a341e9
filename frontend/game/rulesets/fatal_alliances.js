// Fatal Alliances: its view (flow, board.units {id: {power, name, type, size, cf, ma, reorg, hex,
// up, entrenched}}, forts on hexsides, control, morale, the victory cities) as counters and
// markers on the hex map, and its option items (moves with costs, attacks with odds and DRM,
// loss sets, retreats, advances) as highlights and sentences. Presentation only: every item
// comes from the server and nothing here decides what is legal.

import { distance as hexDistance, hexId, neighbours as hexNeighbours, parseHexId } from "../../lib/hex.js";
import { LossPicker } from "./fa_losses.js";
import { GenericAdapter, HEX_ID, adoptStylesheet, titleCase } from "./generic.js";

// FA 2.4: why a land unit is out of supply and what follows (its hover, its marker, a move's
// warning before Confirm); the view's `supplied` and the move's mark are the engine's.
const OUT_OF_SUPPLY = "OUT OF SUPPLY: no supply path reaches a friendly city of its home country or a linked HQ (FA 2.4.2); it cannot attack, flips face-down if it moves, and defends weakly once face-down (FA 2.4.4)";
const MOVE_OUT_OF_SUPPLY = "ends out of supply: it cannot attack from there and flips face-down when it next moves (FA 2.4.4)";
const SUPPLY_WARN = { text: "!", kind: "supply", title: "Out of supply (FA 2.4)" };
// FA 13.4 option 6: a unit with no supply path of any length to a primary source (the view's
// `isolated`, the engine's own test) stays face-down at the final reorganisation. Its marker
// takes the place of the supply one: isolation is the worse news.
const ISOLATED = "ISOLATED: no supply path of any length reaches a primary source; face-down at the final reorganisation, it stays face-down (FA 13.4, option 6)";
const ISOLATED_WARN = { text: "×", kind: "isolated", title: "Isolated (FA 13.4, option 6)", priority: 2 };

const distance = (a, b) => hexDistance(parseHexId(a), parseHexId(b));
const neighbours = (id) => hexNeighbours(parseHexId(id)).map(hexId);

// A scenario played on a window of a larger map says so in its manifest (`map_window`: {of,
// centre, radius}, handed over in the page's config): the server already points the page at
// the larger map's art, and the adapter outlines the window and greys the land around it.

// Counter fills: light tints of each power's colour, so black print stays readable.
const POWERS = {
  germany: ["Germany", "#c9cbbd"], austria_hungary: ["Austria-Hungary", "#ead98f"],
  ottoman: ["Ottoman Empire", "#cfd79a"], france: ["France", "#aac6ee"],
  britain: ["Commonwealth", "#e6c99b"], russia: ["Russia", "#a9d6ad"], italy: ["Italy", "#c8e3a3"],
  usa: ["United States", "#d6e3a0"], serbia: ["Serbia", "#d5bce2"], belgium: ["Belgium", "#f0d68d"],
  bulgaria: ["Bulgaria", "#d8c7a4"], romania: ["Romania", "#e3d38f"], greece: ["Greece", "#b9d3ea"],
  portugal: ["Portugal", "#cfe0b2"],
};
const COUNTRY_TITLES = { ...Object.fromEntries(Object.entries(POWERS).map(([id, [title]]) => [id, title])),
  austria: "Austria", hungary: "Hungary", ottoman_empire: "Ottoman Empire", montenegro: "Montenegro",
  luxembourg: "Luxembourg", netherlands: "the Netherlands" };
const SIDE_TITLES = { central: "Central Powers", entente: "Allies" };
// Map country → the power that holds it at the start (engine powers.COUNTRY_POWER, the part
// the victory count needs).
const COUNTRY_POWER = { luxembourg: "germany", ottoman_empire: "ottoman", turkey: "ottoman",
  united_kingdom: "britain", ireland: "britain" };
const SYMBOL = { INF: "infantry", MIL: "infantry", CAV: "cavalry", HQ: "hq", GAR: "fortress",
  ART: "infantry", ENG: "infantry", GAS: "infantry" };
// "an infantry division", "a cavalry division"
const article = (word) => `${/^[aeiou]/i.test(word) ? "an" : "a"} ${word}`;
const TYPE_TITLE = { INF: "infantry", MIL: "militia", CAV: "cavalry", HQ: "headquarters",
  GAR: "garrison", ART: "artillery", ENG: "engineers", GAS: "gas" };
// FA 11.3: naval counters and orders. The ships' hexes, names and factors and the hexes of the
// ports and sea areas come from the view (engine naval_view.py): a ship at sea is drawn on its
// area's display hex whatever its section, which its counter writes ("§2").
const NAVAL_DONE = { naval_move: "Finish naval movement", naval_return: "Finish returning to base",
  naval_intercept: "Let it pass (no interception)", naval_intercepted: "Stop in the sea area",
  naval_combat: "Finish: start no (more) naval combats", naval_debark: "Done" };
const SHIP_TYPES = { SCS: "surface ships", SUB: "submarines" };
// FA 11.4.7.1: the naval chart's results, and what one did to the ship it was rolled against.
const NAVAL_RESULTS = { X: "a sinking result", D: "a damage result", A: "an abort result", "1/2A": "a half-abort result" };
const NAVAL_EFFECTS = { X: "sunk", D: "damaged", A: "aborts" };
const DONE_LABELS = { ...NAVAL_DONE, rail_move: "Finish rail movement", land_move: "Finish land movement",
  land_attack: "Finish land combat (no more attacks)", reorganise: "Finish reorganisation",
  breakdown: "Done — no (more) breakdowns or build-ups", offensive: "Done — spend no (more) offensive points",
  home_front: "Done with the reserve pool", scrap: "Done — destroy or scrap nothing (more)", emergency_supply: "Done — no (more) emergency supply" };
const ACTIVITY_NAMES = { rail: ["rail move", "rail moves"], land_move: ["move", "moves"],
  land_attack: ["attack", "attacks"], reorganise: ["reorganisation", "reorganisations"] };
const BUILD_TITLES = { INF: "infantry", CAV: "cavalry", GAR: "garrison", MIL: "militia", ART: "artillery",
  ENG: "engineer", HQ: "HQ", TRS: "transport", AMPH: "amphibious unit" };
const OPTION_TITLES = { in_hex_reserves: "in-hex reserves (1)", emergency_hq_supply: "emergency HQ supply (4)",
  isolated_reorganisation: "isolated reorganisation (6)", home_front_reserves: "home-front reserves (7)",
  limited_overseas_supply: "limited overseas supply (2)" };
const LIMIT_SHORT = { rail: "rail", land_move: "moves", land_attack: "attacks", reorganise: "reorg" };

/** "9/2" → 4.5, "-1" → -1 (the engine writes exact fractions as text). */
export function fraction(text) {
  const m = /^(-?\d+)(?:\/(\d+))?$/.exec(String(text ?? "").trim());
  return m ? Number(m[1]) / (m[2] ? Number(m[2]) : 1) : 0;
}

/** 4.5 → "+4½", -0.5 → "−½": DRMs as a wargamer writes them. */
export function signed(value) {
  const whole = Math.trunc(value);
  const half = Math.abs(value - whole) > 0.25 ? "½" : "";
  const sign = value > 0 ? "+" : value < 0 ? "−" : "±";
  return `${sign}${Math.abs(whole) || (half ? "" : "0")}${half}`;
}

/** The counter's short name: "XVII", "I R", "8A", "Thorn", "Köni. Lw". */
export function shortName(u) {
  const name = String(u.name || u.id).replace(/\s*\([^)]*\)/g, "").trim();
  if (u.type === "HQ") {
    const army = /^(\d+)\w*\s+Army/i.exec(name);
    return army ? `${army[1]}A` : name.split(" ")[0].slice(0, 6);
  }
  let text = name.replace(/\b(Corps|Division|fortress|garrisons?|Feste)\b/gi, " ")
    .replace(/\bReserve\b/g, "R").replace(/\bSiberian\b/g, "Sib").replace(/\bGuards?\b/g, "Gd")
    .replace(/\bLandwehr\b/g, "Lw").replace(/\b(\d+)(st|nd|rd|th)\b/g, "$1")
    .replace(/\s+/g, " ").trim();
  // The symbol already says cavalry or infantry: the label keeps the number.
  if (u.type === "CAV" && text !== "Cavalry") text = text.replace(/\s*Cavalry\s*/g, " ").trim();
  else text = text.replace(/\bCavalry\b/g, "Cav");
  if (text !== "Infantry") text = text.replace(/\s*Infantry\s*/g, " ").trim();
  text = text.split("-")[0];
  if (text.length > 7) {
    const [first, ...rest] = text.split(" ");
    const tail = rest.join(" ");
    text = tail ? `${first.slice(0, Math.max(2, 6 - tail.length))}. ${tail}` : `${first.slice(0, 6)}.`;
  }
  return text || u.id;
}

export class FatalAlliancesAdapter extends GenericAdapter {
  constructor(config = {}) {
    super(config);
    this.units_ = {};
    this.window = config.map_window || null;
    if (adoptStylesheet("fa-css", new URL("./fatal_alliances.css", import.meta.url))) {
      document.body?.classList.add("ruleset-fa");
    }
  }

  // --- the map ----------------------------------------------------------------------------

  setMap(map) {
    this.map = map;
    // A hex can hold several places (Gumbinnen, Insterburg and Königsberg share one): the map
    // names the most important, the hex info lists them all.
    const weight = (p) => (p.capital ? 8 : 0) + (p.factory ? 4 : 0) + (p.port === "major" ? 3 : p.port ? 1 : 0) + (p.fortress ? 2 : 0);
    this.placesAt = {};
    for (const place of Object.values(map?.places || {})) (this.placesAt[place.hex] ||= []).push(place);
    this.placeAt = {};
    for (const [hex, list] of Object.entries(this.placesAt)) {
      list.sort((a, b) => weight(b) - weight(a) || a.name.localeCompare(b.name));
      this.placeAt[hex] = list[0].name;
    }
  }

  /** Open on the scenario's window, as large as the map area allows. */
  startView(view, mySeats, mapView) {
    if (this.window) {
      const box = mapView?.root?.getBoundingClientRect?.();
      const size = this.map?.meta?.layout?.size || 20;
      let zoom = 6;
      if (box?.width && mapView.size) {
        const fit = Math.min(box.width / mapView.size[0], box.height / mapView.size[1]);
        const span = 2 * this.window.radius + 1;
        const wide = (1.5 * (span - 1) + 2) * size;
        const tall = Math.sqrt(3) * span * size;
        zoom = 0.96 * Math.min(box.width / (fit * wide), box.height / (fit * tall));
      }
      return { zoom, hex: this.window.centre };
    }
    // The whole map: open on the user's own army (its strongest corps), a spectator on the
    // first power's, at a zoom where counters and place names read.
    const onMap = Object.values(view?.board?.units || {}).filter((u) => u.hex && HEX_ID.test(u.hex));
    const mine = onMap.filter((u) => (mySeats || []).includes(u.power));
    const pick = (mine.length ? mine : onMap).slice().sort((a, b) => b.cf - a.cf || a.id.localeCompare(b.id))[0];
    return { zoom: 3.2, hex: pick?.hex };
  }

  inWindow(hex) {
    if (!this.window) return true;
    return distance(hex, this.window.centre) <= this.window.radius;
  }

  where(hex) {
    if (!hex) return "?";
    if (!HEX_ID.test(hex)) return titleCase(hex);
    const label = this.map?.hexes?.[hex]?.label || hex;
    const place = this.placeAt?.[hex];
    return place ? `${place} (${label})` : label;
  }

  /** A unit of the current view (or the last one seen: the history has no view). */
  /** Losses (FA 11.12.5.4) are picked unit by unit, not from the list of every allocation. */
  hasEditor(decision) {
    return decision.kind === "combat_losses";
  }

  editor(decision) {
    if (!this.hasEditor(decision)) return null;
    this.lossPickers ||= new Map();
    if (!this.lossPickers.has(decision.id)) this.lossPickers.set(decision.id, new LossPicker(this, decision));
    return this.lossPickers.get(decision.id);
  }

  typeTitle(type) {
    return TYPE_TITLE[type] || type;
  }

  unit(view, id) {
    return view?.board?.units?.[id] || this.ship(view, id) || this.units_[id] || { id, name: id, type: "INF" };
  }

  /** A ship of the view's `board.fleets` (its name, factors and drawn hex: naval_view.py). */
  ship(view, id) {
    const sh = view?.board?.fleets?.[id] || this.ships_?.[id];
    return sh ? { id, ...sh, naval: true } : null;
  }

  /** The hex a port or a sea area is drawn at (the view's `board.sea_hexes`). */
  seaHex(view, { port = null, area = null }) {
    const table = view?.board?.sea_hexes || this.seaHexes_ || {};
    return port ? table.ports?.[port] || null : table.areas?.[area] || null;
  }

  /** "Portsmouth", "the English Channel, section 2". */
  seaPlace({ port = null, area = null, section = null }) {
    if (port) return this.map?.places?.[port]?.name || titleCase(port.replace(/_/g, " "));
    const name = this.map?.seas?.[area]?.name || titleCase(String(area || "").replace(/-/g, " "));
    return section === null || section === undefined ? name : `${name}, section ${section}`;
  }

  /** "Channel Fleet BB ×2, Channel Fleet PD" — a task force by its rows. */
  taskForce(view, ids) {
    const rows = new Map();
    for (const id of ids || []) {
      const name = this.ship(view, id)?.name || id;
      rows.set(name, (rows.get(name) || 0) + 1);
    }
    return [...rows].map(([name, n]) => (n > 1 ? `${name} ×${n}` : name)).join(", ");
  }

  describeShip(sh) {
    const where = sh.area ? this.seaPlace({ area: sh.area, section: sh.section }) : this.seaPlace({ port: sh.port });
    const state = [sh.up ? "face-up" : "face-down (in port, not ready to sail)", sh.damaged ? "damaged" : ""].filter(Boolean).join(", ");
    return `${sh.name} — ${this.power(sh.power)} ${sh.cls} (${SHIP_TYPES[sh.type] || sh.type}), attack ${sh.attack}, defence ${sh.defence}, bombardment ${sh.bombardment ?? 0}, speed ${sh.speed}, range ${sh.range}; ${where}; ${state}`;
  }

  unitName(view, id) {
    const u = this.unit(view, id);
    return u.name || id;
  }

  shortUnits(ids, view = null) {
    return (ids || []).map((id) => shortName(this.unit(view, id))).join(", ");
  }

  /** Units as a sentence names them: "I Corps, 1st Cavalry Division" (no commanders). */
  names(ids, view = null) {
    return (ids || []).map((id) => String(this.unit(view, id).name || id).replace(/\s*\([^)]*\)/g, "")).join(", ");
  }

  power(id) {
    return POWERS[id]?.[0] || this.seatTitle(id);
  }

  country(id) {
    return COUNTRY_TITLES[id] || titleCase(id || "");
  }

  controller(view, hex) {
    const changed = view?.board?.control?.[hex];
    if (changed) return changed;
    const info = this.map?.hexes?.[hex];
    const country = info?.home || info?.country;
    return country ? COUNTRY_POWER[country] || country : null;
  }

  factors(u) {
    return u.type === "HQ" ? `${u.cf}-${u.reorg}-${u.ma}` : `${u.cf}-${u.ma}`;
  }

  describeUnit(u) {
    const size = u.size === "div" ? "division" : u.size;
    const state = [u.up ? "face-up" : "face-down (disrupted)", u.entrenched ? "entrenched" : ""]
      .filter(Boolean).join(", ");
    const reorg = u.type === "HQ" ? `, reorganises ${u.reorg}` : "";
    const down = u.cf_down !== undefined && u.cf_down !== u.cf ? ` (defends at ${u.cf_down} face-down out of supply)` : "";
    // FA 2.4: the view says whether the unit is in supply now (public: the position is open).
    const supply = u.supplied === false ? `; ${OUT_OF_SUPPLY}` : u.supplied ? "; in supply" : "";
    const isolated = u.isolated ? `; ${ISOLATED}` : "";
    return `${u.name} — ${this.power(u.power)} ${TYPE_TITLE[u.type] || u.type} ${size}, combat ${u.cf}${down}, movement ${u.ma}${reorg}; ${state}${supply}${isolated}`;
  }

  units(view) {
    const all = view?.board?.units || {};
    this.units_ = { ...this.units_, ...all };
    const out = [];
    for (const u of Object.values(all)) {
      if (!u.hex || !HEX_ID.test(u.hex)) continue;
      const classes = [`fa-${u.power}`, u.up ? "" : "fa-down", u.entrenched ? "fa-entrenched" : "",
        u.size === "div" ? "fa-div" : ""].filter(Boolean).join(" ");
      out.push({ id: u.id, hex: u.hex, label: shortName(u), symbol: SYMBOL[u.type] || "infantry",
        factors: `${u.up ? "" : "▾"}${this.factors(u)}${u.entrenched ? " E" : ""}`,
        colour: POWERS[u.power]?.[1] || "#ddd", classes, title: this.describeUnit(u),
        warn: u.isolated ? ISOLATED_WARN : u.supplied === false ? SUPPLY_WARN : undefined,
        rank: (u.up ? 1000 : 0) + (u.type === "HQ" ? 0 : 100) + u.cf * 10 + (u.size === "corps" ? 1 : 0) });
    }
    // FA 11.3: ships, below the land units of a port; at sea on the area's display hex.
    const fleets = view?.board?.fleets || {};
    if (Object.keys(fleets).length) {
      this.ships_ = { ...(this.ships_ || {}), ...fleets };
      this.seaHexes_ = view.board.sea_hexes || this.seaHexes_;
    }
    for (const [id, sh] of Object.entries(fleets)) {
      if (!sh.hex || !HEX_ID.test(sh.hex)) continue;
      const classes = [`fa-${sh.power}`, "fa-ship", sh.up ? "" : "fa-down", sh.damaged ? "fa-damaged" : ""].filter(Boolean).join(" ");
      out.push({ id, hex: sh.hex, label: sh.cls, symbol: "fleet",
        factors: `${sh.up ? "" : "▾"}${sh.attack}-${sh.defence}${sh.area ? ` §${sh.section}` : ""}${sh.damaged ? " D" : ""}`,
        colour: POWERS[sh.power]?.[1] || "#ddd", classes, title: this.describeShip({ id, ...sh }),
        rank: (sh.up ? 500 : 0) + sh.attack });
    }
    // The strongest face-up combat unit on top of each stack; HQs below the line units.
    out.sort((a, b) => b.rank - a.rank || a.id.localeCompare(b.id));
    return out;
  }

  marks(view) {
    const board = view?.board || {};
    const out = [];
    const victory = board.victory || {};
    const goals = new Set([...(victory.german_objectives || []), ...(victory.russian_objectives || []), ...(victory.objectives || [])]);
    if (this.window && this.map) {
      // The play area's edge, and three rings outside it greyed: the art beyond is not in play.
      // The base map's labels are hidden (fatal_alliances.css): they run under the counters,
      // so the window's places are named here, along the top of their hex.
      for (const hex of Object.keys(this.map.hexes)) {
        const d = distance(hex, this.window.centre);
        if (d > this.window.radius && d <= this.window.radius + 3) out.push({ hex, kind: `outside outside-${d - this.window.radius}` });
        if (d > this.window.radius) continue;
        if (this.placeAt[hex]) out.push({ hex, kind: "place", text: `${goals.has(hex) ? "★ " : ""}${this.placeAt[hex]}` });
        if (d !== this.window.radius) continue;
        for (const nb of neighbours(hex)) {
          if (distance(nb, this.window.centre) > this.window.radius) out.push({ side: `${hex}|${nb}`, kind: "edge" });
        }
      }
    }
    if (!this.window && this.placeAt) {
      // The whole map: every place named along the top of its hex (the base map's own labels
      // are hidden, they run under the counters), victory cities starred.
      for (const [hex, name] of Object.entries(this.placeAt)) {
        out.push({ hex, kind: "place", text: `${goals.has(hex) ? "★ " : ""}${name}` });
      }
    }
    const sudden = victory.sudden_death;
    for (const [list, aim] of [[victory.german_objectives, "Russia"], [victory.russian_objectives, "Germany"], [victory.objectives, null]]) {
      for (const hex of list || []) {
        out.push({ hex, kind: hex === sudden ? "objective sudden" : "objective",
          title: `Victory city${aim ? ` (${aim} wants it)` : ""}${hex === sudden ? "; taking it wins at once" : ""}` });
      }
    }
    for (const [hex, power] of Object.entries(board.control || {})) {
      out.push({ hex, kind: `control control-${power}`, title: `Now controlled by ${this.power(power)}` });
    }
    for (const [side, fort] of Object.entries(board.forts || {})) {
      out.push({ side, kind: `fort fort-${fort.power}`, title: `${this.power(fort.power)} fort of ${this.where(fort.hex)}` });
    }
    for (const hex of view?.flow?.marks?.targets || []) out.push({ hex, kind: "attacked", title: "Attacked this impulse" });
    return out;
  }

  hexNotes(hex, view) {
    if (!view) return [];
    const board = view.board || {};
    const notes = [];
    if (this.window && !this.inWindow(hex)) notes.push("Outside the scenario's map.");
    if (this.placesAt?.[hex]?.length > 1) notes.push(this.placesAt[hex].map((p) => p.name).join(", "));
    const here = Object.values(board.units || {}).filter((u) => u.hex === hex);
    if (here.length) {
      const up = here.filter((u) => u.up && u.type !== "HQ");
      notes.push(`${here.length} unit${here.length === 1 ? "" : "s"}, ${up.reduce((s, u) => s + u.cf, 0)} face-up combat factors`);
    }
    const forts = Object.entries(board.forts || {}).filter(([, f]) => f.hex === hex);
    if (forts.length) {
      notes.push(`Fort (${this.power(forts[0][1].power)}) facing ${forts.map(([side]) => this.where(side.split("|").find((x) => x !== hex))).join(", ")}`);
    }
    const v = board.victory || {};
    if ([...(v.german_objectives || []), ...(v.russian_objectives || []), ...(v.objectives || [])].includes(hex)) {
      notes.push(`Victory city${v.sudden_death === hex ? " — taking it wins at once" : ""}`);
    }
    const owner = this.controller(view, hex);
    if (owner && this.map?.hexes?.[hex] && !this.map.hexes[hex].sea) notes.push(`Controlled by ${this.power(owner)}`);
    if ((view.flow?.marks?.targets || []).includes(hex)) notes.push("Attacked this impulse");
    const out = (view.flow?.marks?.attacked_from?.[hex] || []).length;
    if (out) notes.push(`${out} unit${out === 1 ? "" : "s"} attacked out of this hex this impulse`);
    const emergency = Object.keys(view.flow?.emergency || {}).filter((id) => board.units?.[id]?.hex === hex);
    if (emergency.length) notes.push(`Emergency HQ supply: ${this.shortUnits(emergency, view)}`);
    return notes;
  }

  // --- the track --------------------------------------------------------------------------

  phase(view) {
    const flow = view?.flow || {};
    const board = view?.board || {};
    const last = board.victory?.last_turn;
    // The step's title and the impulse's steps come from the engine's step table (the view).
    const impulseSteps = flow.impulse_steps || [];
    const inImpulse = impulseSteps.length > 0;
    const facts = [];
    // Only the weather of zones in play: a window lies in one or two of the six.
    if (this.window && this.map && !this.zonesInPlay) {
      this.zonesInPlay = new Set(Object.entries(this.map.hexes)
        .filter(([hex]) => this.inWindow(hex)).map(([, info]) => info.weather_zone));
    }
    const inPlay = this.zonesInPlay || null;
    const zones = [...new Set(Object.entries(flow.weather?.zones || {})
      .filter(([zone]) => !inPlay || inPlay.has(zone)).map(([, w]) => w))];
    if (zones.length) facts.push(["Weather", zones.join(", ")]);
    if (flow.impulse_box !== undefined && flow.impulse) {
      const ends = flow.end_number === undefined ? "" : flow.end_number > 0
        ? `, the turn ends on a d10 of ${flow.end_number} or less` : ", the turn cannot end yet";
      facts.push(["Impulse track", `box ${flow.impulse_box}${ends}; moves on ${flow.weather?.advance ?? "?"} a roll`]);
    }
    if (flow.initiative) facts.push(["Initiative", `${SIDE_TITLES[flow.initiative.holder] || "—"} (track ${flow.initiative.track} of 4)`]);
    const actions = Object.entries(flow.actions || {});
    if (actions.length && inImpulse) {
      facts.push(["Action", actions.map(([p, a]) => `${this.power(p)}: ${a}`).join(" · ")]);
      // Activities used of each power's limits (FA 10.2): "rail 1/3, moves 2, attacks 0/1".
      const limits = flow.limits || {};
      const used = [...new Set([...Object.keys(limits), ...Object.keys(flow.used || {})])].sort().map((p) => {
        const u = flow.used?.[p] || {};
        const lim = limits[p];
        const keys = lim ? Object.keys(lim) : Object.keys(u);
        const parts = keys.filter((k) => lim ? (k in LIMIT_SHORT) : u[k]).map((k) => {
          const n = u[k] || 0;
          if (!lim) return `${n} ${ACTIVITY_NAMES[k]?.[n === 1 ? 0 : 1] || k}`;
          return `${LIMIT_SHORT[k]} ${n}${lim[k] === null ? "" : `/${lim[k]}`}`;
        });
        return parts.length ? `${this.power(p)}: ${parts.join(", ")}` : "";
      }).filter(Boolean);
      if (used.length) facts.push([Object.keys(limits).length ? "Used / limit" : "Used", used.join(" · ")]);
      const ops = Object.entries(flow.op_spent || {}).filter(([, l]) => l?.length)
        .map(([p, l]) => `${this.power(p)}: ${l.join(", ")}`);
      if (ops.length) facts.push(["Offensive points spent", ops.join(" · ")]);
    }
    const out = new Set(board.out || []);
    if (board.morale) {
      facts.push(["Morale", Object.entries(board.morale).filter(([p]) => !out.has(p))
        .map(([p, m]) => `${this.power(p)} ${m}`).join(" · ")]);
    }
    const ops = Object.entries(board.ops || {}).filter(([p, n]) => n && !out.has(p));
    const due = {};
    for (const d of board.op_due || []) due[d.power] = (due[d.power] || 0) + 1;
    if (ops.length || Object.keys(due).length) {
      const powers = [...new Set([...ops.map(([p]) => p), ...Object.keys(due)])].sort();
      facts.push(["Offensive points", powers.map((p) => `${this.power(p)} ${board.ops?.[p] || 0}${due[p] ? ` (+${due[p]} due)` : ""}`).join(" · ")]);
    }
    const conquered = Object.entries(board.conquered || {});
    if (conquered.length) {
      facts.push(["Conquered", conquered.map(([c, r]) => `${this.country(c)} by ${this.power(r.by)}${r.complete ? "" : " (fights on at half limits)"}`).join(" · ")]);
    }
    if (out.size) facts.push(["Out of the war", [...out].map((p) => this.country(p)).join(", ")]);
    const halved = Object.keys(board.halved || {}).filter((p) => board.halved[p] && !(board.conquered || {})[p]);
    if (halved.length) facts.push(["Half limits", halved.map((p) => this.power(p)).join(", ")]);
    const reserves = Object.entries(board.reserve_pool || {}).filter(([, l]) => l?.length);
    if (reserves.length) facts.push(["Home-front reserves", reserves.map(([p, l]) => `${this.power(p)} ${l.length}`).join(" · ")]);
    const access = Object.entries(board.access || {});
    if (access.length) facts.push(["Access", access.map(([c, side]) => `${SIDE_TITLES[side] || side} through ${this.country(c)}`).join(" · ")]);
    const rules = Object.entries(board.options || {}).filter(([, on]) => on).map(([k]) => OPTION_TITLES[k] || titleCase(k));
    if (rules.length) facts.push(["Optional rules", rules.join(", ")]);
    const held = this.victoryCount(view);
    if (held) facts.push(["Victory cities", held]);
    return {
      turn: `Turn ${flow.turn ?? "?"}${last ? ` of ${last}` : ""} · ${flow.turn_name || ""} ${flow.year || ""}${flow.impulse ? ` · impulse ${flow.impulse}` : ""}`,
      phase: flow.step_title || titleCase(flow.step || ""),
      side: flow.active_side && inImpulse ? `${SIDE_TITLES[flow.active_side]} impulse` : null,
      steps: impulseSteps.map(({ label, current }) => ({ label, current })),
      facts,
    };
  }

  /** "Russia holds 1 of 4 German cities · Germany holds 0 of 4 Russian" (East Prussia). */
  victoryCount(view) {
    const v = view?.board?.victory || {};
    if (!v.german_objectives || !this.map) return "";
    const count = (list, power) => list.filter((hex) => this.controller(view, hex) === power).length;
    return `Russia holds ${count(v.german_objectives, "russia")} of ${v.german_objectives.length} German · Germany holds ${count(v.russian_objectives || [], "germany")} of ${(v.russian_objectives || []).length} Russian`;
  }

  preferred(decisions) {
    return decisions.find((d) => d.reaction) || decisions[0];
  }

  counterName(uid, view) {
    return this.unitName(view, uid);
  }

  inPlaceLabel(decision, item) {
    return { entrench: "Entrench", reorganise: "Reorganise", breakdown: "Break down", scrap: "Destroy",
      home_front: "To the reserve", emergency_supply: "Emergency supply" }[decision.kind] || super.inPlaceLabel(decision, item);
  }

  get unitFields() {
    return ["unit", "units", "hq", "destroy", "break", "build_up", "to_reserve", "hq_benefit", "flip_hq"];
  }

  /** FA 11.9.1 / 11.12.1: any units of a stack may move or attack together; the server answers
   * the ticked units' own moves and attacks (the options query `{units}`) and checks each. */
  get subsets() {
    return true;
  }

  /** "Why not?" for units sent where they cannot go: a land move of the selected units (the
   * whole stack as the server groups it), or a rail move of the first. */
  candidate(decisions, selection, hex, entries) {
    const move = decisions.find((d) => d.kind === "land_move");
    if (move) {
      let units = selection.units;
      if (selection.all) {
        const offered = entries.filter((e) => e.decision.id === move.id && e.p.from === selection.hex)
          .map((e) => e.item.action.units).sort((a, b) => b.length - a.length)[0];
        if (offered) units = offered;
      }
      return { decision: move, action: { units, to: hex } };
    }
    const rail = decisions.find((d) => d.kind === "rail_move");
    return rail ? { decision: rail, action: { unit: selection.units[0], to: hex } } : null;
  }

  // --- option items -----------------------------------------------------------------------

  present(decision, item, view) {
    const a = item.action || {};
    const none = (label, extra = {}) => ({ hex: null, from: null, kind: "option", text: "", label, ...extra });
    if (a.done === true) {
      const left = decision.data?.remaining;
      return none(`${DONE_LABELS[decision.kind] || "Done"}${left !== undefined && left !== null ? ` (${left} left)` : ""}`);
    }
    const hexOf = (id) => this.unit(view, id).hex;
    switch (decision.kind) {
      case "action": {
        const titles = { land: "Land action", combined: "Combined action", pass: "Pass",
          naval: "Naval action", air: "Air action" };
        return none(titles[a.action] || titleCase(a.action), { value: a.action });
      }
      case "rail_move": {
        const from = hexOf(a.unit);
        return { hex: a.to, from, kind: "option", text: "rail",
          label: `${this.unitName(view, a.unit)} by rail: ${this.where(from)} → ${this.where(a.to)} (turns face-down${item.rail_moves ? `, ${item.rail_moves} rail move${item.rail_moves === 1 ? "" : "s"}` : ""})` };
      }
      case "land_move": {
        const from = hexOf(a.units[0]);
        return { hex: a.to, from, kind: "option", text: `${item.cost ?? ""}${item.flip ? "▾" : ""}${item.supplied === false ? " ⚠" : ""}`,
          label: `${this.names(a.units, view)}: ${this.where(from)} → ${this.where(a.to)}, ${item.cost} MP${item.flip ? ", ends face-down" : ""}${item.supplied === false ? ` — ⚠ ${MOVE_OUT_OF_SUPPLY}` : ""}` };
      }
      case "land_attack": {
        const drm = fraction(item.drm);
        const odds = String(item.odds || "").replace(/^odds\s*/, "");
        const hexes = [...new Set(a.units.map(hexOf).filter(Boolean))];
        const table = item.table || a.table;
        // A recorded order (the history) has no odds: only the server's offer carries them.
        const terms = item.odds ? ` — ${odds}, DRM ${signed(drm)}${table ? `, ${table} table` : ""}` : table ? ` (${table} table)` : "";
        return { hex: a.target, from: null, kind: "attack", text: odds, rank: drm * 100 - a.units.length,
          label: `Attack ${this.where(a.target)} with ${this.names(a.units, view)}${terms}`,
          preview: hexes.map((hex) => ({ hex, kind: "preview" })) };
      }
      case "hq_support": {
        if (!a.hq) return none("No HQ support (keep the HQ face-up)");
        const h = this.unit(view, a.hq);
        return { hex: h.hex, from: null, kind: "option", text: "HQ",
          label: `Support with ${shortName(h)} HQ, reorganisation ${h.reorg} (it turns face-down)` };
      }
      case "liberation":
        if ("liberate" in a) return none(a.liberate ? `Liberate ${this.country(a.country)}` : `Do not liberate ${this.country(a.country)} (re-conquer it)`);
        return none(a.give_back ? `Give back the hexes of ${this.country(a.country)} (co-operate with it)` : `Keep the hexes of ${this.country(a.country)} (never co-operate with it)`);
      case "combat_order":
        return { hex: a.target, from: null, kind: "attack", text: "⚔",
          label: `Resolve the declared attack on ${this.where(a.target)} next` };
      case "sit_out": {
        const u = this.unit(view, a.unit);
        return { hex: u.hex, from: null, kind: "option", text: "R",
          label: `${this.unitName(view, a.unit)} sits the combat out in reserve` };
      }
      case "choose_table":
        return none(`${titleCase(a.table)} table`);
      case "combat_losses": {
        const parts = [];
        if (a.destroy?.length) parts.push(`lose ${this.names(a.destroy, view)}`);
        if (a.break) parts.push(`break ${shortName(this.unit(view, a.break))} down to ${a.keep ? `${article(TYPE_TITLE[a.keep] || a.keep)} division` : "a division"}`);
        const ids = [...(a.destroy || []), ...(a.break ? [a.break] : [])];
        const text = parts.join("; ");
        return none(text ? text[0].toUpperCase() + text.slice(1) : "No loss",
          { preview: [...new Set(ids.map(hexOf).filter(Boolean))].map((hex) => ({ hex, kind: "attack" })) });
      }
      case "shatter_or_retreat":
        return none(a.treat_as === "shatter" ? "Shatter the defenders" : "Retreat the defenders instead");
      case "retreat": {
        const from = hexOf(a.unit);
        return { hex: a.to, from, kind: "option", text: "↩",
          label: `${this.unitName(view, a.unit)} retreats ${this.where(from)} → ${this.where(a.to)}` };
      }
      case "advance": {
        const target = view?.flow?.combat?.target;
        if (!a.units?.length) return none("Do not advance");
        return none(`Advance ${this.names(a.units, view)} into ${this.where(target)}`,
          { preview: target ? [{ hex: target, kind: "preview" }] : [] });
      }
      case "reorganise": {
        const hex = hexOf(a.units[0]);
        return { hex, from: null, kind: "option", text: "R",
          label: `${shortName(this.unit(view, a.hq))} HQ turns ${this.shortUnits(a.units, view)} face-up (${this.where(hex)})` };
      }
      case "build": {
        const bp = decision.data?.bp;
        if (a.build === null) return none(`Finish building${bp !== undefined ? ` (${bp} BP left)` : ""}`);
        if (a.build === "entrenchment") return none("Build an entrenchment");
        if (a.build === "op") return none("Buy an offensive point (1 BP, ready in two turns)");
        if (a.build === "morale") return none(`Put 1 BP into the home front: +2 morale points (${decision.data?.morale_bp ?? 0} of at most ${decision.data?.morale_bp_max ?? "?"} BP this turn)`);
        const [type, size] = String(a.build).split(" ");
        // FA 13.5.5.4: a ship is paid for twice — laid down (to the construction pool), then
        // fitted out (face-up into a home port).
        if (a.fit_out) return none(`Fit out ${BUILD_TITLES[type] || type} no. ${String(a.fit_out).split("-").pop()} from the construction pool (it arrives in a home port)`);
        // FA 13.5.5.4: a convoy point is one cycle, 1 BP, and comes into a home port 4 turns on
        if (type === "convoy") return none("Build a convoy point (1 BP, in port in 4 turns)");
        if (type === "TRS" || type === "AMPH") return none(`Lay down a${type === "AMPH" ? "n" : ""} ${BUILD_TITLES[type]} (it goes to the construction pool)`);
        return none(`Build a ${BUILD_TITLES[type] || type} ${size === "div" ? "division" : size || ""}`.trim());
      }
      case "entrench": {
        const hex = hexOf(a.unit);
        return { hex, from: null, kind: "option", text: "E", label: `Entrench ${this.unitName(view, a.unit)} at ${this.where(hex)}` };
      }
      case "breakdown": {
        if (a.break) {
          const hex = hexOf(a.break);
          return { hex, from: null, kind: "option", text: "÷",
            label: `Break ${this.unitName(view, a.break)} down into ${(a.into || []).map((t) => `${TYPE_TITLE[t] || t} division`).join(" and ")} (${this.where(hex)})` };
        }
        if (a.build_up) {
          const hex = hexOf(a.build_up[0]);
          return { hex, from: null, kind: "option", text: "+",
            label: `Build ${this.shortUnits(a.build_up, view)} up into a ${TYPE_TITLE[a.into] || a.into || ""} corps (${this.where(hex)})` };
        }
        return super.present(decision, item, view);
      }
      case "offensive": {
        const i = (decision.options || []).findIndex((o) => JSON.stringify(o) === JSON.stringify(a));
        const cost = decision.data?.costs?.[i];
        const price = cost ? ` (${cost} OP${decision.data?.ops !== undefined ? ` of ${decision.data.ops}` : ""})` : "";
        if (a.unlimited) return none(`Unlimited action: land limits lifted this impulse${price}`);
        if (a.hq_benefit) {
          const hq = this.unit(view, a.hq_benefit);
          return { ...none(`${shortName(hq)} HQ offensive: double attackers, support without flipping${price}`),
            hex: hq.hex, text: "OP" };
        }
        if (a.flip_hq) {
          const hq = this.unit(view, a.flip_hq);
          return { ...none(`Turn ${shortName(hq)} HQ face-up${price}`), hex: hq.hex, text: "OP" };
        }
        return super.present(decision, item, view);
      }
      case "emergency_supply": {
        const u = this.unit(view, a.unit);
        return { hex: u.hex, from: this.unit(view, a.hq).hex, kind: "option", text: "S",
          label: `${shortName(this.unit(view, a.hq))} HQ supplies ${this.unitName(view, a.unit)} this impulse (${this.where(u.hex)})` };
      }
      case "scrap": {
        if (a.destroy_own) return none("Destroy one of your own units…");
        if (a.destroy) {
          const u = this.unit(view, a.destroy);
          return { hex: u.hex && HEX_ID.test(u.hex) ? u.hex : null, from: null, kind: "option", text: a.scrap ? "✕✕" : "✕",
            label: `Destroy ${this.unitName(view, a.destroy)}${a.scrap ? " and scrap it (out of the game for good)" : " (back to the force pool)"}` };
        }
        if (a.scrap) return none(`Scrap ${this.unitName(view, a.scrap)} (destroyed in combat; out of the game for good)`);
        return super.present(decision, item, view);
      }
      case "home_front": {
        if (a.to_reserve) {
          const u = this.unit(view, a.to_reserve);
          return { hex: u.hex && HEX_ID.test(u.hex) ? u.hex : null, from: null, kind: "option", text: "→R",
            label: `${this.unitName(view, a.to_reserve)} into the home-front reserve${u.hex && HEX_ID.test(u.hex) ? ` (from ${this.where(u.hex)})` : ""}` };
        }
        if (a.deploy) return none(`Call ${this.unitName(view, a.deploy)} out of the reserve pool (arrives like a reinforcement)`);
        return super.present(decision, item, view);
      }
      case "naval_move":
      case "naval_return":
        return this.presentSailing(decision, item, view);
      case "naval_debark": {
        if (a.land) {
          return { hex: a.land, from: null, kind: "option", text: "⚓",
            label: `Land the troops at ${this.where(a.land)} (FA 11.10)` };
        }
        if (a.invade) {
          return { hex: a.invade, from: null, kind: "attack", text: a.table === "blitz" ? "inv B" : "inv A",
            label: `Invade ${this.where(a.invade)} on the ${a.table} table (FA 11.11, against the notional defender)` };
        }
        return super.present(decision, item, view);
      }
      case "naval_combat": {
        const hex = this.seaHex(view, { area: a.area });
        return { hex, from: null, kind: "attack", text: "⚔",
          label: `Start a naval combat in ${this.seaPlace({ area: a.area })}` };
      }
      case "naval_bombard": {
        const target = decision.data?.target;
        const factors = decision.data?.factors || {};
        const preview = target ? [{ hex: target, kind: "preview" }] : [];
        if (!a.ships?.length) return none(`No shore bombardment of ${this.where(target)} (keep the ships face-up)`, { preview });
        const ships = a.ships.map((id) => `${this.ship(view, id)?.name || id} (${factors[id] ?? "?"})`).join(", ");
        return none(`Shore bombardment of ${this.where(target)} by ${ships}${decision.data?.side === "defender" ? ", at most 1 a ship in defence" : ""} (they turn face-down; FA 11.12.2)`, { preview });
      }
      case "naval_convoy":
        return none(`Convoy points sailing: ${a.points}`);
      case "naval_intercept":
        return none(a.subs ? "Try to intercept, with the submarines in the sea-box" : "Try to intercept");
      case "naval_intercepted":
        return none("Fight through");
      case "naval_surprise":
        return none(this.surprisePlan(a, view));
      case "first_side":
        return none(`${SIDE_TITLES[a.first] || a.first} take the first impulse`);
      case "initiative_reroll":
        return none(a.reroll ? "Demand a re-roll" : "Accept the roll");
      default:
        return super.present(decision, item, view);
    }
  }

  /** FA 11.4.5 (version 31): a surprise-point plan in words — avoid, a bought surface round,
   * a selected target, the columns up and down — with what it costs of the round's points. */
  surprisePlan(a, view) {
    const waiting = view?.flow?.naval?.surprise;
    const of = waiting ? ` (${waiting.points} surprise points, round ${waiting.round})` : "";
    if (a.avoid) return `Avoid the combat: 3 points${of}`;
    const parts = [];
    if (a.type) parts.push(`a ${a.type} round instead of a submarine combat (3)`);
    if (a.target) parts.push(`target ${this.ship(view, a.target)?.name || a.target} (3)`);
    if (a.raise) parts.push(`our column +${a.raise} (${2 * a.raise})`);
    if (a.lower) parts.push(`their column −${a.lower} (${2 * a.lower})`);
    return `Spend on ${parts.length ? parts.join(", ") : "nothing"}${of}`;
  }

  /** FA 11.3 / 13.3: a task force's order — from its counters' hex to the port's or the sea
   * area's; the section and any cargo are in the label (several orders end on one hex: the
   * list that opens there is the section and carry/debark choice). */
  presentSailing(decision, item, view) {
    const a = item.action || {};
    if (a.convoy) return this.presentConvoy(item, view);
    const first = this.ship(view, (a.units || [])[0]);
    const from = first?.hex || null;
    const start = first ? (first.area ? this.seaPlace({ area: first.area, section: first.section }) : this.seaPlace({ port: first.port })) : "?";
    const hex = a.to_port ? this.seaHex(view, { port: a.to_port }) : this.seaHex(view, { area: a.to_area });
    const to = a.to_port ? this.seaPlace({ port: a.to_port }) : this.seaPlace({ area: a.to_area, section: a.section });
    const cargo = a.cargo?.length ? this.names(a.cargo, view) : "";
    const carry = !cargo ? "" : a.debark ? `, carrying ${cargo} to debark on a coast of the area (FA 11.10)`
      : `, carrying ${cargo} (FA 11.3.4)`;
    const text = a.to_port ? `⚓${cargo ? "+" : ""}` : `§${a.section}${cargo ? (a.debark ? "⤓" : "+") : ""}`;
    return { hex, from, kind: "option", text,
      rank: -(a.section ?? 0) - (cargo ? 10 : 0),
      label: `${this.taskForce(view, a.units)}: ${start} → ${to}${carry}` };
  }

  /** FA 13.5.1.4 (version 24): a convoy stack's order — from port into an area's 0 section,
   * or from an area back into a port; how many points go is asked next. */
  presentConvoy(item, view) {
    const a = item.action || {};
    if (a.points) {        // FA 13.3 (version 27): points at sea going home, a count per option
      const sea = this.seaPlace({ area: a.convoy, section: 0 });
      return { hex: this.seaHex(view, { area: a.convoy }), from: null, kind: "option", text: `CP${a.points}⚓`,
        label: `Return ${a.points} convoy point${a.points === 1 ? "" : "s"} from ${sea} to port (FA 13.3)` };
    }
    const hex = a.to_port ? this.seaHex(view, { port: a.to_port }) : this.seaHex(view, { area: a.to_area });
    const from = a.convoy === "port" ? "port" : this.seaPlace({ area: a.convoy, section: 0 });
    const to = a.to_port ? this.seaPlace({ port: a.to_port }) : this.seaPlace({ area: a.to_area, section: 0 });
    return { hex, from: null, kind: "option", text: a.to_port ? "CP⚓" : "CP",
      label: `Convoy points from ${from} → ${to} (how many next)` };
  }

  /** FA 11.4: a naval round's or search's two sides, the active side first. */
  navalSides(d, line) {
    return Object.keys(d.rolls || {}).map(line).join("; ");
  }

  /** FA 11.4.7: one side of a naval round — its search roll, the ships it brought into action,
   * their attack, the column shift its surprise bought and the results read off the chart. */
  navalFire(d, side, view) {
    const ships = (d.included || {})[side] || [];
    const shift = (d.shift || {})[side] || 0;
    const results = ((d.results || {})[side] || []).map((r) => NAVAL_RESULTS[r] || r);
    const convoys = (d.convoys || {})[side] || 0;
    const escorted = convoys ? ` with ${convoys} convoy point${convoys === 1 ? "" : "s"}` : "";
    return `${SIDE_TITLES[side] || side} roll ${d.rolls[side]}, ${ships.length ? this.taskForce(view, ships) : "no ships"}${escorted} in action, attack ${(d.attack || {})[side] ?? 0}${shift ? `, ${shift} column${shift === 1 ? "" : "s"} right for surprise` : ""} → ${results.length ? results.join(", ") : "no result"}`;
  }

  /** FA 11.4.9: a submarine combat — the SUBs' attack on the SUB row against the convoys (and
   * the 0 section's ships), the other side's ASW (escorts, 1 a 3 convoy points) at the SUBs. */
  submarineRound(d, view) {
    const other = Object.keys(d.results || {}).find((s) => s !== d.subs_side);
    const res = (s) => ((d.results || {})[s] || []).map((r) => NAVAL_RESULTS[r] || r).join(", ") || "no result";
    const shift = (s) => ((d.shift || {})[s] ? `, ${d.shift[s]} column${d.shift[s] === 1 ? "" : "s"} right for surprise` : "");
    const escorts = (d.escorts || []).length ? `${this.taskForce(view, d.escorts)} and ` : "";
    return `Submarine combat in ${this.seaPlace({ area: d.area })}, round ${d.round}: ${SIDE_TITLES[d.subs_side] || d.subs_side} ${this.taskForce(view, d.subs || [])}, attack ${d.attack} against ${d.convoys} convoy point${d.convoys === 1 ? "" : "s"} (${d.enemy_ships} ship${d.enemy_ships === 1 ? "" : "s"})${shift(d.subs_side)} → ${res(d.subs_side)}; ${SIDE_TITLES[other] || other} ASW ${d.asw} from ${escorts}the convoys${shift(other)} → ${res(other)}`;
  }

  /** "port:portsmouth" / "sea:english-channel:1" (the naval events' places) in words. */
  seaKey(key) {
    const [kind, id, section] = String(key || "").split(":");
    if (kind === "port") return this.seaPlace({ port: id });
    if (kind === "sea") return this.seaPlace({ area: id, section: Number(section) });
    return key || "?";
  }

  /** A scripted turn-start entry (FA 22.1, 22.6) in words. */
  scripted(d) {
    const parts = [];
    for (const [a, b] of d.declare || []) parts.push(`${this.country(a)} declares war on ${this.country(b)}`);
    for (const p of d.activate || []) parts.push(`${this.country(p)} enters the war`);
    for (const [minor, major] of Object.entries(d.enter || {})) parts.push(`${this.country(minor)} joins ${this.power(major)}`);
    for (const [minor, side] of Object.entries(d.access || {})) parts.push(`${SIDE_TITLES[side] || side} may pass through ${this.country(minor)}`);
    for (const minor of d.end_access || []) parts.push(`access through ${this.country(minor)} ends`);
    for (const [minor, major] of Object.entries(d.align || {})) parts.push(`${this.country(minor)} sides with ${this.power(major)}`);
    if (d.may_act?.length) parts.push(`only ${d.may_act.map((p) => this.power(p)).join(", ")} may act`);
    if (d.forced_pass?.length) parts.push(`${d.forced_pass.map((p) => this.power(p)).join(", ")} must pass`);
    if (d.schlieffen) parts.push("the Schlieffen surprise");
    return parts.join("; ") || "scripted events";
  }

  describe(decision, item, view) {
    return this.present(decision, item, view).label;
  }

  // --- events, dice, the combat in progress -------------------------------------------------

  event(event, view) {
    const d = event.data || {};
    const units = (ids) => this.names(ids, view);
    switch (event.kind) {
      case "action_chosen": return `${this.power(d.power)} chose a ${d.action} action`;
      case "rail_moved": return `${this.unitName(view, d.unit)} by rail ${this.where(d.from)} → ${this.where(d.to)}`;
      case "land_moved": return `${units(d.units)} moved ${this.where(d.from)} → ${this.where(d.to)} (${d.cost} MP)${(d.effects || []).includes("control") ? `, taking ${this.where(d.to)}` : ""}${(d.effects || []).includes("fort_destroyed") ? ", fort destroyed" : ""}`;
      case "attack_declared": return `${this.power(d.power)} declares an attack on ${this.where(d.target)} with ${units(d.units)}`;
      case "attacks_declared": return `Attacks declared: ${(d.targets || []).map((h) => this.where(h)).join(", ") || "none"}`;
      case "combat_begins": return `Combat at ${this.where(d.target)} begins`;
      case "combat_resolved": return `Combat at ${this.where(d.target)}: ${d.attack} against ${d.defence}, ${d.table}, dice ${(d.dice || []).join("+")} ${signed(fraction(d.total_drm))} → row ${d.row}: ${d.result}`;
      case "unit_scrapped": return `${this.unitName(view, d.unit)} scrapped (out of the game)`;
      case "unit_destroyed": return `${this.unitName(view, d.unit)} destroyed${d.why ? ` (${String(d.why).replace(/_/g, " ")})` : ""}`;
      case "broken_down": return `${this.unitName(view, d.corps)} broken down into ${d.division ? this.unitName(view, d.division) : units(d.divisions) || "divisions"}${d.hex ? ` at ${this.where(d.hex)}` : ""}`;
      case "built_up": return `${units(d.divisions)} built up into ${d.corps ? this.unitName(view, d.corps) : "a corps"}${d.hex ? ` at ${this.where(d.hex)}` : ""}`;
      case "conquered": return `${this.country(d.country)} ${d.complete ? "conquered" : "conquered (incompletely: fights on at half limits)"} by ${this.power(d.by)}${d.removed?.length ? `; ${d.removed.length} unit${d.removed.length === 1 ? "" : "s"} leave the game` : ""}`;
      case "liberated": return `${this.country(d.country)} liberated by ${this.power(d.by)}`;
      case "liberation_possible": return `${this.power(d.by)} may liberate ${this.country(d.country)}`;
      case "liberation_declined": return `${this.power(d.by)} does not liberate ${this.country(d.country)}`;
      case "liberation_choice": return `${this.power(d.power)} ${d.give_back ? "gives back" : "keeps"} ${(d.hexes || []).length} hex${(d.hexes || []).length === 1 ? "" : "es"} of ${this.country(d.country)}`;
      case "minor_entered": return `${this.country(d.minor)} enters the war with ${this.power(d.major)}`;
      case "minor_convoys_set_up": return `${this.country(d.minor)} aligns: ${d.points} convoy points come into port for ${this.power(d.major)} (20.5.1)`;
      case "minor_convoys_lapsed": return `${this.country(d.minor)} holds no port: its ${d.points} convoy points are not set up (20.5.1)`;
      case "entry_lapsed": return `${this.country(d.minor)} does not enter the war (${SIDE_TITLES[d.side] || d.side} cannot take it)`;
      case "offensive_points_spent": return `${this.power(d.power)} spends ${d.cost} OP${d.cost === 1 ? "" : "s"} on ${d.unlimited ? "an unlimited action" : d.hq_benefit ? `${shortName(this.unit(view, d.hq_benefit))} HQ's offensive` : d.flip_hq ? `turning ${shortName(this.unit(view, d.flip_hq))} HQ face-up` : "an offensive"} (${d.left} left)`;
      case "offensive_points_arrive": return `${this.power(d.power)}'s offensive points arrive (now ${d.ops})`;
      case "offensive_points_short": return `${this.power(d.power)} bought ${d.short} offensive point${d.short === 1 ? "" : "s"} too few (needed ${d.required}): morale suffers`;
      case "offensive_doubling": return `Offensive: ${units(d.units)} attack at double strength`;
      case "offensive_hq_spent": return `${this.shortUnits(d.hqs, view)} HQ${(d.hqs || []).length === 1 ? "" : "s"} turn face-down (offensive spent)`;
      case "reserve_sits_out": return `${this.unitName(view, d.unit)} sits out the combat in reserve`;
      case "to_reserve_pool": return `${this.unitName(view, d.unit)} goes into the home-front reserve${d.from && HEX_ID.test(d.from) ? ` from ${this.where(d.from)}` : ""}`;
      case "deployed_from_reserve": return `${this.unitName(view, d.unit)} called out of the home-front reserve`;
      case "emergency_supply": return `${shortName(this.unit(view, d.hq))} HQ gives ${this.unitName(view, d.unit)} emergency supply`;
      case "emergency_hqs_down": return `${this.shortUnits(d.hqs, view)} HQ${(d.hqs || []).length === 1 ? "" : "s"} turn face-down after emergency supply`;
      case "scripted_entry": return `Scenario (${event.rule}): ${this.scripted(d)}`;
      case "retreated": return `${this.unitName(view, d.unit)} retreated ${this.where(d.from)} → ${this.where(d.to)}`;
      case "advanced": return `${units(d.units)} advanced into ${this.where(d.to)}`;
      case "shattered": return `${this.unitName(view, d.unit)} shattered at ${this.where(d.hex)}`;
      case "shatter_choice": return `The attacker chose to ${d.treat_as}`;
      case "table_chosen": return `${this.power(d.by)} chose the ${d.table} table`;
      case "combat_over": return `Combat at ${this.where(d.target)} over`;
      case "reorganised": return `${shortName(this.unit(view, d.hq))} HQ reorganised ${units(d.units)}`;
      case "step_done": return `${this.power(d.power)} finished ${String(d.activity).replace(/_/g, " ")}`;
      case "weather_rolled": return `Weather roll ${d.roll}: ${[...new Set(Object.values(d.zones || {}))].join(", ")} (track moves ${d.advance})`;
      case "last_impulse_test": return `Last-impulse test: ${d.roll}${d.drm ? ` ${signed(d.drm)}` : ""} against ${d.end_number} — ${d.ends ? "the turn ends" : "the turn goes on"}`;
      case "initiative_rolled": return `Initiative: Central Powers ${d.central}, Allies ${d.entente} — ${SIDE_TITLES[d.winner] || d.winner} win`;
      case "initiative_scripted": return `${SIDE_TITLES[d.first_side] || d.first_side} move first (scenario)`;
      case "first_side_chosen": return `${SIDE_TITLES[d.first] || d.first} take the first impulse`;
      case "initiative_shift": return `Initiative marker to space ${d.track}`;
      case "turn_started": return `Turn ${d.turn}: ${d.name} ${d.year}`;
      case "reinforcement": return `${this.unitName(view, d.unit)} arrives at ${this.where(d.hex)}`;
      case "production": return `${this.power(d.power)} produces ${d.bp} BP`;
      case "resource_shipped": return `${this.power(d.power)} ships the resource of ${this.where(d.resource)} by sea: ${this.where(d.from)} → ${(d.areas || []).map((a) => this.seaPlace({ area: a })).join(" → ")} → ${this.where(d.to)} (13.5.1.2)`;
      case "strategic_warfare": return `Strategic warfare in ${this.seaPlace({ area: d.area })}: ${SIDE_TITLES[d.side] || d.side}, column ${d.column}, roll ${d.roll} — ${Object.entries(d.sunk || {}).map(([p, n]) => `${this.power(p)} loses ${n} convoy point${n === 1 ? "" : "s"}`).join(", ") || "no convoy point sunk"} (13.5.6)`;
      case "asw_rolled": return `The convoys reply in ${this.seaPlace({ area: d.area })}: column ${d.column}, roll ${d.roll}${d.drm ? ` +${d.drm}` : ""} — ${d.hits ? `${d.hits} hit${d.hits === 1 ? "" : "s"} on the submarines` : "no hit"}`;
      case "convoy_returned": return `${this.power(d.power)} brings ${d.points} convoy point${d.points === 1 ? "" : "s"} home from ${this.seaKey(d.from)} (13.3)`;
      case "convoys_lost": return `${this.power(d.power)} loses ${d.points} convoy point${d.points === 1 ? "" : "s"} in ${this.seaKey(d.at)}: no base within reach (13.3.3)`;
      case "convoy_moved": return `${this.power(d.power)} sails ${d.points} convoy point${d.points === 1 ? "" : "s"}: ${d.from === "port" ? "port" : this.seaKey(d.from)} → ${this.seaKey(d.to)}`;
      case "convoys_arrived": return `${this.power(d.power)}: ${d.points === 1 ? "a convoy point comes" : `${d.points} convoy points come`} into port (4.2.1)`;
      case "built": return `${this.power(d.power)} builds ${d.class === "convoy" ? "a convoy point" : d.class}${d.arrives ? ` (arrives turn ${d.arrives})` : ""}`;
      case "builds_done": return `${this.power(d.power)} finished building`;
      case "home_front_morale": return `${this.power(d.power)} puts a BP into the home front (${d.bp} BP this turn, +${d.points} morale points)`;
      case "morale": return `${this.power(d.power)} morale ${d.from} → ${d.to}`;
      case "entrenched": return `${this.unitName(view, d.unit)} entrenched at ${this.where(d.hex)}`;
      case "naval_move": return `${this.power(d.power)} sails ${this.taskForce(view, d.units)}: ${this.seaKey(d.from)} → ${this.seaKey(d.to)}`;
      case "naval_transport": return `${units((d.cargo || []).map((c) => c.unit))} landed at ${this.where(d.to)} from the sea`;
      case "naval_debark": return `${units((d.cargo || []).map((c) => c.unit))} landed from the sea at ${this.where(d.to)} (FA 11.10)`;
      case "interception_declined": return `${this.power(d.power)} declines to intercept in ${this.seaPlace({ area: d.area })}`;
      case "interception": return `${this.power(d.power)} tries to intercept in ${this.seaPlace({ area: d.area })}: a roll of ${d.roll}${d.modified !== d.roll ? ` (counts ${d.modified})` : ""} against ${d.search} — ${d.success ? "intercepted" : "missed"}`;
      case "interception_stop": return `${this.power(d.power)}'s task force stops in ${this.seaPlace({ area: d.area })}`;
      case "fight_through": return `${this.power(d.power)}'s task force fights through in ${this.seaPlace({ area: d.area })}${d.returning ? " on its way home, from the 0 section (13.3)" : ""}`;
      case "return_ordered": return `${this.power(d.power)} orders ${this.taskForce(view, d.units)} home from ${this.seaPlace({ area: d.area })}${d.to ? ` to ${this.seaPlace({ port: d.to })}` : " (must return)"}: it waits in the sea area and may be intercepted (13.3)`;
      case "return_to_base": return `${this.power(d.power)}'s ${this.taskForce(view, d.units)} ${d.to ? `returns to ${this.seaPlace({ port: d.to })}` : "returns to base"} face-down`;
      case "naval_combat": return `${this.power(d.power)} starts a naval combat in ${this.seaPlace({ area: d.area })}`;
      case "naval_search": return `Naval combat in ${this.seaPlace({ area: d.area })}, round ${d.round}: ${this.navalSides(d, (s) => `${SIDE_TITLES[s] || s} roll ${d.rolls[s]}`)} — nobody found`;
      case "naval_round": return `Naval combat in ${this.seaPlace({ area: d.area })}, round ${d.round}: ${this.navalSides(d, (s) => this.navalFire(d, s, view))}`;
      case "submarine_round": return this.submarineRound(d, view);
      case "submarine_losses_ignored": return `No convoy points left in ${this.seaPlace({ area: d.area })}: the submarines' ${(d.results || []).map((r) => NAVAL_RESULTS[r] || r).join(", ")} ignored (11.4.9)`;
      case "minefield": return `${this.power(d.power)} crosses ${d.name} (value ${d.value}, held by ${(d.held_by || []).map((p) => this.power(p)).join(" and ")}): ${Object.entries(d.rolls || {}).map(([id, r]) => `${this.ship(view, id)?.name || id} ${r}`).join(", ")} — ${(d.hits || []).length ? `${d.hits.length} struck` : "no ship struck"}`;
      case "naval_hit": return `${this.unitName(view, d.unit)}${d.cause === "mines" ? " strikes a mine and" : ""} takes ${NAVAL_RESULTS[d.result] || d.result}: a roll of ${d.roll} against defence ${d.defence} — ${d.effect === "none" ? "no effect" : NAVAL_EFFECTS[d.effect] || d.effect}`;
      case "naval_overrun": return `${this.ship(view, d.unit)?.name || d.unit} overrun at ${this.seaPlace({ port: d.port })}: a roll of ${d.roll} — ${d.fate === "kept" ? "kept, rebases" : d.fate === "captured" ? `captured by ${this.power(d.by)}` : "destroyed"}`;
      case "convoy_hit": return `Convoys in ${this.seaPlace({ area: d.area })} take ${NAVAL_RESULTS[d.result] || d.result} — ${Object.entries(d.points || {}).map(([p, n]) => `${this.power(p)} ${d.effect === "abort" ? "sends" : "loses"} ${n} convoy point${n === 1 ? "" : "s"}${d.effect === "abort" ? " to port" : ""}`).join(", ") || "no effect"} (11.4.7.2)`;
      case "ship_sunk": return `${this.unitName(view, d.unit)} sunk`;
      case "naval_abort": return `${this.unitName(view, d.unit)} ${d.why === "damaged" ? "damaged, " : ""}returns to ${this.seaPlace({ port: d.to })} face-down`;
      case "ships_lost": return `${this.power(d.power)} loses ${this.taskForce(view, d.units)}: no base within reach`;
      case "cargo_lost": return [(d.returned || []).length ? `Not landed, back in port: ${units(d.returned)}` : "", (d.destroyed || []).length ? `Lost at sea with their ships: ${units(d.destroyed)}` : ""].filter(Boolean).join("; ");
      case "bombardment_committed": return `${this.power(d.by)} ${(d.ships || []).length ? `commits ${(d.ships || []).map((id) => this.ship(view, id)?.name || id).join(", ")} to` : "commits no ship to"} the shore bombardment of ${this.where(d.target)} (${d.side}, FA 11.12.2)`;
      case "shore_bombardment": return `Shore bombardment of ${this.where(d.target)}: ${(d.ships || []).map((id) => this.ship(view, id)?.name || id).join(", ")} turn face-down, with ${d.factors} more for the ${d.side === "attacker" ? "attack" : "defence"}`;
      case "naval_search_units": return `${SIDE_TITLES[d.side] || d.side} turn ${(d.units || []).length} units face-down to search in ${this.seaPlace({ area: d.area })}: ${d.off} off the roll (11.4.4)`;
      case "naval_surprise_asked": return `Naval combat in ${this.seaPlace({ area: d.area })}, round ${d.round}: ${this.power(d.power)} may spend ${d.points} surprise points (11.4.5)`;
      case "naval_surprise": return `${this.power(d.power)} spends ${d.points} surprise points in ${this.seaPlace({ area: d.area })}: ${d.avoid ? "the combat is avoided" : this.surprisePlan(d, null).replace(/^Spend on /, "")}`;
      case "naval_combat_over": return `Naval combat in ${this.seaPlace({ area: d.area })} over`;
      case "invasion": return `${this.power(d.power)} invades ${this.where(d.target)} (${d.table}): ${d.attack} against ${d.defence}, dice ${(d.dice || []).join("+")} → ${d.result}${d.held ? " — the invasion fails" : ""}`;
      case "victory": return `Game over: ${d.winner ? `${this.power(d.winner)} wins` : "a draw"} (${String(d.reason || "").replace(/_/g, " ")})`;
      default: return super.event(event, view);
    }
  }

  combat(event, view) {
    const d = event.data || {};
    if (event.kind === "combat_resolved") {
      return { title: `Combat at ${this.where(d.target)}`, rule: event.rule, lines: [
        `${d.attack} against ${d.defence} on the ${d.table} table`,
        ...(d.bombardment ? [`Shore bombardment (in those totals): attack +${d.bombardment.attacker}, defence +${d.bombardment.defender}`] : []),
        `DRMs: ${(d.drms || []).map((m) => `${m.name.replace(/^odds /, "odds ")} ${signed(fraction(m.value))}`).join(", ")} = ${signed(fraction(d.total_drm))}`,
        `Dice ${(d.dice || []).join(" + ")} → row ${d.row}: ${d.result}`] };
    }
    if (event.kind === "last_impulse_test") {
      return { title: "Last-impulse test", rule: event.rule,
        lines: [`d10 ${d.roll}${d.drm ? ` ${signed(d.drm)}` : ""} against ${d.end_number} (box ${d.box}): ${d.ends ? "the turn ends" : "the turn goes on"}`] };
    }
    return super.combat(event, view);
  }

  currentCombat(view) {
    const c = view?.flow?.combat;
    if (!c) return null;
    const waiting = { table: `${this.power(c.defender)} chooses the table`,
      losses_attacker: `${this.power(c.declarer)} chooses the attacker's losses`,
      losses_defender: `${this.power(c.defender)} chooses the defender's losses`,
      shatter: `${this.power(c.declarer)} decides: shatter or retreat`,
      retreat: `${this.power(c.declarer)} retreats the defenders`,
      advance: `${this.power(c.declarer)} may advance` }[c.phase] || titleCase(c.phase || "");
    const r = c.result;
    return {
      title: `${this.power(c.declarer)} attacks ${this.where(c.target)}`, rule: "FA 11.12",
      lines: [
        `Attackers: ${this.shortUnits(c.attackers, view)}`,
        `Defenders: ${this.shortUnits(c.defenders, view)}`,
        ...(c.bombard && (c.bombard.attacker?.length || c.bombard.defender?.length)
          ? [`Shore bombardment: ${["attacker", "defender"].map((side) => `${side} ${(c.bombard[side] || []).map((id) => this.ship(view, id)?.name || id).join(", ") || "none"}`).join("; ")}${c.bombardment ? ` (attack +${c.bombardment[0]}, defence +${c.bombardment[1]})` : ""}`] : []),
        c.table ? `Table: ${c.table}` : "Table not chosen yet",
        r ? `Result row ${c.row}: attacker loses ${r.att / 2}, defender loses ${r.def / 2}${r.effect ? ` (${r.effect === "S" ? "shatter" : r.effect === "R" ? "retreat" : r.effect})` : ""}` : "Not rolled yet",
        waiting,
      ],
    };
  }

  recordLine(entry, view = null) {
    if (entry.kind === "act" && entry.action && !entry.redacted) {
      const id = String(entry.decision || "");
      const kind = (/-(naval_move|naval_convoy|naval_return|naval_debark|naval_surprise|naval_combat|naval_intercepted|naval_intercept|action|rail_move|land_move|land_attack|reorganise|build|entrench|breakdown|offensive|home_front|scrap|liberation)-/.exec(id)?.[1])
        || (/-emergency-/.test(id) ? "emergency_supply" : null)
        || { reroll: "initiative_reroll", first: "first_side", table: "choose_table", losses: "combat_losses",
          shatter: "shatter_or_retreat", retreat: "retreat", advance: "advance", support: "hq_support",
          sit: "sit_out", order: "combat_order", bombard: "naval_bombard" }[/-(reroll|first|table|losses|shatter|retreat|advance|support|sit|order|bombard)-/.exec(id)?.[1]];
      if (kind) {
        try {
          return `${this.seatTitle(entry.seat)}: ${this.present({ kind, data: {} }, { action: entry.action }, view).label}`;
        } catch { /* fall through */ }
      }
    }
    return super.recordLine(entry);
  }
}
