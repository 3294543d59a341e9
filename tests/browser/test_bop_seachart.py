"""The Balance of Powers Sea Chart in the browser (issue #21): its port and ocean boxes beside
the North Europe map, the boxes that touch joined by a line, the ships as counters in their
boxes, ports and water hexes, and what a naval move, a search and a battle say in words.

The chart and the ships' values come from the engine (`engine/maps/data/seachart_bop.json`
through `engine.maps.seachart`, `data/naval_classes.csv`, `data/fleets.csv`); the browser reads
them from `frontend/map/seachart_data.js`, which this module writes
(`python -m tests.browser.test_bop_seachart`) and checks is up to date. The view carries where
each ship is and its steps (`board.fleets`), never its values.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MODULE = ROOT / "frontend" / "map" / "seachart_data.js"
MAP = "bop-north-europe"

# Where a box without map-edge hexes of its own is drawn: beside another box (widths, heights).
# Drawing only: what touches what is the chart's `links`.
BESIDE = {
    "north-atlantic-box": ["mid-atlantic-box", 0, -7.9],     # by the map's north-west corner
    "white-sea-box": ["norwegian-sea-box", 0.35, -1.4],
    "archangel-box": ["white-sea-box", 1.1, 0],
    "helsinki-box": ["gulf-of-finland-box", 0, -1.4],
}


def render_module() -> str:
    from engine.maps.seachart import load_sea_chart
    from engine.rulesets.balance_of_powers.fleets import CLASSES, NAVY_LEADERS, SHIPS
    from engine.rulesets.balance_of_powers.mines import MINES
    chart = load_sea_chart(MAP)
    boxes = {}
    for box in sorted(chart.boxes.values(), key=lambda b: b.id):
        if box.kind == "grey":       # a window onto the map's own sea: the map draws it (7.54)
            continue
        entry: dict = {"name": box.name, "kind": box.kind, "entry_nmp": chart.entry_nmp(box.id)}
        edge = list(box.sea_hexes) + list(box.land_hexes)
        if edge:
            entry["near"] = edge
        else:
            entry["beside"] = BESIDE[box.id]
        if box.owner:
            entry["owner"] = box.owner
        if box.frozen_months:
            entry["frozen_months"] = list(box.frozen_months)
        boxes[box.id] = entry
    links = sorted([list(link.boxes) for link in chart.links
                    if all(b in boxes for b in link.boxes)])
    classes = {k: [c.name, c.surface, c.gunnery, c.armor, c.radius, c.damaged_gunnery,
                   c.damaged_armor] for k, c in sorted(CLASSES.items())}
    ships = {s.id: [s.nation, s.kind, s.name] for s in sorted(SHIPS.values(), key=lambda s: s.id)}
    leaders = {n.id: [n.nation, n.name] for n in sorted(NAVY_LEADERS.values(), key=lambda n: n.id)}
    mines = {m.id: [m.nation, m.attack] for m in sorted(MINES.values(), key=lambda m: m.id)}
    dump = lambda value: json.dumps(value, separators=(",", ":"), sort_keys=True)  # noqa: E731
    return (
        "// The Balance of Powers Sea Chart and naval counters, written from the engine's data\n"
        "// (engine/maps/data/seachart_bop.json, naval_classes.csv, fleets.csv, mines.csv) by\n"
        "// `python -m tests.browser.test_bop_seachart`; a test checks it is current.\n\n"
        "/** port and ocean box id → name, kind, NMP to enter (7.51), the map-edge hexes it faces\n"
        " * (`near`) or the box it is drawn beside, owner, frozen months (7.53) */\n"
        f"export const CHART_BOXES = {dump(boxes)};\n\n"
        "/** boxes that touch (2.52) */\n"
        f"export const CHART_LINKS = {dump(links)};\n\n"
        "/** ship class → [name, surface, gunnery (torpedo), armor, radius, damaged gunnery, damaged armor] */\n"
        f"export const SHIP_CLASSES = {dump(classes)};\n\n"
        "/** ship id → [nation, class, name] */\n"
        f"export const SHIPS = {dump(ships)};\n\n"
        "/** navy leader id → [nation, name] */\n"
        f"export const NAVY_LEADERS = {dump(leaders)};\n\n"
        "/** mine id → [nation, attack score] (6.44) */\n"
        f"export const MINES = {dump(mines)};\n"
    )


def test_bop_1_2_3_the_browser_sea_chart_module_is_current():
    assert MODULE.read_text(encoding="utf-8") == render_module(), (
        "frontend/map/seachart_data.js is stale: python -m tests.browser.test_bop_seachart")


OPEN_CHART = """async ({mapUrl, svgUrl}) => {
    document.body.innerHTML = '<link rel="stylesheet" href="/frontend/map/mapview.css">'
        + '<div id="map" style="width:1200px;height:800px"></div>';
    const { openMap } = await import('/frontend/map/mapview.js');
    const { addSeaChart } = await import('/frontend/map/seachart.js');
    window.view = await openMap(document.getElementById('map'), { mapUrl, svgUrl, extend: addSeaChart });
    window.view.fit();
}"""


@pytest.fixture
def chart_page(module_page, static_server):
    if not (ROOT / "engine" / "maps" / "compiled" / f"{MAP}.json").exists():
        pytest.skip("the compiled map is not built")
    module_page.set_viewport_size({"width": 1200, "height": 800})
    module_page.evaluate(OPEN_CHART, {"mapUrl": f"/engine/maps/compiled/{MAP}.json",
                                      "svgUrl": f"/static/maps/{MAP}/map.svg"})
    return module_page


def test_bop_2_52_the_chart_boxes_face_their_edge_hexes_and_touching_boxes_are_joined(chart_page):
    """2.52, 7.51: a box with map-edge hexes is drawn beyond that edge, spanning them; a box
    without (the White Sea) beside the box it is drawn by; each link of the chart is a line."""
    from engine.maps.seachart import load_sea_chart
    chart = load_sea_chart(MAP)
    frames = chart_page.evaluate("() => Object.fromEntries([...window.view.boxes.values()].map((b) => [b.id, [b.x, b.y, b.w, b.h]]))")
    drawn = {b.id for b in chart.boxes.values() if b.kind != "grey"}
    assert set(frames) == drawn
    for box in chart.boxes.values():
        edge = list(box.sea_hexes) + list(box.land_hexes)
        if box.kind == "grey" or not edge or box.id == "petrograd-box":
            continue
        x, y, w, h = frames[box.id]
        centres = [chart_page.evaluate("(id) => window.view.centre(id)", hx) for hx in edge]
        xs, ys = [c[0] for c in centres], [c[1] for c in centres]
        if box.id in ("mid-atlantic-box", "bordeaux-box"):          # the west edge
            assert x + w / 2 < min(xs) and y - h / 2 <= min(ys) and y + h / 2 >= max(ys), box.id
        else:                                                       # the north edge
            assert y + h / 2 < min(ys) and x - w / 2 <= min(xs) and x + w / 2 >= max(xs), box.id
    for i, (a, (ax, ay, aw, ah)) in enumerate(sorted(frames.items())):
        for b, (bx, by, bw, bh) in sorted(frames.items())[i + 1:]:
            assert abs(ax - bx) * 2 >= aw + bw or abs(ay - by) * 2 >= ah + bh, f"{a} overlaps {b}"
    lines = chart_page.evaluate("() => [...document.querySelectorAll('.layer-boxes .box-link')].map((l) => l.dataset.link).sort()")
    assert lines == sorted("|".join(link.boxes) for link in chart.links
                           if all(chart.boxes[x].kind != "grey" for x in link.boxes))
    kinds = chart_page.evaluate("() => [...document.querySelectorAll('.layer-boxes .box-ocean')].map((g) => g.dataset.box).sort()")
    assert kinds == sorted(chart.of_kind("ocean"))
    # a box is a location: a click there reports it, its name is the chart's
    if os.environ.get("SALIENT_SEACHART_SHOTS"):
        chart_page.screenshot(path=os.path.join(os.environ["SALIENT_SEACHART_SHOTS"], "chart.png"))
    info = chart_page.evaluate("() => window.view.describeHex('white-sea-box')")
    assert info["place"] == "White Sea" and info["box"] is True


NAVAL_JS = """async (view) => {
    const { BalanceOfPowersAdapter } = await import('/frontend/game/rulesets/balance_of_powers.js');
    const bop = new BalanceOfPowersAdapter({ seats: [] });
    bop.map = { hexes: { '10,6': { label: '1011' } }, boxes: { 'norwegian-sea-box': { name: 'Norwegian Sea' },
                'scapa-flow-box': { name: 'Scapa Flow' } }, places: {} };
    bop.placeAt = {};
    const ev = (kind, data) => bop.event({ kind, data }, view);
    return {
      counters: bop.units(view).map((u) => [u.id, u.hex, u.label, u.factors, u.classes, u.title]),
      option: bop.present({ kind: 'naval_move' }, { action: { units: ['bri-bb1', 'bri-ca1'], to: 'norwegian-sea-box' }, nmp: 21 }, view),
      moved: ev('naval_moved', { units: ['bri-bb1', 'bri-ca1'], from: 'scapa-flow-box', to: '10,6', nmp: 11 }),
      fee: ev('bb_fee', { nation: 'britain', rp: 1 }),
      search: ev('naval_search', { at: '10,6', by: 'entente', roll: 4, searchers: 2, targets: 3, found: true }),
      searchNext: ev('naval_search', { at: '10,6', from: '11,6', by: 'entente', roll: 5, searchers: 2, targets: 1, found: false }),
      battle: ev('naval_battle', { at: '10,6', forces: {}, surprise_rolls: { central: 3, entente: 5 }, surprised: ['central'],
        van_salvo: [{ shooter: 'bri-ca1', target: 'ger-bc1', dice: [6, 5], hit: true }],
        fleet_salvo: [{ shooter: 'bri-bb1', target: 'ger-bb1', dice: [1, 2], hit: false }],
        steps_lost: { central: 1, entente: 0 }, sunk: [], damaged: ['ger-bc1'] }),
      back: ev('naval_return_check', { side: 'central', roll: 1, steps_lost: 1, returns: true }),
      returned: ev('naval_returned', { unit: 'ger-bc1', to: 'scapa-flow-box' }),
      torpedoes: ev('naval_torpedoes', { boats: ['ger-ub1'], shots: [{ shooter: 'ger-ub1', target: 'bri-bb1', dice: [6, 6], hit: true }], steps_lost: 1 }),
      asw: ev('asw', { dice: [1, 2, 2], track: 8, hits: ['ger-ub1'] }),
      lost: ev('naval_lost_at_sea', { unit: 'ger-ub1' }),
      admiral: ev('navy_leader_arrives', { leader: 'bri-jellicoe', name: 'JELLICOE', ship: 'bri-bb1' }),
      noShip: ev('navy_leader_arrives', { leader: 'rus-kolchak', name: 'KOLCHAK', ship: null }),
      sailWith: bop.present({ kind: 'naval_move' }, { action: { units: ['bri-bb1', 'bri-ca1'], to: '10,6',
        search: false, evade: true, van: ['bri-ca1'], return: true }, nmp: 9 }, view).label,
      notes: [bop.hexNotes('scapa-flow-box'), ...((m) => { bop.map = { ...m, box_links: [] };
        return ['white-sea-box', 'scapa-flow-box', 'norwegian-sea-box', '10,6'].map((id) => bop.hexNotes(id)); })(bop.map)],
      die: bop.names('naval fire ger-bc1 at bri-bc1 2d6'),
      facts: bop.planning(view).map(([k, v]) => `${k}: ${v}`),
      phase: (({ turn, steps }) => ({ turn, steps }))(bop.phase({ ...view, flow: { ...view.flow, month_name: 'May 1916', fortnight: 2 } })),
    };
}"""

NAVAL_VIEW = {"flow": {"step": "gq", "month": "1916-05"},
              "board": {"units": {}, "air": {},
                        "fleets": {"bri-bb1": {"at": "scapa-flow-box", "steps": 2},
                                   "bri-ca1": {"at": "scapa-flow-box", "steps": 1},
                                   "ger-ub1": {"at": "10,6", "steps": 2, "nmp": 6, "move": "force"}},
                        "admirals": {"bri-jellicoe": "bri-bb1"},
                        "naval": {"asw": 8}},
              "ti": {"central": 0, "entente": 0},
              "powers": {"germany": {"side": "central", "rp": 1}, "france": {"side": "entente", "rp": 0},
                         "britain": {"side": "entente", "rp": 2}}, "victory": {"rule": "BoP 12.6", "checked_after": "1916-05",
                                        "german_bbs_in_norwegian_sea": 1, "bbs_to_win": 2,
                                        "gunnery_lost": {"central": 3, "entente": 0}}}


def test_bop_8_3_naval_counters_options_and_events_read_in_words(module_page):
    """1.3, 7.22, 8.23, 8.3, 8.34, 8.41, 5.324, 8.5, 12.6: ships as counters with their values
    on the side they show (a damaged CA its back), a naval move's option with its NMP, and every
    naval event in a sentence that names ships and places, never ids."""
    got = module_page.evaluate(NAVAL_JS, NAVAL_VIEW)
    assert got["counters"] == [
        ["bri-bb1", "scapa-flow-box", "BB1", "4-10-5", "bop-ship",
         "Britain BB 1 (dreadnought battleship: gunnery 4, armor 10, radius 5 (range 20 NMP)) · 2 steps · JELLICOE aboard"],
        ["bri-ca1", "scapa-flow-box", "CA1", "1-7-6", "bop-ship bop-ship-damaged",
         "Britain CA 1 (armoured cruiser: gunnery 1, armor 7, radius 6 (range 24 NMP)) · damaged, 1 step"],
        ["ger-ub1", "10,6", "UB1", "4-5-8", "bop-ship bop-submarine",
         "Germany U-boat 1 (German U-boat flotilla: torpedo 4, armor 5, radius 8 (range 32 NMP)) · 2 steps · 26 NMP left"]]
    assert got["option"]["hex"] == "norwegian-sea-box" and got["option"]["from"] == "scapa-flow-box"
    assert got["option"]["text"] == "21 NMP"
    assert got["option"]["label"] == "Sail BB1, CA1: Scapa Flow → Norwegian Sea, 21 NMP"
    assert got["moved"] == "Britain BB 1, Britain CA 1 sailed Scapa Flow → 1011 (11 NMP)"
    assert got["fee"] == "Britain pays 1 RP to move its dreadnoughts this month"
    assert got["search"] == "Entente search at 1011: 1d6 4 − 2 searching, below 3 ships sought: found them"
    # BoP 6.42, 8.1 (ruling 115): contact next door, by the zones of patrol
    assert got["searchNext"].startswith("Entente search at 1011 from ")
    assert "(in contact by the zone of patrol, BoP 6.42): 1d6 5 − 2" in got["searchNext"]
    assert got["battle"] == ("Naval battle at 1011 (Central Powers surprised): van salvo 1 hit of 1, "
                             "fleet salvo 0 of 1; lost Central Powers 1 step, Entente 0 steps — "
                             "Germany BC 1 damaged. Shots: Britain CA 1 at Germany BC 1 6+5 hit; "
                             "Britain BB 1 at Germany BB 1 1+2 miss")
    assert got["back"] == "Central Powers return check: 1d6 1 with 1 step lost: must return to port"
    assert got["returned"] == "Germany BC 1 returned to port at Scapa Flow"
    assert got["torpedoes"] == "Germany U-boat 1 fired torpedoes: 1 hit (Germany U-boat 1 at Britain BB 1 6+6 hit)"
    assert got["asw"] == "ASW roll 3d6 1+2+2 against track 8: hits Germany U-boat 1"
    assert got["lost"] == "Germany U-boat 1 lost at sea (no friendly port to return to)"
    # 13.0, 8.31 (ruling 108): a navy leader's arrival aboard, or why he does not come
    assert got["admiral"] == "JELLICOE takes command aboard Britain BB 1"
    assert got["noShip"] == "KOLCHAK does not arrive: no ship of his type afloat"
    # 8.21, 8.25, 8.31, 8.34: a naval move's orders beside it are in its sentence
    assert got["sailWith"] == ("Sail BB1, CA1: Scapa Flow → 1011, 9 NMP (no search; evades if found; "
                               "van CA1; returns to port after a battle)")
    # 6.43: the turn is the admiralty phase's two GQ sub-phases; only the fleets' nations' RP
    assert got["phase"] == {"turn": "May 1916 · GQ II", "steps": [{"label": "GQ I", "current": False},
                                                                  {"label": "GQ II", "current": True}]}
    assert "Resource points: Germany 1 · Britain 2" in got["facts"]
    assert not any(f.startswith("Tactical innovation") for f in got["facts"])   # no land combat
    # 7.51, 7.53, 7.55: a box's hover says what entering it costs and when it is closed
    assert got["notes"] == [
        [],                                                 # no Sea Chart drawn (12.1): no notes
        ["Ocean box: 18 NMP to enter (BoP 7.51)", "Frozen November to February: closed to ships (BoP 7.53)"],
        ["Britain port box: 3 NMP to enter, never straight from another port box (BoP 7.51, 7.55)"],
        ["Ocean box: 18 NMP to enter (BoP 7.51)"], []]
    assert got["die"] == "naval fire Germany BC 1 at Britain BC 1 2d6"          # dice name ships
    assert any(f.startswith("Victory (BoP 12.6): German dreadnoughts in the Norwegian Sea: 1 (2 or more")
               and "gunnery lost: Central Powers 3, Entente 0" in f for f in got["facts"]), got["facts"]


FORCES_JS = """async (fleets) => {
    const { BalanceOfPowersAdapter } = await import('/frontend/game/rulesets/balance_of_powers.js');
    const bop = new BalanceOfPowersAdapter({ seats: [] });
    const view = { flow: {}, board: { units: {}, air: {}, fleets, admirals: {}, naval: {} }, powers: {} };
    return Object.fromEntries(bop.units(view).map((u) => [u.id, u.title.split(' · ').pop()]));
}"""


def test_bop_6_43_the_highest_force_number_is_the_force_in_motion(module_page):
    """6.43, 7.22 (issue #27): a ship says it moves no more when a force of a higher number
    set out after its own, or when the view marks it `done`; the ships of the highest number
    show the NMP they have left, as does a ship marked `free` (out of its force, not done)."""
    got = module_page.evaluate(FORCES_JS, {
        "bri-bb1": {"at": "10,6", "steps": 2, "nmp": 6, "force": 1},
        "bri-ca1": {"at": "10,6", "steps": 2, "nmp": 4, "force": 2},
        "bri-cl1": {"at": "10,6", "steps": 2, "nmp": 4, "force": 2, "move": "done"},
        "bri-cl2": {"at": "10,6", "steps": 2, "nmp": 3, "force": 1, "move": "free"},
        "bri-bb2": {"at": "10,6", "steps": 2, "move": "done"},
        "bri-bb3": {"at": "10,6", "steps": 2}})
    assert got["bri-bb1"] == got["bri-cl1"] == got["bri-bb2"] == "moves no more this sub-phase"
    assert got["bri-ca1"] == "20 NMP left" and got["bri-cl2"].endswith("NMP left")
    assert got["bri-bb3"] == "2 steps"


STRATEGIC_JS = """async () => {
    const { BalanceOfPowersAdapter } = await import('/frontend/game/rulesets/balance_of_powers.js');
    const bop = new BalanceOfPowersAdapter({ seats: [] });
    bop.map = { hexes: {}, boxes: { 'norwegian-sea-box': { name: 'Norwegian Sea' },
                'mid-atlantic-box': { name: 'Mid Atlantic' } }, places: {} };
    bop.placeAt = {};
    const ev = (kind, data, rule) => bop.event({ kind, data, rule }, {});
    return [
      ev('strategic_naval_report', { fixed: ['5.32', '5.34'], scenario: 'BoP 12.3', powers: {
        britain: { losses: { '5.32': 4, '5.33': 1 }, rp: 3 }, germany: { losses: { '5.34': 4 }, rp: 9 } } }, 'BoP 5.3'),
      ev('surface_raid', { at: 'norwegian-sea-box', raiders: ['ger-cl3'], radius: 9, dice: [4, 4], rp_lost: 1 }),
      ev('submarine_warfare', { at: 'mid-atlantic-box', steps: 2, roll: 2, modifiers: { usw: -1 }, final: 1, rp_lost: 1 }),
      ev('blockade', { nation: 'germany', close: false, distant: true, loss: 4, rp_lost: 4 }),
      ev('stockholm', { held: false, boats: ['bri-ss1'], steps: 2, roll: 1, loss: 2, rp_lost: 2 }),
      ev('strategic_warfare', { nation: 'austria_hungary', loss: 4, rp: 0 }, 'BoP 12.3'),
    ];
}"""


def test_bop_5_3_strategic_naval_warfare_reads_in_words(module_page):
    """5.32-5.35 (ruling 102): the seasonal turn's war at sea in the log, a line a roll and one
    report naming each power's losses by cause."""
    assert module_page.evaluate(STRATEGIC_JS) == [
        "War at sea this season (BoP 12.3 fixes 5.32, 5.34): Britain U-boats −4, raiders −1 (RP 3); "
        "Germany blockade −4 (RP 9)",
        "German raiders in Norwegian Sea: 2d6 4+4 against radius 9: Britain loses 1 RP",
        "U-boats in Mid Atlantic (2 steps): 1d6 2 (usw -1) → 1: Britain loses 1 RP",
        "Distant blockade of Germany: loses 4 RP",
        "British submarines off Stockholm (2 steps): 1d6 1: Germany loses 2 RP",
        "Strategic Warfare (BoP 12.3): Austria-Hungary loses 4 RP (now 0)"]


if __name__ == "__main__":
    MODULE.write_text(render_module(), encoding="utf-8")
    print(f"wrote {MODULE.relative_to(ROOT)}")
