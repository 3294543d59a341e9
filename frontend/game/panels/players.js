// Seats in their power colours, who plays them, who is online, and their clocks or deadlines;
// the spectator count and the dice commitment.

import { duration, fill, h } from "./dom.js";
import { timeLeft } from "./reaction.js";

/** Civil disorder, missed deadlines, draw offers and pause votes of one seat (clock frame). */
function seatBadges(clock, seat) {
  if (!clock) return null;
  const badges = [];
  if ((clock.disorder || []).includes(seat)) badges.push(h("span", { class: "badge disorder", title: "Civil disorder: the rules' defaults play for this seat until the host hands it to a new player" }, "civil disorder"));
  else if (clock.missed?.[seat]) badges.push(h("span", { class: "badge missed", title: `Missed ${clock.missed[seat]} deadline(s) in a row; civil disorder after ${clock.limit ?? "?"}` }, `missed ${clock.missed[seat]}${clock.limit ? `/${clock.limit}` : ""}`));
  if ((clock.draw || []).includes(seat)) badges.push(h("span", { class: "badge draw", title: "Offers a draw" }, "draw"));
  if ((clock.pause || []).includes(seat) && !clock.paused) badges.push(h("span", { class: "badge pause", title: "Votes to pause" }, "pause"));
  return badges.length ? h("span", { class: "seat-badges" }, badges) : null;
}

export function renderPlayers(root, { store, adapter, config }) {
  const online = new Set(store.presence?.seats || []);
  const clock = store.clock;
  const over = !!(store.result || store.view?.game?.result);
  const rows = (config.seats || []).map((s) => {
    const running = !over && (clock?.running || []).includes(s.seat);
    // A deadline is only the running seats'; a chess clock shows every bank; none at the end.
    const left = over || (clock?.mode === "deadline" && !running) ? null : timeLeft(store, s.seat);
    const disorder = (clock?.disorder || []).includes(s.seat);
    return h("li", { class: `seat-row${store.mySeats.includes(s.seat) ? " me" : ""}${disorder ? " disorder" : ""}`, dataset: { seat: s.seat } },
      h("span", { class: "seat-dot taken", style: `--c: ${s.colour || "#888"}` }),
      h("span", { class: "seat-title" }, s.title),
      h("span", { class: "seat-player" }, s.player || "—",
        h("span", { class: `presence ${online.has(s.seat) ? "on" : "off"}`, title: online.has(s.seat) ? "online" : "offline" })),
      h("span", { class: `clock${running ? " running" : ""}` }, left === null ? "" : duration(left)),
      seatBadges(clock, s.seat));
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
