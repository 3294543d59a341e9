// The replay viewer: the game's record plus one request for the views (the server replays the
// record through the engine for the caller's audience and sends the view at step 0 and the
// patch of every later step). Step, slider, jump to phase starts, autoplay, export the record,
// and for finished games verify every die from the revealed seed in the browser (Dice v1).

import { verifyRecord } from "../lib/dice.js";
import { applyPatch } from "../lib/jsonpatch.js";
import { openMap } from "../map/mapview.js";
import { fill, h } from "../game/panels/dom.js";
import { adapterFor } from "../game/rulesets/index.js";

const $ = (id) => document.getElementById(id);

async function getJSON(url) {
  const response = await fetch(url, { credentials: "same-origin" });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.json();
}

async function main() {
  const config = JSON.parse($("salient-config").textContent);
  const adapter = adapterFor(config.ruleset, config);
  const suffix = config.invite ? `&invite=${encodeURIComponent(config.invite)}` : "";
  const record = await getJSON(config.record_url);
  const actions = record.actions || [];
  const last = actions.length ? actions[actions.length - 1].seq : 0;
  // `?since=N` (the catch-up from My games): step through from step N, your last action, to
  // now; the steps before it are not loaded.
  const asked = Number(new URLSearchParams(location.search).get("since"));
  const first = Number.isInteger(asked) && asked > 0 ? Math.min(asked, last) : 0;

  // Views of every step from `first`: its view from the server, the rest by applying patches.
  const views = [];
  const events = [];
  let from = first;
  while (true) {
    const chunk = await getJSON(`${config.replay_api}${from}?through=${last}${suffix}`);
    if (from === first) { views[first] = chunk.view; events[first] = chunk.events || []; }
    let current = views[from];
    for (const step of chunk.steps || []) {
      current = applyPatch(current, step.ops);
      views[step.seq] = current;
      events[step.seq] = step.events;
    }
    const reached = chunk.steps?.length ? chunk.steps[chunk.steps.length - 1].seq : from;
    if (reached >= last || reached === from) break;
    from = reached;
  }
  const total = views.length - 1;

  let map = null;
  const source = adapter.mapSource?.(config) || { mapUrl: config.map_url, svgUrl: config.svg_url };
  if (source.mapUrl) {
    map = await openMap($("map"), { mapUrl: source.mapUrl, svgUrl: source.svgUrl, extend: source.extend,
      onHexHover: (info) => showHex(info), onHexClick: (id, info) => showHex(info) });
    adapter.setMap?.(map.map);
    document.body.classList.add("has-map");
  } else {
    document.body.classList.add("no-map");
    $("map").remove();
  }

  // Phase starts: the steps where the turn or phase shown on the track changes.
  // Each step's "turn — phase" label, read once: the phase starts and the catch-up share it.
  const labels = views.map((view) => { const p = adapter.phase(view); return `${p.turn} — ${p.phase}`; });
  const starts = [];
  let previous = "";
  labels.forEach((label, seq) => {
    if (label !== previous) starts.push({ seq, label });
    previous = label;
  });

  // Each step's action by its number, looked up once (a find per step made the catch-up quadratic).
  const actionAt = new Map(actions.map((a) => [a.seq, a]));

  let step = 0;
  let timer = null;
  const slider = $("slider");
  slider.min = String(first);
  slider.max = String(total);
  if (first) {
    $("since-note").hidden = false;
    $("since-note").textContent = `Since your last move: steps ${first} to ${total}.`;
  }
  fill($("phases"), h("option", { value: "" }, "Jump to a phase start…"),
    starts.map((s) => h("option", { value: String(s.seq) }, `#${s.seq} ${s.label}`)));

  // The catch-up: what happened since my last move, my audience's events grouped by the phase
  // they happened in; each group's heading jumps the board to the step that opened it.
  const groups = [];
  for (let seq = first + 1; first && seq <= total; seq += 1) {
    const label = labels[seq];
    if (!groups.length || groups[groups.length - 1].label !== label) groups.push({ label, seq, to: seq, lines: [] });
    const group = groups[groups.length - 1];
    group.to = seq;
    const action = actionAt.get(seq);
    if (action) group.lines.push(h("li", { class: "caught-action" }, h("strong", {}, `#${seq} `), adapter.recordLine(action, views[seq - 1] || views[seq])));
    for (const e of events[seq] || []) group.lines.push(h("li", { class: "caught-event" }, adapter.event(e, views[seq])));
  }
  if (groups.length) {
    $("catch-up").hidden = false;
    fill($("catch-up-groups"), groups.map((g) => h("li", { class: "caught-phase" },
      h("button", { type: "button", class: "button small ghost caught-jump", onclick: () => go(g.seq) }, g.seq === g.to ? `${g.label} (step ${g.seq})` : `${g.label} (steps ${g.seq}–${g.to})`),
      h("ul", { class: "step-events" }, g.lines))));
  }

  function showHex(info) {
    const box = $("hex-info");
    if (!info) { box.hidden = true; return; }
    box.hidden = false;
    fill(box, h("strong", {}, info.place || `Hex ${info.label}`), h("div", { class: "muted" }, info.terrain || ""),
      (info.units || []).map((u) => h("div", {}, u.title || u.label)));
  }

  let centred = false;
  function render() {
    const view = views[step];
    const phase = adapter.phase(view);
    $("step-no").textContent = `Step ${step} of ${total}`;
    slider.value = String(step);
    fill($("track"), h("div", {}, h("strong", { class: "turn-name" }, phase.turn)), h("div", { class: "phase" }, phase.phase));
    const action = actionAt.get(step);
    fill($("step-action"), action ? h("p", {}, h("strong", {}, `#${action.seq} `), adapter.recordLine(action, views[step - 1] || view),
      action.by ? h("small", { class: "muted" }, ` — ${action.by}`) : null) : h("p", { class: "muted" }, "The start of the game."));
    fill($("step-events"), (events[step] || []).map((e) => h("li", {}, adapter.event(e, view), e.rule ? h("span", { class: "rule" }, e.rule) : null)));
    if (map) {
      const units = adapter.units(view);
      map.setUnits(units);
      map.setMarks(adapter.marks?.(view) || []);
      if (!centred && units.length) {
        centred = true;
        const start = adapter.startView?.(view, [], map);
        map.zoomAt(start?.zoom ?? 2, map.size[0] / 2, map.size[1] / 2);
        map.centreOn(start?.hex || units[0].hex);
      }
    } else {
      const summary = adapter.summary ? adapter.summary(view) : null;
      fill($("board-summary"), summary ? h("table", { class: "list" }, h("tbody", {}, summary.rows.map((r) => h("tr", {}, h("td", {}, r.seat), r.cells.map((c) => h("td", {}, c))))))
        : h("pre", { class: "view-json" }, JSON.stringify(view.board || view.flow || {}, null, 1)));
      $("board-summary").hidden = false;
    }
    $("prev").disabled = step <= first;
    $("next").disabled = step >= total;
  }

  function go(n) {
    step = Math.max(first, Math.min(total, n));
    render();
  }

  function play() {
    if (timer) { clearInterval(timer); timer = null; $("play").textContent = "▶ Play"; return; }
    if (step >= total) go(first);
    $("play").textContent = "❚❚ Pause";
    timer = setInterval(() => {
      if (step >= total) { play(); return; }
      go(step + 1);
    }, Number($("speed").value));
  }

  $("first").onclick = () => go(first);
  $("prev").onclick = () => go(step - 1);
  $("next").onclick = () => go(step + 1);
  $("last").onclick = () => go(total);
  $("play").onclick = play;
  slider.oninput = () => go(Number(slider.value));
  $("phases").onchange = (event) => { if (event.target.value !== "") go(Number(event.target.value)); };
  document.addEventListener("keydown", (event) => {
    if (event.target.closest?.("input, select, textarea, svg")) return;
    if (event.key === "ArrowRight") go(step + 1);
    else if (event.key === "ArrowLeft") go(step - 1);
  });
  $("export").onclick = () => {
    const blob = new Blob([JSON.stringify(record, null, 2)], { type: "application/json" });
    const link = h("a", { href: URL.createObjectURL(blob), download: `salient-game-${config.game}.json` });
    document.body.append(link);
    link.click();
    link.remove();
  };
  const verify = $("verify");
  if (record.seed) {
    verify.disabled = false;
    verify.onclick = async () => {
      $("verify-result").textContent = "Checking every roll…";
      const outcome = await verifyRecord(record);
      $("verify-result").className = outcome.ok ? "verify ok" : "verify bad";
      $("verify-result").textContent = outcome.ok
        ? `All ${outcome.checked} dice match the seed, and the seed matches the commitment made at the start.`
        : `Problems: ${outcome.problems.join("; ")}`;
    };
  } else {
    verify.title = "The seed is revealed when the game ends.";
    $("verify-result").textContent = "Dice can be verified once the game has ended and its seed is revealed.";
  }
  window.replay = { go, views, starts, groups: groups.map((g) => ({ label: g.label, seq: g.seq, to: g.to, lines: g.lines.length })), get step() { return step; }, total, first, record };
  step = first;
  render();
  document.body.dataset.ready = "1";
}

main().catch((error) => {
  fill($("step-action"), h("p", { class: "reject" }, `The replay could not be loaded: ${error.message}`));
});
