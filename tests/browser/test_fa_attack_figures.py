"""Figures for issue #18 (the review's clicks-per-order table, "FA attack with chosen units: not
measured"): an FA attack by part of a stack (all but one of its units), given through the live page as a
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
    # Part of a stack that could attack whole: the units left out are unticked. All but one
    # of the largest such stack (more attackers, more chance the loss leaves a choice).
    pick = None
    for item in sorted(items, key=lambda i: -len(i.get("units", []))):
        if not item.get("units"):
            continue
        hex_ = units[item["units"][0]]["hex"]
        stack = sorted(u for u, x in units.items() if x["hex"] == hex_ and x["power"] == units[item["units"][0]]["power"])
        if len(item["units"]) == len(stack) - 1 and len({units[u]["hex"] for u in item["units"]}) == 1 \
                and any(sorted(i.get("units", [])) == stack for i in items if i.get("target") == item["target"]):
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
    assert sorted(page.evaluate("() => window.salient.orders.units.selection.units")) == sorted(item["units"])
    click_hex(page, item["target"])
    wait_orders(page)
    if not page.locator("#pending-order").count():
        # several orders end on the target (an attack and a move): the attack is chosen
        page.locator(f"#decision button.choice[data-decision='{decision['id']}']").first.click()
    page.wait_for_selector("#pending-order")
    pending = page.evaluate("() => window.salient.orders.pending.item.action")
    assert pending["target"] == item["target"] and sorted(pending["units"]) == sorted(item["units"]), pending
    confirm(page)
    n, keys = clicks.count()
    report("FA clicks and keys per order", {f"fa attack by {len(item['units'])} of a stack of {len(stack)} (unit-first)": [n, keys]})
    # the stack, one untick per unit left out, the target, Confirm (+1 if the target also ends a move)
    expected = 1 + (len(stack) - len(item["units"])) + 1 + 1
    assert keys == 0 and n in (expected, expected + 1), (n, expected)

    # The combat's loss (FA 11.12.5.4), if it leaves a choice: the loser marks the units in the
    # loss picker (fa_losses.js) and confirms, on the live page.
    try:
        view = advance(apis, lambda v: any(d["kind"] == "combat_losses" for d in v["decisions"].values()),
                       choose=lambda d, answers: {"done": True} if {"done": True} in answers else None,
                       limit=40)
    except AssertionError:
        report("FA clicks and keys per order", {"fa loss allocation": "not reached: no loss with a choice"})
        return
    losses = next(d for d in view["decisions"].values() if d["kind"] == "combat_losses")
    loser = losses["seats"][0]
    page = {"germany": hin, "russia": sam}[loser]
    allocations = apis[loser].view()["decisions"][losses["id"]]["options"]
    plain = sorted((a for a in allocations if a.get("destroy") and not a.get("break")),
                   key=lambda a: -len(a["destroy"]))
    if not plain:
        report("FA clicks and keys per order", {"fa loss allocation": f"only break-downs listed: {allocations[:3]}"})
        return
    chosen = plain[0]
    open_game(page, url)
    page.wait_for_selector(".loss-roster")
    clicks = Clicks(page)
    for uid in chosen["destroy"]:
        page.locator(f".loss-destroy[data-unit='{uid}']").first.click()
    page.wait_for_selector("#confirm")
    confirm(page)
    n, keys = clicks.count()
    report("FA clicks and keys per order", {f"fa loss allocation, {len(chosen['destroy'])} units destroyed of "
                                            f"{len(allocations)} listed allocations": [n, keys]})
    assert keys == 0 and n == len(chosen["destroy"]) + 1, n
