"""FA's war at sea, timed (issue #22): a side's naval move options, and one naval move that is
intercepted and fought, in the 1914 campaign on the full fa-europe map (figures, not
assertions; medians of repeated runs).

The positions are reached by the real chain, not built by hand: a seeded random selfplay of
the campaign (the version fixtures' chooser) is played to the first moment the Entente's
`naval_move` decisions are open with Britain's among them (for the listing), and on to the first in which one of its
naval orders ends in a sea area where a Central power has a face-up ship at sea in section 2
or higher (so 11.3.5's interception can be tried with a fair chance of success).

- `naval_options`: the `options` answer of every `naval_move` decision open at the first moment
  (each of the side's powers moving at sea: every task force, every reachable section or port,
  transports with cargo, convoy orders), as the game page asks for them;
- `interception`: the `apply` chain of that naval order — the move, the enemy's interception
  try (a d10 against the search number, 11.3.5.1), the mover fighting through (11.3.5.4) and
  the naval combat rounds (11.4) to the end of the procedure, with a different game seed each
  time; `combats` counts the runs whose roll succeeded and led to a combat.
"""

from __future__ import annotations

import json
import statistics
import time
from typing import Any

from engine import kernel, rulesets
from engine.kernel.selfplay import Chooser, game_seed
from engine.rulesets.fatal_alliances.fleets import fleets
from engine.rulesets.fatal_alliances.interception import may_intercept

SCENARIO = "campaign-1914"
RUN_SEED = 7           # the chooser and game seed of scripts/version_fixture.py
MAX_STEPS = 2500       # how far the selfplay may go looking for the moment (on FA 27's
                       # rules of 2026-11-29 the interceptable order comes at step 1,897)
LISTED = "britain"     # the listing waits for the Grand Fleet's power to be moving at sea
MIN_SECTION = 2        # the enemy's highest section in the area entered, for a fair chance


def _choices(ruleset: kernel.Ruleset, state: dict[str, Any], seat: str, d: Any) -> list[Any]:
    if d.options is not None:
        return list(d.options)
    return [item["action"] for item in ruleset.options(state, seat, d, None)]


def _intercept_order(ruleset: kernel.Ruleset, state: dict[str, Any],
                     d: Any) -> dict[str, Any] | None:
    """The naval order of the decision's power ending where an enemy may try to intercept,
    the enemy's highest section there being the highest (the best odds of a combat)."""
    power = d.seats[0]
    ships = fleets(state)
    best: tuple[int, dict[str, Any]] | None = None
    for order in _choices(ruleset, state, power, d):
        if not isinstance(order, dict) or "units" not in order or "to_area" not in order:
            continue
        start = ships[order["units"][0]].get("area") or ""
        who = may_intercept(state, power, order["units"], start, order["to_area"])
        if not who:
            continue
        high = max(sh["section"] for sh in ships.values()
                   if sh.get("area") == order["to_area"] and sh["power"] in who)
        if best is None or high > best[0]:
            best = (high, order)
    # a SUB alone low in the sea-box seldom finds (11.3.5.1): wait for better odds
    return None if best is None or best[0] < MIN_SECTION else best[1]


def reach(ruleset: kernel.Ruleset) -> tuple[dict[str, Any], dict[str, Any], Any,
                                           dict[str, Any], int]:
    """The two moments of one seeded selfplay: (the first state with the Entente's naval moves
    open, the first state with an interceptable Entente order, that order's decision, the
    order, selfplay steps to the second)."""
    definition = ruleset.scenario(SCENARIO)
    seats = sorted(seat["id"] for seat in definition["seats"])
    seed = game_seed(RUN_SEED, 0)
    chooser = Chooser(RUN_SEED, 0)
    state, _ = kernel.new_game(ruleset, SCENARIO, {}, seats, seed, "bench-fa-naval")
    listing: dict[str, Any] | None = None
    for step in range(MAX_STEPS):
        open_now = kernel.decisions(ruleset, state)
        for d in open_now:
            if d.kind == "naval_move" and state["kernel"]["sides"][d.seats[0]] == "entente":
                if d.seats[0] == LISTED:
                    listing = listing or state
                order = _intercept_order(ruleset, state, d)
                if order is not None and listing is not None:
                    return listing, state, d, order, step
        if not open_now:
            break
        d = open_now[chooser.index(len(open_now))]
        seat = d.seats[chooser.index(len(d.seats))]
        choices = _choices(ruleset, state, seat, d)
        state = kernel.apply(ruleset, state, seat, d.id, choices[chooser.index(len(choices))],
                             seed=seed).state
    raise RuntimeError("no British naval move, or no interceptable one, within reach")


# The answers that carry the procedure on: try to intercept (with the SUBs where offered),
# fight through, then the first
# option of whatever the combat asks (commitments, losses, retreats).
PREFERRED = ({"intercept": True, "subs": True}, {"intercept": True, "subs": False},
             {"fight": True})


def _intercept_and_fight(ruleset: kernel.Ruleset, state: dict[str, Any], d: Any,
                         order: dict[str, Any], seed: bytes) -> bool:
    """The move and every answer until the mover's naval move is open again; True when a
    naval combat was fought."""
    fought = False
    outcome = kernel.apply(ruleset, state, d.seats[0], d.id, order, seed=seed)
    for _ in range(200):
        state = outcome.state
        fought = fought or any(e.kind.startswith("naval_round") for e in outcome.events)
        open_now = kernel.decisions(ruleset, state)
        if not open_now or any(o.kind == "naval_move" for o in open_now):
            break
        nxt = open_now[0]
        seat = nxt.seats[0]
        choices = _choices(ruleset, state, seat, nxt)
        action = next((c for c in PREFERRED if c in choices), choices[0])
        outcome = kernel.apply(ruleset, state, seat, nxt.id, action, seed=seed)
    return fought


def run(repeats: int = 20) -> dict[str, Any]:
    ruleset = rulesets.get("fatal_alliances")
    listed, state, move, order, steps = reach(ruleset)
    side_moves = [d for d in kernel.decisions(ruleset, listed) if d.kind == "naval_move"]
    listing: list[float] = []
    chain: list[float] = []
    items = 0
    combats = 0
    for n in range(repeats):
        started = time.perf_counter()
        items = sum(len(kernel.expand_options(ruleset, listed, d.seats[0], d.id, None))
                    for d in side_moves)
        listing.append(time.perf_counter() - started)
        seed = n.to_bytes(2, "big") * 16
        started = time.perf_counter()
        combats += _intercept_and_fight(ruleset, state, move, order, seed)
        chain.append(time.perf_counter() - started)

    def ms(samples: list[float]) -> dict[str, float]:
        ordered = sorted(samples)
        return {"median_ms": round(statistics.median(ordered) * 1000, 2),
                "p95_ms": round(ordered[max(0, int(len(ordered) * 0.95) - 1)] * 1000, 2)}
    def when(at: dict[str, Any]) -> str:
        return f"turn {at['flow']['turn']}, impulse {at['flow']['impulse']}"
    return {"scenario": SCENARIO, "repeats": repeats,
            "naval_options": {**ms(listing), "items": items, "at": when(listed),
                              "powers": sorted(d.seats[0] for d in side_moves)},
            "interception": {**ms(chain), "at": when(state), "selfplay_steps": steps,
                             "order": order, "combats": combats}}


if __name__ == "__main__":
    print(json.dumps(run(), indent=1))
