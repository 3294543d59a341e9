"""The SVG map in Chromium: pixel → hex, zoom by one transform, labels with zoom, keyboard,
counters and highlights. Uses the compiled bop-north-europe map."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
MAP = "bop-north-europe"

OPEN = """async ({mapUrl, svgUrl}) => {
    document.body.innerHTML = '<link rel="stylesheet" href="/frontend/map/mapview.css">'
        + '<div id="map" style="width:900px;height:600px"></div><div id="log"></div>';
    const { openMap } = await import('/frontend/map/mapview.js');
    window.clicks = []; window.hovers = [];
    window.view = await openMap(document.getElementById('map'), {
        mapUrl, svgUrl,
        onHexClick: (id) => window.clicks.push(id),
        onHexHover: (info) => window.hovers.push(info && info.id),
    });
    return document.querySelectorAll('#map svg *').length;
}"""


@pytest.fixture
def map_page(module_page, static_server):
    if not (ROOT / "engine" / "maps" / "compiled" / f"{MAP}.json").exists():
        pytest.skip("the compiled map is not built")
    module_page.set_viewport_size({"width": 1000, "height": 700})
    count = module_page.evaluate(OPEN, {"mapUrl": f"/engine/maps/compiled/{MAP}.json",
                                        "svgUrl": f"/static/maps/{MAP}/map.svg"})
    assert count > 100
    return module_page


def compiled():
    return json.loads((ROOT / "engine" / "maps" / "compiled" / f"{MAP}.json").read_text())


def test_clicking_a_hex_centre_reports_that_hex(map_page):
    doc = compiled()
    paris = doc["places"]["paris"]["hex"]
    berlin = doc["places"]["berlin"]["hex"]
    for hex_id in (paris, berlin):
        x, y = map_page.evaluate("(id) => window.view.clientOfHex(id)", hex_id)
        map_page.mouse.click(x, y)
    assert map_page.evaluate("window.clicks") == [paris, berlin]


def test_zoom_and_pan_change_one_transform_and_never_rebuild(map_page):
    before = map_page.evaluate("document.querySelectorAll('#map svg *').length")
    box = map_page.locator("#map svg").bounding_box()
    centre = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    map_page.mouse.move(*centre)
    for _ in range(6):
        map_page.mouse.wheel(0, -120)
    map_page.mouse.move(centre[0] + 5, centre[1] + 5)
    map_page.mouse.down()
    map_page.mouse.move(centre[0] + 120, centre[1] + 60, steps=5)
    map_page.mouse.up()
    after = map_page.evaluate("document.querySelectorAll('#map svg *').length")
    assert after == before
    transform = map_page.evaluate("document.querySelector('#map .viewport').getAttribute('transform')")
    assert "scale(2.98" in transform and not transform.startswith("translate(0.00 0.00)")
    # under the new transform a click still finds its hex
    paris = compiled()["places"]["paris"]["hex"]
    map_page.evaluate("(id) => window.view.centreOn(id)", paris)
    x, y = map_page.evaluate("(id) => window.view.clientOfHex(id)", paris)
    map_page.mouse.click(x, y)
    assert map_page.evaluate("window.clicks").count(paris) == 1


def test_hex_numbers_appear_only_when_zoomed_in(map_page):
    visible = "getComputedStyle(document.querySelector('#layer-hexlabels')).display"
    assert map_page.evaluate(visible) == "none"
    map_page.evaluate("window.view.zoomAt(3, 450, 300)")
    assert map_page.evaluate(visible) != "none"


def test_keyboard_alone_moves_the_cursor_and_selects(map_page):
    paris = compiled()["places"]["paris"]["hex"]
    map_page.evaluate("(id) => window.view.setCursor(id)", paris)
    map_page.focus("#map svg")
    map_page.keyboard.press("ArrowUp")       # north: (q, r-1)
    map_page.keyboard.press("ArrowRight")    # south-east: (q+1, r)
    map_page.keyboard.press("Enter")
    q, r = map(int, paris.split(","))
    assert map_page.evaluate("window.clicks") == [f"{q + 1},{r - 1}"]


def test_counters_stack_with_a_count_and_highlights_show_costs(map_page):
    doc = compiled()
    metz = doc["places"]["metz"]["hex"]
    verdun = doc["places"]["verdun"]["hex"]
    map_page.evaluate("""([metz, verdun]) => {
        window.view.setUnits([
            {id: 'de-16', hex: metz, label: 'XVI', symbol: 'infantry', factors: '4-3', colour: '#8a8f6a'},
            {id: 'de-xxi', hex: metz, label: 'XXI', symbol: 'infantry', factors: '4-3', colour: '#8a8f6a'},
            {id: 'fr-6', hex: verdun, label: 'VI', symbol: 'infantry', factors: '4-3', colour: '#5b7fbf'},
        ]);
        window.view.highlight([{hex: verdun, text: 'odds 2:1', kind: 'attack'}]);
    }""", [metz, verdun])
    stacks = map_page.evaluate("""[...document.querySelectorAll('.stack')].map(
        (s) => [s.dataset.hex, s.dataset.count, s.querySelector('.counter-label').textContent])""")
    assert sorted(stacks) == sorted([[metz, "2", "XVI"], [verdun, "1", "VI"]])
    assert map_page.evaluate("document.querySelector('.stack-count text').textContent") == "2"
    assert map_page.evaluate("document.querySelector('.hl-attack .hl-text').textContent") == "odds 2:1"
    info = map_page.evaluate("(id) => window.view.describeHex(id)", metz)
    assert info["country"] == "germany" and len(info["units"]) == 2


def test_counters_a_new_position_redraws_only_the_stacks_that_changed(map_page):
    """A patch moves a few units: the stacks it does not touch keep their nodes (a full redraw
    of every counter on each patch was most of a playing page's time), the changed one is drawn
    anew, an emptied hex loses its stack, and the stacks stay in hex order."""
    doc = compiled()
    metz, verdun, paris = (doc["places"][p]["hex"] for p in ("metz", "verdun", "paris"))
    units = [{"id": "de-16", "hex": metz, "label": "XVI", "symbol": "infantry", "factors": "4-3", "colour": "#8a8f6a"},
             {"id": "fr-6", "hex": verdun, "label": "VI", "symbol": "infantry", "factors": "4-3", "colour": "#5b7fbf"},
             {"id": "fr-1", "hex": paris, "label": "I", "symbol": "infantry", "factors": "4-3", "colour": "#5b7fbf"}]
    map_page.evaluate("""(units) => { window.view.setUnits(units);
        for (const s of document.querySelectorAll('.layer-units .stack')) s.kept = s.dataset.hex; }""", units)
    moved = [units[0], {**units[1], "factors": "2-3"}]          # VI reduced, I gone from Paris
    after = map_page.evaluate("""(units) => { window.view.setUnits(units);
        return [...document.querySelectorAll('.layer-units .stack')].map((s) => [s.dataset.hex, s.kept || null,
            s.querySelector('.counter-factors').textContent]); }""", moved)
    assert after == sorted([[metz, metz, "4-3"], [verdun, None, "2-3"]]), after
    # the same units again: nothing is drawn anew
    again = map_page.evaluate("""(units) => { for (const s of document.querySelectorAll('.layer-units .stack')) s.kept = 'x';
        window.view.setUnits(units);
        return [...document.querySelectorAll('.layer-units .stack')].map((s) => s.kept); }""", moved)
    assert again == ["x", "x"]


def test_a_gesture_previews_as_a_css_transform_then_commits_one_svg_transform(map_page):
    paris = compiled()["places"]["paris"]["hex"]
    map_page.evaluate("(id) => { window.view.centreOn(id); window.view.highlight([{hex: id}]); }",
                      paris)
    before = map_page.evaluate("document.querySelector('#map .viewport').getAttribute('transform')")
    box = map_page.locator("#map svg").bounding_box()
    map_page.mouse.move(box["x"] + 300, box["y"] + 200)
    map_page.mouse.wheel(0, -120)
    during = map_page.evaluate("""(id) => ({
        css: document.querySelector('#map svg').style.transform,
        attr: document.querySelector('#map .viewport').getAttribute('transform'),
        back: window.view.hexAtClient(...window.view.clientOfHex(id)),
        computed: window.view.clientOfHex(id),
        drawn: (() => { const r = document.querySelector('.hl polygon').getBoundingClientRect();
                        return [r.left + r.width / 2, r.top + r.height / 2]; })(),
    })""", paris)
    assert during["css"].startswith("matrix(1.2")
    assert during["attr"] == before          # nothing repainted yet
    assert during["back"] == paris           # hit-testing follows the preview …
    assert during["computed"] == pytest.approx(during["drawn"], abs=1.5)  # … as drawn
    map_page.wait_for_timeout(400)
    after = map_page.evaluate("""() => ({
        css: document.querySelector('#map svg').style.transform,
        attr: document.querySelector('#map .viewport').getAttribute('transform'),
    })""")
    assert after["css"] == "" and after["attr"] != before and "scale(1.2" in after["attr"]
    x, y = map_page.evaluate("(id) => window.view.clientOfHex(id)", paris)
    map_page.mouse.click(x, y)
    assert map_page.evaluate("window.clicks")[-1] == paris


def test_stack_spread_a_mouse_resting_on_a_stack_spreads_it_a_pass_does_not(map_page):
    """Issue #18: on a mouse device a stack spreads when the mouse rests on it (a click and a
    tap already spread it), after a short delay so that a pass over the map spreads nothing;
    the fan stays while the mouse is on it and folds when the mouse leaves; a clicked fan stays."""
    doc = compiled()
    metz, verdun = doc["places"]["metz"]["hex"], doc["places"]["verdun"]["hex"]
    map_page.evaluate("""([metz, verdun]) => {
        window.view.setUnits([
            {id: 'de-16', hex: metz, label: 'XVI', symbol: 'infantry', factors: '4-3', colour: '#8a8f6a'},
            {id: 'de-xxi', hex: metz, label: 'XXI', symbol: 'infantry', factors: '4-3', colour: '#8a8f6a'},
            {id: 'fr-6', hex: verdun, label: 'VI', symbol: 'infantry', factors: '4-3', colour: '#5b7fbf'},
        ]);
        window.view.zoomAt(3 / window.view.zoom, 0, 0);
        window.view.centreOn(metz);
    }""", [metz, verdun])
    delay = map_page.evaluate("async () => (await import('/frontend/map/mapview.js')).HOVER_SPREAD_MS")
    assert 200 <= delay <= 1000, delay
    fan = "() => [...document.querySelectorAll('.layer-spread .spread-counter')].map(g => g.dataset.unit).sort()"
    at = lambda h: map_page.evaluate("(id) => window.view.clientOfHex(id)", h)  # noqa: E731

    # A pass: the mouse crosses the stack and goes on to a lone counter, resting there.
    (mx, my), (vx, vy) = at(metz), at(verdun)
    map_page.mouse.move(mx - 200, my)
    map_page.mouse.move(mx, my)
    map_page.mouse.move(vx, vy, steps=3)
    map_page.wait_for_timeout(delay + 400)
    assert map_page.evaluate(fan) == [], "a pass spread the stack"
    assert map_page.evaluate(fan) == []          # a lone counter does not spread either

    # Resting on the stack: nothing at once, then the fan.
    map_page.mouse.move(mx, my, steps=2)
    assert map_page.evaluate(fan) == []
    map_page.wait_for_function(f"() => ({fan})().length === 2", timeout=delay + 3000)
    assert map_page.evaluate(fan) == ["de-16", "de-xxi"]
    assert map_page.evaluate("() => window.clicks") == []   # hovering gives no order

    # The mouse goes onto a counter of the fan: it stays; then away from both: it folds.
    box = map_page.locator(".layer-spread .spread-counter[data-unit='de-xxi'] .counter").bounding_box()
    map_page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2, steps=4)
    map_page.wait_for_timeout(100)
    assert map_page.evaluate(fan) == ["de-16", "de-xxi"]
    map_page.mouse.move(vx, vy, steps=3)
    map_page.wait_for_function(f"() => ({fan})().length === 0", timeout=2000)

    # A click spreads at once and the fan stays when the mouse leaves (a click folds it).
    map_page.mouse.click(mx, my)
    assert map_page.evaluate(fan) == ["de-16", "de-xxi"]
    map_page.mouse.move(vx, vy, steps=3)
    map_page.wait_for_timeout(delay + 200)
    assert map_page.evaluate(fan) == ["de-16", "de-xxi"]
