// The Balance of Powers Sea Chart on the North Europe map (BoP 1.2.3, 2.52, 7.5; issue #21):
// its port and ocean boxes drawn as off-map boxes beside the map edge they face, the boxes
// that touch joined by a line, and the ships (BoP 1.3) as counters in their boxes, ports and
// water hexes. A box is a location like a hex (mapview.js): it holds counters, is lit as a
// naval move's destination and is clicked like one.
//
// Presentation only: where ships may go is the server's (the naval_move decision's items);
// the chart and the ships' printed values come from seachart_data.js, written from the
// engine's data. The view says where each ship is and how many steps it has (board.fleets),
// the navy leaders aboard (board.admirals), the NMP a ship spent this sub-phase and whether it
// moves no more (board.fleets' `nmp` and `move`) and where each mine lies (board.mines).
// Everything at sea is open in BoP (2.68): no counter is drawn face-down.

import { adoptStylesheet } from "../game/rulesets/generic.js";
import { CHART_BOXES, CHART_LINKS, MINES, NAVY_LEADERS, SHIP_CLASSES, SHIPS } from "./seachart_data.js";

export const NAVAL_SCENARIOS = new Set(["price-of-admiralty", "storm-of-steel"]);   // 12.3: ruling 101
const SIDE_TITLE = { central: "Central Powers", entente: "Entente" };

/** The Sea Chart's boxes and links added to the compiled map's data (before it is drawn);
 * a box the map already has (the Petrograd box) keeps its own place and name. */
export function addSeaChart(map) {
  adoptStylesheet("seachart-css", new URL("./seachart.css", import.meta.url));
  map.boxes = map.boxes || {};
  for (const [id, box] of Object.entries(CHART_BOXES)) {
    if (map.boxes[id]) {
      map.boxes[id] = { ...map.boxes[id], kind: box.kind };
      continue;
    }
    map.boxes[id] = { name: box.name, kind: box.kind, near: box.near, beside: box.beside, chart: true };
  }
  map.box_links = CHART_LINKS.map((pair) => [...pair]);
  return map;
}

/** A ship id inside any text (a die's purpose: "naval fire ger-bc1 at bri-bc1 2d6"). */
export const SHIP_IN_TEXT = /\b(?:ger|aus|bri|fra|rus|ita)-(?:bb|bc|ca|cl|cc|cd|pd|ss|ub)\d+\b/g;

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
  "October", "November", "December"];

/** What the hover says about a Sea Chart box: its kind, owner, entry cost (7.51, 7.55) and
 * frozen months (7.53); [] for anything else. */
export function boxNotes(id, nationTitle) {
  const box = CHART_BOXES[id];
  if (!box) return [];
  const notes = [box.kind === "ocean"
    ? `Ocean box: ${box.entry_nmp} NMP to enter (BoP 7.51)`
    : `${box.owner ? `${nationTitle(box.owner)} ` : ""}port box: ${box.entry_nmp} NMP to enter, never straight from another port box (BoP 7.51, 7.55)`];
  if (box.frozen_months?.length) {
    notes.push(`Frozen ${MONTHS[box.frozen_months[0] - 1]} to ${MONTHS[box.frozen_months[box.frozen_months.length - 1] - 1]}: closed to ships (BoP 7.53)`);
  }
  return notes;
}

export function isShip(uid) {
  return Object.hasOwn(SHIPS, String(uid));
}

/** A submarine or U-boat (its class is no surface ship: BoP 7.21). */
export function isSubmarine(uid) {
  return !ship(uid).cls[1];
}

/** BoP 6.222: RP a step — submarines 1, battleships 3, other surface ships 2 (dockyards.py). */
export function shipStepCost(uid) {
  return isSubmarine(uid) ? 1 : ship(uid).kind === "BB" ? 3 : 2;
}

const CENTRAL_NAVIES = new Set(["germany", "austria_hungary"]);   // fleets.NAVAL_SIDE

function sideOfShip(uid) {
  return CENTRAL_NAVIES.has(SHIPS[uid]?.[0]) ? "central" : "entente";
}

