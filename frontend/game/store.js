// The current view of the game and its version, changed only by the server's frames
// (welcome, patch, snapshot) — and everything else the panels show that arrives on the socket:
// chat, presence, clocks, the event log. Rendering is a function of this state: listeners get
// called after every change with the names of what changed.

import { applyPatch } from "../lib/jsonpatch.js";
import { openDecisions, restoreIds } from "./decisions.js";

/**
 * @typedef {object} LogEntry
 * @property {number|null} v       the version that produced it
 * @property {string} kind
 * @property {string} rule
 * @property {object} data
 * @property {string} [source]     "event" (from a patch) or "record" (loaded history)
 */

export class Store {
  constructor() {
    /** @type {number} */
    this.v = -1;
    /** @type {any} */
    this.view = null;
    this.audience = null;
    this.mySeats = [];
    this.seats = [];
    this.commitment = null;
    this.seed = null;
    this.result = null;
    this.clock = null;
    this.presence = { seats: [], spectators: 0 };
    /** @type {Array<object>} */
    this.chat = [];
    /** @type {LogEntry[]} */
    this.log = [];
    /** Written orders of my seats, by seat then decision id (never in the view: see
     * engine/kernel/simultaneous.py). */
    this.orders = {};
    this.listeners = new Set();
  }

  /** @param {(changed: Set<string>, store: Store) => void} fn */
  subscribe(fn) {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  emit(...names) {
    const changed = new Set(names);
    for (const fn of this.listeners) fn(changed, this);
  }

  /** The welcome frame: a fresh view, or `resume` (patches follow from frame.v). */
  welcome(frame) {
    this.audience = frame.audience;
    this.mySeats = frame.my_seats || [];
    this.seats = frame.seats || this.seats;
    this.commitment = frame.commitment;
    if (frame.seed) this.seed = frame.seed;
    this.result = frame.result ?? this.result;
    if (frame.view) {
      this.view = restoreIds(frame.view);
      this.v = frame.v;
    } else if (!frame.resume) {
      this.v = frame.v;
    }
    if (frame.clocks) this.setClock(frame.clocks, false);
    if (frame.orders) this.orders = { ...frame.orders };
    if (frame.presence) this.presence = frame.presence;
    const seen = new Set(this.chat.map((m) => m.seq));
    for (const message of frame.chat || []) if (!seen.has(message.seq)) this.chat.push(message);
    this.chat.sort((a, b) => a.seq - b.seq);
    this.emit("view", "meta", "chat", "presence", "clock", "orders");
  }

  /** An `orders` frame: one seat's written orders as they now stand. */
  setOrders(seat, orders) {
    this.orders = { ...this.orders, [seat]: orders || {} };
    this.emit("orders");
  }

  /** My written order for a decision (or undefined), and whether its seat said it is ready. */
  writtenOrder(decision) {
    const seat = decision.seats.find((s) => this.mySeats.includes(s));
    return { seat, action: this.orders[seat]?.[decision.id], ready: (decision.ready || []).includes(seat) };
  }

  /**
   * Apply a patch frame. Returns "applied", "old" (already have it) or "gap" (ask for sync).
   * @param {{v: number, ops: any[], events?: any[], seed?: string, result?: any}} frame
   */
  patch(frame) {
    if (frame.v <= this.v) return "old";
    if (frame.v !== this.v + 1 || this.view === null) return "gap";
    this.view = restoreIds(applyPatch(this.view, frame.ops));
    this.v = frame.v;
    for (const event of frame.events || []) this.log.push({ v: frame.v, source: "event", ...event });
    if (frame.seed) this.seed = frame.seed;
    if (frame.result !== undefined) this.result = frame.result;
    // The clocks as of this version ride on the patch: who now runs, and who stopped.
    if (frame.clock) this.setClock(frame.clock, false);
    this.emit("view", "log", ...(frame.seed ? ["meta"] : []), ...(frame.clock ? ["clock"] : []));
    return "applied";
  }

  snapshot(frame) {
    this.view = restoreIds(frame.view);
    this.v = frame.v;
    if (frame.seed) this.seed = frame.seed;
    if (frame.result !== undefined) this.result = frame.result;
    this.emit("view", "meta");
  }

  addChat(message) {
    if (this.chat.some((m) => m.seq === message.seq)) return;
    this.chat.push(message);
    this.chat.sort((a, b) => a.seq - b.seq);
    this.emit("chat");
  }

  setPresence(frame) {
    this.presence = frame;
    this.emit("presence");
  }

  setClock(frame, notify = true) {
    this.clock = { ...frame, receivedAt: Date.now() };
    if (notify) this.emit("clock");
  }

  /** History loaded from the record (before the live events), oldest first. */
  setHistory(entries) {
    const live = this.log.filter((e) => e.source === "event");
    this.log = [...entries, ...live.filter((e) => !entries.some((h) => h.v === e.v))];
    this.emit("log");
  }

  /** Open decisions as a list, sorted by id (never the paused ones: see decisions.js). */
  decisions() {
    return openDecisions(this.view);
  }

  /** Decisions the user may answer now (they hold a seat of it and it lists its answer). */
  myDecisions() {
    return this.decisions().filter((d) => d.seats.some((s) => this.mySeats.includes(s))
      && (d.options !== undefined || d.schema !== undefined)
      && !(d.answered || []).some((s) => d.seats.includes(s)));
  }
}
