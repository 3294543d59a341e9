"""FA 11.3.3, 2.4.2.3 — canals that close: which sea areas a power's ships (and its overseas
supply paths) may pass between now.

The sea table (engine/maps/data/fa_sea_areas.json) joins the sea areas; `data/passages.json`
names the canals among its passages that close, with the hexes beside each. A canal is closed
to a power while a major power at war with it controls any of those hexes (a minor aligned to
a major counts as that major: R-N29). Suez is the rulebook's (11.3.3 (1)); the Kiel Canal
follows the same rule by ruling R-N29 (it stays open to Germany and its allies). Panama lies off
fa-europe. Two areas stay adjacent for a power while they touch on the map or some passage
between them is open to it, so closing the Kiel Canal never parts the Baltic from the North Sea
(the Danish Straits, whose minefields are 11.3.2.5's, not this rule's).

A supply path may not cross between two areas where the power's SCS could not move (2.4.2.3),
so overseas.py walks the same adjacency as naval_move.py.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from engine.maps import hexmath as hm

from .fleets import seas
from .position import at_war, controller, map_of
from .powers import POWER_SIDE

State = dict[str, Any]
TABLE_FILE = Path(__file__).parent / "data" / "passages.json"
Neighbours = Callable[[str], tuple[str, ...]]


@dataclass(frozen=True, slots=True)
class Canal:
    link: str           # the passage's id in the sea table
    name: str
    rule: str
    areas: tuple[str, str]
    beside: tuple[str, ...]   # axial hex ids


@dataclass(frozen=True, slots=True)
class Closure:
    canal: Canal
    hex: str            # the first hex beside it (by id) an enemy major controls
    by: str             # that major


@lru_cache(maxsize=1)
def canals() -> tuple[Canal, ...]:
    """The closable canals of data/passages.json, checked against the sea table."""
    s = seas()
    links = {lk.id: lk for lk in s.links}
    out = []
    for raw in json.loads(TABLE_FILE.read_text(encoding="utf-8"))["passages"]:
        lk = links.get(raw["link"])
        if lk is None or lk.kind != "canal":
            raise ValueError(f"passages.json: {raw['link']!r} is not a canal of the sea table")
        beside = tuple(sorted(hm.hex_id(*hm.axial_of_label(lab)) for lab in raw["beside"]))
        out.append(Canal(lk.id, lk.name, raw["rule"], lk.areas, beside))
    return tuple(out)


@lru_cache(maxsize=1)
def _touching() -> frozenset[frozenset[str]]:
    """Pairs of areas whose sea hexes touch on the map (adjacent without any passage)."""
    s = seas()
    area_of = {h: a.id for a in s.areas.values() for h in a.hexes}
    pairs: set[frozenset[str]] = set()
    for h, a in area_of.items():
        q, r = hm.parse_hex_id(h)
        for dq, dr in hm.DIRECTIONS:
            b = area_of.get(hm.hex_id(q + dq, r + dr))
            if b is not None and b != a:
                pairs.add(frozenset((a, b)))
    return frozenset(pairs)


def enemy_major_holding(state: State, hex_id: str, power: str) -> str | None:
    """The major at war with `power` that holds `hex_id` (a minor aligned to a major counts
    as that major: R-N29), or None; a hex off the game's map (East Prussia's window) is held
    by no one here. Canals (11.3.3) and minefields (11.3.2.5) close by it."""
    if hex_id not in map_of(state).ids:
        return None
    holder = controller(state, hex_id)
    if holder is None:
        return None
    major = str(state["board"]["aligned"].get(holder, holder))
    return major if major in POWER_SIDE and at_war(state, power, major) else None


def closures(state: State, power: str) -> list[Closure]:
    """FA 11.3.3 — the canals closed to `power` now, each with the hex that closes it."""
    out = []
    for canal in canals():
        for h in canal.beside:
            major = enemy_major_holding(state, h, power)
            if major is not None:
                out.append(Closure(canal, h, major))
                break
    return out


def cut_pairs(state: State, power: str) -> frozenset[frozenset[str]]:
    """Pairs of areas adjacent on the sea table that `power` may not pass between now."""
    closed = {c.canal.link for c in closures(state, power)}
    if not closed:
        return frozenset()
    s = seas()
    cut = set()
    for lk in s.links:
        if lk.id not in closed:
            continue
        pair = frozenset(lk.areas)
        if pair in _touching() or any(other.id not in closed
                                      for other in s.links_between(*lk.areas)):
            continue
        cut.add(pair)
    return frozenset(cut)


def sea_neighbours(state: State, power: str) -> Neighbours:
    """The areas adjacent to an area for `power`'s ships and supply paths (2.1.2 less 11.3.3)."""
    s = seas()
    cut = cut_pairs(state, power)
    if not cut:
        return s.neighbours
    return lambda area: tuple(n for n in s.neighbours(area) if frozenset((area, n)) not in cut)


def describe(closure: Closure, power: str) -> str:
    """A refusal's words: which canal, who closes it, from which hex."""
    label = hm.label_of(*hm.parse_hex_id(closure.hex)) or closure.hex
    return (f"The {closure.canal.name} is closed to {power}: {closure.by}, at war with it, "
            f"controls hex {label} beside the canal ({closure.canal.rule}).")
