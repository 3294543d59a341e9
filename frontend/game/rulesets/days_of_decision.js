// Days of Decision III: its view (board — the powers' tracks, the Status Display positions of
// every power and minor, the markers, alliances, guarantees and coup cells, the revealed bids
// and the initiative track —, `control` derived from the display, `reference` with the minors'
// names, each display hex's zone and the implemented options' rows) and its decisions in
// words. Presentation only: which options are legal is the server's (the `option` decision's
// items), and a sealed bid is the kernel's — until the reveal the others learn only that a
// power has bid (the open bid decision's `answered`), never its size.
//
// No map: the Status Display is the board summary (a table of the powers, then one of the
// minors). The bid and the option decisions each have a small editor that offers the
// decision's answers as choice buttons, the pending order and Confirm, as every ruleset's
// panel does: the bid as two numbers matched against the offered bids, with "No bid" as a
// choice; the option as the chosen option's legal ways, above the catalogue of what may be
// played now with its cost and effect (choosing a row lists its ways).

import { pendingOrder } from "../panels/decision.js";
import { cite, h } from "../panels/dom.js";
import { openDecisions } from "../decisions.js";
import { GenericAdapter, adoptStylesheet, titleCase } from "./generic.js";

const IDEOLOGY_WORDS = { democracy: "Democrat", fascism: "Fascist", communism: "Communist", neutral: "neutral" };
const IDEOLOGY_PLURALS = { democracy: "Democrats", fascism: "Fascists", communism: "Communists" };
const STEP_WORDS = {
  initiative: "Initiative: secret bids", democrats: "Initiative: Democrats may move down",
  weather: "Weather", politics: "Political affairs", activate: "Political affairs: activate a minor",
  direct: "Political affairs: direct a minor at war", coup: "Political affairs: coup cells against a coup", league: "Political affairs: League of Nations vote", minor_peace: "Peace for directed minors",
  bonus: "Bonus bid points", military: "Military affairs", production: "Production: income",
  spending: "Production: spending", us_entry: "United States entry", conquest: "Conquest",
  end_of_turn: "End of turn", over: "Game over",
};
// The turn's steps as the track shows them (steps.py, in order).
const TRACK = ["initiative", "democrats", "weather", "politics", "bonus", "military", "production",
  "spending", "us_entry", "minor_peace", "conquest", "end_of_turn"];

// What each implemented option does, in our words (catalogue.py has the rows; the rule is cited).
const EFFECTS = {
  IPO1: "Move your own marker on the Status Display, taking minors in your hex along.",
  IPO3: "Ally with a minor (or break another power's alliance) on a die roll against its willpower; success puts markers on the minor.",
  IPO4: "Try a coup in a minor whose willpower is at least your initiative position and which is not at war. You pay at once; another power's coup cell there stops it. Otherwise a die (plus your alliances with it, less the others', its stability and the year) gives nothing, a civil war (you direct the rebels, the power that would counter-coup directs the government), a counter-coup by a power of another ideology (you are implicated: half its United States entry), or your coup: the dice rolled become your marker there.",
  IPO12: "Guarantee a minor: a marker on it in your favour.",
  IPO7: "Support the government of a minor in civil war: buy army or naval points for it (1 money each, up to 9 less your initiative position, 2 more if the minor is in your faction) and send up to 6 of your own army points. The power that has supported a side most often directs it.",
  IPO8: "Support the rebels of a minor in civil war: buy army or naval points for them (1 money each, up to 9 less your initiative position, 1 more if the minor is in another faction) and send up to 6 of your own army points. The power that has supported a side most often directs it.",
  IPO17: "Raise your credit limit.",
  IPO18: "Switch between free trade and protection.",
  IPO13: "Propose combined war aims to a power at war with the same enemies (it agrees with its 0(f) this turn), or repudiate your aims with one power. An enemy that surrenders to one of you must surrender to the whole linked group.",
  IPO19: "Embargo a power you trade with (a treaty, or the starting agreement between Japan and the United States) and have a cause for war against: it loses 2 production points a turn and you 1, until war or a new treaty level; half the minor effects of a declaration of war on it.",
  IPO16: "League of Nations: join it (or move a minor you control in or out), leave it, ask for 10 more credit, or move sanctions on a power still at war with a country it declared war on (embargo, expulsion, 'enough is enough') or cancel one. The League votes in secret: two thirds of the votes cast, sanctions unanimously.",
  IPO20: "At war with a major power: one production level more (a quarter more production multiple) for this turn and the next five, then one level less for the rest of the game.",
  "0a": "Roll a die for each 3 money spent (2 after three turns below zero effectiveness): any 10 raises your political effectiveness by one.",
  "0b": "Buy up to 3 army points for a minor, 1 money each; which minor stays secret while it is at peace.",
  "0e": "Place a coup cell in a minor: it is spent to stop another power's coup there.",
  "0g": "Gain bid points: three times your modified political effectiveness. Only when it is your one option this turn.",
  "0f": "Agree to this turn's treaty proposals from the powers you name, made before or after this answer.",
  MP3: "Propose a treaty to a power lower on the initiative track; it succeeds if that power agrees with its 0(f) this turn, and you pay only then. Both go up one level (at most 2 across ideologies).",
  MP4: "Declare war on a major power of another ideology (limits: treaties, pacts and your national conditions; its effectiveness rises), or on a minor country (your national conditions; your own alliance or guarantee with it costs effectiveness). You activate no minor this turn.",
  MP5: "Surrender to an enemy: unconditionally (you are conquered at once), or conditionally (peace and a pact if that enemy agrees with its 0(f) this turn). You lose effectiveness, the enemy gains it; you activate no minor this turn.",
  IPO11: "Tear up one or more treaty levels with one power, once the treaty is old enough; the pact stays, easier to break. Within your ideology it costs you one effectiveness.",
};

export class DaysOfDecisionAdapter extends GenericAdapter {
  constructor(config = {}) {
    super(config);
    this.reference = { minors: {}, zones: {}, options: {} };
    this.editors = {};
    adoptStylesheet("dod-css", new URL("./days_of_decision.css", import.meta.url));
  }

