// Table page, live: the table chat and the table's panel (seats, state, settings).
// The lobby socket (/ws/lobby/) watches this table ({"type":"watch","table":id}, with the
// page's invite token) and nudges: {"type":"chat",seq} → read GET /api/tables/<id>/chat?since=
// <last seq> and append what is new; {"type":"table"} → re-read this page and swap the panel.
// Only while the socket is down (or the watch was refused) does the chat poll, every 3 s.
// Every message is written with textContent — never innerHTML: chat text is raw user input.
// Posting sends the page's CSRF token (session auth) in the X-CSRFToken header.

import { connectLobby, debounced, reread } from "./home.js";

const POLL = 3000;
// A first connection this long after the page was rendered may have missed a change.
const FRESH_PAGE_MS = 3000;
const box = document.getElementById("table-chat");

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function chatUrl(since) {
  const url = new URL(box.dataset.url, location.href);
  if (since !== undefined) url.searchParams.set("since", String(since));
  if (box.dataset.invite) url.searchParams.set("invite", box.dataset.invite);
  return url.toString();
}

function timeOf(iso) {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : date.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
}

export function renderMessage(message) {
  const item = el("li", "chat-message");
  item.dataset.seq = String(message.seq);
  item.append(el("span", "chat-user", message.user ?? "(gone)"),
    el("time", "chat-time muted", timeOf(message.created)),
    el("span", "chat-text", message.text));
  item.querySelector("time").dateTime = message.created;
  return item;
}

function start() {
  const log = document.getElementById("chat-log");
  const form = document.getElementById("chat-form");
  const input = document.getElementById("chat-text");
  const error = document.getElementById("chat-error");
  let last = 0;
  let busy = false;
  let poller = null;

  function append(messages) {
    const fresh = messages.filter((m) => m.seq > last);
    if (!fresh.length) return;
    log.querySelector(".chat-empty")?.remove();
    const follow = last === 0 || log.scrollHeight - log.scrollTop - log.clientHeight < 24;
    log.append(...fresh.map(renderMessage));
    last = fresh[fresh.length - 1].seq;
    if (follow) log.scrollTop = log.scrollHeight;
  }

  async function poll() {
    if (busy || (document.hidden && last && poller !== null)) return;
    busy = true;
    try {
      const response = await fetch(chatUrl(last), { credentials: "same-origin", headers: { Accept: "application/json" } });
      if (response.ok) append((await response.json()).messages || []);
    } catch {
      /* offline: try again at the next tick */
    } finally {
      busy = false;
    }
  }

  async function send(event) {
    event.preventDefault();
    if (!box.dataset.canPost || input.disabled) return;
    const text = input.value.trim();
    if (!text) return;
    if (error) error.textContent = "";
    input.disabled = true;
    try {
      const response = await fetch(chatUrl(), {
        method: "POST", credentials: "same-origin",
        headers: { "Content-Type": "application/json", Accept: "application/json", "X-CSRFToken": box.dataset.csrf },
        body: JSON.stringify({ text }),
      });
      const body = await response.json().catch(() => ({}));
      if (response.ok) {
        input.value = "";
        await poll();
      } else if (error) {
        error.textContent = body?.error?.message || `Could not send (HTTP ${response.status}).`;
      }
    } catch {
      if (error) error.textContent = "Could not send: are you offline?";
    } finally {
      input.disabled = false;
      input.focus();
    }
  }

  function polling(on) {
    if (on && poller === null) poller = setInterval(poll, POLL);
    if (!on && poller !== null) {
      clearInterval(poller);
      poller = null;
    }
    box.dataset.lobbySocket = on ? "down" : "live";
  }

  const panel = livePanel();
  const chatNudged = debounced(poll);
  form.addEventListener("submit", send);
  poll();
  polling(true);
  connectLobby({
    onLive(sendFrame, again) {
      const watch = { type: "watch", table: Number(box.dataset.table) };
      if (box.dataset.invite) watch.invite = box.dataset.invite;
      sendFrame(watch);
      if (again || performance.now() > FRESH_PAGE_MS) panel.nudge();
    },
    onFrame(frame) {
      const mine = frame.table === Number(box.dataset.table);
      if (frame.type === "watching" && mine) {
        polling(false);
        chatNudged();  // lines posted while the socket was away
      } else if ((frame.type === "unwatched" && mine) || (frame.type === "error" && frame.ref === "watch")) {
        polling(true);
      } else if (frame.type === "chat" && mine && frame.seq > last) {
        chatNudged();
      } else if (frame.type === "table" && mine) {
        panel.nudge();
      } else if (frame.type === "resync") {
        chatNudged();
        panel.nudge();
      }
    },
    onDown() {
      polling(true);
    },
  });
  document.addEventListener("visibilitychange", () => { if (!document.hidden) poll(); });
}

/**
 * The table's panel (#table-panel): re-read the page and swap it when a nudge says the table
 * changed — but not under the user's hands: while focus is inside it or the host's "Edit
 * options" is open, the swap waits until they leave.
 */
function livePanel() {
  const current = () => document.getElementById("table-panel");
  let stale = false;

  function busy() {
    const node = current();
    return !node || document.hidden || node.contains(document.activeElement) || node.querySelector("details[open]");
  }

  async function refresh() {
    if (busy()) return;
    try {
      if (!(await reread(["#table-panel"], "nudge", busy))) return;
      stale = false;
      current().dataset.refreshed = String(Date.now());
    } catch {
      /* offline: the next nudge or the reconnect tries again */
    }
  }

  const refreshSoon = debounced(refresh);
  const retry = () => { if (stale) refreshSoon(); };
  document.addEventListener("visibilitychange", retry);
  document.addEventListener("focusout", retry);
  document.addEventListener("toggle", retry, true);
  return {
    nudge() {
      stale = true;
      refreshSoon();
    },
  };
}

if (box) start();
