// Balance of Powers: its view (flow, board.units {uid: {at, mode}}, powers, control …) as map
// counters, its option items as highlights and sentences. Presentation only: every item comes
// from the server; nothing here knows a rule.
//
// The set-up (12.1, open or secret) has an editor: a suggested deployment drawn as pending
// counters, moved counter by counter, each placement checked by the server (an options query
// `{"placement": …}` answers with its problems, each with its rule, units and locations).
// Confirm sends the answer the server's check returned; the pending placement lives only in
// this page (and its session storage) until then.
//
// Aviation (BoP 1.322, 5.31, 6.21, 6.3, 6.7): air units are counters at their aerodromes (the
// view's board.air), the force pool's air units and those due to muster are in the planning
// facts, and the air decisions (patrol, change of base, raid, muster) have an editor: click one
// of your air units, then where it goes; a click the engine does not offer asks it why.
//
// A combat's losses (10.712) are picked on the map: bop_losses.js; Britain's entry (12.1):
// bop_britain.js.

import { pendingOrder } from "../panels/decision.js";
import { cite, h } from "../panels/dom.js";
import { consequenceBox } from "../panels/unitpanel.js";
import { askWhy, whyBox } from "../panels/whynot.js";
import { BritainPicker } from "./bop_britain.js";
import { BopLossPicker } from "./bop_losses.js";
import { AIR, CORPS, FORTRESS_COLOUR, FORTRESS_EFFECTIVENESS, LEADERS, TANKS } from "./balance_of_powers_counters.js";
import { GenericAdapter, HEX_ID, adoptStylesheet, titleCase } from "./generic.js";
import { NAVAL_SCENARIOS, SHIP_IN_TEXT, addSeaChart, boxNotes, isMine, isShip, isSubmarine, navalCandidate, navalEvent, navalOption, navalOrderOptions, navalVictory, selectedUnits, shipCounters, mineCounters,
  shipLabel, shipName, shipStepCost } from "../../map/seachart.js";
import { MINES as MINES_DATA, NAVY_LEADERS as NAVY_LEADERS_DATA } from "../../map/seachart_data.js";
import { addFrontToggle, frontMarks, frontNotes } from "../../map/fronts.js";

// BoP 3.12, 6.6: why a corps is out of supply, and what follows (the hover and the marker).
const OUT_OF_SUPPLY = "OUT OF SUPPLY: no line of friendly rail, towns or infrastructure free of enemy units reaches a source of its nation (BoP 3.12); −1 effectiveness and −1 MP, no rail move (BoP 3.2), and the commissariat rolls for it when its side's half ends (BoP 6.6)";
const SUPPLY_WARN = { text: "!", kind: "supply", title: "Out of supply (BoP 3.12)" };

const NATIONS = {
  ger: ["germany", "Germany", "#a9ad9c"], aus: ["austria_hungary", "Austria-Hungary", "#e6d690"],
  fra: ["france", "France", "#9db9e8"], rus: ["russia", "Russia", "#9fcea9"],
  bri: ["britain", "Britain", "#e8aaa2"], bel: ["belgium", "Belgium", "#e2c277"],
  net: ["netherlands", "Netherlands", "#f3b174"], den: ["denmark", "Denmark", "#eab0c2"],
  swi: ["switzerland", "Switzerland", "#dd9b9b"], ser: ["serbia", "Serbia", "#c7a6d9"],
  ita: ["italy", "Italy", "#b9dba0"],
};
const KINDS = { inf: "infantry", cav: "cavalry", mou: "mountain", sie: "siege", tan: "armour", ldr: "hq" };
// The air decisions, each answered in the air editor: pick an air unit, then a location.
const AIR_KINDS = new Set(["air_patrol", "air_base", "air_raid", "air_muster"]);
// Where each air decision sends its unit, and what the click means.
const AIR_FIELD = { air_patrol: "to", air_base: "to", air_raid: "target", air_muster: "at" };
const AIR_VERB = { air_patrol: "fly on patrol to", air_base: "change base to", air_raid: "raid", air_muster: "muster at" };
const STEP_TITLES = {
  setup: "Set-up", secret_setup: "Secret set-up", seasonal: "Seasonal turn", diplomacy: "Diplomacy",
  britain: "Britain joins", muster: "Muster", procure: "Procurement", admiralty: "Admiralty",
  weather: "Weather",
  plan_xvii: "Plan XVII", half: "Fortnight half", commissariat: "Commissariat",
  month_end: "Month end", over: "Game over", tabulation: "Seasonal tabulation",
  reductions: "Requisition and reductions", air_raids: "Air raids", aviation: "Aviation",
  aerodrome: "Aerodrome", gq: "General Quarters",
};
// The order of battle's abbreviations, spelled out in names ("rus-cav-gd": Russia Guard Cavalry Corps).
const WORDS = { gd: "Guard", guard: "Guard", bav: "Bavarian", sax: "Saxon", grndr: "Grenadier", cauc: "Caucasian",
  sib: "Siberian", trkstn: "Turkestan", lstrum: "Landsturm", lww: "Landwehr West", lwo: "Landwehr East",
  col: "Colonial", rg: "Reserve Group", terr: "Territorial", cav: "", ersatz: "Ersatz", alpine: "Alpine",
  siege: "Siege", ief: "Indian Expeditionary Force" };
// A unit id inside any text (a die's purpose, an event's data).
const UID = /\b(?:ger|aus|fra|rus|bri|bel|net|den|swi|ser|ita)-(?:inf|cav|mou|sie|tan|ldr|air)-[a-z0-9_]+/g;
// A location id inside a text ("11,14"), not part of a longer number or list.
const LOC_IN_TEXT = /(?<![\d.,-])-?\d{1,3},-?\d{1,3}(?![\d,])/g;
const COMBAT_KINDS = new Set(["retreat", "loss", "pay", "reroll", "point", "reserve", "advance", "breach"]);
const TRACK = ["diplomacy", "muster", "procure", "admiralty", "weather", "half", "commissariat"];

const SIDE_NAMES = { central: "Central Powers", entente: "Entente" };
const MAJOR_IDS = new Set(["germany", "austria_hungary", "france", "russia", "britain", "italy"]);
const NATION_TITLE = Object.fromEntries(Object.values(NATIONS).map(([id, title]) => [id, title]));
// "1915-05" → "May 1915", for every month the scenarios reach (1914–1918).
const MONTH_TITLE = Object.fromEntries([1914, 1915, 1916, 1917, 1918].flatMap((y) =>
  ["January", "February", "March", "April", "May", "June", "July", "August", "September",
    "October", "November", "December"].map((name, i) => [`${y}-${String(i + 1).padStart(2, "0")}`, `${name} ${y}`])));

/** "germany_violated_belgium" → "Germany violated Belgium": nations named as nations. */
function reasonText(reason) {
  return String(reason || "").split("_").map((w) => (Object.values(NATIONS).some(([id]) => id === w) ? titleCase(w) : w)).join(" ");
}

/** -3 → "−3", 2 → "+2". */
function signedInt(value) {
  const n = Number(value) || 0;
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "±0";
}

/** "3:2" → 1.5 (the map shows each target's best odds). */
function oddsValue(text) {
  const m = /^(\d+):(\d+)$/.exec(String(text || ""));
  return m ? Number(m[1]) / Math.max(1, Number(m[2])) : 0;
}

export class BalanceOfPowersAdapter extends GenericAdapter {
  constructor(config = {}) {
    super(config);
    this.editors = new Map();
    adoptStylesheet("bop-css", new URL("./balance_of_powers.css", import.meta.url));
    if (typeof document !== "undefined") document.body?.classList.add("ruleset-bop");
  }

  get unitFields() {
    return ["unit", "units", "loss", "leader", "reserve", "point", "destroy"];
  }

  hasEditor(decision) {
    return (["setup", "loss", "britain_setup"].includes(decision.kind) || AIR_KINDS.has(decision.kind)) && !!this.map;
  }

  counterName(uid) {
    return this.unitName(uid);
  }

  inPlaceLabel(decision, item) {
    const a = item.action || {};
    switch (decision.kind) {
      case "entrench": return a.mode === "entrenched" ? "Entrench" : "Un-entrench";
      case "loss": return "Take the loss";
      case "leader_return": return "To the pool";
      case "reserve": return "Commit as reserve";
      case "point": return "Point unit";
      case "plan_xvii": return "Destroy";
      default: return super.inPlaceLabel(decision, item);
    }
  }

  /** BoP 9.12: any part of a stack may march (the rest stays); the server checks the part. */
  get subsets() {
    return true;
  }

  /** "Why not?" for a stack sent where it cannot go: on a location holding the enemy side's units
   * (or one an attack decision names), an attack by exactly the selected units; elsewhere a
   * march of them there — the whole stack's march (the force the server offers from there),
   * part of it, or the force in motion continuing. */
  candidate(decisions, selection, hex, entries, { all = decisions, view = null } = {}) {
    const attack = this.#attackCandidate(all, selection, hex, view);
    if (attack) return attack;
    const naval = decisions.find((d) => d.kind === "naval_move");
    if (naval) return navalCandidate(naval, selection, hex, entries);
    const marches = decisions.filter((d) => d.kind === "march");
    const going = marches.find((d) => !d.data?.part);
    const decision = going || marches.find((d) => d.data?.part === (selection.all ? "whole" : "part"));
    if (!decision) return null;
    return { decision, action: { units: selectedUnits(decision, selection, entries), to: hex } };
  }

