"""The hex map's names read (issue #18, review item 10), measured on a Balance of Powers game page:

- no two place names drawn over each other, at the overview zoom and zoomed in;
- at the overview zoom only the large places are named, large enough to read; the rest appear
  when zoomed in;
- no place name or hex number lies over a counter;
- no place name lies over a hex number shown (a number a name must cover is hidden whole, and
  only when the name has no other spot: few are);
- Fit (the button, and the key 0) puts the whole map (BoP has no scenario window) on the screen,
  and FA's East Prussia window.
"""

from __future__ import annotations

import pytest

from tests.browser.bop_driver import BopDriver
from tests.browser.flows import bop_table, new_table, open_game, seat_and_start, sign_up

pytestmark = [pytest.mark.browser, pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

# Every visible place name and hex number, and every stack, as screen rectangles inside the map.
MEASURE_JS = """() => {
  const m = window.salient.map, root = m.root.getBoundingClientRect();
  const rect = (n) => { const r = n.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const onScreen = (r) => r[2] > r[0] && r[2] > root.left && r[0] < root.right && r[3] > root.top && r[1] < root.bottom;
  const shown = (n) => getComputedStyle(n).display !== 'none' && getComputedStyle(n.parentNode).display !== 'none';
  const names = [...m.root.querySelectorAll('#layer-labels text:not(.sea-lbl)')].filter(shown)
    .map((t) => ({name: t.textContent, rect: rect(t)})).filter((l) => onScreen(l.rect));
  const numbers = [...m.root.querySelectorAll('#layer-hexlabels text')].filter(shown)
    .map((t) => ({name: t.textContent, rect: rect(t)})).filter((l) => onScreen(l.rect));
  const stacks = [...m.root.querySelectorAll('.layer-units .stack')]
    .map((g) => ({hex: g.dataset.hex, rect: rect(g)})).filter((s) => onScreen(s.rect));
  const all = m.root.querySelectorAll('#layer-labels text:not(.sea-lbl)').length;
  return {names, numbers, stacks, all, zoom: m.zoom};
}"""


def overlap(a, b, slack=0.5):
    return a[0] + slack < b[2] and b[0] + slack < a[2] and a[1] + slack < b[3] and b[1] + slack < a[3]


def collisions(labels):
    return [(a["name"], b["name"]) for i, a in enumerate(labels) for b in labels[i + 1:]
            if overlap(a["rect"], b["rect"])]


def over_counters(labels, stacks):
    return [(label["name"], s["hex"]) for label in labels for s in stacks if overlap(label["rect"], s["rect"])]


def test_map_place_names_do_not_collide_or_cover_counters_and_fit_shows_the_map(site, new_context):
    central, entente, _ = bop_table(site, new_context, names=("moltke", "joffre"))
    driver = BopDriver({"central": central, "entente": entente})
    driver.play(until=lambda st: st["flow"]["step"] == "half")     # the armies set up
    driver.settle()
    page = central
    page.wait_for_function("() => window.salient && window.salient.map && "
                           "document.querySelectorAll('.layer-units .stack').length > 20")
    places = page.evaluate("() => Object.fromEntries(Object.values(window.salient.map.map.places)"
                           ".map((p) => [p.name, p]))")

    # zoomed in on East Prussia (Insterburg and Gumbinnen share a hex) and on the Channel coast
    for town in ("Insterburg", "Calais"):
        page.evaluate("""(hex) => { const m = window.salient.map; m.zoomAt(4 / m.zoom, 0, 0);
            m.centreOn(hex); }""", places[town]["hex"])
        got = page.evaluate(MEASURE_JS)
        assert got["zoom"] == pytest.approx(4)
        assert len(got["names"]) >= 8, got["names"]
        assert not collisions(got["names"]), collisions(got["names"])
        assert got["numbers"], "hex numbers show zoomed in"
        assert got["stacks"], "counters on screen"
        assert not over_counters(got["names"] + got["numbers"], got["stacks"]), \
            over_counters(got["names"] + got["numbers"], got["stacks"])[:5]
        over_numbers = [(n["name"], h["name"]) for n in got["names"] for h in got["numbers"]
                        if overlap(n["rect"], h["rect"])]
        assert not over_numbers, over_numbers[:8]
        # Over the whole map: a number a name must cover moves to the foot of its own hex (the
        # checks above include it there: over no name, no counter); hardly any is hidden.
        under_names, moved, names_drawn = page.evaluate("""() => [
            document.querySelectorAll('#layer-hexlabels text.under-name').length,
            document.querySelectorAll('#layer-hexlabels text.moved').length,
            [...document.querySelectorAll('#layer-labels text:not(.sea-lbl)')]
              .filter((t) => t.style.display !== 'none').length]""")
        print(f"zoom 4: {moved} numbers moved to their hex's foot, {under_names} hidden")
        assert moved > 0 and under_names * 10 <= names_drawn, (under_names, moved, names_drawn)
        # A moved number stays inside its own hex: the hex under its centre is its own.
        strays = page.evaluate("""() => { const m = window.salient.map;
            return [...m.labels.numbers].filter(([, t]) => t.classList.contains('moved'))
              .filter(([hex, t]) => { const r = t.getBoundingClientRect();
                return m.hexAtClient((r.left + r.right) / 2, (r.top + r.bottom) / 2) !== hex; })
              .map(([hex]) => hex); }""")
        assert not strays, strays[:8]
        page.screenshot(path=f"/tmp/map-labels-{town.lower()}.png")      # for the eye
        print(f"zoom 4 at {town}: {len(got['names'])} names, {len(got['numbers'])} hex numbers, "
              f"{len(got['stacks'])} stacks on screen, {under_names} numbers hidden under {names_drawn} names (whole map)")
    near = {label["name"] for label in page.evaluate(MEASURE_JS)["names"]}
    assert {"Calais", "Boulogne"} <= near, near

    # Fit (the button): the whole map on the screen, the overview zoom
    page.click(".map-fit")
    page.wait_for_function("() => !window.salient.map.base")
    inside = page.evaluate("""() => { const m = window.salient.map, box = m.root.getBoundingClientRect();
        const ids = Object.keys(m.map.hexes), pts = ids.map((id) => m.clientOfHex(id));
        const xs = pts.map((p) => p[0]), ys = pts.map((p) => p[1]);
        return {out: ids.filter((id, i) => xs[i] < box.left || xs[i] > box.right || ys[i] < box.top || ys[i] > box.bottom),
          spanX: (Math.max(...xs) - Math.min(...xs)) / box.width, spanY: (Math.max(...ys) - Math.min(...ys)) / box.height}; }""")
    assert not inside["out"], inside["out"][:10]
    assert max(inside["spanX"], inside["spanY"]) > 0.85, inside     # as large as the screen allows
    overview = page.evaluate(MEASURE_JS)
    assert overview["zoom"] < 2
    assert not collisions(overview["names"]), collisions(overview["names"])
    assert not over_counters(overview["names"], overview["stacks"])
    # only the large places, readable; the small ones wait for zoom
    heights = [label["rect"][3] - label["rect"][1] for label in overview["names"]]
    assert heights and min(heights) >= 11, sorted(heights)[:5]
    shown = {label["name"] for label in overview["names"]}
    assert {"Paris", "Berlin"} <= shown, shown
    assert all(places[n]["capital"] or places[n]["factory"] or places[n]["port"] == "major" for n in shown), shown
    assert len(shown) < overview["all"] / 2
    page.screenshot(path="/tmp/map-labels-overview.png")
    print(f"overview zoom {overview['zoom']:.2f}: {len(shown)} of {overview['all']} names, "
          f"heights {min(heights):.1f}-{max(heights):.1f} px")

    # the key 0 fits too, after the user zoomed in
    page.evaluate("() => window.salient.map.zoomAt(3, 0, 0)")
    page.focus("#map svg")
    page.keyboard.press("0")
    assert page.evaluate("() => window.salient.map.zoom") == pytest.approx(overview["zoom"], rel=1e-3)


def test_map_fit_shows_the_scenario_window_of_fatal_alliances_east_prussia(site, new_context):
    """FA's East Prussia is played on a window of the Europe map: Fit shows that window, as
    large as the screen allows, not the whole of Europe."""
    hin = sign_up(new_context(), site, "francois")
    sam = sign_up(new_context(), site, "rennenkampf")
    table = new_table(hin, site, "fatal_alliances", "east-prussia-1914", title="Gumbinnen")
    game_url = seat_and_start(table, hin, ("germany",), [(sam, ("russia",))])
    open_game(hin, game_url)
    hin.wait_for_function("() => window.salient && window.salient.map && window.salient.adapter.window")
    hin.evaluate("() => { const m = window.salient.map; m.zoomAt(0.6 / m.zoom, 0, 0); }")    # all of Europe
    hin.click(".map-fit")
    got = hin.evaluate("""() => { const m = window.salient.map, a = window.salient.adapter;
        const box = m.root.getBoundingClientRect();
        const ids = Object.keys(m.map.hexes).filter((id) => a.inWindow(id));
        const pts = ids.map((id) => m.clientOfHex(id)), xs = pts.map((p) => p[0]), ys = pts.map((p) => p[1]);
        return {count: ids.length, all: Object.keys(m.map.hexes).length,
          out: ids.filter((id, i) => xs[i] < box.left || xs[i] > box.right || ys[i] < box.top || ys[i] > box.bottom),
          spanX: (Math.max(...xs) - Math.min(...xs)) / box.width, spanY: (Math.max(...ys) - Math.min(...ys)) / box.height}; }""")
    assert 0 < got["count"] < got["all"] / 4, got
    assert not got["out"], got["out"][:10]
    assert max(got["spanX"], got["spanY"]) > 0.8, got