export function isMine(uid) {
  return Object.hasOwn(MINES, String(uid));
}

/** "ger-bb1" → { nation, kind, name: "BB 1", cls: [...] } */
function ship(uid) {
  const [nation, kind, name] = SHIPS[uid];
  return { nation, kind, name, cls: SHIP_CLASSES[kind] };
}

/** "Germany BB 1" (the nation's title from the adapter's table). */
export function shipName(uid, nationTitle) {
  const s = ship(uid);
  return `${nationTitle(s.nation)} ${s.name}`;
}

/** The counter's short label: "BB1", "UB2". */
export function shipLabel(uid) {
  const s = ship(uid);
  return `${s.kind}${s.name.replace(/\D+/g, "")}`;
}

/** The values a ship shows on the side it is on (BoP 1.3, 8.333): gunnery (torpedo for a
 * submarine), armor, radius; damaged: its back. */
export function shipValues(uid, steps) {
  const [cname, surface, gun, armor, radius, dgun, darmor] = ship(uid).cls;
  const full = steps !== 1;
  const [g, a] = full ? [gun, armor] : [dgun, darmor];
  return { factors: `${g}-${a}-${radius}`, surface,
    facts: `${cname}: ${surface ? "gunnery" : "torpedo"} ${g}, armor ${a}, radius ${radius} (range ${4 * radius} NMP)` };
}

/** Every ship as a map counter: big guns on top of a stack (surface before submarines). */
export function shipCounters(view, nations) {
  const fleets = view?.board?.fleets || {};
  const admirals = view?.board?.admirals || {};
  const aboard = {};
  for (const [leader, uid] of Object.entries(admirals)) aboard[uid] = NAVY_LEADERS[leader]?.[1] || leader;
  // The force in motion is the highest force number on the board (BoP 6.43); a ship's `move`
  // is there only where that rule would say otherwise (ruleset.naval_fleets).
  const latest = Math.max(0, ...Object.values(fleets).map((f) => f.force || 0));
  const out = [];
  for (const uid of Object.keys(fleets).sort()) {
    if (!isShip(uid)) continue;
    const { at, steps, nmp, force } = fleets[uid];
    const move = fleets[uid].move || (force ? (force === latest ? "force" : "done") : undefined);
    const s = ship(uid);
    const [title, colour] = nations(s.nation);
    const v = shipValues(uid, steps);
    // A ship that moved this sub-phase carries its NMP spent (`nmp`) and the number of its
    // force (`force`) on its own entry (issue #27: one op per ship moved, none per ship done).
    const left = 4 * s.cls[4] - (nmp || 0);
    const moved = move === "done" ? " · moves no more this sub-phase"
      : nmp ? ` · ${left} NMP left` : "";
    const classes = ["bop-ship", steps === 1 ? "bop-ship-damaged" : "", v.surface ? "" : "bop-submarine"]
      .filter(Boolean).join(" ");
    out.push({ id: uid, hex: at, label: shipLabel(uid), symbol: "fleet", factors: v.factors, colour, classes,
      rank: [v.surface ? 0 : 1, -s.cls[2]],
      title: `${title} ${s.name} (${v.facts}) · ${steps === 1 ? "damaged, 1 step" : "2 steps"}${aboard[uid] ? ` · ${aboard[uid]} aboard` : ""}${moved}` });
  }
  out.sort((a, b) => a.rank[0] - b.rank[0] || a.rank[1] - b.rank[1] || a.id.localeCompare(b.id));
  return out.map(({ rank, ...u }) => u);
}

/** Every mine laid (BoP 6.44) as a counter: open to all (2.68); pooled ones are not drawn. */
export function mineCounters(view, nations) {
  const mines = view?.board?.mines || {};
  const out = [];
  for (const mid of Object.keys(mines).sort()) {
    const at = mines[mid];
    if (!MINES[mid] || at === "pool" || at === "force_pool" || at === "dockyard") continue;
    const [nation, attack] = MINES[mid];
    const [title, colour] = nations(nation);
    out.push({ id: mid, hex: at, label: "MINE", symbol: "fleet", factors: `${attack}`, colour, classes: "bop-ship bop-mine",
      title: `${title} mine (attack ${attack}): attacks every enemy ship entering here (BoP 6.442, 6.443)` });
  }
  return out;
}

