"""Unit-first orders (issue #18): the index of what each open decision concerns never hides an
order the decision offers — every unit an offered order names is in its decision's `concerns`,
every attack's target in its places — and only the decision's holders see it."""

from __future__ import annotations

import pytest

from engine import kernel, rulesets
from engine.kernel.selfplay import Chooser

FA = rulesets.get("fatal_alliances")
UNIT_FIELDS = ("unit", "units", "hq", "destroy", "break", "build_up", "to_reserve",
               "hq_benefit", "flip_hq")


def _units(action):
    found = []
    for key in UNIT_FIELDS:
        value = action.get(key)
        found += value if isinstance(value, list) else [value] if isinstance(value, str) else []
    return found


@pytest.mark.parametrize("scenario,steps", [("east-prussia-1914", 150), ("campaign-1914", 60)])
def test_fa_11_every_offered_order_is_indexed_by_its_units_and_places(scenario, steps):
    seats = [s["id"] for s in FA.scenario(scenario)["seats"]]
    seed = bytes(range(32))
    state, _ = kernel.new_game(FA, scenario, {}, seats, seed, "unit-first")
    chooser = Chooser(11, 0)
    kinds = set()
    for _ in range(steps):
        if kernel.result(FA, state) is not None:
            break
        open_now = kernel.decisions(FA, state)
        for decision in open_now:
            seat = decision.seats[0]
            about = FA.concerns(state, seat, decision)
            units = set(about.get("units", []))
            on_map = {u for u, v in state["board"]["units"].items() if v.get("hex")}
            for item in kernel.expand_options(FA, state, seat, decision.id, None):
                action = item["action"]
                assert set(_units(action)) & on_map <= units, (decision.id, action, about)
                if decision.kind == "land_attack" and "target" in action:
                    assert action["target"] in about["places"]
                    kinds.add("attack indexed")
            kinds.add(decision.kind)
            entry = kernel.view(FA, state, f"seat:{seat}")["decisions"][decision.id]
            assert entry.get("concerns", {}) == about
            assert "concerns" not in kernel.view(FA, state, "public")["decisions"][decision.id]
        decision = open_now[chooser.index(len(open_now))]
        seat = decision.seats[0]
        items = kernel.expand_options(FA, state, seat, decision.id, None)
        action = items[chooser.index(len(items))]["action"]
        state = kernel.apply(FA, state, seat, decision.id, action, seed=seed).state
    assert {"land_move", "rail_move"} <= kinds, kinds
    if scenario == "east-prussia-1914":
        assert "attack indexed" in kinds, kinds
