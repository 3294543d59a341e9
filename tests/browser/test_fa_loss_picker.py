"""FA 11.12.5.4 in the browser: losses are picked unit by unit (frontend/game/rulesets/
fa_losses.js), on the engine's own data — a real East Prussia position, reached by the
level-2 bots from a fixed seed, where Russia must take the attacker's loss. The picker shows
the units the listed allocations name, keeps a tally, and makes a marked set the pending
order only when the server listed it; anything else says why and cannot be confirmed."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.browser]


def losses_position():
    from engine import rulesets
    from engine.bots import bot_for, bot_turn
    from engine.kernel import apply, decisions, expand_options, new_game, view
    ruleset = rulesets.get("fatal_alliances")
    seed = bytes(32)
    state, _ = new_game(ruleset, "east-prussia-1914", {}, ["germany", "russia"], seed, "fa-loss")
    players = {p: bot_for(ruleset, "east-prussia-1914", 2) for p in ("germany", "russia")}
    for _ in range(400):
        d = decisions(ruleset, state)[0]
        if d.kind == "combat_losses" and len(d.options) > 3:
            seat = d.seats[0]
            return (view(ruleset, state, f"seat:{seat}"), d.to_json(),
                    expand_options(ruleset, state, seat, d.id, None))
        move = bot_turn(ruleset, state, d.seats[0], players[d.seats[0]], game_uid="fa-loss")
        state = apply(ruleset, state, move.seat, move.decision, move.action, seed=seed).state
    raise AssertionError("no loss choice with several allocations in 400 steps")


def test_loss_picker_fa_11_12_5_4_confirms_only_a_listed_allocation(module_page):
    view, decision, items = losses_position()
    got = module_page.evaluate("""async ([view, decision, items]) => {
        const { FatalAlliancesAdapter } = await import('/frontend/game/rulesets/fatal_alliances.js');
        const adapter = new FatalAlliancesAdapter({ map: 'fa-east-prussia', seats: [] });
        const orders = { store: { view }, status: 'ready', decision, pending: null,
          entries: items.map((item, index) => ({ item, index, p: adapter.present(decision, item, view) })),
          previews: new Map(), changed() {}, describePending() { return this.pending ? this.pending.p.label : ''; } };
        const picker = adapter.editor(decision, orders);
        picker.attach(orders);
        const out = { editor: !!picker, pendingAtStart: orders.pending, tallyAtStart: picker.tally(),
                      candidates: picker.candidates().ids, hexes: picker.highlights().map(h => h.hex) };
        // Mark the units of each listed allocation: exactly that entry becomes pending.
        out.matched = [];
        for (const e of orders.entries) {
          picker.cancel();
          for (const id of e.item.action.destroy || []) picker.toggle(id, 'destroy');
          if (e.item.action.break) picker.toggle(e.item.action.break, 'break');
          if (e.item.action.keep) picker.setKeep(e.item.action.keep);
          out.matched.push(orders.pending ? orders.pending.index : null);
        }
        // Every candidate destroyed at once is more than the fewest that cover the loss.
        picker.cancel();
        for (const id of picker.candidates().ids) picker.toggle(id, 'destroy');
        out.overPending = orders.pending;
        out.overProblem = picker.problem();
        picker.cancel();
        out.emptyProblem = picker.problem();
        // The panel draws one row per candidate and the whole list behind a summary.
        const box = document.createElement('div');
        box.append(...picker.panel());
        out.rows = box.querySelectorAll('.loss-row').length;
        out.listed = box.querySelectorAll('#loss-list button.choice').length;
        return out;
    }""", [view, decision, items])
    assert got["editor"] and got["pendingAtStart"] is None
    assert got["tallyAtStart"].startswith("Marked: 0 of ")
    named = {uid for item in items for uid in (item["action"]["destroy"] or [])} | {
        item["action"]["break"] for item in items if item["action"].get("break")}
    assert set(got["candidates"]) == named
    assert set(got["hexes"]) == {view["board"]["units"][uid]["hex"] for uid in named}
    assert got["matched"] == list(range(len(items)))
    assert got["overPending"] is None and "Not one of the legal allocations" in got["overProblem"]
    assert "more units' worth to mark" in got["emptyProblem"]
    assert got["rows"] == len(named) and got["listed"] == len(items)