/** A naval move's option: the destination lit with its NMP; its label names the orders given
 * with it that differ from the defaults (navalOrderOptions). */
export function navalOption(item, from, where, short) {
  const a = item.action || {};
  const orders = [a.search === false ? "no search" : null, a.evade ? "evades if found" : null,
    a.van ? (a.van.length ? `van ${short(a.van)}` : "no van") : null, a.return ? "returns to port after a battle" : null,
    a.raid ? `raids ${where(a.raid)}` : null]
    .filter(Boolean);
  return { hex: a.to, from, kind: "option", text: item.nmp !== undefined ? `${item.nmp} NMP` : "sea",
    label: `Sail ${short(a.units)}: ${where(from)} → ${where(a.to)}${item.nmp !== undefined ? `, ${item.nmp} NMP` : ""}`
      + (orders.length ? ` (${orders.join("; ")})` : "") };
}

const VAN_KINDS = new Set(["BC", "CA", "CL"]);   // BoP 8.31

/** The orders a naval move carries beside where it goes (BoP 8.21, 8.25, 8.31, 8.34; ruling
 * 90): the moving force searches the enemy in contact where it arrives (its hex, and by the
 * zones of patrol the hexes next door: BoP 6.42, 8.1) unless told not to; surface ships may be
 * told to try to evade if the enemy finds them, to return to port after a battle they need not
 * leave, and which of their battlecruisers and cruisers form the van (all, by default). */
export function navalOrderOptions(action, raids = [], where = (loc) => loc) {
  const units = (action?.units || []).filter(isShip);
  if (!units.length) return [];
  // BoP 7.35 (ruling 110): the side's coastal raid of the season, where the server offers one
  const raid = raids.length ? [{ key: "raid", type: "choice", initial: null, rule: "BoP 7.35",
    label: "Coastal raid (one a side a season; doubles above the year's last digit cost 1 RP):",
    of: [[null, "none"], ...raids.map((loc) => [loc, where(loc)])] }] : [];
  const search = { key: "search", type: "bool", initial: true, rule: "BoP 8.21",
    label: "Search for enemy ships in contact where it arrives (its hex; next door by the zones of patrol, BoP 6.42)" };
  if (isSubmarine(units[0])) return [search];              // submarines (7.21): search only
  const van = units.filter((u) => VAN_KINDS.has(ship(u).kind));
  return [search,
    { key: "evade", type: "bool", initial: false, rule: "BoP 8.25",
      label: "If the enemy finds it, its faster ships try to evade" },
    ...(van.length ? [{ key: "van", type: "subset", of: van, initial: van, rule: "BoP 8.31", label: "In the van:" }] : []),
    { key: "return", type: "bool", initial: false, rule: "BoP 8.34",
      label: "After a battle, return to port even if the roll does not send it" }, ...raid];
}

/** "Why not?" for ships sent where they cannot go (7.22): the naval move of the selected
 * ships (the whole stack: the largest force the server offers from there) to that location. */
export function navalCandidate(decision, selection, hex, entries) {
  return { decision, action: { units: selectedUnits(decision, selection, entries), to: hex } };
}

/** The units a selection stands for in `decision`: the ticked ones, or for a whole stack the
 * largest force the server offers from its location (shared with the land march's "why not"). */
export function selectedUnits(decision, selection, entries) {
  if (!selection.all) return selection.units;
  const offered = entries.filter((e) => e.decision.id === decision.id && e.p.from === selection.hex)
    .map((e) => e.item.action.units).sort((a, b) => b.length - a.length)[0];
  return offered || selection.units;
}

function side(s) {
  return SIDE_TITLE[s] || s;
}

