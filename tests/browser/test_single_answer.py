"""Issue #18: a decision that lists exactly one legal answer is sent with one click, under
"Nothing to choose" and its rule, without a separate Confirm (`frontend/game/panels/single.js`).
The review: "Forced single options … still need a choice and a Confirm". BoP's forced loss has
its own picker (test_forced_loss.py); this covers every other decision, of any ruleset.

The position is real: Fatal Alliances' 1914 campaign played by the level-1 bots from a fixed
seed until a power's only open decision lists one answer (FA 10.1: the impulse's action, when
only a pass is left).
The page's own Orders, Store and decision panel render it; the socket records what is sent."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.browser]


def lone_single_answer():
    from engine import rulesets
    from engine.bots import bot_for, bot_turn
    from engine.kernel import apply, decisions, new_game, view
    ruleset = rulesets.get("fatal_alliances")
    scenario = "campaign-1914"
    seats = [s["id"] for s in ruleset.scenario(scenario)["seats"]]
    seed = bytes(32)
    state, _ = new_game(ruleset, scenario, {}, seats, seed, "fa-single")
    players = {p: bot_for(ruleset, scenario, 1) for p in seats}
    for _ in range(100):
        open_ = decisions(ruleset, state)
        for d in open_:
            theirs = [x for x in open_ if set(x.seats) & set(d.seats)]
            if d.options is not None and len(d.options) == 1 and len(theirs) == 1 and not d.reaction:
                return view(ruleset, state, f"seat:{d.seats[0]}"), d.seats[0], d.id, d.options[0]
        d = open_[0]
        move = bot_turn(ruleset, state, d.seats[0], players[d.seats[0]], game_uid="fa-single")
        state = apply(ruleset, state, move.seat, move.decision, move.action, seed=seed).state
    raise AssertionError("no lone single-answer decision in 100 steps")


def test_single_answer_fa_10_1_one_legal_answer_is_sent_with_one_click(module_page):
    view, seat, decision_id, action = lone_single_answer()
    module_page.evaluate("""async ([view, seat]) => {
        const { adapterFor } = await import('/frontend/game/rulesets/index.js');
        const { renderDecision } = await import('/frontend/game/panels/decision.js');
        const { Orders } = await import('/frontend/game/orders.js');
        const { Store } = await import('/frontend/game/store.js');
        const store = new Store();
        store.view = view;
        store.v = 1;
        store.mySeats = [seat];
        const sent = [];
        const socket = { act: async (s, d, a) => { sent.push([s, d, a]); }, options: async () => [] };
        const adapter = adapterFor('fatal_alliances', { seats: [] });
        const orders = new Orders({ store, socket, adapter });
        orders.ask = async () => { throw new Error('no preview here'); };
        const root = document.createElement('div');
        root.id = 'decision';
        document.body.replaceChildren(root);
        let clicks = 0;
        document.addEventListener('pointerdown', () => { clicks += 1; }, true);
        orders.addEventListener('change', () => renderDecision(root, { store, orders, adapter }));
        orders.sync();
        window.single = { orders, sent, clicks: () => clicks };
    }""", [view, seat])
    module_page.wait_for_selector("#single-send")
    said = module_page.inner_text("#single-answer")
    assert "Nothing to choose" in said and "FA 10.1" in said, said
    assert module_page.locator("#confirm").count() == 0           # no pick-then-Confirm
    module_page.click("#single-send")                              # the one click
    module_page.wait_for_function("() => window.single.sent.length > 0")
    sent = module_page.evaluate("() => window.single.sent")
    assert sent == [[seat, decision_id, action]], sent
    assert module_page.evaluate("() => window.single.clicks()") == 1
