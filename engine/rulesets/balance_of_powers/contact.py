"""BoP 6.42, 8.1 — the naval zone of patrol (NZOP) and contact (issue #21, ruling 115).

A side's *stack* is two or more of its ships (surface ships and submarines alike) in one map
hex; a lone ship, a mine or a fortress radiates no zone (6.42). A stack's NZOP is the water of
the six hexes around it: the water hexes and port hexes beside it (a port hex has its water
portion); never on the Sea Chart, whose boxes have no zone. Two opposing forces are in
contact (8.1) when they share a location (a hex or a box), when a ship of one side lies in a
stack of the other's zone (adjacent hexes), or when two stacks lie within two hexes of each
other (their zones meet). Ships in their own port decline contact (6.41, ruling 69), so
they never count as the enemy here.

`enemy_locations` lists, for the force that has just moved, each location holding enemy
surface ships (the only ones a search may target, 8.21) in contact with it: its own location
first, then the others in id order (none beyond its own hex when it has come into its own
port, which declines contact). naval_combat.after_move works through them.
"""

from __future__ import annotations

from typing import Any

from . import naval
from .fleets import is_surface, side_of_ship
from .theatre import Theatre

State = dict[str, Any]


def _ships_of(state: State, loc: str, side: str) -> int:
    return sum(1 for u, s in state["board"]["fleets"].items()
               if s["at"] == loc and side_of_ship(u) == side)


def zone(th: Theatre, loc: str) -> frozenset[str]:
    """6.42 — the hexes a stack at `loc` patrols: the water and port hexes beside it (map
    hexes only; none from a box)."""
    if loc not in th.water and loc not in th.ports:
        return frozenset()
    return frozenset(o for o in th.all_adj.get(loc, ()) if o in th.water or o in th.ports)


def is_stack(state: State, th: Theatre, loc: str, side: str) -> bool:
    """6.42 — two or more of `side`'s ships in a map hex radiate a zone."""
    return bool(zone(th, loc)) and _ships_of(state, loc, side) >= 2


def touches(th: Theatre, here: str, ships_here: int, there: str, ships_there: int) -> bool:
    """8.1 — whether `ships_here` ships at `here` and `ships_there` enemy ships at `there`
    (both at least one) are in contact: one location, a ship in a stack's zone, or two
    stacks whose zones meet."""
    if here == there:
        return True
    near, far = zone(th, here), zone(th, there)
    stack_here = ships_here >= 2 and bool(near)
    stack_there = ships_there >= 2 and bool(far)
    if (stack_there and here in far) or (stack_here and there in near):
        return True                                     # a ship in a stack's zone
    return stack_here and stack_there and bool(near & far)     # two stacks' zones meet


def in_contact(state: State, th: Theatre, here: str, side: str, there: str,
               other: str, ships_here: int | None = None) -> bool:
    """8.1 — whether `side`'s ships at `here` (`ships_here` of them, by default those there
    now) and `other`'s at `there` are in contact."""
    if ships_here is None:
        ships_here = _ships_of(state, here, side)
    return touches(th, here, ships_here, there, _ships_of(state, there, other))


def enemy_locations(state: State, th: Theatre, units: list[str],
                    here: str | None = None) -> list[str]:
    """The locations of enemy surface ships, not in their own port, in contact with the force
    `units` where it stands, or where it would stand at `here` on its way (8.1 in passing,
    ruling 118): its own location first, then the rest by id."""
    fleets = state["board"]["fleets"]
    now = fleets[units[0]]["at"]
    here = now if here is None else here
    side = side_of_ship(units[0])
    found = {s["at"] for u, s in fleets.items()
             if side_of_ship(u) != side and is_surface(u) and not naval.in_port(state, th, u)}
    if not found:
        return []
    other = side_of_ship(next(u for u in fleets if side_of_ship(u) != side))
    if naval.in_port(state, th, units[0], here):
        near = []               # 6.41: in its own port it declines contact beyond its hex
    else:
        count = _ships_of(state, here, side) + (0 if here == now else len(units))
        near = [loc for loc in sorted(found - {here})
                if in_contact(state, th, here, side, loc, other, count)]
    return ([here] if here in found else []) + near
