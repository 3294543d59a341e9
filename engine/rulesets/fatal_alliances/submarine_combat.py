"""FA 11.4.9 (with 11.4.6.1) — submarine combat: SUBs against the other side's convoy points.

A naval combat round (naval_combat.fight) is a submarine combat instead of a surface one when
a side has a SUB included and the other side has convoy points included (11.4.6.1, priority 2;
the standing rule R-N59 always takes it). When both sides qualify there are two submarine
combats in the round, the active side's SUBs first; the second is fought on what the first
left (R-N59). Other units of either side do not fire in a submarine round.

One submarine combat (R-N58-R-N62, docs/rules/fatal_alliances.md):

* The convoys' side totals its ASW factors (R-N61): 1 an included SCS that is not aborting
  (2 from 1917; half, summed then rounded down, for a damaged one: 11.4.7.1), and 1 for each 3
  included convoy points. Aircraft are not built, so no air-to-sea factor adds. It fires on
  the ASW row (sub_chart.py) with the attacking SUBs as its enemy ships; its results land
  only on those SUBs, each picked by their owner (R-N9's owner pick) and rolled against
  defence as in 11.4.7.1.
* The SUBs total their attack factors and fire on the SUB row; the enemy ships are the
  convoys' side's included units in the 0 section plus its included convoy points, 2 a ship
  (R-N60). Their losses go X first, then D, A, 1/2A; every odd loss must be convoy points,
  and the standing rule takes every even one on convoy points too (R-N62: the owner keeps its
  warships); a result on convoy points is 11.4.7.2's (R-N39: X sinks 2, D 1, A sends 1 to port,
  1/2A nothing), costs morale as 14.1 (R-N43). With no convoy points left, the rest are
  ignored.
* 11.4.9's 3 convoy points a surface factor against SUBs in a surface round never arises
  while the standing rule always takes the submarine combat (R-N59); it waits for the
  surprise-point choice of combat type (R-N63).
* The fire is simultaneous: both totals and both results are read before either lands; the
  active side's dice are rolled first (11.4.7). Surprise points shift each side's column by the
  round's surplus as in a surface round (R-N9).
"""

from __future__ import annotations

from typing import Any

from engine.kernel import Event

from . import naval_convoys
from .fleets import fleets, values
from .naval_chart import RESULTS
from .sub_chart import (
    ASW_PER_SCS,
    ASW_PER_SCS_FROM_1917,
    ASW_YEAR,
    CONVOY_POINTS_PER_ASW,
    asw_row,
    sub_row,
)

State = dict[str, Any]
RULE = "FA 11.4.9"


def subs_of(state: State, units: list[str], aborting: set[str]) -> list[str]:
    """The SUBs among a side's included units, still in the fight."""
    ships = fleets(state)
    return [u for u in units if u in ships and ships[u]["type"] == "SUB" and u not in aborting]


def asw_factors(state: State, units: list[str], points: int, aborting: set[str]) -> int:
    """R-N61 — the convoys' side's ASW: its included SCSs (2 each from 1917, half if damaged)
    and 1 for each 3 included convoy points."""
    ships = fleets(state)
    each = ASW_PER_SCS_FROM_1917 if state["flow"]["year"] >= ASW_YEAR else ASW_PER_SCS
    scs = sum(each / 2 if ships[u].get("damaged") else each for u in units
              if u in ships and ships[u]["type"] == "SCS" and u not in aborting)
    return int(scs) + points // CONVOY_POINTS_PER_ASW


def zero_box_ships(state: State, units: list[str], points: int, aborting: set[str]) -> int:
    """R-N60 — the SUB row's enemy ships: included units in the 0 section and included convoy
    points, 2 a ship."""
    ships = fleets(state)
    in_zero = [u for u in units if u in ships and u not in aborting
               and ships[u]["section"] == naval_convoys.SECTION]
    return len(in_zero) + naval_convoys.ships_counted(points)


def qualifies(state: State, found: list[str], aborting: set[str],
              enemy_points: dict[str, int]) -> bool:
    """11.4.6.1 (2) — a side may make it a submarine combat: a SUB included, and the enemy has
    convoy points included."""
    return bool(subs_of(state, found, aborting)) and sum(enemy_points.values()) > 0


def plan(state: State, aborting: set[str], area: str, rnd: int, sub_side: str,
         found: dict[str, list[str]], cv: dict[str, dict[str, int]],
         shift: dict[str, int]) -> tuple[Event, list[str], tuple[str, ...], tuple[str, ...]]:
    """One submarine combat's simultaneous fire, read before any of it lands: the event, the
    SUBs in it, the ASW results on them and the SUBs' results on the convoys' side."""
    target_side = next(s for s in found if s != sub_side)
    ships = fleets(state)
    subs = subs_of(state, found[sub_side], aborting)
    points = sum(cv[target_side].values())
    asw = asw_factors(state, found[target_side], points, aborting)
    attack = int(sum(values(u)["attack"] / (2 if ships[u].get("damaged") else 1)
                     for u in subs))                      # 11.4.7.1: damaged, half
    ships0 = zero_box_ships(state, found[target_side], points, aborting)
    on_subs = asw_row().results(asw, shift[target_side], len(subs))
    on_convoys = sub_row().results(attack, shift[sub_side], ships0)
    event = Event("submarine_round", RULE, {
        "area": area, "round": rnd, "subs_side": sub_side, "subs": subs, "attack": attack,
        "enemy_ships": ships0, "convoys": points, "asw": asw,
        "escorts": [u for u in found[target_side] if u in ships
                    and ships[u]["type"] == "SCS" and u not in aborting],
        "shift": {sub_side: shift[sub_side], target_side: shift[target_side]},
        "results": {sub_side: list(on_convoys), target_side: list(on_subs)}})
    return event, subs, on_subs, on_convoys


def on_convoys(state: State, area: str, side: str, results: tuple[str, ...],
               included: dict[str, int]) -> list[Event]:
    """R-N62 — the SUBs' losses, X first: all on the included convoy points (odd ones must be,
    even ones by the standing rule); once none are left the rest are ignored."""
    ordered = sorted(results, key=RESULTS.index)
    events = []
    for n, code in enumerate(ordered):
        hit = naval_convoys.take(state, area, side, code, included)
        if hit is None:
            events.append(Event("submarine_losses_ignored", RULE, {
                "area": area, "results": ordered[n:]}))
            break
        events.append(hit)
    return events
