// Why a player who holds seats has nothing to decide now (the review: "A-H had no orders in
// fortnight 1, and the page never said why"). Said from the view alone, for every ruleset: the
// turn track's phase (`adapter.phase`: the side whose part of the turn it is, the step), the
// open decisions every audience sees (who holds them; never their options), the sealed answers
// already in (`answered`, a count and names only), and the seats' sides (`game.sides`).

import { cite, h } from "./dom.js";

/** "Central Powers'" / "Entente's". */
export function possessive(name) {
  return /s$/i.test(name) ? `${name}'` : `${name}'s`;
}

/** "A", "A and B", "A, B and C". */
export function listed(names) {
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}` : names[0] || "";
}

/** The reasons, in words: {head, lines, rules}. `head` names whose part of the turn it is and who
 * waits ("Central Powers' half (Operations): Entente waits"), or why a seat has nothing, where
 * the engine's view says ("Austria-Hungary is still mobilising (…)", its rule in `rules`); the
 * lines say who is deciding what, and how many sealed answers are still out. */
export function whyIdle(store, adapter) {
  const view = store.view || {};
  const mine = store.mySeats;
  const title = (s) => adapter.seatTitle(s);
  const phase = adapter.phase(view) || {};
  const decisions = store.decisions();
  const lines = [];
  // Sealed (simultaneous) steps: the answers in, and the ones still awaited.
  const sealed = decisions.filter((d) => Array.isArray(d.answered));
  const out = [...new Set(sealed.flatMap((d) => d.seats.filter((s) => !d.answered.includes(s))))];
  const sealedMine = [...new Set(sealed.flatMap((d) => d.answered.filter((s) => mine.includes(s))))];
  if (sealed.length) {
    lines.push(`${sealedMine.length ? `${listed(sealedMine.map(title))}: answer sealed. ` : ""}`
      + `Waiting for ${out.length} sealed answer${out.length === 1 ? "" : "s"}${out.length ? ` (${listed(out.map(title))})` : ""}; `
      + "all are revealed together.");
  }
  // Who is deciding what (one line a seat), outside the sealed steps.
  const deciding = new Map();
  for (const d of decisions) {
    if (Array.isArray(d.answered)) continue;
    for (const seat of d.seats) {
      if (mine.includes(seat) || (d.ready || []).includes(seat)) continue;
      deciding.set(seat, [...(deciding.get(seat) || []), d]);
    }
  }
  for (const [seat, list] of deciding) {
    lines.push(`${title(seat)} is deciding: ${list.length === 1 ? adapter.text(list[0].prompt) : `${list.length} choices`}.`);
  }
  if (!decisions.length) lines.push("No decision is open: the game is moving on to its next step.");
  // Whose part of the turn it is, and whether my seats are of that side (then they simply have
  // no decision in this step) or of the other (they wait for it).
  const sides = view.game?.sides || {};
  const otherSeats = [...deciding.keys(), ...out.filter((s) => !mine.includes(s))];
  const theirSides = new Set(otherSeats.map((s) => sides[s]).filter(Boolean));
  // The engine's own reason, where its view gives one (`adapter.idleReason`: "is still
  // mobilising (…)", with the rule), said after the seat's name instead of the general words.
  const reasons = new Map(mine.map((s) => [s, adapter.idleReason?.(view, s)]).filter(([, r]) => r));
  const plain = mine.filter((s) => !reasons.has(s));
  const sameSide = plain.filter((s) => sides[s] && theirSides.has(sides[s]));
  const waiting = plain.filter((s) => !sameSide.includes(s));
  const part = phase.side ? `${possessive(phase.side)} ${phase.segment || "turn"}` : (phase.turn || "");
  // The step in brackets, unless it only repeats the part ("Fortnight half" in a half).
  const repeats = phase.segment && String(phase.phase || "").toLowerCase().includes(phase.segment);
  const step = phase.phase && !repeats ? `${part ? " (" : ""}${phase.phase}${part ? ")" : ""}` : "";
  const who = [];
  if (waiting.length) who.push(`${listed(waiting.map(title))} ${waiting.length === 1 ? "waits" : "wait"}`);
  if (sameSide.length) {
    who.push(`${listed(sameSide.map(title))} ${sameSide.length === 1 ? "has" : "have"} nothing to decide in this step`);
  }
  for (const [seat, reason] of reasons) who.push(`${title(seat)} ${reason.text}`);
  const rules = [...new Set([...reasons.values()].map((r) => r.rule).filter(Boolean))];
  return { head: `${part}${step}${part || step ? ": " : ""}${who.join("; ") || "you wait"}.`, lines, rules };
}

/** The orders panel when none of the user's seats has a decision now. */
export function idlePanel(store, adapter) {
  const { head, lines, rules } = whyIdle(store, adapter);
  return h("div", { class: "idle", id: "no-decision" },
    h("p", { class: "idle-head" }, h("strong", {}, "Nothing for you to decide now. "), head, rules.map((r) => [" ", cite(r)])),
    lines.length ? h("ul", { class: "idle-why muted small" }, lines.map((line) => h("li", {}, line))) : null);
}

/** The user's seats that have nothing to decide while another of their seats does (a player
 * holding Germany and Austria-Hungary, only Germany deciding): one line that names them and
 * says why, in the words of the idle panel, else null. `mine`: the user's open decisions. */
export function idleSeatsLine(store, adapter, mine) {
  const busy = new Set(mine.flatMap((d) => d.seats));
  const idle = store.mySeats.filter((s) => !busy.has(s));
  if (!idle.length || !busy.size) return null;
  // The idle panel's reasons, asked for those seats alone (the busy ones count as deciding).
  const { head, rules } = whyIdle(Object.assign(Object.create(store), { mySeats: idle }), adapter);
  return h("p", { class: "idle-seats muted small", id: "idle-seats" },
    h("strong", {}, `${listed(idle.map((s) => adapter.seatTitle(s)))}: nothing to decide now. `), head,
    rules.map((r) => [" ", cite(r)]));
}
