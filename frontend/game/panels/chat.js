// Chat with tabs per channel the audience reads: table and side for players, spectators for
// watchers. Text is always inserted as text, never as HTML.

import { fill, h } from "./dom.js";

export function createChat(root, { store, socket, config }) {
  let active = null;
  const tabs = h("div", { class: "chat-tabs", role: "tablist" });
  const list = h("ol", { class: "chat-list" });
  const input = h("input", { type: "text", maxlength: "500", placeholder: "Say something…", "aria-label": "Chat message" });
  const form = h("form", { class: "chat-form", onsubmit: (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (!text || !active) return;
    try {
      socket.chat(active, text);
      input.value = "";
    } catch { /* offline: keep the text */ }
  } }, input, h("button", { class: "button small" }, "Send"));
  fill(root, tabs, list, config.user ? form : h("p", { class: "muted small" }, "Log in to chat."));

  function channels() {
    const sides = store.view?.game?.sides || {};
    if (store.mySeats.length) {
      const mine = [...new Set(store.mySeats.map((s) => sides[s]).filter(Boolean))];
      return [["table", "Table"], ...mine.map((side) => [`side:${side}`, "Side"])];
    }
    return [["table", "Table"], ["spectators", "Spectators"]];
  }

  function writable(channel) {
    if (!config.user) return false;
    if (channel === "table") return store.mySeats.length > 0;
    if (channel === "spectators") return store.mySeats.length === 0;
    return true;
  }

  function render() {
    const list_ = channels();
    if (!active || !list_.some(([c]) => c === active)) active = list_[0][0];
    fill(tabs, list_.map(([channel, label]) => {
      const count = store.chat.filter((m) => m.channel === channel).length;
      return h("button", { role: "tab", class: `tab${channel === active ? " active" : ""}`, dataset: { channel },
        onclick: () => { active = channel; render(); } }, label, count ? h("small", {}, ` ${count}`) : null);
    }));
    const messages = store.chat.filter((m) => m.channel === active).slice(-100);
    fill(list, messages.length ? messages.map((m) => h("li", {}, h("strong", {}, m.user || "?"), " ", h("span", {}, m.text)))
      : h("li", { class: "muted" }, "No messages."));
    list.scrollTop = list.scrollHeight;
    input.disabled = !writable(active);
    input.placeholder = writable(active) ? "Say something…" : (active === "table" ? "Only players write here" : "Only spectators write here");
  }
  render();
  return { render };
}
