"""BoP 5.11, 6.21-6.224 for naval units — the force pool's ships, naval procurement and
repair, and the muster of what the dockyards deliver (games with the standard admiralty:
12.3, 12.6; issue #21, ruling 109).

State (version 12, only where `board["fleets"]` exists):
- `board["ship_pool"]`: the ships in the force pool, sorted. A ship sunk in combat or by a
  mine goes there (5.11); the order of battle puts none there (the CoB's naval lines are not
  data yet).
- `board["dockyard"]`: `{id: {"due": "YYYY-MM", "refit": bool}}` — ships bought from the pool
  (6.223: a surface ship a year later, a submarine six months later) or repaired (6.224: 1d6
  months later, `"refit": true`), and mines bought (6.218: the next month, to the mine pool).
  A mine waiting there shows `"dockyard"` in `board["mines"]`.
- `board["refit_admirals"]`: `{leader: ship}` — a navy leader whose ship went to be repaired
  with no other ship of his type in that port waits ashore with it and goes back aboard when
  it musters (ruling 109).

Costs (6.222): a submarine step 1 RP, a battleship step 3, any other surface step 2, a mine
1; bought from the pool at full strength (two steps, 6.221), repaired for one step (a damaged
ship has lost one). Repairs only in an unconquered home-country port location (6.224): a port
box of the ship's nation, or a port hex of its home country its side holds.
"""

from __future__ import annotations

from typing import Any

from engine.kernel import Event, Roller

from . import naval
from .fleets import NAVY_LEADERS, SHIPS, is_surface, side_of_ship
from .forces import side_of
from .mines import MINES
from .occupy import conquered_now
from .sequence import months_later
from .supply import supplied_locations
from .theatre import Theatre, theatre

State = dict[str, Any]

STEP_COST = {"submarine": 1, "BB": 3, "surface": 2}     # 6.222, RP a step
MINE_COST = 1                                            # 6.222
BUILD_MONTHS = {"submarine": 6, "surface": 12}           # 6.223
MINE_PENDING = "dockyard"                                # board["mines"] while bought


def has_dockyards(state: State) -> bool:
    return "ship_pool" in state["board"]


def step_cost(uid: str) -> int:
    """6.222 — RP a step: submarines 1, battleships 3, other surface ships 2."""
    if not is_surface(uid):
        return STEP_COST["submarine"]
    return STEP_COST["BB"] if SHIPS[uid].kind == "BB" else STEP_COST["surface"]


def build_due(uid: str, month: str) -> str:
    """6.223 — a surface ship musters a year after it is bought, a submarine six months."""
    return months_later(month, BUILD_MONTHS["surface" if is_surface(uid) else "submarine"])


def destroyed(state: State, uid: str) -> bool:
    """A ship of the order of battle that has been sunk: not afloat and not being repaired
    (one bought back from the pool was still sunk once)."""
    board = state["board"]
    return uid not in board["fleets"] and not board.get("dockyard", {}).get(
        uid, {}).get("refit", False)


def _to_dockyard(board: dict[str, Any], uid: str, due: str, *, refit: bool) -> None:
    """A ship or mine waits for its month in the dockyard (kept in id order)."""
    board["dockyard"][uid] = {"due": due, "refit": refit}
    board["dockyard"] = dict(sorted(board["dockyard"].items()))


# --- procurement (6.221-6.223) -------------------------------------------------------------

def procurable(state: State, nation: str) -> list[str]:
    """6.221-6.222 — the nation's pool ships it can pay for at full strength, and the mines
    of its force pool (1 RP each)."""
    if not has_dockyards(state):
        return []
    rp = state["powers"][nation]["rp"]
    ships = [u for u in state["board"]["ship_pool"]
             if SHIPS[u].nation == nation and 2 * step_cost(u) <= rp]
    mines = [m for m, at in sorted(state["board"]["mines"].items())
             if at == "force_pool" and MINES[m].nation == nation and MINE_COST <= rp]
    return ships + mines


def procure(state: State, nation: str, uid: str, month: str) -> list[Event]:
    board = state["board"]
    if uid in MINES:
        state["powers"][nation]["rp"] -= MINE_COST
        due = months_later(month, 1)
        board["mines"][uid] = MINE_PENDING
        _to_dockyard(board, uid, due, refit=False)
        return [Event("procured", "BoP 6.222", {"nation": nation, "unit": uid,
                                                "cost": MINE_COST, "arrives": due})]
    cost = 2 * step_cost(uid)
    state["powers"][nation]["rp"] -= cost
    board["ship_pool"].remove(uid)
    due = build_due(uid, month)
    _to_dockyard(board, uid, due, refit=False)
    return [Event("procured", "BoP 6.223", {"nation": nation, "unit": uid, "cost": cost,
                                            "arrives": due})]


# --- repair (6.224) ------------------------------------------------------------------------

def home_port(state: State, th: Theatre, uid: str, loc: str) -> bool:
    """6.224 — a port location of the ship's own, unconquered home country: a Sea Chart port
    box of its nation, or a home port hex its side holds."""
    nation = SHIPS[uid].nation
    if conquered_now(state, th, nation):
        return False
    boxes = naval.chart(th).boxes
    if loc in boxes:
        return boxes[loc].kind == "port" and boxes[loc].owner == nation
    return loc in th.ports and th.home.get(loc) == nation and (
        naval.port_side(state, th, loc) == side_of_ship(uid))


