"""The scenarios' front lines on the Balance of Powers game page (issue #21).

Our North Europe map prints no front line for 1915, 1916 or 1918, so each later scenario's
set-up areas are the engine's data (12.2's start line: ruling 61; 12.3's 1916 fronts, West and
East: ruling 91; 12.4's 1916 line in the West: ruling 80). The page draws the front as the
hexsides between the Central Powers' set-up area and the other side's. Those hexsides come
from the engine's `areas()` through `frontend/map/fronts_data.js`, which this module writes
(`python -m tests.browser.test_bop_front`) and checks is up to date.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MODULE = ROOT / "frontend" / "map" / "fronts_data.js"
MAP = "bop-north-europe"


def front_sides(mod) -> list[list[str]]:
    """[Central Powers' hex, the other side's hex] for every hexside between the two set-up
    areas of a scenario's set-up module."""
    from engine.rulesets.balance_of_powers.theatre import SCENARIO_MAP, theatre
    th = theatre(SCENARIO_MAP)
    cp, other = mod.areas(th)
    return sorted([a, b] for a in cp for b in th.all_adj[a] if b in other)


def fronts() -> dict:
    from engine.rulesets.balance_of_powers import setup_fire, setup_kaiser, setup_storm
    from engine.rulesets.balance_of_powers.scenarios import (
        FIRE_IN_THE_EAST,
        KAISERSCHLACHT,
        STORM_OF_STEEL,
    )
    return {scenario: {"rule": mod.RULE, "sides": front_sides(mod)} for scenario, mod in (
        (FIRE_IN_THE_EAST, setup_fire), (STORM_OF_STEEL, setup_storm), (KAISERSCHLACHT, setup_kaiser))}


def render_module() -> str:
    dump = json.dumps(fronts(), separators=(",", ":"), sort_keys=True)
    return (
        "// The later scenarios' front lines at the start, written from the engine's set-up areas\n"
        "// (engine/rulesets/balance_of_powers/setup_fire.py, setup_storm.py, setup_kaiser.py:\n"
        "// `areas`) by `python -m tests.browser.test_bop_front`; a test checks it is current.\n\n"
        "/** scenario id → {rule, sides: [[the Central Powers' hex, the other side's hex], …]}: every\n"
        " * hexside between the two sides' set-up areas */\n"
        f"export const FRONTS = {dump};\n"
    )


def test_bop_12_3_the_browser_front_line_module_is_current():
    assert MODULE.read_text(encoding="utf-8") == render_module(), (
        "frontend/map/fronts_data.js is stale: python -m tests.browser.test_bop_front")


OPEN_GAME_MAP = """async ({mapUrl, svgUrl, scenario, view}) => {
    document.body.innerHTML = '<link rel="stylesheet" href="/frontend/map/mapview.css">'
        + '<div id="map" style="width:1200px;height:800px;position:relative"></div>';
    const { openMap } = await import('/frontend/map/mapview.js');
    const { BalanceOfPowersAdapter } = await import('/frontend/game/rulesets/balance_of_powers.js');
    const map = await openMap(document.getElementById('map'), { mapUrl, svgUrl });
    const bop = new BalanceOfPowersAdapter({ seats: [], scenario });
    bop.setMap(map.map);
    bop.mapControls(map);
    map.setMarks(bop.marks(view));   // as the game page does on every view (page.js)
    map.fit();
    window.view = map;
    window.bop = bop;
}"""

DRAWN = """() => [...document.querySelectorAll('.layer-marks .mark-bop-front')].map((g) => {
    const line = g.querySelector('line');
    return [g.dataset.hex, g.querySelector('title').textContent,
            ['x1', 'y1', 'x2', 'y2'].map((k) => Number(line.getAttribute(k))),
            getComputedStyle(g).display];
})"""


def _view(scenario):
    from engine.kernel import Roller
    from engine.rulesets.balance_of_powers.ruleset import RULESET
    seats = [s["id"] if isinstance(s, dict) else s for s in RULESET.scenario(scenario)["seats"]]
    state = RULESET.setup(scenario, {}, seats, Roller(1, "t", 0))
    assert state["flow"]["step"] == "setup"
    return RULESET.view(state, "public")


@pytest.fixture
def open_game_map(module_page, static_server):
    if not (ROOT / "engine" / "maps" / "compiled" / f"{MAP}.json").exists():
        pytest.skip("the compiled map is not built")
    module_page.set_viewport_size({"width": 1200, "height": 800})

    def open_(scenario):
        module_page.evaluate(OPEN_GAME_MAP, {"mapUrl": f"/engine/maps/compiled/{MAP}.json",
                                             "svgUrl": f"/static/maps/{MAP}/map.svg",
                                             "scenario": scenario, "view": _view(scenario)})
        return module_page.evaluate(DRAWN)
    return open_


