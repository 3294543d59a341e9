"""BoP 6.44 — mines: one-step, immobile surface naval units that attack instead of fighting.

`data/mines.csv` holds a scenario's mine counters, their nation, where they set up (a map hex
label, CCRR, or a Sea Chart box id) and their attack score. The rulebook prints no mine counter
values, so the score is ours (ruling 86). The state keeps them in `board["mines"]`,
`{id: location | "pool" | "force_pool"}` (the mine pool on the Sea Chart, 6.218, and the force
pool a cleared enemy mine goes back to, 6.446); only scenarios with the standard admiralty have
the key.

Attacks (6.442, 6.443): a phasing force entering a location with at least one enemy mine is
attacked, every surface ship and submarine in it. In a map hex (one mine per side there) the
mine rolls 1d6 per ship and hits below its attack score; in a box (up to two per side) 2d6 per
ship, hitting below the sum of the scores there, doubled in the Gulf of Finland and halved in
the Mid Atlantic. A hit is a step (8.333's doubles never apply to mines). A force moving to a
location enters every location of its path: the cheapest in NMP, then the one entering the
fewest enemy-mined locations, then by location id (ruling 87); a force that wants another way
moves there in legs (7.33 lets a force move on).

Not built yet: placement (6.445), clearance (6.446), mines on a returning ship's way (8.5),
mines against landing counters (6.442's second case: no landing in 12.6).
"""

from __future__ import annotations

import csv
import heapq
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any, Mapping

from engine.kernel import Event, Roller

from . import naval
from .fleets import NAVAL_SIDE, SHIPS, side_of_ship
from .forces import other_side
from .naval_combat import take_hit
from .theatre import Theatre

State = dict[str, Any]
DATA = Path(__file__).parent / "data"
DOUBLED_BOXES = ("gulf-of-finland-box",)                       # 6.443
HALVED_BOXES = ("mid-atlantic-box", "mid-pacific-box", "indian-ocean-box")
MAX_PER_HEX, MAX_PER_BOX = 1, 2                                # 6.44, per side


@dataclass(frozen=True)
class Mine:
    id: str
    nation: str
    scenario: str
    start: str
    attack: int