def repairable(state: State, th: Theatre, nation: str) -> list[str]:
    """6.224 — the nation's damaged ships in one of its home port locations, for one step's
    cost."""
    if not has_dockyards(state):
        return []
    rp = state["powers"][nation]["rp"]
    carrying = set(state["board"].get("aboard", {}).values())     # 7.6: passengers aboard
    return [uid for uid, ship in sorted(state["board"]["fleets"].items())
            if SHIPS[uid].nation == nation and ship["steps"] == 1 and step_cost(uid) <= rp
            and uid not in carrying and home_port(state, th, uid, ship["at"])]


def repair(state: State, nation: str, uid: str, month: str, roller: Roller) -> list[Event]:
    """6.224 — pay, roll 1d6: the ship leaves play and musters at full strength that many
    months on. A navy leader aboard moves to another ship of his type in the port, else waits
    ashore with his ship (ruling 109)."""
    board = state["board"]
    cost = step_cost(uid)
    state["powers"][nation]["rp"] -= cost
    months = roller.roll(6, f"naval repair {uid} 1d6", 1)[0]
    at = board["fleets"].pop(uid)["at"]
    due = months_later(month, months)
    _to_dockyard(board, uid, due, refit=True)
    events = [Event("ship_repaired", "BoP 6.224", {"nation": nation, "unit": uid, "cost": cost,
                                                   "die": months, "arrives": due})]
    for leader in sorted(n for n, ship in board["admirals"].items() if ship == uid):
        others = sorted(u for u, s in board["fleets"].items() if s["at"] == at
                        and SHIPS[u].kind == NAVY_LEADERS[leader].rides
                        and SHIPS[u].nation == nation
                        and u not in board["admirals"].values())
        if others:
            board["admirals"][leader] = others[0]
            events.append(Event("navy_leader_transfers", "BoP 8.31",
                                {"leader": leader, "from": uid, "to": others[0]}))
        else:
            del board["admirals"][leader]
            board["refit_admirals"][leader] = uid
    return events


# --- muster (6.211, 6.212, 6.218) ----------------------------------------------------------

def begin_ship_muster(state: State) -> list[Event]:
    """6.211 — this month's ships and mines of the side leave the dockyard: mines go to the
    mine pool (6.218), ships wait to be placed by their nations."""
    if not has_dockyards(state):
        return []
    flow, board = state["flow"], state["board"]
    events = []
    ships = []
    for uid, entry in list(board["dockyard"].items()):
        if entry["due"] > flow["month"]:
            continue
        nation = MINES[uid].nation if uid in MINES else SHIPS[uid].nation
        if side_of(state, nation) != flow["side"]:
            continue
        del board["dockyard"][uid]
        if uid in MINES:
            board["mines"][uid] = "pool"
            events.append(Event("mustered", "BoP 6.218", {"unit": uid, "at": "pool"}))
        else:
            ships.append(uid)
    flow["ship_muster"] = sorted(ships)
    return events


def muster_nations(state: State) -> list[str]:
    return sorted({SHIPS[u].nation for u in state["flow"].get("ship_muster", [])})


def muster_spots(state: State, th: Theatre, uid: str) -> list[str]:
    """6.212 — a home port box of the ship's nation, or a home port hex its side holds and
    supplies, with no enemy ship there (ruling 109)."""
    nation, side = SHIPS[uid].nation, side_of_ship(uid)
    if conquered_now(state, th, nation):
        return []
    enemy_at = {s["at"] for u, s in state["board"]["fleets"].items() if side_of_ship(u) != side}
    boxes = naval.chart(th).boxes
    spots = [loc for loc, box in boxes.items() if box.kind == "port" and box.owner == nation]
    fed = supplied_locations(state, th, nation)
    spots += [loc for loc in th.ports if th.home.get(loc) == nation and loc in fed
              and naval.port_side(state, th, loc) == side]
    return sorted(loc for loc in set(spots) if loc not in enemy_at)


def muster(state: State, uid: str, loc: str) -> list[Event]:
    board = state["board"]
    state["flow"]["ship_muster"].remove(uid)
    board["fleets"][uid] = {"at": loc, "steps": 2}
    board["fleets"] = dict(sorted(board["fleets"].items()))
    for leader in sorted(n for n, ship in board["refit_admirals"].items() if ship == uid):
        del board["refit_admirals"][leader]
        board["admirals"][leader] = uid
    board["admirals"] = dict(sorted(board["admirals"].items()))
    return [Event("mustered", "BoP 6.21", {"unit": uid, "at": loc})]


def end_ship_muster(state: State) -> list[Event]:
    """6.211 — a ship with nowhere to muster goes back to the force pool (a leader waiting
    with it goes to his own: ruling 109)."""
    board = state["board"]
    events = []
    for uid in state["flow"].get("ship_muster", []):
        board["ship_pool"] = sorted(board["ship_pool"] + [uid])
        for leader in [n for n, ship in board["refit_admirals"].items() if ship == uid]:
            del board["refit_admirals"][leader]
        events.append(Event("muster_failed", "BoP 6.211", {"unit": uid}))
    if "ship_muster" in state["flow"]:
        state["flow"]["ship_muster"] = []
    return events


def ship_muster_unit(state: State, seat: str) -> tuple[str, list[str]] | None:
    """The seat's next arriving ship with somewhere to muster, and where."""
    th = theatre(state["board"]["map"])
    for uid in state["flow"].get("ship_muster", []):
        if SHIPS[uid].nation == seat:
            spots = muster_spots(state, th, uid)
            if spots:
                return uid, spots
    return None
