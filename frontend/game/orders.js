// Orders: map clicks (or keys) onto the options the server sent, and nothing else.
//
// For the decision being worked on, the items are the decision's own `options` (enumerated) or
// the server's answer to `options` (schema). A click picks among those items — by origin (the
// hex of the units an item moves) and then destination or target — and the chosen item is the
// pending order, shown parsed, which Confirm sends as is. The page offers no other way to build
// an action, so a player cannot send one outside the offered options (`submitRaw`, for tests
// and the console, sends one as given). The server judges every action anyway (the position may
// have changed meanwhile): a reject is shown with its rule and reason.
//
// Two ways in. Unit-first (unitorders.js, the default on a map whenever a decision of the user
// concerns units or places): click a counter, see everything it can do, click where it goes;
// the pending entry carries the decision it answers. Decision-first (the secondary view, and
// reactions, editors, decisions about nothing on the map): pick one of the user's decisions,
// then its origin and destination, as below.
//
// An adapter may offer an editor for a decision (`adapter.editor(decision, orders)`, e.g. a
// whole set-up placed counter by counter): it then takes the map's clicks and highlights and
// the panel, and sets `pending` only to an item the server offered — a listed option, or the
// answer to an options query that carries an `action`.

/**
 * @typedef {object} Item       one server-offered answer {action, ...details}
 * @typedef {{item: Item, p: import("./rulesets/generic.js").Presented, index: number}} Entry
 * @typedef {"idle"|"loading"|"ready"|"confirm"|"sending"|"error"} Status
 */

import { UnitMode } from "./unitorders.js";

const FORESEE_ALL = 6;    // a decision with at most this many listed answers shows what each does

export class Orders extends EventTarget {
  /**
   * @param {{store: import("./store.js").Store, socket: import("./protocol.js").GameSocket,
   *          adapter: import("./rulesets/generic.js").GenericAdapter}} deps
   */
  constructor({ store, socket, adapter }) {
    super();
    this.queuedHex = null;     // a map click made while the options reload (changed())
    this.store = store;
    this.socket = socket;
    this.adapter = adapter;
    this.decision = null;
    this.seat = null;
    /** @type {Entry[]|null} */
    this.entries = null;
    this.origin = null;
    this.force = null;          // the chosen force (JSON of its units) at the origin
    /** @type {Entry[]} */
    this.choices = [];          // several items on one clicked hex: pick one in the panel
    /** @type {Entry|null} */
    this.pending = null;
    /** @type {Status} */
    this.status = "idle";
    this.hint = "";
    this.error = null;
    this.loadToken = 0;
    this.loadedV = -1;
    this.userPicked = null;     // decision kind the user chose explicitly
    this.editor = null;         // the adapter's editor for this decision, if it has one
    /** @type {"decision"|"units"} */
    this.mode = "decision";
    this.units = new UnitMode(this);
    this.listMode = false;      // the user chose a decision from the list: decision-first
    this.listOpen = false;      // the folded list of every open decision is unfolded
    this.mapped = false;        // the page has a map (set by page.js): unit-first is possible
    this.consequence = null;    // what the pending order would do, from the server's preview
    this.previews = new Map();  // entry index → what it would do (a small list of answers)
    this.amend = {};            // the orders beside the pending one the user changed (orderOptions)
    this.ask = async () => { throw new Error("no inquiry endpoint"); };
  }

  changed() {
    this.dispatchEvent(new CustomEvent("change"));
    // A click on the map while the options were reloading (another player's move, a bot's
    // answer) is kept and played once they are ready, not silently lost.
    // ("confirm" too: an editor whose draft the server has checked offers it again on reload.)
    if (this.queuedHex && (this.status === "ready" || this.status === "confirm")) {
      const hex = this.queuedHex;
      this.queuedHex = null;
      queueMicrotask(() => this.clickHex(hex));
    }
  }

  /** The user's open decisions. */
  available() {
    return this.store.myDecisions();
  }

