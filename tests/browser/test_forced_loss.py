"""BoP 10.712 in the browser: a loss the rules leave no choice about is answered with one click
(issue #18; the review's "Lose a fortress step at Liège" still needed a choice and a Confirm).
The server must still receive the answer — the kernel waits on the decision, and the seat may
be held by another user who should see what happens — so the page does not answer by itself;
it says there is nothing to choose, why, and sends the one listed loss with one click. The
position is real: a 12.1 game played by the level-2 bots from a fixed seed until a side owes a
loss that only a fortress step can take. The reaction card over it says the seat must answer,
not that it may react."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.browser]


def forced_loss_position():
    from engine import rulesets
    from engine.bots import bot_for, bot_turn
    from engine.kernel import apply, decisions, expand_options, new_game, view
    ruleset = rulesets.get("balance_of_powers")
    scenario = "before-the-leaves-fall"
    seats = [s["id"] for s in ruleset.scenario(scenario)["seats"]]
    seed = bytes(32)
    state, _ = new_game(ruleset, scenario, {}, seats, seed, "bop-loss")
    players = {p: bot_for(ruleset, scenario, 2) for p in seats}
    for _ in range(400):
        d = decisions(ruleset, state)[0]
        if d.kind == "loss" and d.options is not None and len(d.options) == 1:
            seat = d.seats[0]
            return (view(ruleset, state, f"seat:{seat}"), d.to_json(),
                    expand_options(ruleset, state, seat, d.id, None), seat)
        move = bot_turn(ruleset, state, d.seats[0], players[d.seats[0]], game_uid="bop-loss")
        state = apply(ruleset, state, move.seat, move.decision, move.action, seed=seed).state
    raise AssertionError("no loss with a single legal answer in 400 steps")


def test_forced_loss_bop_10_712_one_listed_loss_is_sent_with_one_click(module_page):
    view, decision, items, seat = forced_loss_position()
    assert decision["reaction"] and len(items) == 1, (decision, items)
    module_page.evaluate("""async ([view, decision, items, seat]) => {
        const { BalanceOfPowersAdapter } = await import('/frontend/game/rulesets/balance_of_powers.js');
        const { BopLossPicker } = await import('/frontend/game/rulesets/bop_losses.js');
        const { renderReaction } = await import('/frontend/game/panels/reaction.js');
        const adapter = new BalanceOfPowersAdapter({ seats: [] });
        const store = { view, clock: null, result: null };
        const orders = { store, status: 'ready', decision, seat, pending: null, sent: [], consequence: null,
          entries: items.map((item, index) => ({ item, index, p: adapter.present(decision, item, view) })),
          previews: new Map(), describePending() { return this.pending ? this.pending.p.label : ''; },
          changed() { renderReaction(root, { store, orders, adapter }); },
          pick(index) { this.pending = this.entries.find((e) => e.index === index); this.status = 'confirm'; },
          confirm() { this.sent.push(this.pending.item.action); this.status = 'sending'; this.changed(); },
          cancel() { this.pending = null; } };
        const root = document.createElement('div');
        document.body.append(root);
        orders.editor = new BopLossPicker(adapter, decision);
        orders.editor.attach(orders);
        window.forced = orders;
        orders.changed();
    }""", [view, decision, items, seat])
    head = module_page.inner_text(".reaction-head")
    assert "must answer" in head and "may react" not in head, head
    said = module_page.inner_text("#forced-answer")
    assert "Nothing to choose" in said and "BoP 10.712" in said, said
    assert module_page.locator("#confirm").count() == 0      # no pick-then-Confirm
    module_page.click("#forced-confirm")                      # the one click
    sent = module_page.evaluate("() => window.forced.sent")
    assert sent == [items[0]["action"]], sent
    assert module_page.locator("#forced-confirm").is_disabled()
