// Seats in their power colours, who plays them, who is online, and their clocks or deadlines;
// the spectator count and the dice commitment.

import { duration, fill, h } from "./dom.js";
import { timeLeft } from "./reaction.js";

export function renderPlayers(root, { store, adapter, config }) {
  const online = new Set(store.presence?.seats || []);
  const clock = store.clock;
  const rows = (config.seats || []).map((s) => {
    const left = timeLeft(store, s.seat);
    const running = (clock?.running || []).includes(s.seat);
    return h("li", { class: `seat-row${store.mySeats.includes(s.seat) ? " me" : ""}`, dataset: { seat: s.seat } },
      h("span", { class: "seat-dot taken", style: `--c: ${s.colour || "#888"}` }),
      h("span", { class: "seat-title" }, s.title),
      h("span", { class: "seat-player" }, s.player || "—",
        h("span", { class: `presence ${online.has(s.seat) ? "on" : "off"}`, title: online.has(s.seat) ? "online" : "offline" })),
      h("span", { class: `clock${running ? " running" : ""}` }, left === null ? "" : duration(left)));
  });
  const spectators = store.presence?.spectators ?? 0;
  fill(root,
    h("ul", { class: "seats-list" }, rows),
    h("div", { class: "meta-line" },
      h("span", { id: "spectators", title: "People watching" }, `${spectators} watching`),
      clock?.mode ? h("span", { class: "muted" }, clock.mode === "clock" ? " · chess clocks" : " · deadline per decision") : null,
      clock?.paused ? h("span", { class: "tag" }, "paused") : null),
    h("details", { class: "commitment" }, h("summary", {}, "Fair dice"),
      h("p", { class: "small" }, "Seed commitment (SHA-256 of the secret dice seed, published at the start):"),
      h("code", { class: "wrap-any", id: "commitment" }, store.commitment || config.commitment || ""),
      store.seed ? h("p", { class: "small" }, "Seed revealed: ", h("code", { class: "wrap-any" }, store.seed),
        " — ", h("a", { href: config.replay_url }, "verify every roll in the replay")) :
        h("p", { class: "small muted" }, "The seed is revealed at the end, so anyone can check every roll.")));
}
