"""Builders for BoP rule tests: small handmade maps and positions.

    th = grid(8, 6, country={"0102": "germany"}, default="france", name="t-rivers")
    state = position(th, {"ger-inf-3": "0203", "fra-inf-1": "0303"})

Hexes are named by their "CCRR" label (odd-q columns, as on the rulebook's maps); `hx(th,
"0203")` gives the hex id. Dice are scripted with `Dice([3, 4, ...])`.
"""

from __future__ import annotations

from typing import Any, Iterable

from engine.board import Map
from engine.board.hexgrid import hexside_id
from engine.kernel import Roller
from engine.rulesets.balance_of_powers import setup
from engine.rulesets.balance_of_powers.forces import UNITS, UnitInfo
from engine.rulesets.balance_of_powers.theatre import Theatre, register_theatre


def axial(col: int, row: int) -> tuple[int, int]:
    return col, row - (col - (col & 1)) // 2


def hid(label: str) -> str:
    q, r = axial(int(label[:2]), int(label[2:]))
    return f"{q},{r}"


def hx(th: Theatre, label: str) -> str:
    return hid(label)


def grid(width: int, height: int, *, name: str, default: str = "france",
         country: dict[str, str] | None = None, terrain: dict[str, str] | None = None,
         sea: Iterable[str] = (), rivers: Iterable[tuple[str, str]] = (),
         rail: Iterable[list[str]] = (), places: dict[str, dict[str, Any]] | None = None,
         boxes: dict[str, dict[str, Any]] | None = None,
         sides: Iterable[tuple[str, str, str]] = (), rulebook_map: str = "north_europe") -> Theatre:
    """A width × height map of labels 0101…; every hex `default` unless named in `country`;
    `sides` are (label, label, feature) hexside features: red_bar, all_lake, mountain_pass,
    alpine_pass, all_sea. `rulebook_map` is the rulebook's map it stands for (6.511 weather)."""
    country = country or {}
    terrain = terrain or {}
    sea = set(sea)
    hexes: dict[str, dict[str, Any]] = {}
    for col in range(1, width + 1):
        for row in range(1, height + 1):
            label = f"{col:02d}{row:02d}"
            is_sea = label in sea
            nation = None if is_sea else country.get(label, default)
            hexes[hid(label)] = {"label": label, "terrain": "sea" if is_sea else terrain.get(
                label, "clear"), "sea": is_sea, "coastal": False, "country": nation,
                "home": nation, "sea_area": "north-sea" if is_sea else None, "features": []}
    for h, info in hexes.items():
        q, r = (int(x) for x in h.split(","))
        if not info["sea"]:
            info["coastal"] = any(hexes.get(f"{q + dq},{r + dr}", {}).get("sea", False)
                                  for dq, dr in ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1),
                                                 (0, 1)))
    hexsides = {}
    for a, b in rivers:
        hexsides[hexside_id(hid(a), hid(b))] = {"river": "minor", "strait": False,
                                                "canal": False, "all_sea": False,
                                                "border": False}
    for a, b, feature in sides:
        entry = hexsides.setdefault(hexside_id(hid(a), hid(b)), {
            "river": None, "strait": False, "canal": False, "all_sea": False, "border": False})
        entry[feature] = True
    doc_places = {}
    for pid, spec in (places or {}).items():
        loc = hid(spec["at"])
        doc_places[pid] = {"name": spec.get("name", pid.title()), "hex": loc,
                           "country": hexes[loc]["country"], "capital": spec.get("capital", False),
                           "port": spec.get("port"), "fortress": spec.get("fortress", False),
                           "kind": "city"}
        hexes[loc]["features"] = sorted({"city"} | ({"capital"} if spec.get("capital") else set()))
    doc = {
        "format": "salient-map/1",
        "meta": {"name": name, "title": name, "hex_km": 46,
                 "layout": {"orientation": "flat", "size": 20, "origin": [0, 0]}},
        "hexes": hexes, "hexsides": hexsides,
        "seas": {"north-sea": {"name": "North Sea", "hexes": sorted(hid(s) for s in sea),
                               "sections": {}}} if sea else {},
        "boxes": {k: {**v, "adjacent": [hid(a) for a in v["adjacent"]]}
                  for k, v in (boxes or {}).items()},
        "rail": [{"id": f"line-{i}", "name": f"Line {i}", "hexes": [hid(x) for x in line]}
                 for i, line in enumerate(rail)],
        "places": doc_places,
    }
    return register_theatre(name, Map.from_document(doc), rulebook_map)


def position(th: Theatre, units: dict[str, str], *, month: str = "1914-08", fortnight: int = 2,
             side: str = "central", entrenched: Iterable[str] = (), rp: dict[str, int] | None = None,
             sides: dict[str, str] | None = None, step: str = "half") -> dict[str, Any]:
    """A state on map `th` with `units` (uid → label) in maneuver mode unless entrenched."""
    state = setup.initial_state(th.name, {"secret_setup": False})
    state["kernel"] = {"game_uid": f"test-{th.name}"}
    flow = state["flow"]
    flow.update(step=step, month=month, fortnight=fortnight, side=side, script_position=9)
    dug = set(entrenched)
    for uid, label in units.items():
        loc = label if label in th.boxes else hid(label)
        state["board"]["units"][uid] = {"at": loc, "mode": "entrenched" if uid in dug
                                        else "maneuver"}
    for nation, value in (rp or {}).items():
        state["powers"][nation]["rp"] = value
    for nation, value in (sides or {}).items():
        state["powers"][nation]["side"] = value
    flow["active"] = []
    return state


class Dice(Roller):
    """A Roller that plays scripted values (and records them like the real one)."""

    def __init__(self, values: list[int]) -> None:
        super().__init__(b"test", "test", 0)
        self.values = list(values)

    def roll(self, sides: int, purpose: str, count: int = 1,
             key: str | None = None) -> list[int]:
        out = []
        for _ in range(count):
            if not self.values:
                raise AssertionError(f"no scripted die left for {purpose}")
            value = self.values.pop(0)
            self.rolls.append({"n": self.counter, "sides": sides, "value": value,
                               "purpose": purpose})
            self.counter += 1
            out.append(value)
        return out


_ORIGINAL: dict[str, UnitInfo | None] = {}   # what an extra unit's id held before it


def extra_unit(uid: str, nation: str, kind: str, eff: int, mp: int = 3, yellow: bool = False,
               attack: int = 0, defense: int = 0) -> str:
    """Register a unit outside the 12.1 order of battle (for the rulebook's 1916 examples);
    `drop_extra` gives its id back what it held (a real unit of a later scenario's OB)."""
    _ORIGINAL.setdefault(uid, UNITS.get(uid))
    UNITS[uid] = UnitInfo(uid, nation, kind, uid, eff, yellow, mp, "test", "", attack, defense)
    return uid


def drop_extra(uid: str) -> None:
    original = _ORIGINAL.pop(uid, None)
    if original is None:
        UNITS.pop(uid, None)
    else:
        UNITS[uid] = original
