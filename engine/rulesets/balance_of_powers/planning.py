"""Balance of Powers — the numbers a player plans with, for the view (issue #18).

The scenario's victory conditions and its two August tests, with where they stand now: how
many bargaining chips each side holds and how many win (BoP 12.1: more than 13 for the Central
Powers, more than 6 for the Entente, at the end of October), Berlin and Paris, and — during
August, while the plans are in force — the Schlieffen Plan (Liège, nine German corps into
Belgium, or the Entente wins when August ends) and Plan XVII (four French corps into Germany
and two hexes taken, or Germany destroys four French corps). Derived here from the rules'
own functions and constants, so the page never recounts them.
"""

from __future__ import annotations

from typing import Any

from . import price_of_admiralty
from .economy import income
from .forces import controller, side_of
from .scenarios import FIRE_IN_THE_EAST, KAISERSCHLACHT, STORM_OF_STEEL, scenario_of
from .sequence import MONTHS
from .tables import (
    CENTRAL,
    CP_BC_TO_WIN,
    ENTENTE,
    EP_BC_TO_WIN,
    MAJORS,
    PLAN_XVII_CORPS,
    PLAN_XVII_HEXES,
    SCHLIEFFEN_CORPS,
)
from .theatre import Theatre
from .victory import (
    DEMORALIZATION_TO_WIN,
    KAISER_FRENCH_BCS_TO_WIN,
    bc_counts,
    demoralization_totals,
    french_bcs_held,
    storm_vp,
)


def incomes(state: dict[str, Any]) -> dict[str, int]:
    """BoP 5.21 — the RP each major at war will post at the next seasonal turn (the
    first-season column until it has posted once; a scenario's fixed or extra income; the
    conquered column), from the economy's own `income`. Neutral majors post nothing; at sea
    (12.6) there is no economy, so nothing is shown."""
    if price_of_admiralty.is_naval(state):
        return {}
    return {nation: income(state, nation) for nation in MAJORS
            if state["powers"][nation]["side"] is not None}


def status(state: dict[str, Any], th: Theatre) -> dict[str, Any]:
    if price_of_admiralty.is_naval(state):   # 12.6: at sea, judged at the end of May 1916
        return price_of_admiralty.status(state)
    sc = scenario_of(state)
    if sc.id == FIRE_IN_THE_EAST:   # 12.2: demoralization totals, checked after October 1915
        return {"rule": sc.rule, "checked_after": sc.months[-1],
                "demoralization": demoralization_totals(state),
                "demoralization_to_win": DEMORALIZATION_TO_WIN}
    if sc.id == KAISERSCHLACHT:   # 12.4: Berlin and Paris, or Berlin and two French BCs
        return {"rule": sc.rule, "checked_after": sc.months[-1],
                "berlin": side_of(state, controller(state, th, th.capital["germany"])),
                "paris": side_of(state, controller(state, th, th.capital["france"])),
                "french_bcs_held": french_bcs_held(state, th),
                "french_bcs_to_win": KAISER_FRENCH_BCS_TO_WIN}
    if sc.id == STORM_OF_STEEL:   # 12.3: victory points in the enemy's set-up area
        held = storm_vp(state, th)
        return {"rule": sc.rule, "checked_after": sc.months[-1], "held": held,
                "victory_points": {side: len(v["bcs"]) + len(v["forts"]) + len(v["bbs"])
                                   for side, v in held.items()}}
    plans = state["plans"]
    out: dict[str, Any] = {
        "rule": "BoP 12.1", "checked_after": MONTHS[-1],
        "bargaining_chips": bc_counts(state, th),
        "bargaining_chips_to_win": {CENTRAL: CP_BC_TO_WIN + 1, ENTENTE: EP_BC_TO_WIN + 1},
        "berlin": side_of(state, controller(state, th, th.capital["germany"])),
        "paris": side_of(state, controller(state, th, th.capital["france"])),
    }
    if plans.get("active") and state["flow"]["month"] == MONTHS[0]:
        schlieffen = plans["schlieffen"]
        plan17 = plans["plan17"]
        out["schlieffen"] = {"liege": bool(schlieffen["liege"]), "corps": len(schlieffen["corps"]),
                             "corps_needed": SCHLIEFFEN_CORPS, "checked_after": MONTHS[0]}
        out["plan_xvii"] = {"corps": len(plan17["corps"]), "corps_needed": PLAN_XVII_CORPS,
                            "hexes": len(plan17["hexes"]), "hexes_needed": PLAN_XVII_HEXES,
                            "checked_after": MONTHS[0]}
    return out
