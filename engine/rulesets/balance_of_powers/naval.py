"""BoP 7 — naval movement on the map's water and the Sea Chart's boxes (standard admiralty).

A naval location is a map water hex, a map port hex (a ship there is in port, 6.41), or a
Sea Chart port or ocean box; grey spaces are never entered (7.54): their map hexes are. What
entering costs (7.31, 7.51): a map hex 1 NMP, a port box 3, an ocean box 18; from a box its
map-edge hexes cost 1. Never port box to port box (7.55); a frozen box is closed in its months
(7.53); a coast defence ship stays off ocean boxes except the Gulf of Finland (7.24, the box
half: no CD sails in our scenarios yet, so the map half is not built). Neutral ports are never
entered (ruling 67); an enemy port box may be, the ship being at sea there (7.51).

Each ship has its range (4 × radius, 7.11) each GQ sub-phase and is charged individually (7.33).
A phasing side moves one force at a time (6.43): a `naval_move` moves the chosen ships together
along the cheapest path to one location. The force may move on from there while every ship
has the NMP; ships at its location that have not moved may join it, counting as having spent
what it spent (7.33); ships it leaves behind, and the whole force once another starts, move no
more this sub-phase. Surface ships and submarines never share a force (7.21). A nation pays
1 RP the first time in a month it moves a dreadnought, and cannot move one without it (7.25).

A force carrying passengers (7.6, transport.py) ends its moves on the map (ruling 103).

Coastal raids (7.35) are coastal_raids.py, interrupt (7.4) interrupt.py; transport and
invasion (7.6, 7.7) transport.py and amphibious.py. Not built (docs/rules/balance_of_powers.md):
the Kiel and Suez canals (7.34).
"""

from __future__ import annotations

from typing import Any

from engine.board.paths import cheapest_costs
from engine.kernel import Event, IllegalAction
from engine.maps.seachart import SeaChart, load_sea_chart

from . import admiralty, coastal_raids
from .fleets import SHIPS, is_surface, naval_range, side_of_ship
from .forces import controller, friendly_corps_count, side_of, stack_limit, stacking_conflict
from .theatre import Theatre

State = dict[str, Any]
CD_BOXES = ("gulf-of-finland-box",)     # 7.24: the only ocean box a CD may enter


def chart(th: Theatre) -> SeaChart:
    return load_sea_chart(th.name)


def _box_of_chart(ch: SeaChart, loc: str) -> str | None:
    return ch.boxes[loc].kind if loc in ch.boxes else None


def port_side(state: State, th: Theatre, loc: str) -> str | None:
    """The side whose port a map port hex or port box is: its controller's, else its home
    nation's side (2.5); None for a neutral's or a not-port location."""
    ch = chart(th)
    if loc in ch.boxes:
        owner = ch.boxes[loc].owner if ch.boxes[loc].kind == "port" else None
    elif loc in th.ports:
        holder = state["board"]["control"].get(loc)
        if holder is not None:
            return str(state["powers"][holder]["side"]) if holder in state["powers"] else None
        owner = th.home.get(loc)
    else:
        return None
    if owner is None or owner not in state["powers"]:
        return None
    return state["powers"][owner]["side"]


def in_port(state: State, th: Theatre, uid: str, at: str | None = None) -> bool:
    """6.41 — a ship in a friendly port hex or port box is in port (it may decline contact),
    unless it is clearing mines this sub-phase (6.446); `at` asks about a place it would
    stand in on its way (8.1 in passing, ruling 118) instead of where it is."""
    if uid in state["flow"]["naval"].get("clearing", ()):     # 6.446: clearing mines
        return False
    here = state["board"]["fleets"][uid]["at"] if at is None else at
    return port_side(state, th, here) == side_of_ship(uid)


