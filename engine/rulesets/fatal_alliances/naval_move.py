"""FA 11.3 — naval movement, the impulse's step 3(b): a power on a naval action (unlimited
moves) or a combined action (its column d limit, FA 10.2) sails task forces.

A task force (11.3.1) is offered as one order-of-battle row's face-up ships at one place, or
every face-up ship of one type there (surface ships and SUBs never sail together). From a
port it goes to one section of a sea-box within reach, or to another friendly base (11.3.1 a);
from a section it drops to a lower section of the same box (b) or returns to a base (c). Reach
(11.3.2.4): the ships' smallest range and movement allowance; each area or port entered costs
one of each, leaving a port shared with another major's ships one more point of allowance,
and a section costs its search number in allowance (11.3.2.6). A ship ending in port turns
face-down (11.3.2.2). From port to port a task force may carry land units (11.3.4, version
10, naval_transport.py); from a port into a sea area it may carry them to debark on a friendly
coastal hex of that area (11.10, version 11: the order's `land`). Version 17: never through a
canal closed to the power (11.3.3, passages.py, R-N29), and may end in a neutral port within
2.4.3's limits (neutral_basing.py, R-N30). Rulings R-N1 … R-N15, R-N29, R-N30 in
docs/rules/fatal_alliances.md.

Version 24: convoy points make naval moves too (naval_convoy_moves.py, R-N46-R-N50), listed
after the ships' orders.

The step answers a move through interception.sail_and_watch: a move into a sea area may
open an interception (11.3.5), asked of the enemy powers before any further move.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from engine.kernel import Event, IllegalAction, Roller
from engine.kernel.canonical import canonical_json
from engine.maps.fa_seas import SECTIONS

from .charts import ACTIVITY_LIMITS, Action
from .fleets import (
    area_distances,
    fleets,
    friendly_base,
    place_of,
    seas,
    shares_port,
    values,
)
from .minefields import Field, Neighbours, avoiding, neutral_border_port, protecting, strike
from .naval_convoy_moves import convoy_orders
from .naval_transport import (
    Standing,
    carries,
    carry,
    friendly_hex,
    landable,
    loads,
    lose_cargo,
    port_hex,
)
from .neutral_basing import Basing
from .passages import closures, cut_pairs, describe, sea_neighbours
from .position import is_active
from .position import units as units_of
from .sequence import DONE, active_powers, remaining, spend, step_done
from .supply import supplied_hexes

State = dict[str, Any]
RULE = "FA 11.3"


def naval_moves_left(state: State, power: str) -> int | None:
    """FA 10.2 — naval moves left this impulse: unlimited on a naval action (or one made
    unlimited with offensive points, 18.2), column d on a combined action, none otherwise."""
    flow = state["flow"]
    action = flow["actions"].get(power)
    if action == Action.NAVAL.value or (
            action == Action.COMBINED.value and power in flow.get("op_unlimited", [])):
        return None
    if action != Action.COMBINED.value:
        return 0
    limit = ACTIVITY_LIMITS[power]["d"]
    if state["board"]["halved"].get(power):
        limit = max(1, (limit + 1) // 2)
    return int(limit - flow["used"].get(power, {}).get("naval_move", 0))


def _now(state: State) -> list[int]:
    return [state["flow"]["turn"], state["flow"]["impulse"]]


def task_forces(state: State, power: str) -> list[list[str]]:
    """FA 11.3.1 — the task forces a power may sail now: at each place, each order-of-battle
    row's face-up ships that have not sailed this impulse, and all of one type together."""
    now = _now(state)
    groups: dict[tuple[str, str, str], list[str]] = {}
    for uid, sh in sorted(fleets(state).items()):
        if sh["power"] != power or not sh["up"] or sh["sailed"] == now:
            continue
        if sh["area"] is None and sh["port"] not in seas().ports:
            continue      # an off-map base (Tsingtao): its seas are not on fa-europe
        kind = "SUB" if sh["type"] == "SUB" else "SCS"     # transports sail with warships
        groups.setdefault((place_of(sh), kind, sh["row"]), []).append(uid)
        groups.setdefault((place_of(sh), kind, ""), []).append(uid)
    out: list[list[str]] = []
    for _, ids in sorted(groups.items()):
        if ids not in out:
            out.append(ids)
    return out


def _reach(units: list[str]) -> tuple[int, int]:
    vals = [values(u) for u in units]
    return min(v["speed"] for v in vals), min(v["range"] for v in vals)


