"""Attacking with chosen units of a stack (issue #18), in Chromium: a BoP player clicks a stack
next to an enemy, unticks counters in the stack roster, sees on the target the odds the server
gives for exactly the ticked units (BoP 10.2: any part of the stack may attack, the rest stays),
clicks the target, reads the order (odds, point unit, who pays and how many RP) and confirms —
only the ticked units attack. A click on an enemy the ticked units cannot attack says why, with
the rule the engine cites.
"""

from __future__ import annotations

import pytest

from tests.browser.bop_driver import hex_distance
from tests.browser.flows import bop_table
from tests.browser.test_order_figures import confirm
from tests.browser.test_unit_first import CENTRAL, ENTENTE, stack_at
from tests.browser.unit_first import (
    Api,
    advance,
    click_hex,
    drawn_text,
    game_id,
    wait_orders,
    wait_units_mode,
)

pytestmark = [pytest.mark.browser, pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def central_half_at_war_with_belgium(site, new_context):
    central, entente, url = bop_table(site, new_context, names=("hausen", "foch"))
    gid = game_id(url)
    apis = {seat: Api(central, site, gid) for seat in CENTRAL}
    apis.update({seat: Api(entente, site, gid) for seat in ENTENTE})

    def belgium(decision, answers):
        if decision["kind"] == "violate" and {"violate": "belgium"} in answers:
            return {"violate": "belgium"}
        return None
    advance(apis, lambda v: v["flow"]["step"] == "half" and v["flow"]["side"] == "central",
            choose=belgium)
    wait_units_mode(central)
    return central, entente, apis


def attacking_stacks(page):
    """(origin, target, corps there the attack decision names) for every attack decision."""
    return page.evaluate("""() => { const s = window.salient; const units = s.store.view.board.units;
        return s.orders.available().filter(d => d.kind === 'combat').flatMap(d => {
          const byHex = {};
          for (const u of d.concerns.units) if (!u.includes('-ldr-')) (byHex[units[u].at] ||= []).push(u);
          return Object.entries(byHex).map(([h, us]) => [h, d.data.target, us.sort(), d.id]); }); }""")


def why_not(page) -> dict:
    page.wait_for_function("() => { const w = window.salient.orders.units.why; return w && !w.asking; }")
    why = page.locator("#why-not")
    return {"code": why.get_attribute("data-code"), "text": why.inner_text(),
            "rule": why.locator("button.cite").inner_text() if why.locator("button.cite").count() else None}


def untick_all_but(page, keep: list[str]) -> None:
    """Untick, in the stack roster, every selected counter not in `keep` (as a player does)."""
    for uid in page.evaluate("() => window.salient.orders.units.selection.units"):
        if uid not in keep:
            page.locator(f".stack-roster input[data-unit='{uid}']").click()
            wait_orders(page)
    assert sorted(page.evaluate("() => window.salient.orders.units.selection.units")) == sorted(keep)


def test_stack_subset_attack_bop_two_corps_of_five_at_the_servers_odds(site, new_context):
    central, _entente, apis = central_half_at_war_with_belgium(site, new_context)
    # The largest stack next to an enemy (Aachen's five corps next to Liège in this scenario).
    origin, target, corps, decision = max(attacking_stacks(central), key=lambda s: len(s[2]))
    infantry = [u for u in corps if "-inf-" in u]
    assert len(corps) >= 3 and len(infantry) >= 2, corps
    ticked = infantry[:2]
    click_hex(central, origin)
    wait_orders(central)
    untick_all_but(central, ticked)

    # the server's attack for exactly these units, and the whole stack's (asked over the API)
    chosen = apis["germany"].get("options", seat="germany", decision=decision,
                                 query={"units": ticked})["items"]
    whole = apis["germany"].get("options", seat="germany", decision=decision)["items"]
    assert len(chosen) == 1 and sorted(chosen[0]["action"]["units"]) == sorted(ticked)
    assert chosen[0]["odds"] != whole[0]["odds"], (chosen, whole)  # the choice matters
    central.wait_for_function("(t) => window.salient.orders.live().some(e => e.p.hex === t)", arg=target)
    assert drawn_text(central, target) == chosen[0]["odds"]

    click_hex(central, target)
    central.wait_for_selector("#pending-order")
    pending = central.evaluate("() => window.salient.orders.pending.item.action")
    assert pending == chosen[0]["action"]
    text = central.locator("#pending-order .order-text").inner_text()
    assert f"at {chosen[0]['odds']}" in text and f"Germany pays {chosen[0]['rp']} RP" in text, text
    point = central.evaluate("(u) => window.salient.adapter.parse(u).label", chosen[0]["action"]["point"])
    assert f"point {point}" in text, text

    left = [u for u in stack_at(central, origin) if u not in ticked]
    confirm(central)
    declared = central.evaluate("""() => window.salient.store.log
        .filter(e => e.kind === 'attack_declared').map(e => e.data)""")
    assert declared and sorted(declared[-1]["units"]) == sorted(ticked), declared
    assert declared[-1]["target"] == target
    assert set(left) <= set(stack_at(central, origin)), "an unticked counter left its stack"


def test_why_not_bop_attack_by_a_leader_alone_and_on_a_far_enemy(site, new_context):
    central, _entente, _apis = central_half_at_war_with_belgium(site, new_context)
    stacks = attacking_stacks(central)
    with_leader = [s for s in stacks if any("-ldr-" in u for u in stack_at(central, s[0]))]
    assert with_leader, stacks
    origin, target, _corps, _decision = with_leader[0]
    leader = next(u for u in stack_at(central, origin) if "-ldr-" in u)
    click_hex(central, origin)
    wait_orders(central)
    untick_all_but(central, [leader])
    # the attack decision on the target names it, but not for a leader alone: the server says why
    click_hex(central, target)
    why = why_not(central)
    assert why["code"] == "leader_alone" and why["rule"] == "BoP 1.323", why
    assert "add a corps" in why["text"], why
    assert not central.locator("#pending-order").count()

    # the whole stack again, and an enemy location two or more hexes away: not adjacent
    central.evaluate("() => window.salient.orders.units.deselect()")
    click_hex(central, origin)
    wait_orders(central)
    units = central.evaluate("() => window.salient.store.view.board.units")
    powers = central.evaluate("() => window.salient.store.view.powers")
    far = sorted({u["at"] for uid, u in units.items()
                  if powers.get({"fra": "france", "bri": "britain", "rus": "russia"}.get(uid[:3], ""), {}).get("side") == "entente"
                  and "," in u["at"] and hex_distance(u["at"], origin) >= 3},
                 key=lambda h: hex_distance(h, origin))
    assert far
    click_hex(central, far[0])
    why = why_not(central)
    assert why["code"] == "not_adjacent" and why["rule"] == "BoP 10.2", why
    assert "not adjacent" in why["text"], why
