"""Balance of Powers counters on the map: effectiveness and movement on every corps (the
yellow 1914 value marked), leaders' ratings, fortresses with their steps, the stack's top
counter with a count and the whole stack listed, place names readable over a stack.

The ratings come from the engine's order of battle (`engine/rulesets/balance_of_powers/data`);
the browser reads them from `frontend/game/rulesets/balance_of_powers_counters.js`, which this
module writes (`python -m tests.browser.test_bop_counters`) and checks is up to date.
"""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "engine" / "rulesets" / "balance_of_powers" / "data"
MODULE = ROOT / "frontend" / "game" / "rulesets" / "balance_of_powers_counters.js"


def render_module() -> str:
    from engine.rulesets.balance_of_powers.tables import FORTRESS_EFFECTIVENESS
    units = {}
    with open(DATA / "oob.csv", newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            units[row["id"]] = [int(row["effectiveness"]), int(row["movement"]),
                                int(row["yellow"] == "1")]
    leaders = {}
    with open(DATA / "leaders.csv", newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            leaders[row["id"]] = [int(row["attack"]), int(row["defense"])]
    forts = {}
    with open(DATA / "places.csv", newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            if row["fortress"]:
                forts[row["place"]] = row["fortress"]
    air = {}
    with open(DATA / "air.csv", newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            air[row["id"]] = [row["kind"], int(row["guns"]), int(row["evasion"]),
                              int(row["radius"])]
    tanks = {}
    with open(DATA / "tanks.csv", newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            tanks[row["id"]] = [int(row["attack"]), int(row["defense"]), int(row["movement"])]
    dump = lambda value: json.dumps(value, separators=(",", ":"), sort_keys=True)  # noqa: E731
    return (
        "// Balance of Powers counter values, written from the engine's data (oob.csv, leaders.csv,\n"
        "// places.csv, air.csv, tanks.csv) by `python -m tests.browser.test_bop_counters`; a test checks it is\n"
        "// current.\n"
        "// The view carries no ratings: these are what the printed counters would show.\n\n"
        "/** unit id → [effectiveness, movement, yellow (4 attacking in 1914, BoP 10.532)] */\n"
        f"export const CORPS = {dump(units)};\n\n"
        "/** leader id → [attack, defense] (1d6 below the value succeeds) */\n"
        f"export const LEADERS = {dump(leaders)};\n\n"
        "/** fortress place (ascii slug) → colour: red (modern) or black; any other is black */\n"
        f"export const FORTRESS_COLOUR = {dump(forts)};\n\n"
        "/** BoP 1.33: fortress steps → effectiveness */\n"
        f"export const FORTRESS_EFFECTIVENESS = {dump(FORTRESS_EFFECTIVENESS)};\n\n"
        "/** BoP 1.322, 6.3: air unit id → [kind (fighter, bomber, zeppelin), machine guns or\n"
        " * bombs, evasion, radius] (our own values: ruling 49) */\n"
        f"export const AIR = {dump(air)};\n\n"
        "/** BoP 1.321, 10.532: tank id → [attack (yellow), defense, movement] (our own values:\n"
        " * ruling 50) */\n"
        f"export const TANKS = {dump(tanks)};\n")


pytestmark = [pytest.mark.browser, pytest.mark.postgres]

UID = r"(?:ger|aus|fra|rus|bri|bel|net|den|swi|ser|ita)-(?:inf|cav|mou|sie|ldr)-[a-z0-9_]+"


def test_counter_values_module_is_current():
    assert MODULE.read_text(encoding="utf-8") == render_module(), \
        "run `python -m tests.browser.test_bop_counters` to rewrite the counters module"


COUNTERS_JS = """() => {
  const map = window.salient.map, svg = map.root;
  const stacks = [...svg.querySelectorAll('.layer-units .stack')].map((g) => {
    const r = g.querySelector('.counter').getBoundingClientRect();
    const f = g.querySelector('.counter-factors');
    return {hex: g.dataset.hex, count: +g.dataset.count, unit: g.dataset.unit,
      factors: f ? f.textContent : '', yellow: !!g.querySelector('.counter-factors .eff-yellow'),
      factorsHeight: f ? f.getBoundingClientRect().height : 0,
      badge: g.querySelector('.stack-count text') ? g.querySelector('.stack-count text').textContent : null,
      title: g.querySelector('title').textContent,
      rect: [r.left, r.top, r.right, r.bottom]};
  });
  const layers = [...map.viewport.children].map((c) => c.id || c.getAttribute('class'));
  const labels = [...svg.querySelectorAll('#layer-labels text.occupied')].map((t) => {
    const r = t.getBoundingClientRect();
    return {name: t.textContent, rect: [r.left, r.top, r.right, r.bottom]};
  });
  const forts = [...svg.querySelectorAll('.layer-marks .mark-bop-fort')].map((m) => ({
    hex: m.dataset.hex, text: m.querySelector('text').textContent, title: m.querySelector('title').textContent,
    cls: m.getAttribute('class')}));
  const leaders = window.salient.adapter.units(window.salient.store.view).filter((u) => u.id.includes('-ldr-'))
    .map((u) => ({id: u.id, factors: u.factors, title: u.title}));
  return {stacks, layers, labels, forts, leaders, zoom: map.zoom};
}"""


def overlap(a, b):
    return not (a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1])


@pytest.mark.django_db(transaction=True)
def test_bop_counters_show_values_stacks_forts_and_place_names(site, new_context):
    """At the page's own zoom: every corps shows "effectiveness-movement" (the yellow ones
    marked), large enough to read; a stack shows its top counter and its size, and hovering it
    lists every unit; fortresses carry their effectiveness and colour; a place with a stack on
    it keeps its name, clear of the counter and drawn above the counter layer."""
    import re

    from tests.browser.bop_driver import BopDriver
    from tests.browser.flows import bop_table
    central, entente, _ = bop_table(site, new_context, names=("kluck", "lanrezac"))
    driver = BopDriver({"central": central, "entente": entente})
    driver.play(until=lambda st: st["flow"]["step"] == "half")
    driver.settle()
    page = central
    # the page's own zoom, centred on the largest stack (where the page opens depends on what
    # the user is asked, unit-first orders included: the counters are what this test reads)
    page.evaluate("""() => { const m = window.salient.map;
        const big = [...document.querySelectorAll('.layer-units .stack')]
          .sort((a, b) => b.dataset.count - a.dataset.count)[0];
        if (big) m.centreOn(big.dataset.hex); }""")
    got = page.evaluate(COUNTERS_JS)
    assert got["zoom"] >= 3, got["zoom"]
    stacks = got["stacks"]
    corps = [s for s in stacks if "-ldr-" not in s["unit"]]
    assert corps and all(re.fullmatch(r"\d-\d", s["factors"]) for s in corps), \
        [s["factors"] for s in corps][:10]
    german_active = [s for s in corps if re.fullmatch(r"ger-inf-\d+", s["unit"])]
    assert german_active and all(s["yellow"] for s in german_active)
    assert not any(s["yellow"] for s in corps if s["unit"].startswith(("rus-", "aus-")))
    visible = [s for s in corps if s["rect"][2] > 0 and s["rect"][0] < 1000 and 100 < s["rect"][1] < 840]
    assert visible and min(s["factorsHeight"] for s in visible) >= 9, "values too small to read"
    # leaders: attack/defense
    kluck = next(u for u in got["leaders"] if u["id"] == "ger-ldr-kluck")
    assert kluck["factors"] == "3/3" and "attack 3, defense 3" in kluck["title"]
    # stacks: the top counter, a count, the whole stack listed on hover
    stack = max(visible, key=lambda s: s["count"])
    assert stack["count"] > 1 and stack["badge"] == str(stack["count"])
    assert len(stack["title"].splitlines()) == stack["count"]
    page.mouse.move((stack["rect"][0] + stack["rect"][2]) / 2, (stack["rect"][1] + stack["rect"][3]) / 2)
    page.wait_for_selector("#hex-info .hex-units")
    assert page.locator("#hex-info .hex-units li").count() == stack["count"]
    assert "effectiveness" in page.inner_text("#hex-info")
    # fortresses
    forts = {f["hex"]: f for f in got["forts"]}
    verdun = page.evaluate("() => Object.values(window.salient.map.map.places).find(p => p.name === 'Verdun').hex")
    assert forts[verdun]["text"] == "F3" and "fort-red" in forts[verdun]["cls"]
    assert "Verdun fortress (red): 2 steps, effectiveness 3" == forts[verdun]["title"]
    # place names: above the counters, and clear of the stack sitting on the place
    layers = got["layers"]
    assert layers.index("layer-labels") > layers.index("layer-units"), layers
    assert got["labels"], "no place has a stack on it?"
    by_hex = {s["hex"]: s for s in stacks}
    places = page.evaluate("() => Object.values(window.salient.map.map.places).map(p => [p.name, p.hex])")
    hex_of = dict(places)
    checked = 0
    for label in got["labels"]:
        stack = by_hex.get(hex_of[label["name"]])
        if stack and label["rect"][2] > label["rect"][0]:
            assert not overlap(label["rect"], stack["rect"]), (label, stack)
            checked += 1
    assert checked >= 5
    # the counters' look, once, for the eye
    page.screenshot(path="/tmp/bop-counters.png")


if __name__ == "__main__":
    MODULE.write_text(render_module(), encoding="utf-8")
    print(f"wrote {MODULE.relative_to(ROOT)}")
