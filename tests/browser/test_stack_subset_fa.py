"""Choosing units of a stack in Fatal Alliances (issue #18; FA 11.9.1, the review's Kovno
case), in Chromium: at East Prussia's first land movement the mover clicks a stack of two or
three or
more, unticks all but two in the stack roster, clicks where the ticked units go and confirms —
exactly those move, the rest stay (engine/rulesets/fatal_alliances/stack_parts.py answers
the ticked units' own moves)."""

from __future__ import annotations

import pytest

from tests.browser.test_order_figures import confirm, entry_hex
from tests.browser.test_unit_first import fa_land_move
from tests.browser.unit_first import click_hex, wait_orders, wait_units_mode

pytestmark = [pytest.mark.browser, pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def units_at(page, hex_id: str) -> list[str]:
    return page.evaluate("""(h) => Object.entries(window.salient.store.view.board.units)
        .filter(([, u]) => u.hex === h).map(([id]) => id).sort()""", hex_id)


def test_stack_subset_fa_11_9_1_move_part_of_a_stack_the_rest_stays(site, new_context):
    page, seat, _url, _apis = fa_land_move(site, new_context)
    wait_units_mode(page)
    stacks = page.evaluate("""() => { const o = window.salient.orders;
        return o.origins().filter(h => o.units.unitsAt(h).length >= 3); }""")
    assert stacks, "no stack of three or more to split"
    for origin in stacks:
        if page.evaluate("() => window.salient.orders.origin") == origin:
            page.evaluate("() => window.salient.orders.units.deselect()")
        click_hex(page, origin)
        wait_orders(page)
        units = page.evaluate("() => window.salient.orders.units.selection.units")
        # The roster has a tick box per counter (the adapter declares subsets).
        assert page.locator(".stack-roster input[data-unit]").count() == len(units)
        # Two of three or more: a grouping the listing does not name (it has singles and stacks).
        going, staying = units[:2], units[2:]
        for uid in staying:     # unticked in the roster, as a player would
            page.locator(f".stack-roster input[data-unit='{uid}']").click()
            wait_orders(page)
        assert sorted(page.evaluate("() => window.salient.orders.units.selection.units")) == sorted(going)
        target = entry_hex(page, "land_move")
        if target is None:
            page.evaluate("() => window.salient.orders.units.deselect()")
            continue
        break
    else:
        raise AssertionError("no stack whose ticked units can move without the rest")

    click_hex(page, target)
    page.wait_for_selector("#pending-order")
    pending = page.evaluate("() => window.salient.orders.pending.item.action.units")
    assert sorted(pending) == sorted(going), pending
    confirm(page)
    wait_units_mode(page)
    assert set(going) <= set(units_at(page, target))
    assert set(staying) <= set(units_at(page, origin)), "the unticked units did not stay"
