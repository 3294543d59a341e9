"""The 1914 fleets of Fatal Alliances III as data (FA III 1.2.1, 11.3, 11.4, 22.2; issue #22).

Salient's own order of battle from public history (``data/naval_oob_1914.json``): each row is a
fleet's ships of one class, rounded to FA's scale (1.2.1: one surface naval unit, an SCS, is 2
battleships or battlecruisers with destroyers, or 4 cruisers; one SUB is 30-50 submarines),
with the 1914 base they set up in (22.2: every on-map naval unit sets up in a port).

Unit values (attack, defence, AA, ASW, bombardment, speed, range) come per class; a row may
override them (Goeben and Breslau). The rulebook prints no counter values, so every value is
authored except the two speeds its 11.4.7 example gives; each class says which.

Nothing here is wired into the ruleset yet: this module only reads and checks the table against
the FA sea areas (engine/maps/fa_seas.py). A bad table raises :class:`NavalOobError`.
"""
from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from engine.maps.fa_seas import FaSeas, load_fa_seas

TABLE_FILE = Path(__file__).parent / "data" / "naval_oob_1914.json"
UNIT_TYPES = ("SCS", "SUB", "TRS", "AMPH")   # TRS (version 11), AMPH (version 15): 11.3.4.1
BUILT_TYPES = ("TRS", "AMPH")   # the classes with build costs (13.5.5.4, version 15)
VALUE_FIELDS = ("attack", "defence", "aa", "asw", "bombardment", "speed", "range")
DIE_SIDES = 10  # 2.7: FA rolls d10; a defence is a d10 target (11.4.7.1)


class NavalOobError(ValueError):
    """The naval order of battle disagrees with itself or with the sea areas."""


@dataclass(frozen=True, slots=True)
class NavalClass:
    code: str
    type: str                  # SCS | SUB
    name: str
    values: Mapping[str, int]
    printed: Mapping[str, str]  # value -> where the rulebook prints it; the rest are authored
    # 13.5.5.4: (BP, turns) of the first cycle (to the construction pool) and of the second
    # (fitted out, to the map); authored, only for the BUILT_TYPES
    build: tuple[tuple[int, int], tuple[int, int]] | None = None


@dataclass(frozen=True, slots=True)
class NavalUnit:
    """One counter: ``id`` is the row id with a 1-based serial (``germany-u-boats-1``)."""

    id: str
    row: str
    power: str
    fleet: str
    cls: str
    type: str
    name: str
    base: str
    off_map: bool
    values: Mapping[str, int]
    ships: str
    source: str
    pool: bool = False      # in the 1914 force pool (22.1), not set up (version 15)


@dataclass(frozen=True, slots=True)
class NavalOob:
    scenario: str
    classes: Mapping[str, NavalClass]
    units: tuple[NavalUnit, ...]

    def of_power(self, power: str) -> tuple[NavalUnit, ...]:
        return tuple(u for u in self.units if u.power == power)

    def at(self, base: str) -> tuple[NavalUnit, ...]:
        return tuple(u for u in self.units if u.base == base)


def _values(raw: Mapping[str, Any], where: str) -> dict[str, int]:
    out = {}
    for f in VALUE_FIELDS:
        v = raw.get(f)
        if not isinstance(v, int) or isinstance(v, bool) or v < 0:
            raise NavalOobError(f"{where}: {f} must be an int >= 0, got {v!r}")
        out[f] = v
    if not 1 <= out["defence"] <= DIE_SIDES:
        raise NavalOobError(f"{where}: defence is a d10 target, 1-{DIE_SIDES} (11.4.7.1)")
    if out["speed"] < 1 or out["range"] < out["speed"] - 1:
        raise NavalOobError(f"{where}: a ship needs speed >= 1 and range enough to leave port")
    return out