def _steps(state: State, th: Theatre, loc: str, side: str, kinds: set[str]) -> list[tuple[str, int]]:
    """Where a force of `kinds` on `side` can go in one step from `loc`, with the NMP."""
    ch = chart(th)
    month = int(state["flow"]["month"][5:7])
    out: list[tuple[str, int]] = []
    here_box = _box_of_chart(ch, loc)
    if here_box is None:
        ports = admiralty._water(th)[1]
        if loc in th.ports:                              # a port hex opens on its water
            out += [(w, 1) for w in sorted(ports.get(loc, ()))]
        else:
            out += [(o, 1) for o in th.all_adj[loc] if o in th.water]
            out += [(p, 1) for p in sorted(th.ports) if p not in ch.boxes and loc in ports.get(p, ())
                    and port_side(state, th, p) == side]
            out += [(b, ch.entry_nmp(b)) for b in ch.boxes_at(loc)
                    if ch.boxes[b].kind != "grey" and loc in ch.boxes[b].sea_hexes]
    else:
        out += [(h, 1) for h in ch.boxes[loc].sea_hexes]                   # 7.51
        for other in ch.neighbours(loc):
            kind = ch.boxes[other].kind
            if kind == "grey" or (kind == "port" and here_box == "port"):  # 7.54, 7.55
                continue
            out.append((other, ch.entry_nmp(other)))
    out += canal_steps(state, th, loc, side)                                # 7.32, 7.34
    legal = []
    for to, cost in out:
        if to in ch.boxes:
            box = ch.boxes[to]
            if month in box.frozen_months:                                 # 7.53
                continue
            if box.kind == "ocean" and "CD" in kinds and to not in CD_BOXES:  # 7.24
                continue
            if box.kind == "port" and port_side(state, th, to) is None:     # ruling 67
                continue
        legal.append((to, cost))
    return legal


KIEL_CANAL = ("1812", "1911")      # Brunsbüttel and Kiel (map labels): the canal's two ends
_CANAL: dict[str, tuple[str, str]] = {}


def canal_hexes(th: Theatre) -> tuple[str, str]:
    """The canal's two location ids on this map ("" where it lacks one), once per map: every
    step of a naval path asks."""
    found = _CANAL.get(th.name)
    if found is None:
        by_label = {label: loc for loc, label in th.label.items()}
        west, east = (by_label.get(label, "") for label in KIEL_CANAL)
        found = _CANAL[th.name] = (west, east)
    return found


def canal_steps(state: State, th: Theatre, loc: str, side: str) -> list[tuple[str, int]]:
    """7.32, 7.34 (ruling 112) — the Kiel Canal: Brunsbüttel (1812, entered from the water
    beside it) and Kiel (1911, a port) are its hexes, 1 NMP each; the hexside between them is
    crossed only while neither end is enemy-controlled (a ship may still go into the contested
    end and come back out)."""
    west, east = canal_hexes(th)
    if not west or not east:
        return []
    out: list[tuple[str, int]] = []
    if loc in th.water and west in th.all_adj.get(loc, ()):
        out.append((west, 1))
    if loc == west:
        out += [(w, 1) for w in sorted(th.all_adj[west]) if w in th.water]
    if loc in (west, east):
        held = {side_of(state, controller(state, th, end)) for end in (west, east)}
        if not held - {side, None}:
            out.append((east if loc == west else west, 1))
    return out


def reachable(state: State, th: Theatre, start: str, side: str, kinds: set[str],
              budget: int) -> dict[str, int]:
    """Every location a force can reach from `start` with `budget` NMP, and its cheapest cost
    (7.22: a ship that cannot pay a location's cost cannot enter it)."""
    best = cheapest_costs(start, lambda loc: _steps(state, th, loc, side, kinds), budget)
    best.pop(start)
    return dict(sorted(best.items()))


# --- the force in motion -------------------------------------------------------------------------

def naval_flow(state: State) -> dict[str, Any]:
    return state["flow"]["naval"]