class _Listing:
    """What every task force of one power asks of one position, read once per listing: its
    sea adjacency, the ports it may enter (friendly bases, 2.4.3's neutral basing) and
    whether a cargo may stand in a hex. Nothing here outlives the call that made it, so it
    cannot go stale (the position memo would cost as much as it saves, issue #25)."""

    def __init__(self, state: State, power: str, every_passage: bool,
                 through: Neighbours | None) -> None:
        self.state = state
        self.power = power
        self.step: Neighbours = (through if through is not None else seas().neighbours
                                 if every_passage else sea_neighbours(state, power))
        self.basing = Basing(state, power)
        self._friendly: dict[str, bool] = {}
        self._stand: dict[tuple[tuple[str, ...], str], bool] = {}
        self._shore: dict[tuple[str, tuple[str, ...]], bool] = {}
        self.standing = Standing(state, power, many=True)
        self._loads: dict[tuple[str, tuple[str, ...]], list[list[str]]] = {}
        self._sea_loads: dict[tuple[str, tuple[str, ...]], list[list[str]]] = {}
        self._land_moves: int | None = None
        self._supplied: frozenset[str] | None = None
        self._shore_hexes: dict[str, bool] = {}

    def friendly(self, port_id: str) -> bool:
        if port_id not in self._friendly:
            self._friendly[port_id] = friendly_base(self.state, self.power, port_id)
        return self._friendly[port_id]

    def loads(self, port_id: str, units: list[str], at_sea: bool) -> list[list[str]]:
        """naval_transport's loads (or, `at_sea`, landing_loads) from the port: they read the
        task force only through its ships' classes, so task forces alike share them."""
        ships = fleets(self.state)
        key = (port_id, tuple(ships[u]["cls"] for u in units))
        if key not in self._loads:
            self._loads[key] = loads(self.state, self.power, port_id, units)
        if not at_sea:
            return self._loads[key]
        if key not in self._sea_loads:
            if self._land_moves is None:     # None from `remaining` (unlimited): none here
                self._land_moves = remaining(self.state, self.power, "land_move") or 0
            self._sea_loads[key] = [] if self._land_moves <= 0 else landable(
                self.state, self._loads[key], self._land_moves, self.supplied())
        return self._sea_loads[key]

    def supplied(self) -> frozenset[str]:
        if self._supplied is None:
            self._supplied = supplied_hexes(self.state, self.power)
        return self._supplied

    def may_stand(self, cargo: list[str], hex_id: str) -> bool:
        key = (tuple(cargo), hex_id)
        if key not in self._stand:
            self._stand[key] = self.standing.allows(cargo, hex_id)
        return self._stand[key]

    def friendly_hex(self, hex_id: str) -> bool:
        if hex_id not in self._shore_hexes:
            self._shore_hexes[hex_id] = friendly_hex(self.state, self.power, hex_id)
        return self._shore_hexes[hex_id]

    def has_shore(self, area: str, cargo: list[str]) -> bool:
        """landing_hexes(area, cargo) is not empty."""
        key = (area, tuple(cargo))
        if key not in self._shore:
            self._shore[key] = any(
                self.friendly_hex(h) and self.may_stand(cargo, h)
                for h in seas().area(area).coastal_hexes)
        return self._shore[key]


def destinations(state: State, power: str, units: list[str], every_passage: bool = False,
                 through: Neighbours | None = None,
                 listing: _Listing | None = None) -> list[dict[str, Any]]:
    """FA 11.3.2 — where a task force may end its naval move (the orders, without `units`);
    11.3.3: never through a canal closed to the power (passages.py) unless `every_passage`
    (used only to say why an order was refused); `through`: another sea adjacency (11.3.2.5:
    the power's with a minefield's boundary left out). `listing`: the position's facts
    already read for this power (naval_options)."""
    ship = fleets(state)[units[0]]
    speed, rng = _reach(units)
    if listing is None:
        listing = _Listing(state, power, every_passage, through)
    step = listing.step
    out: list[dict[str, Any]] = []
    if ship["area"] is None:
        port = seas().port(ship["port"])
        allowance = speed - (1 if shares_port(state, power, port.id) else 0)
        reach = area_distances(port.areas, min(rng, allowance), step)
        for area, d in sorted(reach.items()):
            out.extend({"to_area": area, "section": s} for s in SECTIONS if d + s <= allowance)
        out.extend({"to_port": p} for p in _ports_within(listing, units, reach,
                                                         min(rng, allowance))
                   if p != port.id)
        return out
    area, section = ship["area"], ship["section"]
    out.extend({"to_area": area, "section": s} for s in SECTIONS if s < section)
    allowance = speed - section          # 13.3: the section's search number is spent
    reach = {area: 0} | {a: d for a, d in area_distances(
        step(area), min(rng, allowance), step).items() if a != area}
    out.extend({"to_port": p} for p in _ports_within(listing, units, reach,
                                                     min(rng, allowance)))
    return out