def test_bop_12_3_the_game_map_draws_the_1916_fronts_on_the_hexsides_between_the_set_up_areas(open_game_map):
    """BoP 12.3 (ruling 91): at the set-up, a line on every hexside with the Central Powers'
    set-up area on one side and the Entente's on the other, West and East, none elsewhere;
    each on the edge the two hexes share, its title citing 12.3; the Front button hides it."""
    from engine.rulesets.balance_of_powers.setup_storm import areas
    from engine.rulesets.balance_of_powers.theatre import SCENARIO_MAP, theatre
    th = theatre(SCENARIO_MAP)
    cp, ep = areas(th)
    drawn = open_game_map("storm-of-steel")
    sides = {d[0] for d in drawn}
    assert len(sides) == len(drawn)
    expected = {f"{a}|{b}" for a in sorted(cp) for b in th.all_adj[a] if b in ep}
    assert sides == expected
    homes = {(th.home[s.split("|")[0]], th.home[s.split("|")[1]]) for s in sides}
    assert ("germany", "france") in homes and ("russia", "russia") in homes   # West and East
    for side, title, _line, display in drawn:
        a, b = side.split("|")
        assert a in cp and b in ep and b in th.all_adj[a]
        assert title.startswith(f"1916 front line (BoP 12.3) between {th.label[a]} (Central Powers' side) "
                                f"and {th.label[b]} (Entente's side)"), title
        assert display != "none"


def test_bop_12_3_the_front_lies_on_the_shared_hexside_and_the_button_hides_it(open_game_map, module_page):
    """12.3: each line's middle is halfway between the two hexes' centres (their shared edge),
    its length a hex's side; the map's Front button hides the front and shows it again; the
    hover on a front hex says whose side it is on."""
    drawn = open_game_map("storm-of-steel")
    size = module_page.evaluate("() => window.view.layout.size")
    for side, _title, (x1, y1, x2, y2), _display in drawn:
        a, b = side.split("|")
        (ax, ay), (bx, by) = (module_page.evaluate("(id) => window.view.centre(id)", h) for h in (a, b))
        assert abs((x1 + x2) / 2 - (ax + bx) / 2) < 0.2 and abs((y1 + y2) / 2 - (ay + by) / 2) < 0.2, side
        assert abs(((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5 - size) < 0.2, side
    button = module_page.locator("#map .map-front")
    assert button.get_attribute("aria-pressed") == "true"
    button.click()
    assert button.get_attribute("aria-pressed") == "false"
    assert {d[3] for d in module_page.evaluate(DRAWN)} == {"none"}
    button.click()
    assert "none" not in {d[3] for d in module_page.evaluate(DRAWN)}
    a, b = drawn[0][0].split("|")
    assert module_page.evaluate("(id) => window.bop.hexNotes(id)", a) == [
        "On the 1916 front line: the Central Powers' side (BoP 12.3)"]
    assert module_page.evaluate("(id) => window.bop.hexNotes(id)", b) == [
        "On the 1916 front line: the Entente's side (BoP 12.3)"]


def test_bop_12_2_the_start_line_is_drawn_and_12_1_draws_no_front(open_game_map, module_page):
    """12.2 (ruling 61): the start line's hexsides, between the Central Powers' area (the line
    and west of it) and Russia's; 12.1 has no front to draw and no Front button."""
    from engine.rulesets.balance_of_powers.setup_fire import areas
    from engine.rulesets.balance_of_powers.theatre import SCENARIO_MAP, theatre
    th = theatre(SCENARIO_MAP)
    cp, ru = areas(th)
    drawn = open_game_map("fire-in-the-east")
    assert {d[0] for d in drawn} == {f"{a}|{b}" for a in cp for b in th.all_adj[a] if b in ru}
    assert all(d[1].startswith("Start line (BoP 12.2)") for d in drawn)
    assert open_game_map("before-the-leaves-fall") == []
    assert module_page.locator("#map .map-front").count() == 0


LEGEND_JS = """async (scenario) => {
    const { SAMPLES } = await import('/frontend/game/learn/samples.js');
    const { BalanceOfPowersAdapter } = await import('/frontend/game/rulesets/balance_of_powers.js');
    const fresh = (map) => { const a = new BalanceOfPowersAdapter({ seats: [], scenario }); if (map) a.setMap(map); return a; };
    const place = (p) => ({ meta: { layout: { size: 10, origin: [0, 0] } }, boxes: {}, hexes: { '0,0': {} }, places: { legend: p } });
    const sample = SAMPLES.balance_of_powers['mark:front']({ fresh, place, view: null });
    return sample && { hexes: sample.hexes, marks: sample.marks.map((m) => [m.side, m.kind]) };
}"""


def test_bop_12_3_the_legend_samples_the_front_from_the_game_s_own_line(module_page):
    """The legend's `mark:front` row (docs/learn/balance_of_powers.md) draws the first hexside of
    the game's front with the map's own mark; a scenario without a front has no such row."""
    side = fronts()["storm-of-steel"]["sides"][0]
    assert module_page.evaluate(LEGEND_JS, "storm-of-steel") == {
        "hexes": side, "marks": [["|".join(side), "bop-front"]]}
    assert module_page.evaluate(LEGEND_JS, "before-the-leaves-fall") is None


if __name__ == "__main__":
    MODULE.write_text(render_module(), encoding="utf-8")
    print(f"wrote {MODULE.relative_to(ROOT)}")
