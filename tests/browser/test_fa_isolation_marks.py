"""FA 13.4 option 6 (isolated reorganisation) on the map (issue #18): a land unit the view marks
`isolated` (no supply path of any length to a primary source: the engine's own test, see
tests/engine/fatal_alliances/test_13_4_isolation_view.py) carries a marker like the supply
warning's "!", a "×" on a purple disc, and its hover says why and what follows (it stays
face-down at the final reorganisation). In a stack with a unit merely out of supply, the
isolation marker shows: it is the worse news. Views only: no state changes."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser.test_mapview import MAP, OPEN
from tests.engine.fatal_alliances.test_13_4_isolation_view import cut_off

pytestmark = [pytest.mark.browser]

ROOT = Path(__file__).resolve().parents[2]


def test_fa_13_4_option_6_isolated_units_carry_a_marker_and_say_why(module_page):
    from engine.rulesets.fatal_alliances import RULESET
    view = RULESET.view(cut_off(True), "public")
    got = module_page.evaluate("""async (view) => {
        const { FatalAlliancesAdapter } = await import('/frontend/game/rulesets/fatal_alliances.js');
        const adapter = new FatalAlliancesAdapter({ seats: [] });
        const units = adapter.units(view);
        return Object.fromEntries(units.map((u) => [u.id, { warn: u.warn || null, title: u.title }]));
    }""", view)
    cut = got["ge-cut"]
    assert cut["warn"]["kind"] == "isolated" and cut["warn"]["text"] == "×", cut
    assert "ISOLATED" in cut["title"] and "FA 13.4" in cut["title"] and "stays face-down" in cut["title"]
    assert got["ge-home"]["warn"] is None or got["ge-home"]["warn"]["kind"] != "isolated"
    assert "ISOLATED" not in got["ge-home"]["title"]
    # Without option 6 no unit is isolated: no such marker.
    plain = RULESET.view(cut_off(False), "public")
    kinds = module_page.evaluate("""async (view) => {
        const { FatalAlliancesAdapter } = await import('/frontend/game/rulesets/fatal_alliances.js');
        return new FatalAlliancesAdapter({ seats: [] }).units(view).map((u) => u.warn && u.warn.kind); }""", plain)
    assert "isolated" not in kinds


def test_fa_13_4_the_map_shows_the_isolation_marker_over_a_supply_one_in_a_stack(module_page):
    if not (ROOT / "engine" / "maps" / "compiled" / f"{MAP}.json").exists():
        pytest.skip("the compiled map is not built")
    module_page.set_viewport_size({"width": 1000, "height": 700})
    module_page.evaluate(OPEN, {"mapUrl": f"/engine/maps/compiled/{MAP}.json",
                                "svgUrl": f"/static/maps/{MAP}/map.svg"})
    drawn = module_page.evaluate("""() => {
        const v = window.view, hex = Object.keys(v.map.hexes)[40];
        const supply = { text: '!', kind: 'supply', title: 'Out of supply (FA 2.4)' };
        const isolated = { text: '×', kind: 'isolated', title: 'Isolated (FA 13.4, option 6)', priority: 2 };
        v.setUnits([{ id: 'a', hex, label: 'A', colour: '#ccc', warn: supply },
                    { id: 'b', hex, label: 'B', colour: '#ccc', warn: isolated }]);
        const mark = document.querySelector('.layer-units .stack .counter-warn');
        return { cls: mark.getAttribute('class'), text: mark.textContent,
                 fill: getComputedStyle(mark.querySelector('circle')).fill };
    }""")
    assert "warn-isolated" in drawn["cls"] and drawn["text"] == "×", drawn
    assert drawn["fill"] == "rgb(85, 60, 154)", drawn
