// The counter and marker samples of each ruleset's legend. Each sample is a small view in the
// ruleset's own shape, turned into counters and marks by a fresh adapter of that ruleset
// (`units(view)`, `marks(view)`): the legend draws exactly what the map would for that unit or
// fortress, with the same code. Units come from the game's own view when it has one of the
// kind (its real name and numbers), else from a stand-in of that kind.
//
// Keys are the `counter:…` and `mark:…` symbols of the legend tables in docs/learn/<ruleset>.md;
// tests/web/test_learn.py checks that every one of those has a sample here.
//
// A sample function gets {view, fresh(map?)} — the game's current view and a maker of a new
// adapter (given the legend's small map, for marks that read the map) — and returns
// {hexes, units?, marks?, map?} for legend.js's drawSample, or null.

import { frontOf } from "../../map/fronts.js";
import { SetupEditor } from "../rulesets/balance_of_powers.js";

const AT = "0,0";

/** Balance of Powers: unit ids of the order of battle (balance_of_powers_counters.js). */
function bopUnits(fresh, units, flow = {}) {
  const adapter = fresh();
  const board = { units: Object.fromEntries(Object.entries(units).map(([uid, mode]) => [uid, { at: AT, mode }])) };
  return adapter.units({ board, flow });
}

function bopFort(name, steps) {
  return ({ fresh, place }) => {
    const map = place({ name, hex: AT, fortress: true });
    const adapter = fresh(map);
    return { hexes: [AT], map, marks: adapter.marks({ board: { forts: steps === undefined ? {} : { [AT]: steps } } }) };
  };
}

/** 12.2–12.4: the first hexside of the game's front line, on a map of its two hexes (none
 * in a scenario without a front). */
function bopFront({ fresh, place }) {
  const side = frontOf(fresh().config?.scenario)?.sides[0];
  if (!side) return null;
  const base = place({ name: "", hex: AT });   // a small map in the game map's layout
  const map = { ...base, places: {}, hexes: Object.fromEntries(side.map((id) => [id, { label: "", terrain: "clear", features: [] }])) };
  return { hexes: side, map, marks: fresh(map).marks({ board: {} }) };
}

function bopPending(problem) {
  return ({ fresh }) => {
    const adapter = fresh();
    const editor = new SetupEditor(adapter, { id: `legend-${problem ? "problem" : "ok"}`, kind: "setup", seats: ["germany"] });
    editor.placement = { "ger-inf-3": AT };
    editor.report = problem ? { problems: [{ units: ["ger-inf-3"], locations: [] }] } : { problems: [] };
    return { hexes: [AT], units: editor.units() };
  };
}

/** Fatal Alliances: a unit of the game's view that fits, or a stand-in of that kind. */
function faUnit(view, fits, stand) {
  const found = Object.values(view?.board?.units || {})
    .filter((u) => u.hex && fits(u)).sort((a, b) => a.id.localeCompare(b.id))[0];
  return { ...(found || stand), hex: AT };
}

const FA_CORPS = { id: "legend-corps", power: "germany", name: "XVII Corps", type: "INF", size: "corps", cf: 4, ma: 3, reorg: 0, up: true, entrenched: false };
const isCorps = (u) => u.type === "INF" && u.size === "corps";

function faCounter(fits, stand, change = {}) {
  return ({ view, fresh }) => {
    const unit = { ...faUnit(view, fits, stand), ...change };
    return { hexes: [AT], units: fresh().units({ board: { units: { [unit.id]: unit } } }) };
  };
}

