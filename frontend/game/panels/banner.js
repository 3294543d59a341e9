// The connection banner: connecting, live, reconnecting, resynced, closed — and, once the game
// has a result, "Finished" with the result instead of "Live" (the review: a finished game still
// showed the green Live badge). The connection state still shows while it is not live: a
// finished game whose socket dropped says so.

import { fill, h } from "./dom.js";

const TEXT = {
  connecting: ["Connecting…", "The game server is being reached."],
  live: ["Live", "Connected: moves appear as they happen."],
  reconnecting: ["Reconnecting…", "The connection dropped; the position will catch up when it is back."],
  resynced: ["Resynced", "Back online: the position caught up with everything you missed."],
  closed: ["Disconnected", "The server closed the connection. Reload the page to try again."],
};

/** `finished`: the result in words ("won by Germany (…)") when the game is over, else empty. */
export function renderBanner(root, state, detail = {}, finished = "") {
  if (finished && (state === "live" || state === "resynced")) {
    root.dataset.state = "finished";
    root.title = `The game is over: ${finished}. Its replay and dice stay open to everyone at the table.`;
    fill(root, h("span", { class: "dot", "aria-hidden": "true" }), h("span", { class: "conn-text" }, "Finished"),
      h("small", { class: "conn-result" }, ` · ${finished}`));
    return;
  }
  const [title, help] = TEXT[state] || TEXT.connecting;
  root.dataset.state = state;
  root.title = help;
  fill(root, h("span", { class: "dot", "aria-hidden": "true" }), h("span", { class: "conn-text" }, title),
    detail.retryIn ? h("small", {}, ` (retry in ${Math.ceil(detail.retryIn / 1000)} s)`) : null);
}
