"""Consequences before Confirm (issue #18): an order that cannot be taken back says what it
will do before it is sent — from the server's preview (the order carried out on a copy, with
dice that may not be rolled) and, where a rule's meaning is not in the events, from the page's
ruleset adapter ("not paying: the point unit takes the loss", "a reroll replaces a 7").
"""

from __future__ import annotations

import pytest

from tests.browser.test_unit_first import CENTRAL, ENTENTE, shot
from tests.browser.unit_first import Api, advance, game_id

pytestmark = [pytest.mark.browser]


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_consequences_bop_violating_belgium_says_britain_joins_before_confirm(site, new_context):
    from tests.browser.flows import bop_table
    central, entente, url = bop_table(site, new_context, names=("bethmann", "grey"))
    gid = game_id(url)
    apis = {seat: Api(central, site, gid) for seat in CENTRAL}
    apis.update({seat: Api(entente, site, gid) for seat in ENTENTE})
    advance(apis, lambda v: any(d["kind"] == "violate" for d in v["decisions"].values()))
    central.wait_for_function("() => window.salient.orders.decision?.kind === 'violate'"
                              " && window.salient.orders.previews.size > 1")
    belgium = central.locator("#decision li", has_text="Violate Belgium")
    under = belgium.locator(".choice-consequence").inner_text()
    assert "Britain joins the Entente" in under, under
    none = central.locator("#decision li", has_text="No violation")
    assert "Britain" not in (none.locator(".choice-consequence").all_inner_texts() or [""])[0]
    belgium.locator("button.choice").click()
    central.wait_for_selector("#consequence li")
    said = central.locator("#consequence li").all_inner_texts()
    assert any("Britain joins the Entente" in line for line in said), said
    shot(central, "consequences-before-confirm.png")
    v = central.evaluate("() => window.salient.store.v")
    central.click("#confirm")
    central.wait_for_function("(v) => window.salient.store.v > v", arg=v)
    # what was foretold is what happened: the step's events read as the preview's lines
    happened = central.evaluate("""(v) => window.salient.store.log.filter(e => e.v === v + 1)
        .map(e => window.salient.adapter.event(e, window.salient.store.view))""", v)
    for line in said:
        if not line.startswith("Then "):
            assert line in happened, (line, happened)


BOP_VIEW = {"flow": {"combat": {"seat": "germany", "def_seat": "france", "point": "ger-inf-1",
                                "def_point": "fra-inf-3", "dice": [5, 2], "final": 4, "fnm": -3,
                                "target": "11,14"}},
            "board": {"units": {"ger-inf-1": {"at": "12,13", "mode": "maneuver"},
                                "fra-inf-3": {"at": "11,14", "mode": "maneuver"}}}}


def test_consequences_bop_not_paying_and_a_reroll_say_what_they_mean(module_page):
    got = module_page.evaluate("""async (view) => {
        const { BalanceOfPowersAdapter } = await import('/frontend/game/rulesets/balance_of_powers.js');
        const { consequenceLines } = await import('/frontend/game/panels/unitpanel.js');
        const bop = new BalanceOfPowersAdapter({ seats: [] });
        const pay = { kind: 'pay', seats: ['germany'] };
        const reroll = { kind: 'reroll', seats: ['germany'] };
        const eliminated = { dice: false, events: [{ kind: 'eliminated', rule: 'BoP 10.712',
            data: { unit: 'ger-inf-1' } }], next: [] };
        return {
          notPaying: consequenceLines(eliminated, pay, { action: { pay: false } }, bop, view),
          paying: consequenceLines({ dice: false, events: [], next: [] }, pay, { action: { pay: true } }, bop, view),
          reroll: consequenceLines({ dice: true, purpose: 'combat reroll 2d6' }, reroll, { action: { reroll: true } }, bop, view),
          keep: consequenceLines({ dice: false, next: [], events: [{ kind: 'combat_result', rule: 'BoP 10.62',
            data: { final: 4, attacker: 'RP', defender: 0, flags: [] } }] }, reroll, { action: { reroll: false } }, bop, view),
        };
    }""", BOP_VIEW)
    assert got["notPaying"] == [
        "The RP result stands: the attacker takes 1 loss, its point unit Germany 1 Corps first "
        "(BoP 10.712).", "Germany 1 Corps eliminated"]
    assert got["paying"][0].startswith("1 RP is spent and the RP result is cancelled")
    assert got["reroll"][0].startswith("A new 2d6 replaces the roll of 5 + 2 (final 4, net modifier −3)")
    assert got["keep"] == ["Combat result on 4: attacker an RP result (1 RP or 1 loss), defender no loss"]
