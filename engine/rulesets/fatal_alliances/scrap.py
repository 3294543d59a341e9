"""FA 4.3 / 13.5.5.2 — destroying and scrapping units (the reinforcement stage, after arrivals).

Each active major power may destroy any land unit it controls (its own and its aligned minors'
units on the map); such a unit goes to its force pool like any destroyed unit but earns no
bonus build point and costs no morale unless it stood in an enemy ZoC. A destroyed unit may
instead be scrapped — removed from the game for good — except militia, territorials and
partisans (13.5.5.2), which always return to their pool.

Rulings (docs/rules/fatal_alliances.md):
- the step is not held on a scenario's first turn (the units have just set up);
- the scrap choice for a unit destroyed in combat is made in its owner's next 4.3 step, while
  the unit is still in the force pool (`board.scrappable`); the list is cleared when that step
  ends, so a unit returned to the pool there stays (the choice is irrevocable);
- the age-based removal of pool units (13.5.5.1, the date on a counter's back) is not modelled:
  the counter manifest with its dates is absent;
- destroying an own unit is a two-part choice (`{destroy_own}` then the unit), one unit at a
  time, so a step's first list stays short;
- stand-in divisions (made by a combat breakdown with an empty pool) leave the game when
  destroyed and so have no separate scrap choice.
"""

from __future__ import annotations

from typing import Any

from engine.kernel import Event, Roller

from .position import commander, is_active, on_map, unit
from .resolution import destroy_unit
from .sequence import DONE, step_done
from .zoc import enemy_zoc

NEVER_SCRAPPED = ("MIL", "TERR", "PART")   # FA 13.5.5.2


def may_scrap(u: dict[str, Any]) -> bool:
    return u["type"] not in NEVER_SCRAPPED and not _stand_in(u)


def _stand_in(u: dict[str, Any]) -> bool:
    return u["id"].rsplit("-", 1)[-1].startswith("div")


def step_held(state: dict[str, Any]) -> bool:
    return state["flow"]["turn"] > 1


def _in_pool(state: dict[str, Any], uid: str) -> bool:
    return any(uid in ids for ids in state["board"]["pool"].values())


def scrap_options(state: dict[str, Any], power: str) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = [dict(DONE)]
    board = state["board"]
    if not step_held(state) or not is_active(state, power) or power in board.get("out", []):
        return out
    mine = [u for u in on_map(state) if commander(state, u["power"]) == power]
    if power in state["flow"].get("scrap_choosing", []):
        for u in mine:
            out.append({"destroy": u["id"]})
            if may_scrap(u):
                out.append({"destroy": u["id"], "scrap": True})
        return out
    for uid in board.get("scrappable", []):
        u = unit(state, uid)
        if commander(state, u["power"]) == power and _in_pool(state, uid) and may_scrap(u):
            out.append({"scrap": uid})
    if mine:
        out.append({"destroy_own": True})
    return out


def _scrap(state: dict[str, Any], u: dict[str, Any]) -> None:
    board = state["board"]
    for ids in board["pool"].values():
        if u["id"] in ids:
            ids.remove(u["id"])
    board["scrappable"] = [i for i in board.get("scrappable", []) if i != u["id"]]
    board["scrapped"] = sorted(set(board.get("scrapped", [])) | {u["id"]})


def apply_scrap(state: dict[str, Any], power: str, action: dict[str, Any],
                roller: Roller | None = None) -> list[Event]:
    flow = state["flow"]
    choosing = flow.get("scrap_choosing", [])
    if action == DONE:
        if power in choosing:
            flow["scrap_choosing"] = [p for p in choosing if p != power]
            return [Event("step_done", "FA 4.3", {"power": power, "activity": "destroy_own"})]
        return [step_done(state, power, "FA 4.3", "scrap")]
    if action.get("destroy_own"):
        flow["scrap_choosing"] = sorted(set(choosing) | {power})
        return []
    if "scrap" in action and "destroy" not in action:
        u = unit(state, action["scrap"])
        _scrap(state, u)
        return [Event("unit_scrapped", "FA 13.5.5.2", {"unit": u["id"]})]
    u = unit(state, action["destroy"])
    in_zoc = u["hex"] in enemy_zoc(state, u["power"])
    events: list[Event] = []
    destroy_unit(state, u, events, "destroyed_by_owner", morale=in_zoc, bonus=False, roller=roller)
    events[-1] = Event("unit_destroyed", events[-1].rule if events[-1].data.get("removed")
                       else "FA 4.3", {**events[-1].data, "morale": in_zoc})
    if (action.get("scrap") and u["id"] in state["board"]["units"]
            and u["id"] not in state["board"].get("removed", [])):
        _scrap(state, u)
        events.append(Event("unit_scrapped", "FA 13.5.5.2", {"unit": u["id"]}))
    flow["scrap_choosing"] = [p for p in choosing if p != power]
    return events


def end_step(state: dict[str, Any], roller: Roller) -> list[Event]:
    """The deferred scrap choice lapses at the end of the step."""
    state["board"]["scrappable"] = []
    state["flow"]["scrap_choosing"] = []
    return []
