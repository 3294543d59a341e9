"""FA 11.3.4 — naval transport of land units, port to port (issue #22, version 10).

A task force sailing from a port may take land units of its power from that port's hex
(11.3.4.2: a unit it starts its move stacked with) and, when it ends its move in another
port, they debark there at once (11.3.4.3). Capacity (11.3.4.1): a TRS or AMPH carries one
corps-sized unit or two divisions/artillery in total (an AMPH no ARM, MECH, CAV or artillery);
an SCS carries one non-motorised infantry-class division. A unit must be face-up to embark;
one out of supply turns face-down on embarking and so debarks face-down; cargo that sailed
from a port debarks face-up otherwise. Embarking and debarking in port are not land moves.

Not in this slice (rulings R-N10, R-N11): embarking from a sea area or a coastal hex,
cargo kept at sea, debarking at sea (11.10) and invasion (11.11); the 1914 order of battle
has no TRS or AMPH, so the campaign carries divisions on its warships, and the Commonwealth
ferry stand-in stays for corps.
"""

from __future__ import annotations

from typing import Any

from engine.kernel import Event

from .fleets import fleets, seas
from .foreign_troops import may_enter
from .movement import MOTORISED_TYPES, may_enter_country
from .position import by_hex, is_enemy, units
from .supply import supplied_hexes
from .zoc import would_overstack

State = dict[str, Any]
RULE = "FA 11.3.4"

WARSHIP_CLASSES = frozenset({"BB", "BC", "PD", "CA", "CL"})     # the SCS classes (1.2.1)
TRANSPORT_CLASSES = frozenset({"TRS", "AMPH"})
# FA 17's gearing classes: the INF class is HQs, infantry, militia, garrisons, marines,
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
    hex_id = port_hex(to_port)
    pool = units(state)
    stack = [pool[u] for u in cargo]
    here = by_hex(state)
    if any(is_enemy(state, power, o["power"]) for o in here.get(hex_id, [])):
        return False
    return (may_enter_country(state, power, hex_id)
            and may_enter(state, stack, None, hex_id)
            and not would_overstack(state, hex_id, stack, here))


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
