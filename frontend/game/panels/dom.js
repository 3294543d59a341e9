// A tiny DOM builder for the panels: h("div", {class: "x", onclick}, child, "text").

/** @returns {HTMLElement} */
export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
    else if (key === "class") node.className = value;
    else if (key === "style" && typeof value === "object") Object.assign(node.style, value);
    else if (key === "dataset") Object.assign(node.dataset, value);
    else if (value === true) node.setAttribute(key, "");
    else node.setAttribute(key, String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** A rule cite ("BoP 9.24", "FA 11.12"): a button that opens the rules reference's entry beside
 * the map (panels/rulecite.js); anything else (the kernel's, a test ruleset's) plain text. */
export function cite(text) {
  const value = String(text ?? "").trim();
  // Numbered cites ("BoP 9.24"), and The War to End All Wars' named ones ("TWTEAW neutrals"):
  // the server's reference resolves either (boardgame/reference.py).
  const match = /^(BoP|FA|DoD|TWTEAW) (\d+(?:\.\d+)*)/.exec(value) || /^(TWTEAW) ([A-Za-z][A-Za-z ]*[A-Za-z])$/.exec(value);
  if (!match) return h("span", { class: "rule" }, text);
  return h("button", { type: "button", class: "rule cite", dataset: { cite: match[2] },
    title: `What ${match[0]} does in Salient` }, value);
}

/** Replace the children of `root` (keeps `root` itself, so listeners on it stay). */
export function fill(root, ...children) {
  root.replaceChildren(...children.flat(Infinity).filter((c) => c !== null && c !== undefined && c !== false));
  return root;
}

export function duration(ms) {
  if (ms === null || ms === undefined) return "—";
  const total = Math.max(0, Math.round(ms / 1000));
  const d = Math.floor(total / 86400);
  const hrs = Math.floor((total % 86400) / 3600);
  const min = Math.floor((total % 3600) / 60);
  const sec = total % 60;
  if (d) return `${d}d ${hrs}h`;
  if (hrs) return `${hrs}:${String(min).padStart(2, "0")}:${String(sec).padStart(2, "0")}`;
  return `${min}:${String(sec).padStart(2, "0")}`;
}
