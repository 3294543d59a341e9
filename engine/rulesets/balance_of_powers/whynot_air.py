"""Balance of Powers — why an air order is refused, in a player's words (issue #18).

The air decisions list every legal answer (patrol 6.311–6.313, change of base 6.72–6.73, raid
5.311, muster 6.212); the air editor asks about a location it was not offered (the kernel's
explain). This module reads the same rules as the listers in `aviation` and `air_raids` to say
which one bites: the unit is not one that flies this order, it already flew, an enemy fighter
pins it, it is out of supply, the location is a closed neutral, or not its side's, or holds
enemy air units, or is beyond its radius (four times it for a change of base). It is asked only
about an order already refused, on a copy of the state, and never decides what is legal;
everything it reads is public in BoP.
"""

from __future__ import annotations

from typing import Any

from engine.kernel import IllegalAction

from . import aviation
from .aviation import AIR_UNITS, CHANGE_OF_BASE_FACTOR
from .forces import controller, neutral_closed, other_side, side_of
from .theatre import Theatre, theatre

# The field of each air decision's action that names where the unit goes.
WHERE = {"air_patrol": "to", "air_base": "to", "air_raid": "target"}


def why_not_air(state: dict[str, Any], seat: str, kind: str, action: Any,
                refusal: IllegalAction) -> IllegalAction:
    if kind not in WHERE or not isinstance(action, dict):
        return refusal
    uid, loc = action.get("unit"), action.get(WHERE[kind])
    if not isinstance(uid, str) or uid not in state["board"]["air"] or not isinstance(loc, str):
        return refusal
    th = theatre(state["board"]["map"])
    info = AIR_UNITS[uid]
    name = f"{info.nation.replace('_', '-').title()} {info.name}"
    data = {"unit": uid, "at": loc}
    if info.nation != seat:
        return IllegalAction(refusal.rule, "not_yours", data, f"The {name} is not yours to order.")
    if loc not in th.terrain and loc not in th.boxes:
        return IllegalAction(refusal.rule, "not_a_location", data,
                             f"{loc} is not a location of this map.")
    if kind == "air_patrol":
        found = _patrol(state, th, uid, name, loc)
    elif kind == "air_base":
        found = _base(state, th, uid, name, loc)
    else:
        found = _raid(state, th, uid, name, loc)
    if found is None:
        return refusal
    rule, code, message = found
    return IllegalAction(rule, code, data, message)


def _patrol(state: dict[str, Any], th: Theatre, uid: str, name: str,
            loc: str) -> tuple[str, str, str] | None:
    """BoP 6.311–6.313, in the order `aviation.patrol_moves` tests them."""
    info = AIR_UNITS[uid]
    side = side_of(state, info.nation)
    at = state["board"]["air"][uid]["at"]
    if not info.fighter:
        return ("BoP 6.311", "not_a_fighter", f"Only fighters patrol: the {name} is a "
                f"{info.kind}.")
    if uid in state["flow"]["air"]["moved"]:
        return ("BoP 6.313", "already_flown", f"The {name} has patrolled this phase already: "
                "each fighter flies once.")
    if side is not None and aviation.enemy_air(state, at, side, fighters_only=True):
        return ("BoP 6.312", "pinned", f"An enemy fighter shares the {name}'s location: it may "
                "not leave it.")
    if not aviation.supplied(state, th, uid):
        return ("BoP 6.311", "out_of_supply", f"The {name} is out of supply (3.1): only a "
                "supplied fighter patrols.")
    return _distance(state, th, uid, name, loc, at, info.radius, "BoP 6.311", side)


def _base(state: dict[str, Any], th: Theatre, uid: str, name: str,
          loc: str) -> tuple[str, str, str] | None:
    """BoP 6.72–6.73, in the order `aviation.base_moves` tests them."""
    info = AIR_UNITS[uid]
    side = side_of(state, info.nation)
    at = state["board"]["air"][uid]["at"]
    if uid in state["flow"]["air"]["rebased"]:
        return ("BoP 6.72", "already_rebased", f"The {name} has changed base already: once a "
                "month.")
    if not aviation.supplied(state, th, uid):
        return ("BoP 6.72", "out_of_supply", f"The {name} is out of supply (3.1): only a "
                "supplied air unit changes base.")
    if side is not None and loc != at and not neutral_closed(state, th, loc):
        if aviation.air_here(state, loc) and aviation.enemy_air(state, loc, side,
                                                                fighters_only=False):
            return ("BoP 6.73", "enemy_air", f"Enemy air units are at {th.where(loc)}: a base "
                    "is never changed into or through their location.")
        if not aviation.friendly(state, th, loc, side):
            return ("BoP 6.73", "not_friendly", f"{th.where(loc)} is not held by your side: a "
                    "new base is a friendly location.")
    barred = {a["at"] for u, a in state["board"]["air"].items()
              if side is not None and aviation.air_side(state, u) == other_side(side)}
    return _distance(state, th, uid, name, loc, at, CHANGE_OF_BASE_FACTOR * info.radius,
                     "BoP 6.72", side, barred=barred)


def _raid(state: dict[str, Any], th: Theatre, uid: str, name: str,
          loc: str) -> tuple[str, str, str] | None:
    """BoP 5.311–5.312, in the order `air_raids.strategic_targets` tests them."""
    info = AIR_UNITS[uid]
    if info.fighter:
        return ("BoP 5.31", "not_a_bomber", f"Only bombers raid: the {name} is a fighter.")
    if uid in state["flow"]["air"]["moved"]:
        return ("BoP 5.31", "already_flown", f"The {name} has raided this turn already.")
    if not aviation.supplied(state, th, uid):
        return ("BoP 5.311", "out_of_supply", f"The {name} is out of supply (3.1): only a "
                "supplied bomber raids.")
    if loc in th.boxes or not (th.is_pop(loc) and th.is_rail(loc)):
        return ("BoP 5.311", "not_a_target", f"{th.where(loc)} is not a population centre on "
                "a rail line: no strategic target.")
    side = side_of(state, info.nation)
    owner = side_of(state, controller(state, th, loc))
    if side is not None and owner == side:
        return ("BoP 5.311", "own_town", f"{th.where(loc)} is held by your side: a raid "
                "strikes an enemy town.")
    if owner is None:
        return ("BoP 5.311", "not_enemy", f"{th.where(loc)} is held by no enemy: a raid "
                "strikes an enemy town.")
    at = state["board"]["air"][uid]["at"]
    return _distance(state, th, uid, name, loc, at, info.radius, "BoP 5.311", side)


def _distance(state: dict[str, Any], th: Theatre, uid: str, name: str, loc: str, at: str,
              mp: int, rule: str, side: str | None, *,
              barred: set[str] | None = None) -> tuple[str, str, str] | None:
    """Where the flight itself fails: its own location, a closed neutral, beyond its range."""
    if loc == at:
        return (rule, "already_there", f"The {name} is already at {th.where(loc)}.")
    if neutral_closed(state, th, loc):
        return (rule, "neutral", f"{th.where(loc)} is neutral: air units never fly into or "
                "through a neutral hex.")
    if side is not None and loc not in aviation.reach(state, th, at, mp, side, barred=barred):
        around = "neutral hexes and enemy air units" if barred else "neutral hexes"
        return (rule, "too_far", f"{th.where(loc)} is more than {mp} hexes' flight from "
                f"{th.where(at)} for the {name}, around {around} (a box takes all "
                "remaining MP).")
    return None
