// Unit-first orders: click a counter, see everything it can do now, click where it goes.
//
// Every open decision the user holds says in the view which units and places it concerns
// (`decision.concerns`, built by the server from the decision's own answers: see
// engine/kernel/concerns.py). This mode inverts that index: a click on a stack selects the
// user's concerned units there and asks the server for the options of every decision that
// concerns them (a march's destinations with their costs, rail, attacks with odds, …); the map
// highlights what they lead to; a click on a highlighted hex makes that item the pending order,
// which Confirm sends to its own decision. Nothing here decides what is legal: the items are
// the server's, and a click on a hex that is not offered asks the server why (explain).
//
// Items of enumerated decisions (and of a few schema decisions, fetched whole) are loaded for
// the whole position ("global" entries): those on a hex with no origin — a loss, a retreat's
// destination, a reorganisation, a placement — are clickable without selecting anything, and
// those with no hex at all (end the half, stop the force, pay) are buttons in the panel.

/** @typedef {{item: any, index: number, p: any, decision: any, seat: string}} Entry */

const EAGER_SCHEMA = 3;   // schema decisions fetched whole when no more than this many are open

export class UnitMode {
  /** @param {import("./orders.js").Orders} orders */
  constructor(orders) {
    this.orders = orders;
    this.reset();
  }

  reset() {
    /** @type {Map<string, Entry[]>} */
    this.global = new Map();     // decision id → its entries, for decisions loaded whole
    /** @type {{hex: string, units: string[], all: boolean}|null} */
    this.selection = null;
    /** @type {Entry[]} */
    this.entries = [];           // the selection's entries
    /** @type {Entry[]} */
    this.placed = [];            // the answers acting on the last place clicked
    this.counter = 0;
    this.token = 0;
    this.why = null;             // the server's answer to the last refused click
  }

  get store() { return this.orders.store; }
  get adapter() { return this.orders.adapter; }

  decisions() {
    return this.orders.available();
  }

  seatOf(decision) {
    return decision.seats.find((s) => this.store.mySeats.includes(s));
  }

