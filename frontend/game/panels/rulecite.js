// Rule cites open their entry of the rules reference beside the map, without leaving the game:
// any `.cite` button (panels/dom.js `cite`) asks the server which entry a section opens
// (GET /api/rulesets/<id>/reference?cite=…) and shows it in #rule-entry, with our rulings and
// a link to the whole reference.

import { fill, h } from "./dom.js";

export function installRuleCites(root, { config }) {
  if (!config.rules_api) return;
  const cache = new Map();
  async function entryFor(section) {
    if (!cache.has(section)) {
      cache.set(section, fetch(`${config.rules_api}?cite=${encodeURIComponent(section)}`)
        .then((r) => (r.ok ? r.json() : r.json().then((body) => Promise.reject(body.error)))));
    }
    return cache.get(section);
  }
  function show(...children) {
    root.hidden = false;
    fill(root, h("div", { class: "rule-entry-head" }, h("h3", {}, "Rules reference"),
      h("button", { type: "button", class: "button small ghost", id: "rule-entry-close",
        onclick: () => { root.hidden = true; } }, "Close")), ...children);
  }
  document.addEventListener("click", async (event) => {
    const button = event.target.closest?.(".cite");
    if (!button) return;
    event.preventDefault();
    const section = button.dataset.cite;
    show(h("p", { class: "muted" }, `Looking up ${button.textContent.trim()}…`));
    try {
      const { cite, entry, rulings } = await entryFor(section);
      show(h("p", {}, h("strong", { class: "rule" }, `${cite} ${entry.section}`), " ", entry.rule),
        h("p", { class: "status" }, `In Salient: ${entry.status}`),
        rulings.length ? h("div", { class: "rulings" }, h("h4", {}, "Our rulings"),
          rulings.map((r) => h("p", {}, h("strong", {}, r.title), " ", r.text.replace(r.title, "").trim()))) : null,
        h("a", { href: `${config.rules_url}#s-${entry.section}`, target: "_blank", rel: "noopener" },
          "The whole rules reference"));
    } catch (error) {
      show(h("p", { class: "muted" }, error?.message || "The reference has no entry for that rule yet."));
    }
  });
}