  /** The attack of the ticked units on `hex` to ask the server about (BoP 10.2): asked of the
   * attack decision on that location, else of any attack decision (the server then says why
   * that location cannot be attacked from here). Its point unit and payer are a first guess
   * (a corps of the force that is not siege artillery, that corps' power): the server checks
   * the force before either. */
  #attackCandidate(decisions, selection, hex, view) {
    const combats = decisions.filter((d) => d.kind === "combat");
    if (!combats.length) return null;
    const named = combats.find((d) => d.data?.target === hex);
    const sideOf = (uid) => view?.powers?.[this.parse(uid).nation]?.side ?? null;
    const mine = sideOf(selection.units[0]);
    const others = Object.entries(view?.board?.units || {})
      .some(([uid, u]) => u.at === hex && sideOf(uid) && sideOf(uid) !== mine);   // a neutral's: the march says why
    if (!named && !others) return null;
    const units = selection.units;
    const corps = units.filter((u) => !["hq", "siege"].includes(this.parse(u).kind));
    const point = corps[0] || units[0];
    const nation = this.parse(point).nation;
    const payer = MAJOR_IDS.has(nation) ? nation : null;
    return { decision: named || combats[0], action: { units, target: hex, point, payer } };
  }

  /** What a die-decided order depends on, said before it is confirmed. */
  diceNote(decision, item, view) {
    const c = view?.flow?.combat;
    const a = item.action || {};
    if (decision.kind === "reroll" && a.reroll && c?.dice?.length) {
      return `A new 2d6 replaces the roll of ${c.dice.join(" + ")} (final ${c.final}, net modifier ${signedInt(c.fnm)}); "Keep the roll" shows what that gives.`;
    }
    if (decision.kind === "combat") return `2d6 plus the net modifier on the land combat table, at ${item.odds || "?"} (BoP 10.6).`;
    if (decision.kind === "point" || decision.kind === "reserve") return "The combat is rolled next: 2d6 plus the net modifier (BoP 10.6).";
    return null;
  }

  /** What an order's rule means here, beside what the server's preview shows. */
  consequenceNote(decision, item, view) {
    const c = view?.flow?.combat;
    const a = item.action || {};
    if (decision.kind === "pay" && c) {
      const role = decision.seats?.[0] === c.seat ? "attacker" : "defender";
      const point = role === "attacker" ? c.point : c.def_point;
      return a.pay ? "1 RP is spent and the RP result is cancelled: no loss for your side (BoP 10.711)."
        : `The RP result stands: the ${role} takes 1 loss${point && point in (view?.board?.units || {}) ? `, its point unit ${this.unitName(point)} first` : ""} (BoP 10.712).`;
    }
    return null;
  }

  /** The editor of a decision answered on the map, kept while the decision is open: the set-up
   * (12.1), Britain's entry (12.1, bop_britain.js), the loss picker (10.712, bop_losses.js), the air editor (6.3, 6.7, 5.31, 6.21). */
  editor(decision) {
    if (!this.hasEditor(decision)) return null;
    if (!this.editors.has(decision.id)) {
      const Editor = { setup: SetupEditor, loss: BopLossPicker, britain_setup: BritainPicker }[decision.kind] || AirEditor;
      this.editors.set(decision.id, new Editor(this, decision));
    }
    return this.editors.get(decision.id);
  }

  /** BoP 12.6 (issue #21): the Sea Chart's boxes beside the North Europe map. */
  mapSource(config) {
    if (!NAVAL_SCENARIOS.has(config?.scenario)) return null;
    return { mapUrl: config.map_url, svgUrl: config.svg_url, extend: addSeaChart };
  }

  /** The hover's notes on a Sea Chart box (12.6): entry cost, owner, frozen months; on a hex
   * beside a scenario's front line (12.2–12.4), whose side it is on. */
  hexNotes(id) {
    return [...(this.map?.box_links ? boxNotes(id, (n) => NATION_TITLE[n] || titleCase(n)) : []),   // the chart is drawn
      ...frontNotes(this.config?.scenario, id)];
  }

  /** The map's own buttons: 12.2–12.4's front line shown or hidden (map/fronts.js). */
  mapControls(view) {
    addFrontToggle(view, this.config?.scenario);
  }

  setMap(map) {
    this.map = map;
    this.placeAt = {};
    for (const place of Object.values(map?.places || {})) {
      if (!this.placeAt[place.hex] || place.capital) this.placeAt[place.hex] = place.name;
    }
  }

  /** A location the map draws: a hex, or an off-map box of the map (the Petrograd box). */
  onMap(loc) {
    return HEX_ID.test(loc || "") || !!this.map?.boxes?.[loc];
  }

  parse(uid) {
    const [nation, kind, ...rest] = String(uid).split("-");
    const [nationId, nationTitle, colour] = NATIONS[nation] || [nation, titleCase(nation), "#ddd"];
    if (kind === "air") {
      // An air unit (BoP 1.322): its model name, as the counter prints it ("EINDKR").
      const model = rest.join("-").toUpperCase();
      const airKind = AIR[uid]?.[0] || "fighter";
      const named = model.toLowerCase() === airKind;   // the ZEPPELIN is its own kind
      return { nation: nationId, nationTitle, colour, label: model.slice(0, 7), model, kind: airKind, air: true,
        title: named ? `${nationTitle} ${model}` : `${nationTitle} ${airKind} ${model}` };
    }
    if (kind === "tan") {
      // A tank corps (BoP 1.321): its model, as the counter prints it ("MKIV", "FT 17").
      const model = rest.join("-").toUpperCase().replace(/_/g, " ");
      return { nation: nationId, nationTitle, colour, label: model.slice(0, 7), model, kind: "armour",
        title: `${nationTitle} ${model} Tank Corps` };
    }
    let name = rest.join("-");
    const reserve = name.endsWith("_rs");
    if (reserve) name = name.slice(0, -3);
    name = name.length <= 3 ? name.toUpperCase() : titleCase(name);
    const label = kind === "ldr" ? name.slice(0, 7) : `${name}${reserve ? "R" : ""}`;
    const kindName = KINDS[kind] || "infantry";
    const words = rest.join("-").replace(/_rs$/, "").split("_")
      .map((w) => (w in WORDS ? WORDS[w] : /^\d/.test(w) ? w.toUpperCase() : titleCase(w))).filter(Boolean).join(" ");
    const title = kind === "ldr" ? `${nationTitle} leader ${name}`
      : `${nationTitle} ${words}${reserve ? " Reserve" : ""} ${kindName === "cavalry" ? "Cavalry " : ""}Corps`.replace(/\s+/g, " ");
    return { nation: nationId, nationTitle, colour, label, kind: kindName, title };
  }

  unitName(uid) {
    if (isShip(uid)) return shipName(uid, (n) => NATION_TITLE[n] || titleCase(n));
    return this.parse(uid).title;
  }

  /** Any text with the unit ids and location ids in it named as the page names them
   * ("Attack on 11,14" → "Attack on Liège (1119)"). */
  names(text) {
    return String(text).replace(UID, (uid) => this.unitName(uid))
      .replace(SHIP_IN_TEXT, (uid) => (isShip(uid) ? this.unitName(uid) : uid))
      .replace(LOC_IN_TEXT, (loc) => (this.map?.hexes?.[loc] ? this.where(loc) : loc));
  }

  text(value) {
    return this.names(value);
  }

  shortUnits(uids) {
    // Infantry and cavalry share numbers ("1, 1, 2" was Britain's cav 1 and inf 1–2).
    return (uids || []).map((u) => {
      if (isShip(u)) return shipLabel(u);
      const p = this.parse(u);
      return p.kind === "cavalry" && /^\d/.test(p.label) ? `cav ${p.label}` : p.label;
    }).join(", ");
  }

  where(loc) {
    if (!loc) return "?";
    if (!HEX_ID.test(loc)) return this.map?.boxes?.[loc]?.name || titleCase(loc.replace(/-box$/, " box"));
    const label = this.map?.hexes?.[loc]?.label || loc;
    const place = this.placeAt?.[loc];
    return place ? `${place} (${label})` : label;
  }

  locOf(view, uid) {
    return view?.board?.units?.[uid]?.at || view?.board?.air?.[uid]?.at || view?.board?.fleets?.[uid]?.at || null;
  }

  units(view) {
    const units = view?.board?.units || {};
    const moves = view?.flow?.moves || {};
    const supplied = view?.flow?.supplied || {};
    const out = [];
    for (const uid of Object.keys(units).sort()) {
      const { at, mode } = units[uid];
      if (!this.onMap(at)) continue;
      const p = this.parse(uid);
      const mp = moves[uid]?.mp;
      const { factors, facts } = this.factors(uid);
      // The view's supply is the position's own, as a force starting a move is judged (BoP
      // 3.1); a corps out of supply gets the red marker, and its hover says why and what then.
      const unsupplied = uid in supplied && !supplied[uid];
      const supply = uid in supplied ? (supplied[uid] ? " · in supply" : ` · ${OUT_OF_SUPPLY}`) : "";
      const classes = [mode === "entrenched" ? "bop-entrenched" : "", unsupplied ? "bop-unsupplied" : ""]
        .filter(Boolean).join(" ");
      out.push({ id: uid, hex: at, label: p.label, symbol: p.kind, factors, colour: p.colour, classes,
        warn: unsupplied && p.kind !== "hq" ? SUPPLY_WARN : undefined,
        title: `${p.title}${facts ? ` (${facts})` : ""}${mode === "entrenched" ? " · entrenched" : ""}${mp !== undefined ? ` · ${mp} MP left` : ""}${supply}` });
    }
    // BoP 12.1's secret set-up: what this player sealed for a power, drawn (marked sealed) while
    // he sets up his others; nobody else's view holds it until every side has set up.
    for (const answer of view?.game?.sealed || []) {
      for (const [uid, at] of Object.entries(answer.action?.placement || {}).sort()) {
        if (units[uid] || !this.onMap(at)) continue;
        const p = this.parse(uid);
        const { factors, facts } = this.factors(uid);
        out.push({ id: uid, hex: at, label: p.label, symbol: p.kind, factors, colour: p.colour, classes: "bop-sealed",
          title: `${p.title}${facts ? ` (${facts})` : ""} · your sealed set-up, revealed when every side has set up (BoP 12.1)` });
      }
    }
    out.push(...this.airUnits(view));
    // BoP 1.3: ships (12.6), in their boxes, ports and water hexes
    out.push(...shipCounters(view, (n) => [NATION_TITLE[n] || titleCase(n), NATIONS[n.slice(0, 3)]?.[2] || "#ddd"])
      .filter((u) => this.onMap(u.hex)));
    // BoP 6.44: mines laid in water hexes and boxes (12.6)
    out.push(...mineCounters(view, (n) => [NATION_TITLE[n] || titleCase(n), NATIONS[n.slice(0, 3)]?.[2] || "#ddd"])
      .filter((u) => this.onMap(u.hex)));
    // Corps before air units and leaders in a stack, so the top counter is a corps.
    const rank = (u) => (u.symbol === "hq" ? 2 : u.symbol === "air" ? 1 : 0);
    out.sort((a, b) => rank(a) - rank(b) || a.id.localeCompare(b.id));
    return out;
  }

  /** Air units on the map (BoP 1.322, 6.3): at their aerodrome or patrol location, with their
   * values, their steps (a damaged one has 1) and whether they patrol. */
  airUnits(view) {
    const air = view?.board?.air || {};
    const out = [];
    for (const uid of Object.keys(air).sort()) {
      const { at, steps, patrol } = air[uid];
      if (!this.onMap(at)) continue;
      const p = this.parse(uid);
      const { factors, facts } = this.factors(uid);
      const classes = ["bop-air", steps < 2 ? "bop-air-damaged" : "", patrol ? "bop-air-patrol" : ""].filter(Boolean).join(" ");
      out.push({ id: uid, hex: at, label: p.label, symbol: "air", factors, colour: p.colour, classes,
        title: `${p.title} (${facts}) · ${steps < 2 ? "damaged, 1 step" : "2 steps"}${patrol ? " · on patrol" : ""}` });
    }
    return out;
  }

  /** The air units of a nation or side in words: "EINDKR fighter, ZEPPELIN bomber". */
  airList(uids) {
    return uids.map((u) => {
      const p = this.parse(u);
      return p.model.toLowerCase() === p.kind ? p.model : `${p.model} ${p.kind}`;
    }).join(", ");
  }

  /** A counter's printed values: corps "3-3" (a yellow effectiveness marked: 4 attacking in
   * 1914, BoP 10.532), leaders "attack/defense"; `facts` says the same in words. */
  factors(uid) {
    const corps = CORPS[uid];
    if (corps) {
      const [eff, mov, yellow] = corps;
      return { factors: [yellow ? { text: String(eff), class: "eff-yellow" } : String(eff), `-${mov}`],
        facts: `effectiveness ${eff}${yellow ? ", yellow (4 attacking in 1914)" : ""}, movement ${mov}` };
    }
    const air = AIR[uid];
    if (air) {
      const [kind, guns, evasion, radius] = air;
      return { factors: `${guns}-${evasion}-${radius}`,
        facts: `${kind === "fighter" ? "machine guns" : "bombs"} ${guns}, evasion ${evasion}, radius ${radius}` };
    }
    const tank = TANKS[uid];
    if (tank) {
      // BoP 1.321: the first (yellow) score when attacking, the second when defending
      const [attack, defense, mov] = tank;
      return { factors: [{ text: String(attack), class: "eff-yellow" }, `/${defense}-${mov}`],
        facts: `attack ${attack}, defense ${defense}, movement ${mov}` };
    }
    const leader = LEADERS[uid];
    if (leader) return { factors: `${leader[0]}/${leader[1]}`, facts: `attack ${leader[0]}, defense ${leader[1]} (1d6 below)` };
    return { factors: "", facts: "" };
  }

  /** Fortresses (BoP 1.33): a badge with their effectiveness, red or black, steps in the title. */
  marks(view) {
    const forts = view?.board?.forts || {};
    const out = [];
    for (const place of Object.values(this.map?.places || {})) {
      if (!place.fortress) continue;
      const steps = forts[place.hex] ?? 2;
      const slug = place.name.normalize("NFKD").replace(/[^\x00-\x7f]/g, "").toLowerCase().replace(/[^a-z]+/g, "_");
      const colour = FORTRESS_COLOUR[slug] || "black";
      const eff = FORTRESS_EFFECTIVENESS[steps];
      out.push({ hex: place.hex, kind: `bop-fort fort-${colour}${steps ? "" : " ruined"}`, text: eff ? `F${eff}` : "F×",
        title: `${place.name} fortress (${colour}): ${steps ? `${steps} step${steps === 1 ? "" : "s"}, effectiveness ${eff}` : "ruined"}` });
    }
    // Air units share a stack with corps (they never count for stacking, BoP 1.322): a badge
    // says the hex holds some, even under a corps.
    const air = view?.board?.air || {};
    const byHex = new Map();
    for (const [uid, a] of Object.entries(air)) if (this.onMap(a.at)) byHex.set(a.at, [...(byHex.get(a.at) || []), uid]);
    for (const [hex, uids] of byHex) {
      out.push({ hex, kind: "bop-air", text: "air", title: `Air units here: ${this.airList(uids.sort())}` });
    }
    // The landing counter (BoP 6.453, 7.71), its anchorage side (7.74) and the infrastructure
    // markers (6.222, 3.121): counters on the board, drawn as badges on their hexes.
    const landing = view?.board?.landing;
    if (landing && this.onMap(landing.at)) {
      out.push({ hex: landing.at, kind: "bop-landing", text: "LDG",
        title: `Entente landing counter: land linked to ${this.where(landing.to)}, assaulted from here in the campaign (BoP ${landing.rule === "7.7" ? "7.71" : "6.453"})` });
    }
    const anchorage = view?.board?.anchorage;
    if (anchorage && this.onMap(anchorage.at)) {
      out.push({ hex: anchorage.at, kind: "bop-anchorage", text: "ANC",
        title: `Entente anchorage serving ${this.where(anchorage.to)}: a port for supply only (BoP 7.74)` });
    }
    for (const [hex, side] of Object.entries(view?.board?.infrastructure || {})) {
      if (!this.onMap(hex)) continue;
      out.push({ hex, kind: `bop-infra infra-${side}`, text: "inf",
        title: `${SIDE_NAMES[side] || titleCase(side)} infrastructure marker: carries supply (BoP 3.121) and +1 to an attack from here (BoP 10.572)` });
    }
    // 12.2–12.4: the front line between the two set-up areas, all game long (map/fronts.js)
    return [...frontMarks(this.config?.scenario, (hex) => this.map?.hexes?.[hex]?.label || hex, (hex) => !!this.map?.hexes?.[hex]), ...out];
  }

  offMap(view) {
    const units = view?.board?.units || {};
    return Object.keys(units).filter((u) => !this.onMap(units[u].at))
      .map((u) => ({ title: this.unitName(u), where: this.where(units[u].at) }));
  }

  phase(view) {
    const flow = view?.flow || {};
    const side = flow.side ? (flow.side === "central" ? "Central Powers" : "Entente") : null;
    if (view?.victory?.rule === "BoP 12.6") {   // BoP 12.6: the admiralty phase only, GQ I then GQ II (6.43)
      return { turn: `${flow.month_name || flow.month || ""} · GQ ${"I".repeat(flow.fortnight || 1)}`,
        phase: STEP_TITLES[flow.step] || titleCase(flow.step || ""), side,
        steps: [1, 2].map((n) => ({ label: `GQ ${"I".repeat(n)}`, current: flow.step === "gq" && flow.fortnight === n })),
        facts: this.planning(view) };
    }
    // 12.3 (ruling 101): the month's General Quarters sub-phases follow the admiralty phase
    const gq = flow.step === "gq" ? ` · GQ ${"I".repeat(flow.fortnight || 1)}` : "";
    const track = view?.board?.fleets ? [...TRACK.slice(0, 4), "gq", ...TRACK.slice(4)] : TRACK;
    return {
      turn: `${flow.month_name || flow.month || ""}${gq || (flow.fortnight ? ` · fortnight ${flow.fortnight}` : "")}${this.weatherText(flow.weather)}`,
      phase: STEP_TITLES[flow.step] || titleCase(flow.step || ""),
      side,
      segment: "half",   // a side's part of a fortnight (BoP 6): "Central Powers' half"
      steps: track.map((step) => ({ label: STEP_TITLES[step], current: step === flow.step })),
      facts: this.planning(view),
    };
  }

  /** The month's weather on the turn track (BoP 6.51): "good weather", or its cause and the one
   * fortnight it leaves ("snow: one fortnight"). */
  weatherText(weather) {
    if (!weather) return "";
    if (weather.weather === "good") return " · good weather";
    return ` · ${weather.weather}${weather.fortnights === 1 ? ": one fortnight" : ""}`;
  }

  /** The numbers a player plans with, as the server's view gives them: resource points and the
   * income each major posts at the next seasonal turn (BoP 5.21), tactical
   * innovation, the victory conditions and August's plans with where they stand. */
  planning(view) {
    const facts = [];
    const powers = view?.powers || {};
    // 12.6 fields only Germany's and Britain's ships: the others' RP say nothing there
    const navies = view?.victory?.rule === "BoP 12.6" ? new Set(Object.keys(view.board.fleets).map((u) => u.slice(0, 3))) : null;
    const rp = Object.entries(powers).filter(([n, p]) => p.side && MAJOR_IDS.has(n) && (!navies || navies.has(n.slice(0, 3))))
      .map(([n, p]) => `${NATION_TITLE[n] || titleCase(n)} ${p.rp}${p.income != null ? ` (+${p.income} a season)` : ""}${p.dem ? ` (demoralised ${p.dem}${p.crisis ? ", crisis" : ""})` : ""}`);
    if (rp.length) facts.push(["Resource points", rp.join(" · ")]);
    const pool = view?.board?.air_pool || [];
    const due = view?.board?.air_due || {};
    const onMap = Object.keys(view?.board?.air || {});
    if (onMap.length) facts.push(["Air units on the map", this.#byNation(onMap)]);
    if (pool.length) facts.push(["Air force pool", this.#byNation(pool)]);
    const dueMonths = Object.keys(due).filter((m) => (due[m] || []).length).sort();
    if (dueMonths.length) {
      facts.push(["Air units due", dueMonths.map((m) => `${MONTH_TITLE[m] || m}: ${this.#byNation(due[m])}`).join(" · ")]);
    }
    // BoP 5.11, 6.223, 6.224: ships sunk wait in the force pool; bought or under repair, in the
    // dockyards until their month (open, as the land pool and arrivals are)
    const shipPool = view?.board?.ship_pool || [];
    if (shipPool.length) facts.push(["Ships in the force pool", shipPool.map((u) => this.unitName(u)).join(", ")]);
    const yard = view?.board?.dockyard || {};
    const yardIds = Object.keys(yard).sort((a, b) => yard[a].due.localeCompare(yard[b].due) || a.localeCompare(b));
    if (yardIds.length) {
      const name = (u) => (isMine(u) ? this.#mineName(u) : this.unitName(u));
      facts.push(["In the dockyards", yardIds.map((u) => `${name(u)}${yard[u].refit ? " (repair)" : ""}: ${MONTH_TITLE[yard[u].due] || yard[u].due}`).join(" · ")]);
    }
    const ti = view?.ti;
    if (ti && !navies) facts.push(["Tactical innovation", `Central Powers ${ti.central ?? 0} · Entente ${ti.entente ?? 0}`]);
    const v = view?.victory;
    const naval = navalVictory(v, (m) => MONTH_TITLE[m] || m);
    if (naval) {
      facts.push(...naval);
    } else if (v && v.rule === "BoP 12.3") {   // victory points in the enemy's set-up area
      facts.push(...this.#stormVictory(v));
    } else if (v && v.rule === "BoP 12.4") {   // Berlin, with Paris or French chips
      facts.push(this.#kaiserVictory(v));
    } else if (v && v.demoralization) {   // BoP 12.2: demoralization totals decide
      const d = v.demoralization;
      const n = v.demoralization_to_win;
      facts.push(["Demoralization", `Central Powers ${d.central ?? 0} · Entente ${d.entente ?? 0}: a side below ${n} while the enemy is above ${n} wins at the end of ${MONTH_TITLE[v.checked_after] || v.checked_after}`]);
    } else if (v) {
      const bc = v.bargaining_chips || {};
      const need = v.bargaining_chips_to_win || {};
      facts.push(["Bargaining chips", `Central Powers ${bc.central ?? 0} of ${need.central} to win · Entente ${bc.entente ?? 0} of ${need.entente} (end of ${MONTH_TITLE[v.checked_after] || v.checked_after}; Berlin and Paris together win at once)`]);
      if (v.schlieffen) {
        const s = v.schlieffen;
        facts.push(["Schlieffen Plan", `Liège ${s.liege ? "taken ✓" : "not taken"} · ${s.corps} of ${s.corps_needed} German corps into Belgium — else the Entente wins when ${MONTH_TITLE[s.checked_after] || s.checked_after} ends`]);
      }
      if (v.plan_xvii) {
        const p = v.plan_xvii;
        facts.push(["Plan XVII", `${p.corps} of ${p.corps_needed} French corps into Germany, ${p.hexes} of ${p.hexes_needed} hexes taken — else Germany destroys ${p.corps_needed} French corps`]);
      }
    }
    return facts;
  }

  /** "Germany mine" (BoP 6.44: mines are known by their nation only). */
  #mineName(mid) {
    const nation = MINES_DATA[mid]?.[0] || "";
    return `${NATION_TITLE[nation] || titleCase(nation)} mine`;
  }

  /** BoP 12.3: each side's victory points (chips and interior fortresses it holds in the enemy's
   * set-up area, enemy dreadnoughts sunk) and what each point is, by name. */
  #stormVictory(v) {
    const vp = v.victory_points || {};
    const month = MONTH_TITLE[v.checked_after] || v.checked_after;
    const facts = [["Victory points", `Central Powers ${vp.central ?? 0} · Entente ${vp.entente ?? 0}: the side with more when ${month} ends wins, equal points draw (BoP 12.3)`]];
    for (const side of ["central", "entente"]) {
      const held = v.held?.[side] || {};
      const parts = [];
      if (held.bcs?.length) parts.push(`bargaining chips ${held.bcs.map((l) => this.where(l)).join(", ")}`);
      if (held.forts?.length) parts.push(`interior fortresses ${held.forts.map((l) => this.where(l)).join(", ")}`);
      if (held.bbs?.length) parts.push(`dreadnoughts sunk ${held.bbs.map((u) => this.unitName(u)).join(", ")}`);
      if (parts.length) facts.push([`${SIDE_NAMES[side]} points`, parts.join(" · ")]);
    }
    return facts;
  }

  /** BoP 12.4: Germany wins holding Berlin and Paris, or Berlin and enough French chips. */
  #kaiserVictory(v) {
    const month = MONTH_TITLE[v.checked_after] || v.checked_after;
    const held = v.french_bcs_held || [];
    const chips = held.length ? ` (${held.map((l) => this.where(l)).join(", ")})` : "";
    return ["Victory", `Berlin: ${SIDE_NAMES[v.berlin] || "?"} · Paris: ${SIDE_NAMES[v.paris] || "?"} · French bargaining chips Germany holds: ${held.length} of ${v.french_bcs_to_win}${chips} — Germany wins holding Berlin with Paris or ${v.french_bcs_to_win} French chips when ${month} ends; otherwise the Entente wins (BoP 12.4)`];
  }

  /** "Germany: EINDKR fighter · France: MS3 fighter" */
  #byNation(uids) {
    const by = new Map();
    for (const u of [...uids].sort()) {
      const n = this.parse(u).nationTitle;
      by.set(n, [...(by.get(n) || []), u]);
    }
    return [...by].map(([n, us]) => `${n}: ${this.airList(us)}`).join(" · ");
  }

  preferred(decisions) {
    const order = ["retreat", "loss", "pay", "reroll", "point", "reserve", "setup", "britain_setup",
      "violate", "muster", "air_muster", "ship_muster", "procure", "air_raid", "air_patrol", "air_base", "plan_xvii", "march",
      "combat", "rail", "sea_move", "naval_move"];
    for (const kind of order) {
      const found = decisions.find((d) => d.kind === kind);
      if (found) return found;
    }
    return super.preferred(decisions);
  }

  present(decision, item, view) {
    const a = item.action || {};
    const units = a.units || (a.unit ? [a.unit] : []);
    const from = units.length ? this.locOf(view, units[0]) : null;
    switch (decision.kind) {
      case "march":
        // Marches rank above rail on a hex both reach: the map shows the march's MP.
        return { hex: a.to, from, kind: "option", text: `${item.cost !== undefined ? `${item.cost} MP` : ""}${item.supplied === false ? " ⚠" : ""}`, rank: 1,
          label: `March ${this.shortUnits(a.units)}: ${this.where(from)} → ${this.where(a.to)}${item.cost !== undefined ? `, ${item.cost} MP` : ""}${supplyNote(item)}` };
      case "rail":
        // A rail move costs its payer 1 RP whatever the distance (BoP 9.21); its MP (9.22)
        // count against the units' allowance.
        return { hex: a.to, from, kind: "option", text: `rail${item.supplied === false ? " ⚠" : ""}`, rank: 0,
          label: `Rail ${this.shortUnits(a.units)}: ${this.where(from)} → ${this.where(a.to)}${item.cost !== undefined ? `, ${item.hexes ?? "?"} hexes, ${item.cost} MP` : ""}, 1 RP${a.payer ? ` paid by ${this.seatTitle(a.payer)}` : ""}${supplyNote(item)}` };
      case "combat":
        return { hex: a.target, from, kind: "attack", text: item.odds || "", rank: 10 + oddsValue(item.odds),
          label: `Attack ${this.where(a.target)} from ${this.where(from)} with ${this.shortUnits(a.units)} at ${item.odds || "?"} (point ${this.parse(a.point).label}, ${a.payer ? `${this.seatTitle(a.payer)} pays${item.rp !== undefined ? ` ${item.rp} RP` : ""}` : "no payment"})` };
      case "setup":
      case "secret_setup": {
        const placement = a.placement || {};
        const hexes = [...new Set(Object.values(placement))].filter((x) => this.onMap(x));
        const size = `${Object.keys(placement).length} units in ${hexes.length} locations`;
        return { hex: null, from: null, kind: "option", text: "",
          label: item.variant === undefined ? `Your set-up: ${size}` : `Deployment ${item.variant + 1}: ${size}`,
          preview: hexes.map((hex) => ({ hex, kind: "preview" })) };
      }
      case "naval_move":
        return navalOption(item, from, (loc) => this.where(loc), (u) => this.shortUnits(u));
      case "naval_mine":   // BoP 6.445, 6.446: lay the pool's mine here, or clear one here or next door
        return { hex: this.onMap(item.at) ? item.at : null, from, kind: "option", text: a.lay ? "lay" : "clear", rank: -1,
          label: `${this.unitName(a.unit)}: ${a.lay ? "lay a mine" : `clear ${a.clear.startsWith(a.unit.slice(0, 3)) ? "our" : "the enemy's"} mine`} at ${this.where(item.at)} (${item.nmp} NMP)` };
      case "sea_move":
        return { hex: a.to, from, kind: "option", text: "sea",
          label: `${this.unitName(a.unit)}: by sea ${this.where(from)} → ${this.where(a.to)}` };
      case "muster":
        return { hex: this.onMap(a.at) ? a.at : null, from: null, kind: "option", text: "",
          label: `Muster ${this.unitName(a.unit)} at ${this.where(a.at)}`, preview: this.#previewOf(a.at) };
      case "retreat":
        return { hex: a.to, from, kind: "option", text: "",
          label: `${this.unitName(a.unit)} retreats to ${this.where(a.to)}` };
      case "entrench":
        return { hex: from, from: null, kind: "option", text: a.mode === "entrenched" ? "E" : "M",
          label: `${a.mode === "entrenched" ? "Entrench" : "Un-entrench"} ${this.unitName(a.unit)} at ${this.where(from)}` };
      case "loss":
        if (a.loss === "attrition") return { hex: null, from: null, kind: "option", text: "", label: "Take the loss as attrition" };
        if (a.loss === "inherent") return { hex: null, from: null, kind: "option", text: "", label: "The inherent defense takes the loss" };
        if (a.loss === "fortress") {
          const at = view?.flow?.combat?.target;
          return { hex: at || null, from: null, kind: "attack", text: "loss",
            label: `Lose a fortress step${at ? ` at ${this.where(at)}` : ""}` };
        }
        return { hex: this.locOf(view, a.loss), from: null, kind: "attack", text: "loss",
          label: `Lose ${this.unitName(a.loss)}` };
      case "reserve":
        return { hex: a.reserve ? this.locOf(view, a.reserve) : null, from: null, kind: "option", text: "R",
          label: a.reserve ? `Commit ${this.unitName(a.reserve)} as reserve` : "No reserve" };
      case "point":
        return { hex: null, from: null, kind: "option", text: "",
          label: a.point === "fortress" ? "The fortress is the point unit" : `Point unit: ${this.unitName(a.point)}` };
      case "reroll":
        return { hex: null, from: null, kind: "option", text: "", label: a.reroll ? "Reroll" : "Keep the roll" };
      case "pay":
        return { hex: null, from: null, kind: "option", text: "", label: a.pay ? "Pay 1 RP" : "Do not pay" };
      case "violate":
        return { hex: null, from: null, kind: "option", text: "",
          label: a.violate ? `Violate ${titleCase(a.violate)}` : "No violation" };
      case "procure":
        if (a.repair_ship) return { hex: null, from: null, kind: "option", text: "",
          label: `Repair ${this.unitName(a.repair_ship)} in port (${shipStepCost(a.repair_ship)} RP; back at full strength in 1d6 months)` };
        if (a.buy && isShip(a.buy)) {
          return { hex: null, from: null, kind: "option", text: "",
            label: `Procure ${this.unitName(a.buy)} (${2 * shipStepCost(a.buy)} RP; musters in ${isSubmarine(a.buy) ? "six months" : "a year"})` };
        }
        if (a.buy && isMine(a.buy)) return { hex: null, from: null, kind: "option", text: "",
          label: "Procure a mine (1 RP; to the mine pool next month)" };
        if (a.repair_air) return { hex: this.locOf(view, a.repair_air), from: null, kind: "option", text: "",
          label: `Repair ${this.unitName(a.repair_air)} (1 RP)` };
        if (a.repair) return { hex: this.onMap(a.repair) ? a.repair : null, from: null, kind: "option", text: "",
          label: `Repair the fortress at ${this.where(a.repair)}` };
        return { hex: null, from: null, kind: "option", text: "",
          label: a.buy ? `Procure ${this.unitName(a.buy)}` : "Stop procuring" };
      case "air_patrol":
        if (a.pass) return { hex: null, from: null, kind: "option", text: "", label: "Pass (fly no fighter now)" };
        return { hex: a.to, from, kind: "option", text: "patrol", unit: a.unit,
          label: `${this.unitName(a.unit)} flies on patrol: ${this.where(from)} → ${this.where(a.to)}` };
      case "air_base":
        if (a.done) return { hex: null, from: null, kind: "option", text: "", label: "No more changes of base" };
        return { hex: a.to, from, kind: "option", text: "base", unit: a.unit,
          label: `${this.unitName(a.unit)} changes base: ${this.where(from)} → ${this.where(a.to)}` };
      case "air_raid":
        if (a.done) return { hex: null, from: null, kind: "option", text: "", label: "No more air raids" };
        return { hex: a.target, from, kind: "attack", text: "raid", unit: a.unit,
          label: `${this.unitName(a.unit)} raids ${this.where(a.target)} from ${this.where(from)}` };
      case "ship_muster":
        return { hex: this.onMap(a.at) ? a.at : null, from: null, kind: "option", text: "",
          label: `Muster ${this.unitName(a.unit)} at ${this.where(a.at)}`, preview: this.#previewOf(a.at) };
      case "air_muster":
        return { hex: this.onMap(a.at) ? a.at : null, from: null, kind: "option", text: "", unit: a.unit,
          label: `Muster ${this.unitName(a.unit)} at ${this.where(a.at)}`, preview: this.#previewOf(a.at) };
      case "plan_xvii":
        return { hex: a.destroy ? this.locOf(view, a.destroy) : null, from: null, kind: "attack", text: "",
          label: a.destroy ? `Destroy ${this.unitName(a.destroy)}` : "Destroy none" };
      case "done":
        return { hex: null, from: null, kind: "option", text: "", label: decision.prompt || "Done" };
      case "stop":
        return { hex: null, from: null, kind: "option", text: "",
          label: "Stop this force (it moves no further this half)" };
      case "leader_return":
        return { hex: this.locOf(view, a.leader), from: null, kind: "option", text: "pool",
          label: `Return ${this.unitName(a.leader)} to the force pool` };
      case "remove_breach":
        return { hex: a.at, from: null, kind: "option", text: "",
          label: `Remove the breach at ${this.where(a.at)} (pointing at ${this.where(a.to)})`, preview: this.#previewOf(a.at, a.to) };
      case "landing":
        return { hex: a.at, from: null, kind: "option", text: "land",
          label: `Place the landing counter at sea off ${this.where(a.to)}`, preview: this.#previewOf(a.at, a.to) };
      case "neutral_setup":
        return { hex: this.onMap(a.at) ? a.at : null, from: null, kind: "option", text: "",
          label: a.at ? `Place ${this.unitName(a.unit)} at ${this.where(a.at)}` : `${this.unitName(a.unit)} goes to the pool (no room)`,
          preview: this.#previewOf(a.at) };
      case "place_infrastructure":
        return { hex: this.onMap(a.at) ? a.at : null, from: null, kind: "option", text: "",
          label: a.at ? `Infrastructure marker at ${this.where(a.at)}` : "No room for the infrastructure marker",
          preview: this.#previewOf(a.at) };
      case "transfer":
        if (a.convert) return { hex: a.convert, from: null, kind: "option", text: "+2 RP",
          label: `Convert a fortress step at ${this.where(a.convert)} into 2 RP` };
        return { hex: null, from: null, kind: "option", text: "",
          label: a.to ? `Send ${a.rp} RP to ${titleCase(a.to)}` : "No transfer or conversion (finish)" };
      case "britain_setup":
        return { hex: null, from: null, kind: "option", text: "",
          label: `French port ${this.where(a.port)}, home ${this.where(a.home)}`, preview: this.#previewOf(a.port, a.home) };
      default:
        return super.present(decision, item, view);
    }
  }

  /** The locations an option names, for the map to show while it is pointed at or chosen. */
  #previewOf(...locs) {
    return locs.filter((loc) => this.onMap(loc)).map((hex) => ({ hex, kind: "preview" }));
  }

  /** Where a decision happens, for the map to follow: a combat's decisions (the defender's
   * reserve, losses, retreats, rerolls, payment, the point unit) at the attacked location. */
  focus(decision, view) {
    const c = view?.flow?.combat;
    if (c && COMBAT_KINDS.has(decision.kind)) return [c.target, c.from].filter((loc) => this.onMap(loc));
    return null;
  }

  describe(decision, item, view) {
    return this.present(decision, item, view).label;
  }

  /** The orders beside a naval move (BoP 8.21, 8.25, 8.31, 8.34): panels/orderoptions.js. */
  orderOptions(decision, item) {
    return decision.kind === "naval_move" ? navalOrderOptions(item.action, item.raids || [], (loc) => this.where(loc)) : [];
  }

  event(event, view) {
    return this.names(this.#eventLine(event, view));
  }

  #eventLine(event, view) {
    const d = event.data || {};
    const naval = navalEvent(event, { where: (loc) => this.where(loc), name: (u) => this.unitName(u),
      names: (us) => (us || []).map((u) => this.unitName(u)).join(", "), nation: (n) => NATION_TITLE[n] || titleCase(n || "") });
    if (naval) return naval;
    switch (event.kind) {
      case "march":
        return `${this.shortUnits(d.units)} marched ${this.where(d.path?.[0])} → ${this.where(d.path?.[d.path.length - 1])} (${d.mp} MP)`;
      case "rail":
        return `${this.shortUnits(d.units)} moved by rail ${this.where(d.path?.[0])} → ${this.where(d.path?.[d.path.length - 1])}`;
      case "attack_declared":
        return `Attack declared on ${this.where(d.target || d.to)}`;
      case "eliminated":
        return `${this.unitName(d.unit)} eliminated`;
      case "retreat":
        return `${this.unitName(d.unit)} retreated to ${this.where(d.to)}`;
      case "advance":
        return `${this.shortUnits(d.units)} advanced into ${this.where(d.to)}`;
      case "control":
        return `${this.where(d.at)} now controlled by ${titleCase(d.to || "")}`;
      case "set_up":
        return `${this.seatTitle(d.seat)} set up`;
      case "month_begins":
        return `${d.month} begins`;
      case "weather":
        return `Weather in ${d.month}: ${d.weather === "good" ? "good" : d.weather}, ${d.fortnights === 1 ? "one fortnight" : "two fortnights"}`;
      case "half_begins":
        return `Fortnight ${d.fortnight} (${d.month}): ${titleCase(d.side || "")} moves`;
      case "mode":
        return `${this.unitName(d.unit)} is now ${d.mode}`;
      case "passed":
        return `${titleCase(d.seat || "")} moves nothing more this half`;
      case "force_done":
        return `${this.shortUnits(d.units)} stopped`;
      case "leader_returned":
        return `${this.unitName(d.unit)} returned to the force pool${d.voluntary ? "" : " (alone in his hex)"}`;
      case "britain_joins":
        return `Britain joins the Entente (${reasonText(d.reason)})`;
      case "neutral_entry_roll":
        return `Britain's entry roll: ${d.roll}${d.modifier ? ` + ${d.modifier}` : ""} = ${d.final}: ${d.joins ? "she joins the Entente" : "she stays neutral"}`;
      case "violation":
        return `The ${SIDE_NAMES[d.by] || titleCase(d.by || "")} violate ${titleCase(d.nation || "")}, which joins the ${SIDE_NAMES[d.joins] || titleCase(d.joins || "")}`;
      case "combat_result": {
        const loss = (v) => (v === "RP" ? "an RP result (1 RP or 1 loss)" : v ? `${v} loss${v === 1 ? "" : "es"}` : "no loss");
        const flags = (d.flags || []).map((f) => ({ gg: "the defender gives ground", bthru: "breakthrough" }[f] || f));
        return `Combat result on ${d.final}: attacker ${loss(d.attacker)}, defender ${loss(d.defender)}${flags.length ? `; ${flags.join(", ")}` : ""}`;
      }
      case "rp_result_paid":
        return `${titleCase(d.nation || "")} pays 1 RP to cancel the RP result`;
      case "losses_cancelled":
        return `The ${titleCase(d.side || "")} losses are cancelled (no second loss could be taken)`;
      case "fortress_step_lost":
        return `A fortress step is lost at ${this.where(d.at)}`;
      case "attrition":
        return `${titleCase(d.nation || "")} takes the loss as attrition`;
      case "air_patrol":
        return `${this.unitName(d.unit)} patrolled ${this.where(d.from)} → ${this.where(d.to)}`;
      case "air_patrol_passed":
        return `${titleCase(d.seat || "")} passed (no fighter flown)`;
      case "air_fire":
        return `${this.unitName(d.shooter)} fired at ${this.unitName(d.target)}: 2d6 ${(d.dice || []).join(" + ")}, final ${d.final} against evasion ${d.evasion}: ${d.hit ? "hit" : "missed"}`;
      case "air_damaged":
        return `${this.unitName(d.unit)} damaged (1 step left)`;
      case "air_destroyed":
        return `${this.unitName(d.unit)} destroyed (back to the force pool)`;
      case "air_aborted":
        return `${this.unitName(d.unit)} aborted to ${this.where(d.to)}`;
      case "air_superiority":
        return `${SIDE_NAMES[d.side] || titleCase(d.side || "")} air superiority above ${this.where(d.at)}`;
      case "air_returned":
        return `${this.unitName(d.unit)} returned to base at ${this.where(d.to)}`;
      case "air_base_changed":
        return `${this.unitName(d.unit)} changed base to ${this.where(d.to)}`;
      case "air_pool_additions":
        return `New air units in the force pool: ${this.airList(d.units || [])}`;
      case "air_repaired":
        return `${this.unitName(d.unit)} repaired (${d.cost} RP)`;
      case "air_raid":
        return `${this.unitName(d.unit)} raided ${this.where(d.target)}: 2d6 ${(d.dice || []).join(" + ")}, final ${d.final} (below ${d.needs_below} costs 1 RP): ${d.rp_lost ? `${titleCase(d.nation || "")} loses 1 RP` : "no loss"}`;
      case "leaders_due":
        return `New leaders arrive this month: ${(d.units || []).map((u) => this.unitName(u)).join(", ")}`;
      case "mustered":
        if (isMine(d.unit)) return `${this.#mineName(d.unit)} reaches the mine pool`;
        return `${this.unitName(d.unit)} mustered at ${this.where(d.at)}`;
      case "procured":
        if (isShip(d.unit) || isMine(d.unit)) {
          return `${isMine(d.unit) ? this.#mineName(d.unit) : this.unitName(d.unit)} procured (${d.cost} RP): in the dockyards until ${MONTH_TITLE[d.arrives] || d.arrives}`;
        }
        return super.event(event, view);
      case "naval_pool_additions":   // BoP 13.0 (ruling 116): the CoB's ships and mines of the season
        return `New in the ships' force pool (${d.season}): ${[...(d.ships || []).map((u) => this.unitName(u)), ...(d.mines || []).map((m) => this.#mineName(m))].join(", ")} — bought by procurement (BoP 6.222)`;
      case "ship_repaired":
        return `${this.unitName(d.unit)} in for repair (${d.cost} RP): 1d6 ${d.die}, back at full strength in ${MONTH_TITLE[d.arrives] || d.arrives}`;
      case "navy_leader_transfers":
        return `${NAVY_LEADERS_DATA[d.leader]?.[1] || d.leader} shifts his flag from ${this.unitName(d.from)} to ${this.unitName(d.to)}`;
      case "muster_failed":
        return `${this.unitName(d.unit)} had nowhere to muster: back to the force pool`;
      case "landing_placed":   // BoP 6.453, 7.71
        return `Landing counter placed at sea off ${this.where(d.to)}${(d.corps || []).length ? `: ${this.shortUnits(d.corps)} step onto it` : ""}`;
      case "landing_removed":   // BoP 6.453, 7.72, 7.74, 10.81
        return d.anchorage ? `The landing counter off ${this.where(d.to)} is taken up: its target is held` : `The landing counter off ${this.where(d.to)} is removed${(d.eliminated || []).length ? `; ${this.shortUnits(d.eliminated)} eliminated with no ship beside them` : ""}`;
      case "anchorage_placed":   // BoP 7.74
        return `Anchorage off ${this.where(d.to)}: a port for supply only`;
      case "anchorage_removed":   // BoP 7.74 (ruling 114)
        return `The anchorage off ${this.where(d.to)} is removed (${d.reason === "landing" ? "its counter placed as a new landing" : `${this.where(d.to)} is lost`})`;
      case "ti_gain":
        return `${d.side === "central" ? "Central Powers" : "Entente"} tactical innovation rises to ${d.ti}`;

      default:
        return super.event(event, view);
    }
  }

  combat(event, view) {
    let card;
    const d = event.data || {};
    if (event.kind === "combat_roll") {
      // The roll in words: the odds, what kind of battle, the dice and what modified them.
      const mods = Object.entries(d.modifiers || {}).filter(([, v]) => v)
        .map(([k, v]) => `${k.replace(/_/g, " ")} ${signedInt(v)}`);
      card = { title: "Combat roll", rule: event.rule, lines: [
        `At ${d.odds || "?"}, ${d.major ? "a major battle" : "a minor battle"} (BoP 2.7)`,
        `2d6 ${(d.dice || []).join(" + ")}, net modifier ${signedInt(d.fnm)}${mods.length ? ` (${mods.join(", ")})` : ""} → final ${d.final}`] };
    } else if (event.kind === "combat_result") {
      card = { title: "Combat result", rule: event.rule, lines: [this.#eventLine(event, view)] };
    } else if (event.kind === "reroll") {
      card = { title: "Combat reroll", rule: event.rule, lines: [
        `${(d.old || []).join(" + ")} rerolled: ${(d.dice || []).join(" + ")}, final ${d.final}`] };
    } else {
      card = super.combat(event, view);
    }
    return card && { ...card, title: this.names(card.title), lines: card.lines.map((l) => this.names(l)) };
  }

  /** The combat in progress (view.flow.combat), for the dice panel. */
  currentCombat(view) {
    const c = view?.flow?.combat;
    if (!c) return null;
    const mods = Object.entries(c.mods || {}).filter(([, v]) => v)
      .map(([k, v]) => `${titleCase(k)} ${v > 0 ? "+" : ""}${v}`);
    return {
      title: `${titleCase(c.attacker)} attack ${this.where(c.target)} from ${this.where(c.from)}`,
      rule: "BoP 10",
      lines: [
        `Attackers: ${this.shortUnits(c.units)} (point ${c.point ? this.parse(c.point).label : "—"})`,
        `Stage: ${titleCase(c.stage || "")}`,
        mods.length ? `Modifiers: ${mods.join(", ")} (net ${c.fnm ?? 0})` : `Net modifier ${c.fnm ?? 0}`,
        c.dice ? `Dice: ${c.dice.join(" + ")}${c.final !== undefined && c.final !== null ? ` → final ${c.final}` : ""}` : "Not rolled yet",
      ],
    };
  }

  recordLine(entry, view = null) {
    if (entry.kind === "act" && entry.action && !entry.redacted) {
      // Decision ids read month-fortnight-step-side-seat-kind[-suffix][-counter]; the month
      // itself has a dash ("1914-08-f1-half-central-germany-march-whole").
      const kind = String(entry.decision || "").split("-")[6] || "";
      const fake = { kind, prompt: titleCase(kind) };
      try {
        return `${this.seatTitle(entry.seat)}: ${this.present(fake, { action: entry.action }, view).label}`;
      } catch {
        /* fall through */
      }
    }
    return this.names(super.recordLine(entry));
  }
}

// --- the set-up editor ----------------------------------------------------------------------

const KIND_ORDER = { infantry: 0, mountain: 1, siege: 2, tank: 3, cavalry: 4, leader: 5 };

function naturalKey(uid) {
  return String(uid).replace(/\d+/g, (n) => n.padStart(4, "0"));
}

function storage() {
  try { return globalThis.sessionStorage || null; } catch { return null; }
}

/**
 * One seat's set-up decision, edited on the map. State: the placement being built
 * ({unit: location}), where it started (a suggestion's index or "edit"), the last edit, the
 * selected unit, and the server's last check of the placement (problems, units, spots).
 */
export class SetupEditor {
  // Its pending order (the server's check of the draft) survives a reload of the decision's
  // items while the decision stays open (orders.js #reset): a bot's or another seat's answer
  // during the set-up no longer leaves "A legal set-up" shown with no order behind Confirm.
  keepsPending = true;

  constructor(adapter, decision) {
    this.adapter = adapter;
    this.id = decision.id;
    this.decision = decision;
    this.key = `salient-bop-setup:${globalThis.location?.pathname || ""}:${decision.id}`;
    let saved = null;
    try { saved = JSON.parse(storage()?.getItem(this.key) || "null"); } catch { saved = null; }
    this.placement = saved?.placement || null;
    this.entrenched = saved?.entrenched || [];  // 12.2, 12.4: corps set up entrenched (sorted)
    this.base = saved?.base ?? null;          // index of the suggestion started from, or "edit"
    this.edit = saved?.edit || null;          // the last edited placement
    this.selected = null;
    this.report = null;                       // the server's check of `placement`
    this.sheet = null;                        // {uid: unit row} from the first check
    this.order = [];                          // the units in roster order
    this.spots = null;                        // {uid: Set of locations}
    this.mayEntrench = null;                  // Set of corps with an entrenched toggle (12.2, 12.4)
    this.maySetAside = null;                  // Set of corps the seat may leave off the map (12.2–12.4)
    this.setAsideRule = null;                 // {count, strength}: the scenario's set-aside
    this.cache = new Map();
    this.token = 0;
    this.checking = false;
    this.note = "";
    this.problemError = null;
  }

  get secret() {
    return this.orders?.store.view?.flow?.step === "secret_setup";
  }

  get seat() {
    return this.decision.seats[0];
  }

  attach(orders) {
    this.orders = orders;
    if (!this.listening) {
      this.listening = true;
      orders.addEventListener("sent", (event) => {
        if (event.detail?.decision?.id === this.id) storage()?.removeItem(this.key);
      });
      // A refused Confirm (the position moved on, say) leaves the checked answer ready to send
      // again, with the refusal shown.
      orders.addEventListener("rejected", () => {
        if (orders.editor === this && this.report?.action && !this.checking) this.#offer(this.report);
      });
    }
    if (this.placement) this.#check();
  }

  // --- what the placement is ----------------------------------------------------------------

  #save() {
    try {
      storage()?.setItem(this.key, JSON.stringify({ placement: this.placement, entrenched: this.entrenched,
        base: this.base, edit: this.edit, editEntrenched: this.editEntrenched }));
    } catch { /* storage full or off: the draft stays in this page */ }
  }

  #suggestion(index) {
    return (this.orders?.entries || []).find((e) => e.index === index) || null;
  }

  useSuggestion(index) {
    const entry = this.#suggestion(index);
    if (!entry) return;
    this.placement = { ...entry.item.action.placement };
    this.entrenched = [...(entry.item.action.entrenched || [])];
    this.base = index;
    this.selected = null;
    this.note = `Deployment ${index + 1} is on the map as pending counters: click one to move it.`;
    this.#save();
    this.#check();
  }

  useEdit() {
    if (!this.edit) return;
    this.placement = { ...this.edit };
    this.entrenched = [...(this.editEntrenched || [])];
    this.base = "edit";
    this.selected = null;
    this.note = "";
    this.#save();
    this.#check();
  }

  select(uid, { focusMap = false } = {}) {
    this.selected = uid;
    this.note = "";
    const view = globalThis.salient?.map;
    const at = this.placement?.[uid];
    if (view && at && view.has(at)) {
      view.setCursor(at, { follow: true });
      if (focusMap) view.root.focus();
    }
    this.orders.changed();
  }

  cancel() {
    if (!this.selected) return;
    this.selected = null;
    this.note = "";
    this.orders.changed();
  }

  move(uid, loc) {
    const from = this.placement[uid];
    this.placement = { ...this.placement, [uid]: loc };
    this.base = "edit";
    this.edit = { ...this.placement };
    this.editEntrenched = [...this.entrenched];
    this.selected = null;
    this.note = from ? `${this.#name(uid)}: ${this.adapter.where(from)} → ${this.adapter.where(loc)}.`
      : `${this.#name(uid)}: sets up in ${this.adapter.where(loc)} (no longer set aside).`;
    this.#save();
    this.#check();
  }

  /** 12.2–12.4: leave a corps off the map, one of the "previously eliminated units" that go to
   * the force pool (select its row and click a location to set it up again). */
  setAside(uid) {
    const { [uid]: _gone, ...rest } = this.placement;
    this.placement = rest;
    this.entrenched = this.entrenched.filter((u) => u !== uid);
    this.base = "edit";
    this.edit = { ...this.placement };
    this.editEntrenched = [...this.entrenched];
    if (this.selected === uid) this.selected = null;
    this.note = `${this.#name(uid)}: set aside (to the force pool).`;
    this.#save();
    this.#check();
  }

  /** 12.2, 12.4: set a corps up entrenched, or back in maneuver mode (the server checks it). */
  toggleEntrenched(uid) {
    const dug = this.entrenched.includes(uid);
    this.entrenched = dug ? this.entrenched.filter((u) => u !== uid) : [...this.entrenched, uid].sort();
    this.base = "edit";
    this.edit = { ...this.placement };
    this.editEntrenched = [...this.entrenched];
    this.note = `${this.#name(uid)}: set up ${dug ? "in maneuver mode" : "entrenched"}.`;
    this.#save();
    this.#check();
  }

  /** A map click (or Enter on the cursor's hex). */
  clickHex(loc) {
    if (!this.placement) {
      this.note = "First choose a suggested deployment to start from.";
      this.orders.changed();
      return false;
    }
    const here = this.#stackAt(loc);
    if (this.selected) {
      if (this.placement[this.selected] !== loc) {
        this.move(this.selected, loc);
        return true;
      }
      // The selected unit's own location: the next counter of that stack, or put it down.
      const next = here[(here.indexOf(this.selected) + 1) % here.length];
      if (next === this.selected) this.cancel();
      else this.select(next);
      return true;
    }
    if (here.length) {
      this.select(here[0]);
      return true;
    }
    this.note = "No counter of yours there: click one of your counters (or a unit in the list) first.";
    this.orders.changed();
    return false;
  }

  // --- the server's check -------------------------------------------------------------------

  #check() {
    const placement = this.placement;
    const entrenched = this.entrenched;
    const key = JSON.stringify([Object.keys(placement).sort().map((u) => [u, placement[u]]), entrenched]);
    const token = (this.token += 1);
    this.#offer(null);
    const cached = this.cache.get(key);
    if (cached) {
      this.#apply(cached);
      return;
    }
    this.checking = true;
    this.orders.changed();
    // "entrenched" only when some corps is dug in: a 12.1 set-up has no such toggle
    const query = { placement, ...(entrenched.length ? { entrenched } : {}), ...(this.sheet ? { brief: true } : {}) };
    this.orders.socket.options(this.orders.seat, this.id, query).then((items) => {
      const item = items[0] || null;
      if (item) this.cache.set(key, item);
      if (token !== this.token) return;
      this.checking = false;
      this.problemError = null;
      this.#apply(item);
    }, (error) => {
      if (token !== this.token) return;
      this.checking = false;
      this.problemError = error.frame?.message || error.message || "The server could not check this set-up.";
      this.orders.changed();
    });
  }

  #apply(item) {
    this.checking = false;
    this.report = item;
    if (item?.units && !this.sheet) {
      this.sheet = Object.fromEntries(item.units.map((u) => [u.id, u]));
      this.order = item.units.map((u) => u.id).sort((a, b) => (KIND_ORDER[this.sheet[a].kind] ?? 9) - (KIND_ORDER[this.sheet[b].kind] ?? 9)
        || naturalKey(a).localeCompare(naturalKey(b)));
    }
    if (item?.may_entrench && !this.mayEntrench) this.mayEntrench = new Set(item.may_entrench);
    if (item?.may_set_aside && !this.maySetAside) {
      this.maySetAside = new Set(item.may_set_aside);
      this.setAsideRule = item.set_aside || null;
    }
    if (item?.spots && !this.spots) {
      this.spots = {};
      for (const group of item.spots) for (const uid of group.units) this.spots[uid] = new Set(group.locations);
    }
    this.#offer(item);
  }

  /** Make the server-offered answer pending: the suggestion itself, or the check's action. */
  #offer(item) {
    const orders = this.orders;
    if (!orders || orders.status === "sending") return;
    let entry = null;
    if (item?.action) {
      const suggestion = typeof this.base === "number" ? this.#suggestion(this.base) : null;
      const answer = (a) => JSON.stringify([Object.entries(a.placement).sort(), a.entrenched || []]);
      const same = suggestion && answer(suggestion.item.action) === answer(item.action);
      entry = same ? suggestion : { item, index: -1, p: this.adapter.present(this.decision, item, orders.store.view) };
    }
    orders.pending = entry;
    orders.status = entry ? "confirm" : "ready";
    orders.changed();
  }

  get problems() {
    return this.checking ? [] : this.report?.problems || [];
  }

  #troubled() {
    const units = new Set();
    const locs = new Set();
    for (const p of this.problems) {
      for (const u of p.units || []) units.add(u);
      for (const l of p.locations || []) locs.add(l);
    }
    return { units, locs };
  }

  // --- drawing ------------------------------------------------------------------------------

  #name(uid) {
    return this.sheet?.[uid]?.title ? `${this.adapter.parse(uid).nationTitle} ${this.sheet[uid].title}` : this.adapter.unitName(uid);
  }

  #factors(uid) {
    const u = this.sheet?.[uid];
    if (!u) return "";
    if (u.kind === "tank") return `${u.attack}/${u.defense}-${u.movement}`;
    return u.kind === "leader" ? `${u.attack}/${u.defense}` : `${u.effectiveness}-${u.movement}`;
  }

  #stackAt(loc) {
    if (!this.placement) return [];
    return this.#ordered(Object.keys(this.placement).filter((u) => this.placement[u] === loc));
  }

  /** The counters of one location in the order drawn: selected, troubled, corps, leaders. */
  #ordered(uids) {
    const { units } = this.#troubled();
    const rank = (u) => (u === this.selected ? 0 : 1) * 4 + (units.has(u) ? 0 : 1) * 2 + (u.includes("-ldr-") ? 1 : 0);
    return uids.sort((a, b) => rank(a) - rank(b) || naturalKey(a).localeCompare(naturalKey(b)));
  }

  /** Pending counters for the map (drawn over the view's). */
  units() {
    if (!this.placement) return [];
    const { units: troubled } = this.#troubled();
    const out = [];
    for (const uid of this.#ordered(Object.keys(this.placement))) {
      const at = this.placement[uid];
      if (!this.adapter.onMap(at)) continue;
      const p = this.adapter.parse(uid);
      const dug = this.entrenched.includes(uid);
      const classes = ["ghost", dug ? "bop-entrenched" : "", troubled.has(uid) ? "problem" : "",
        uid === this.selected ? "picked" : ""].filter(Boolean).join(" ");
      out.push({ id: uid, hex: at, label: p.label, symbol: p.kind, factors: this.#factors(uid), colour: p.colour,
        title: `${this.#name(uid)} (pending set-up${dug ? ", entrenched" : ""}${troubled.has(uid) ? ", has a problem" : ""})`, classes });
    }
    return out;
  }

  highlights() {
    const out = [];
    if (this.selected) {
      for (const loc of this.spots?.[this.selected] || []) out.push({ hex: loc, kind: "option" });
    }
    for (const loc of this.#troubled().locs) out.push({ hex: loc, kind: "problem" });
    if (this.selected && this.placement?.[this.selected]) out.push({ hex: this.placement[this.selected], kind: "selected" });
    return out;
  }

  // --- the panel ----------------------------------------------------------------------------

  #unitFacts(uid) {
    const u = this.sheet?.[uid];
    if (!u) return null;
    if (u.kind === "leader") return h("span", { class: "unit-facts" }, `leader · ${u.attack} att / ${u.defense} def`);
    if (u.kind === "tank") return h("span", { class: "unit-facts" }, `tank · ${u.attack} att / ${u.defense} def · ${u.movement} MP`);
    return h("span", { class: "unit-facts" }, `${u.kind} · `,
      h("span", { class: u.yellow ? "eff yellow" : "eff", title: u.yellow ? "yellow: 4 attacking in 1914 (BoP 10.532)" : "effectiveness" }, `eff ${u.effectiveness}`),
      ` · ${u.movement} MP`);
  }

  #focusProblem(problem) {
    const uid = (problem.units || []).find((u) => this.placement?.[u]);
    if (uid) { this.select(uid, { focusMap: true }); return; }
    const loc = (problem.locations || [])[0];
    const view = globalThis.salient?.map;
    if (loc && view?.has(loc)) { view.setCursor(loc, { follow: true }); view.centreOn(loc); view.root.focus(); }
  }

  /** 12.2, 12.4: the corps's mode at set-up, where the scenario lets it dig in (a button beside
   * its row, which it shares a list item with). */
  #entrenchToggle(uid) {
    if (!this.mayEntrench?.has(uid) || !this.placement?.[uid]) return null;
    const dug = this.entrenched.includes(uid);
    return h("button", { class: `choice setup-entrench${dug ? " active" : ""}`, dataset: { entrench: uid },
      "aria-pressed": dug ? "true" : "false", "aria-label": `${this.#name(uid)} entrenched`,
      title: dug ? "Sets up entrenched: click for maneuver mode" : "Sets up in maneuver mode: click to entrench",
      onclick: () => this.toggleEntrenched(uid) }, dug ? "Entrenched" : "Maneuver");
  }

  /** 12.2–12.4: "Set aside" beside a placed corps the seat may leave off the map. */
  #asideButton(uid) {
    if (!this.maySetAside?.has(uid) || !this.placement?.[uid]) return null;
    return h("button", { class: "choice setup-aside", dataset: { aside: uid },
      "aria-label": `Set ${this.#name(uid)} aside`, title: "Leave it off the map: a previously eliminated unit, in the force pool",
      onclick: () => this.setAside(uid) }, "Set aside");
  }

  /** The set-aside so far, against the scenario's rule. */
  #asideSummary() {
    const rule = this.setAsideRule;
    if (!rule || !this.placement || !this.sheet) return null;
    const aside = this.order.filter((u) => !this.placement[u] && this.maySetAside?.has(u));
    const total = aside.reduce((sum, u) => sum + (this.sheet[u]?.effectiveness || 0), 0);
    return h("p", { class: "setup-aside-summary small", id: "setup-aside-summary" },
      `Set aside: ${aside.length} corps, effectiveness ${total} (the scenario: ${rule.count} corps, effectiveness ${rule.strength} or more).`);
  }

  panel() {
    const orders = this.orders;
    const entries = orders.entries || [];
    const out = [];
    out.push(h("p", { class: "setup-lede small muted" }, this.secret
      ? "Secret set-up: your placement stays in this page until you confirm; the others only see that you have answered."
      : "Open set-up: your placement shows to the others once you confirm."));
    out.push(h("div", { class: "setup-start", role: "group", "aria-label": "Start from" },
      h("span", { class: "setup-start-label" }, "Start from"),
      entries.map((e) => h("button", { class: `choice setup-source${this.base === e.index ? " active" : ""}`,
        dataset: { index: e.index }, "aria-pressed": this.base === e.index ? "true" : "false", title: e.p.label,
        onclick: () => this.useSuggestion(e.index) }, `Deployment ${e.index + 1}`)),
      this.edit ? h("button", { class: `choice setup-source${this.base === "edit" ? " active" : ""}`, id: "setup-last-edit",
        "aria-pressed": this.base === "edit" ? "true" : "false", onclick: () => this.useEdit() }, "My last edit") : null));
    if (!this.placement) {
      out.push(h("p", { class: "hint", id: "order-hint" }, "Choose a suggested deployment: it is drawn on the map, and you can then move any counter."));
      return out;
    }
    // status and problems
    const problems = this.problems;
    let status;
    if (this.problemError) status = h("div", { class: "setup-status bad" }, this.problemError);
    else if (this.checking || !this.report) status = h("div", { class: "setup-status checking" }, "Checking the set-up…");
    else if (!problems.length) status = h("div", { class: "setup-status ok", id: "setup-ok" }, "✓ A legal set-up: ready to confirm.");
    else {
      status = h("div", { class: "setup-status bad" },
        h("strong", {}, problems.length === 1 ? "1 problem" : `${problems.length} problems`),
        h("ul", { class: "setup-problems", id: "setup-problems" }, problems.map((p) => h("li", { dataset: { code: p.code } },
          h("button", { class: "problem-link", title: "Show it on the map", onclick: () => this.#focusProblem(p) },
            cite(p.rule), " ", p.message)))));
    }
    out.push(status);
    const selected = this.selected;
    out.push(h("p", { class: "hint", id: "order-hint" }, selected
      ? [h("strong", {}, this.#name(selected)), this.placement[selected]
        ? ` at ${this.adapter.where(this.placement[selected])}: click where it goes (highlighted: where it may set up). Esc puts it down.`
        : " is set aside: click a highlighted location to set it up there. Esc keeps it aside."]
      : this.note || "Click a counter on the map, or a unit below, then the location to move it to."));
    out.push(this.#asideSummary());
    // the roster
    const { units: troubled } = this.#troubled();
    const order = this.order.length ? this.order : Object.keys(this.placement).sort((a, b) => naturalKey(a).localeCompare(naturalKey(b)));
    out.push(h("div", { class: "setup-roster", role: "list", "aria-label": "Your units" }, order.map((uid) => {
      const p = this.adapter.parse(uid);
      const toggles = [this.#entrenchToggle(uid), this.#asideButton(uid)].filter(Boolean);
      const toggle = toggles.length ? toggles : null;
      const row = h("button", { class: `unit-row${uid === selected ? " selected" : ""}${troubled.has(uid) ? " problem" : ""}`,
        role: toggle ? null : "listitem",
        dataset: { unit: uid }, "aria-pressed": uid === selected ? "true" : "false",
        onclick: () => (uid === selected ? this.cancel() : this.select(uid, { focusMap: true })) },
      h("span", { class: "chit", style: `background:${p.colour}` }, p.label),
      h("span", { class: "unit-main" }, h("span", { class: "unit-name" }, this.sheet?.[uid]?.title || p.title), this.#unitFacts(uid)),
      h("span", { class: "unit-where" }, this.placement[uid] ? this.adapter.where(this.placement[uid]) : "set aside"));
      return toggle ? h("div", { class: "unit-line", role: "listitem" }, row, ...toggle) : row;
    })));
    // the answer
    const ready = !!orders.pending && !this.checking;
    out.push(h("div", { class: `order setup-order${ready ? "" : " waiting"}`, id: ready ? "pending-order" : "setup-order" },
      h("div", { class: "order-text" }, ready ? orders.describePending()
        : problems.length ? "Fix the problems above to confirm." : "Checking…"),
      h("div", { class: "order-buttons" },
        h("button", { class: "button", id: "confirm", disabled: !ready || orders.status === "sending", onclick: () => orders.confirm() },
          orders.status === "sending" ? "Sending…" : "Confirm set-up"))));
    return out;
  }
}

// --- the air editor ---------------------------------------------------------------------------

/**
 * One air decision (BoP 6.31 patrol, 6.72 change of base, 5.31 raid, 6.21 muster) answered on
 * the map: click one of your air units (or pick it in the list), the locations the engine
 * offers it light up, click one and confirm. A click on a location the engine does not offer
 * asks the engine why (explain) and shows its answer with the rule; the page decides nothing.
 * A muster has no unit on the map yet: its locations are offered at once.
 */
export class AirEditor {
  constructor(adapter, decision) {
    this.adapter = adapter;
    this.id = decision.id;
    this.decision = decision;
    this.selected = null;
    this.why = null;
    this.note = "";
    this.token = 0;
  }

  attach(orders) {
    this.orders = orders;
    this.decision = orders.decision || this.decision;
    const units = this.movers();
    if (!this.selected && units.length === 1) this.selected = units[0];
  }

  get kind() {
    return this.decision.kind;
  }

  get view() {
    return this.orders?.store.view;
  }

  /** The entries that send an air unit somewhere (not pass / done). */
  #moves() {
    return (this.orders?.entries || []).filter((e) => e.item.action?.unit && e.p.hex);
  }

  /** The air units this decision can order, in id order. */
  movers() {
    return [...new Set(this.#moves().map((e) => e.item.action.unit))].sort();
  }

  /** Where an air unit stands (a muster's unit is not on the map yet). */
  at(uid) {
    return this.view?.board?.air?.[uid]?.at || null;
  }

  /** My air units with an order here, standing at `loc`. */
  #moversAt(loc) {
    return this.movers().filter((u) => this.at(u) === loc);
  }

  select(uid) {
    this.selected = uid;
    this.why = null;
    this.note = "";
    this.orders.pending = null;
    this.orders.status = "ready";
    const map = globalThis.salient?.map;
    const at = this.at(uid);
    if (map && at && map.has?.(at)) map.setCursor?.(at, { follow: true });
    this.orders.changed();
  }

  cancel() {
    const orders = this.orders;
    this.why = null;
    if (orders.pending) {
      orders.pending = null;
      orders.status = "ready";
    } else if (this.kind !== "air_muster") {
      this.selected = null;
    }
    orders.changed();
  }

  /** A click on the map (or Enter on the cursor's location). */
  clickHex(loc) {
    const orders = this.orders;
    if (orders.status === "sending") return false;
    this.why = null;
    this.note = "";
    if (orders.pending && orders.pending.p.hex === loc) return true;
    if (orders.pending) { orders.pending = null; orders.status = "ready"; }
    const sel = this.selected;
    if (sel) {
      const match = this.#moves().find((e) => e.item.action.unit === sel && e.p.hex === loc);
      if (match) { orders.pick(match.index); return true; }
      const here = this.#moversAt(loc);
      if (here.length) {
        // The selected unit's own location: the next air unit there, or put it down.
        const next = here[(here.indexOf(sel) + 1) % here.length];
        if (here.includes(sel) && next === sel) this.cancel();
        else this.select(here.includes(sel) ? next : here[0]);
        return true;
      }
      this.#explain(sel, loc);
      return false;
    }
    const here = this.#moversAt(loc);
    if (here.length) { this.select(here[0]); return true; }
    this.note = this.movers().length ? "Click one of your air units first (highlighted), or pick it in the list."
      : "None of your air units can be given this order now.";
    orders.changed();
    return false;
  }

  /** Ask the engine why `uid` cannot be sent to `loc` (the same answer it would give to the
   * order itself), and show it with its rule. */
  #explain(uid, loc) {
    return askWhy(this, { unit: uid, [AIR_FIELD[this.kind]]: loc },
      { hex: loc, unit: uid, say: (answer) => this.#reason(answer, uid, loc), legal: "The server would accept it: click the location again." });
  }

  /** The engine's refusal in the page's names: the order it quotes is said in words. */
  #reason(answer, uid, loc) {
    const order = `${this.adapter.unitName(uid)} cannot ${AIR_VERB[this.kind]} ${this.adapter.where(loc)}`;
    const message = String(answer.message || "");
    if (answer.code === "not_an_option") {
      const offered = this.#moves().filter((e) => e.item.action.unit === uid).length;
      return `${order}: the engine offers it ${offered} location${offered === 1 ? "" : "s"} now (highlighted), not this one. ${this.adapter.names(message.replace(/^\{.*?\} is not/, "That is not"))}`;
    }
    return `${order}: ${this.adapter.names(message)}`;
  }

  /** No pending counters: the air units are the view's. */
  units() {
    return [];
  }

  highlights() {
    const orders = this.orders;
    const out = [];
    if (orders.pending) {
      const p = orders.pending.p;
      if (p.from) out.push({ hex: p.from, kind: "selected" });
      if (p.hex) out.push({ hex: p.hex, kind: "selected", text: p.text });
      return out;
    }
    const sel = this.selected;
    if (sel) {
      const at = this.at(sel);
      if (at) out.push({ hex: at, kind: "selected" });
      const seen = new Set();
      for (const e of this.#moves()) {
        if (e.item.action.unit !== sel || seen.has(e.p.hex)) continue;
        seen.add(e.p.hex);
        out.push({ hex: e.p.hex, kind: e.p.kind, text: e.p.text });
      }
    } else {
      for (const hex of new Set(this.movers().map((u) => this.at(u)).filter(Boolean))) out.push({ hex, kind: "origin" });
    }
    if (this.why?.hex) out.push({ hex: this.why.hex, kind: "refused" });
    return out;
  }

  panel() {
    const orders = this.orders;
    const adapter = this.adapter;
    const out = [];
    const movers = this.movers();
    const sel = this.selected;
    if (orders.status === "loading") out.push(h("p", { class: "muted small" }, "Asking the server for the legal options…"));
    if (orders.pending) {
      out.push(pendingOrder(orders, { after: consequenceBox(orders, adapter, this.view) }));
    }
    if (this.why) {
      out.push(whyBox(`Why not ${adapter.where(this.why.hex)}?`, this.why));
    }
    if (!orders.pending) {
      const n = sel ? this.#moves().filter((e) => e.item.action.unit === sel).length : 0;
      const hint = this.note || (sel
        ? `${adapter.unitName(sel)}${this.at(sel) ? ` at ${adapter.where(this.at(sel))}` : ""}: click a highlighted location (${n} offered) to ${AIR_VERB[this.kind]} it. Esc puts it down.`
        : movers.length ? "Click one of your air units on the map (highlighted), or pick it below." : "No air unit of yours has an order here now.");
      out.push(h("p", { class: "hint", id: "order-hint" }, hint));
    }
    if (movers.length) {
      out.push(h("div", { class: "setup-roster air-roster", role: "list", "aria-label": "Your air units" }, movers.map((uid) => {
        const p = adapter.parse(uid);
        const a = this.view?.board?.air?.[uid];
        return h("button", { class: `unit-row${uid === sel ? " selected" : ""}`, role: "listitem", dataset: { unit: uid },
          "aria-pressed": uid === sel ? "true" : "false", onclick: () => (uid === sel ? this.cancel() : this.select(uid)) },
        h("span", { class: "chit air-chit", style: `background:${p.colour}` }, p.label),
        h("span", { class: "unit-main" }, h("span", { class: "unit-name" }, p.title),
          h("span", { class: "unit-facts" }, `${adapter.factors(uid).facts}${a ? ` · ${a.steps < 2 ? "damaged" : "2 steps"}` : ""}`)),
        h("span", { class: "unit-where" }, a ? adapter.where(a.at) : "arriving"));
      })));
    }
    // Pass, done: the answers with no place.
    const loose = (orders.entries || []).filter((e) => !e.p.hex && !e.item.action?.unit);
    if (loose.length && !orders.pending) {
      out.push(h("div", { class: "loose-choices" }, loose.map((e) => h("button", { class: "choice loose",
        dataset: { index: e.index }, onclick: () => orders.pick(e.index) }, e.p.label))));
    }
    return out;
  }
}

/** BoP 3.12, 6.6: the engine marks a listed march or rail move that ends out of supply
 * (`supplied: false`, judged after the move takes control on its way); said before Confirm. */
function supplyWarning(item) {
  return item.supplied === false
    ? "ends out of supply: −1 effectiveness and −1 MP from there, and the commissariat rolls for each corps when the half ends (BoP 3.12, BoP 6.6)"
    : null;
}

function supplyNote(item) {
  const warning = supplyWarning(item);
  return warning ? ` — ⚠ ${warning}` : "";
}
