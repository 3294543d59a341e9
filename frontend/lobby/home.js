// Home page: keep "Open tables" and "Games to watch" current. The lobby socket (/ws/lobby/,
// docs/protocol.md "Lobby socket") nudges with {"type":"tables"} when something a list may show
// changed; the page then re-reads itself (same filters, through the permission-checked view)
// and swaps those two sections when they changed. Only while the socket is down does the page
// poll, every 8 s, as it did before the socket. Re-reads wait while the tab is hidden or a
// filter control has focus, and happen when that ends if a nudge came meanwhile.
//
// connectLobby(), debounced() and reread() serve the table page too (table_chat.js), and
// keepCurrent() the "My games" page (my_games.js).

const SECTIONS = ["#open-tables", "#games-to-watch"];
const PERIOD = 8000;
const DEBOUNCE = 150;
const BACKOFF_MIN = 1000;
const BACKOFF_MAX = 30000;
// A first connection this long after the page was rendered may have missed a change.
const FRESH_PAGE_MS = 3000;

/**
 * The lobby socket, reconnecting with backoff. `onLive(send)` runs at each `welcome` (with
 * whether the socket had been live before, so the page knows it may have missed nudges),
 * `onFrame(frame)` for every frame, `onDown()` when it closes.
 * @param {{onLive?: (send: (frame: object) => void, again: boolean) => void,
 *          onFrame?: (frame: any) => void, onDown?: () => void}} handlers
 */
export function connectLobby(handlers) {
  const url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/lobby/`;
  let socket = null;
  let delay = BACKOFF_MIN;
  let wasLive = false;

  function send(frame) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(frame));
  }

  function retry() {
    // Jitter, so a restarted server is not met by every client in the same second.
    setTimeout(open, delay * (1 + Math.random() / 2));
    delay = Math.min(delay * 2, BACKOFF_MAX);
  }

  function open() {
    try {
      socket = new WebSocket(url);
    } catch {
      retry();
      return;
    }
    socket.addEventListener("message", (event) => {
      let frame;
      try {
        frame = JSON.parse(event.data);
      } catch {
        return;
      }
      if (frame.type === "welcome") {
        delay = BACKOFF_MIN;
        handlers.onLive?.(send, wasLive);
        wasLive = true;
      }
      handlers.onFrame?.(frame);
    });
    socket.addEventListener("close", () => {
      socket = null;
      handlers.onDown?.();
      retry();
    });
  }

  open();
  return { send };
}

/** Runs `task` at most once per `wait` ms after the last call; never two at once. */
export function debounced(task, wait = DEBOUNCE) {
  let timer = null;
  let running = false;
  let again = false;
  async function run() {
    timer = null;
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      await task();
    } finally {
      running = false;
      if (again) {
        again = false;
        schedule();
      }
    }
  }
  function schedule() {
    if (timer === null) timer = setTimeout(run, wait);
  }
  return schedule;
}

/**
 * Re-read this page (same URL: filters, invite) and swap each of `selectors` whose content
 * changed. The markup is the server's own rendering of the same template. Throws offline;
 * false when the server refused.
 * @param {string[]} selectors
 * @param {string} reason sent as X-Requested-With (nudge, poll) for the server's logs
 * @param {() => boolean} [hold] checked again once the answer is in: true leaves the page as it is
 */
export async function reread(selectors, reason, hold = () => false) {
  const response = await fetch(location.href, { credentials: "same-origin", headers: { "X-Requested-With": reason } });
  if (!response.ok) return false;
  const doc = new DOMParser().parseFromString(await response.text(), "text/html");
  if (hold()) return false;
  for (const selector of selectors) {
    const fresh = doc.querySelector(selector);
    const current = document.querySelector(selector);
    if (fresh && current && fresh.innerHTML !== current.innerHTML) current.innerHTML = fresh.innerHTML;
  }
  return true;
}

/**
 * Keep `sections` of this page current: re-read on the lobby socket's nudges of the given
 * types (and `resync`), debounced; poll every `period` ms only while the socket is down.
 * Nothing is re-read while the tab is hidden or `busy()` says the user is at work on the
 * page; a nudge that came meanwhile is honoured when that ends.
 * @param {{sections: string[], nudges: string[], period?: number, busy?: () => boolean}} page
 */
export function keepCurrent({ sections, nudges, period = PERIOD, busy = () => false }) {
  let stale = false;
  let poller = null;

  function blocked() {
    return document.hidden || busy();
  }

  async function refresh(reason) {
    if (blocked()) return;
    try {
      if (!(await reread(sections, reason, blocked))) return;
      stale = false;
      document.body.dataset.refreshed = String(Date.now());
      document.body.dataset.refreshedBy = reason;
    } catch {
      /* offline: the socket's reconnect (or the poll) tries again */
    }
  }

  const nudged = debounced(() => refresh("nudge"));

  function nudge() {
    stale = true;
    nudged();
  }

  function poll(on) {
    if (on && poller === null) poller = setInterval(() => refresh("poll"), period);
    if (!on && poller !== null) {
      clearInterval(poller);
      poller = null;
    }
    document.body.dataset.lobbySocket = on ? "down" : "live";
  }

  poll(true);
  connectLobby({
    onLive(_send, again) {
      poll(false);
      if (again || performance.now() > FRESH_PAGE_MS) nudge();
    },
    onFrame(frame) {
      if (nudges.includes(frame.type) || frame.type === "resync") nudge();
    },
    onDown() {
      poll(true);
    },
  });
  document.addEventListener("visibilitychange", () => {
    if (document.hidden) return;
    if (poller !== null) refresh("poll");
    else if (stale) nudged();
  });
  return { nudgeIfStale: () => { if (stale) nudged(); } };
}

if (document.querySelector("#open-tables")) {
  const home = keepCurrent({ sections: SECTIONS, nudges: ["tables"],
                             busy: () => Boolean(document.activeElement?.closest?.(".filters")) });
  document.querySelector(".filters")?.addEventListener("focusout", home.nudgeIfStale);
}