def _ports_within(listing: _Listing, units: list[str], reach: dict[str, int],
                  budget: int) -> list[str]:
    """Friendly bases, and neutral ports the task force may base in (2.4.3, R-N30), whose
    sea area was reached with a point left to enter the port."""
    by_area = _ports_by_area()
    entered = {pid for area, d in reach.items() if d + 1 <= budget
               for pid in by_area.get(area, ())}
    return sorted(pid for pid in entered
                  if listing.friendly(pid) or listing.basing.allows(pid, units))


@lru_cache(maxsize=1)
def _ports_by_area() -> dict[str, tuple[str, ...]]:
    """The map ports of each sea area (a port may open on more than one), read once."""
    out: dict[str, list[str]] = {}
    for pid, port in seas().ports.items():
        for area in port.areas:
            out.setdefault(area, []).append(pid)
    return {area: tuple(pids) for area, pids in out.items()}


def with_cargo(state: State, power: str, units: list[str], orders: list[dict[str, Any]],
               listing: _Listing | None = None) -> list[dict[str, Any]]:
    """FA 11.3.4 (version 10) — a task force sailing from port to port may carry land units
    from its port; each cargo the destination can take is one more order (R-N10)."""
    ship = fleets(state)[units[0]]
    if ship["area"] is not None:
        return []
    if listing is None:
        listing = _Listing(state, power, False, None)
    cargoes = listing.loads(ship["port"], units, False)
    out = [{**order, "cargo": cargo} for order in orders if "to_port" in order
           for cargo in cargoes if listing.may_stand(cargo, port_hex(order["to_port"]))]
    return out + landings(state, power, units, orders, listing)


def landings(state: State, power: str, units: list[str], orders: list[dict[str, Any]],
             listing: _Listing | None = None) -> list[dict[str, Any]]:
    """FA 11.3.4.4, 11.10 (version 11) — from a port into a sea area with cargo to debark on
    a friendly coastal hex there (R-N12, R-N13): one order per section and load, offered when
    the area has a coast the load may land on; the hex is chosen once any interception is
    over (the `naval_debark` decision), so the enemy never learns it first."""
    ship = fleets(state)[units[0]]
    if listing is None:
        listing = _Listing(state, power, False, None)
    cargoes = listing.loads(ship["port"], units, True)
    if not cargoes:
        return []
    areas = sorted({o["to_area"] for o in orders if "to_area" in o})
    shore = {(a, tuple(c)) for a in areas for c in cargoes if listing.has_shore(a, c)}
    return [{**order, "cargo": cargo, "debark": True}
            for order in orders if "to_area" in order for cargo in cargoes
            if (order["to_area"], tuple(cargo)) in shore]


def naval_options(state: State, power: str, every_passage: bool = False) -> list[dict[str, Any]]:
    """The naval_move decision's options: done first, then every task force's orders (each
    port-to-port order also with each cargo it may carry). `every_passage`: as if no canal
    were closed (11.3.3), only to say why an order was refused."""
    if naval_moves_left(state, power) == 0:
        return [dict(DONE)]
    out: list[dict[str, Any]] = [dict(DONE)]
    listing = _Listing(state, power, every_passage, None)
    for units in task_forces(state, power):
        orders = destinations(state, power, units, every_passage, listing=listing)
        out.extend({"units": units, **d} for d in orders)
        out.extend({"units": units, **d}
                   for d in with_cargo(state, power, units, orders, listing))
    out.extend(convoy_orders(state, power, every_passage))     # version 24, R-N46-R-N50
    return out


def passage_refusal(state: State, power: str, kind: str, action: Any) -> IllegalAction | None:
    """FA 11.3.3 — why a naval move or return is refused when only a closed canal forbids it:
    the order would be listed with every passage open (None otherwise)."""
    if kind == "naval_move":
        listed = naval_options(state, power, every_passage=True)
    elif kind == "naval_return" and isinstance(action, dict) and "units" in action:
        units = action["units"]
        ships = fleets(state)
        if not (isinstance(units, list) and units and all(
                u in ships and ships[u]["power"] == power and ships[u]["area"] is not None
                for u in units)):
            return None
        listed = [{"units": units, **d} for d in destinations(state, power, units, True)
                  if "to_port" in d]
    else:
        return None
    cut = cut_pairs(state, power)
    shut = [c for c in closures(state, power) if frozenset(c.canal.areas) in cut]
    if not shut or canonical_json(action) not in {canonical_json(o) for o in listed}:
        return None
    first = shut[0]
    return IllegalAction("FA 11.3.3", "passage_closed",
                         {"passage": first.canal.link, "hex": first.hex, "by": first.by},
                         describe(first, power))


