// Balance of Powers: its view (flow, board.units {uid: {at, mode}}, powers, control …) as map
// counters, its option items as highlights and sentences. Presentation only: every item comes
// from the server; nothing here knows a rule.

import { GenericAdapter, HEX_ID, formatValue, titleCase } from "./generic.js";

const NATIONS = {
  ger: ["germany", "Germany", "#a9ad9c"], aus: ["austria_hungary", "Austria-Hungary", "#e6d690"],
  fra: ["france", "France", "#9db9e8"], rus: ["russia", "Russia", "#9fcea9"],
  bri: ["britain", "Britain", "#e8aaa2"], bel: ["belgium", "Belgium", "#e2c277"],
  net: ["netherlands", "Netherlands", "#f3b174"], den: ["denmark", "Denmark", "#eab0c2"],
  swi: ["switzerland", "Switzerland", "#dd9b9b"], ser: ["serbia", "Serbia", "#c7a6d9"],
  ita: ["italy", "Italy", "#b9dba0"],
};
const KINDS = { inf: "infantry", cav: "cavalry", mou: "mountain", sie: "siege", ldr: "hq" };
const STEP_TITLES = {
  setup: "Set-up", secret_setup: "Secret set-up", seasonal: "Seasonal turn", diplomacy: "Diplomacy",
  britain: "Britain joins", muster: "Muster", procure: "Procurement", admiralty: "Admiralty",
  plan_xvii: "Plan XVII", half: "Fortnight half", commissariat: "Commissariat",
  month_end: "Month end", over: "Game over", tabulation: "Seasonal tabulation",
  reductions: "Requisition and reductions",
};
const TRACK = ["diplomacy", "muster", "procure", "admiralty", "half", "commissariat"];

