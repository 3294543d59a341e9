"""Balance of Powers aviation in the browser (issues #18, #20): air units drawn as counters at
their aerodromes, the force pool's air units and those due on the turn track, and an air order
given the way a wargamer gives it — click the fighter on the map, click where it patrols,
Confirm; a click on a location the engine does not offer says why, with the rule.

No scenario of the ruleset holds an air unit yet (12.1's order of battle has none; 12.2 and
12.4, which will, are not built), so the test brings a 12.1 game over the REST API to its
diplomacy step and then puts two fighters on the board as the engine tests do (a German
EINDKR at Metz, a French MS3 at Verdun), a bomber in the force pool and one due in
September. Everything after that is the real chain: the engine opens the aviation phase
(BoP 6.31) and the orders under test are clicks.
"""

from __future__ import annotations

import pytest

from boardgame.play.models import Game
from tests.browser.flows import bop_table, open_game
from tests.browser.unit_first import Api, advance, click_hex, drawn, game_id, wait_orders

pytestmark = [pytest.mark.browser, pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

CENTRAL = ("germany", "austria_hungary")
ENTENTE = ("france", "russia", "britain")
METZ, VERDUN, FAR = "11,18", "9,18", "7,19"     # FAR (Reims, Épernay): 4 hexes from Metz, EINDKR flies 3
PATROL_TO = "10,18"                              # 1 hex from Metz, 1 from Verdun


def air_decision(page) -> dict | None:
    return page.evaluate("""() => { const d = window.salient.orders.decision;
        return d && d.kind.startsWith('air_') ? {id: d.id, kind: d.kind, seats: d.seats,
          options: d.options || [], editor: !!window.salient.orders.editor} : null; }""")


def air_at(page, uid: str) -> str | None:
    return page.evaluate("(u) => (window.salient.store.view.board.air[u] || {}).at || null", uid)


def with_air_units(gid: int) -> None:
    """The fighters, the pool's bomber and September's arrival, put on the stored board."""
    game = Game.objects.get(pk=gid)
    state = game.state
    assert state["flow"]["step"] == "diplomacy" and state["board"]["air"] == {}
    state["board"]["air"] = {"fra-air-ms3": {"at": VERDUN, "steps": 2, "patrol": False},
                             "ger-air-eindkr": {"at": METZ, "steps": 2, "patrol": False}}
    state["board"]["air_pool"] = ["rus-air-ilyam"]
    state["board"]["air_due"] = {"1914-09": ["ger-air-zeppelin"]}
    Game.objects.filter(pk=gid).update(state=state)


def test_bop_6_311_air_patrol_given_by_clicking_the_fighter_then_its_patrol_hex(site, new_context):
    central, entente, url = bop_table(site, new_context, names=("richthofen", "guynemer"),
                                      title="Air war 1914")
    gid = game_id(url)
    apis = {seat: Api(central, site, gid) for seat in CENTRAL}
    apis.update({seat: Api(entente, site, gid) for seat in ENTENTE})
    advance(apis, lambda v: v["flow"]["step"] == "diplomacy")
    with_air_units(gid)
    advance(apis, lambda v: any(d["kind"] == "air_patrol" for d in v["decisions"].values()))
    for page in (central, entente):
        open_game(page, url)
        wait_orders(page)

    # 1.322: both fighters are counters on both pages, with their values and an "air" badge
    for page in (central, entente):
        drawn_units = page.evaluate("""() => window.salient.orders.adapter.units(window.salient.store.view)
            .filter((u) => u.symbol === 'air').map((u) => [u.id, u.hex, u.factors, u.classes])""")
        assert drawn_units == [["fra-air-ms3", VERDUN, "2-8-3", "bop-air"],
                               ["ger-air-eindkr", METZ, "4-9-3", "bop-air"]]
        badges = page.evaluate("""() => [...document.querySelectorAll('.layer-marks .mark-bop-air')]
            .map((g) => g.dataset.hex).sort()""")
        assert badges == sorted([VERDUN, METZ])
        # 5.1, 6.223: the pool and what is due, on the turn track
        facts = page.locator(".track-facts").inner_text()
        assert "Air force pool" in facts and "Russia: ILYAM bomber" in facts, facts
        assert "Air units due" in facts and "September 1914: Germany: ZEPPELIN" in facts, facts

    # 6.311: the Central Powers fly first — Germany's patrol decision, answered in the air editor
    decision = air_decision(central)
    assert decision and decision["kind"] == "air_patrol" and decision["seats"] == ["germany"]
    assert decision["editor"], "the air decision is not answered on the map"
    assert air_decision(entente) is None
    offered = {o["to"] for o in decision["options"] if "to" in o}
    assert PATROL_TO in offered and FAR not in offered
    # the only fighter is picked already: its patrol locations are lit
    assert METZ in drawn(central, "selected")
    assert PATROL_TO in drawn(central, "option")
    assert FAR not in drawn(central, "option")

    # a location beyond its radius: the engine says why, with the rule
    click_hex(central, FAR)
    central.wait_for_function("""() => { const w = document.getElementById('why-not');
        return w && !w.textContent.includes('Asking'); }""")
    why = central.locator("#why-not").inner_text()
    far = central.evaluate("(h) => window.salient.orders.adapter.where(h)", FAR)
    assert f"Why not {far}?" in why and f"EINDKR cannot fly on patrol to {far}" in why, why
    assert "BoP 6.31" in why, why
    assert "{" not in why, why          # the engine's quoted order is said in words
    assert FAR in drawn(central, "refused")
    assert air_at(central, "ger-air-eindkr") == METZ          # nothing was sent

    # put it down (Esc), click the counter again, then its patrol location, Confirm
    central.keyboard.press("Escape")
    central.wait_for_function("() => !window.salient.orders.editor.selected")
    assert METZ in drawn(central, "origin")
    click_hex(central, METZ)
    central.wait_for_function("() => window.salient.orders.editor.selected === 'ger-air-eindkr'")
    click_hex(central, PATROL_TO)
    central.wait_for_selector("#pending-order")
    assert "flies on patrol: Metz" in central.locator("#pending-order").inner_text()
    central.click("#confirm")

    for page in (central, entente):
        page.wait_for_function("(h) => (window.salient.store.view.board.air['ger-air-eindkr'] || {}).at === h",
                               arg=PATROL_TO)
    assert central.evaluate("() => window.salient.store.view.board.air['ger-air-eindkr'].patrol") is True
    # the log says it in words; the turn passes to the Entente (6.311: the sides alternate)
    entente.wait_for_function("() => document.getElementById('log').textContent.includes('patrolled Metz')")
    wait_orders(entente)
    decision = air_decision(entente)
    assert decision and decision["kind"] == "air_patrol" and decision["seats"] == ["france"]
    assert VERDUN in drawn(entente, "selected")   # the MS3, France's only fighter
