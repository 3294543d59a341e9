"""FA 22 — scenarios: set-up from our own order of battle (data/*.csv, with sources)."""

from __future__ import annotations

import csv
from pathlib import Path
from typing import Any

from engine.board.hexgrid import distance, parse_hex_id
from engine.kernel import BadSetup, Event, Roller

from . import overseas
from .campaign import campaign_spec, offmap_from_chart, run_script
from .charts import START_MORALE_1914, TURN_NAMES
from .convoys import place_convoys
from .fleets import place_fleets
from .morale import record_war_start
from .naval_builds import naval_pools
from .position import DATA, WINDOW_MAP, game_map
from .powers import POWER_SIDE
from .profiles import rules_for
from .sequence import Step, fresh_marks, turn_label
from .weather import chart_row
from .zoc import is_legal_stack

# The land option rules a table may switch on (FA options; all off by default, as optional
# rules are played only if every player agrees). See ruleset.OPTION_SCHEMA.
OPTION_RULES = ("emergency_hq_supply", "in_hex_reserves", "isolated_reorganisation",
                "home_front_reserves")

OOB_FIELDS = ("id", "power", "nation", "name", "type", "size", "cf", "ma", "reorg", "white",
              "place", "hex", "arrives", "source")


def read_oob(path: Path) -> list[dict[str, str]]:
    """Read an order-of-battle file; every row needs a source."""
    with path.open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    for row in rows:
        if tuple(row) != OOB_FIELDS:
            raise AssertionError(f"{path.name}: columns must be {OOB_FIELDS}")
        if not row["source"].strip():
            raise AssertionError(f"{path.name}: {row['id']} has no source")
    return rows


def _unit(row: dict[str, str], place_hex: str | None) -> dict[str, Any]:
    return {"id": row["id"], "power": row["power"], "nation": row["nation"],
            "name": row["name"], "type": row["type"], "size": row["size"],
            "cf": int(row["cf"]), "ma": int(row["ma"]), "reorg": int(row["reorg"]),
            "white": row["white"] == "1", "hex": None, "up": True, "entrenched": False,
            "place_hex": place_hex}


SCENARIOS: dict[str, dict[str, Any]] = {
    "east-prussia-1914": {
        "map": WINDOW_MAP, "oob": "oob_east_prussia.csv", "start": ("J/A", 1914),
        "last_turn": 3, "first_side": "entente", "initiative_track": 2,
        "active": ["germany", "russia"], "wars": [["germany", "russia"]],
        "offmap_factories": {"germany": 2, "russia": 2},
        "offmap_resources": {"germany": 2, "russia": 2},
        "forts": [
            {"power": "germany", "place": "lotzen", "toward": ["40,0", "39,1"]},
            {"power": "germany", "place": "konigsberg", "toward": ["40,-2"]},
            {"power": "germany", "place": "thorn", "toward": ["38,1", "38,2"]}],
        "victory": {"kind": "east_prussia",
                    "german_objectives": ["konigsberg", "allenstein", "lotzen", "danzig"],
                    "russian_objectives": ["bialystok", "grodno", "kovno", "warsaw"],
                    "sudden_death": "konigsberg"},
    },
}


def _place_hex(m: Any, place: str) -> str:
    return m.places[place].hex


def _free_hex(m: Any, units: dict[str, dict[str, Any]], u: dict[str, Any], want: str,
              at_set_up: dict[str, Any]) -> str:
    """FA 22.2 — stacking must be legal after set-up: a unit whose named hex is full goes to
    the nearest hex of the same country with room (ties by hex id)."""
    country = m.hex(want).home or m.hex(want).country
    here = parse_hex_id(want)

    def fits(h: str) -> bool:
        stack = [o for o in units.values() if o["hex"] == h and o["id"] != u["id"]]
        return is_legal_stack(at_set_up, stack + [u])

    if fits(want):
        return want
    candidates = sorted((distance(here, parse_hex_id(h)), h) for h in m.ids
                        if not m.hex(h).sea and (m.hex(h).home or m.hex(h).country) == country)
    for _, h in candidates:
        if fits(h):
            return h
    raise BadSetup(f"no room to set up {u['id']} near {want}")


def asterisks_before(spec: dict[str, Any]) -> int:
    """FA 8 / 22.3 — the asterisks the scenario's first weather roll inherits: a scenario that
    names the last roll before it (the turn and the roll) reads them off the chart."""
    before = spec.get("weather_before")
    return chart_row(before[0], before[1])[1] if before else 0


