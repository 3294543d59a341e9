"""BoP's war at sea, timed (issue #21): a whole side's naval moves listed, and one naval battle
resolved, in 12.6's opening position (figures, not assertions; medians of repeated runs).

- `naval_options`: the `options` answer of Germany's `naval_move` decision at the start — every
  stack's every reachable location with its NMP (7.2, 7.5), as the game page asks for it;
- `naval_battle`: the `apply` of Beatty's force sailing into the High Seas Fleet's hex in the
  North Sea, which resolves the searches and, when one finds, the surface battle (8.2, 8.3)
  and the return-to-port checks in that one step, with a different game seed each time.
"""

from __future__ import annotations

import statistics
import time
from typing import Any

from engine import kernel, rulesets

MEET = "10,6"                       # hex 1011 of the North Sea, in reach of both fleets
HIGH_SEAS_FLEET = ["ger-bb1", "ger-bb2", "ger-bb3", "ger-bb4", "ger-bc1", "ger-cl1", "ger-cl2",
                   "ger-pd1", "ger-pd2"]
BEATTY = ["bri-bb6", "bri-bb7", "bri-bc1", "bri-bc2", "bri-cl1"]


def _open(ruleset: kernel.Ruleset, state: dict[str, Any], kind: str, seat: str) -> Any:
    return next(d for d in kernel.decisions(ruleset, state) if d.kind == kind and seat in d.seats)


def run(repeats: int = 30) -> dict[str, Any]:
    ruleset = rulesets.get("balance_of_powers")
    listing: list[float] = []
    battle: list[float] = []
    items = 0
    for n in range(repeats):
        seed = n.to_bytes(2, "big") * 16
        state, _ = kernel.new_game(ruleset, "price-of-admiralty", {}, ["britain", "germany"],
                                   seed, f"naval{n}")
        move = _open(ruleset, state, "naval_move", "germany")
        started = time.perf_counter()
        items = len(kernel.expand_options(ruleset, state, "germany", move.id, None))
        listing.append(time.perf_counter() - started)
        state = kernel.apply(ruleset, state, "germany", move.id,
                             {"units": HIGH_SEAS_FLEET, "to": MEET}, seed=seed).state
        done = _open(ruleset, state, "done", "germany")
        state = kernel.apply(ruleset, state, "germany", done.id, {"done": True}, seed=seed).state
        move = _open(ruleset, state, "naval_move", "britain")
        started = time.perf_counter()
        kernel.apply(ruleset, state, "britain", move.id, {"units": BEATTY, "to": MEET}, seed=seed)
        battle.append(time.perf_counter() - started)

    def ms(samples: list[float]) -> dict[str, float]:
        ordered = sorted(samples)
        return {"median_ms": round(statistics.median(ordered) * 1000, 2),
                "p95_ms": round(ordered[max(0, int(len(ordered) * 0.95) - 1)] * 1000, 2)}
    return {"scenario": "price-of-admiralty", "repeats": repeats,
            "naval_options": {**ms(listing), "items": items}, "naval_battle": ms(battle)}


if __name__ == "__main__":
    import json
    print(json.dumps(run(), indent=1))
