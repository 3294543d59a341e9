"""Builders for Fatal Alliances test positions on small synthetic maps.

    state = position(units=[corps("ge-a", "germany", "2,2"), ...], terrain={"3,2": "forest"},
                     rivers=["2,2|3,2"], weather="rain")

The grid is a parallelogram q in 0..width-1, r in 0..height-1; columns q < split are German,
the rest Russian. Every test map is registered under its own content-derived name.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from engine.board import Map
from engine.kernel import Roller
from engine.kernel.game import KERNEL
from engine.rulesets.fatal_alliances.morale import record_war_start
from engine.rulesets.fatal_alliances.position import register_map
from engine.rulesets.fatal_alliances.powers import POWER_SIDE
from engine.rulesets.fatal_alliances.sequence import Step, fresh_marks
from engine.rulesets.fatal_alliances.setup import build_state


def grid_map(width: int = 7, height: int = 5, split: int = 3, terrain=None, rivers=(),
             features=None, rail=(), zones=None, sea=(), straits=(), countries=None,
             possessions=()) -> str:
    """`countries` overrides a hex's country; `possessions` are hexes of a country outside
    its home country (FA 13.6.1.4)."""
    terrain = terrain or {}
    countries = countries or {}
    features = features or {}
    zones = zones or {}
    hexes = {}
    for q in range(width):
        for r in range(height):
            h = f"{q},{r}"
            hexes[h] = {"terrain": "sea" if h in sea else terrain.get(h, "clear"),
                        "sea": h in sea,
                        "country": None if h in sea else countries.get(
                            h, "germany" if q < split else "russia"),
                        "weather_zone": zones.get(h, "north_temperate"),
                        "features": sorted(features.get(h, []))}
            if h not in sea and h not in possessions:
                hexes[h]["home"] = hexes[h]["country"]
    sides = {}
    for side in rivers:
        sides[side] = {"river": "minor"}
    for side in straits:
        sides[side] = {"strait": True}
    places = {}
    for h, feats in sorted(features.items()):
        if "city" in feats:
            places[f"c{h.replace(',', '_').replace('-', 'm')}"] = {
                "name": f"City {h}", "hex": h, "country": hexes[h]["country"],
                "capital": "capital" in feats, "kind": "city"}
    doc = {"format": "salient-map/1",
           "meta": {"name": "test", "layout": {"orientation": "flat", "size": 20,
                                               "origin": [0, 0]}},
           "hexes": hexes, "hexsides": sides,
           "rail": [{"id": f"r{i}", "name": f"r{i}", "hexes": list(line)}
                    for i, line in enumerate(rail)],
           "places": places, "seas": {}, "boxes": {}}
    name = "test-" + hashlib.sha256(json.dumps(doc, sort_keys=True).encode()).hexdigest()[:16]
    doc["meta"]["name"] = name
    register_map(name, Map.from_document(doc))
    return name


def unit(uid: str, power: str, hex_id: str | None, *, type: str = "INF", size: str = "corps",
         cf: int = 3, ma: int = 3, reorg: int = 0, up: bool = True, white: bool = True,
         nation: str | None = None, **extra: Any) -> dict[str, Any]:
    return {"id": uid, "power": power, "nation": nation or power, "name": uid, "type": type,
            "size": size, "cf": cf, "ma": ma, "reorg": reorg, "white": white, "hex": hex_id,
            "up": up, "entrenched": False, "place_hex": None, **extra}


def corps(uid, power, hex_id, **kw):
    return unit(uid, power, hex_id, **kw)


def division(uid, power, hex_id, **kw):
    kw.setdefault("cf", 1)
    kw.setdefault("white", False)
    return unit(uid, power, hex_id, size="div", **kw)


def hq(uid, power, hex_id, reorg=2, **kw):
    kw.setdefault("cf", 1)
    return unit(uid, power, hex_id, type="HQ", reorg=reorg, **kw)


def position(units, *, map_name: str | None = None, weather: str = "fine",
             step: Step = Step.LAND_MOVE, active_side: str = "central",
             actions: dict[str, str] | None = None, forts=None, profile: str = "fa3",
             **map_kw: Any) -> dict[str, Any]:
    name = map_name or grid_map(**map_kw)
    state = build_state("east-prussia-1914", {"profile": profile}, ["germany", "russia"])
    board = state["board"]
    board["map"] = name
    board["units"] = {u["id"]: u for u in sorted(units, key=lambda u: u["id"])}
    board["forts"] = dict(forts or {})
    board["production_circle"] = []
    board["pool"] = {"germany": [], "russia": []}
    board["victory"].update(german_objectives=[], russian_objectives=[], sudden_death=None)
    for power in board["active"]:
        record_war_start(state, power)    # the war began on this map, as the position stands
    flow = state["flow"]
    flow["weather"]["zones"] = {z: weather for z in ("arctic", "mediterranean",
                                                      "north_monsoon", "north_temperate",
                                                      "south_monsoon", "south_temperate")}
    flow["step"] = step.value
    flow["active_side"] = active_side
    flow["impulse"] = 1
    flow["scripted_first"] = None
    flow["initiative"]["holder"] = "central"
    flow["actions"] = dict(actions or {"germany": "land", "russia": "land"})
    flow["used"] = {"germany": {}, "russia": {}}
    flow["marks"] = fresh_marks()
    state[KERNEL] = {"ruleset": "fatal_alliances", "scenario": "east-prussia-1914",
                     "options": {"profile": profile}, "game_uid": "test",
                     "sides": {p: POWER_SIDE[p] for p in ("germany", "russia")}, "dice": 0,
                     "seq": 0, "sealed": {}, "undo": None, "ended": None}
    return state


def skip_breakdown(ruleset: Any, state: dict[str, Any], seed: bytes) -> dict[str, Any]:
    """Answer every open FA 21.2 breakdown decision with done (the turn then goes on)."""
    from engine.kernel import apply, decisions
    while True:
        open_now = [d for d in decisions(ruleset, state) if d.kind == "breakdown"]
        if not open_now:
            return state
        d = open_now[0]
        state = apply(ruleset, state, d.seats[0], d.id, {"done": True}, seed=seed).state


class Dice(Roller):
    """A roller that plays back scripted values (and records them like the real one)."""

    def __init__(self, *values: int) -> None:
        super().__init__(b"\0" * 32, "test", 0)
        self.values = list(values)

    def roll(self, sides: int, purpose: str, count: int = 1,
             key: str | None = None) -> list[int]:
        out = []
        for _ in range(count):
            value = self.values.pop(0)
            assert 1 <= value <= sides, (value, sides, purpose)
            self.rolls.append({"n": self.counter, "sides": sides, "value": value,
                               "purpose": purpose})
            self.counter += 1
            out.append(value)
        return out


SUPPORT_PHASES = ("support_attacker", "support_defender", "sit_out")


def declare_all(state: dict[str, Any], power: str, actions: list[dict[str, Any]],
                roller: Roller, events: list[Any]) -> None:
    """FA 11.12 step 1 — declare each attack, then close the declarations (what the last
    declaring power's done does): the support announcements follow (declared.py)."""
    from engine.rulesets.fatal_alliances import declared
    from engine.rulesets.fatal_alliances.resolution import declare
    for action in actions:
        declare(state, power, action, roller, events)
    declared.close(state, roller, events)


def reply(state: dict[str, Any], seat: str, action: Any, roller: Roller,
          events: list[Any]) -> None:
    """Answer the land combat step's one open question as the step's verb does: a support
    announcement or the next combat's choice before the combats, a combat's reply inside."""
    from engine.rulesets.fatal_alliances import declared
    from engine.rulesets.fatal_alliances.resolution import answer
    if state["flow"].get("combat") is None:
        (decision,) = declared.decisions(state)
        declared.answer(state, seat, decision, action, roller, events)
    else:
        answer(state, seat, action, roller, events)
    declared.carry_on(state, roller, events)


def declare_with_best_support(state: dict[str, Any], power: str, action: dict[str, Any],
                              roller: Roller, events: list[Any]) -> None:
    """Declare an attack, close the declarations and answer the choices before the odds
    (FA 11.12.3 HQ support, option 1's sitting-out unit) with each one's first option: the
    best HQ of each side and the weakest unit out, as the tests of the other rules expect."""
    from engine.rulesets.fatal_alliances import declared
    declare_all(state, power, [action], roller, events)
    while True:
        c = state["flow"].get("combat")
        if c is None and declared.pending(state):
            (decision,) = declared.decisions(state)
            reply(state, "", decision.options[0], roller, events)
        elif c is not None and c["phase"] in SUPPORT_PHASES:
            reply(state, "", {"unit": c["sit_out_options"][0]} if c["phase"] == "sit_out"
                  else {"hq": c["support_options"][0]}, roller, events)
        else:
            return
