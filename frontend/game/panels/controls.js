// Game controls: what a player of a long wargame needs besides the orders — resign (confirmed),
// offer or withdraw a draw, vote to pause or resume; and for the table's host: extend the
// deadlines, abandon the game, hand a seat in civil disorder to a replacement player.
//
// The live state (draw offers, pause votes, who is in civil disorder) is the server's `clock`
// frame (store.clock); the seating is config.seats, updated by `seats` frames. Buttons call the
// REST API (`/api/games/{id}/draw|pause|deadline|abandon|seats/{seat}/replace`) or the socket
// (`resign`); the server's answer — a clock or seats frame to every audience — re-renders.

import { fill, h } from "./dom.js";

/** POST JSON to the game's API with the session's CSRF token; resolves with the body. */
export async function post(root, config, path, body = null) {
  const response = await fetch(`${config.api}${path}`, {
    method: "POST", credentials: "same-origin",
    headers: { "Content-Type": "application/json", Accept: "application/json", "X-CSRFToken": root.dataset.csrf || "" },
    body: body === null ? null : JSON.stringify(body),
  });
  let data = null;
  try { data = await response.json(); } catch { data = null; }
  if (!response.ok) {
    const error = data?.error || { code: `http/${response.status}`, message: `The server answered ${response.status}.` };
    throw Object.assign(new Error(error.message), { code: error.code, data: error.data });
  }
  return data;
}

function names(ctx, seats) {
  return (seats || []).map((s) => ctx.adapter.seatTitle?.(s) || s).join(", ");
}

