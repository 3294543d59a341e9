"""BoP 3.1 — the supply status the rules judge shows in every audience's view (the browser's
hover reads it): every unit's supply now, as a force starting a move would be judged (9.21);
BoP is open information (2.68), so every audience sees the same."""

from __future__ import annotations

from engine import kernel, rulesets
from engine.kernel.selfplay import Chooser
from engine.rulesets.balance_of_powers import supply

SEED = bytes(range(32))


def test_bop_3_1_supply_status_is_in_the_view():
    bop = rulesets.get("balance_of_powers")
    seats = [s["id"] for s in bop.scenario("before-the-leaves-fall")["seats"]]
    state, _ = kernel.new_game(bop, "before-the-leaves-fall", {}, seats, SEED, "g-supply")
    chooser = Chooser(3, 0)
    for _ in range(400):
        if state["flow"]["step"] == "half":
            break
        decision = kernel.decisions(bop, state)[0]
        seat = decision.seats[0]
        items = kernel.expand_options(bop, state, seat, decision.id, None)
        action = items[chooser.index(len(items))]["action"]
        state = kernel.apply(bop, state, seat, decision.id, action, seed=SEED).state
    assert state["flow"]["step"] == "half", "the campaign began"
    judged = supply.move_supply(state)
    assert set(judged) == set(state["board"]["units"]) and judged
    for audience in kernel.audiences(bop, state):
        assert kernel.view(bop, state, audience)["flow"]["supplied"] == judged
