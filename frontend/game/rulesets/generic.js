// The fallback presentation adapter: any ruleset without its own module gets readable text
// for options and events, and no map units. Ruleset adapters extend it.
//
// An adapter is presentation only: it turns the ruleset's view into map counters and option
// items into highlights and words. It never decides what is legal — the items come from the
// server, and an order is always one of them.

/**
 * @typedef {object} Highlight
 * @property {string} hex
 * @property {string} [text]
 * @property {string} [kind]   option | attack | origin | preview
 *
 * @typedef {object} Presented
 * @property {string|null} hex      where clicking picks this item (its destination or target)
 * @property {string|null} [from]   the hex of the units it moves (orders that start on a unit)
 * @property {string} text          short text on the map (cost, odds)
 * @property {string} kind          highlight kind
 * @property {string} label         one line for the panel ("III Corps: Metz → Nancy, 3 MP")
 * @property {Highlight[]} [preview] extra hexes to show while it is chosen
 */

export const HEX_ID = /^-?\d+,-?\d+$/;

/** Rolls as a player reads them: "Dice: combat 2d6 3 + 5 · leadership 4". */
export function diceLine(rolls) {
  const byPurpose = new Map();
  for (const r of rolls) {
    const key = r.purpose || `d${r.sides}`;
    byPurpose.set(key, [...(byPurpose.get(key) || []), r.value]);
  }
  return `Dice: ${[...byPurpose].map(([purpose, values]) => `${purpose} ${values.join(" + ")}`).join(" · ") || "none"}`;
}

export function titleCase(text) {
  return String(text).replace(/_/g, " ").replace(/\b\w/g, (c) => c.toUpperCase());
}

export function formatValue(value) {
  if (value === null || value === undefined) return "none";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (Array.isArray(value)) return value.map(formatValue).join(", ");
  if (typeof value === "object") {
    return Object.entries(value).map(([k, v]) => `${k.replace(/_/g, " ")} ${formatValue(v)}`).join(", ");
  }
  return String(value);
}

/**
 * Add a ruleset's stylesheet to the page once (by element id). Returns whether it was added
 * now; false outside a browser or when it is already there.
 * @param {string} id
 * @param {URL} url
 */
export function adoptStylesheet(id, url) {
  if (typeof document === "undefined" || document.getElementById(id)) return false;
  const link = document.createElement("link");
  link.id = id;
  link.rel = "stylesheet";
  link.href = url.href;
  document.head.append(link);
  return true;
}

export class GenericAdapter {
  constructor(config = {}) {
    this.config = config;
    this.seatTitles = Object.fromEntries((config.seats || []).map((s) => [s.seat, s.title]));
    this.seatColours = Object.fromEntries((config.seats || []).map((s) => [s.seat, s.colour]));
  }

  seatTitle(seat) {
    return this.seatTitles[seat] || titleCase(seat || "");
  }

  /** Counters on the map. @returns {import("../../map/mapview.js").MapUnit[]} */
  units(view) {
    return [];
  }

  /** Why `seat` has nothing to decide now, where the engine's view says (a derived fact:
   * BoP's `flow.idle`): {text, rule}, text a phrase after the seat's name ("is still
   * mobilising (…)"), else null. */
  idleReason(view, seat) {
    const reason = view?.flow?.idle?.[seat];
    return reason && reason.text ? reason : null;
  }

  /** Units not on a map hex (boxes, pool): [{title, where}] for the side panel. */
  offMap(view) {
    return [];
  }

  /** The turn/phase track: {turn, phase, side?, steps?: [{label, current}]} */
  phase(view) {
    const flow = view?.flow || {};
    return {
      turn: flow.round !== undefined ? `Round ${flow.round}${flow.rounds ? ` of ${flow.rounds}` : ""}` : `Step ${view?.game?.seq ?? 0}`,
      phase: flow.step ? titleCase(flow.step) : "",
      steps: [],
    };
  }

  /** Which decision to work on first among the user's own. */
  preferred(decisions) {
    return decisions.find((d) => d.reaction) || decisions.find((d) => d.schema) || decisions[0];
  }

  /** Query to send with `options` for a schema decision given the selected unit ids. */
  query(decision, selection) {
    return selection && selection.length ? { units: selection } : null;
  }

  /** The answer fields that name units (the server's `unit_fields`, for unit-first orders). */
  get unitFields() {
    return ["unit", "units"];
  }

