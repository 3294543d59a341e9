"""Balance of Powers: the map shows what a decision is about.

- Britain's placement (a French port and a home location) is picked on the map: the ports and
  Britain's hexes are lit, and the two clicked are highlighted as chosen.
- When a decision of the user's opens (an attack, a reaction to the enemy's attack, a retreat …)
  the map brings its location into view — but leaves a user who is moving the map alone.
- The dice panel and the event log name units as the rest of the page does, never by id.
"""

from __future__ import annotations

import re

import pytest

from tests.browser.bop_driver import BopDriver
from tests.browser.flows import bop_table

pytestmark = [pytest.mark.browser, pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

UID = re.compile(r"\b(?:ger|aus|fra|rus|bri|bel|net|den|swi|ser|ita)-(?:inf|cav|mou|sie|ldr)-[a-z0-9_]+")

# Records, for every decision of this page as it opens, whether its place is on screen.
FOLLOW_JS = """() => { const s = window.salient; window.__follow = [];
  s.orders.addEventListener('change', () => { const o = s.orders, d = o.decision;
    if (!d || !o.entries || o.status === 'loading' || o.editor) return;
    if (window.__follow.some((f) => f.id === d.id)) return;
    const focus = s.adapter.focus(d, s.store.view) || (o.origins().length ? o.origins()
      : o.entries.map((e) => e.p.hex).filter(Boolean));
    const box = s.map.root.getBoundingClientRect();
    const seen = focus.filter((id) => { const [x, y] = s.map.clientOfHex(id);
      return x > box.left && x < box.right && y > box.top && y < box.bottom; });
    window.__follow.push({id: d.id, kind: d.kind, focus, seen: seen.length, away: !!window.__away}); });
}"""

# Send the map far from the front (as if the user had looked elsewhere a while ago).
AWAY_JS = """(hex) => { const m = window.salient.map; m.centreOn(hex); m.userAt = -Infinity;
  window.__away = true; }"""


def on_screen(page, hexes):
    return page.evaluate("""(ids) => { const m = window.salient.map, box = m.root.getBoundingClientRect();
      return ids.map((id) => { const [x, y] = m.clientOfHex(id);
        return x > box.left && x < box.right && y > box.top && y < box.bottom; }); }""", hexes)


def test_bop_map_shows_option_locations_follows_decisions_and_names_units(site, new_context):
    central, entente, _ = bop_table(site, new_context, names=("bulow", "french"))
    driver = BopDriver({"central": central, "entente": entente})
    for page in (central, entente):
        page.evaluate(FOLLOW_JS)
    places = driver.places(entente)
    far = places["Riga"] if "Riga" in places else places["Königsberg"]

    # 1. Britain's placement: the option's port and home are shown (and the map goes there)
    for _ in range(60):
        if any(d["kind"] == "britain_setup" for d in driver.state(entente)["mine"]):
            break
        assert driver.step() is not None
    else:
        raise AssertionError("Britain never joined")
    driver.settle()
    britain = next(d for d in driver.state(entente)["mine"] if d["kind"] == "britain_setup")
    driver._select(entente, britain)
    # 12.1 is picked on the map (bop_britain.js): the ports and Britain's hexes are lit, and a
    # click on a port and then on a home makes the listed pair the pending order
    entente.wait_for_function("""() => { const o = window.salient.orders;
        return o.editor && o.editor.constructor.name === 'BritainPicker' && o.status !== 'loading'; }""")
    ports = entente.evaluate("() => window.salient.orders.editor.ports()")
    homes = entente.evaluate("() => window.salient.orders.editor.homes()")
    lit = entente.evaluate("() => [...document.querySelectorAll('.layer-highlight .hl-option')].map(g => g.dataset.hex)")
    assert ports and homes and set(ports) <= set(lit), (ports, lit)
    hexes = [ports[0], homes[0]]
    driver._click_hex(entente, hexes[0])
    driver._click_hex(entente, hexes[1])
    entente.wait_for_selector("#pending-order")
    action = entente.evaluate("() => window.salient.orders.pending.item.action")
    assert action == {"port": hexes[0], "home": hexes[1]}
    shown = entente.evaluate("() => [...document.querySelectorAll('.layer-highlight .hl-selected')].map(g => g.dataset.hex)")
    assert set(hexes) <= set(shown)
    v = entente.evaluate("() => window.salient.store.v")
    entente.click("#confirm")
    entente.wait_for_function("(v) => window.salient.store.v > v", arg=v)

    # 2. decisions opening while the map looks elsewhere come into view; combat decisions
    #    (an attack's reactions) at the attacked place
    seen_combat = False
    for _ in range(140):
        st = driver.state(central)
        if st["result"] is not None or st["flow"]["month"] != "1914-08":
            break
        for page in (central, entente):
            page.evaluate(AWAY_JS, far)
        if driver.step() is None:
            break
        records = entente.evaluate("() => window.__follow") + central.evaluate("() => window.__follow")
        seen_combat = seen_combat or any(r["kind"] in ("reserve", "retreat", "loss", "point", "pay", "reroll")
                                         for r in records if r["away"])
        if seen_combat and len([r for r in records if r["away"] and r["focus"]]) >= 8:
            break
    records = [r for r in entente.evaluate("() => window.__follow") + central.evaluate("() => window.__follow")
               if r["away"] and r["focus"]]
    assert records, "no decision opened while the map was away"
    assert seen_combat, [r["kind"] for r in records]
    missed = [r for r in records if not r["seen"]]
    assert not missed, missed

    # 3. gently: a user who has just moved the map is not moved. The user looks at the west
    #    first: the loop above last sent this map to `far` (AWAY_JS), and when the decision that
    #    then opened was the other side's, it stayed there — `reveal` of a place already in view
    #    moves nothing and returns False, forced or not, so both checks below need `far` off-screen.
    driver.settle()
    central.evaluate("(h) => { const m = window.salient.map; m.centreOn(h); m.userAt = -Infinity; }",
                     places["Paris"])
    assert on_screen(central, [far]) == [False]
    box = central.evaluate("() => { const r = window.salient.map.root.getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; }")
    cx, cy = box[0] + box[2] / 2, box[1] + box[3] / 2
    central.mouse.move(cx, cy)
    central.mouse.down()
    central.mouse.move(cx + 60, cy + 30, steps=4)
    central.mouse.up()
    assert central.evaluate("(h) => window.salient.map.reveal([h])", far) is False
    assert central.evaluate("(h) => window.salient.map.reveal([h], {force: true})", far) is True

    # 4. names, never ids, in the dice panel and the log
    for page in (central, entente):
        for selector in ("#dice", "#log"):
            text = page.inner_text(selector) if page.locator(selector).is_visible() else ""
            assert not UID.search(text), (selector, UID.findall(text)[:5])
        lines = page.evaluate("""() => window.salient.store.log.map((e) => e.text || window.salient.adapter.event(e, window.salient.store.view))
            .concat(window.salient.store.log.map((e) => window.salient.adapter.combat(e, window.salient.store.view))
              .filter(Boolean).flatMap((c) => [c.title, ...c.lines]))""")
        assert lines and not [line for line in lines if UID.search(line)]
    raw = central.evaluate("() => JSON.stringify(window.salient.store.log.map((e) => e.data || {}))")
    assert UID.search(raw), "the events carried no unit ids: the names check proved nothing"
