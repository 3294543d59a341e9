// The game socket client (protocol salient-live/1, docs/protocol.md): connect and say hello,
// keep the stream of versions gap-free (a gap → `sync`), reconnect with backoff and resume from
// the last version seen, and turn requests (act, options, undo, chat) into promises.
//
// It knows nothing about the view's meaning: versioned frames go to the store, everything else
// is dispatched as an event ("frame:<type>") for the panels.

export const PROTOCOL = "salient-live/1";
const FATAL_CLOSES = new Set([4403, 4404, 4406, 4409]);

/**
 * @typedef {"connecting"|"live"|"reconnecting"|"resynced"|"offline"|"closed"} ConnectionState
 * @typedef {{type: string, v?: number, [key: string]: any}} Frame
 */

function newCid() {
  const bytes = crypto.getRandomValues(new Uint8Array(9));
  return "c" + [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export class GameSocket extends EventTarget {
  /**
   * @param {{url: string, invite?: string, store: import("./store.js").Store,
   *          WebSocketImpl?: typeof WebSocket}} options
   */
  constructor({ url, invite, store, WebSocketImpl }) {
    super();
    this.url = new URL(url, location.href);
    this.url.protocol = this.url.protocol === "https:" ? "wss:" : "ws:";
    this.invite = invite || "";
    this.store = store;
    this.WebSocketImpl = WebSocketImpl || WebSocket;
    /** @type {ConnectionState} */
    this.state = "connecting";
    this.attempt = 0;
    this.everWelcomed = false;
    this.pending = new Map();      // cid → {resolve, reject, frame}
    this.optionWaiters = [];       // FIFO of {ref, resolve, reject}
    this.orderWaiters = [];        // written orders awaiting their `orders` answer, by ref
    this.refCounter = 0;
    this.syncing = false;
    this.ws = null;
    this.timer = null;
    this.pinger = null;
  }

  // --- connection --------------------------------------------------------------------------

  connect() {
    clearTimeout(this.timer);
    this.#setState(this.everWelcomed ? "reconnecting" : "connecting");
    const ws = new this.WebSocketImpl(this.url.href);
    this.ws = ws;
    ws.addEventListener("open", () => {
      const hello = { type: "hello", protocol: PROTOCOL };
      if (this.store.v >= 0) hello.since = this.store.v;
      if (this.invite) hello.invite = this.invite;
      ws.send(JSON.stringify(hello));
    });
    ws.addEventListener("message", (event) => {
      let frame;
      try {
        frame = JSON.parse(event.data);
      } catch {
        return;
      }
      this.#receive(frame);
    });
    ws.addEventListener("close", (event) => {
      if (ws !== this.ws) return;
      clearInterval(this.pinger);
      this.syncing = false;
      for (const waiter of this.optionWaiters.splice(0)) waiter.reject(new Error("connection lost"));
      // Answers to requests sent on this socket never come; the position after the resume
      // shows whether an order went through (a resent cid would be idempotent, but we let the
      // player look first).
      for (const entry of this.pending.values()) {
        entry.reject(Object.assign(new Error("The connection dropped before the server answered."),
          { frame: { code: "connection/lost" } }));
      }
      this.pending.clear();
      if (FATAL_CLOSES.has(event.code)) {
        this.#setState("closed", { code: event.code });
        return;
      }
      if (this.state === "closed") return;
      this.attempt += 1;
      const delay = Math.min(10000, 400 * 2 ** Math.min(this.attempt, 5)) * (0.75 + Math.random() / 2);
      this.#setState(this.everWelcomed ? "reconnecting" : "connecting", { retryIn: delay });
      this.timer = setTimeout(() => this.connect(), delay);
    });
  }

  close() {
    this.#setState("closed");
    clearTimeout(this.timer);
    clearInterval(this.pinger);
    this.ws?.close(1000);
  }

  /** Drop the socket as a network failure would (tests, "reconnect now"). */
  dropForTest() {
    this.ws?.close(4000);
  }

  #setState(state, detail = {}) {
    this.state = state;
    this.dispatchEvent(new CustomEvent("state", { detail: { state, ...detail } }));
  }

  #send(frame) {
    if (!this.ws || this.ws.readyState !== 1) throw new Error("not connected");
    this.ws.send(JSON.stringify(frame));
  }

  // --- incoming ----------------------------------------------------------------------------

  #receive(frame) {
    switch (frame.type) {
      case "welcome": {
        const resumed = this.everWelcomed;
        this.everWelcomed = true;
        this.attempt = 0;
        this.store.welcome(frame);
        this.#emit(frame);
        this.#setState(resumed ? "resynced" : "live");
        if (resumed) setTimeout(() => { if (this.state === "resynced") this.#setState("live"); }, 2500);
        clearInterval(this.pinger);
        this.pinger = setInterval(() => { try { this.#send({ type: "ping", t: Date.now() }); } catch { /* closed */ } }, 25000);
        break;
      }
      case "patch": {
        const outcome = this.store.patch(frame);
        if (outcome === "gap") this.#resync();
        else if (outcome === "applied") this.#emit(frame);
        break;
      }
      case "snapshot":
        this.store.snapshot(frame);
        this.syncing = false;
        this.#emit(frame);
        if (this.state === "live" && this.everWelcomed) {
          this.#setState("resynced");
          setTimeout(() => { if (this.state === "resynced") this.#setState("live"); }, 2500);
        }
        break;
      case "ack":
      case "reject": {
        const entry = this.pending.get(frame.cid);
        if (entry) {
          this.pending.delete(frame.cid);
          if (frame.type === "ack") entry.resolve(frame);
          else entry.reject(Object.assign(new Error(frame.message || "refused"), { frame }));
        }
        this.#emit(frame);
        break;
      }
      case "orders": {
        this.store.setOrders(frame.seat, frame.orders);
        const index = this.orderWaiters.findIndex((w) => w.ref === frame.ref);
        if (index >= 0) this.orderWaiters.splice(index, 1)[0].resolve(frame);
        this.#emit(frame);
        break;
      }
      case "options": {
        const index = this.optionWaiters.findIndex((w) => w.ref === frame.ref);
        const [waiter] = this.optionWaiters.splice(index >= 0 ? index : 0, 1);
        waiter?.resolve(frame.items || []);
        break;
      }
      case "error": {
        // A refused options query comes back under the ref it was sent with (consumers.py
        // answers errors with the message's ref); "options" is the server's older form.
        const asked = this.optionWaiters.findIndex((w) => w.ref === frame.ref);
        if (asked >= 0) {
          this.optionWaiters.splice(asked, 1)[0].reject(Object.assign(new Error(frame.message), { frame }));
        } else if (frame.ref === "options" && this.optionWaiters.length) {
          this.optionWaiters.shift().reject(Object.assign(new Error(frame.message), { frame }));
        }
        const waiting = this.orderWaiters.findIndex((w) => w.ref === frame.ref);
        if (waiting >= 0) {
          this.orderWaiters.splice(waiting, 1)[0].reject(Object.assign(new Error(frame.message), { frame }));
        }
        this.#emit(frame);
        break;
      }
      case "pong":
        if (typeof frame.v === "number" && frame.v > this.store.v) this.#resync();
        break;
      default:
        this.#emit(frame);
    }
  }

  #emit(frame) {
    this.dispatchEvent(new CustomEvent("frame", { detail: frame }));
    this.dispatchEvent(new CustomEvent(`frame:${frame.type}`, { detail: frame }));
  }

  #resync() {
    if (this.syncing) return;
    this.syncing = true;
    try {
      this.#send({ type: "sync", since: this.store.v });
    } catch {
      this.syncing = false;
    }
    // The answer is patches (which close the gap) or a snapshot; give up waiting after a while.
    setTimeout(() => { this.syncing = false; }, 3000);
  }

  // --- requests ----------------------------------------------------------------------------

  #request(frame) {
    return new Promise((resolve, reject) => {
      this.pending.set(frame.cid, { resolve, reject, frame });
      try {
        this.#send(frame);
      } catch (error) {
        this.pending.delete(frame.cid);
        reject(error);
      }
    });
  }

  /** Send an answer to a decision; resolves with the ack, rejects with the reject frame. */
  act(seat, decision, action) {
    return this.#request({ type: "act", cid: newCid(), seat, decision, action });
  }

  undo(seat) {
    return this.#request({ type: "undo", cid: newCid(), seat });
  }

  /** Write (or replace) a written order: no step of the game, so no ack; resolves with the
   * `orders` frame that answers it (the seat's orders as they now stand). */
  order(seat, decision, action) {
    return this.#orderRequest({ type: "order", seat, decision, action });
  }

  withdraw(seat, decision) {
    return this.#orderRequest({ type: "order", seat, decision, withdraw: true });
  }

  /** Say the seat is ready (or not) in a group of written orders: a step, acked with a cid. */
  ready(seat, group, ready) {
    return this.#request({ type: "ready", cid: newCid(), seat, group, ready });
  }

  #orderRequest(frame) {
    return new Promise((resolve, reject) => {
      const ref = `w${(this.refCounter += 1)}`;
      this.orderWaiters.push({ ref, resolve, reject });
      try {
        this.#send({ ...frame, ref });
      } catch (error) {
        this.orderWaiters = this.orderWaiters.filter((w) => w.ref !== ref);
        reject(error);
      }
    });
  }

  resign(seat) {
    return this.#request({ type: "resign", cid: newCid(), seat });
  }

  /** Expand a schema decision: resolves with the server's items. */
  options(seat, decision, query = null) {
    return new Promise((resolve, reject) => {
      const ref = `o${(this.refCounter += 1)}`;
      this.optionWaiters.push({ ref, resolve, reject });
      try {
        this.#send({ type: "options", seat, decision, query, ref });
      } catch (error) {
        this.optionWaiters = this.optionWaiters.filter((w) => w.ref !== ref);
        reject(error);
      }
    });
  }

  chat(channel, text) {
    this.#send({ type: "chat", channel, text });
  }

  draw(agree) {
    this.#send({ type: "draw", agree });
  }
}
