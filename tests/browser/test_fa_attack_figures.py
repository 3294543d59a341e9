"""Figures for issue #18 (the review's clicks-per-order table, "FA attack with chosen units: not
measured"): an FA attack by one unit of a stack of several, given through the live page as a
player would — click the stack, untick the units that stay out in the roster, click the target,
Confirm — with every pointerdown and keydown counted (printed; run with -s). East Prussia,
everything before the first attack step answered quietly over the API (FA 11.12.1)."""

from __future__ import annotations

import pytest

from tests.browser.flows import new_table, open_game, seat_and_start, sign_up
from tests.browser.test_order_figures import confirm, report
from tests.browser.unit_first import (
    Api,
    Clicks,
    advance,
    click_hex,
    game_id,
    wait_orders,
    wait_units_mode,
)

pytestmark = [pytest.mark.browser, pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_fa_11_12_1_attack_with_chosen_units_clicks_figure(site, new_context):
    hin = sign_up(new_context(), site, "ludendorff")
    sam = sign_up(new_context(), site, "rennenkampf")
    table = new_table(hin, site, "fatal_alliances", "east-prussia-1914", title="Gumbinnen",
                      multiple_seats=False)
    url = seat_and_start(table, hin, ("germany",), [(sam, ("russia",))])
    gid = game_id(url)
    apis = {"germany": Api(hin, site, gid), "russia": Api(sam, site, gid)}

    def land(decision, answers):
        if decision["kind"] == "action":
            return {"action": "land"} if {"action": "land"} in answers else None
        return None
    view = advance(apis, lambda v: any(d["kind"] == "land_attack" for d in v["decisions"].values()),
                   choose=land)
    decision = next(d for d in view["decisions"].values() if d["kind"] == "land_attack")
    seat = decision["seats"][0]
    page = {"germany": hin, "russia": sam}[seat]
    items = [i["action"] for i in apis[seat].get("options", seat=seat, decision=decision["id"])["items"]]
    units = apis[seat].view()["board"]["units"]
    # One unit attacking out of a stack of several that can all attack: the others are unticked.
    pick = None
    for item in items:
        if len(item.get("units", [])) != 1:
            continue
        hex_ = units[item["units"][0]]["hex"]
        stack = sorted(u for u, x in units.items() if x["hex"] == hex_ and x["power"] == units[item["units"][0]]["power"])
        if len(stack) >= 2 and any(sorted(i.get("units", [])) == stack for i in items if i.get("target") == item["target"]):
            pick = (item, hex_, stack)
            break
    assert pick, "no stack of several that can attack"
    item, origin, stack = pick

    open_game(page, url)
    wait_units_mode(page)
    clicks = Clicks(page)
    click_hex(page, origin)
    wait_orders(page)
    for uid in stack:
        if uid not in item["units"]:
            page.locator(f".stack-roster input[data-unit='{uid}']").click()
            wait_orders(page)
    assert page.evaluate("() => window.salient.orders.units.selection.units") == item["units"]
    click_hex(page, item["target"])
    wait_orders(page)
    if not page.locator("#pending-order").count():
        # several orders end on the target (an attack and a move): the attack is chosen
        page.locator(f"#decision button.choice[data-decision='{decision['id']}']").first.click()
    page.wait_for_selector("#pending-order")
    assert page.evaluate("() => window.salient.orders.pending.item.action") == item
    confirm(page)
    n, keys = clicks.count()
    report("FA clicks and keys per order", {f"fa attack by 1 of a stack of {len(stack)} (unit-first)": [n, keys]})
    # the stack, one untick per unit left out, the target, Confirm (+1 if the target also ends a move)
    expected = 1 + (len(stack) - 1) + 1 + 1
    assert keys == 0 and n in (expected, expected + 1), (n, expected)
