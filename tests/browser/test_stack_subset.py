"""Choosing units of a stack (issue #18), in Chromium: a BoP player clicks a stack of three or
more, unticks all but two in the stack roster, clicks where they go and confirms — exactly the
two march (BoP 9.1, the engine's 'part of a stack' march: its answer names the units), the rest
stay where they stood. No engine change: the march's answer was already a set of units.
"""

from __future__ import annotations

import pytest

from tests.browser.test_order_figures import confirm, entry_hex
from tests.browser.test_unit_first import bop_first_half, stack_at
from tests.browser.unit_first import click_hex, wait_orders, wait_units_mode

pytestmark = [pytest.mark.browser, pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_stack_subset_bop_march_two_of_a_stack_the_rest_stays(site, new_context):
    central, _entente, _url, _apis = bop_first_half(site, new_context, names=("bulow", "maunoury"))
    wait_units_mode(central)
    stacks = central.evaluate("""() => { const o = window.salient.orders;
        return o.origins().filter(h => o.units.unitsAt(h).length >= 3); }""")
    assert stacks, "no stack of three or more to split"
    for origin in stacks[:6]:
        click_hex(central, origin)
        wait_orders(central)
        units = central.evaluate("() => window.salient.orders.units.selection.units")
        assert sorted(units) == stack_at(central, origin)
        going, staying = units[:2], units[2:]
        for uid in staying:     # unticked in the roster, as a player would
            central.locator(f".stack-roster input[data-unit='{uid}']").click()
            wait_orders(central)
        assert sorted(central.evaluate("() => window.salient.orders.units.selection.units")) == sorted(going)
        target = entry_hex(central, "march")
        if target is None:      # these two cannot march anywhere on their own: another stack
            central.evaluate("() => window.salient.orders.units.deselect()")
            continue
        break
    else:
        raise AssertionError("no stack whose first two units can march without the rest")

    click_hex(central, target)
    central.wait_for_selector("#pending-order")
    pending = central.evaluate("""() => { const o = window.salient.orders;
        return {units: o.pending.item.action.units, part: o.pendingDecision().data?.part}; }""")
    assert sorted(pending["units"]) == sorted(going) and pending["part"] == "part", pending
    confirm(central)
    wait_units_mode(central)
    assert set(going) <= set(stack_at(central, target))
    assert set(staying) <= set(stack_at(central, origin)), "the unticked units did not stay"