  #entry(decision, item) {
    this.counter += 1;
    return { item, index: this.counter, decision, seat: this.seatOf(decision),
      p: this.adapter.present(decision, item, this.store.view) };
  }

  // --- the index ----------------------------------------------------------------------------

  /** unit id → its hex, for the user's concerned units on the map (once per view: the
   * adapter draws every counter to say where they stand, a campaign's hundreds). */
  unitHexes() {
    const view = this.store.view;
    if (this.hexCache?.view === view) return this.hexCache.hexes;
    const at = new Map((this.adapter.units(view) || []).map((u) => [u.id, u.hex]));
    const out = new Map();
    for (const d of this.decisions()) {
      for (const uid of d.concerns?.units || []) if (at.has(uid)) out.set(uid, at.get(uid));
    }
    this.hexCache = { view, hexes: out };
    return out;
  }

  unitsAt(hex) {
    return [...this.unitHexes()].filter(([, h]) => h === hex).map(([uid]) => uid).sort();
  }

  /** Hexes with units of the user that some decision can send somewhere: where a loaded
   * decision's answers start, and where the units a decision not yet loaded concerns stand. */
  origins() {
    const hexes = this.unitHexes();
    const out = new Set();
    for (const d of this.decisions()) {
      const loaded = this.global.get(d.id);
      if (loaded) {
        for (const e of loaded) if (e.p.from && this.adapter.unitsOf(d, e.item.action).some((u) => hexes.get(u) === e.p.from)) out.add(e.p.from);
      } else {
        for (const uid of d.concerns?.units || []) if (hexes.has(uid)) out.add(hexes.get(uid));
      }
    }
    return [...out].sort();
  }

  /** Decisions that concern any of `units`, or `hex` as a place. */
  concerning(units, hex) {
    return this.decisions().filter((d) => (d.concerns?.units || []).some((u) => units.includes(u))
      || (hex && (d.concerns?.places || []).includes(hex)));
  }

  globalEntries() {
    return [...this.global.values()].flat();
  }

  /** Entries that act on a hex without moving anything there (a loss, a retreat's end, a
   * placement, a reorganisation) and need no selection. */
  targets() {
    return this.globalEntries().filter((e) => e.p.hex && !e.p.from);
  }

  /** Answers with no place on the map (end the half, stop the force, pay, no reserve …). */
  loose() {
    return this.globalEntries().filter((e) => !e.p.hex && !e.p.from);
  }

  /** Whether a decision moves or attacks from where its units stand (a march, rail, attack):
   * then a click on those units selects them rather than picking an in-place answer. */
  #moves(decision) {
    const loaded = this.global.get(decision.id);
    if (!loaded) return !!decision.schema;
    return loaded.some((e) => e.p.from);
  }

  // --- following the position ---------------------------------------------------------------

  /** The view changed (or the mode was entered): reload, keeping the selection if it still
   * means something (the force that just marched is selected where it now stands). */
  async sync() {
    const before = this.selection;
    const orders = this.orders;
    const token = (this.token += 1);
    this.global = new Map();
    this.entries = [];
    this.selection = null;
    orders.origin = null;
    this.placed = [];
    this.why = null;
    orders.pending = null;
    orders.choices = [];
    orders.status = "loading";
    orders.changed();
    const mine = this.decisions();
    const schema = mine.filter((d) => d.schema);
    const eager = mine.filter((d) => d.options || schema.length <= EAGER_SCHEMA);
    const loaded = await Promise.all(eager.map((d) => this.#items(d, null).catch(() => [])));
    if (token !== this.token) return;
    eager.forEach((d, i) => this.global.set(d.id, loaded[i].map((item) => this.#entry(d, item))));
    orders.status = "ready";
    const hexes = this.unitHexes();
    const kept = (before?.units || []).filter((u) => hexes.has(u));
    const origins = this.origins();
    if (kept.length) {
      const hex = hexes.get(kept[0]);
      await this.select(hex, { units: before.all ? null : kept.filter((u) => hexes.get(u) === hex) });
    } else if (origins.length === 1 && mine.some((d) => this.#moves(d))) {
      await this.select(origins[0]);
    } else {
      orders.hint = this.#hint();
      orders.changed();
    }
  }

  #hint() {
    if (this.selection) {
      const n = this.live().filter((e) => e.p.hex && e.p.hex !== this.selection.hex).length;
      return n ? "Click a highlighted hex to give the order." : "Nothing these units can do on the map now.";
    }
    if (this.origins().length) return "Click one of your highlighted stacks to see what it can do.";
    if (this.targets().length) return "Click a highlighted hex.";
    return "";
  }

  async #items(decision, query) {
    if (decision.options !== undefined) return decision.options.map((action) => ({ action }));
    return this.orders.socket.options(this.seatOf(decision), decision.id, query);
  }

  // --- selecting ----------------------------------------------------------------------------

  /** Select the user's concerned units at `hex` (`units`: a subset; null: the whole stack). */
  async select(hex, { units = null } = {}) {
    const orders = this.orders;
    const stack = this.unitsAt(hex);
    const chosen = units && units.length && units.length < stack.length ? units.slice().sort() : stack;
    this.selection = { hex, units: chosen, all: chosen.length === stack.length };
    orders.origin = hex;
    this.why = null;
    orders.pending = null;
    orders.choices = [];
    orders.error = null;
    await this.#loadSelection();
  }

  /** The answers that act on place `hex` (an attack's target, a retreat's end) from every
   * decision that names it, loaded whole; kept so that one can be picked. */
  async #atPlace(hex) {
    const orders = this.orders;
    const token = (this.token += 1);
    orders.status = "loading";
    orders.changed();
    const decisions = this.decisions().filter((d) => (d.concerns?.places || []).includes(hex));
    const lists = await Promise.all(decisions.map((d) => (this.global.has(d.id)
      ? Promise.resolve(this.global.get(d.id).map((e) => e.item)) : this.#items(d, null).catch(() => []))));
    if (token !== this.token) return [];
    this.placed = decisions.flatMap((d, i) => lists[i].map((item) => this.#entry(d, item)))
      .filter((e) => e.p.hex === hex);
    orders.status = "ready";
    orders.changed();
    return this.placed;
  }

  /** Tick or untick one unit of the selected stack (a part of it moves). */
  async toggle(uid) {
    const sel = this.selection;
    if (!sel) return;
    const set = new Set(sel.units);
    if (set.has(uid)) set.delete(uid); else set.add(uid);
    if (!set.size) return;
    await this.select(sel.hex, { units: [...set] });
  }

  deselect() {
    this.selection = null;
    this.orders.origin = null;
    this.entries = [];
    this.why = null;
    this.orders.pending = null;
    this.orders.choices = [];
    this.orders.status = "ready";
    this.orders.hint = this.#hint();
    this.orders.changed();
  }

  async #loadSelection() {
    const orders = this.orders;
    const sel = this.selection;
    const token = (this.token += 1);
    orders.status = "loading";
    orders.changed();
    const decisions = this.concerning(sel.units, sel.hex);
    const lists = await Promise.all(decisions.map((d) => {
      // Part of a stack ticked, on a schema decision: the server answers what exactly those
      // units can do (the whole listing names whole stacks and single units only).
      const query = sel.all || d.options ? null : this.adapter.query(d, sel.units);
      if (this.global.has(d.id) && query === null) return Promise.resolve(null);
      return this.#items(d, query).catch(() => []);
    }));
    if (token !== this.token) return;
    let entries = [];
    decisions.forEach((d, i) => {
      const own = lists[i] ? lists[i].map((item) => this.#entry(d, item)) : this.global.get(d.id);
      entries.push(...own);
    });
    entries = this.#fit(entries, sel);
    this.entries = entries;
    orders.status = "ready";
    orders.hint = this.#hint();
    orders.changed();
  }

  /** The entries that belong to the selection. A move (an entry with an origin) must move
   * exactly the selected units — or, with the whole stack selected, the largest force the
   * server offers from there, of each kind; an attack must use some of them; an answer in
   * place must name one of them. */
  #fit(entries, sel) {
    const units = (e) => this.adapter.unitsOf(e.decision, e.item.action);
    const picked = new Set(sel.units);
    const largest = new Map();
    for (const e of entries) {
      if (e.p.from !== sel.hex || e.p.kind === "attack") continue;
      const n = units(e).length;
      if (n > (largest.get(e.decision.kind) ?? 0)) largest.set(e.decision.kind, n);
    }
    return entries.filter((e) => {
      const named = units(e);
      if (e.p.kind === "attack" && e.p.hex !== sel.hex) {
        // Ticked counters attack exactly as ticked (the server's answer names them); the
        // whole stack's attack is the largest force the server offers from there.
        const attacking = new Set(named);   // the point unit is named twice (units, point)
        if (!sel.all && e.p.from) return attacking.size === picked.size && named.every((u) => picked.has(u));
        return named.some((u) => picked.has(u)) || e.p.from === sel.hex;
      }
      if (e.p.from) {
        if (e.p.from !== sel.hex) return false;
        if (sel.all) return named.length === largest.get(e.decision.kind);
        return named.length === picked.size && named.every((u) => picked.has(u));
      }
      if (named.length) return named.some((u) => picked.has(u));
      return true;   // no unit named: the decision concerns the selection as a whole (stop)
    });
  }

  /** Entries that can be picked now. */
  live() {
    return this.selection ? this.entries : [];
  }

  // --- the map ------------------------------------------------------------------------------

  highlights() {
    const orders = this.orders;
    const out = [];
    if (orders.pending) {
      const p = orders.pending.p;
      if (p.from) out.push({ hex: p.from, kind: "selected" });
      if (p.hex) out.push({ hex: p.hex, kind: "selected", text: p.text });
      for (const x of p.preview || []) out.push(x);
      return out;
    }
    const sel = this.selection;
    if (!sel) {
      for (const hex of this.origins()) out.push({ hex, kind: "origin" });
      const shown = new Set(out.map((x) => x.hex));
      for (const [hex, e] of best(this.targets())) if (!shown.has(hex)) out.push({ hex, kind: e.p.kind, text: e.p.text });
      for (const d of this.decisions()) {
        if (this.global.has(d.id)) continue;
        for (const hex of d.concerns?.places || []) if (!shown.has(hex) && !(d.concerns?.units || []).length) out.push({ hex, kind: "option" });
      }
    } else {
      out.push({ hex: sel.hex, kind: "selected" });
      for (const [hex, e] of best(this.live().filter((x) => x.p.hex && x.p.hex !== sel.hex))) {
        out.push({ hex, kind: e.p.kind, text: e.p.text });
      }
    }
    if (this.why?.hex) out.push({ hex: this.why.hex, kind: "refused" });
    return out;
  }

  /** A click (or Enter) on a hex. Returns true if it did something to the order. */
  clickHex(hex) {
    const orders = this.orders;
    if (orders.status === "sending" || orders.status === "loading") return false;
    orders.error = null;
    this.why = null;
    if (orders.pending) {
      if (hex === orders.pending.p.hex) return true;
      orders.pending = null;
      orders.status = "ready";
    }
    const sel = this.selection;
    if (sel && hex !== sel.hex) {
      const here = this.live().filter((e) => e.p.hex === hex);
      if (here.length) return this.#offer(here);
    }
    if (sel && hex === sel.hex) {
      if (this.origins().length > 1) this.deselect();
      return true;
    }
    const units = this.unitsAt(hex);
    const inPlace = this.targets().filter((e) => e.p.hex === hex);
    const movers = this.concerning(units, null).some((d) => this.#moves(d));
    if (inPlace.length && !movers) return this.#offer(inPlace);
    if (units.length) {
      this.select(hex);
      return true;
    }
    if (inPlace.length) return this.#offer(inPlace);
    if (this.decisions().some((d) => (d.concerns?.places || []).includes(hex))) {
      this.#atPlace(hex).then((found) => {
        // With units selected, only their own answers there (never another force's attack
        // on the place, nor the whole stack's when part of it is ticked): else why not.
        const fitting = sel ? this.#fit(found, sel) : found;
        if (fitting.length) this.#offer(fitting);
        else if (sel) this.#explain(hex);
      });
      return true;
    }
    if (sel) {
      this.#explain(hex);
      return false;
    }
    orders.hint = this.origins().length ? "Nothing of yours can be ordered there: click a highlighted stack."
      : "That hex is not among the options the server offered (highlighted).";
    orders.changed();
    return false;
  }

  #offer(entries) {
    const orders = this.orders;
    if (entries.length === 1) {
      orders.pick(entries[0].index);
      return true;
    }
    orders.choices = ranked(entries);
    orders.pending = null;
    orders.hint = "Several orders end there: choose one.";
    orders.changed();
    return true;
  }

  /** Ask the server why the selection cannot go to `hex` (a candidate the adapter builds
   * from the decisions that concern the selection), and show its answer with the rule. */
  async #explain(hex) {
    const orders = this.orders;
    const sel = this.selection;
    if (!sel) return;
    const candidate = this.adapter.candidate?.(this.concerning(sel.units, sel.hex), sel, hex, this.entries,
      { all: this.decisions(), view: this.store.view });
    if (!candidate) {
      this.why = { hex, message: "Not among the orders these units can be given now.", rule: null };
      orders.changed();
      return;
    }
    this.why = { hex, message: "Asking the server why…", rule: null, asking: true };
    orders.changed();
    const seat = this.seatOf(candidate.decision);
    try {
      const answer = await orders.ask("explain", seat, candidate.decision.id, candidate.action);
      if (this.selection !== sel) return;
      this.why = answer.legal ? { hex, message: "The server would accept it: click the hex again.", rule: null, legal: true }
        : { hex, message: answer.message, rule: answer.rule, code: answer.code };
    } catch (error) {
      if (this.selection !== sel) return;
      this.why = { hex, message: error.message || "The server could not say why.", rule: null };
    }
    orders.changed();
  }

  pick(index) {
    return [...this.entries, ...this.placed, ...this.globalEntries()].find((e) => e.index === index) || null;
  }
}

/** The best entry per hex: the adapter's rank (odds), marches before rail, else the first. */
function best(entries) {
  const byHex = new Map();
  for (const e of entries) {
    const seen = byHex.get(e.p.hex);
    if (!seen || (e.p.rank ?? 0) > (seen.p.rank ?? 0)) byHex.set(e.p.hex, e);
  }
  return byHex;
}

function ranked(entries) {
  return entries.slice().sort((a, b) => (b.p.rank ?? 0) - (a.p.rank ?? 0));
}