def number_force(nf: dict[str, Any], units: list[str], new: bool) -> None:
    """`force_no`: the number of the force (1, 2 … in the half) each ship last set out or
    worked in. No rule reads it: it lets a view say which ships are done without touching
    them when another force starts (issue #27, `ruleset.naval_fleets`); the rules read
    `force` and `done`."""
    numbers = dict(nf.get("force_no", {}))
    current = max(numbers.values(), default=0)
    for uid in units:
        numbers[uid] = current + 1 if new else max(current, 1)
    nf["force_no"] = dict(sorted(numbers.items()))


def remaining(state: State, uid: str) -> int:
    return naval_range(uid) - naval_flow(state)["spent"].get(uid, 0)


def movable(state: State, seat: str) -> list[str]:
    """The seat's ships that may still move this sub-phase."""
    nf = naval_flow(state)
    return sorted(u for u in state["board"]["fleets"] if SHIPS[u].nation == seat
                  and u not in nf["done"] and remaining(state, u) > 0)


def stacks(state: State, seat: str) -> list[list[str]]:
    """The seat's movable ships by location, surface and submarine apart (7.21)."""
    groups: dict[tuple[str, bool], list[str]] = {}
    for uid in movable(state, seat):
        groups.setdefault((state["board"]["fleets"][uid]["at"], is_surface(uid)), []).append(uid)
    return [groups[k] for k in sorted(groups)]


def _budget(state: State, units: list[str]) -> int:
    """The force's NMP: its slowest ship's, joiners counting what the force has spent (7.33)."""
    nf = naval_flow(state)
    spent_by_force = 0
    if set(units) & set(nf["force"]):        # the force goes on, perhaps with joiners
        spent_by_force = max((nf["spent"].get(u, 0) for u in nf["force"]), default=0)
    out = []
    for uid in units:
        spent = nf["spent"].get(uid, 0)
        if uid not in nf["force"]:
            spent = max(spent, spent_by_force)
        out.append(naval_range(uid) - spent)
    return min(out)


def bb_fee_due(state: State, seat: str, units: list[str]) -> bool:
    return any(SHIPS[u].kind == "BB" for u in units) and seat not in naval_flow(state)["bb_fee"]


def check_force(state: State, th: Theatre, seat: str, units: list[str]) -> int:
    """BoP 7.21, 7.25, 7.33 — the force may move; returns its NMP. Raises IllegalAction."""
    fleets = state["board"]["fleets"]
    if not units or len(set(units)) != len(units):
        raise IllegalAction("BoP 7.21", "no_force", {"units": units}, "Choose ships to move.")
    free = set(movable(state, seat))
    for uid in units:
        if uid not in free:
            raise IllegalAction("BoP 7.22", "cannot_move", {"unit": uid},
                                f"{uid} is not one of your ships that can still move this "
                                "sub-phase.")
    if len({fleets[u]["at"] for u in units}) != 1:
        raise IllegalAction("BoP 7.21", "not_stacked", {"units": units},
                            "A force moves together: its ships must start in one location.")
    if len({is_surface(u) for u in units}) != 1:
        raise IllegalAction("BoP 7.21", "mixed_force", {"units": units},
                            "Surface ships and submarines never move in one force.")
    if bb_fee_due(state, seat, units) and state["powers"][seat]["rp"] < 1:
        raise IllegalAction("BoP 7.25", "bb_fee", {"nation": seat},
                            "Moving a dreadnought costs 1 RP this month, and you have none.")
    return _budget(state, units)


def destinations(state: State, th: Theatre, seat: str, units: list[str],
                 ending: bool = True) -> dict[str, int]:
    """Where the force can go, with the NMP; where it ends its move (`ending`), only where its
    passengers fit (ruling 103), not where it pauses on its way (ruling 118)."""
    budget = check_force(state, th, seat, units)
    start = state["board"]["fleets"][units[0]]["at"]
    kinds = {SHIPS[u].kind for u in units}
    reach = reachable(state, th, start, side_of_ship(units[0]), kinds, budget)
    riders = riders_of(state, units)
    if riders and ending:
        reach = {to: c for to, c in reach.items() if may_carry_to(state, th, units, riders, to)}
    return reach


