"""BoP 7.6 — naval transport under the standard admiralty (12.3; 6.45's sea moves serve 12.1, 12.4).

A surface force that starts its move in a sub-phase (7.64) in a port hex (or on its side's
landing) may take friendly corps there aboard with the `naval_move` (`"passengers"`): each
surface ship step carries one corps (7.61). The state keeps who rides which ship in
`board["aboard"]` (`{corps: ship}`); a passenger stands where its ship is (a map water hex or
port hex) and does nothing of its own until it lands (7.61): at sea it is a corps at sea as in
6.45 (supplied, never attacked, no land move). Our land units exist only on the map (and the
Petrograd box), so a force with passengers ends each move on a map hex (ruling 103).

Landing (7.65): with `"land": true` the passengers step ashore where the force arrives — a
port hex of their side or their side's landing — and the force may sail on; passengers still
aboard in a friendly port at the end of a half land there (ruling 103). A nation carries at
most its monthly number of corps (7.63: Britain 5 a month, every other major power 1 every
other month, so these may not end GQ II with a passenger at sea: their transports return to
port, 8.5). When losses leave a ship too few steps, the other ships of its side in its
location take the passengers on (7.64); what none can carry is eliminated, the last listed
first (ruling 103: our fixed choice for the transporting side), as are passengers whose ship
must return to a Sea Chart port box, where no land of ours is.
"""

from __future__ import annotations

from typing import Any

from engine.kernel import Event, IllegalAction

from . import amphibious, naval
from .fleets import SHIPS, is_surface, side_of_ship
from .forces import UNITS, eliminate, landing_of, unit_side
from .naval_combat import return_to_port
from .theatre import Theatre

State = dict[str, Any]
MONTHLY = {"britain": 5, "usa": 5, "japan": 2}      # 7.63: corps a month
OTHER_MONTHLY = 1                                   # 7.63: every other major, every other month


def aboard(state: State) -> dict[str, str]:
    board = state["board"]
    return board["aboard"] if "aboard" in board else {}


def carried_by(state: State, ships: list[str]) -> list[str]:
    return sorted(c for c, s in aboard(state).items() if s in ships)


def _previous_month(month: str) -> str:
    year, moy = int(month[:4]), int(month[5:])
    return f"{year - 1}-12" if moy == 1 else f"{year}-{moy - 1:02d}"


def allowance(state: State, nation: str) -> int:
    """7.63 — how many more corps `nation` may take aboard this month (12.3 has no 6.45 sea
    moves beside it since version 10: ruling 105)."""
    month = state["flow"]["month"]
    record = state["naval"].get("carried", {}).get(nation, {"month": "", "corps": []})
    this_month = record["corps"] if record["month"] == month else []
    if nation in MONTHLY:
        return max(0, MONTHLY[nation] - len(this_month))
    if record["month"] == _previous_month(month):
        return 0
    return max(0, OTHER_MONTHLY - len(this_month))


def land_here(state: State, th: Theatre, loc: str, side: str) -> bool:
    """7.65 — a port hex of `side` (2.5) or `side`'s landing counter."""
    landing = landing_of(state)
    if landing is not None and landing["at"] == loc and landing.get("side", "entente") == side:
        return True
    return loc in th.locs and loc in th.ports and naval.port_side(state, th, loc) == side


def check_embark(state: State, th: Theatre, seat: str, units: list[str],
                 passengers: list[str], to: str) -> None:
    """BoP 7.61, 7.63, 7.64 — raises IllegalAction unless the force may take them aboard."""
    if not passengers:
        return
    nf = naval.naval_flow(state)
    fleets = state["board"]["fleets"]
    here = fleets[units[0]]["at"]
    side = side_of_ship(units[0])
    if len(set(passengers)) != len(passengers):
        raise IllegalAction("BoP 7.61", "bad_passengers", {"passengers": passengers},
                            "Name each passenger once.")
    if not is_surface(units[0]):
        raise IllegalAction("BoP 7.61", "submarine_transport", {"units": units},
                            "Only surface ships carry passengers.")
    if set(units) & set(nf["force"]) or any(nf["spent"].get(u, 0) for u in units):
        raise IllegalAction("BoP 7.64", "embark_at_start", {"units": units},
                            "Passengers come aboard only where a force begins its move.")
    if not land_here(state, th, here, side):
        raise IllegalAction("BoP 7.64", "embark_in_port", {"at": here},
                            "Passengers come aboard only in a friendly port or landing.")
    units_now = state["board"]["units"]
    for uid in passengers:
        if (uid not in units_now or units_now[uid]["at"] != here or not UNITS[uid].corps
                or unit_side(state, uid) != side or uid in aboard(state)):
            raise IllegalAction("BoP 7.61", "not_a_passenger", {"unit": uid},
                                f"{uid} is not a corps of your side here that can go aboard.")
    nations = sorted({UNITS[u].nation for u in passengers})
    for nation in nations:      # a corps carried before this month counts once (ruling 103)
        record = state["naval"].get("carried", {}).get(nation, {"month": "", "corps": []})
        before = record["corps"] if record["month"] == state["flow"]["month"] else []
        want = sum(1 for u in passengers if UNITS[u].nation == nation and u not in before)
        if want > allowance(state, nation):
            raise IllegalAction("BoP 7.63", "transport_limit", {"nation": nation},
                                f"{nation} may carry no more corps by sea this month.")
    load = len(carried_by(state, units)) + len(passengers)
    if load > capacity(state, units):
        raise IllegalAction("BoP 7.61", "no_room", {"units": units},
                            "Each ship step carries one corps: the force has too few steps.")