/** An event of the naval layer in words (BoP 7, 8, 5.324), or null when it is not one. */
export function navalEvent(event, { where, name, names, nation }) {
  const d = event.data || {};
  const hits = (shots) => (shots || []).filter((s) => s.hit);
  const shotList = (shots) => (shots || []).map((s) => `${name(s.shooter)} at ${name(s.target)} ${(s.dice || []).join("+")} ${s.hit ? "hit" : "miss"}`).join("; ");
  switch (event.kind) {
    case "naval_moved":
      return `${names(d.units)} sailed ${where(d.from)} → ${where(d.to)} (${d.nmp} NMP)`;
    case "navy_leader_arrives":   // BoP 13.0, 8.31 (ruling 108)
      return d.ship ? `${d.name} takes command aboard ${name(d.ship)}` : `${d.name} does not arrive: no ship of his type afloat`;
    case "naval_interrupt":   // BoP 7.4 (ruling 111)
      return `${side(sideOfShip(d.by))} interrupt at ${where(d.at)}${d.after === "mine_work" ? " after the mine work (BoP 7.44)" : ""} by ${name(d.by)}: 1d6 ${d.die} against overage ${d.overage} — ${d.stops ? `${names(d.units)} stop there, their move over` : "they sail on"}`;
    case "coastal_raid":   // BoP 7.35 (ruling 110)
      return `Coastal raid on ${where(d.at)} by ${names(d.ships)}: 2d6 ${(d.dice || []).join(" + ")} (doubles above ${d.needs_above} to hit) — ${d.hit ? (d.rp_lost ? `${nation(d.nation)} loses 1 RP` : `a hit, but ${nation(d.nation)} has no RP to lose`) : "no effect"}`;
    case "bb_fee":
      return `${nation(d.nation)} pays ${d.rp} RP to move its dreadnoughts this month`;
    case "naval_search":
      return `${side(d.by)} search at ${where(d.at)}${d.from ? ` from ${where(d.from)} (in contact by the zone of patrol, BoP 6.42)` : ""}: 1d6 ${d.roll} − ${d.searchers} searching, below ${d.targets} ship${d.targets === 1 ? "" : "s"} sought: ${d.found ? "found them" : "found nothing"}`;
    case "naval_battle": {
      const lost = Object.entries(d.steps_lost || {}).sort().map(([s, n]) => `${side(s)} ${n} step${n === 1 ? "" : "s"}`).join(", ");
      const fate = [...(d.sunk || []).map((u) => `${name(u)} sunk`), ...(d.damaged || []).map((u) => `${name(u)} damaged`)];
      return `Naval battle at ${where(d.at)}${(d.surprised || []).length ? ` (${d.surprised.map(side).join(", ")} surprised)` : ""}: van salvo ${hits(d.van_salvo).length} hit${hits(d.van_salvo).length === 1 ? "" : "s"} of ${(d.van_salvo || []).length}, fleet salvo ${hits(d.fleet_salvo).length} of ${(d.fleet_salvo || []).length}; lost ${lost}${fate.length ? ` — ${fate.join(", ")}` : ""}. Shots: ${shotList([...(d.van_salvo || []), ...(d.fleet_salvo || [])]) || "none"}`;
    }
    case "naval_evasion": {   // BoP 8.25: the found ships faster than their finders
      const stayed = (d.tried || []).filter((u) => !(d.evaded || []).includes(u));
      return `${side(d.side)} ships try to evade: 2d6 ${(d.dice || []).join("+")}: ${(d.evaded || []).length ? `${names(d.evaded)} evaded and return to port` : "none evaded"}${stayed.length ? `; ${names(stayed)} must fight` : ""}`;
    }
    case "naval_search_declined":
      return `${side(d.by)} chose not to search at ${where(d.at)}${d.from ? ` from ${where(d.from)}` : ""}`;
    case "naval_return_check":
      return `${side(d.side)} return check: 1d6 ${d.roll} with ${d.steps_lost} step${d.steps_lost === 1 ? "" : "s"} lost: ${d.returns ? "must return to port" : d.chooses_to_return ? "need not, but returns to port by choice" : "may stay"}`;
    case "naval_torpedoes":
      return `${names(d.boats)} fired torpedoes: ${hits(d.shots).length} hit${hits(d.shots).length === 1 ? "" : "s"} (${shotList(d.shots) || "no target"})`;
    case "asw":
      return `ASW roll 3d6 ${(d.dice || []).join("+")} against track ${d.track}: ${(d.hits || []).length ? `hits ${names(d.hits)}` : "no hit"}`;
    case "naval_lost_at_sea":
      return `${name(d.unit)} lost at sea (no friendly port to return to)`;
    case "naval_mine_attack":
      return `Mines at ${where(d.at)} attack ${name(d.unit)}: ${(d.dice || []).join("+")} ${d.hit ? `below ${d.score}: ${d.outcome}` : `not below ${d.score}: no hit`}`;
    case "naval_mine_laid":
      return `${name(d.unit)} laid a mine at ${where(d.at)}`;
    case "naval_mine_cleared":
      return d.own ? `${name(d.unit)} lifted its own mine at ${where(d.at)} (back to the mine pool)`
        : `${name(d.unit)} sweeps the mine at ${where(d.at)}: 1d6 ${d.roll}: ${d.cleared ? "cleared" : "no effect"}${d.outcome ? `, the sweeper ${d.outcome}` : ""}`;
    case "naval_returned":
      return `${name(d.unit)} returned to port at ${where(d.to)}`;
    // BoP 5.32-5.35: strategic naval warfare in the seasonal turn (strategic_naval.py)
    case "strategic_warfare":
      return `Strategic Warfare (${event.rule}): ${nation(d.nation)} loses ${d.loss} RP (now ${d.rp})`;
    case "submarine_warfare": {
      const mods = Object.entries(d.modifiers || {}).map(([k, v]) => `${k.replace(/_/g, " ")} ${v > 0 ? "+" : ""}${v}`);
      return `U-boats in ${where(d.at)} (${d.steps} step${d.steps === 1 ? "" : "s"}): 1d6 ${d.roll}${mods.length ? ` (${mods.join(", ")})` : ""} → ${d.final}: ${d.rp_lost ? `Britain loses ${d.rp_lost} RP` : "no loss"}`;
    }
    case "surface_raid":
      return `German raiders in ${where(d.at)}: 2d6 ${(d.dice || []).join("+")} against radius ${d.radius}: ${d.rp_lost ? "Britain loses 1 RP" : "no loss"}`;
    case "blockade":
      return `${d.close && d.distant ? "Close and distant" : d.close ? "Close" : "Distant"} blockade of ${nation(d.nation)}: loses ${d.rp_lost} RP`;
    case "stockholm":
      return d.held ? `The Entente holds Stockholm: Germany loses ${d.rp_lost} RP`
        : `British submarines off Stockholm (${d.steps} steps): 1d6 ${d.roll}: ${d.rp_lost ? `Germany loses ${d.rp_lost} RP` : "no loss"}`;
    case "strategic_naval_report": {
      const section = { "5.32": "U-boats", "5.33": "raiders", "5.34": "blockade", "5.35": "Stockholm" };
      const rows = Object.entries(d.powers || {}).map(([n, p]) => {
        const parts = Object.entries(p.losses || {}).map(([s, rp]) => `${section[s] || s} −${rp}`);
        return `${nation(n)} ${parts.join(", ")} (RP ${p.rp})`;
      });
      return `War at sea this season${(d.fixed || []).length ? ` (${d.scenario} fixes ${d.fixed.join(", ")})` : ""}: ${rows.join("; ") || "no losses"}`;
    }
    default:
      return null;
  }
}

/** BoP 12.6's victory check as the planning facts show it. */
export function navalVictory(v, month) {
  if (!v || v.rule !== "BoP 12.6") return null;
  const lost = v.gunnery_lost || {};
  return [["Victory (BoP 12.6)", `German dreadnoughts in the Norwegian Sea: ${v.german_bbs_in_norwegian_sea} (${v.bbs_to_win} or more win for Germany) · gunnery lost: Central Powers ${lost.central ?? 0}, Entente ${lost.entente ?? 0} (the side that lost more loses) · judged at the end of ${month(v.checked_after)}`]];
}