def riders_of(state: State, units: list[str]) -> list[str]:
    """7.6 — the corps aboard these ships (`board.aboard`, transport.py)."""
    return sorted(c for c, s in state["board"].get("aboard", {}).items() if s in units)


def may_carry_to(state: State, th: Theatre, units: list[str], riders: list[str],
                 to: str) -> bool:
    """Ruling 103 — a force with passengers ends its moves on a map hex where they fit."""
    if to not in th.water and to not in th.locs:
        return False
    side = side_of_ship(units[0])
    return friendly_corps_count(state, to, side) + len(riders) <= stack_limit(
        state, th, to) and not stacking_conflict(state, riders, to)


def move_items(state: State, th: Theatre, seat: str,
               units: list[str] | None = None) -> list[dict[str, Any]]:
    """The listed naval moves: each whole stack to each place it can reach, with the cost.
    Any part of a stack is also accepted (validated by `check_move`); `units` asks for the
    moves of exactly those ships (the browser's ticked part of a stack), none when they cannot
    move together."""
    items = []
    for force in ([sorted(units)] if units is not None else stacks(state, seat)):
        try:
            reach = destinations(state, th, seat, force)
        except IllegalAction:
            continue
        for to, cost in reach.items():
            item: dict[str, Any] = {"action": {"units": force, "to": to}, "nmp": cost}
            raids = coastal_raids.offered(state, th, force, to)      # 7.35
            if raids:
                item["raids"] = raids
            items.append(item)
    return items


def check_move(state: State, th: Theatre, seat: str, units: list[str], to: str,
               ending: bool = True) -> int:
    reach = destinations(state, th, seat, units, ending)
    if to not in reach:
        raise IllegalAction("BoP 7.22", "out_of_range", {"units": units, "to": to},
                            f"The force cannot reach {to} with its naval movement points.")
    return reach[to]


def naval_move(state: State, th: Theatre, seat: str, units: list[str], to: str,
               ending: bool = True) -> list[Event]:
    """Move the force (7.22, 7.33), paying the dreadnought fee first (7.25); not `ending` when
    it only pauses at `to` on its way (8.1 in passing, ruling 118)."""
    cost = check_move(state, th, seat, units, to, ending)
    nf = naval_flow(state)
    events = []
    if bb_fee_due(state, seat, units):
        state["powers"][seat]["rp"] -= 1
        nf["bb_fee"] = sorted(nf["bb_fee"] + [seat])
        events.append(Event("bb_fee", "BoP 7.25", {"nation": seat, "rp": 1}))
    budget_spent = max((nf["spent"].get(u, 0) for u in nf["force"]), default=0)
    if not set(units) & set(nf["force"]):
        nf["done"] = sorted(set(nf["done"]) | set(nf["force"]))      # 6.43: another force
        nf["force_id"] = min(units)                                   # 8.24's pairings
        number_force(nf, units, new=True)
        budget_spent = 0
    else:
        number_force(nf, units, new=False)                            # 7.33 joiners too
        nf["done"] = sorted(set(nf["done"]) | (set(nf["force"]) - set(units)))  # dropped off
    frm = state["board"]["fleets"][units[0]]["at"]
    for uid in units:
        already = nf["spent"].get(uid, 0)
        if uid not in nf["force"]:
            already = max(already, budget_spent)                      # 7.33 joiners
        nf["spent"][uid] = already + cost
        state["board"]["fleets"][uid]["at"] = to
    nf["spent"] = dict(sorted(nf["spent"].items()))
    nf["force"] = sorted(units)
    events.append(Event("naval_moved", "BoP 7.22", {"units": sorted(units), "from": frm,
                                                     "to": to, "nmp": cost}))
    return events


def end_force(state: State) -> None:
    nf = naval_flow(state)
    nf["done"] = sorted(set(nf["done"]) | set(nf["force"]))
    nf["force"] = []
