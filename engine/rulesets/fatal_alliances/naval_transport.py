"""FA 11.3.4 — naval transport of land units, port to port (issue #22, version 10).

A task force sailing from a port may take land units of its power from that port's hex
(11.3.4.2: a unit it starts its move stacked with) and, when it ends its move in another
port, they debark there at once (11.3.4.3). Capacity (11.3.4.1): a TRS or AMPH carries one
corps-sized unit or two divisions/artillery in total (an AMPH no ARM, MECH, CAV or artillery);
an SCS carries one non-motorised infantry-class division. A unit must be face-up to embark;
one out of supply turns face-down on embarking and so debarks face-down; cargo that sailed
from a port debarks face-up otherwise. Embarking and debarking in port are not land moves.

Version 11 (rulings R-N12 ... R-N15): debarking at sea (11.3.4.4, 11.10): a task force
sailing from a port into a sea area on a combined action may put its cargo ashore on a
friendly coastal hex of that area, each unit one land move, after any interception of the
task force (interception.py decides what is left to land: `landing_split`). The 1914 order
of battle has troop transports (TRS) for Britain and France. Not in this slice: embarking
from a sea area or a coastal hex, cargo kept at sea past the move, invasion (11.11).
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from engine.kernel import Event

from .fleets import fleets, seas
from .foreign_troops import commitment_met, foreign_host
from .movement import MOTORISED_TYPES, may_enter_country
from .position import by_hex, controller, is_active, is_enemy, units, units_in
from .powers import POWER_SIDE
from .resolution import destroy_unit
from .sequence import remaining, spend
from .supply import supplied_hexes
from .zoc import would_overstack

State = dict[str, Any]
RULE = "FA 11.3.4"

WARSHIP_CLASSES = frozenset({"BB", "BC", "PD", "CA", "CL"})     # the SCS classes (1.2.1)
TRANSPORT_CLASSES = frozenset({"TRS", "AMPH"})
# FA 13.5.5.8's gearing classes: the INF class is HQs, infantry, militia, garrisons, marines,
# mountain units, engineers, territorials and gas units.
INFANTRY_CLASS = frozenset({"HQ", "INF", "MIL", "GAR", "MAR", "MTN", "ENG", "TER", "GAS"})
NOT_ON_AMPH = frozenset({"ARM", "MECH", "CAV", "ART"})
SMALL = frozenset({"div"})          # a division (artillery counts as one too, 11.3.4.1)


def _small(u: dict[str, Any]) -> bool:
    return u["size"] in SMALL or u["type"] == "ART"


def carries(ship_classes: list[str], cargo: list[dict[str, Any]]) -> bool:
    """FA 11.3.4.1 — whether ships of these classes can carry all of `cargo` together.

    Each SCS takes at most one non-motorised infantry-class division; each TRS/AMPH one
    corps-sized unit or up to two divisions/artillery. Small units fill warships first (they
    can go nowhere else there), then transports two at a time; corps need one transport each.
    """
    warships = sum(1 for c in ship_classes if c in WARSHIP_CLASSES)
    transports = [c for c in ship_classes if c in TRANSPORT_CLASSES]
    if any(c == "AMPH" for c in transports) and any(u["type"] in NOT_ON_AMPH for u in cargo):
        # an AMPH-only load may not hold them; with a TRS along, give them the TRS
        if "TRS" not in transports:
            return False
    on_warships = [u for u in cargo if _small(u) and u["type"] in INFANTRY_CLASS
                   and u["type"] not in MOTORISED_TYPES]
    others = [u for u in cargo if u not in on_warships]
    spill = max(0, len(on_warships) - warships)
    small_left = spill + sum(1 for u in others if _small(u))
    corps = sum(1 for u in others if not _small(u))
    return corps + (small_left + 1) // 2 <= len(transports)


def port_hex(port_id: str) -> str:
    return seas().port(port_id).hex


def embarkable(state: State, power: str, port_id: str, ship_ids: list[str]) -> list[str]:
    """FA 11.3.4.2 — the power's face-up land units in the port's hex that these ships could
    carry one at a time (co-operating powers' units are not offered, R-N10)."""
    classes = [fleets(state)[s]["cls"] for s in ship_ids]
    here = port_hex(port_id)
    return sorted(u["id"] for u in units(state).values()
                  if u["power"] == power and u["hex"] == here and u["up"]
                  and u["type"] != "PARTISAN" and carries(classes, [u]))


def loads(state: State, power: str, port_id: str, ship_ids: list[str]) -> list[list[str]]:
    """The cargoes offered (R-N10): each carriable unit alone, then the fullest load taken in
    id order when it holds more than one unit."""
    one_by_one = embarkable(state, power, port_id, ship_ids)
    out = [[uid] for uid in one_by_one]
    classes = [fleets(state)[s]["cls"] for s in ship_ids]
    pool = units(state)
    full: list[str] = []
    for uid in one_by_one:
        if carries(classes, [pool[x] for x in full + [uid]]):
            full.append(uid)
    if len(full) > 1:
        out.append(full)
    return out


def may_land(state: State, power: str, cargo: list[str], to_port: str) -> bool:
    """FA 11.3.4.3 with 2.3.1, 11.9.4 and 19.2.1 — the cargo may debark in the port: no enemy
    unit there, a country the power may enter, foreign commitment met, and room to stack."""
    return may_stand(state, power, cargo, port_hex(to_port))


def may_stand(state: State, power: str, cargo: list[str], hex_id: str) -> bool:
    """The cargo may end in `hex_id`: no enemy unit, a country it may enter, foreign troop
    commitment (19.2.1) and stacking (2.3.1)."""
    return Standing(state, power).allows(cargo, hex_id)


class Standing:
    """may_stand for one power in one position, asked of many cargoes and hexes (the naval
    move listing, naval_move.py): what a hex answers for every cargo — its stack, an enemy
    there, a country the power may enter, the foreign host whose limit applies — and each
    host's 19.2.1 answer for a cargo are read once."""

    def __init__(self, state: State, power: str, many: bool = False) -> None:
        self.state = state
        self.power = power
        self.many = many            # many hexes will be asked: group the board's stacks once
        self._stacks: dict[str, list[dict[str, Any]]] | None = None
        self._here: dict[str, dict[str, list[dict[str, Any]]]] = {}
        self._open: dict[str, bool] = {}
        self._hosts: dict[tuple[str, str], str | None] = {}
        self._met: dict[tuple[str, tuple[str, ...]], bool] = {}

    def here(self, hex_id: str) -> dict[str, list[dict[str, Any]]]:
        """The hex's stack, all that is read of the board's stacks."""
        if hex_id not in self._here:
            if not self.many:
                self._here[hex_id] = {hex_id: units_in(self.state, hex_id)}
            else:
                if self._stacks is None:
                    self._stacks = by_hex(self.state)    # every hex's units_in in one pass
                self._here[hex_id] = {hex_id: self._stacks.get(hex_id, [])}
        return self._here[hex_id]

    def open(self, hex_id: str) -> bool:
        """No enemy unit in the hex, and a country the power may enter (any cargo)."""
        if hex_id not in self._open:
            state, power = self.state, self.power
            self._open[hex_id] = (
                not any(is_enemy(state, power, o["power"]) for o in self.here(hex_id)[hex_id])
                and may_enter_country(state, power, hex_id))
        return self._open[hex_id]

    def may_enter(self, stack: list[dict[str, Any]], hex_id: str) -> bool:
        """foreign_troops.may_enter from off the map (from_hex None), its parts kept."""
        key = (stack[0]["power"], hex_id)
        if key not in self._hosts:
            self._hosts[key] = foreign_host(self.state, key[0], hex_id)
        host = self._hosts[key]
        if host is None:
            return True
        met = (host, tuple(u["id"] for u in stack))
        if met not in self._met:
            self._met[met] = commitment_met(self.state, host, stack)
        return self._met[met]

    def allows(self, cargo: list[str], hex_id: str) -> bool:
        if not self.open(hex_id):
            return False
        pool = units(self.state)
        stack = [pool[u] for u in cargo]
        return (self.may_enter(stack, hex_id)
                and not would_overstack(self.state, hex_id, stack, self.here(hex_id)))


def carry(state: State, power: str, cargo: list[str], to_port: str) -> Event:
    """FA 11.3.4.2–11.3.4.3 — embark in the start port and debark in `to_port`: out-of-supply
    units embark (and so debark) face-down, the rest stay face-up (the ships sailed from a
    port). Not a land move: the units may still move in the land movement step."""
    supplied = supplied_hexes(state, power)
    pool = units(state)
    hex_id = port_hex(to_port)
    landed = []
    for uid in cargo:
        u = pool[uid]
        if u["hex"] not in supplied:
            u["up"] = False
        u["hex"] = hex_id
        landed.append({"unit": uid, "up": u["up"]})
    return Event("naval_transport", RULE, {"power": power, "to": hex_id, "port": to_port,
                                           "cargo": landed})


# --- FA 11.3.4.4 / 11.10 — debarking at sea (version 11) ------------------------------------

FACE_UP_TYPES = frozenset({"HQ", "MAR"})     # 11.10: debark face-up whatever the hex


def friendly_hex(state: State, power: str, hex_id: str) -> bool:
    """11.10 — a hex controlled by the power, by an active major of its side or by a minor
    aligned to one (co-operation itself is read by may_stand's 19.2.1 and stacking)."""
    holder = controller(state, hex_id)
    if holder is None:
        return False
    major = state["board"]["aligned"].get(holder, holder)
    return major == power or (major in POWER_SIDE and POWER_SIDE[major] == POWER_SIDE[power]
                              and is_active(state, major))


def landing_loads(state: State, power: str, port_id: str, ship_ids: list[str]) -> list[list[str]]:
    """R-N13 — the cargoes a task force leaving `port_id` may debark at sea: the loads of
    R-N10 whose units are all in supply (one out of supply embarks face-down and so may not
    debark at sea, 11.3.4.2) and no more units than the power has land moves left (11.10:
    each counts as one; only a combined action has any)."""
    left = remaining(state, power, "land_move")
    if left is None or left <= 0:
        return []
    return landable(state, loads(state, power, port_id, ship_ids), left,
                    supplied_hexes(state, power))


def landable(state: State, offered: list[list[str]], left: int,
             supplied: Collection[str]) -> list[list[str]]:
    """landing_loads' test of the `offered` loads: all in supply, and no more units than the
    `left` land moves."""
    pool = units(state)
    return [load for load in offered
            if len(load) <= left and all(pool[u]["hex"] in supplied for u in load)]


def landing_hexes(state: State, power: str, area: str, cargo: list[str]) -> list[str]:
    """11.10 — the friendly coastal hexes of the sea area where this cargo may come ashore."""
    return [h for h in seas().area(area).coastal_hexes
            if friendly_hex(state, power, h) and may_stand(state, power, cargo, h)]


def debarks_up(state: State, power: str, u: dict[str, Any], hex_id: str) -> bool:
    """11.10 — a unit debarking at sea stays face-up into an ice-free port, onto a friendly
    HQ, or when it is an HQ, a marine or an infantry-class division (AMPHs: none in 1914)."""
    if u["type"] in FACE_UP_TYPES or (u["size"] in SMALL and u["type"] in INFANTRY_CLASS):
        return True
    if any(p.hex == hex_id and not p.iced for p in seas().ports.values()):
        return True
    return any(o["type"] == "HQ" and not is_enemy(state, power, o["power"])
               for o in by_hex(state).get(hex_id, []))


def debark_at_sea(state: State, power: str, ships: list[str], cargo: list[str],
                  hex_id: str) -> Event:
    """FA 11.10 — the cargo comes ashore in `hex_id`: each unit one land move, ending its move
    there (marked as moved), face-down unless 11.10 keeps it up; the carriers turn face-down."""
    pool = units(state)
    landed = []
    for uid in cargo:
        u = pool[uid]
        u["up"] = u["up"] and debarks_up(state, power, u, hex_id)
        u["hex"] = hex_id
        spend(state, power, "land_move")
        landed.append({"unit": uid, "up": u["up"]})
    moved = state["flow"]["marks"]["moved"]
    moved.extend(uid for uid in cargo if uid not in moved)
    moved.sort()
    for sid in carriers(state, ships, cargo):
        fleets(state)[sid]["up"] = False
    return Event("naval_debark", "FA 11.10", {"power": power, "to": hex_id, "cargo": landed})


def carriers(state: State, ships: list[str], cargo: list[str]) -> list[str]:
    """R-N15 — the ships a debarking cargo came off (turned face-down, 11.10): the task
    force's transports when they alone could carry it, else every ship of it still at sea."""
    fl, pool = fleets(state), units(state)
    afloat = [s for s in ships if s in fl and fl[s]["area"] is not None]
    trs = [s for s in afloat if fl[s]["cls"] in TRANSPORT_CLASSES]
    if trs and carries([fl[s]["cls"] for s in trs], [pool[u] for u in cargo]):
        return trs
    return afloat


def landing_split(state: State, ships: list[str], cargo: list[str],
                  area: str) -> tuple[list[str], list[str], list[str]]:
    """R-N14 — after an interception combat: the cargo the carriers still in `area` can carry
    lands (in id order); what only fits on carriers that aborted to a base stays behind; the
    rest went down with its ships."""
    fl, pool = fleets(state), units(state)
    here = [fl[s]["cls"] for s in ships if s in fl and fl[s]["area"] == area]
    away = [fl[s]["cls"] for s in ships if s in fl and fl[s]["area"] != area]
    land: list[str] = []
    back: list[str] = []
    lost: list[str] = []
    for uid in sorted(cargo):
        if carries(here, [pool[x] for x in land + [uid]]):
            land.append(uid)
        elif carries(away, [pool[x] for x in back + [uid]]):
            back.append(uid)
        else:
            lost.append(uid)
    return land, back, lost


def lose_cargo(state: State, power: str, back: list[str], lost: list[str]) -> list[Event]:
    """R-N14 — cargo whose carriers aborted stays in its port face-down; cargo whose carriers
    sank is destroyed (to its force pool, counted for morale, 14.1)."""
    events: list[Event] = []
    pool = units(state)
    for uid in back:
        pool[uid]["up"] = False
    for uid in lost:
        destroy_unit(state, pool[uid], events, "sunk at sea", bonus=False)
    if back or lost:
        events.append(Event("cargo_lost", "FA 11.3.4", {"power": power, "returned": back,
                                                       "destroyed": lost}))
    return events
