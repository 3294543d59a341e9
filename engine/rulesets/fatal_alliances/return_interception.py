"""FA 13.3 with 11.3.5 — the interception of task forces returning to base (version 29,
R-N64–R-N68).

When every power has decided (the initiative side first, steps.return_decisions), the waiting
orders (`flow.returns`, return_to_base.py) land one by one, the initiative side's first. Before
each lands, the enemy powers with a face-up unit staying at sea in its area may try to
intercept it: the impulse's machinery asks them (`naval_intercept`, interception.py: the same
askers, unit turned face-down, watch unit and roll, counting only units staying at sea). A
failed or declined attempt lets the order land; a success leaves the returning power no choice
to stop (13.3): the task force fights through from the 0 section at once (naval_combat.fight,
the interceptor's roll its first search, the task force always in the first round) with only
the units staying at sea beside it (every other waiting ship is withheld), then what is left
of it lands (return_to_base.land). A SUB task force is never intercepted (11.3.5).
"""

from __future__ import annotations

from typing import Any

from engine.kernel import Event, Roller

from .fleets import fleets
from .interception import answer_intercept, fresh_naval, naval, open_interception, pending
from .naval_combat import fight, side_of
from .return_to_base import decide_return, land, orders, returning, waiting

State = dict[str, Any]
RULE = "FA 13.3"


def begin_returns(state: State, roller: Roller) -> list[Event]:
    """The step's start: no order waits, and no impulse's watch unit carries over (R-N65)."""
    if "fleets" in state["board"]:
        state["flow"]["naval"] = fresh_naval()
        state["flow"]["returns"] = []
    return []


def initiative_side(state: State) -> str:
    """The side holding the initiative (13.3: it decides, and returns, first)."""
    holder = state["flow"].get("initiative", {}).get("holder")
    return str(holder or state["flow"].get("active_side") or "central")


def return_ships(state: State, power: str, action: Any, roller: Roller) -> list[Event]:
    """The `naval_return` verb (FA 13.3, R-N64): the power's return decision
    (return_to_base.decide_return), then, once every power has decided, the orders land one
    by one, each open to interception."""
    return decide_return(state, power, action) + advance(state, roller)


def advance(state: State, roller: Roller) -> list[Event]:
    """R-N64 — once every power has decided and no interception is open, land the waiting
    orders in turn until one may be intercepted (its enemies are then asked)."""
    events: list[Event] = []
    if returning(state) or pending(state) is not None:
        return events
    queue = orders(state)
    while queue:
        order = queue.pop(0)
        ships = fleets(state)
        units = [u for u in order["units"] if u in ships and ships[u]["area"] is not None]
        if units:
            area = ships[units[0]]["area"]
            if open_interception(state, order["power"], units, "return", area, 0):
                naval(state)["pending"]["order"] = order
                return events
        events += land(state, order)
    return events


def answer_return_intercept(state: State, power: str, action: Any,
                            roller: Roller) -> list[Event]:
    """FA 13.3 with 11.3.5 — an enemy lets the return pass or tries; on a success the task
    force must fight through from the 0 section (no stop, R-N66), then lands (R-N67)."""
    order = pending(state)["order"]  # type: ignore[index]
    events = answer_intercept(state, power, action, roller)
    p = pending(state)
    if p is not None and p["stage"] == "ask":
        return events                        # another enemy power is asked
    if p is not None:                        # intercepted: a forced fight through
        naval(state)["pending"] = None
        ships = fleets(state)
        units = [u for u in p["units"] if u in ships]
        for uid in units:
            ships[uid]["section"] = 0        # 13.3: it fights through from the 0 box
        side = side_of(p["interceptor"])
        uncommitted = [] if p["subs"] else [
            uid for uid, sh in sorted(ships.items())
            if sh["area"] == p["area"] and sh["type"] == "SUB" and side_of(sh["power"]) == side]
        events.append(Event("fight_through", RULE, {"power": p["power"], "area": p["area"],
                                                    "returning": True}))
        events += fight(state, p["area"], initiative_side(state), roller,
                        first_roll={side: p["roll"]}, always=units,
                        withheld=sorted(waiting(state) | set(uncommitted)), rule=RULE)
    events += land(state, order)
    return events + advance(state, roller)