  #learn(view) {
    if (view?.reference) this.reference = view.reference;
    // IPO 16: the sanctions in force, so that "cancel sanction 2" can name what it cancels
    if (view?.board?.league) this.sanctions = view.board.league.sanctions || [];
  }

  minor(id) {
    return this.reference.minors?.[id] || titleCase(id || "");
  }

  /** A front's other side: a power, or a minor at war (version 7, its id is the minor's). */
  foe(id) {
    return this.reference.minors?.[id] ? this.minor(id) : this.seatTitle(id);
  }

  /** A piece's hex and its zone: "2,-1 (Democrat, moderate)". */
  where(hex) {
    const z = this.reference.zones?.[hex];
    if (!z) return String(hex ?? "?");
    return z[0] === "neutral" ? `${hex} (neutral zone)` : `${hex} (${IDEOLOGY_WORDS[z[0]]}, ${z[1]})`;
  }

  phase(view) {
    this.#learn(view);
    const flow = view?.flow || {};
    const board = view?.board || {};
    const step = flow.step || "";
    const power = ["politics", "activate"].includes(step) ? board.initiative?.[flow.cursor] : null;
    return {
      turn: `Turn ${board.turn ?? "?"} of ${board.last_turn ?? "?"}${board.date ? ` (${board.date})` : ""}`,
      phase: `${STEP_WORDS[step] || titleCase(step)}${power ? ` — ${this.seatTitle(power)} to play` : ""}`,
      facts: [["Now", `${STEP_WORDS[step] || titleCase(step)}${power ? ` — ${this.seatTitle(power)} to play` : ""}`],
        ["Weather", board.weather || "not rolled yet"]],
      steps: TRACK.map((s) => ({ label: STEP_WORDS[s], current: s === step || (s === "politics" && ["activate", "coup", "league", "direct"].includes(step)) })),
    };
  }

  /** Who has bid this turn: the seats of the open bid group that have answered (sealed). */
  bidders(view) {
    const open = openDecisions(view).find((d) => d.kind === "bid");
    return open ? new Set(open.answered || []) : null;
  }

  /** The Status Display as the board: a row per power, then a row per minor. */
  summary(view) {
    this.#learn(view);
    const board = view?.board || {};
    const rows = [];
    const bidding = this.bidders(view);
    const order = board.initiative || [];
    for (const power of order) {
      const p = board.powers?.[power] || {};
      const bid = board.bids?.[power];
      let bidText;
      if (bidding) bidText = bidding.has(power) ? "has bid" : "bidding…";
      else if (!bid || board.turn === 1) bidText = "no bidding on turn 1";
      else bidText = bid.bid ? `bid ${bid.bid} for ${bid.options} option${bid.options === 1 ? "" : "s"} (final ${bid.final})` : "did not bid";
      rows.push({ seat: `${order.indexOf(power) + 1}. ${this.seatTitle(power)}`, colour: this.seatColours[power],
        cells: [`PE ${p.pe}${p.face_down ? " (face down)" : ""} · money ${p.money} (credit to ${-p.credit_limit}) · bid points ${p.bid_points} · played ${p.played}`
          + ` · army ${p.army} · naval ${p.naval}${this.relations(board, power)}${this.incomeText(view?.income?.[power])}`,
          this.where(board.display?.[power]), bidText] });
    }
    const control = view?.control || {};
    for (const [minor, title] of Object.entries(this.reference.minors || {})) {
      const held = control[minor];
      const markers = Object.entries(board.modifiers?.[minor] || {}).map(([p, n]) => `${this.seatTitle(p)} ${n > 0 ? "+" : ""}${n}`);
      const ties = [
        ...(board.alliances?.[minor] || []).map((p) => `allied to ${this.seatTitle(p)}`),
        ...(board.guarantees?.[minor] || []).map((p) => `guaranteed by ${this.seatTitle(p)}`),
        ...(board.coup_cells?.[minor] || []).map((p) => `coup cell of ${this.seatTitle(p)}`),
        ...(board.aligned?.[minor] ? [`aligned to ${this.seatTitle(board.aligned[minor])} (IPO 5)`] : []),
        ...(board.civil_wars?.[minor] ? [this.civilWar(minor, board.civil_wars[minor])] : []),
        ...((board.rebel_governments || []).includes(minor) ? ["rebel government: new markers reversed"] : []),
      ];
      rows.push({ seat: title, colour: held ? this.seatColours[held] : "#ccc",
        cells: [[held ? `controlled by ${this.seatTitle(held)}` : "uncontrolled",
          markers.length ? `markers: ${markers.join(", ")}` : "", ...ties].filter(Boolean).join(" · "),
          this.where(board.display?.[minor]), ""] });
    }
    const secret = Object.entries(view?.secret || {}).flatMap(([power, s]) => Object.entries(s.minor_ap || {})
      .map(([m, ap]) => `${this.seatTitle(power)}: ${ap} army points in ${this.minor(m)}`));
    const result = view?.game?.result;
    const places = result?.placements?.length ? `Final places: ${this.resultText(result)}. ${this.objectivesText(result)}` : "";
    return { rows, note: [this.picture(view), `${places}Status Display: powers in initiative order, then the minors. Weather ${board.weather || "not rolled yet"}.`
      + (secret.length ? ` Only you see: ${secret.join("; ")}.` : "")] };
  }

  /** DoD 10.1 / 10.1.1: where a power's income comes from (the view's income table, derived
   * from the public board): its territories' and minors' resources and factories, the
   * production points, the production multiple and the additions to income. */
  incomeText(row) {
    if (!row) return "";
    if (row.conquered) return " · income 0 (conquered)";
    const rf = (r, f) => `${r} resource${r === 1 ? "" : "s"}/${f} factor${f === 1 ? "y" : "ies"}`;
    const from = [`territories ${rf(row.territories.resources, row.territories.factories)}`,
      ...Object.entries(row.minors || {}).map(([m, g]) => `${this.minor(m)} ${rf(g.resources, g.factories)}`),
      ...(row.tribute ? [`tribute ${row.tribute}`] : [])];
    const adds = [...(row.protectionist !== "0" ? [`protectionist +${row.protectionist}`] : []),
      ...Object.entries(row.free_trade || {}).map(([p, pm]) => `free trade with ${this.seatTitle(p)} +${pm}`)];
    return ` · income ${row.income} = ${row.points} production point${row.points === 1 ? "" : "s"}`
      + ` (${from.join(", ")}${row.lost_trade ? `; ${row.lost_trade} lost to embargoes` : ""})`
      + ` times production multiple ${row.pm}${adds.length ? `, ${adds.join(", ")}` : ""}`;
  }

  /** DoD 9.5: a civil war on its minor's row, all public: each side's director, army and naval
   * points, and offensives out of the conquest level. */
  civilWar(minor, war) {
    const side = (name, s) => `${name} directed by ${this.seatTitle(s.director)}: army ${s.army}, naval ${s.naval}, offensives ${s.offensives}`;
    return `in civil war since turn ${war.since} (${side("government", war.sides.government)}; ${side("rebels", war.sides.rebels)})`;
  }

  /** The war graph and the treaties, as words on a power's row: its treaty levels and pacts,
   * its wars (with the offensives each side holds), its casus belli, this turn's proposals and
   * surrender offers it made and the proposers it agreed with, its United States entry total,
   * and whether it is conquered. */
  relations(board, power) {
    const parts = [];
    for (const [pair, t] of Object.entries(board.treaties || {})) {
      const [a, b] = pair.split("-");
      const other = this.seatTitle(a === power ? b : a);
      if (a === power || b === power) parts.push(t.level ? `treaty level ${t.level} with ${other}` : `pact without treaty levels with ${other}`);
    }
    const entry = board.us_entry?.[power];
    if (entry && entry !== "0") parts.push(`United States entry ${entry}`);
    for (const w of board.wars || []) {
      if (w.aggressor !== power && w.target !== power) continue;
      const foe = w.aggressor === power ? w.target : w.aggressor;
      const mine = board.offensives?.[`${power}>${foe}`] || 0;
      const theirs = board.offensives?.[`${foe}>${power}`] || 0;
      parts.push(`at war with ${this.seatTitle(foe)} (offensives ${mine} to ${theirs})`);
    }
    for (const t of board.casus_belli?.[power] || []) {
      const until = board.casus_belli_until?.[`${power}>${t}`];
      parts.push(`casus belli against ${this.seatTitle(t)}${until ? ` (until turn ${until}'s political step ends)` : ""}`);
    }
    // DoD 8.2: the options it owes, oldest first (played before any other).
    for (const d of board.powers?.[power]?.owed || []) {
      parts.push(`owes ${d.option === "IPO1" ? `IPO 1, moving ${d.direction} the centre faction` : "MP 0(f)"} (IPO 9 by ${this.seatTitle(d.by)})`);
    }
    // This turn's offers waiting for the end of political affairs, and the answers given (public).
    for (const pr of board.proposals || []) {
      if (pr.from !== power) continue;
      parts.push(pr.kind === "surrender" ? `offers a conditional surrender to ${this.seatTitle(pr.to)}` : `proposes a treaty to ${this.seatTitle(pr.to)}`);
    }
    const agreed = board.accepts?.[power] || [];
    if (agreed.length) parts.push(`agrees with ${agreed.map((p) => this.seatTitle(p)).join(", ")}`);
    if ((board.conquered || []).includes(power)) parts.push("conquered");
    return parts.length ? ` · ${parts.join(" · ")}` : "";
  }

  /** The Status Display drawn: its hexes tinted by zone, each power's marker and each minor's
   * (hover for names), and — while you move a minor — the hexes its marker may end on. */
  picture(view) {
    const board = view?.board || {};
    const size = 22;
    const point = (hex) => {
      const [q, r] = String(hex).split(",").map(Number);
      return [size * Math.sqrt(3) * (q + r / 2), size * 1.5 * r];
    };
    const svg = svgEl("svg", { class: "dod-display", id: "status-display", viewBox: `${-size * 9} ${-size * 7} ${size * 18} ${size * 14}`,
      role: "img", "aria-label": "Status Display" });
    const targets = new Set();
    for (const d of openDecisions(view)) {
      if (d.kind === "shift") for (const o of d.options || []) targets.add(o.to);
    }
    for (const [hex, [ideology, faction]] of Object.entries(this.reference.zones || {})) {
      const [x, y] = point(hex);
      const corners = [0, 1, 2, 3, 4, 5].map((i) => {
        const a = Math.PI / 180 * (60 * i - 30);
        return `${(x + (size - 1) * Math.cos(a)).toFixed(1)},${(y + (size - 1) * Math.sin(a)).toFixed(1)}`;
      }).join(" ");
      const poly = svgEl("polygon", { points: corners, class: `zone zone-${ideology} ring-${faction}${targets.has(hex) ? " target" : ""}`,
        "data-hex": hex });
      poly.append(svgEl("title", {}, this.where(hex)));
      svg.append(poly);
    }
    const here = new Map();
    for (const [piece, hex] of Object.entries(board.display || {})) {
      if (!here.has(hex)) here.set(hex, []);
      here.get(hex).push(piece);
    }
    for (const [hex, pieces] of here) {
      const [x, y] = point(hex);
      pieces.forEach((piece, i) => {
        const power = board.powers?.[piece];
        const dx = (i % 3 - 1) * 9;
        const dy = (Math.floor(i / 3) - (pieces.length > 3 ? 0.5 : 0)) * 9;
        const label = power ? piece : (this.reference.minors?.[piece] || piece).slice(0, 2);
        const held = view?.control?.[piece];
        const g = svgEl("g", { class: power ? "piece power" : "piece minor", "data-piece": piece });
        g.append(svgEl(power ? "circle" : "rect", power ? { cx: x + dx, cy: y + dy, r: 6, fill: this.seatColours[piece] || "#888" }
          : { x: x + dx - 5, y: y + dy - 5, width: 10, height: 10, fill: held ? this.seatColours[held] || "#ccc" : "#fff" }));
        g.append(svgEl("text", { x: x + dx, y: y + dy + 2.5 }, label));
        g.append(svgEl("title", {}, power ? this.seatTitle(piece)
          : `${this.minor(piece)}: ${held ? `controlled by ${this.seatTitle(held)}` : "uncontrolled"}${board.aligned?.[piece] ? `, aligned to ${this.seatTitle(board.aligned[piece])}` : ""}`));
        svg.append(g);
      });
    }
    return svg;
  }

  optionText(a) {
    const row = this.reference.options?.[a?.option];
    if (!row) return JSON.stringify(a);
    const head = `${row.number} ${row.name}`;
    switch (a.option) {
      case "IPO1": return `${head}: move to ${this.where(a.to)}${a.with?.length ? ` with ${a.with.map((m) => this.minor(m)).join(", ")}` : ""}`;
      case "IPO3": return `${head}: ${a.mode === "make" ? "ally with" : `break ${this.seatTitle(a.ally)}'s alliance with`} ${this.minor(a.minor)}`;
      case "IPO4": case "IPO12": case "0e": return `${head}: ${this.minor(a.minor)}`;
      case "IPO7": case "IPO8": return `${head}: ${a.army} army and ${a.naval} naval points for the ${a.option === "IPO7" ? "government" : "rebels"} in ${this.minor(a.minor)}${a.transfer ? `, and send ${a.transfer} of your army points` : ""}`;
      case "IPO18": return `${head}: ${String(a.to || "").replace(/_/g, " ")}`;
      case "IPO13": return a.repudiate ? `${head}: repudiate war aims with ${this.seatTitle(a.repudiate)}`
        : `${head}: combine with ${this.seatTitle(a.with)} against ${(a.against || []).map((p) => this.seatTitle(p)).join(", ")}`;
      case "IPO19": return `${head}: embargo ${this.seatTitle(a.target)}`;
      case "IPO16": return `${head}: ${this.leagueMotion(a)}`;
      case "IPO9": return `${head}: spy on ${this.seatTitle(a.target)} (at most ${a.effect === "0f" ? "a forced MP 0(f)" : `a forced IPO 1 ${a.effect}`})`;
      case "0a": return `${head}: ${a.dice} ${a.dice === 1 ? "die" : "dice"}`;
      case "0b": return `${head}: ${a.ap} army point${a.ap === 1 ? "" : "s"} for ${this.minor(a.minor)}`;
      case "0f": return `${head}: agree with ${(a.agree || []).map((p) => this.seatTitle(p)).join(", ")}`;
      case "MP3": return `${head}: propose a treaty to ${this.seatTitle(a.to)}`;
      case "MP4": return `${head}: declare war on ${a.minor ? this.minor(a.minor) : this.seatTitle(a.target)}`;
      case "MP5": return `${head}: ${a.terms} surrender to ${this.seatTitle(a.to)}`;
      case "IPO11": return `${head}: cancel ${a.levels} treaty level${a.levels === 1 ? "" : "s"} with ${this.seatTitle(a.with)}`;
      case "US6": return `${head}: ${a.act === "veto" ? "veto" : "pass"} the Neutrality Act`;
      default: return head;
    }
  }

  /** DoD 8.7.1 IPO 16: a motion in words (league.describe_motion). */
  leagueMotion(m) {
    const who = m.minor ? this.minor(m.minor) : "own power";
    if (m.league === "join" || m.league === "leave") return `${m.league} the League (${who})`;
    if (m.league === "credit") return "ask the League for 10 more credit";
    const kinds = { embargo: "a trade embargo", expulsion: "expulsion", enough: "'enough is enough'" };
    if (m.league === "cancel") {
      const gone = (this.sanctions || [])[Number(m.sanction)];
      return gone ? `cancel ${kinds[gone.kind] || gone.kind} on ${this.seatTitle(gone.on)} for its war on ${this.leagueVoter(gone.cause)}`
        : `cancel sanction ${Number(m.sanction) + 1}`;
    }
    return `${kinds[m.kind] || m.kind} on ${this.seatTitle(m.target)} for its war on ${this.leagueVoter(m.cause)}`;
  }

  leagueVoter(country) {
    return this.reference.minors?.[country] ? this.minor(country) : this.seatTitle(country);
  }

  present(decision, item, view) {
    this.#learn(view);
    const a = item.action || {};
    let label;
    switch (decision.kind) {
      case "bid": label = a.bid ? `Bid ${a.bid} for ${a.options} option${a.options === 1 ? "" : "s"}` : "No bid"; break;
      case "drop": label = `Initiative position ${a.position}`; break;
      case "option": label = this.optionText(a); break;
      case "activate": label = `Activate ${this.minor(a.minor)}`; break;
      case "shift": label = `${this.seatTitle(a.marker)}'s marker: move to ${this.where(a.to)}`; break;
      case "direct": label = a.direct ? "Direct the minor" : "Decline to direct it"; break;
      case "league_vote": label = `${this.leagueVoter(decision.data?.country)}: ${{ yes: "vote yes", no: "vote no" }[a.vote] || "abstain"}`; break;
      case "coup_cell": label = a.use ? `Use your coup cell: the coup of ${this.seatTitle(decision.data?.power)} in ${this.minor(decision.data?.minor)} is stopped` : "Keep the coup cell: let the coup go ahead"; break;
      case "league_peace": label = a.peace ? `Make peace with ${this.minor(decision.data?.minor)} to lift the sanction` : "No peace: the sanction comes into effect"; break;
      case "minor_peace": label = a.peace ? `Make peace for ${this.minor(a.minor)} with ${this.seatTitle(a.with)}` : "Keep the war"; break;
      case "spend": label = Object.entries(a).map(([k, n]) => `${n} ${k.replace(/_/g, " ")}`).join(", ") || "spend nothing"; break;
      case "commit": label = Object.entries(a.commit || {}).map(([p, n]) => `${n} army points against ${this.foe(p)}`).join(", ") || "commit nothing"; break;
      case "minor_commit": label = `${this.minor(decision.data?.minor)}: ` + (Object.entries(a.commit || {}).map(([p, n]) => `${n} army points against ${this.seatTitle(p)}`).join(", ") || "commit nothing"); break;
      default: return super.present(decision, item, view);
    }
    return { hex: null, from: null, text: "", kind: "option", label };
  }

  describe(decision, item, view) {
    return this.present(decision, item, view).label;
  }

  /** Every decision of this game is answered in its editor: the answer picked stays pending
   * when another power's move reloads the items (the bids and spending are simultaneous). */
  hasEditor(decision) {
    return ["bid", "option", "drop", "activate", "shift", "spend", "commit", "minor_commit"].includes(decision.kind);
  }

  editor(decision, orders) {
    if (!this.hasEditor(decision)) return null;
    return (this.editors[decision.id] ||= new DodEditor(this, decision));
  }

  text(value) {
    // Prompts name minors by title already; power ids appear in some waiting lines.
    return String(value ?? "");
  }

  /** DoD 4 / 3.14 (version 25): the objectives each ideology and each power holds at the end,
   * of its needed total, and the score (held less needed) that placed it. Counts arrive as
   * text ("12.5" for a half); the needed total is the held count less the score. */
  objectivesText(result) {
    const held = result?.objectives;
    if (!held) return "";
    const signed = (n) => (n > 0 ? `+${n}` : `${n}`.replace("-", "−"));
    const line = (title, got, net) => {
      const h = Number(got), n = Number(net);
      return `${title} ${h} of ${h - n} (${signed(n)})`;
    };
    const ideologies = Object.entries(result.ideology_objectives || {})
      .map(([i, got]) => line(IDEOLOGY_PLURALS[i] || i, got, result.ideology_scores?.[i]));
    const powers = Object.entries(held)
      .map(([p, got]) => line(this.seatTitle(p), got, result.objectives_net?.[p]));
    return `Objectives held (of needed): ${ideologies.join(", ")}; ${powers.join(", ")}. `;
  }

  resultText(result) {
    if (result?.placements?.length) {
      return `${result.placements.map((p) => `${p.place}. ${p.seats.map((s) => this.seatTitle(s)).join(", ")}`).join(" · ")}`
        + (result.reason ? ` (${String(result.reason).replace(/_/g, " ")})` : "");
    }
    return super.resultText(result);
  }

  event(event, view) {
    this.#learn(view);
    const d = event.data || {};
    switch (event.kind) {
      case "weather": return `Weather: ${d.weather} (roll ${d.roll})`;
      case "bids_revealed": return `Bids revealed: ${Object.entries(d.bids || {}).map(([p, b]) => `${this.seatTitle(p)} ${b.bid}/${b.options}`).join(", ")}; initiative ${(d.initiative || []).map((p) => this.seatTitle(p)).join(", ")}`;
      case "initiative_dropped": return `${this.seatTitle(d.power)} moves from position ${d.from} to ${d.to}`;
      case "minor_activated": return `${this.seatTitle(d.power)} activates ${this.minor(d.minor)}`;
      case "minor_moved": return `${this.minor(d.minor)} moves from ${this.where(d.from)} to ${this.where(d.to)} (${this.seatTitle(d.marker)}'s marker)`;
      case "pe_rolled": return `${this.seatTitle(d.power)} pays ${d.cost} and rolls ${(d.rolls || []).join(", ")}: effectiveness ${d.pe}`;
      case "minor_army_bought": return `${this.seatTitle(d.power)} pays ${d.cost} for army points in a minor (secret)`;
      case "minor_army_secret": return `Only you see: ${d.ap} army points in ${this.minor(d.minor)} (${d.held} held)`;
      case "bid_points_gained": return `${this.seatTitle(d.power)} gains ${d.gained} bid points`;
      case "bonus_bid_points": return `${this.seatTitle(d.power)} played nothing: ${d.bid_points} bid points${d.paid ? `, pays ${d.paid}` : ""}`;
      case "income": return `Income: ${Object.entries(d.income || {}).map(([p, n]) => `${this.seatTitle(p)} ${n}`).join(", ")}`;
      case "game_over": return `Game over: ${this.resultText(d.result || view?.game?.result) || String(d.reason || "").replace(/_/g, " ")}`;
      case "league_motion": return `${this.seatTitle(d.power)} moves in the League: ${this.leagueMotion(d.motion || {})}${d.roll ? ` (council roll ${d.roll})` : ""}`;
      case "league_vote": return `League vote on ${this.seatTitle(d.power)}'s motion: ${d.carried ? "carried" : "lost"} (${Object.entries(d.votes || {}).map(([c, v]) => `${this.leagueVoter(c)} ${v}`).join(", ") || "no votes"})`;
      case "league_peace": return `${this.seatTitle(d.power)} makes peace with ${this.minor(d.minor)}: the League's sanction is lifted`;
      case "coup_announced": return `${this.seatTitle(d.power)} announces a coup in ${this.minor(d.minor)}: ${(d.holders || []).map((p) => this.seatTitle(p)).join(", then ")} may use a coup cell to stop it`;
      case "coup_cell_kept": return `${this.seatTitle(d.cell_of)} keeps its coup cell in ${this.minor(d.minor)}`;
      case "coup_neutralised": return `${this.seatTitle(d.power)}'s coup in ${this.minor(d.minor)} is stopped by ${this.seatTitle(d.cell_of)}'s coup cell`;
      case "coup_attempt": return `${this.seatTitle(d.power)} tries a coup in ${this.minor(d.minor)}: roll ${d.roll}, ${d.modified} modified: ${{ no_effect: "no effect", civil_war: d.government ? `civil war: ${this.seatTitle(d.power)} directs the rebels, ${this.seatTitle(d.government)} the government` : "civil war (nobody to direct the government: no effect)", counter_coup: `counter-coup of ${d.dice} ${d.dice === 1 ? "die" : "dice"}`, coup: `coup of ${d.dice} ${d.dice === 1 ? "die" : "dice"}` }[d.result] || d.result}${d.by ? `; ${this.seatTitle(d.by)} rolls ${d.total}` : ""}`;
      case "league_joined": return `${this.leagueVoter(d.country)} joins the League of Nations`;
      case "league_left": return `${this.leagueVoter(d.country)} leaves the League of Nations`;
      case "league_expelled": return `${this.seatTitle(d.power)} is expelled from the League of Nations`;
      case "league_credit": return `${this.seatTitle(d.power)}'s credit limit is now ${d.credit_limit} (League of Nations)`;
      case "league_sanction_cancelled": return `${this.seatTitle(d.by)} has the League cancel its ${d.kind === "enough" ? "'enough is enough'" : d.kind} on ${this.seatTitle(d.on)}`;
      case "league_sanction": return `League sanction on ${this.seatTitle(d.power)}: ${d.kind === "enough" ? "'enough is enough'" : d.kind}`;
      case "new_turn": return `Turn ${d.turn} begins (${d.date})`;
      case "treaty_proposed": return `${this.seatTitle(d.power)} proposes a level ${d.level} treaty to ${this.seatTitle(d.to)}`;
      case "proposals_answered": return `${this.seatTitle(d.power)} agrees with the proposals of ${(d.agree || []).map((p) => this.seatTitle(p)).join(", ")}`;
      case "treaty_signed": return `treaty signed: ${(d.powers || []).map((p) => this.seatTitle(p)).join(" and ")} now at level ${d.level}`;
      case "proposal_failed": return `the proposal of ${this.seatTitle(d.power)} to ${this.seatTitle(d.to)} fails`;
      case "war_declared": return `${this.seatTitle(d.power)} declares war on ${this.seatTitle(d.target)}${d.limited ? " (a limited war)" : ""}`;
      case "commitments_revealed": return `army commitments revealed: ${[...Object.entries(d.commit || {}).map(([p, c]) => `${this.seatTitle(p)} ${Object.values(c).reduce((x, y) => x + y, 0)}`), ...Object.entries(d.minors || {}).map(([m, c]) => `${this.minor(m)} ${Object.values(c).reduce((x, y) => x + y, 0)}`)].join(", ")}`;
      case "minor_front_combat": return `front ${this.seatTitle(d.power)} against ${this.minor(d.minor)}: ${d.winner ? `won by ${this.foe(d.winner)}, ${d.offensives} offensives` : "no winner"}; ${d.held || 0} offensives into ${this.minor(d.minor)}`;
      case "minor_forces_set_up": return `${this.minor(d.minor)}'s forces set up: ${d.army} army and ${d.naval} naval points${Object.keys(d.from_0b || {}).length ? ` (with ${Object.entries(d.from_0b).map(([p, n]) => `${n} bought by ${this.seatTitle(p)}`).join(", ")})` : ""}`;
      // DoD 8.7.1 IPO 4, IPO 7/8, 9.5, 10.4: the minor civil war (civil_war.py)
      case "civil_war_begins": return `civil war in ${this.minor(d.minor)}: army roll ${d.rolls?.army}, naval roll ${d.rolls?.naval}; the government has ${d.army?.government} army and ${d.naval?.government} naval points, the rebels ${d.army?.rebels} and ${d.naval?.rebels}`;
      case "civil_war_battle": return `civil war battle in ${this.minor(d.minor)}: ${d.winner ? `won by the ${d.winner}, ${d.offensives} offensives` : "no winner"}; offensives: government ${d.held?.government}, rebels ${d.held?.rebels} of ${d.level}`;
      case "civil_war_ends": return `the civil war in ${this.minor(d.minor)} ends after ${d.turns} turns: the ${d.winner} win (directed by ${this.seatTitle(d.director)})${d.display ? `; the minor's marker moves to ${this.where(d.display)} and its markers are reversed` : ""}`;
      case "civil_war_production": return `civil war production in ${this.minor(d.minor)}: the government builds ${d.army?.government} army points, the rebels ${d.army?.rebels}`;
      case "civil_war_support": return `${this.seatTitle(d.power)} supports the ${d.side} in ${this.minor(d.minor)}: ${d.army} army and ${d.naval} naval points bought${d.transfer ? `, ${d.transfer} army points sent` : ""}; directed by ${this.seatTitle(d.director)}`;
      case "minor_army_joins": return `army points for ${this.minor(d.minor)} at war, bought by ${this.seatTitle(d.power)}: ${d.ap} (now ${d.army})`;
      case "minor_navy_passes": return `${this.minor(d.minor)}'s ${d.naval} naval points pass to ${this.seatTitle(d.power)}`;
      case "front_combat": return `front ${(d.powers || []).map((p) => this.seatTitle(p)).join(" against ")}: ${d.winner ? `won by ${this.seatTitle(d.winner)}, ${d.offensives} offensives` : "no winner"}`;
      case "power_conquered": return `${this.seatTitle(d.power)} is conquered`;
      case "war_on_minor": return `${this.seatTitle(d.power)} declares war on ${this.minor(d.minor)}${d.director ? `, directed by ${this.seatTitle(d.director)}` : ""}`;
      case "minor_aligned":   // 8.7.1 IPO 5, MP 4's free alignment (rulings 71–76)
        return `${this.minor(d.minor)} aligns with ${this.seatTitle(d.power)}${(d.markers_removed || []).length ? "; its markers are removed" : ""}${(d.ties_cancelled || []).length ? "; its other ties are cancelled" : ""}`;
      case "aligned_minor_at_war": return `${this.minor(d.minor)}, aligned with ${this.seatTitle(d.power)}, is at war with ${this.seatTitle(d.enemy)}`;
      case "aligned_minor_returns": return `${this.minor(d.minor)} returns home, allied to ${this.seatTitle(d.power)} alone${(d.wars_ended || []).length ? "; its wars end" : ""}`;
      case "alignment_ends": return `${this.minor(d.minor)} is no longer aligned with ${this.seatTitle(d.power)}`;
      case "minor_conquered": return `${this.minor(d.minor)} is conquered by ${this.seatTitle(d.power)}`;
      case "director_accepts": return `${this.seatTitle(d.power)} directs ${this.minor(d.minor)} against ${this.seatTitle(d.declarer)}`;
      case "director_declines": return `${this.seatTitle(d.power)} declines to direct ${this.minor(d.minor)}${d.next ? `; ${this.seatTitle(d.next)} is asked` : ""}`;
      case "minor_peace": return `${this.seatTitle(d.director)} makes peace for ${this.minor(d.minor)} with ${this.seatTitle(d.with)}`;
      case "minor_unavenged": return `${this.seatTitle(d.power)} did not avenge ${this.minor(d.minor)}: loses ${d.pe_lost} effectiveness`;
      case "surrender_offered": return `${this.seatTitle(d.power)} offers a conditional surrender to ${this.seatTitle(d.to)}`;
      case "surrender_refused": return `the surrender of ${this.seatTitle(d.power)} to ${this.seatTitle(d.to)} is not accepted: the war goes on`;
      case "surrendered": return `${this.seatTitle(d.power)} surrenders (${d.terms}) to ${this.seatTitle(d.to)}`;
      case "peace": return `peace between ${(d.powers || []).map((p) => this.seatTitle(p)).join(" and ")}, with a pact`;
      case "treaty_torn_up": return `${this.seatTitle(d.power)} tears up ${d.levels} treaty level${d.levels === 1 ? "" : "s"} with ${this.seatTitle(d.with)}${d.pe_lost ? " and loses one effectiveness" : ""}`;
      case "war_chart_us_entry": return `War Chart: United States entry for ${this.seatTitle(d.power)} ${d.entry}${d.halved ? " (halved: casus belli)" : ""} for the war on ${this.foe(d.target)} (total ${d.total})`;
      case "spies_rolled": return `${this.seatTitle(d.power)} spies on ${this.seatTitle(d.target)}: roll ${d.roll}, result ${d.result}: ${{ ipo1: "IPO 1 owed", "0f": "MP 0(f) owed", none: "no effect", implicated: "implicated" }[d.outcome] || d.outcome}`;
      case "option_owed": return `${this.seatTitle(d.power)} owes ${d.option === "IPO1" ? `IPO 1 (${d.direction} the centre faction)` : "MP 0(f)"} to ${this.seatTitle(d.by)}'s spies`;
      case "owed_option_played": return `${this.seatTitle(d.power)} plays what it owed (${(d.paid || []).length} paid)`;
      case "spy_implicated": return `${this.seatTitle(d.power)} is implicated: ${this.seatTitle(d.target)} holds casus belli against it until turn ${d.casus_belli_until}'s political step ends`;
      case "casus_belli_lapsed": return `casus belli lapsed: ${(d.lapsed || []).map((k) => k.split(">").map((p) => this.seatTitle(p)).join(" against ")).join(", ")}`;
      case "treaty_chart_us_entry": return `Treaty Chart: United States entry for ${this.seatTitle(d.power)} ${d.entry} for the treaty with ${this.seatTitle(d.partner)} (total ${d.total})`;
      // DoD 8.7.2 national options (national.py, rulings 105-111)
      case "neutrality_act": return `United States ${d.act === "veto" ? "vetoes" : "passes"} the Neutrality Act: effectiveness ${d.pe}; later United States entry changes shift ${(d.votes || []).length} time(s)`;
      case "purge": return `Soviet Union purges its army: effectiveness ${d.pe}, ${d.army_lost} army points removed`;
      case "rhineland": return `${this.seatTitle(d.power)} takes the Rhineland${Object.keys(d.belgian_alliances_broken || {}).length ? `; the alliance of ${Object.keys(d.belgian_alliances_broken).map((p) => this.seatTitle(p)).join(", ")} with Belgium ends` : ""}`;
      case "rhineland_us_entry": return `United States entry for ${this.seatTitle(d.power)}: ${d.entry} for holding the Rhineland (total ${d.total})`;
      case "ukraine": return `Germany recognises the Ukraine: effectiveness Germany ${d.pe?.GE}, Soviet Union ${d.pe?.RU}; ${d.army} army points; the Soviet Union holds casus belli against Germany`;
      case "anschluss": return `Anschluss: Austria becomes part of ${this.seatTitle(d.power)}'s home country; ${d.army} army points, income ${d.income} (+${d.income_added}), ${d.level_added} more offensives to conquer it`;
      case "albania_occupied": return `${this.seatTitle(d.power)} occupies Albania: it becomes a colony (income +${d.income_added})`;
      case "national_option_proposed": return `${this.seatTitle(d.power)} plays ${d.option.replace(/^([A-Z]+)(\d+)$/, "$1 $2")}, waiting for the agreement of ${this.seatTitle(d.to)} this turn`;
      case "national_option_failed": return `${d.option.replace(/^([A-Z]+)(\d+)$/, "$1 $2")} of ${this.seatTitle(d.power)} fails: ${this.seatTitle(d.to)} did not agree`;
      case "modernize_army": return `${this.seatTitle(d.power)} modernizes its army: ${d.army_due} army points at the next production`;
      case "national_army_arrives": return `${this.seatTitle(d.power)} gains ${d.army} army points (now ${d.total})`;
      case "demand_made": return `${this.seatTitle(d.power)} plays ${d.option.replace(/^([A-Z]+)(\d+)$/, "$1 $2")}: it demands ${{ sudetenland: "the Sudetenland", danzig_corridor: "the Danzig Corridor" }[d.territory] || d.territory} of ${this.minor(d.minor)}, settled when political affairs end`;
      case "demand_granted": return `${this.seatTitle(d.power)} gains ${{ sudetenland: "the Sudetenland", danzig_corridor: "the Danzig Corridor" }[d.territory] || d.territory} as home country (income +${d.income_added})${d.tribute ? `; ${this.minor(d.minor)} pays it a resource each turn` : ""}`;
      case "demand_blocked": return `${d.option.replace(/^([A-Z]+)(\d+)$/, "$1 $2")} of ${this.seatTitle(d.power)} is blocked: ${this.minor(d.minor)} keeps its territory`;
      case "demand_backed": return `${this.seatTitle(d.power)} plays ${d.option.replace(/^([A-Z]+)(\d+)$/, "$1 $2")}${d.blocks ? `, blocking ${d.blocks.replace(/^([A-Z]+)(\d+)$/, "$1 $2")}` : ""}${(d.guaranteed || []).length ? `; new guarantees: ${d.guaranteed.map((g) => g.split(">")).map(([p, m]) => `${this.seatTitle(p)} of ${this.minor(m)}`).join(", ")}` : ""}`;
      case "tribute_ends": return `${this.minor(d.minor)} no longer pays ${this.seatTitle(d.power)} a resource (income ${d.income_added})`;
      case "peking_bridge": return `Peking Bridge Incident: Japan goes to limited war with China${d.china_pm_raised ? `; China's production multiple rises to ${d.china_pm}` : ""}`;
      case "manchuria_abandoned": return `Japan abandons Manchuria: effectiveness ${d.pe}`;
      case "tojo": return `Tojo takes over in Japan: effectiveness ${d.pe}; marker from ${this.where(d.from)} to ${this.where(d.to)}`;
      case "us_entry": return `United States entry for ${this.seatTitle(d.power)}: roll ${d.roll}, modified ${d.modified}, change ${d.entry} (total ${d.total})`;
      default: return super.event(event, view);
    }
  }
}

// --- the bid and option editors ------------------------------------------------------------
//
// Both pick one of the items the server offered (orders.pick): the bid by its two numbers, the
// option from the catalogue of what may be played now. Confirm sends it as offered.

export class DodEditor {
  constructor(adapter, decision) {
    this.adapter = adapter;
    this.id = decision.id;
    this.decision = decision;
    this.form = { bid: 0, options: 1, option: null };
    this.problem = "";
    this.chosen = null;     // the JSON of the answer picked, kept across reloads
  }

  /** After every (re)load of the decision's items — another power's move reloads them —
   * the answer chosen stays pending if it is still offered. */
  attach(orders) {
    this.orders = orders;
    this.decision = orders.decision || this.decision;
    if (!this.chosen || orders.status === "sending") return;
    const entry = this.#entries().find((e) => JSON.stringify(e.item.action) === this.chosen);
    if (!entry) { this.chosen = null; return; }
    orders.pending = entry;
    orders.status = "confirm";
  }

  #pick(entry) {
    this.chosen = JSON.stringify(entry.item.action);
    this.orders.pick(entry.index);
  }

  highlights() {
    return [];
  }

  clickHex() {
    return false;
  }

  cancel() {
    const orders = this.orders;
    this.chosen = null;
    orders.pending = null;
    orders.status = "ready";
    orders.changed();
  }

  #entries() {
    return this.orders?.entries || [];
  }

  #chooseBid() {
    const { bid, options } = this.form;
    const entry = this.#entries().find((e) => (bid === 0 ? e.item.action.bid === 0
      : e.item.action.bid === bid && e.item.action.options === options));
    this.problem = entry ? "" : `A bid of ${bid} for ${options} options is not among the bids you may make.`;
    if (entry) this.#pick(entry);
    else this.orders.changed();
  }

  #bidPanel() {
    const store = this.orders.store;
    const seat = this.orders.seat;
    const pool = store.view?.board?.powers?.[seat]?.bid_points ?? 0;
    const most = Math.max(1, ...this.#entries().map((e) => e.item.action.options || 0));
    const form = this.form;
    return h("div", { class: "dod-bid", id: "bid-panel" },
      h("p", {}, `Your bid stays secret until every power has bid: the others see only that you have bid. You hold ${pool} bid points.`),
      h("label", {}, "Bid points ", h("input", { type: "number", id: "bid-points", min: "0", max: String(pool), value: String(form.bid),
        oninput: (event) => { form.bid = Number(event.target.value) || 0; } })),
      h("label", {}, " for options ", h("input", { type: "number", id: "bid-options", min: "1", max: String(most), value: String(form.options),
        oninput: (event) => { form.options = Number(event.target.value) || 1; } })),
      " ", h("button", { class: "button small", id: "bid-choose", onclick: () => this.#chooseBid() }, "Make this my bid"),
      h("p", { class: "muted small" }, "Or make no bid: you play no option this turn and gain bonus bid points instead."),
      this.#choices(this.#entries().filter((e) => !e.item.action.bid)));
  }

  #optionPanel() {
    const adapter = this.adapter;
    const groups = new Map();
    for (const e of this.#entries()) {
      const id = e.item.action.option;
      if (!groups.has(id)) groups.set(id, []);
      groups.get(id).push(e);
    }
    const form = this.form;
    if (!groups.has(form.option)) form.option = groups.keys().next().value ?? null;
    const rows = [...groups].map(([id, entries]) => {
      const row = adapter.reference.options?.[id] || {};
      return h("tr", { class: id === form.option ? "chosen" : "", dataset: { option: id } },
        h("td", {}, h("label", {}, h("input", { type: "radio", name: "dod-option", value: id, checked: id === form.option,
          onchange: () => { form.option = id; this.orders.changed(); } }), ` ${row.number || id} ${row.name || ""}`)),
        h("td", {}, row.cost ? `${row.cost} money, paid on success` : costWords(id)),
        h("td", {}, EFFECTS[id] || "", row.rule ? [" ", cite(row.rule)] : null),
        h("td", {}, h("small", { class: "muted" }, `${entries.length} way${entries.length === 1 ? "" : "s"}`)));
    });
    const chosen = groups.get(form.option) || [];
    const row = adapter.reference.options?.[form.option] || {};
    // The chosen option's legal ways are the decision's answers, as every ruleset offers
    // them: a choice button each, then the pending order and Confirm; the catalogue below
    // is the reference, and choosing another of its rows lists that option's ways.
    const ways = chosen.length ? h("div", { class: "dod-variant", id: "option-ways" },
      h("p", { class: "muted small" }, `${row.number || form.option} ${row.name || ""}: choose how `
        + `(${chosen.length} way${chosen.length === 1 ? "" : "s"}), or another option in the catalogue below.`),
      this.#choices(chosen)) : h("p", { class: "muted" }, "No option is open to you now.");
    const catalogue = h("table", { class: "list dod-catalogue", id: "option-catalogue" },
      h("thead", {}, h("tr", {}, h("th", {}, "Option"), h("th", {}, "Cost"), h("th", {}, "Effect"), h("th", {}, "Ways"))),
      h("tbody", {}, rows));
    return [ways, this.orders.pending ? pendingOrder(this.orders) : null, catalogue];
  }

  /** The answers offered, a choice button each: a click makes it the pending order. */
  #choices(entries) {
    return h("ul", { class: "choices", "aria-label": "Options" }, entries.map((e) => h("li", {},
      h("button", { class: "choice", dataset: { index: e.index }, onclick: () => this.#pick(e) }, e.p.label))));
  }

  #listPanel() {
    const entries = this.#entries();
    if (!entries.length) return h("p", { class: "muted" }, this.orders.status === "loading" ? "Asking the server for the legal options…" : "No answer is offered now.");
    return this.#choices(entries);
  }

  panel() {
    const orders = this.orders;
    const d = orders.decision || this.decision;
    if (d.kind === "option") return h("div", { class: "dod-options", id: "option-panel" }, ...this.#optionPanel());
    const out = [d.kind === "bid" ? this.#bidPanel() : this.#listPanel()];
    if (this.problem) out.push(h("div", { class: "reject", role: "alert", id: "bid-problem" }, this.problem));
    if (orders.pending) {
      out.push(pendingOrder(orders));
    }
    return out;
  }
}

function svgEl(tag, attrs = {}, text = null) {
  const node = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  if (text !== null) node.textContent = text;
  return node;
}

function costWords(id) {
  if (id === "0a") return "3 money a die";
  if (id === "0b") return "1 money an army point";
  return "free";
}
