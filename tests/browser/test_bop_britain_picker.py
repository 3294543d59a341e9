"""BoP 12.1 in the browser: Britain's entry picked on the map (issue #18,
frontend/game/rulesets/bop_britain.js), on the engine's own data — the real August 1914 after
Germany violates Belgium, when Britain joins and must place its first corps. The picker lights
the French ports and Britain's hexes the listed answers name; a port and a home clicked make
the listed pair the pending order; a click on Paris asks the engine why and shows its answer
(the kernel's explain on that position) with the rule."""

from __future__ import annotations

import json

import pytest

pytestmark = [pytest.mark.browser]


def britain_position():
    from engine.kernel import decisions, view
    from engine.kernel.inquiry import explain
    from engine.rulesets.balance_of_powers.ruleset import RULESET
    from tests.engine.balance_of_powers.test_12_scenario import TH, act, set_up, start
    state = set_up(start())
    violate = next(d for d in decisions(RULESET, state)
                   if d.kind == "violate" and "germany" in d.seats)
    state = act(state, violate, {"violate": "belgium"})
    britain = next(d for d in decisions(RULESET, state) if d.kind == "britain_setup")
    paris = TH.place_loc["paris"]
    london = TH.place_loc["london"]
    # the picker asks with the first home listed until one is clicked
    asked = {"port": paris, "home": sorted({o["home"] for o in britain.options})[0]}
    answer = explain(RULESET, state, "britain", britain.id, asked, "seat:britain")
    return (view(RULESET, state, "seat:britain"), britain.to_json(), paris, london,
            {json.dumps(asked, sort_keys=True, separators=(",", ":")): answer})


PICKER_JS = """async ([view, decision, paris, london, answers]) => {
    const { BalanceOfPowersAdapter } = await import('/frontend/game/rulesets/balance_of_powers.js');
    const bop = new BalanceOfPowersAdapter({ seats: [] });
    bop.map = { hexes: {}, boxes: {} };
    const asked = [];
    const orders = { decision, seat: 'britain', status: 'ready', pending: null, store: { view },
      changed() {}, describePending() { return this.pending ? this.pending.p.label : ''; },
      pick(index) { this.pending = this.entries.find((e) => e.index === index); this.status = 'confirm'; },
      async ask(question, seat, id, action) { asked.push(action);
        const key = JSON.stringify(Object.fromEntries(Object.entries(action).sort()));
        return answers[key] || { legal: false, code: 'unknown', message: key }; } };
    orders.entries = decision.options.map((action, index) => ({ item: { action }, index, p: bop.present(decision, { action }, view) }));
    const picker = bop.editor(decision);
    picker.attach(orders);
    const lit = picker.highlights().filter((x) => x.kind === 'option').map((x) => x.hex);
    const ports = picker.ports(), homes = picker.homes();
    picker.clickHex(paris);
    await new Promise((r) => setTimeout(r, 0));
    const why = picker.why && { message: picker.why.message, rule: picker.why.rule, code: picker.why.code };
    const port = ports.find((p) => p !== paris);
    picker.clickHex(port);
    const halfway = orders.pending;
    picker.clickHex(london);
    const box = document.createElement('div');
    box.append(...picker.panel().filter(Boolean));
    return { editor: picker.constructor.name, lit, ports, homes, why, asked, port, halfway,
             pending: orders.pending && orders.pending.item.action, text: box.textContent };
}"""


def test_bop_12_1_britain_entry_picked_as_a_port_and_a_home_on_the_map(module_page):
    view, decision, paris, london, answers = britain_position()
    got = module_page.evaluate(PICKER_JS, [view, decision, paris, london, answers])
    assert got["editor"] == "BritainPicker"
    listed = decision["options"]
    assert set(got["ports"]) == {o["port"] for o in listed}
    assert set(got["homes"]) == {o["home"] for o in listed} and london in got["homes"]
    assert set(got["ports"]) | set(got["homes"]) <= set(got["lit"]) | {london}
    # Paris is no port: the engine's reason, with its rule (not a guess of the page)
    assert got["asked"] == [{"port": paris, "home": got["homes"][0]}]
    assert got["why"]["rule"] == "BoP 12.1", (got["why"], answers)
    assert got["why"]["code"] == "not_a_french_port"
    assert "is not a French port" in got["why"]["message"]
    # a port alone is not an order; the port and a home are exactly a listed pair
    assert got["halfway"] is None
    assert got["pending"] == {"port": got["port"], "home": london}
    assert got["pending"] in listed
    assert "Port: " in got["text"] and "Confirm" in got["text"]