def can_sail(state: State, power: str) -> bool:
    """A task force of the power, or its convoy points (version 24), has somewhere to go
    (before any action is chosen)."""
    listing = _Listing(state, power, False, None)
    return (any(destinations(state, power, units, listing=listing)
                for units in task_forces(state, power))
            or bool(convoy_orders(state, power)))


def sailing(state: State) -> list[str]:
    """Who still decides in the naval movement step: active powers at war whose action allows
    naval moves, with moves left and a task force with somewhere to go. (can_sail is
    naval_options' "more than `done`": cargo orders exist only beside a cargo-less one, so
    the first destination found answers without listing every task force's orders.)"""
    done = state["flow"]["done"]
    return [p for p in active_powers(state)
            if p not in done and is_active(state, p) and naval_moves_left(state, p) != 0
            and can_sail(state, p)]


def sail(state: State, power: str, action: Any, roller: Roller) -> list[Event]:
    """FA 11.3 — carry out one naval move (the kernel matched it to a listed option)."""
    if action.get("done"):
        return [step_done(state, power, RULE, "naval_move")]
    ships = fleets(state)
    start = place_of(ships[action["units"][0]])
    mined = minefields_crossed(state, power, list(action["units"]), action)
    now = _now(state)
    for uid in action["units"]:
        sh = ships[uid]
        sh["sailed"] = now
        if "to_port" in action:
            sh.update(port=action["to_port"], area=None, section=None, up=False)
        else:
            sh.update(port=None, area=action["to_area"], section=action["section"])
    spend(state, power, "naval_move")
    to = (f"port:{action['to_port']}" if "to_port" in action
          else f"sea:{action['to_area']}:{action['section']}")
    events = [Event("naval_move", RULE, {"power": power, "units": list(action["units"]),
                                         "from": start, "to": to})]
    for field, value in mined:             # 11.3.2.5: as the ships cross the boundary
        events.extend(strike(state, power, list(action["units"]), field, value, roller))
    cargo = list(action.get("cargo") or [])
    if mined and cargo:
        cargo, lost = cargo_afloat(state, list(action["units"]), cargo)
        events.extend(lose_cargo(state, power, [], lost))
    if cargo and "to_port" in action:
        events.append(carry(state, power, cargo, action["to_port"]))
    return events


def minefields_crossed(state: State, power: str, units: list[str],
                       action: dict[str, Any]) -> list[tuple[Field, int]]:
    """FA 11.3.2.5 — the minefields a naval move rolls against (before the ships move): a
    field protected against the power whose boundary the order cannot avoid within the task
    force's reach (R-N32: the mover takes a clear way when it has one), or whose neutral mine
    port the task force sails into or out of."""
    ships = fleets(state)
    subs = all(ships[u]["type"] == "SUB" for u in units)
    here = ships[units[0]]
    order = {k: action[k] for k in ("to_area", "section", "to_port") if k in action}
    out = []
    for field, value in protecting(state, power, subs):
        if (neutral_border_port(state, field, here["port"] if here["area"] is None else None)
                or neutral_border_port(state, field, action.get("to_port"))):
            out.append((field, value))
            continue
        if here["area"] is not None and order.get("to_area") == here["area"]:
            continue                       # a lower section of the same box: no boundary
        if order not in destinations(state, power, units,
                                     through=avoiding(state, power, field)):
            out.append((field, value))
    return out


def cargo_afloat(state: State, units: list[str], cargo: list[str]) -> tuple[list[str], list[str]]:
    """R-N32 — after the mines: the cargo (in id order) the surviving ships can still carry,
    and the rest, lost with the sunk ships."""
    fl, pool = fleets(state), units_of(state)
    left = [fl[s]["cls"] for s in units if s in fl]
    kept: list[str] = []
    lost: list[str] = []
    for uid in sorted(cargo):
        (kept if left and carries(left, [pool[x] for x in kept + [uid]]) else lost).append(uid)
    return kept, lost
