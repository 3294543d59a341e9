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
    assert "BoP 6.311" in why, why
    # the engine's reason (whynot_air), not a count of the offered locations
    assert "more than 3 hexes' flight from Metz" in why, why
    assert central.evaluate("() => document.getElementById('why-not').dataset.code") == "too_far"
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


AIR_VIEW = {"flow": {"step": "air_raids", "month": "1914-09"},
            "board": {"units": {}, "air": {"ger-air-zeppelin": {"at": "12,13", "steps": 2, "patrol": False},
                                           "ger-air-eindkr": {"at": "12,13", "steps": 1, "patrol": False}},
                      "air_pool": [], "air_due": {}}}

EDITOR_JS = """async ([view, kind, options, click]) => {
    const { BalanceOfPowersAdapter } = await import('/frontend/game/rulesets/balance_of_powers.js');
    const bop = new BalanceOfPowersAdapter({ seats: [] });
    bop.map = { hexes: {}, boxes: {} };   // an editor needs a map: the locations are hexes
    const decision = { id: 'd1', kind, seats: ['germany'], options, rule: 'BoP' };
    const asked = [];
    const orders = { decision, seat: 'germany', status: 'ready', pending: null, store: { view },
      changed() {}, pick(index) { this.pending = this.entries.find((e) => e.index === index); },
      async ask(question, seat, id, action) { asked.push([question, seat, id, action]);
        return { legal: false, code: 'not_an_option', rule: decision.rule,
                 message: JSON.stringify(action) + " is not one of the choices for 'x'." }; } };
    orders.entries = options.map((action, index) => ({ item: { action }, index, p: bop.present(decision, { action }, view) }));
    const editor = bop.editor(decision);
    editor.attach(orders);
    const before = { selected: editor.selected, lit: editor.highlights().map((x) => [x.hex, x.kind, x.text || '']) };
    editor.clickHex(click);
    await new Promise((r) => setTimeout(r, 0));
    const why = editor.why;
    editor.clickHex(options.map((o) => o.to || o.target || o.at).find(Boolean));
    return { before, asked, why, pending: orders.pending && orders.pending.p.label };
}"""


def test_bop_5_31_air_raid_editor_asks_the_engine_about_the_target_clicked(module_page):
    """5.31: a bomber's raid is picked on the map like a patrol (bomber, then target); a town it
    cannot raid is asked about as `{unit, target}`, the raid decision's own shape."""
    options = [{"done": True}, {"unit": "ger-air-zeppelin", "target": "9,13"},
               {"unit": "ger-air-zeppelin", "target": "10,12"}]
    got = module_page.evaluate(EDITOR_JS, [AIR_VIEW, "air_raid", options, "5,5"])
    assert got["before"]["selected"] == "ger-air-zeppelin"   # the only bomber with a raid
    assert got["before"]["lit"] == [["12,13", "selected", ""], ["9,13", "attack", "raid"],
                                    ["10,12", "attack", "raid"]]
    assert got["asked"] == [["explain", "germany", "d1", {"unit": "ger-air-zeppelin", "target": "5,5"}]]
    assert got["why"]["rule"] == "BoP" and got["why"]["code"] == "not_an_option"
    assert got["why"]["message"].startswith("Germany ZEPPELIN cannot raid 5,5: the engine offers it 2 locations")
    assert got["pending"] == "Germany ZEPPELIN raids 9,13 from 12,13"


def test_bop_6_21_air_muster_editor_offers_the_spots_of_the_arriving_unit(module_page):
    """6.21: an arriving air unit is not on the map: its muster spots are lit at once, and a
    click elsewhere is asked about as `{unit, at}`."""
    options = [{"unit": "ger-air-eindkrd", "at": "12,4"}, {"unit": "ger-air-eindkrd", "at": "11,6"}]
    got = module_page.evaluate(EDITOR_JS, [AIR_VIEW, "air_muster", options, "5,5"])
    assert got["before"]["selected"] == "ger-air-eindkrd"
    assert got["before"]["lit"] == [["12,4", "option", ""], ["11,6", "option", ""]]
    assert got["asked"] == [["explain", "germany", "d1", {"unit": "ger-air-eindkrd", "at": "5,5"}]]
    assert got["pending"] == "Muster Germany fighter EINDKRD at 12,4"


def test_bop_6_72_change_of_base_and_air_lines_read_in_words(module_page):
    """6.72, 6.224, 6.32: the change of base, an air repair, a dogfight's shot and its result as
    sentences; a damaged air unit's counter says so; a bomber's values are bombs."""
    got = module_page.evaluate("""async (view) => {
        const { BalanceOfPowersAdapter } = await import('/frontend/game/rulesets/balance_of_powers.js');
        const bop = new BalanceOfPowersAdapter({ seats: [] });
        const label = (kind, action) => bop.present({ kind }, { action }, view).label;
        return {
          base: label('air_base', { unit: 'ger-air-eindkr', to: '12,4' }),
          done: label('air_base', { done: true }),
          pass: label('air_patrol', { pass: true }),
          repair: label('procure', { repair_air: 'ger-air-eindkr' }),
          fire: bop.event({ kind: 'air_fire', data: { shooter: 'ger-air-eindkr', target: 'fra-air-ms3',
            dice: [3, 3], final: 10, evasion: 8, hit: true } }, view),
          destroyed: bop.event({ kind: 'air_destroyed', data: { unit: 'fra-air-ms3' } }, view),
          counters: bop.units(view).map((u) => [u.id, u.factors, u.classes, u.title]),
        };
    }""", AIR_VIEW)
    assert got["base"] == "Germany fighter EINDKR changes base: 12,13 → 12,4"
    assert got["done"] == "No more changes of base" and got["pass"] == "Pass (fly no fighter now)"
    assert got["repair"] == "Repair Germany fighter EINDKR (1 RP)"
    assert got["fire"] == ("Germany fighter EINDKR fired at France fighter MS3: 2d6 3 + 3, final 10 "
                           "against evasion 8: hit")
    assert got["destroyed"] == "France fighter MS3 destroyed (back to the force pool)"
    assert got["counters"] == [
        ["ger-air-eindkr", "4-9-3", "bop-air bop-air-damaged",
         "Germany fighter EINDKR (machine guns 4, evasion 9, radius 3) · damaged, 1 step"],
        ["ger-air-zeppelin", "1-11-6", "bop-air",
         "Germany ZEPPELIN (bombs 1, evasion 11, radius 6) · 2 steps"]]
