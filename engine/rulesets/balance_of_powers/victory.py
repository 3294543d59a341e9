"""BoP 12.1 — victory at the end of October 1914.

A side controlling both Berlin and Paris wins. Otherwise the CP win with more than 13
bargaining chips, the EP with more than 6; anything else is a draw. We count every BC a side
controls, its own home ones included (the text's "total number of bargaining chips a side
controls"); if both thresholds were met at once the game would be a draw (our ruling; with 25
BCs on the map both cannot happen: 14 + 7 = 21 would need 21 of them controlled by belligerents,
which is possible, so the ruling matters and is documented).
"""

from __future__ import annotations

from typing import Any

from engine.kernel import Event, Roller

from .dockyards import destroyed
from .fleets import NAVAL_SIDE, ships_of
from .forces import controller, side_of
from .losses import interior_fortress
from .scenarios import FIRE_IN_THE_EAST, KAISERSCHLACHT, STORM_OF_STEEL, scenario_of
from .sequence import last_month
from .setup_storm import areas as storm_areas
from .tables import CENTRAL, CP_BC_TO_WIN, ENTENTE, EP_BC_TO_WIN
from .theatre import Theatre, theatre

DEMORALIZATION_TO_WIN = 9   # BoP 12.2: own total below 9, the enemy's above 9
WINNERS = {CENTRAL: ["austria_hungary", "germany"], ENTENTE: ["britain", "france", "russia"]}


def bc_counts(state: dict[str, Any], th: Theatre) -> dict[str, int]:
    counts = {CENTRAL: 0, ENTENTE: 0}
    for loc in sorted(th.bcs):
        side = side_of(state, controller(state, th, loc))
        if side in counts:
            counts[side] += 1
    return counts


def victory(state: dict[str, Any], th: Theatre) -> dict[str, Any]:
    """BoP 12.1 — capitals first, then bargaining-chip counts."""
    berlin = side_of(state, controller(state, th, th.capital["germany"]))
    paris = side_of(state, controller(state, th, th.capital["france"]))
    counts = bc_counts(state, th)
    base = {"rule": "BoP 12.1", "bargaining_chips": counts, "berlin": berlin, "paris": paris}
    if berlin is not None and berlin == paris:
        return {**base, "winner": berlin, "winners": WINNERS[berlin],
                "reason": "berlin_and_paris"}
    cp = counts[CENTRAL] > CP_BC_TO_WIN
    ep = counts[ENTENTE] > EP_BC_TO_WIN
    if cp and not ep:
        return {**base, "winner": CENTRAL, "winners": WINNERS[CENTRAL],
                "reason": "bargaining_chips"}
    if ep and not cp:
        return {**base, "winner": ENTENTE, "winners": WINNERS[ENTENTE],
                "reason": "bargaining_chips"}
    return {**base, "winner": None, "winners": [], "reason": "draw"}


def check_victory(state: dict[str, Any], roller: Roller) -> list[Event]:
    """BoP 12.1 — when the scenario's last month ends, the victory check decides the game (an
    end effect of the month)."""
    flow = state["flow"]
    if flow["month"] != last_month(state) or flow["result"] is not None:
        return []
    if scenario_of(state).id == FIRE_IN_THE_EAST:
        result = demoralization_victory(state)
    elif scenario_of(state).id == KAISERSCHLACHT:
        result = kaiserschlacht_victory(state, theatre(state["board"]["map"]))
    elif scenario_of(state).id == STORM_OF_STEEL:
        result = storm_victory(state, theatre(state["board"]["map"]))
    else:
        result = victory(state, theatre(state["board"]["map"]))
    flow["result"] = result
    return [Event("victory_check", result["rule"], result)]


def demoralization_totals(state: dict[str, Any]) -> dict[str, int]:
    """BoP 12.2 — a side's demoralization total: the sum of its nations' markers (ruling 63)."""
    totals = {CENTRAL: 0, ENTENTE: 0}
    for power in state["powers"].values():
        if power["side"] in totals:
            totals[power["side"]] += power["demoralization"]
    return totals


