"""Off-map boxes on the SVG map (Chromium): BoP's Petrograd box is drawn as a labelled frame
beyond the map edge of its adjacent hexes 4201–5001, holds counters, is highlighted, clicked
and described like a hex; and the Balance of Powers adapter puts the Russian Guards there."""

from __future__ import annotations

import pytest

from tests.browser.test_mapview import MAP, OPEN, ROOT, compiled

pytestmark = pytest.mark.browser

BOX = "petrograd-box"


@pytest.fixture
def map_page(module_page, static_server):
    if not (ROOT / "engine" / "maps" / "compiled" / f"{MAP}.json").exists():
        pytest.skip("the compiled map is not built")
    module_page.set_viewport_size({"width": 1000, "height": 700})
    module_page.evaluate(OPEN, {"mapUrl": f"/engine/maps/compiled/{MAP}.json",
                                "svgUrl": f"/static/maps/{MAP}/map.svg"})
    return module_page


def test_the_petrograd_box_is_drawn_beyond_its_edge_and_is_a_location(map_page):
    doc = compiled()
    adjacent = doc["boxes"][BOX]["adjacent"]
    box = map_page.evaluate("""(id) => { const b = window.view.boxes.get(id);
        const g = document.querySelector(`.layer-boxes [data-box="${id}"]`);
        return {x: b.x, y: b.y, w: b.w, h: b.h, label: g && g.querySelector('.box-label').textContent}; }""", BOX)
    assert box["label"] == "Petrograd box"
    centres = [map_page.evaluate("(id) => window.view.centre(id)", h) for h in adjacent]
    # Row 01 is the map's top edge: the box lies above it, spanning those hexes.
    assert box["y"] + box["h"] / 2 < min(c[1] for c in centres) - 10
    assert box["x"] - box["w"] / 2 <= min(c[0] for c in centres)
    assert box["x"] + box["w"] / 2 >= max(c[0] for c in centres)

    # Counters in the box; a highlight on it; a click on it reports the box like a hex.
    map_page.evaluate("""(id) => {
        window.view.setUnits([
            {id: 'rus-inf-gd', hex: id, label: 'GD', symbol: 'infantry', colour: '#9fcea9'},
            {id: 'rus-inf-gd2', hex: id, label: 'GD2', symbol: 'infantry', colour: '#9fcea9'}]);
        window.view.highlight([{hex: id, kind: 'origin'}]);
        window.view.zoomAt(3, 0, 0); window.view.centreOn(id); }""", BOX)
    stack = map_page.evaluate(f"""() => {{ const s = document.querySelector('.stack[data-hex="{BOX}"]');
        return s && [s.dataset.count, s.querySelector('.counter-label').textContent]; }}""")
    assert stack == ["2", "GD"]
    assert map_page.locator(f'.layer-highlight .hl-origin[data-box="{BOX}"] rect').count() == 1
    x, y = map_page.evaluate("(id) => window.view.clientOfHex(id)", BOX)
    map_page.mouse.click(x, y)
    # A click on the frame, away from the counters, is the box too.
    w = map_page.evaluate(f"""() => document.querySelector('.layer-boxes [data-box="{BOX}"] rect')
        .getBoundingClientRect().width""")
    map_page.mouse.click(x - w * 0.4, y)
    assert map_page.evaluate("window.clicks") == [BOX, BOX]
    info = map_page.evaluate("(id) => window.view.describeHex(id)", BOX)
    assert info["place"] == "Petrograd box" and len(info["units"]) == 2
    assert map_page.evaluate("() => window.view.cursor") == BOX
    # The keyboard leaves the box for the map through an adjacent hex.
    map_page.focus("#map svg")
    map_page.keyboard.press("ArrowDown")
    cursor = map_page.evaluate("() => window.view.cursor")
    assert cursor != BOX and cursor in doc["hexes"]


def test_the_bop_adapter_places_units_in_boxes(map_page):
    placed = map_page.evaluate("""async () => {
        const { BalanceOfPowersAdapter } = await import('/frontend/game/rulesets/balance_of_powers.js');
        const adapter = new BalanceOfPowersAdapter({seats: [], ruleset: 'balance_of_powers'});
        adapter.setMap(window.view.map);
        const view = {board: {units: {'rus-inf-gd': {at: 'petrograd-box'}, 'rus-inf-1': {at: '42,-20'},
                                      'bri-inf-1': {at: 'nowhere-box'}}}, flow: {}};
        return {units: adapter.units(view).map((u) => [u.id, u.hex]).sort(),
                off: adapter.offMap(view).map((u) => u.where),
                where: adapter.where('petrograd-box')};
    }""")
    assert placed["units"] == [["rus-inf-1", "42,-20"], ["rus-inf-gd", BOX]]
    assert placed["off"] == ["Nowhere Box"]
    assert placed["where"] == "Petrograd box"
