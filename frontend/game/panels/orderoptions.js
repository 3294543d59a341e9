// The orders that go with a pending order, beside where it goes (the adapter's `orderOptions`):
// BoP's naval move says whether the force searches, tries to evade, which of its ships form the
// van and whether it returns to port after a battle (8.21, 8.25, 8.31, 8.34). A box left at its
// default sends nothing: the server's default stands. The server checks every order on Confirm.

import { cite, h } from "./dom.js";

export function orderOptionsBox(orders) {
  const options = orders.pendingOptions?.() || [];     // an editor's own orders object may have none
  if (!options.length) return null;
  const view = orders.store.view;
  const adapter = orders.adapter;
  const busy = orders.status === "sending";
  return h("fieldset", { class: "order-options", id: "order-options" }, h("legend", {}, "With this order"),
    options.map((o) => {
      if (o.type === "subset") {
        const toggle = (uid, on) => orders.setOption(o.key, o.of.filter((u) => (u === uid ? on : o.value.includes(u))));
        return h("div", { class: "order-option subset", dataset: { option: o.key } },
          h("span", {}, o.label, " ", cite(o.rule)),
          o.of.map((uid) => h("label", {}, h("input", { type: "checkbox", disabled: busy, checked: o.value.includes(uid),
            dataset: { option: o.key, unit: uid }, onchange: (event) => toggle(uid, event.target.checked) }),
          ` ${adapter.counterName ? adapter.counterName(uid, view) : uid}`)));
      }
      if (o.type === "choice") {      // one of a few values ([value, label] pairs)
        return h("label", { class: "order-option choice", dataset: { option: o.key } },
          `${o.label} `,
          h("select", { disabled: busy, dataset: { option: o.key },
            onchange: (event) => orders.setOption(o.key, JSON.parse(event.target.value)) },
          o.of.map(([value, text]) => h("option", { value: JSON.stringify(value), selected: JSON.stringify(value) === JSON.stringify(o.value) }, text))),
          " ", cite(o.rule));
      }
      return h("label", { class: "order-option", dataset: { option: o.key } },
        h("input", { type: "checkbox", disabled: busy, checked: !!o.value, dataset: { option: o.key },
          onchange: (event) => orders.setOption(o.key, event.target.checked) }),
        ` ${o.label} `, cite(o.rule));
    }));
}