def check_arrival(state: State, th: Theatre, units: list[str], passengers: list[str],
                  to: str) -> None:
    """Ruling 103 — a force with passengers ends its moves on a map hex, where they fit."""
    riders = carried_by(state, units) + list(passengers)
    if riders and not naval.may_carry_to(state, th, units, riders, to):
        raise IllegalAction("BoP 7.61", "passengers_cannot_go", {"to": to},
                            "A force carrying corps ends its move on a map hex where they fit "
                            "(ruling 103).")


def check_landing(state: State, th: Theatre, units: list[str], passengers: list[str],
                  to: str) -> None:
    """7.65 — `land` needs passengers and a friendly port or landing at `to`."""
    if not carried_by(state, units) and not passengers:
        raise IllegalAction("BoP 7.65", "no_passengers", {"units": units},
                            "The force carries no passengers to land.")
    if not land_here(state, th, to, side_of_ship(units[0])):
        raise IllegalAction("BoP 7.65", "land_in_port", {"at": to},
                            "Passengers land only in a friendly port or on a friendly landing.")


def capacity(state: State, ships: list[str]) -> int:
    """7.61 — one corps per surface ship step."""
    fleets = state["board"]["fleets"]
    return sum(fleets[s]["steps"] for s in ships if s in fleets and is_surface(s))


def embark(state: State, seat: str, units: list[str], passengers: list[str]) -> list[Event]:
    """7.64 — the corps go aboard (maneuver mode, free), each to a ship with room."""
    if not passengers:
        return []
    board = state["board"]
    board.setdefault("aboard", {})
    month = state["flow"]["month"]
    carried = state["naval"].setdefault("carried", {})
    for uid in passengers:
        nation = UNITS[uid].nation
        record = carried.get(nation)
        if record is None or record["month"] != month:
            record = carried[nation] = {"month": month, "corps": []}
        record["corps"] = sorted(set(record["corps"]) | {uid})
        if "mode" in board["units"][uid]:
            board["units"][uid]["mode"] = "maneuver"
        board["aboard"][uid] = _ship_with_room(state, units)
    board["aboard"] = dict(sorted(board["aboard"].items()))
    state["naval"]["carried"] = dict(sorted(carried.items()))
    return [Event("naval_embarked", "BoP 7.64", {"units": sorted(units),
                                                  "passengers": sorted(passengers)})]


def _ship_with_room(state: State, ships: list[str]) -> str:
    fleets = state["board"]["fleets"]
    for ship in sorted(ships, key=lambda s: (-fleets[s]["steps"], s)):
        if len(carried_by(state, [ship])) < fleets[ship]["steps"]:
            return ship
    raise AssertionError("no room aboard")      # check_embark counted the room


def follow(state: State, units: list[str]) -> None:
    """The passengers stand where their ships are."""
    fleets = state["board"]["fleets"]
    for corps, ship in aboard(state).items():
        if ship in units and ship in fleets and corps in state["board"]["units"]:
            state["board"]["units"][corps]["at"] = fleets[ship]["at"]


