// The game page: wires the socket, the store, the map, the orders and the panels together.
// Rendering is a function of the store (the server's view) and of the order being built.

import { openMap } from "../map/mapview.js";
import { createChat } from "./panels/chat.js";
import { createControls } from "./panels/controls.js";
import { createGmPanel } from "./panels/gm.js";
import { renderBanner } from "./panels/banner.js";
import { renderDecision } from "./panels/decision.js";
import { renderDice } from "./panels/dice.js";
import { fill, h } from "./panels/dom.js";
import { createLog } from "./panels/log.js";
import { renderPlayers } from "./panels/players.js";
import { renderReaction, tickReaction } from "./panels/reaction.js";
import { installLearn } from "./panels/learn.js";
import { installRuleCites } from "./panels/rulecite.js";
import { renderTrack } from "./panels/track.js";
import { Orders } from "./orders.js";
import { GameSocket } from "./protocol.js";
import { adapterFor } from "./rulesets/index.js";
import { Store } from "./store.js";

const $ = (id) => document.getElementById(id);

async function main() {
  const config = JSON.parse($("salient-config").textContent);
  const store = new Store();
  store.mySeats = config.my_seats;
  store.commitment = config.commitment;
  const adapter = adapterFor(config.ruleset, config);
  const socket = new GameSocket({ url: config.ws_url, invite: config.invite, store });
  const orders = new Orders({ store, socket, adapter });
  const ctx = { store, socket, orders, adapter, config, map: null };
  window.salient = ctx;
  document.body.classList.toggle("spectator", !config.my_seats.length);
  installRuleCites($("rule-entry"), ctx);
  installLearn($("learn-panel"), ctx);
  installSheet(document.querySelector(".game-layout .side"), document.querySelector(".map-help"));
  installSkipLinks(ctx);

  const mapRoot = $("map");
  const hover = $("hex-info");
  let previewHexes = [];

  function paintHighlights() {
    if (!ctx.map) return;
    ctx.map.highlight([...orders.highlights(), ...previewHexes, ...(ctx.gmMap?.highlights() || [])]);
    ctx.map.markSpread?.(orders.mode === "units" ? orders.units.selection?.units : []);
  }
  ctx.paintHighlights = paintHighlights;   // the GM's map editor (panels/gm.js) repaints too

  let shownHex = null;
  function showHex(info) {
    shownHex = info?.id || null;
    if (!info) { hover.hidden = true; return; }
    hover.hidden = false;
    const units = info.units || [];
    fill(hover,
      h("div", {}, h("strong", {}, info.place || `Hex ${info.label}`), info.place ? h("span", { class: "muted" }, ` ${info.label}`) : null),
      h("div", { class: "muted" }, [info.terrain, info.country].filter(Boolean).map((t) => String(t).replace(/_/g, " ")).join(" · "),
        info.features?.length ? ` · ${info.features.join(", ")}` : ""),
      (adapter.hexNotes?.(info.id, store.view) || []).map((note) => h("div", { class: "hex-note small" }, note)),
      units.length ? h("ul", { class: "hex-units" }, units.map((u) => h("li", {}, h("span", { class: "swatch", style: `background:${u.colour}` }), u.title || u.label))) : null);
  }

  // An adapter may show the scenario on another map's art (a window of a larger map).
  const source = adapter.mapSource?.(config) || { mapUrl: config.map_url, svgUrl: config.svg_url };
  if (source.mapUrl) {
    try {
      ctx.map = await openMap(mapRoot, {
        mapUrl: source.mapUrl, svgUrl: source.svgUrl, extend: source.extend,
        onHexClick: (id, info) => {
          const acted = orders.clickHex(id) || !!ctx.gmMap?.clickHex(id);
          showHex(info);
          // Confirm takes the focus (Enter sends the order), without scrolling the page: on a
          // phone the orders sheet scrolls to it and the map stays where it is.
          if (orders.pending && !orders.editor) setTimeout(() => focusQuietly($("confirm")), 0);
          return acted;
        },
        onHexHover: (info) => showHex(info),
        onStackOpen: (id) => showHex(ctx.map.describeHex(id)),
        // A counter of a spread stack: in unit-first orders it alone is selected (the roster
        // can tick the others back) and the fan folds, so that the hexes it lay over can be
        // clicked as destinations; otherwise the hex box says what it is.
        onSpreadPick: (hex, unit) => {
          showHex(ctx.map.describeHex(hex));
          if (orders.mode === "units" && adapter.subsets && orders.units.unitsAt(hex).includes(unit)) {
            ctx.map.spread(null);
            orders.units.select(hex, { units: [unit] });
          }
        },
      });
      // Fit (button, key 0) shows the scenario's window when the ruleset has one (FA's small
      // scenarios), else the whole map.
      ctx.map.fitFilter = (id) => !adapter.inWindow || adapter.inWindow(id);
      adapter.setMap?.(ctx.map.map);
      adapter.mapControls?.(ctx.map);   // a ruleset's buttons beside Fit (BoP: the front line)
      document.body.classList.add("has-map");
    } catch (error) {
      fill(mapRoot, h("p", { class: "map-error" }, `The map could not be loaded (${error.message}).`));
    }
  } else {
    document.body.classList.add("no-map");
    mapRoot.remove();
    document.querySelector(".skip-link[data-skip=map]")?.remove();
  }
  orders.mapped = !!ctx.map;
  // Questions about an order that do not give it (docs/protocol.md): why not, and what it does.
  orders.ask = async (question, seat, decision, action) => {
    const params = new URLSearchParams({ seat, decision, action: JSON.stringify(action) });
    if (config.invite) params.set("invite", config.invite);
    const response = await fetch(`${config.api}${question}?${params}`, { credentials: "same-origin" });
    const body = await response.json().catch(() => ({}));
    if (!response.ok) throw Object.assign(new Error(body.error?.message || `HTTP ${response.status}`), { body });
    return body;
  };

  // --- rendering ----------------------------------------------------------------------------
  const controls = createControls($("game-controls"), ctx);
  const gmPanel = createGmPanel($("gm-panel"), ctx);
  // A `seats` frame (the host handed a seat in civil disorder to another player): the seat
  // list shows the new player. A user whose own seats changed reloads, so the socket's
  // audience (fixed for its life) follows the seating.
  ctx.setSeats = (frame) => {
    const players = Object.fromEntries((frame.seats || []).map((s) => [s.seat, s]));
    config.seats = (config.seats || []).map((s) => (s.seat in players
      ? { ...s, player: players[s.seat].player, bot: players[s.seat].bot ?? null } : s));
    store.seats = frame.seats || store.seats;
    store.emit("meta");
    if (!config.user) return;
    const held = config.seats.filter((s) => s.player === config.user).map((s) => s.seat).sort();
    if (held.join() !== [...store.mySeats].sort().join()) {
      const r = frame.replaced;
      toast(r && r.player === config.user ? `You now play ${adapter.seatTitle?.(r.seat) || r.seat}: reloading…` : "Your seats changed: reloading…");
      setTimeout(() => window.location.reload(), 1200);
    }
  };
  // Counters: the view's, plus an editor's pending ones (a set-up being placed).
  let editorPainted = false;
  function paintUnits() {
    if (!ctx.map || !store.view) return;
    ctx.map.setUnits([...adapter.units(store.view), ...(orders.editor?.units?.(store.view) || [])]);
    ctx.map.setMarks(adapter.marks?.(store.view) || []);
    editorPainted = !!orders.editor;
  }
  const log = createLog($("log"), ctx);
  const chat = createChat($("chat"), ctx);
  let centred = false;

  function renderSummary() {
    const root = $("board-summary");
    if (!root) return;
    // An adapter may keep its board summary under the map (an area map's territories as text).
    if ((ctx.map && !adapter.summaryWithMap) || !store.view) { root.hidden = true; return; }
    root.hidden = false;
    const summary = adapter.summary ? adapter.summary(store.view) : null;
    fill(root, h("h2", {}, config.scenario_title),
      summary ? h("table", { class: "list summary" }, h("tbody", {}, summary.rows.map((r) => h("tr", {},
        h("td", {}, h("span", { class: "seat-dot taken", style: `--c:${r.colour || "#888"}` }), " ", r.seat), r.cells.map((c) => h("td", {}, c))))))
        : h("pre", { class: "view-json" }, JSON.stringify(store.view.board || store.view.flow || {}, null, 1)),
      summary?.note ? h("p", { class: "muted" }, summary.note) : null,
      ctx.map ? null : h("p", { class: "muted small" }, "This game has no map: decisions are answered with the buttons in the panel."));
  }

  // The map follows the user's decisions (gently: mapview.reveal leaves a user who is moving
  // the map alone): a decision that opens brings its place into view (an adapter's
  // `focus(decision, view)`, else where its options start or end), and an order picked from
  // the list shows the locations it names.
  let followed = null;
  let followedPending = null;
  let followedUnits = null;
  function follow() {
    if (!ctx.map || orders.editor) return;
    if (orders.mode === "units") {
      // Unit-first: when the user's decisions change, bring what they can order into view
      // (a combat's place first), gently, as for a decision that opens.
      const key = orders.available().map((x) => x.id).join(" ");
      if (orders.status !== "loading" && key !== followedUnits) {
        followedUnits = key;
        const focus = orders.available().flatMap((x) => adapter.focus?.(x, store.view) || []);
        const hexes = focus.length ? focus : orders.origins().length ? orders.origins()
          : orders.units.targets().map((e) => e.p.hex);
        ctx.map.reveal(hexes);
      }
      return;
    }
    followedUnits = null;
    const d = orders.decision;
    if (d && orders.entries && orders.status !== "loading" && followed !== d.id) {
      followed = d.id;
      const origins = orders.origins();
      const hexes = adapter.focus?.(d, store.view) || (origins.length ? origins
        : orders.entries.flatMap((e) => [e.p.hex, ...(e.p.preview || []).map((x) => x.hex)]).filter(Boolean));
      ctx.map.reveal(hexes);
    }
    const pending = orders.pending;
    if (pending !== followedPending) {
      followedPending = pending;
      const hexes = (pending?.p.preview || []).map((x) => x.hex);
      if (hexes.length) ctx.map.reveal([...hexes, pending.p.hex].filter(Boolean), { fit: true, force: true });
    }
  }

  // A click is a press and a release. A panel redrawn between the two loses it: the browser
  // gives the click to what holds both the old button and the new one, not to the button. So
  // while a press is held on a panel its redraw waits for the release (a second at most: a
  // release outside the window is never seen).
  const press = { held: false, due: false, timer: 0 };
  const released = () => {
    if (!press.held) return;
    press.held = false;
    clearTimeout(press.timer);
    // After the click the release brings, which the browser sends in the same task.
    if (press.due) { press.due = false; setTimeout(renderOrders, 0); }
  };
  for (const id of ["decision", "reaction"]) {
    $(id).addEventListener("pointerdown", () => {
      press.held = true;
      clearTimeout(press.timer);
      press.timer = setTimeout(released, 1000);
    }, true);
  }
  window.addEventListener("pointerup", released, true);
  window.addEventListener("pointercancel", released, true);

  function renderOrders() {
    if (press.held) {
      press.due = true;
    } else {
      renderDecision($("decision"), ctx);
      renderReaction($("reaction"), ctx);
    }
    if (orders.editor || editorPainted) paintUnits();
    paintHighlights();
    follow();
  }

  store.subscribe((changed) => {
    if (changed.has("view") && store.view) {
      if (ctx.map) {
        paintUnits();
        // The hex shown in the info box follows the position (a unit eliminated leaves it).
        if (shownHex && !hover.hidden) showHex(ctx.map.describeHex(shownHex));
        if (!centred) {
          centred = true;
          const units = adapter.units(store.view);
          const mine = units.find((u) => store.mySeats.some((s) => u.id && adapter.parse?.(u.id)?.nation === s)) || units[0];
          const start = adapter.startView?.(store.view, store.mySeats, ctx.map);
          ctx.map.zoomAt(start?.zoom ?? 3.2, ctx.map.size[0] / 2, ctx.map.size[1] / 2);
          const hex = start?.hex || mine?.hex;
          if (hex) ctx.map.centreOn(hex);
        }
      }
      orders.sync();
      renderTrack($("track"), ctx);
      renderSummary();
      // The tab says when a decision waits for the user (another tab, a phone's switcher).
      const waiting = orders.available().length > 0 && !store.result && !store.view.game?.result;
      document.title = `${waiting ? "Your move · " : ""}${config.title} · ${adapter.phase(store.view).turn} · Salient`;
    }
    if (changed.has("view") || changed.has("log")) { renderDice($("dice"), ctx); log.render(); }
    if (changed.has("view") || changed.has("meta") || changed.has("presence") || changed.has("clock")) renderPlayers($("players"), ctx);
    if (changed.has("chat") || changed.has("meta")) chat.render();
    if (changed.has("view") || changed.has("meta") || changed.has("clock")) { controls.render(); gmPanel.render(); }
    // The order panels read the view, the seats and the written orders; a chat line, a
    // presence or a log page does not redraw them (a redraw replaces their buttons; the
    // countdown ticks by itself: tickReaction).
    if (changed.has("view") || changed.has("meta") || changed.has("orders")) renderOrders();
  });
  orders.addEventListener("change", renderOrders);
  // After an order is sent the focus goes back to the map (where the next order starts), not
  // to the page's body.
  // A sent order folds a spread stack (the fan showed the units it was about).
  orders.addEventListener("sent", () => ctx.map?.spread?.(null));
  orders.addEventListener("sent", () => setTimeout(() => {
    if (!document.activeElement || document.activeElement === document.body) focusQuietly(ctx.map?.root);
  }, 0));
  for (const panel of [$("decision"), $("reaction")]) {
    panel.addEventListener("preview", (event) => {
      previewHexes = event.detail;
      paintHighlights();
      // The option under the pointer names places: show them (the user asked: pan even now).
      if (previewHexes.length) ctx.map?.reveal(previewHexes.map((x) => x.hex), { fit: true, force: true });
    });
  }
  // The badge says "Finished" (with the result) once the game is over, "Live" before.
  let connection = { state: "connecting" };
  const finished = () => {
    const result = store.result || store.view?.game?.result;
    return result ? (adapter.resultText?.(result) || "game over") : "";
  };
  const paintBanner = () => renderBanner($("conn"), connection.state, connection, finished());
  socket.addEventListener("state", (event) => { connection = event.detail; paintBanner(); });
  store.subscribe((changed) => { if (changed.has("view")) paintBanner(); });
  socket.addEventListener("frame:chat", (event) => store.addChat(event.detail));
  socket.addEventListener("frame:presence", (event) => store.setPresence(event.detail));
  socket.addEventListener("frame:clock", (event) => store.setClock(event.detail));
  socket.addEventListener("frame:seats", (event) => {
    const r = event.detail.replaced;
    if (r) toast(`${adapter.seatTitle?.(r.seat) || r.seat} is now played by ${r.player}${r.previous ? ` (was ${r.previous})` : ""}.`);
    ctx.setSeats(event.detail);
  });
  socket.addEventListener("frame:notice", (event) => toast(event.detail.message || event.detail.code));
  socket.addEventListener("frame:error", (event) => {
    if (event.detail.ref !== "options") toast(event.detail.message || event.detail.code, "error");
  });
  let historyLoaded = false;
  socket.addEventListener("frame:welcome", () => {
    if (!historyLoaded) { historyLoaded = true; loadHistory(); }
  });
  // Clocks tick in the browser between clock frames.
  setInterval(() => { if (store.clock?.mode) renderPlayers($("players"), ctx); tickReaction($("reaction"), ctx); }, 1000);

  // The log of the steps before this page opened: the events the live page would have shown
  // (GET log, as this audience got them), written by the same adapter lines.
  async function loadHistory() {
    try {
      const suffix = config.invite ? `?invite=${encodeURIComponent(config.invite)}` : "";
      const response = await fetch(`${config.api}log${suffix}`, { credentials: "same-origin" });
      if (!response.ok) return;
      const log = await response.json();
      store.setHistory((log.entries || []).map((e) => ({ ...e, source: "record" })));
    } catch { /* the log starts with live events */ }
  }

  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && (orders.pending || orders.editor?.selected || orders.units.selection)) { orders.cancel(); ctx.map?.root.focus(); }
  });

  renderBanner($("conn"), "connecting");
  socket.connect();
}

