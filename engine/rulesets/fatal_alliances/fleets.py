"""FA 11.3 / 13.3 / 22.2 — the campaign's ships in the position, and how far they reach.

`board.fleets` maps each naval unit's id (naval_oob.py: ``germany-u-boats-1``) to where it is
and how it faces: ``port`` (an FA port id, or an off-map base) *or* ``area`` and ``section``
(a sea-box section, 2.1.2), ``up`` (face-up), ``damaged`` (11.4.7.1: a damage marker;
repairs are not built, so it stays) and ``sailed`` (the ``[turn, impulse]`` of its
last naval move: each ship makes one a impulse, 11.3.1). Its values (speed, range ...) are read
from the order of battle by ``row``, never copied into the state.

Only the campaign has fleets (East Prussia's board has no ``fleets`` key, so its play is
untouched). Distances count the sea areas and ports a ship enters (11.3.2.4: one point of range
and of movement allowance each); our map has no dashed borders, so every entry costs one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from engine.maps.fa_seas import FaSeas, load_fa_seas

from .naval_oob import NavalUnit, load_naval_oob
from .position import controller, is_active
from .powers import POWER_SIDE

State = dict[str, Any]


def seas() -> FaSeas:
    return load_fa_seas()


def place_fleets(seats: Iterable[str]) -> dict[str, dict[str, Any]]:
    """FA 22.2 — every naval unit of a seated power sets up face-up in its 1914 base (the
    force pool's units, 22.1, are not set up)."""
    seated = set(seats)
    return {u.id: new_ship(u, u.base)
            for u in sorted(load_naval_oob().units, key=lambda u: u.id)
            if u.power in seated and not u.pool}


def new_ship(u: NavalUnit, port: str) -> dict[str, Any]:
    """A ship face-up in a port, as `board.fleets` holds it."""
    return {"power": u.power, "row": u.row, "cls": u.cls, "type": u.type, "port": port,
            "area": None, "section": None, "up": True, "sailed": None, "damaged": False}


def fleets(state: State) -> dict[str, dict[str, Any]]:
    return state["board"].get("fleets", {})  # type: ignore[no-any-return]


def oob_unit(unit_id: str) -> NavalUnit:
    return next(u for u in load_naval_oob().units if u.id == unit_id)


def values(unit_id: str) -> dict[str, int]:
    return dict(oob_unit(unit_id).values)


def defence(unit_id: str, ship: dict[str, Any]) -> int:
    """11.4.7.1 — a damaged unit's defence is one higher (a d10 target: easier to hit)."""
    return int(values(unit_id)["defence"]) + (1 if ship.get("damaged") else 0)


def place_of(ship: dict[str, Any]) -> str:
    """Where a ship is, as one key: ``port:<id>`` or ``sea:<area>:<section>``."""
    if ship["area"] is not None:
        return f"sea:{ship['area']}:{ship['section']}"
    return f"port:{ship['port']}"


def area_distances(start: Iterable[str], limit: int,
                   neighbours: Callable[[str], Iterable[str]] | None = None) -> dict[str, int]:
    """Sea areas reachable by entering at most `limit` areas, each with the number entered;
    the `start` areas are the first ones entered (distance 1). `neighbours` is the power's
    adjacency (passages.sea_neighbours: 11.3.3's closed canals left out); the sea table's
    by default."""
    step = neighbours or seas().neighbours
    dist = {a: 1 for a in start}
    frontier = sorted(dist)
    while frontier:
        nxt = []
        for a in frontier:
            if dist[a] >= limit:
                continue
            for n in step(a):
                if n not in dist:
                    dist[n] = dist[a] + 1
                    nxt.append(n)
        frontier = sorted(nxt)
    return {a: d for a, d in dist.items() if d <= limit}


def friendly_base(state: State, power: str, port_id: str) -> bool:
    """FA 13.3.2 — a base the power's ships may enter: a map port controlled by the power, by
    an active major power of its side, or by a minor aligned to one (Salient reads control
    from the port's hex, FA 2.5). Foreign-troop commitments (19.2) are not applied to ships."""
    s = seas()
    if port_id not in s.ports:
        return False
    holder = controller(state, s.ports[port_id].hex)
    if holder is None:
        return False
    major = state["board"]["aligned"].get(holder, holder)
    if major == power:
        return True
    return (major in POWER_SIDE and POWER_SIDE[major] == POWER_SIDE[power]
            and is_active(state, major))


def shares_port(state: State, power: str, port_id: str) -> bool:
    """FA 11.3.2.4 — the port also holds naval units of another major power (one more point
    of movement allowance to leave it)."""
    return any(sh["port"] == port_id and sh["power"] != power for sh in fleets(state).values())


def face_up_ships(state: State) -> list[str]:
    """FA 13.4 — the final reorganisation turns every ship face-up (at sea or in port)."""
    flipped = []
    for uid, sh in sorted(fleets(state).items()):
        if not sh["up"]:
            sh["up"] = True
            flipped.append(uid)
    return flipped
