// The connection banner: connecting, live, reconnecting, resynced, closed.

import { fill, h } from "./dom.js";

const TEXT = {
  connecting: ["Connecting…", "The game server is being reached."],
  live: ["Live", "Connected: moves appear as they happen."],
  reconnecting: ["Reconnecting…", "The connection dropped; the position will catch up when it is back."],
  resynced: ["Resynced", "Back online: the position caught up with everything you missed."],
  closed: ["Disconnected", "The server closed the connection. Reload the page to try again."],
};

export function renderBanner(root, state, detail = {}) {
  const [title, help] = TEXT[state] || TEXT.connecting;
  root.dataset.state = state;
  root.title = help;
  fill(root, h("span", { class: "dot", "aria-hidden": "true" }), h("span", { class: "conn-text" }, title),
    detail.retryIn ? h("small", {}, ` (retry in ${Math.ceil(detail.retryIn / 1000)} s)`) : null);
}