def demoralization_victory(state: dict[str, Any]) -> dict[str, Any]:
    """BoP 12.2 — a side wins if its total is below 9 while the enemy's is above 9; anything
    else is a draw."""
    totals = demoralization_totals(state)
    base = {"rule": "BoP 12.2", "demoralization": totals}
    for side, enemy in ((CENTRAL, ENTENTE), (ENTENTE, CENTRAL)):
        if totals[side] < DEMORALIZATION_TO_WIN < totals[enemy]:
            return {**base, "winner": side, "winners": WINNERS[side],
                    "reason": "demoralization"}
    return {**base, "winner": None, "winners": [], "reason": "draw"}


KAISER_FRENCH_BCS_TO_WIN = 2   # BoP 12.4: Berlin and any two bargaining chips in France


def french_bcs_held(state: dict[str, Any], th: Theatre) -> list[str]:
    """BoP 12.4 — the bargaining chips in France (French home hexes) the Germans control,
    Lille included though they hold it at the start (ruling 82)."""
    return [loc for loc in sorted(th.bcs) if th.home.get(loc) == "france"
            and controller(state, th, loc) == "germany"]


def kaiserschlacht_victory(state: dict[str, Any], th: Theatre) -> dict[str, Any]:
    """BoP 12.4 — Germany wins holding Berlin and Paris, or Berlin and two bargaining chips in
    France, when November 1918 ends; otherwise the Entente wins (no draw)."""
    berlin = controller(state, th, th.capital["germany"]) == "germany"
    paris = controller(state, th, th.capital["france"]) == "germany"
    held = french_bcs_held(state, th)
    base = {"rule": "BoP 12.4", "berlin": berlin, "paris": paris, "french_bcs": held}
    if berlin and (paris or len(held) >= KAISER_FRENCH_BCS_TO_WIN):
        return {**base, "winner": CENTRAL, "winners": ["germany"],
                "reason": "berlin_and_paris" if paris else "berlin_and_french_bcs"}
    return {**base, "winner": ENTENTE, "winners": ["britain", "france"],
            "reason": "germany_short"}


def storm_vp(state: dict[str, Any], th: Theatre) -> dict[str, dict[str, list[str]]]:
    """BoP 12.3 — each side's victory points: the bargaining chips and the interior
    fortresses (1.334) in the enemy's set-up area that it controls, a hex with both counting
    twice; and one for each enemy dreadnought (BB) destroyed (ruling 101; a damaged one counts
    nothing)."""
    cp, ep = storm_areas(th)
    out: dict[str, dict[str, list[str]]] = {CENTRAL: {"bcs": [], "forts": [], "bbs": []},
                                            ENTENTE: {"bcs": [], "forts": [], "bbs": []}}
    afloat = state["board"].get("fleets")
    for ship in ships_of(STORM_OF_STEEL) if afloat is not None else ():
        if ship.kind == "BB" and destroyed(state, ship.id):
            out[ENTENTE if NAVAL_SIDE[ship.nation] == CENTRAL else CENTRAL]["bbs"].append(ship.id)
    for side, enemy_area in ((CENTRAL, ep), (ENTENTE, cp)):
        for loc in sorted(enemy_area):
            if side_of(state, controller(state, th, loc)) != side:
                continue
            if loc in th.bcs:
                out[side]["bcs"].append(loc)
            if loc in th.fortress and interior_fortress(th, loc):
                out[side]["forts"].append(loc)
    return out


def storm_victory(state: dict[str, Any], th: Theatre) -> dict[str, Any]:
    """BoP 12.3 — when November 1916 ends, the side with more victory points wins; equal
    points are a draw (ruling 94: the text does not say how the points compare)."""
    held = storm_vp(state, th)
    points = {side: len(v["bcs"]) + len(v["forts"]) + len(v["bbs"]) for side, v in held.items()}
    base = {"rule": "BoP 12.3", "victory_points": points, "held": held}
    for side, enemy in ((CENTRAL, ENTENTE), (ENTENTE, CENTRAL)):
        if points[side] > points[enemy]:
            return {**base, "winner": side, "winners": WINNERS[side], "reason": "victory_points"}
    return {**base, "winner": None, "winners": [], "reason": "draw"}
