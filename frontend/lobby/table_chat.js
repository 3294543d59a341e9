// Table chat (before the game starts): the lobby has no socket, so poll
// GET /api/tables/<id>/chat?since=<last seq> every few seconds and append what is new.
// Every message is written with textContent — never innerHTML: chat text is raw user input.
// Posting sends the page's CSRF token (session auth) in the X-CSRFToken header.

const POLL = 3000;
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
    if (busy || (document.hidden && last)) return;
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

  form.addEventListener("submit", send);
  poll();
  setInterval(poll, POLL);
  document.addEventListener("visibilitychange", () => { if (!document.hidden) poll(); });
}

if (box) start();