def _mines() -> Mapping[str, Mine]:
    with open(DATA / "mines.csv", newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    out = {}
    for row in rows:
        if row["nation"] not in NAVAL_SIDE:
            raise ValueError(f"mines.csv: {row['id']} has no naval side ({row['nation']!r})")
        out[row["id"]] = Mine(row["id"], row["nation"], row["scenario"], row["start"],
                              int(row["attack"]))
    return MappingProxyType(out)


MINES = _mines()


def mines_of(scenario: str) -> list[Mine]:
    return sorted((m for m in MINES.values() if scenario in m.scenario.split()),
                  key=lambda m: m.id)   # `scenario` lists every scenario using the row


def side_of_mine(mid: str) -> str:
    return NAVAL_SIDE[MINES[mid].nation]


def at(state: State, loc: str, side: str) -> list[str]:
    """The mines of `side` in a location."""
    return sorted(m for m, where in state["board"].get("mines", {}).items()
                  if where == loc and side_of_mine(m) == side)


def score_in_box(box: str, mines: list[str]) -> int:
    """6.443 — the sum of the mine scores in a box: doubled in the Gulf of Finland, each halved
    (rounded down) in the Mid Atlantic, Mid Pacific and Indian Ocean."""
    if box in DOUBLED_BOXES:
        return sum(2 * MINES[m].attack for m in mines)
    if box in HALVED_BOXES:
        return sum(MINES[m].attack // 2 for m in mines)
    return sum(MINES[m].attack for m in mines)


def path(state: State, th: Theatre, start: str, to: str, side: str,
         kinds: set[str]) -> list[str]:
    """Ruling 87 — the locations a force enters going from `start` to `to`: the cheapest way in
    NMP, then the fewest enemy-mined locations entered, then location ids."""
    return way_to(ways(state, th, start, side, kinds, to), start, to)


def ways(state: State, th: Theatre, start: str, side: str, kinds: set[str],
         to: str | None = None) -> dict[str, str]:
    """Ruling 87's ways from `start`, as each location's previous one: searched until `to` is
    reached, or everywhere (`to` None) for a caller that asks about many destinations. A way
    found either way is the same: a location's previous one never changes once it is taken
    from the queue, and every location on a way is taken before the way's end."""
    enemy = other_side(side)
    best: dict[str, tuple[int, int]] = {start: (0, 0)}
    before: dict[str, str] = {}
    heap: list[tuple[int, int, str]] = [(0, 0, start)]
    while heap:
        cost, mined, loc = heapq.heappop(heap)
        if (cost, mined) > best.get(loc, (cost, mined)):
            continue
        if loc == to:
            break
        for nxt, step in naval._steps(state, th, loc, side, kinds):
            key = (cost + step, mined + (1 if at(state, nxt, enemy) else 0))
            if nxt not in best or key < best[nxt]:
                best[nxt] = key
                before[nxt] = loc
                heapq.heappush(heap, (key[0], key[1], nxt))
    return before


def way_to(before: dict[str, str], start: str, to: str) -> list[str]:
    """The way to `to` read back from `ways`: the locations entered, `to` last."""
    if to not in before:
        return [to]
    out = [to]
    while out[-1] in before and before[out[-1]] != start:
        out.append(before[out[-1]])
    return out[::-1]


def attack(state: State, th: Theatre, roller: Roller, loc: str,
           units: list[str]) -> list[Event]:
    """6.442, 6.443 — the enemy mines in `loc` attack every ship of the entering force."""
    fleets = state["board"]["fleets"]
    alive = sorted(u for u in units if u in fleets)
    if not alive:
        return []
    enemy = other_side(side_of_ship(alive[0]))
    mines = at(state, loc, enemy)
    if not mines:
        return []
    in_box = loc in naval.chart(th).boxes
    score = score_in_box(loc, mines) if in_box else MINES[mines[0]].attack
    events = []
    for uid in alive:
        dice = roller.roll(6, f"mine attack on {uid} {'2d6' if in_box else '1d6'}",
                           2 if in_box else 1)
        hit = sum(dice) < score
        outcome = take_hit(state, uid) if hit else None
        events.append(Event("naval_mine_attack", "BoP 6.443", {
            "at": loc, "mines": mines, "unit": uid, "dice": dice, "score": score,
            "hit": hit, "outcome": outcome}))
    return events


def attacks_along(state: State, th: Theatre, roller: Roller, way: list[str],
                  units: list[str]) -> list[Event]:
    """6.442 — the enemy mines of each location of `way` attack the force, in order."""
    if not units or "mines" not in state["board"]:
        return []
    events: list[Event] = []
    for loc in way:
        events += attack(state, th, roller, loc, units)
    return events


# --- placement and clearance (6.445, 6.446): the `naval_mine` decision ------------------------

CLEARANCE = {1: ("cleared", True), 2: ("cleared", False)}     # 6.446's table; 3-6: no effect


def work_cost(uid: str) -> int:
    """6.445, 6.446 — laying or clearing costs three times the ship's radius in NMP."""
    return 3 * SHIPS[uid].cls.radius


def _laid_here(state: State, loc: str, side: str) -> int:
    return len(at(state, loc, side))


def _neighbours(state: State, th: Theatre, loc: str, side: str, kind: str) -> list[str]:
    """6.446 — the locations one naval step from `loc` (a map-edge hex's box included)."""
    return sorted({to for to, _ in naval._steps(state, th, loc, side, {kind})})


def mine_items(state: State, th: Theatre, seat: str) -> list[dict[str, Any]]:
    """Every mine the seat's ships may lay or clear now: a ship that can still move and has
    three times its radius in NMP left; laying (any ship) takes the pool's first mine of its
    nation into its own location within the stacking limit (6.44); clearing (surface ships
    only) takes a mine in its location or one next to it, friendly or enemy (6.446)."""
    board = state["board"]
    if "mines" not in board:
        return []
    boxes = naval.chart(th).boxes
    out: list[dict[str, Any]] = []
    for uid in naval.movable(state, seat):
        if naval.remaining(state, uid) < work_cost(uid):
            continue
        here = board["fleets"][uid]["at"]
        side = side_of_ship(uid)
        pool = sorted(m for m, where in board["mines"].items()
                      if where == "pool" and MINES[m].nation == SHIPS[uid].nation)
        limit = MAX_PER_BOX if here in boxes else MAX_PER_HEX
        if pool and (here in th.water or here in boxes) and _laid_here(state, here, side) < limit:
            out.append({"action": {"unit": uid, "lay": pool[0]}, "at": here,
                        "nmp": work_cost(uid)})
        if not SHIPS[uid].cls.surface:
            continue
        for loc in [here] + _neighbours(state, th, here, side, SHIPS[uid].kind):
            for mid in sorted(m for m, where in board["mines"].items() if where == loc):
                out.append({"action": {"unit": uid, "clear": mid}, "at": loc,
                            "nmp": work_cost(uid)})
    return out


def _spend(state: State, uid: str) -> None:
    """The ship spends its work in its location: as part of the force in motion, or as a
    force of its own (which ends the force in motion, 6.43)."""
    nf = naval.naval_flow(state)
    if uid not in nf["force"]:
        nf["done"] = sorted(set(nf["done"]) | set(nf["force"]))
        nf["force"] = [uid]
        nf["tried"] = None                       # 7.43: a new force, not yet tried here
        naval.number_force(nf, [uid], new=True)
    nf["spent"][uid] = nf["spent"].get(uid, 0) + work_cost(uid)
    nf["spent"] = dict(sorted(nf["spent"].items()))


def do_mine_work(state: State, th: Theatre, roller: Roller, seat: str,
                 action: dict[str, Any]) -> list[Event]:
    """6.445 lay a mine, 6.446 clear one (the clearance table for an enemy mine: 1 cleared and
    the ship loses a step, 2 cleared, 3-6 no effect). The action must be one of `mine_items`
    (the kernel checks the listed options)."""
    uid = action["unit"]
    board = state["board"]
    _spend(state, uid)
    if "lay" in action:
        mid, here = action["lay"], board["fleets"][uid]["at"]
        board["mines"][mid] = here
        return [Event("naval_mine_laid", "BoP 6.445", {"unit": uid, "mine": mid, "at": here})]
    mid = action["clear"]
    where = board["mines"][mid]
    nf = naval.naval_flow(state)
    nf["clearing"] = sorted(set(nf.get("clearing", [])) | {uid})   # 6.446: not "in port"
    if side_of_mine(mid) == side_of_ship(uid):
        board["mines"][mid] = "pool"
        return [Event("naval_mine_cleared", "BoP 6.446", {
            "unit": uid, "mine": mid, "at": where, "own": True, "roll": None,
            "cleared": True, "outcome": None})]
    die = roller.d(6, f"mine clearance {uid} 1d6")
    cleared, loses = CLEARANCE.get(die, (None, False))
    if cleared:
        board["mines"][mid] = "force_pool"
    outcome = take_hit(state, uid) if loses else None
    return [Event("naval_mine_cleared", "BoP 6.446", {
        "unit": uid, "mine": mid, "at": where, "own": False, "roll": die,
        "cleared": bool(cleared), "outcome": outcome})]