  /** The unit ids an answer names. */
  unitsOf(decision, action) {
    const out = [];
    for (const key of this.unitFields) {
      const value = action?.[key];
      if (typeof value === "string") out.push(value);
      else if (Array.isArray(value)) out.push(...value.filter((v) => typeof v === "string"));
    }
    return out;
  }

  /** A short button label for an answer about one unit where it stands (entrench, lose it). */
  inPlaceLabel(decision, item) {
    return titleCase(decision.kind);
  }

  /** A counter's name for the panel. */
  counterName(uid, view) {
    return String(uid);
  }

  /** Whether a stack may move in any part the player ticks (the server checks each). */
  get subsets() {
    return false;
  }

  /** Whether a decision is answered in an editor of its own (not unit-first). */
  hasEditor(decision) {
    return false;
  }

  /**
   * The answer to ask the server about when the selected units are sent to a hex that is not
   * offered ("why not?"): {decision, action}, or null. By default a schema decision with a
   * `to` field, moving the selected units there.
   */
  candidate(decisions, selection, hex, entries) {
    const decision = decisions.find((d) => d.schema?.properties?.to);
    if (!decision) return null;
    const props = decision.schema.properties;
    if (props.units) return { decision, action: { units: selection.units, to: hex } };
    if (props.unit) return { decision, action: { unit: selection.units[0], to: hex } };
    return null;
  }

  /** @returns {Presented} */
  present(decision, item, view) {
    const action = item.action;
    const extra = Object.entries(item).filter(([k]) => k !== "action")
      .map(([k, v]) => `${k} ${formatValue(v)}`).join(", ");
    return {
      hex: null, from: null, text: "", kind: "option",
      label: formatValue(action) + (extra ? ` (${extra})` : ""),
    };
  }

  /** One line for an order about to be sent. */
  describe(decision, item, view) {
    return `${decision.prompt}: ${this.present(decision, item, view).label}`;
  }

  /** Any text from the server (a prompt, a log line) with its ids named as the page names
   * them (a ruleset adapter knows its units and places). */
  text(value) {
    return String(value ?? "");
  }

  /** How a game ended, in words: "won by Britain, France and Russia (Schlieffen plan failed)". */
  resultText(result) {
    if (!result) return "";
    const winners = (result.winners || []).map((s) => this.seatTitle(s));
    const list = winners.length > 1 ? `${winners.slice(0, -1).join(", ")} and ${winners[winners.length - 1]}` : winners[0];
    const reason = String(result.reason || "").replace(/_/g, " ");
    const said = reason ? reason[0].toUpperCase() + reason.slice(1) : "";
    return `${list ? `won by ${list}` : "a draw"}${said ? ` (${said})` : ""}`;
  }

  /** One line for an event in the log. */
  event(event, view) {
    const data = event.data || {};
    if (event.kind === "dice") return this.text(diceLine(data.rolls || []));
    if (event.kind === "game_over") return `Game over: ${this.resultText(data.result)}`;
    if (event.kind === "answer_sealed") return `${this.seatTitle(data.seat)} answered (sealed)`;
    // Private answers (fog of war) are named by seat only; their content comes in `private_answers`, to their seat alone.
    if (event.kind === "answers_revealed") return `Sealed answers revealed (${[...(data.answers || []), ...(data.private || [])].map((a) => this.seatTitle(a.seat)).join(", ")})`;
    if (event.kind === "private_answers") return this.text(`${this.seatTitle(data.seat)}'s orders, carried out (only you see them): ${formatValue(data.answers)}`);
    return this.text(`${titleCase(event.kind)}${Object.keys(data).length ? ": " + formatValue(data) : ""}`);
  }

  /** Dice events and combat results for the dice panel: [{title, lines, rule}] or null. */
  combat(event, view) {
    if (event.kind === "dice") {
      const rolls = event.data?.rolls || [];
      return { title: "Dice", rule: event.rule, lines: rolls.map((r) => `${r.purpose || "roll"}: d${r.sides} → ${r.value}`) };
    }
    return null;
  }

  /** Text of a recorded action for the history. */
  recordLine(entry, view = null) {
    if (entry.kind === "undo") return `${this.seatTitle(entry.seat)} took back the last step`;
    if (entry.kind === "end") return `Game ended: ${formatValue(entry.action)}`;
    if (entry.redacted) return `${this.seatTitle(entry.seat)} answered (sealed)`;
    return `${this.seatTitle(entry.seat)}: ${formatValue(entry.action)}`;
  }

  /** Where a hex should be shown in the info line. */
  hexInfo(info, view) {
    return info;
  }
}