export function createControls(root, ctx) {
  const { store, socket, config } = ctx;
  const ui = { confirm: null, busy: false, message: null, error: false };

  const isHost = () => !!config.user && config.user === root.dataset.host;
  const over = () => !!(store.result || store.view?.game?.result);

  async function run(what, fn) {
    ui.busy = true;
    ui.message = null;
    render();
    try {
      const frame = await fn();
      if (frame?.type === "clock") store.setClock(frame);
      if (frame?.type === "seats") ctx.setSeats?.(frame);
      ui.confirm = null;
      ui.message = what;
      ui.error = false;
    } catch (error) {
      ui.message = error.frame?.message || error.message || String(error);
      ui.error = true;
    } finally {
      ui.busy = false;
      render();
    }
  }

  function confirmBox(key, text, yes, action) {
    return h("div", { class: "confirm", role: "alertdialog", "aria-label": text, dataset: { confirm: key } },
      h("p", {}, text),
      h("div", { class: "order-buttons" },
        h("button", { class: "button small danger", dataset: { control: `${key}-confirm` }, disabled: ui.busy, onclick: action }, yes),
        h("button", { class: "button small ghost", dataset: { control: `${key}-cancel` }, onclick: () => { ui.confirm = null; render(); } }, "Cancel")));
  }

  function status(clock) {
    const lines = [];
    const disorder = clock?.disorder || [];
    if (disorder.length) {
      lines.push(h("li", { class: "status-disorder", dataset: { status: "disorder" } },
        h("strong", {}, "Civil disorder: "), names(ctx, disorder),
        h("span", { class: "muted" }, " — the rules' defaults play for ", disorder.length > 1 ? "them" : "it",
          isHost() ? "; you may hand it to a new player below." : " until the host hands it to a new player.")));
    }
    if (clock?.paused && clock.gm_until) {
      lines.push(h("li", { class: "status-paused", dataset: { status: "paused" } }, h("strong", {}, "Paused by the game master"),
        " — clocks and deadlines are stopped until the game master resumes, at the latest ", new Date(clock.gm_until).toLocaleString(), "."));
    } else if (clock?.paused) lines.push(h("li", { class: "status-paused", dataset: { status: "paused" } }, h("strong", {}, "Paused"), " — clocks and deadlines are stopped; any player may resume."));
    else if ((clock?.pause || []).length) {
      lines.push(h("li", { dataset: { status: "pause" } }, h("strong", {}, "Pause requested by "), names(ctx, clock.pause),
        h("span", { class: "muted" }, " (every seat must agree)")));
    }
    if (clock?.extend) {
      lines.push(h("li", { dataset: { status: "extend" } }, h("strong", {}, `${clock.extend.hours} more hour${clock.extend.hours === 1 ? "" : "s"} proposed by `),
        names(ctx, clock.extend.seats), h("span", { class: "muted" }, " (every player must agree)")));
    }
    if ((clock?.draw || []).length) {
      lines.push(h("li", { class: "status-draw", dataset: { status: "draw" } }, h("strong", {}, "Draw offered by "), names(ctx, clock.draw),
        h("span", { class: "muted" }, " (every seat must agree)")));
    }
    if (clock?.limit && clock.mode) {
      lines.push(h("li", { class: "muted small", dataset: { status: "limit" } },
        `Civil disorder after ${clock.limit} missed ${clock.mode === "clock" ? "clock" : "deadline"}${clock.limit === 1 ? "" : "s"} in a row.`));
    }
    return lines.length ? h("ul", { class: "control-status" }, lines) : null;
  }

  function playerControls(clock) {
    const mine = store.mySeats || [];
    if (!mine.length) return null;
    const drawn = mine.every((s) => (clock?.draw || []).includes(s));
    const voted = mine.every((s) => (clock?.pause || []).includes(s));
    const seat = ui.resignSeat && mine.includes(ui.resignSeat) ? ui.resignSeat : mine[0];
    const buttons = h("div", { class: "control-buttons" },
      h("button", { class: "button small ghost", dataset: { control: "draw" }, disabled: ui.busy, "aria-pressed": drawn ? "true" : "false",
        onclick: () => run(drawn ? "Draw offer withdrawn." : "Draw offered.", () => post(root, config, "draw", { agree: !drawn })) },
      drawn ? "Withdraw draw offer" : (clock?.draw || []).length ? "Accept the draw" : "Offer a draw"),
      clock?.paused && clock.gm_until ? null : clock?.paused
        ? h("button", { class: "button small ghost", dataset: { control: "pause" }, disabled: ui.busy,
          onclick: () => run("Resumed.", () => post(root, config, "pause", { pause: false })) }, "Resume")
        : h("button", { class: "button small ghost", dataset: { control: "pause" }, disabled: ui.busy, "aria-pressed": voted ? "true" : "false",
          onclick: () => run(voted ? "Pause vote withdrawn." : "Pause vote recorded.", () => post(root, config, "pause", { pause: !voted })) },
        voted ? "Withdraw pause vote" : "Vote to pause"),
      h("button", { class: "button small danger", dataset: { control: "resign" }, disabled: ui.busy,
        onclick: () => { ui.confirm = "resign"; render(); } }, "Resign…"));
    const parts = [buttons];
    const extension = extensionVote(clock, mine);
    if (extension) parts.push(extension);
    if (ui.confirm === "resign") {
      parts.push(mine.length > 1 ? h("label", { class: "small" }, "Seat ",
        h("select", { id: "resign-seat", onchange: (e) => { ui.resignSeat = e.target.value; } },
          mine.map((s) => h("option", { value: s, selected: s === seat }, ctx.adapter.seatTitle?.(s) || s)))) : null);
      parts.push(confirmBox("resign", `Resign ${mine.length > 1 ? "your side" : ctx.adapter.seatTitle?.(seat) || seat}? The game ends at once and the other side wins.`,
        "Yes, resign", () => run("You resigned.", () => socket.resign(ui.resignSeat && mine.includes(ui.resignSeat) ? ui.resignSeat : mine[0]))));
    }
    return h("div", { class: "control-group" }, parts);
  }

  // The players' extension vote (the host can also extend alone, below): agree to the
  // proposal on the table, withdraw, or propose other hours.
  function extensionVote(clock, mine) {
    if (!clock?.mode || clock.paused) return null;
    const proposal = clock.extend;
    const agreed = proposal && mine.every((s) => proposal.seats.includes(s));
    const hoursLabel = (n) => `${n} hour${n === 1 ? "" : "s"}`;
    return h("form", { class: "control-row", dataset: { control: "extend-vote-form" },
      onsubmit: (event) => {
        event.preventDefault();
        const hours = Number(event.target.elements.hours.value);
        run(`You asked for ${hoursLabel(hours)} more.`, () => post(root, config, "extend", { hours }));
      } },
    proposal ? h("button", { type: "button", class: "button small ghost", dataset: { control: "extend-vote" }, disabled: ui.busy,
      "aria-pressed": agreed ? "true" : "false",
      onclick: () => run(agreed ? "Extension vote withdrawn." : `You agreed to ${hoursLabel(proposal.hours)} more.`,
        () => post(root, config, "extend", { hours: agreed ? null : proposal.hours })) },
    agreed ? "Withdraw extension vote" : `Agree to ${hoursLabel(proposal.hours)} more`) : null,
    h("label", { for: "extend-vote-hours" }, proposal ? "or ask for" : "Ask everyone for"),
    h("input", { id: "extend-vote-hours", name: "hours", type: "number", min: 1, max: 168, value: proposal?.hours || 24, required: true, class: "narrow" }),
    h("span", { class: "small muted" }, "h more"),
    h("button", { class: "button small ghost", dataset: { control: "extend-propose" }, disabled: ui.busy }, "Propose"));
  }

  function hostControls(clock) {
    if (!isHost()) return null;
    const parts = [h("h4", {}, "Host")];
    if (clock?.mode) {
      parts.push(h("form", { class: "control-row", dataset: { control: "extend-form" },
        onsubmit: (event) => {
          event.preventDefault();
          const hours = Number(event.target.elements.hours.value);
          run(`Every running ${clock.mode === "clock" ? "clock" : "deadline"} got ${hours} more hour${hours === 1 ? "" : "s"}.`,
            () => post(root, config, "deadline", { hours }));
        } },
      h("label", { for: "extend-hours" }, clock.mode === "clock" ? "Add to every clock" : "Extend deadlines by"),
      h("input", { id: "extend-hours", name: "hours", type: "number", min: 1, max: 168, value: 24, required: true, class: "narrow" }),
      h("span", { class: "small muted" }, "h"),
      h("button", { class: "button small ghost", dataset: { control: "extend" }, disabled: ui.busy }, "Extend")));
    }
    const bestBot = Math.max(0, ...(config.bot_levels || []));
    for (const seat of clock?.disorder || []) {
      const player = (config.seats || []).find((s) => s.seat === seat)?.player;
      parts.push(h("form", { class: "control-row replace", dataset: { control: "replace-form", seat },
        onsubmit: (event) => {
          event.preventDefault();
          const username = event.target.elements.username.value.trim();
          if (!username) return;
          run(`${ctx.adapter.seatTitle?.(seat) || seat} now played by ${username}.`,
            () => post(root, config, `seats/${encodeURIComponent(seat)}/replace`, { username }));
        } },
      h("label", { for: `replace-${seat}` }, `${ctx.adapter.seatTitle?.(seat) || seat}`, player ? h("span", { class: "muted" }, ` (${player})`) : null, " → "),
      h("input", { id: `replace-${seat}`, name: "username", placeholder: "new player's user name", autocomplete: "off", required: true }),
      h("button", { class: "button small", dataset: { control: "replace", seat }, disabled: ui.busy }, "Hand over"),
      bestBot ? h("button", { type: "button", class: "button small ghost", dataset: { control: "replace-bot", seat }, disabled: ui.busy,
        onclick: () => run(`${ctx.adapter.seatTitle?.(seat) || seat} is now played by a bot of level ${bestBot}.`,
          () => post(root, config, `seats/${encodeURIComponent(seat)}/replace`, { bot: bestBot })) }, `Hand to a level-${bestBot} bot`) : null));
    }
    // A bot's seat goes to a person at any time (issue #25).
    for (const { seat, bot } of (config.seats || []).filter((s) => s.bot !== null && s.bot !== undefined)) {
      parts.push(h("form", { class: "control-row replace", dataset: { control: "take-over-form", seat },
        onsubmit: (event) => {
          event.preventDefault();
          const username = event.target.elements.username.value.trim();
          if (!username) return;
          run(`${ctx.adapter.seatTitle?.(seat) || seat} now played by ${username}.`,
            () => post(root, config, `seats/${encodeURIComponent(seat)}/take-over`, { username }));
        } },
      h("label", { for: `take-over-${seat}` }, `${ctx.adapter.seatTitle?.(seat) || seat}`, h("span", { class: "muted" }, ` (bot, level ${bot})`), " → "),
      h("input", { id: `take-over-${seat}`, name: "username", placeholder: "player's user name", autocomplete: "off", required: true }),
      h("button", { class: "button small", dataset: { control: "take-over", seat }, disabled: ui.busy }, "Take over")));
    }
    parts.push(h("div", { class: "control-buttons" },
      h("button", { class: "button small danger", dataset: { control: "abandon" }, disabled: ui.busy,
        onclick: () => { ui.confirm = "abandon"; render(); } }, "Abandon the game…")));
    if (ui.confirm === "abandon") {
      parts.push(confirmBox("abandon", "Abandon the game for everyone? It ends with no winner and cannot be resumed.",
        "Yes, abandon", () => run("The game was abandoned.", () => post(root, config, "abandon"))));
    }
    return h("div", { class: "control-group host" }, parts);
  }

  let drawn = null;
  function render() {
    const clock = store.clock;
    // Re-render only when what the panel shows changed: a patch or a clock tick must not wipe
    // a user name being typed.
    const key = JSON.stringify([over(), clock?.mode, clock?.paused, clock?.gm_until, clock?.pause, clock?.draw, clock?.extend, clock?.disorder,
      clock?.limit, store.mySeats, (config.seats || []).map((s) => s.player), ui.confirm, ui.busy, ui.message, isHost()]);
    if (key === drawn) return;
    drawn = key;
    if (over()) {
      root.hidden = true;
      return;
    }
    const players = playerControls(clock);
    const host = hostControls(clock);
    const lines = status(clock);
    root.hidden = !players && !host && !lines;
    fill(root, h("h3", {}, "Game"), lines, players, host,
      ui.message ? h("p", { class: `control-message${ui.error ? " error" : ""}`, role: ui.error ? "alert" : "status" }, ui.message) : null);
  }

  return { render };
}
