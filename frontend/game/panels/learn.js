// Learn the game without leaving it: a panel beside the map (a sheet over the lower screen on a
// phone) with what each side must do to win, the map legend, the counter legend and the
// glossary. Opened by the game bar's Legend and Glossary buttons (any `[data-learn]` button:
// its value names the tab). The texts come from GET /api/rulesets/<id>/learn (boardgame/learn:
// docs/learn/*.md and the ruleset's engine data); the symbols are drawn with the map's own art
// and the map's own counter code (map/legend.js, learn/samples.js). Rule cites in the panel are
// the page's cite buttons: they open their rules-reference entry (panels/rulecite.js).

import { miniMap, swatch } from "../../map/legend.js";
import { samplesFor } from "../learn/samples.js";
import { adapterFor } from "../rulesets/index.js";
import { cite, fill, h } from "./dom.js";

const TABS = [["goals", "Goals"], ["map", "Map"], ["counters", "Counters"], ["glossary", "Glossary"]];
// Map legend rows by kind of symbol, in reading order.
const GROUPS = [
  ["Terrain", (k) => k.startsWith("terrain-") || k === "sea"],
  ["Territories", (k) => k.startsWith("area-")],
  ["Hexsides and lines", (k) => ["coast", "rivers-major", "rivers-minor", "canals", "straits", "all-sea", "border", "rail"].includes(k)],
  ["Places", (k) => k.startsWith("place-") || k === "box"],
  ["Markers", (k) => k.startsWith("mark:")],
  ["Your orders on the map", (k) => k.startsWith("hl-") || k === "cursor"],
];

