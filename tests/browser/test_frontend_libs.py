"""The browser's own copies of shared algorithms, checked against the engine in Chromium:
Dice v1 and v2 (the golden vectors), the JSON Patch applier (our differ's output) and hex maths."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.board import hexgrid
from engine.kernel import dice
from engine.kernel.diff import make_patch

pytestmark = pytest.mark.browser

VECTORS = json.loads((Path(__file__).resolve().parents[1] / "engine" / "kernel"
                      / "dice-v1-vectors.json").read_text())
# The browser's verifier of a whole record, run in the page.
VERIFY = """async (record) => {
    const dice = await import('/frontend/lib/dice.js');
    return dice.verifyRecord(record);
}"""
VECTORS_V2 = json.loads((Path(__file__).resolve().parents[1] / "engine" / "kernel"
                         / "dice-v2-vectors.json").read_text())


def test_browser_dice_v2_reproduce_the_golden_vectors_and_message(module_page):
    got = module_page.evaluate("""async ([cases, m]) => {
        const dice = await import('/frontend/lib/dice.js');
        const out = [];
        for (const c of cases) {
            const rolls = [];
            for (let i = 0; i < c.rolls.length; i++) {
                rolls.push(await dice.rollV2(c.seed, c.game_uid, c.scope, c.key, i, c.sides));
            }
            out.push(rolls);
        }
        const bytes = dice.v2Message(m.game_uid, m.scope, m.key, m.i, m.k);
        return [out, [...bytes].map(b => b.toString(16).padStart(2, '0')).join('')];
    }""", [VECTORS_V2["cases"], VECTORS_V2["message_example"]])
    assert got[0] == [case["rolls"] for case in VECTORS_V2["cases"]]
    assert got[1] == VECTORS_V2["message_example"]["hex"]


def test_browser_verifier_checks_v2_rolls_by_their_names(module_page):
    seed = bytes(range(32))
    rolls = [{"n": n, "sides": 6, "value": dice.roll_die_v2(seed, "g-v", "group:t1", key, i, 6),
              "purpose": "battle d6", "v": 2, "scope": "group:t1", "key": key, "i": i}
             for n, (key, i) in enumerate([("battle Mons", 0), ("battle Mons", 1),
                                           ("battle Namur", 0)])]
    record = {"seed": seed.hex(), "commitment": dice.commitment(seed), "game_uid": "g-v",
              "actions": [{"seq": 1, "rolls": rolls}]}
    assert module_page.evaluate(VERIFY, record) == {"ok": True, "checked": 3, "problems": []}
    record["actions"][0]["rolls"][2]["key"] = "battle Mons"    # a name moved, not a value
    bad = module_page.evaluate(VERIFY, record)
    assert bad["ok"] is False and "battle Mons #0" in bad["problems"][0]


def test_browser_dice_reproduce_the_golden_vectors(module_page):
    got = module_page.evaluate("""async (cases) => {
        const dice = await import('/frontend/lib/dice.js');
        const out = [];
        for (const c of cases) {
            const rolls = [];
            for (let i = 0; i < c.rolls.length; i++) {
                rolls.push(await dice.roll(c.seed, c.game_uid, c.first + i, c.sides));
            }
            out.push(rolls);
        }
        return out;
    }""", VECTORS["cases"])
    assert got == [case["rolls"] for case in VECTORS["cases"]]


def test_browser_commitment_matches(module_page):
    example = VECTORS["commitment_example"]
    got = module_page.evaluate("""async (seed) => {
        const dice = await import('/frontend/lib/dice.js');
        return dice.commitment(seed);
    }""", example["seed"])
    assert got == example["sha256"]


def test_browser_verifier_accepts_a_true_record_and_flags_a_tampered_roll(module_page):
    seed = bytes(range(32))
    rolls = [{"n": n, "sides": 10, "value": dice.roll_die(seed, "g-v", n, 10),
              "purpose": "combat 2d10"} for n in range(6)]
    record = {"seed": seed.hex(), "commitment": dice.commitment(seed), "game_uid": "g-v",
              "actions": [{"seq": 1, "rolls": rolls}]}
    good = module_page.evaluate(VERIFY, record)
    assert good == {"ok": True, "checked": 6, "problems": []}
    record["actions"][0]["rolls"][3]["value"] = rolls[3]["value"] % 10 + 1
    bad = module_page.evaluate(VERIFY, record)
    assert bad["ok"] is False and len(bad["problems"]) == 1 and "die 3" in bad["problems"][0]
    record["seed"] = "00" * 32
    assert "commitment" in module_page.evaluate(VERIFY, record)["problems"][0]


def test_browser_patch_applier_rebuilds_new_views(module_page):
    pairs = [
        ({"a": {"b": [1, 2, 3]}, "c": "x"}, {"a": {"b": [1, 2, 3, 4]}, "c": "y"}),
        ({"decisions": {"d1": {"x": 1}}}, {"decisions": {"d2": {"x": 2}}}),
        ({"k/e~y": [1, {"z": None}]}, {"k/e~y": [2, {"z": True}]}),
        ({"list": [1, 2, 3]}, {"list": [3]}),
        # A decision re-issued under a fresh id: a `move`, then edits inside it (issue #27);
        # the differ moves only an entry large enough that the move is the shorter patch.
        ({"decisions": {"a-0": {"id": "a-0", "kind": "m", "seats": ["r"], "p": "Go on " * 20,
                                "o": list(range(30))}}},
         {"decisions": {"a-1": {"id": "a-1", "kind": "m", "seats": ["r"], "p": "Go on " * 20,
                                "o": list(range(29))}}}),
    ]
    assert any(op["op"] == "move" for op in make_patch(*pairs[-1]))
    cases = [{"old": old, "ops": make_patch(old, new), "new": new} for old, new in pairs]
    got = module_page.evaluate("""async (cases) => {
        const { applyPatch } = await import('/frontend/lib/jsonpatch.js');
        return cases.map((c) => applyPatch(c.old, c.ops));
    }""", cases)
    assert got == [case["new"] for case in cases]


def test_browser_hex_maths_match_the_engine(module_page):
    layout = hexgrid.Layout.make("flat", 20.0, (5.0, 7.0))
    hexes = [hexgrid.Hex(q, r) for q in range(-3, 4) for r in range(-3, 4)]
    expected = {
        "pixels": [list(hexgrid.hex_to_pixel(layout, h)) for h in hexes],
        "distances": [hexgrid.distance(hexes[0], h) for h in hexes],
        "neighbours": [hexgrid.hex_id(n) for n in hexgrid.neighbours(hexgrid.Hex(2, -1))],
        "back": [hexgrid.hex_id(h) for h in hexes],
    }
    got = module_page.evaluate("""async (args) => {
        const hex = await import('/frontend/lib/hex.js');
        const layout = {orientation: 'flat', size: 20, origin: [5, 7]};
        const hexes = args.hexes.map(hex.parseHexId);
        return {
            pixels: hexes.map((h) => hex.hexToPixel(layout, h)),
            distances: hexes.map((h) => hex.distance(hexes[0], h)),
            neighbours: hex.neighbours({q: 2, r: -1}).map(hex.hexId),
            back: hexes.map((h) => hex.hexId(hex.pixelToHex(layout, hex.hexToPixel(layout, h)))),
        };
    }""", {"hexes": [hexgrid.hex_id(h) for h in hexes]})
    assert got["distances"] == expected["distances"]
    assert got["neighbours"] == expected["neighbours"]
    assert got["back"] == expected["back"]
    for mine, theirs in zip(got["pixels"], expected["pixels"], strict=False):
        assert mine == pytest.approx(theirs)


AREA_MAP = """async () => {
    const { AreaMapView, areaTowards } = await import('/frontend/map/areamap.js');
    const map = await (await fetch('/engine/maps/compiled/twteaw-world.json')).json();
    const svgText = await (await fetch('/static/maps/twteaw-world/map.svg')).text();
    const box = document.createElement('div');
    box.style.cssText = 'width: 1400px; height: 950px';
    document.body.append(box);
    const view = new AreaMapView(box, { map, svgText });
    // The view's stylesheet (100% of the box) may not have loaded yet: without it the SVG takes
    // its own aspect, which since the Africa sheet is taller than the window, and the browser's
    // hit test finds nothing outside the window.
    view.root.style.width = '100%';
    view.root.style.height = '100%';
    const ids = Object.keys(map.areas);
    // Each area is hit where it stands (brought on screen first): the pointer maths is the
    // browser's own hit test.
    const missed = ids.filter((id) => { view.centreOn(id); return view.hexAtClient(...view.clientOfHex(id)) !== id; });
    view.setMarks([{ hex: 'paris', kind: 'held', fill: '#2e5cb0', holder: 'france', title: 'Paris: held by France' },
                   { hex: 'cologne', kind: 'band', band: 'red', nation: 'germany', colour: '#666' }]);
    const paris = view.paths.get('paris');
    const held = [paris.classList.contains('held'), paris.getAttribute('fill'), paris.dataset.holder];
    const bands = [...box.querySelectorAll('.mark-bands .band')].map((b) => [b.dataset.nation, b.getAttribute('fill')]);
    view.setMarks([]);
    const after = [paris.classList.contains('held'), paris.getAttribute('fill') === paris.dataset.artFill];
    const north = areaTowards(map, 'paris', [0, -1]);
    // The arrow keys step between areas (the hex view's grid step never runs).
    view.setCursor('paris');
    view.root.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowUp', bubbles: true, cancelable: true }));
    const keyed = view.cursor;
    return { paths: view.paths.size, areas: ids.length, missed, held, after, keyed,
             bands, bandsAfter: box.querySelectorAll('.mark-bands .band').length,
             north: [north, map.areas[north].anchor[1] < map.areas.paris.anchor[1]],
             outline: (view.highlight([{ hex: 'paris', kind: 'selected' }]),
                       box.querySelector('.layer-highlight .hl-selected path').getAttribute('d') === paris.getAttribute('d')) };
}"""


def test_browser_area_map_draws_and_hits_every_area_of_the_world_map(module_page):
    """The area map view (frontend/map/areamap.js) on the compiled TWTEAW world map: every
    area of the map data has its path in the art, the browser's hit test at each area's anchor
    finds that area, a holder's mark tints the area and goes when the mark goes, a highlight is
    the area's own outline, and the arrow keys' step goes the way it is asked."""
    got = module_page.evaluate(AREA_MAP)
    compiled = Path(__file__).resolve().parents[2] / "engine/maps/compiled/twteaw-world.json"
    areas = len(json.loads(compiled.read_text(encoding="utf-8"))["areas"])
    assert areas == 253      # the Europe sheet's 131, since TWTEAW 9 Africa's 23, since TWTEAW 12 Asia's 66,
    # since TWTEAW 13 North America's 33
    assert got["paths"] == got["areas"] == areas
    assert got["missed"] == []
    assert got["held"] == [True, "#8ca5d4", "france"]     # #2e5cb0 45 % of the way to white
    assert got["after"] == [False, True]
    assert got["bands"] == [["germany", "#d0312d"]] and got["bandsAfter"] == 0
    assert got["north"][1] is True and got["keyed"] == got["north"][0] != "paris"
    assert got["outline"] is True


def test_browser_decisions_restore_the_id_of_a_question_asked_again(module_page):
    """Issue #27: the store's decisions (frontend/game/decisions.js) read an entry keyed
    without its count as the id `<key>-<n>`, n = `/game/seq` − its `asked`, through a patch
    that changes only `/game/seq`, the way bench/decisions.py and kernel.view_entry read it."""
    from bench.decisions import open_decisions
    old = {"decisions": {"m-naval_move": {"kind": "naval_move", "seats": ["britain"], "asked": 0},
                         "m-done": {"kind": "done", "seats": ["britain"]},
                         "m-march": {"kind": "march", "seats": ["britain"]}},
           "game": {"paused_decisions": ["m-march"], "seq": 4}}
    new = json.loads(json.dumps(old))
    new["game"]["seq"] = 5
    ops = make_patch(old, new)
    assert ops == [{"op": "replace", "path": "/game/seq", "value": 5}]
    got = module_page.evaluate("""async ([old, ops]) => {
        const { applyPatch } = await import('/frontend/lib/jsonpatch.js');
        const { openDecisions, restoreIds } = await import('/frontend/game/decisions.js');
        const first = openDecisions(restoreIds(old)).map((d) => d.id);
        const view = restoreIds(applyPatch(old, ops));
        return [first, openDecisions(view).map((d) => d.id), view.decisions['m-naval_move'].id];
    }""", [old, ops])
    assert got == [["m-done", "m-naval_move-4"], ["m-done", "m-naval_move-5"], "m-naval_move-5"]
    assert [d["id"] for d in open_decisions(new)] == got[1]