/** Focus an element without scrolling the page; its own scrolling panel brings it into view. */
function focusQuietly(node) {
  if (!node) return;
  node.focus({ preventScroll: true });
  node.scrollIntoView?.({ block: "nearest", inline: "nearest" });
}

/** The skip links (play/game.html) go to the orders or to the map without the page jumping
 * (a phone's sheet scrolls to the orders on its own) and without a #hash in the address. The
 * map's link focuses the map itself, where the arrow keys move the cursor; a game without a
 * map has no such link. */
function installSkipLinks(ctx) {
  for (const link of document.querySelectorAll(".skip-link[data-skip]")) {
    link.addEventListener("click", (event) => {
      const target = link.dataset.skip === "map" ? ctx.map?.root : $(link.dataset.skip);
      if (!target) return;
      event.preventDefault();
      focusQuietly(target);
    });
  }
}

/** Phones and narrow windows: the side panel is a bottom sheet under the map (static/css/
 * game.css), with a handle that lifts it to read more and lowers it to see more map; a touch
 * screen's help line speaks of taps and pinches. */
function installSheet(side, mapHelp) {
  if (!side || side.querySelector(".sheet-handle")) return;
  const handle = h("button", { type: "button", class: "sheet-handle", id: "sheet-handle", "aria-expanded": "false",
    "aria-controls": "side-panel", onclick: () => {
      const open = document.body.classList.toggle("sheet-open");
      handle.setAttribute("aria-expanded", open ? "true" : "false");
      handle.textContent = open ? "▼ Show more map" : "▲ Show more orders";
    } }, "▲ Show more orders");
  side.id = side.id || "side-panel";
  side.prepend(handle);
  if (mapHelp && globalThis.matchMedia?.("(pointer: coarse)").matches) {
    mapHelp.textContent = "Drag to pan · pinch to zoom, Fit shows it all · tap a stack to spread it, a counter, then where it goes";
  }
}

function toast(text, kind = "info") {
  const root = $("toasts");
  const node = h("div", { class: `toast ${kind}`, role: "status" }, text);
  root.append(node);
  setTimeout(() => node.remove(), 6000);
}

main();
