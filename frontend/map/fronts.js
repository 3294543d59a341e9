// The later Balance of Powers scenarios' front lines on the North Europe map (issue #21): the
// hexsides between the Central Powers' set-up area and the other side's, drawn as a line (a
// map mark on each hexside, its title citing the scenario) for the whole game: where the sides
// set up, and a reference afterwards. A button beside the map's Fit hides or shows it.
//
// The map prints no front for 1915, 1916 or 1918: the set-up areas are the engine's data
// (12.2's start line: ruling 61; 12.3's 1916 fronts, West and East: ruling 91; 12.4's 1916
// line: ruling 80), read by fronts_data.js, written from the engine's `areas`. Presentation
// only: where a unit may set up is still the server's (the set-up's problems).

import { FRONTS } from "./fronts_data.js";

/** What each scenario's line is, and which side sets up on either side of it. */
const WORDS = {
  "BoP 12.2": { name: "Start line", other: "Russia",
    text: "the Central Powers set up on the line or west of it, Russia east of it (the printed waypoints joined hex by hex: ruling 61)" },
  "BoP 12.3": { name: "1916 front line", other: "Entente",
    text: "the Central Powers set up in Germany, east of it in Belgium and France and west of it in Austria-Hungary and Russia; the Entente on the other side (the map prints no 1916 front: ruling 91)" },
  "BoP 12.4": { name: "1916 front line", other: "Entente",
    text: "Germany sets up at home and east of it, the Entente in Britain and west of it (the map prints no 1916 front: ruling 80)" },
};

/** The scenario's front ({rule, sides}), or null when it has none drawn (12.1, 12.6). */
export function frontOf(scenario) {
  return Object.hasOwn(FRONTS, scenario || "") ? FRONTS[scenario] : null;
}

/** The front's marks: one per hexside ({side: "cp hex|other hex", kind, title}) of the hexes
 * `has` (the map's: a legend's small map has none, or the one side it samples). `label(hex)`
 * gives a hex's printed number. */
export function frontMarks(scenario, label = (hex) => hex, has = () => true) {
  const front = frontOf(scenario);
  if (!front) return [];
  const w = WORDS[front.rule];
  return front.sides.filter(([cp, other]) => has(cp) && has(other)).map(([cp, other]) => ({ side: `${cp}|${other}`, kind: "bop-front",
    title: `${w.name} (${front.rule}) between ${label(cp)} (Central Powers' side) and ${label(other)} (${w.other}'s side): ${w.text}` }));
}

/** The hover's note on a hex beside the front: whose side of it the hex is on. */
export function frontNotes(scenario, hex) {
  const front = frontOf(scenario);
  if (!front) return [];
  const w = WORDS[front.rule];
  for (const [cp, other] of front.sides) {
    if (hex === cp) return [`On the ${w.name.toLowerCase()}: the Central Powers' side (${front.rule})`];
    if (hex === other) return [`On the ${w.name.toLowerCase()}: the ${w.other}'s side (${front.rule})`];
  }
  return [];
}

/** The map's button that hides or shows the front (beside Fit); none without a front. */
export function addFrontToggle(view, scenario) {
  const front = frontOf(scenario);
  const container = view?.root?.parentNode;
  if (!front || !container || container.querySelector(".map-front")) return null;
  const name = WORDS[front.rule].name;
  const button = document.createElement("button");
  Object.assign(button, { type: "button", className: "map-front", textContent: "Front",
    title: `Show or hide the ${name.toLowerCase()} (${front.rule})` });
  button.setAttribute("aria-pressed", "true");
  button.addEventListener("click", () => {
    const hidden = container.classList.toggle("hide-front");
    button.setAttribute("aria-pressed", String(!hidden));
  });
  container.appendChild(button);
  return button;
}