export class BalanceOfPowersAdapter extends GenericAdapter {
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
    let name = rest.join("-");
    const reserve = name.endsWith("_rs");
    if (reserve) name = name.slice(0, -3);
    name = name.length <= 3 ? name.toUpperCase() : titleCase(name);
    const label = kind === "ldr" ? name.slice(0, 7) : `${name}${reserve ? "R" : ""}`;
    const kindName = KINDS[kind] || "infantry";
    const title = kind === "ldr" ? `${nationTitle} leader ${name}`
      : `${nationTitle} ${name}${reserve ? " Reserve" : ""} ${kindName === "cavalry" ? "Cavalry " : ""}Corps`;
    return { nation: nationId, nationTitle, colour, label, kind: kindName, title };
  }

  unitName(uid) {
    return this.parse(uid).title;
  }

  shortUnits(uids) {
    // Infantry and cavalry share numbers ("1, 1, 2" was Britain's cav 1 and inf 1–2).
    return (uids || []).map((u) => {
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
    return view?.board?.units?.[uid]?.at || null;
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
      const factors = [mode === "entrenched" ? "Entr." : "", mp !== undefined ? `${mp} MP` : ""]
        .filter(Boolean).join(" ");
      // Supply is judged for the phasing side at the start of its half (BoP 3.1).
      const supply = uid in supplied ? (supplied[uid] ? " · in supply" : " · OUT OF SUPPLY") : "";
      out.push({ id: uid, hex: at, label: p.label, symbol: p.kind, factors, colour: p.colour,
        title: `${p.title}${mode === "entrenched" ? " (entrenched)" : ""}${supply}` });
    }
    // Corps before leaders in a stack, so the top counter is a corps.
    out.sort((a, b) => (a.symbol === "hq") - (b.symbol === "hq") || a.id.localeCompare(b.id));
    return out;
  }

  offMap(view) {
    const units = view?.board?.units || {};
    return Object.keys(units).filter((u) => !this.onMap(units[u].at))
      .map((u) => ({ title: this.unitName(u), where: this.where(units[u].at) }));
  }

  phase(view) {
    const flow = view?.flow || {};
    const side = flow.side ? (flow.side === "central" ? "Central Powers" : "Entente") : null;
    return {
      turn: `${flow.month_name || flow.month || ""}${flow.fortnight ? ` · fortnight ${flow.fortnight}` : ""}`,
      phase: STEP_TITLES[flow.step] || titleCase(flow.step || ""),
      side,
      steps: TRACK.map((step) => ({ label: STEP_TITLES[step], current: step === flow.step })),
    };
  }

  preferred(decisions) {
    const order = ["retreat", "loss", "pay", "reroll", "point", "reserve", "setup", "britain_setup",
      "violate", "muster", "procure", "plan_xvii", "march", "combat", "rail", "sea_move"];
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
      case "rail": {
        const cost = item.cost !== undefined ? `${item.cost} ${decision.kind === "rail" ? "RP" : "MP"}` : "";
        return { hex: a.to, from, kind: "option", text: cost,
          label: `${this.shortUnits(a.units)}: ${this.where(from)} → ${this.where(a.to)}${cost ? `, ${decision.kind === "rail" ? `rail ${item.hexes ?? ""} hexes, ` : ""}${item.cost} MP` : ""}` };
      }
      case "combat":
        return { hex: a.target, from, kind: "attack", text: item.odds || "",
          label: `Attack ${this.where(a.target)} from ${this.where(from)} with ${this.shortUnits(a.units)} at ${item.odds || "?"} (point ${this.parse(a.point).label}, ${a.payer ? this.seatTitle(a.payer) + " pays" : "no payment"})` };
      case "setup":
      case "secret_setup": {
        const placement = a.placement || {};
        const hexes = [...new Set(Object.values(placement))].filter((h) => HEX_ID.test(h));
        return { hex: null, from: null, kind: "option", text: "",
          label: `Deployment ${(item.variant ?? 0) + 1}: ${Object.keys(placement).length} units in ${hexes.length} locations`,
          preview: hexes.map((hex) => ({ hex, kind: "preview" })) };
      }
      case "sea_move":
        return { hex: a.to, from, kind: "option", text: "sea",
          label: `${this.unitName(a.unit)}: by sea ${this.where(from)} → ${this.where(a.to)}` };
      case "muster":
        return { hex: this.onMap(a.at) ? a.at : null, from: null, kind: "option", text: "",
          label: `Muster ${this.unitName(a.unit)} at ${this.where(a.at)}` };
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
        return { hex: null, from: null, kind: "option", text: "",
          label: a.buy ? `Procure ${this.unitName(a.buy)}` : "Stop procuring" };
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
          label: `Remove the breach at ${this.where(a.at)} (pointing at ${this.where(a.to)})` };
      case "landing":
        return { hex: a.at, from: null, kind: "option", text: "land",
          label: `Place the landing counter at sea off ${this.where(a.to)}` };
      case "neutral_setup":
        return { hex: this.onMap(a.at) ? a.at : null, from: null, kind: "option", text: "",
          label: a.at ? `Place ${this.unitName(a.unit)} at ${this.where(a.at)}` : `${this.unitName(a.unit)} goes to the pool (no room)` };
      case "place_infrastructure":
        return { hex: this.onMap(a.at) ? a.at : null, from: null, kind: "option", text: "",
          label: a.at ? `Infrastructure marker at ${this.where(a.at)}` : "No room for the infrastructure marker" };
      case "transfer":
        if (a.convert) return { hex: a.convert, from: null, kind: "option", text: "+2 RP",
          label: `Convert a fortress step at ${this.where(a.convert)} into 2 RP` };
        return { hex: null, from: null, kind: "option", text: "",
          label: a.to ? `Send ${a.rp} RP to ${titleCase(a.to)}` : "No transfer or conversion (finish)" };
      case "britain_setup":
        return { hex: null, from: null, kind: "option", text: "",
          label: `French port ${this.where(a.port)}, home ${this.where(a.home)}` };
      default:
        return super.present(decision, item, view);
    }
  }

  describe(decision, item, view) {
    return this.present(decision, item, view).label;
  }

  event(event, view) {
    const d = event.data || {};
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
        return `${titleCase(d.seat || "")} set up`;
      case "month_begins":
        return `${d.month} begins`;
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
        return `Britain joins the Entente (${String(d.reason || "").replace(/_/g, " ")})`;
      case "neutral_entry_roll":
        return `Britain's entry roll: ${d.roll}${d.modifier ? ` + ${d.modifier}` : ""} = ${d.final}: ${d.joins ? "she joins the Entente" : "she stays neutral"}`;
      case "violation":
        return `${titleCase(d.by || "")} violate ${titleCase(d.nation || "")}, which joins the ${titleCase(d.joins || "")}`;
      case "combat_result":
        return `Combat result: final ${d.final}${d.attacker ? ` · attacker ${formatValue(d.attacker)}` : ""}${d.defender ? ` · defender ${formatValue(d.defender)}` : ""}`;
      default:
        return super.event(event, view);
    }
  }

  combat(event, view) {
    if (event.kind === "combat_roll" || event.kind === "combat_result" || event.kind === "reroll") {
      const lines = Object.entries(event.data || {}).map(([k, v]) => `${k.replace(/_/g, " ")}: ${formatValue(v)}`);
      return { title: titleCase(event.kind), rule: event.rule, lines };
    }
    return super.combat(event, view);
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
    return super.recordLine(entry);
  }
}
