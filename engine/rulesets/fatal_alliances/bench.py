"""Figures for bench/: how long legal-option generation takes (no assertions about time).

    from engine.rulesets.fatal_alliances.bench import bench_figures
    bench_figures()  # {"campaign_side_land_moves_ms": …, …}

The engine may not import `time`, so the caller passes the clock:
`bench_figures(time.perf_counter)` from bench/. Without a clock only the item counts are
reported.
"""

from __future__ import annotations

from typing import Any, Callable

from engine.kernel import new_game

from . import RULESET
from .orders import attack_items, move_items, rail_items
from .supply import supplied_hexes

CAMPAIGN_SEATS = ["austria_hungary", "britain", "france", "germany", "italy", "ottoman",
                  "russia", "usa"]


def _campaign_state() -> dict[str, Any]:
    seed = b"\7" * 32
    state, _ = new_game(RULESET, "campaign-1914", {}, CAMPAIGN_SEATS, seed, "bench")
    # Pass the turn-start breakdown step (FA 21.2) so the first impulse is open.
    from engine.kernel import apply, decisions
    while (open_now := [d for d in decisions(RULESET, state) if d.kind == "breakdown"]):
        d = open_now[0]
        state = apply(RULESET, state, d.seats[0], d.id, {"done": True}, seed=seed).state
    # Open the war in the west so every power has moves: all majors active, at war.
    from .campaign import declare_war
    for a, b in (("germany", "france"), ("germany", "russia"), ("austria_hungary", "serbia"),
                 ("germany", "belgium")):
        declare_war(state, a, b)
    state["board"]["aligned"].update(serbia="russia", belgium="france")
    state["flow"]["actions"] = {p: "land" for p in CAMPAIGN_SEATS}
    state["flow"]["used"] = {p: {} for p in CAMPAIGN_SEATS}
    return state


def bench_figures(clock: Callable[[], float] | None = None, repeat: int = 3) -> dict[str, Any]:
    """Median milliseconds of: one side's land moves (all units, all destinations) on the
    full map, one side's attack groupings with odds, one power's rail moves, and a supply
    trace for one power; with the number of items listed."""
    state = _campaign_state()
    figures: dict[str, Any] = {}

    def measure(name: str, fn: Callable[[], Any]) -> None:
        times = []
        size = 0
        for _ in range(repeat):
            from .position import _MEMO
            _MEMO.clear()
            t0 = clock() if clock else 0.0
            out = fn()
            times.append(((clock() - t0) if clock else 0.0) * 1000)
            size = len(out)
        times.sort()
        if clock:
            figures[f"{name}_ms"] = round(times[len(times) // 2], 1)
        figures[f"{name}_items"] = size

    central = ["germany", "austria_hungary"]
    measure("campaign_central_land_moves",
            lambda: [i for p in central for i in move_items(state, p)])
    measure("campaign_central_attacks",
            lambda: [i for p in central for i in attack_items(state, p)])
    measure("campaign_germany_rail", lambda: rail_items(state, "germany"))
    measure("campaign_supply_russia", lambda: supplied_hexes(state, "russia"))
    figures["campaign_units_on_map"] = sum(1 for u in state["board"]["units"].values()
                                           if u["hex"] is not None)
    return figures
