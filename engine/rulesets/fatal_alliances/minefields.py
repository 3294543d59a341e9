"""FA 11.3.2.5 — protected sea zones: the minefields on some sea-area boundaries (version 18).

`data/minefields.json` names each field, the two areas its boundary parts, its mine ports with
their values (authored: the printed map holds them, R-N31) and whether it hits SUBs. A field
restricts a power while a mine port is held by a major at war with it (a minor aligned to a
major counts as that major, as for the canals, R-N29): its value against the power is the sum
of those ports' values (the Baltic's Kiel and Copenhagen add up). A neutral holder protects
nothing, but a neutral mine port of a field that protects against the power is a port
bordering the boundary: sailing into or out of it rolls too.

A naval move (11.3) whose order could not be carried out without crossing a field's boundary
(or that enters or leaves such a neutral port) rolls a d10 for each ship of the task force
(SUBs only for the Baltic and Gelibolu fields); at or under the value the ship takes an X
result as in combat (11.4.7.1): a d10 at or under its defence sinks it, else it is damaged (a
ship already damaged sinks). Survivors go on to their destination (R-N32). Returns to base
and aborts do not roll (the annotated edition's 11.3.2.5 H; R-N32).

Overseas supply paths (2.4.2.3) never pass a boundary whose value against the tracing power
is 5 or more; an open canal joining the same areas (the Kiel Canal) is a way round a field
for ships and paths alike.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from engine.kernel import Event, Roller

from .fleets import defence, fleets, seas
from .neutral_basing import neutral_holder
from .passages import closures, enemy_major_holding, sea_neighbours

State = dict[str, Any]
RULE = "FA 11.3.2.5"
TABLE_FILE = Path(__file__).parent / "data" / "minefields.json"
SUPPLY_CUT = 5          # 11.3.2.5: no supply past an enemy boundary of 5 or more
Neighbours = Callable[[str], tuple[str, ...]]


@dataclass(frozen=True, slots=True)
class Field:
    id: str
    name: str
    areas: tuple[str, str]
    ports: tuple[tuple[str, int], ...]     # (port id, value)
    subs: bool
    bypass: tuple[str, ...]                # passages round the field (canals)


@lru_cache(maxsize=1)
def fields() -> tuple[Field, ...]:
    """The minefields of data/minefields.json, checked against the sea table."""
    s = seas()
    links = {lk.id for lk in s.links}
    out = []
    for raw in json.loads(TABLE_FILE.read_text(encoding="utf-8"))["fields"]:
        a, b = raw["areas"]
        if b not in s.neighbours(a):
            raise ValueError(f"minefields.json: {raw['id']}: {a} and {b} are not adjacent")
        for lid in [raw["link"], *raw["bypass"]]:
            if lid not in links:
                raise ValueError(f"minefields.json: {raw['id']}: no passage {lid!r}")
        ports = tuple((p["port"], int(p["value"])) for p in raw["ports"])
        for pid, value in ports:
            if pid not in s.ports or not 1 <= value <= 10:
                raise ValueError(f"minefields.json: {raw['id']}: bad mine port {pid!r}")
        out.append(Field(raw["id"], raw["name"], (a, b), ports, bool(raw["subs"]),
                         tuple(raw["bypass"])))
    return tuple(out)


def holders(state: State, field: Field, power: str) -> list[tuple[str, str, int]]:
    """The field's mine ports held against `power`: (port, holding major, value)."""
    out = []
    for pid, value in field.ports:       # a window map (East Prussia) shows no minefield
        major = enemy_major_holding(state, seas().port(pid).hex, power)
        if major is not None:
            out.append((pid, major, value))
    return out


def value_against(state: State, field: Field, power: str) -> int:
    """11.3.2.5 — the field's value against `power` (0: it does not protect against it)."""
    return sum(v for _, _, v in holders(state, field, power))


def bypassed(state: State, field: Field, power: str) -> bool:
    """A canal round the field is open to `power` (its ships and paths need not cross)."""
    closed = {c.canal.link for c in closures(state, power)}
    return any(lid not in closed for lid in field.bypass)


def protecting(state: State, power: str, subs: bool = False) -> list[tuple[Field, int]]:
    """The fields protected against `power`'s ships now, with their values (`subs`: for a
    task force of SUBs, only the fields that hit SUBs)."""
    out = []
    for f in fields():
        if subs and not f.subs:
            continue
        value = value_against(state, f, power)
        if value > 0:
            out.append((f, value))
    return out


def avoiding(state: State, power: str, field: Field) -> Neighbours:
    """The power's sea adjacency with the field's boundary left out (kept when a canal
    round it is open to the power)."""
    step = sea_neighbours(state, power)
    if bypassed(state, field, power):
        return step
    pair = frozenset(field.areas)
    return lambda area: tuple(n for n in step(area) if frozenset((area, n)) != pair)


def neutral_border_port(state: State, field: Field, port_id: str | None) -> bool:
    """A neutral mine port of the field: a port bordering its boundary (11.3.2.5)."""
    return port_id is not None and any(pid == port_id for pid, _ in field.ports) \
        and neutral_holder(state, port_id) is not None


def supply_neighbours(state: State, power: str) -> Neighbours:
    """2.4.2.3 with 11.3.2.5 — the areas a supply path of `power` may pass between: its
    ships' adjacency, less every boundary held against it at 5 or more (no open canal round)."""
    step = sea_neighbours(state, power)
    cut = {frozenset(f.areas) for f in fields()
           if value_against(state, f, power) >= SUPPLY_CUT and not bypassed(state, f, power)}
    if not cut:
        return step
    return lambda area: tuple(n for n in step(area) if frozenset((area, n)) not in cut)


def strike(state: State, power: str, units: list[str], field: Field, value: int,
           roller: Roller) -> list[Event]:
    """11.3.2.5 — a d10 for each ship crossing: at or under the value it takes an X (11.4.7.1:
    a d10 at or under its defence sinks it, else it is damaged; a damaged ship sinks)."""
    ships = fleets(state)
    events: list[Event] = []
    rolls: dict[str, int] = {}
    hits: list[str] = []
    held = holders(state, field, power)
    for uid in sorted(u for u in units if u in ships):
        die = roller.d(10, f"mines: {field.id} on {uid}")
        rolls[uid] = die
        if die > value:
            continue
        hits.append(uid)
        target = defence(uid, ships[uid])
        second = roller.d(10, f"mine X on {uid}")
        sunk = second <= target or bool(ships[uid].get("damaged"))
        effect = "X" if second <= target else "D"
        events.append(Event("naval_hit", RULE, {
            "unit": uid, "power": power, "result": "X", "roll": second, "defence": target,
            "effect": effect, "cause": "mines"}))
        if sunk:
            del ships[uid]
            events.append(Event("ship_sunk", RULE, {"unit": uid}))
        else:
            ships[uid]["damaged"] = True
    events.insert(0, Event("minefield", RULE, {
        "power": power, "field": field.id, "name": field.name, "value": value,
        "held_by": sorted({major for _, major, _ in held}), "rolls": rolls, "hits": hits}))
    return events