def _build(raw: Mapping[str, Any], where: str) -> tuple[tuple[int, int], tuple[int, int]] | None:
    """13.5.5.4 — a buildable class's two cycles, each [BP >= 1, turns >= 1]."""
    b = raw.get("build")
    if b is None:
        if raw.get("type") in BUILT_TYPES:
            raise NavalOobError(f"{where}: a {raw.get('type')} needs its build cycles (13.5.5.4)")
        return None
    if raw.get("type") not in BUILT_TYPES or b.get("origin") not in ("printed", "authored"):
        raise NavalOobError(f"{where}: build cycles only for {list(BUILT_TYPES)}, with an origin")
    cycles = []
    for key in ("first", "second"):
        pair = b.get(key)
        if (not isinstance(pair, list) or len(pair) != 2
                or not all(isinstance(x, int) and not isinstance(x, bool) and x >= 1 for x in pair)):
            raise NavalOobError(f"{where}: build {key} must be [BP, turns], each an int >= 1")
        cycles.append((pair[0], pair[1]))
    return cycles[0], cycles[1]


def build_naval_oob(table: Mapping[str, Any], seas: FaSeas) -> NavalOob:
    classes: dict[str, NavalClass] = {}
    for code, raw in (table.get("classes") or {}).items():
        if code == "about":
            continue
        where = f"class {code}"
        if raw.get("type") not in UNIT_TYPES:
            raise NavalOobError(f"{where}: type must be one of {list(UNIT_TYPES)}")
        if raw.get("origin") not in ("printed", "authored"):
            raise NavalOobError(f"{where}: origin must be 'printed' or 'authored'")
        printed = dict(raw.get("printed") or {})
        if any(k not in VALUE_FIELDS for k in printed):
            raise NavalOobError(f"{where}: printed names unknown values {sorted(printed)}")
        classes[code] = NavalClass(code, raw["type"], str(raw.get("name") or code),
                                   MappingProxyType(_values(raw, where)), MappingProxyType(printed),
                                   _build(raw, where))

    units: list[NavalUnit] = []
    rows_seen: set[str] = set()
    for raw in table.get("units", []):
        rid = raw.get("id")
        where = f"unit row {rid}"
        if not isinstance(rid, str) or not rid or rid in rows_seen:
            raise NavalOobError(f"{where}: needs a unique id")
        rows_seen.add(rid)
        power, code, base, count = raw.get("power"), raw.get("class"), raw.get("base"), raw.get("count")
        if power not in seas.power_countries:
            raise NavalOobError(f"{where}: unknown power {power!r}; powers: {sorted(seas.power_countries)}")
        if code not in classes:
            raise NavalOobError(f"{where}: unknown class {code!r}; classes: {sorted(classes)}")
        if not isinstance(count, int) or isinstance(count, bool) or count < 1:
            raise NavalOobError(f"{where}: count must be an int >= 1")
        if not raw.get("source") or not raw.get("fleet"):
            raise NavalOobError(f"{where}: a fleet and a source are required")
        if raw.get("pool") and classes[code].build is None:
            raise NavalOobError(f"{where}: only buildable classes {list(BUILT_TYPES)} start in "
                                "the force pool")
        if base not in seas.bases_of(power):
            raise NavalOobError(f"{where}: base {base!r} is not a 1914 naval base of {power}; "
                                f"its bases: {list(seas.bases_of(power))}")
        values = dict(classes[code].values)
        override = raw.get("values")
        if override is not None:
            if not override.get("why") or override.get("origin") not in ("printed", "authored"):
                raise NavalOobError(f"{where}: an override needs an origin and a why")
            values.update({k: v for k, v in override.items() if k in VALUE_FIELDS})
            values = _values(values, where)
        for n in range(1, count + 1):
            units.append(NavalUnit(
                id=f"{rid}-{n}", row=rid, power=power, fleet=raw["fleet"], cls=code,
                type=classes[code].type, name=str(raw.get("name") or f"{raw['fleet']} {code}"),
                base=base, off_map=base in seas.off_map_bases, values=MappingProxyType(values),
                ships=str(raw.get("ships") or ""), source=raw["source"],
                pool=bool(raw.get("pool"))))
    return NavalOob(scenario=str(table.get("scenario")), classes=MappingProxyType(classes),
                    units=tuple(units))


def read_table() -> dict:
    return json.loads(TABLE_FILE.read_text(encoding="utf-8"))


@lru_cache(maxsize=None)
def load_naval_oob() -> NavalOob:
    """The 1914 naval order of battle (cached; read-only)."""
    return build_naval_oob(read_table(), load_fa_seas())