  /** After every view change: keep working on the same decision if it is still open. */
  sync() {
    const mine = this.available();
    if (!mine.length) {
      if (this.decision || this.mode === "units") this.#reset(null);
      this.mode = "decision";
      this.units.reset();
      this.status = "idle";
      this.changed();
      return;
    }
    if (this.listMode && !(this.decision && mine.some((d) => d.id === this.decision.id))) this.listMode = false;
    if (!this.listMode && this.#unitFirst(mine)) {
      if (this.mode !== "units") {
        this.#reset(null);
        this.mode = "units";
      } else if (this.loadedV === this.store.v) {
        return;
      }
      this.loadedV = this.store.v;
      this.units.sync();
      return;
    }
    if (this.mode === "units") {
      this.mode = "decision";
      this.units.reset();
      this.#reset(null);
    }
    const still = this.decision && mine.find((d) => d.id === this.decision.id);
    if (still && this.loadedV === this.store.v) return;
    if (still) {
      // Same decision, new position (a decision can stay open across steps): reload its items,
      // keeping the selected stack if it is still offered.
      const origin = this.origin;
      this.#reset(still);
      this.#load({ keepOrigin: origin });
      return;
    }
    const sameKind = this.userPicked && mine.find((d) => d.kind === this.userPicked);
    this.select((sameKind || this.adapter.preferred(mine)).id, { auto: true });
  }