export const SAMPLES = {
  balance_of_powers: {
    "counter:corps": ({ fresh }) => ({ hexes: [AT], units: bopUnits(fresh, { "rus-inf-1": "maneuver" }) }),
    "counter:corps-yellow": ({ fresh }) => ({ hexes: [AT], units: bopUnits(fresh, { "ger-inf-1": "maneuver" }) }),
    "counter:reserve": ({ fresh }) => ({ hexes: [AT], units: bopUnits(fresh, { "ger-inf-1_rs": "maneuver" }) }),
    "counter:cavalry": ({ fresh }) => ({ hexes: [AT], units: bopUnits(fresh, { "ger-cav-1": "maneuver" }) }),
    "counter:mountain": ({ fresh }) => ({ hexes: [AT], units: bopUnits(fresh, { "fra-mou-alpine": "maneuver" }) }),
    "counter:siege": ({ fresh }) => ({ hexes: [AT], units: bopUnits(fresh, { "ger-sie-siege_1": "maneuver" }) }),
    "counter:leader": ({ fresh }) => ({ hexes: [AT], units: bopUnits(fresh, { "ger-ldr-kluck": "maneuver" }) }),
    "counter:entrenched": ({ fresh }) => ({ hexes: [AT], units: bopUnits(fresh, { "fra-inf-20": "entrenched" }) }),
    "counter:unsupplied": ({ fresh }) => ({ hexes: [AT], units: bopUnits(fresh, { "ger-inf-6": "maneuver" }, { supplied: { "ger-inf-6": false } }) }),
    "counter:stack": ({ fresh }) => ({ hexes: [AT], units: bopUnits(fresh, { "ger-inf-3": "maneuver", "ger-inf-4": "maneuver", "ger-ldr-kluck": "maneuver" }) }),
    "counter:pending": bopPending(false),
    "counter:pending-problem": bopPending(true),
    "mark:fort-red": bopFort("Metz", 2),
    "mark:fort-black": bopFort("Liège", 2),
    "mark:fort-reduced": bopFort("Namur", 1),
    "mark:fort-ruined": bopFort("Longwy", 0),
    "mark:front": bopFront,
  },
  fatal_alliances: {
    "counter:corps": faCounter((u) => isCorps(u) && u.up, FA_CORPS),
    "counter:division": faCounter((u) => u.size === "div" && u.type === "INF", { ...FA_CORPS, id: "legend-div", name: "3rd Reserve Division", size: "div", cf: 2 }),
    "counter:cavalry": faCounter((u) => u.type === "CAV", { ...FA_CORPS, id: "legend-cav", name: "1st Cavalry Division", type: "CAV", size: "div", cf: 1, ma: 4 }),
    "counter:hq": faCounter((u) => u.type === "HQ", { ...FA_CORPS, id: "legend-hq", name: "8th Army HQ", type: "HQ", size: "army", cf: 1, reorg: 3, ma: 3 }),
    "counter:garrison": faCounter((u) => u.type === "GAR", { ...FA_CORPS, id: "legend-gar", name: "Königsberg garrison", type: "GAR", size: "div", cf: 2, ma: 0 }),
    "counter:face-down": faCounter(isCorps, FA_CORPS, { up: false }),
    "counter:entrenched": faCounter(isCorps, FA_CORPS, { up: true, entrenched: true }),
    "counter:unsupplied": faCounter(isCorps, FA_CORPS, { up: true, supplied: false }),
    "counter:isolated": faCounter(isCorps, FA_CORPS, { up: true, supplied: false, isolated: true }),
    "counter:stack": ({ view, fresh }) => {
      const units = [faUnit(view, isCorps, FA_CORPS), { ...FA_CORPS, id: "legend-2", name: "I Reserve Corps", cf: 3 },
        { ...FA_CORPS, id: "legend-3", name: "8th Army HQ", type: "HQ", size: "army", cf: 1, reorg: 3 }];
      const board = { units: Object.fromEntries(units.map((u, i) => [u.id || `legend-${i}`, { ...u, hex: AT }])) };
      return { hexes: [AT], units: fresh().units({ board }) };
    },
    "mark:objective": ({ fresh }) => ({ hexes: [AT], marks: fresh().marks({ board: { victory: { objectives: [AT] } } }) }),
    "mark:objective-sudden": ({ fresh }) => ({ hexes: [AT], marks: fresh().marks({ board: { victory: { german_objectives: [AT], sudden_death: AT } } }) }),
    "mark:control": ({ fresh }) => ({ hexes: [AT], marks: fresh().marks({ board: { control: { [AT]: "russia" } } }) }),
    "mark:fort": ({ fresh }) => ({ hexes: [AT, "1,0"], marks: fresh().marks({ board: { forts: { [`${AT}|1,0`]: { hex: AT, power: "germany" } } } }) }),
    "mark:attacked": ({ fresh }) => ({ hexes: [AT], marks: fresh().marks({ flow: { marks: { targets: [AT] } } }) }),
    "mark:edge": ({ fresh, window }) => {
      const { map, adapter } = window();
      return { hexes: [AT, "1,0"], map, marks: adapter.marks({ board: {} }).filter((m) => m.kind === "edge") };
    },
    "mark:outside": ({ fresh, window }) => {
      const { map, adapter } = window();
      return { hexes: [AT, "1,0"], map, marks: adapter.marks({ board: {} }).filter((m) => m.kind.startsWith("outside")) };
    },
  },
  // An area map: its legend's swatches are drawn by the area map view itself from the areas'
  // own paths (frontend/map/areamap.js `swatch`, rows `area-*` of docs/learn/twteaw.md).
  twteaw: {
  },
  // No map and no counters: the Status Display is drawn by the adapter itself
  // (frontend/game/rulesets/days_of_decision.js `picture`), so the legend has nothing to sample.
  days_of_decision: {
  },
};

/**
 * The samples of a ruleset, bound to the game: each returns a drawSample() argument or null.
 * @param {string} ruleset
 * @param {{view: object, fresh: Function, place: Function, window: Function}} env
 */
export function samplesFor(ruleset, env) {
  return Object.fromEntries(Object.entries(SAMPLES[ruleset] || {}).map(([key, make]) => [key, () => make(env)]));
}