export function installLearn(root, ctx) {
  if (!root?.dataset.api) return;
  const { config } = ctx;
  let tab = "map";
  let data = null;
  let failed = null;
  let query = "";

  async function load() {
    if (data) return;
    try {
      const response = await fetch(`${root.dataset.api}?scenario=${encodeURIComponent(config.scenario)}`);
      const body = await response.json();
      if (!response.ok) throw new Error(body.error?.message || `the server answered ${response.status}`);
      data = body;
    } catch (error) {
      failed = error.message;
    }
  }

  async function open(which) {
    tab = which || tab;
    root.hidden = false;
    for (const button of document.querySelectorAll("[data-learn]")) button.setAttribute("aria-expanded", "true");
    if (!data && !failed) {
      fill(root, head(), h("p", { class: "muted" }, "Loading…"));
      await load();
    }
    render();
    root.scrollIntoView?.({ block: "nearest" });
    root.querySelector(`[data-tab="${tab}"]`)?.focus();
  }

  function close() {
    root.hidden = true;
    for (const button of document.querySelectorAll("[data-learn]")) button.setAttribute("aria-expanded", "false");
  }

  function head() {
    return h("div", { class: "learn-head" }, h("h3", {}, "Learn the game"),
      h("button", { type: "button", class: "button small ghost", id: "learn-close", onclick: close }, "Close"));
  }

  function render() {
    if (failed) return fill(root, head(), h("p", { class: "muted" }, `The guide could not be loaded (${failed}).`));
    const tabs = h("div", { class: "learn-tabs", role: "tablist", "aria-label": "Learn the game" },
      TABS.map(([id, label]) => h("button", { type: "button", class: `tab${tab === id ? " active" : ""}`, role: "tab",
        "aria-selected": tab === id ? "true" : "false", dataset: { tab: id },
        onclick: () => { tab = id; render(); root.querySelector(`[data-tab="${id}"]`)?.focus(); } }, label)));
    const body = { goals, map: mapLegend, counters: counterLegend, glossary }[tab]();
    fill(root, head(), tabs, h("div", { class: "learn-body", role: "tabpanel", id: `learn-${tab}` }, body));
  }

  // --- what each side wants --------------------------------------------------------------

  function goals() {
    const scenario = data.scenario;
    const howto = data.howto?.[config.scenario];
    return [
      scenario?.victory?.length ? h("ol", { class: "learn-goals" }, scenario.victory.map((c) => h("li", {},
        h("strong", {}, c.title), c.side ? h("span", { class: "tag" }, c.side) : null, " ",
        h("span", { class: "muted small" }, c.when), c.rule ? cite(c.rule) : null,
        h("p", { class: "small" }, c.text), c.now ? h("p", { class: "small muted" }, c.now) : null)))
        : h("p", { class: "muted" }, "This game's victory conditions are not described here yet."),
      howto ? h("p", { class: "learn-more" }, h("a", { href: howto, target: "_blank", rel: "noopener", id: "learn-howto-link" },
        "How to play this scenario"), " (sides, the turn in one picture, your first decisions)") : null,
    ];
  }

  // --- the legends: the map's own art, the game's own counters ------------------------------

  function env() {
    const fresh = (map) => {
      const adapter = adapterFor(config.ruleset, { ...config, map_window: null });
      if (map) adapter.setMap?.(map);
      return adapter;
    };
    return {
      view: ctx.store.view, fresh,
      place: (place) => miniMap(ctx.map, ["0,0"], { places: { legend: { id: "legend", ...place } } }),
      window: () => {
        const map = miniMap(ctx.map, ["0,0", "1,0"]);
        const adapter = adapterFor(config.ruleset, { ...config, map_window: { of: "legend", centre: "0,0", radius: 0 } });
        adapter.setMap?.(map);
        return { map, adapter };
      },
    };
  }

  function row(item, samples) {
    const box = h("div", { class: `legend-swatch${item.key.startsWith("counter:") ? " counter-swatch" : ""}` });
    let drawn = null;
    try {
      drawn = swatch(ctx.map, item.key, { samples, container: box });
    } catch (error) {
      console.warn(`legend: ${item.key}`, error);
    }
    if (!drawn) return null;
    return h("li", { class: "legend-row", dataset: { key: item.key } }, box,
      h("div", { class: "legend-text" }, item.meaning, item.facts ? [" ", h("span", { class: "legend-facts" }, item.facts)] : null,
        item.rule ? cite(item.rule) : null));
  }

  function noMap() {
    return h("p", { class: "muted" }, "This game has no map.");
  }

  function mapLegend() {
    if (!ctx.map) return noMap();
    const samples = samplesFor(config.ruleset, env());
    const out = [h("p", { class: "muted small" }, `${ctx.map.map.meta.title}: what its symbols mean in ${data.title}.`)];
    for (const [title, fits] of GROUPS) {
      const rows = data.map.filter((item) => fits(item.key)).map((item) => row(item, samples)).filter(Boolean);
      if (rows.length) out.push(h("h4", {}, title), h("ul", { class: "legend-list" }, rows));
    }
    // Notes: what the map does not draw (supply sources, control), in words.
    const notes = data.map.filter((item) => item.key.startsWith("note:"));
    if (notes.length) {
      out.push(h("h4", {}, "Not drawn on the map"), h("ul", { class: "legend-notes" }, notes.map((item) =>
        h("li", { dataset: { key: item.key } }, item.meaning, item.rule ? cite(item.rule) : null))));
    }
    return out;
  }

  function counterLegend() {
    if (!ctx.map) return noMap();
    const samples = samplesFor(config.ruleset, env());
    const rows = data.counters.map((item) => row(item, samples)).filter(Boolean);
    const stack = data.map.find((item) => item.key === "stack");
    return [h("p", { class: "muted small" }, "What the names, symbols and numbers on a counter mean. Hover or tap a hex to list its stack."),
      rows.length ? h("ul", { class: "legend-list" }, rows) : h("p", { class: "muted" }, "No counter legend for this game yet."),
      stack && !data.counters.some((c) => c.key === "counter:stack") ? h("p", { class: "small" }, stack.meaning) : null];
  }

  // --- the glossary -------------------------------------------------------------------------

  function glossary() {
    const search = h("input", { type: "search", class: "learn-search", id: "learn-search", placeholder: "Find a term or an abbreviation",
      "aria-label": "Find a term", value: query });
    const list = h("div", { class: "learn-glossary-list" });
    const draw = () => {
      const q = query.trim().toLowerCase();
      const hit = (e) => !q || [e.term, ...e.aliases, e.meaning].some((s) => s.toLowerCase().includes(q));
      const own = data.glossary.filter((e) => e.source !== "platform" && hit(e));
      const platform = data.glossary.filter((e) => e.source === "platform" && hit(e));
      fill(list, own.length ? [h("h4", {}, data.title), entries(own)] : null,
        platform.length ? [h("h4", {}, "Salient"), entries(platform)] : null,
        !own.length && !platform.length ? h("p", { class: "muted" }, "No term matches.") : null);
    };
    search.addEventListener("input", () => { query = search.value; draw(); });
    draw();
    return [search, list, h("p", { class: "learn-more" }, h("a", { href: data.glossary_url, target: "_blank", rel: "noopener" }, "The whole glossary on its own page"))];
  }

  function entries(list) {
    return h("dl", { class: "learn-glossary" }, list.map((e) => [
      h("dt", { dataset: { term: e.term } }, e.term, e.aliases.length ? h("span", { class: "muted" }, ` (${e.aliases.join(", ")})`) : null),
      h("dd", {}, e.meaning, e.rule ? cite(e.rule) : null)]));
  }

  for (const button of document.querySelectorAll("[data-learn]")) {
    button.setAttribute("aria-controls", root.id);
    button.setAttribute("aria-expanded", "false");
    button.addEventListener("click", () => (root.hidden || tab !== button.dataset.learn ? open(button.dataset.learn) : close()));
  }
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && !root.hidden && root.contains(document.activeElement)) close();
  });
}
