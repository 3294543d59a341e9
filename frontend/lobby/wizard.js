// Create-table wizard: ruleset → scenario → options → pace → visibility, over the plain form
// (which works without this script). The scenario picker sets the form's `game` select; the
// option inputs are generated from the ruleset manifest and written to the `options` JSON.

const $ = (s, root = document) => root.querySelector(s);
const manifests = JSON.parse($("#salient-rulesets").textContent);
const form = $("#table-form");
const gameSelect = form.elements.game;
const optionsText = form.elements.options;
const order = ["ruleset", "scenario", "options", "pace", "visibility"];
let step = 0;
let ruleset = null;

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (v !== null && v !== undefined && v !== false) node.setAttribute(k, v === true ? "" : v);
  }
  node.append(...children.filter((c) => c !== null && c !== undefined));
  return node;
}

function show(n) {
  step = n;
  for (const fs of form.querySelectorAll("fieldset.step")) fs.hidden = fs.dataset.step !== order[step];
  for (const li of $("#wizard-steps").children) {
    const i = order.indexOf(li.dataset.for);
    li.className = i === step ? "current" : i < step ? "done" : "";
  }
  $("#wizard-back").hidden = step === 0;
  $("#wizard-next").hidden = step >= order.length - 1 || step < 2;
  $("#wizard-submit").hidden = step !== order.length - 1;
  if (order[step] === "options") renderOptions();
  if (order[step] === "visibility") seatChoices();
  const first = form.querySelector(`fieldset[data-step=${order[step]}] input, fieldset[data-step=${order[step]}] button`);
  first?.focus({ preventScroll: true });
}

function pickRuleset(manifest) {
  ruleset = manifest;
  const cards = $("#scenario-cards");
  cards.replaceChildren(...manifest.scenarios.map((s) => el("button", {
    type: "button", class: "pick-card", "data-scenario": `${manifest.id}/${s.id}`,
    onclick: () => { gameSelect.value = `${manifest.id}/${s.id}`; optionsText.value = ""; show(2); },
  }, el("strong", {}, s.title), el("span", { class: "muted" },
    `${s.seats.length} powers: ${s.seats.map((x) => x.title).join(", ")}`),
  el("span", { class: "seat-row-mini" }, ...s.seats.map((x) => el("span", { class: "seat-dot taken", style: `--c:${x.colour}` }))),
  // A scenario whose rules play but whose page is not finished says so before a table opens.
  s.preview ? el("span", { class: "muted small", "data-preview": "1" }, `Preview: ${s.preview}`) : "")));
  // Each scenario's how-to-play page (boardgame/learn), in a new tab: the wizard stays.
  let howto = $("#scenario-howto");
  if (!howto) {
    howto = el("p", { id: "scenario-howto", class: "muted" });
    cards.after(howto);
  }
  howto.replaceChildren("How to play: ", ...manifest.scenarios.flatMap((s, i) => [i ? " · " : "",
    el("a", { href: `/learn/${manifest.id}/${s.id}/`, target: "_blank", rel: "noopener", "data-howto": `${manifest.id}/${s.id}` }, s.title)]));
  show(1);
}

function scenario() {
  const [rid, sid] = (gameSelect.value || "").split("/");
  const manifest = manifests.find((m) => m.id === rid);
  return manifest?.scenarios.find((s) => s.id === sid);
}

function renderOptions() {
  const s = scenario();
  const box = $("#option-inputs");
  let current = {};
  try { current = JSON.parse(optionsText.value || "{}"); } catch { current = {}; }
  const specs = s?.options || [];
  if (!specs.length) {
    box.replaceChildren(el("p", { class: "muted" }, "This scenario has no options."));
    return;
  }
  box.replaceChildren(...specs.map((o) => {
    const value = current[o.id] ?? o.default;
    const id = `opt-${o.id}`;
    let input;
    if (o.type === "boolean") input = el("input", { type: "checkbox", id, checked: !!value });
    else if (o.type === "integer") input = el("input", { type: "number", id, value, min: o.min, max: o.max });
    else if (o.choices) input = el("select", { id }, ...o.choices.map((c) => el("option", { value: c, selected: c === value }, String(c))));
    else input = el("input", { type: "text", id, value: value ?? "" });
    input.addEventListener("change", writeOptions);
    return el("div", { class: `field${o.type === "boolean" ? " checkbox" : ""}` },
      ...(o.type === "boolean" ? [input, el("label", { for: id }, o.title || o.id)] : [el("label", { for: id }, o.title || o.id), input]));
  }));
  writeOptions();
}

function writeOptions() {
  const s = scenario();
  const out = {};
  for (const o of s?.options || []) {
    const input = document.getElementById(`opt-${o.id}`);
    if (!input) continue;
    out[o.id] = o.type === "boolean" ? input.checked : o.type === "integer" ? Number(input.value) : input.value;
  }
  optionsText.value = JSON.stringify(out);
}

// Without this script the seat select lists every scenario's seats in groups; with it, only
// the chosen scenario's seats (rebuilt from the manifest, so no value appears twice).
function seatChoices() {
  const select = form.elements.seat;
  if (!select) return;
  const kept = select.value;
  const seats = scenario()?.seats || [];
  select.replaceChildren(el("option", { value: "" }, "none yet"),
    ...seats.map((x) => el("option", { value: x.id, selected: x.id === kept }, x.title || x.id)));
}

function paceFields() {
  const live = form.elements.pace.value === "live";
  form.querySelector(".pace-live").hidden = !live;
  form.querySelector(".pace-async").hidden = live;
}

// Enhance: hide the raw fields, show the cards and the step bar.
$("#wizard-steps").hidden = false;
$("#game-field").hidden = true;
$("#options-field").hidden = true;
$("#ruleset-cards").replaceChildren(...manifests.map((m) => el("button", {
  type: "button", class: "pick-card", "data-ruleset": m.id, onclick: () => pickRuleset(m),
}, el("strong", {}, m.title), el("span", { class: "muted" },
  `${m.scenarios.length} scenario${m.scenarios.length === 1 ? "" : "s"}${m.product === false ? " · test ruleset" : ""}`))));
for (const radio of form.querySelectorAll("input[name=pace]")) radio.addEventListener("change", paceFields);
$("#wizard-next").addEventListener("click", () => show(Math.min(order.length - 1, step + 1)));
$("#wizard-back").addEventListener("click", () => show(Math.max(0, step - 1)));
paceFields();
const hasErrors = form.querySelector(".errors, .error");
if (hasErrors && gameSelect.value) {
  pickRuleset(manifests.find((m) => m.id === gameSelect.value.split("/")[0]) || manifests[0]);
  show(order.length - 1);
  for (const fs of form.querySelectorAll("fieldset.step")) fs.hidden = false;
} else {
  show(0);
}