def build_state(scenario: str, options: dict[str, Any], seats: list[str]) -> dict[str, Any]:
    spec = SCENARIOS.get(scenario)
    if spec is None:
        spec = campaign_spec()
    try:
        m = game_map(spec["map"])
    except LookupError as exc:
        raise BadSetup(f"the map {spec['map']!r} is not available yet: {exc}") from None
    units: dict[str, dict[str, Any]] = {}
    circle = []
    pool: dict[str, list[str]] = {p: [] for p in seats}
    face_down = set(spec.get("face_down", []))
    # who co-operates at set-up (FA 19.1): the scenario's alignments and powers at war
    at_set_up = {"board": {"aligned": dict(spec.get("aligned", {})),
                           "active": sorted(spec["active"])}}
    for row in read_oob(DATA / spec["oob"]):
        if row["power"] not in seats and row["power"] in POWER_SIDE:
            continue
        place_hex = row["hex"] or (_place_hex(m, row["place"]) if row["place"] else None)
        u = _unit(row, place_hex)
        units[u["id"]] = u
        arrives = int(row["arrives"])
        if arrives == 1:
            assert place_hex is not None, f"{u['id']} starts on the map with no hex or place"
            u["hex"] = _free_hex(m, units, u, place_hex, at_set_up)
            u["up"] = u["nation"] not in face_down
        elif arrives == 0:
            pool.setdefault(u["power"], []).append(u["id"])
        else:
            circle.append({"unit": u["id"], "turn": arrives})
    forts = {}
    for fort in spec["forts"]:
        at = _place_hex(m, fort["place"])
        for toward in fort["toward"]:
            if toward in m.index and toward in m.neighbours(at):
                forts["|".join(sorted((at, toward)))] = {"hex": at, "power": fort["power"]}
    offmap = (offmap_from_chart(m, sorted(seats)) if spec.get("offmap") == "chart"
              else (dict(spec["offmap_factories"]), dict(spec["offmap_resources"])))
    start_name, start_year = spec["start"]
    start_index = TURN_NAMES.index(start_name)
    name, year = turn_label(1, start_index, start_year)
    v = dict(spec["victory"])
    for key in ("german_objectives", "russian_objectives", "objectives", "automatic"):
        if key in v:
            v[key] = sorted({_place_hex(m, p) for p in v[key]})
    if v.get("sudden_death"):
        v["sudden_death"] = _place_hex(m, v["sudden_death"])
    # the campaign's `turns` option caps it (R-N22); East Prussia has no such option
    v["last_turn"] = int(options.get("turns") or spec["last_turn"])
    board = {
        "map": spec["map"], "units": dict(sorted(units.items())), "control": {},
        "forts": dict(sorted(forts.items())),
        "wars": sorted("|".join(sorted(pair)) for pair in spec["wars"]),
        "active": sorted(spec["active"]), "active_since": {p: 1 for p in spec["active"]},
        "sides": {p: POWER_SIDE[p] for p in sorted(seats)},
        "morale": {p: START_MORALE_1914[p] for p in sorted(seats)},
        "morale_points": {p: 0 for p in sorted(seats)},
        "bp": {p: 0 for p in sorted(seats)}, "saved_bp": {p: 0 for p in sorted(seats)},
        "saved_from_last": {},
        "bonus_bp": {p: 0 for p in sorted(seats)}, "pool": {p: sorted(v_) for p, v_ in
                                                             sorted(pool.items())},
        "production_circle": sorted(circle, key=lambda e: (e["turn"], e["unit"])),
        "built_last": {}, "built_now": {}, "entrench_due": [], "entrench_pending": {},
        "options": {o: bool(options.get(o, False)) for o in OPTION_RULES},
        "halved": {}, "conquered": {}, "conquest_history": {}, "removed": [], "out": [],
        "liberation_partners": {}, "liberation_refusers": {},
        "scrappable": [], "scrapped": [],
        "war_minors": {}, "war_holdings": {},
        "ops": {p: 0 for p in sorted(seats)}, "op_due": [], "op_required": {}, "op_bought": {},
        "morale_bp": {}, "morale_bp_max": {},
        "reserve_pool": {},
        "rules": rules_for(options["profile"]), "attacked_this_turn": [],
        "zoc_silenced": {}, "victory": v, "result": None,
        "offmap_factories": offmap[0], "offmap_resources": offmap[1],
        "aligned": dict(spec.get("aligned", {})),
    }
    if spec.get("fleets"):
        board["fleets"] = place_fleets(seats)    # FA 22.2: every ship in its 1914 base
        # FA 22.1, 13.5.5.4 (version 15): the TRS/AMPH force pools, the construction pool
        # and the naval units on the production circle
        board["naval_pool"] = naval_pools(sorted(seats))
        board["construction_pool"] = {}
        board["naval_circle"] = []
        # FA 13.5.1.4 (version 19, R-N35): the authored 1914 convoy points at sea
        board["convoys"] = place_convoys(seats)
        # option 2, limited overseas supply (2.4.2.3): a naval option, so the campaign's only
        board["options"][overseas.OPTION] = bool(options.get(overseas.OPTION, False))
    flow = {
        "step": Step.REINFORCEMENT.value, "turn": 1, "turn_name": name, "year": year,
        "start_index": start_index, "start_year": start_year,
        "initiative": {"track": spec["initiative_track"], "holder": None, "winner": None,
                       "rolls": None, "rerolled": False},
        "scripted_first": spec["first_side"], "first_side": None, "active_side": None,
        "impulse": 0, "impulse_box": 0, "impulse_sides": [],
        "weather": {"roll": None, "modified": None, "asterisks": asterisks_before(spec),
                    "advance": 1, "zones": {}},
        "actions": {}, "used": {}, "done": [], "marks": fresh_marks(),
        "combat": None, "declared": [], "attacks_closed": False, "answer_counts": {},
        "liberation_offers": [], "foreign_start": None,
        "enemy_held": [], "down_at_start": [],
        "script": spec.get("script", []), "script_done": [], "may_act": [], "forced_pass": [],
        "broken_down": [], "built_up": [],
        "op_unlimited": [], "op_hq": {}, "op_spent": {}, "home_front_moved": [], "emergency": {},
        "scrap_choosing": [],
    }
    state = {"flow": flow, "board": board, "secret": {}}
    for p in board["active"]:
        record_war_start(state, p)    # the powers at war from set-up (FA 14.1)
    return state


def scripted_declarations(state: dict[str, Any], roller: Roller) -> list[Event]:
    """FA 22.3 / 22.6 — scripted declarations of war and automatic entry dates that fall on
    this impulse (see campaign.py); East Prussia has none. The roller is for ships overrun
    in a port whose neutral joins the other side (11.9.6.2)."""
    return run_script(state, roller)


def declarations(state: dict[str, Any], roller: Roller) -> list[Event]:
    """FA 9 / 22.6 — the declaration step: only the scripted declarations and entry dates."""
    return scripted_declarations(state, roller)