def disembark(state: State, th: Theatre, units: list[str]) -> list[Event]:
    """7.65 — the force's passengers step ashore where it stands."""
    riders = carried_by(state, units)
    if not riders:
        return []
    here = state["board"]["fleets"][units[0]]["at"]
    if not land_here(state, th, here, side_of_ship(units[0])):
        raise IllegalAction("BoP 7.65", "land_in_port", {"at": here},
                            "Passengers land only in a friendly port or on a friendly landing.")
    for corps in riders:
        del state["board"]["aboard"][corps]
    return [Event("naval_disembarked", "BoP 7.65", {"at": here, "passengers": riders})]


def settle(state: State, th: Theatre, in_transit: bool = False) -> list[Event]:
    """7.64, ruling 103 — after losses and returns to port: passengers follow their ships,
    move to another ship of their side in the location when theirs is gone or too small, and
    are eliminated when none has room or their ship ends off the map (not while it only
    pauses on its way, `in_transit`: ruling 118)."""
    board = state["board"]
    if not aboard(state):
        return []
    fleets = board["fleets"]
    lost = []
    for corps in sorted(board["aboard"]):
        ship = board["aboard"][corps]
        if ship in fleets and len(carried_by(state, [ship])) <= fleets[ship]["steps"]:
            continue
        here = board["units"][corps]["at"]
        side = unit_side(state, corps)
        mates = [s for s, f in fleets.items() if f["at"] == here and is_surface(s)
                 and side_of_ship(s) == side]
        room = [s for s in mates if len(carried_by(state, [s])) < fleets[s]["steps"]]
        if room:
            board["aboard"][corps] = sorted(room)[0]
        else:
            lost.append(corps)
    follow(state, list(fleets))
    for corps, ship in sorted(board["aboard"].items()):
        if corps not in lost and board["units"][corps]["at"] != fleets[ship]["at"]:
            lost.append(corps)
    for corps, ship in sorted(board["aboard"].items()):
        at = fleets[ship]["at"] if ship in fleets else None
        if corps not in lost and at is not None and at not in th.water and at not in th.locs \
                and not (in_transit and ship in state["flow"]["naval"]["force"]):
            lost.append(corps)
    for corps in sorted(set(lost)):
        del board["aboard"][corps]
        eliminate(state, corps)
    return [Event("naval_passengers_lost", "BoP 7.64", {"units": sorted(set(lost))})] if lost \
        else []


def end_half(state: State, th: Theatre, seat: str) -> list[Event]:
    """Ruling 103: passengers aboard in a friendly port land at the end of a half; 7.63: a
    nation limited to a corps every other month ends GQ II with none at sea (8.5)."""
    from_ships = sorted({s for s in aboard(state).values() if SHIPS[s].nation == seat})
    events: list[Event] = []
    for ship in from_ships:
        if land_here(state, th, state["board"]["fleets"][ship]["at"], side_of_ship(ship)):
            events += disembark(state, th, [ship])
    at_sea = sorted({s for s in aboard(state).values() if SHIPS[s].nation == seat})
    if at_sea and seat not in MONTHLY and state["flow"]["fortnight"] == 2:
        events += return_to_port(state, th, at_sea)
        events += settle(state, th)
        for ship in at_sea:
            if ship in state["board"]["fleets"] and land_here(
                    state, th, state["board"]["fleets"][ship]["at"], side_of_ship(ship)):
                events += disembark(state, th, [ship])
    return events


def check_transport(state: State, th: Theatre, seat: str, action: Any) -> None:
    """7.6, 7.7 — the move's passengers, landing in port and landing counter are legal
    (raises IllegalAction before anything changes)."""
    units = sorted(action["units"])
    passengers = sorted(action.get("passengers", []))
    wants = passengers or action.get("land") or action.get("landing")
    if not wants:
        if "aboard" in state["board"] and set(units) <= set(state["board"]["fleets"]):
            check_arrival(state, th, units, [], action["to"])
        return
    if "aboard" not in state["board"]:
        raise IllegalAction("BoP 7.6", "no_transport", {}, "This game carries no passengers.")
    if not units or not set(units) <= set(state["board"]["fleets"]):
        return                                   # naval.check_move names the bad force
    check_embark(state, th, seat, units, passengers, action["to"])
    check_arrival(state, th, units, passengers, action["to"])
    if action.get("land") and action.get("landing"):
        raise IllegalAction("BoP 7.65", "land_or_landing", {},
                            "Land the passengers in port or place a landing, not both.")
    if action.get("land"):
        check_landing(state, th, units, passengers, action["to"])
    if action.get("landing"):
        riders = sorted(set(carried_by(state, units)) | set(passengers))
        amphibious.check(state, th, units, riders, action["to"], action["landing"])