  /** Whether the user's decisions are best given unit-first: on a map, none a reaction or an
   * editor's (those keep their own panel), and some of them about units or places. */
  #unitFirst(mine) {
    if (!this.mapped || mine.some((d) => d.reaction || this.adapter.hasEditor?.(d))) return false;
    // A lone decision with one listed answer is no choice: the panel sends it in one click.
    if (mine.length === 1 && mine[0].options?.length === 1) return false;
    return mine.some((d) => d.concerns && ((d.concerns.units || []).length || (d.concerns.places || []).length));
  }

  /** Leave the decision list for unit-first orders on the map. */
  backToMap() {
    this.listMode = false;
    this.loadedV = -1;
    this.sync();
  }

  /** Work on decision `id` (one of the user's open decisions). */
  select(id, { auto = false } = {}) {
    const decision = this.available().find((d) => d.id === id);
    if (!decision) return;
    if (!auto) {
      this.userPicked = decision.kind;
      this.listMode = true;
      if (this.mode === "units") { this.mode = "decision"; this.units.reset(); }
    }
    this.#reset(decision);
    this.#load();
  }

  #reset(decision) {
    // An editor that says its pending order outlives a reload (`keepsPending`: BoP's set-up,
    // whose order is the server's check of the draft) keeps it while its decision stays open
    // and its items reload (another seat's answer, a bot's): the order stays ready to confirm
    // meanwhile instead of vanishing until the reload is done, and the editor offers it again
    // once attached. The server judges it when it is sent, as always.
    const keep = !!decision && this.editor?.id === decision.id && !!this.editor.keepsPending;
    this.decision = decision;
    this.seat = decision ? decision.seats.find((s) => this.store.mySeats.includes(s)) : null;
    this.entries = null;
    this.origin = null;
    this.force = null;
    this.choices = [];
    if (!keep) this.pending = null;
    // A load still under way is for the decision left or reset: its answer is dropped (a kept
    // pending order could otherwise be confirmed meanwhile and offered again for a closed
    // decision when that stale load lands).
    this.loadToken += 1;
    this.hint = "";
    this.error = null;
    this.consequence = null;
    this.previews = new Map();
    this.amend = {};
    this.status = decision ? "loading" : "idle";
    // An editor keeps its work while its decision stays open (the position may move on).
    if (!decision || this.editor?.id !== decision.id) this.editor = null;
  }

  /** Fetch the decision's items. `keepOrigin`: the stack selected before a reload, selected
   * again if still offered — before a click queued meanwhile is played, so that click (a
   * destination, or another stack) acts on the selection the user saw, and is not undone. */
  async #load({ query = null, keepOrigin = null } = {}) {
    const decision = this.decision;
    const token = (this.loadToken += 1);
    this.loadedV = this.store.v;
    this.status = "loading";
    this.changed();
    let items;
    try {
      items = decision.options !== undefined
        ? decision.options.map((action) => ({ action }))
        : await this.socket.options(this.seat, decision.id, query);
    } catch (error) {
      if (token !== this.loadToken) return;
      this.status = "error";
      this.error = { message: error.frame?.message || error.message, rule: decision.rule, code: error.frame?.code };
      this.changed();
      return;
    }
    if (token !== this.loadToken) return;
    this.entries = items.map((item, index) => ({ item, index, p: this.adapter.present(decision, item, this.store.view) }));
    this.status = "ready";
    const origins = this.origins();
    if (origins.length === 1) this.origin = origins[0];
    else if (keepOrigin && origins.includes(keepOrigin)) this.origin = keepOrigin;
    if (!this.entries.some((e) => e.p.hex) && this.entries.length) this.choices = this.entries.slice();
    this.hint = keepOrigin && this.origin === keepOrigin && origins.length > 1
      ? "Now click a highlighted destination or target." : this.#defaultHint();
    this.#foreseeAll(decision, token);
    this.editor = this.adapter.editor?.(decision, this) || null;
    if (this.editor) {
      this.choices = [];
      this.hint = "";
      this.editor.attach(this);
    }
    this.changed();
  }

  #defaultHint() {
    if (!this.entries) return "";
    if (!this.entries.length) return "The server lists no options for this right now.";
    if (this.origins().length > 1 && !this.origin) return "Click a highlighted stack to give it an order.";
    if (this.entries.some((e) => e.p.hex)) return "Click a highlighted hex.";
    return "Choose one option.";
  }

  /** Hexes the offered items start from (the stacks that can be ordered). */
  origins() {
    if (this.mode === "units") return this.units.origins();
    if (!this.entries) return [];
    return [...new Set(this.entries.map((e) => e.p.from).filter(Boolean))];
  }

  /** The forces offered from the selected origin: [{key, units}] */
  forces() {
    if (this.mode === "units" || !this.origin || !this.entries) return [];
    const seen = new Map();
    for (const e of this.entries) {
      if (e.p.from !== this.origin || !e.item.action?.units) continue;
      const key = JSON.stringify(e.item.action.units);
      if (!seen.has(key)) seen.set(key, { key, units: e.item.action.units });
    }
    return [...seen.values()].sort((a, b) => b.units.length - a.units.length);
  }

  /** Entries that can be picked now (after the origin and force are chosen). */
  live() {
    if (this.mode === "units") return this.units.live();
    if (!this.entries) return [];
    let list = this.entries;
    if (this.origins().length) {
      if (!this.origin) return [];
      list = list.filter((e) => e.p.from === this.origin);
      const forces = this.forces();
      if (forces.length > 1) {
        const key = this.force || forces[0].key;
        list = list.filter((e) => JSON.stringify(e.item.action.units) === key);
      }
    }
    return list;
  }

  chooseForce(key) {
    this.force = key;
    this.pending = null;
    this.choices = [];
    this.changed();
  }

  /** What the map should highlight now. */
  highlights() {
    if (this.mode === "units") return this.status === "loading" ? [] : this.units.highlights();
    // An editor keeps its draft while the decision's items reload (each new version reloads
    // them): its highlights (a draft's arrows) stay drawn meanwhile.
    if (this.editor) return this.editor.highlights();
    if (!this.entries || this.status === "loading") return [];
    const out = [];
    if (this.pending) {
      if (this.pending.p.from) out.push({ hex: this.pending.p.from, kind: "selected" });
      if (this.pending.p.hex) out.push({ hex: this.pending.p.hex, kind: "selected", text: this.pending.p.text });
      for (const h of this.pending.p.preview || []) out.push(h);
      return out;
    }
    if (this.origins().length && !this.origin) {
      return this.origins().map((hex) => ({ hex, kind: "origin" }));
    }
    if (this.origin) out.push({ hex: this.origin, kind: "selected" });
    const byHex = new Map();
    for (const e of this.live()) {
      if (!e.p.hex) continue;
      // The hex shows its best-ranked item (an adapter ranks attacks by odds), else the first.
      const best = byHex.get(e.p.hex);
      if (!best || (e.p.rank ?? 0) > (best.p.rank ?? 0)) byHex.set(e.p.hex, e);
    }
    for (const [hex, e] of byHex) out.push({ hex, kind: e.p.kind, text: e.p.text });
    return out;
  }

  /** A click (or Enter) on a hex. Returns true if it did something to the order. */
  clickHex(hex) {
    if (this.status === "loading" && this.decision) {
      this.queuedHex = hex;       // played when the options arrive (changed())
      return true;
    }
    if (this.mode === "units") return this.units.clickHex(hex);
    if (!this.decision || !this.entries || this.status === "sending") return false;
    this.error = null;
    if (this.editor) return this.editor.clickHex(hex);
    const origins = this.origins();
    if (origins.length) {
      if (!this.origin || (hex !== this.origin && origins.includes(hex) && !this.live().some((e) => e.p.hex === hex))) {
        if (origins.includes(hex)) {
          this.origin = hex;
          this.force = null;
          this.pending = null;
          this.choices = [];
          this.hint = this.live().some((e) => e.p.hex) ? "Now click a highlighted destination or target." : "Choose one option.";
          this.changed();
          return true;
        }
        this.hint = origins.length ? "Nothing of yours can be ordered from there: click a highlighted stack." : this.hint;
        this.changed();
        return false;
      }
      if (hex === this.origin && !this.live().some((e) => e.p.hex === hex)) {
        this.origin = origins.length === 1 ? this.origin : null;
        this.pending = null;
        this.choices = [];
        this.hint = this.#defaultHint();
        this.changed();
        return true;
      }
    }
    const matches = this.live().filter((e) => e.p.hex === hex);
    if (matches.length === 1) {
      this.pick(matches[0].index);
      return true;
    }
    if (matches.length > 1) {
      this.choices = matches.slice().sort((a, b) => (b.p.rank ?? 0) - (a.p.rank ?? 0));
      this.pending = null;
      this.hint = "Several orders end there: choose one.";
      this.changed();
      return true;
    }
    this.hint = "That hex is not among the options the server offered (highlighted).";
    this.changed();
    return false;
  }

  /** Make item `index` the pending order. */
  pick(index) {
    const entry = this.mode === "units" ? this.units.pick(index) : this.entries?.find((e) => e.index === index);
    if (!entry) return;
    this.pending = entry;
    this.amend = {};
    this.status = "confirm";
    this.error = null;
    this.hint = "";
    this.choices = this.mode === "units" ? [] : this.choices;
    this.changed();
    this.#foresee(entry);
  }

  /** The decision (and seat) the pending order answers. */
  pendingDecision() {
    return this.pending?.decision || this.decision;
  }

  /** The orders that go with the pending one beside where it goes (the adapter's
   * `orderOptions`: BoP's search, evasion, van and return to port), each with its value now. */
  pendingOptions() {
    if (!this.pending) return [];
    const options = this.adapter.orderOptions?.(this.pendingDecision(), this.pending.item, this.store.view) || [];
    return options.map((o) => ({ ...o, value: Object.hasOwn(this.amend, o.key) ? this.amend[o.key] : o.initial }));
  }

  /** Change one of those orders; the server checks it with the rest when it is sent. */
  setOption(key, value) {
    if (!this.pending || this.status === "sending") return;
    this.amend = { ...this.amend, [key]: value };
    this.changed();
    this.#foresee(this.pending);
  }

  /** The pending order's action as it will be sent: the server's option, plus each order
   * beside it that differs from its default (a default is left to the server). */
  pendingAction() {
    const action = { ...this.pending.item.action };
    for (const o of this.pendingOptions()) {
      if (JSON.stringify(o.value) !== JSON.stringify(o.initial)) action[o.key] = o.value;
    }
    return action;
  }

  /** A decision with a few listed answers that cannot be taken back (pay or not, reroll or
   * keep, which unit is lost): what each would do, under its button, before one is chosen. */
  #foreseeAll(decision, token) {
    const entries = this.entries || [];
    this.foreseeing = false;
    if (!decision.options || entries.length > FORESEE_ALL || decision.undoable || decision.group || decision.revisable) return;
    this.foreseeing = true;
    Promise.all(entries.map((e) => this.ask("preview", this.seat, decision.id, e.item.action)
      .then((answer) => [e.index, answer], () => null))).then((answers) => {
      if (token !== this.loadToken) return;
      this.foreseeing = false;
      for (const found of answers) if (found) this.previews.set(found[0], found[1]);
      this.changed();
    });
  }

  /** Ask the server what the pending order would do, when it cannot be taken back (an
   * undoable order can: no need to warn). Shown before Confirm (the panel reads
   * `consequence`). */
  async #foresee(entry) {
    const decision = entry.decision || this.decision;
    const seat = entry.seat || this.seat;
    this.consequence = null;
    if (!decision || decision.undoable || decision.group || decision.revisable) return;
    this.consequence = { entry, asking: true };
    const action = this.pending === entry ? this.pendingAction() : entry.item.action;
    const current = () => this.pending === entry && JSON.stringify(this.pendingAction()) === JSON.stringify(action);
    try {
      const answer = await this.ask("preview", seat, decision.id, action);
      if (!current()) return;
      this.consequence = { entry, ...answer };
    } catch {
      if (!current()) return;
      this.consequence = null;
    }
    this.changed();
  }

  cancel() {
    if (this.editor) { this.editor.cancel(); return; }
    this.consequence = null;
    if (this.mode === "units") {
      if (this.pending) {
        this.pending = null;
        this.status = "ready";
        this.changed();
      } else if (this.units.selection) {
        this.units.deselect();
      }
      return;
    }
    this.pending = null;
    this.status = this.entries ? "ready" : "idle";
    this.hint = this.#defaultHint();
    this.changed();
  }

  /** The parsed text of the pending order. */
  describePending() {
    if (!this.pending) return "";
    return this.adapter.describe(this.pendingDecision(), { ...this.pending.item, action: this.pendingAction() }, this.store.view);
  }

  /** Send the pending order as the server offered it, with the orders beside it the user set. */
  async confirm() {
    if (!this.pending || this.status === "sending") return;
    const decision = this.pendingDecision();
    const seat = this.pending.seat || this.seat;
    const action = this.pendingAction();
    this.status = "sending";
    this.changed();
    try {
      // Written orders (a revisable decision) are written, not answered: the decision stays
      // open until every seat is ready, and the order can be changed until then.
      if (decision.revisable) await this.socket.order(seat, decision.id, action);
      else await this.socket.act(seat, decision.id, action);
      this.pending = null;
      this.consequence = null;
      // The new position's patch may have come before this acknowledgement and started
      // reloading the options: the page is not ready until that load is done.
      if (this.status === "sending") this.status = "ready";
      this.dispatchEvent(new CustomEvent("sent", { detail: { decision, action } }));
      this.sync();
      this.changed();
    } catch (error) {
      this.#rejected(error, decision);
    }
  }

  /** Submit any action through the same path (used by tests and power users' console). */
  async submitRaw(decisionId, action, seat = null) {
    const decision = this.store.decisions().find((d) => d.id === decisionId) || { id: decisionId, rule: null };
    try {
      await this.socket.act(seat || this.seat || this.store.mySeats[0], decisionId, action);
    } catch (error) {
      this.#rejected(error, decision);
    }
  }

  #rejected(error, decision) {
    const frame = error.frame || {};
    this.status = "error";
    this.error = { code: frame.code, rule: frame.rule || decision?.rule, message: frame.message || error.message,
      reason: frame.reason, data: frame.data };
    this.pending = null;
    this.dispatchEvent(new CustomEvent("rejected", { detail: this.error }));
    this.changed();
  }

  /** Withdraw my written order for the current decision (only while not ready). */
  async withdraw() {
    const { decision, seat } = this;
    try {
      await this.socket.withdraw(seat, decision.id);
      this.changed();
    } catch (error) {
      this.#rejected(error, decision);
    }
  }

  /** Say I am ready (or not) in the current decision's group of written orders. */
  async setReady(ready) {
    const { decision, seat } = this;
    try {
      await this.socket.ready(seat, decision.group, ready);
    } catch (error) {
      this.#rejected(error, decision);
    }
  }

  async undo() {
    const seat = this.store.view?.game?.undo;
    if (!seat) return;
    try {
      await this.socket.undo(seat);
    } catch (error) {
      this.#rejected(error, { rule: "undo" });
    }
  }
}
