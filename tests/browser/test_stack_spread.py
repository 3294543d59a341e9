"""Issue #18, the review's item 10: "a stack shows only its top counter and a count badge …
There's no stack spread." A click (or a tap) on a stack of several spreads it: every counter of
it drawn on a ring around its hex (`MapView.spread`, frontend/map/mapview.js), none over
another nor over a neighbour hex's centre (a destination next door stays one click away). A click on one of them selects that unit alone for unit-first orders (the roster shows
it ticked, the order that follows moves it alone) and folds the fan, so the hexes it lay over
can be clicked as destinations; a click elsewhere or Escape folds it too. On a touch screen a tap spreads, and the help line names Fit and the spread.

Fatal Alliances' East Prussia at its first land movement (the FA 11.9.1 case of
test_stack_subset_fa.py), on the live site."""

from __future__ import annotations

import pytest

from tests.browser.flows import log_in, wait_live
from tests.browser.test_order_figures import entry_hex
from tests.browser.test_phone import PHONE, tap_hex
from tests.browser.test_unit_first import fa_land_move
from tests.browser.unit_first import click_hex, wait_orders, wait_units_mode

pytestmark = [pytest.mark.browser, pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

FAN_JS = """() => [...document.querySelectorAll('.layer-spread .spread-counter')].map((g) => {
    const r = g.querySelector('.counter').getBoundingClientRect();
    return {unit: g.dataset.unit, hex: g.dataset.hex, picked: g.classList.contains('picked'),
            rect: [r.left, r.top, r.right, r.bottom]}; })"""


def overlap(a, b):
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def test_stack_spread_a_click_fans_the_counters_and_picks_one_for_the_order(site, new_context, browser):
    page, seat, url, _apis = fa_land_move(site, new_context)
    wait_units_mode(page)
    origin = page.evaluate("""() => { const o = window.salient.orders;
        return o.origins().find(h => o.units.unitsAt(h).length >= 3); }""")
    assert origin, "no stack of three or more"
    stack = page.evaluate("(h) => window.salient.map.units.filter(u => u.hex === h).map(u => u.id)", origin)
    assert page.locator(".layer-spread .spread-counter").count() == 0

    # A click on the stack spreads it, and unit-first orders select the whole stack as before.
    page.evaluate("() => window.salient.map.zoomAt(3 / window.salient.map.zoom, 0, 0)")
    click_hex(page, origin)
    wait_orders(page)
    fan = page.evaluate(FAN_JS)
    assert sorted(f["unit"] for f in fan) == sorted(stack) and {f["hex"] for f in fan} == {origin}
    assert not [(a["unit"], b["unit"]) for i, a in enumerate(fan) for b in fan[i + 1:]
                if overlap(a["rect"], b["rect"])], fan
    assert sorted(page.evaluate("() => window.salient.orders.units.selection.units")) == sorted(stack)
    assert all(f["picked"] for f in fan)
    # The fan covers no neighbour's centre: a destination next door is still one click away.
    covered = page.evaluate("""(h) => { const m = window.salient.map;
        return Object.keys(m.map.hexes).filter((id) => id !== h).filter((id) => {
          const [x, y] = m.clientOfHex(id), hit = document.elementFromPoint(x, y);
          return hit && hit.closest('.spread-counter'); }); }""", origin)
    assert covered == [], covered

    # A click on one counter of the fan selects that unit alone; an order moves it alone.
    for one in reversed(stack):
        if not page.evaluate(FAN_JS):
            click_hex(page, origin)
            wait_orders(page)
        pick = next(f for f in page.evaluate(FAN_JS) if f["unit"] == one)
        x, y = (pick["rect"][0] + pick["rect"][2]) / 2, (pick["rect"][1] + pick["rect"][3]) / 2
        page.mouse.click(x, y)
        page.wait_for_function("(u) => { const s = window.salient.orders.units.selection;"
                               " return s && s.units.length === 1 && s.units[0] === u"
                               " && window.salient.orders.status !== 'loading'; }", arg=one)
        assert page.evaluate(FAN_JS) == [], "the fan folds once a counter is picked"
        ticked = page.evaluate("() => [...document.querySelectorAll('.stack-roster input[data-unit]')]"
                               ".filter(i => i.checked).map(i => i.dataset.unit)")
        assert ticked == [one], ticked
        target = entry_hex(page, "land_move")
        if target:
            break
    else:
        raise AssertionError("no unit of the stack can move alone")
    click_hex(page, target)
    page.wait_for_selector("#pending-order")
    assert page.evaluate("() => window.salient.orders.pending.item.action.units") == [one]

    # Escape on the map folds a spread fan.
    page.evaluate("(h) => window.salient.map.spread(h)", origin)
    assert page.locator(".layer-spread .spread-counter").count() == len(stack)
    page.focus("#map svg")
    page.keyboard.press("Escape")
    assert page.locator(".layer-spread .spread-counter").count() == 0

    # A touch screen: the help line names Fit and the spread; a tap spreads the stack.
    name = "hindenburg" if seat == "germany" else "samsonov"
    phone = browser.new_context(**PHONE)
    try:
        touch = log_in(phone, site, name, url)
        wait_live(touch)
        help_line = touch.inner_text(".map-help")
        assert "Fit" in help_line and "spread" in help_line, help_line
        wait_units_mode(touch)
        touch.evaluate("() => window.salient.map.zoomAt(3 / window.salient.map.zoom, 0, 0)")
        tap_hex(touch, origin)
        touch.wait_for_selector(".layer-spread .spread-counter")
        assert touch.locator(".layer-spread .spread-counter").count() == len(stack)
    finally:
        phone.close()
