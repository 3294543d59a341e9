"""FA 11.3.5 — interception during the naval movement step, and the naval bookkeeping of an
impulse (`flow.naval`, campaign only: East Prussia has no ships and never gets the key).

A surface task force that sails into a sea area (from a port or another area) may be
intercepted there by an enemy power with a face-up unit in the area's sea-box (or the unit it
turned face-down for an earlier attempt this impulse, still there). The enemy powers are
asked in turn (`naval_intercept`); the first that tries turns a unit face-down and rolls a d10
against the search number of the highest section holding its side's committed units (R-N3).
On a success the moving power chooses (`naval_intercepted`) to stop there (its ships stay in
the section it sailed to; there may be combat in the naval combat step) or to fight through:
an interception combat (naval_combat.fight) whose first round uses the interception roll as
the interceptor's search and always includes the task force.

A task force carrying cargo to debark at sea (11.10, version 11) leaves a `landing` in the
bookkeeping: once any interception is over its power picks the coastal hex (`naval_debark`,
before any further move); after a fight through only what the carriers left in the area can
carry still lands (R-N14, naval_transport.landing_split).

Our naval move is one jump to its destination, so interception happens in the area a task
force ends its move in; areas passed through and returns to port are not intercepted (R-N3).

Version 29 (R-N65): at the end of the turn ships ordered home (`return_to_base.waiting`) are
not staying at sea: they neither intercept nor set the roll's section; during an impulse
nothing waits, so nothing changes there.

Convoy points sailing out of port into an area's 0 section (naval_convoy_moves.py) are a task
force like any other (version 27, R-N54): the same enemies are asked, the same roll decides
(every 2 points, or a last 1, count as a ship against the more-than-10 modifier), and a fight
through is the same combat with the moving points always in its first round (11.4.7.2).
"""

from __future__ import annotations

from typing import Any

from engine.kernel import Event, Roller

from .fleets import fleets, place_of, values
from .invasion import invade, invade_options
from .naval_combat import fight, roll_modifier, search_number, side_of
from .naval_convoy_moves import choose_order, move_points
from .naval_convoys import ships_counted
from .naval_move import sail
from .naval_transport import debark_at_sea, landing_hexes, landing_split, lose_cargo
from .position import at_war
from .return_to_base import waiting
from .sequence import DONE

State = dict[str, Any]
RULE = "FA 11.3.5"
BIG_FLEET = 10     # 11.3.5.1: -1 to the roll against a fleet of more than 10 ships


def fresh_naval() -> dict[str, Any]:
    """An impulse's naval bookkeeping: a pending interception, the areas the active side
    moved surface units into or within (11.5), the areas where a combat was started (11.4.1),
    and each power's face-down 'watch' unit per area (11.3.5.1)."""
    return {"pending": None, "entered": [], "fought": [], "watch": {}}


def begin_naval(state: State, roller: Roller) -> list[Event]:
    """The naval movement step's start: fresh bookkeeping where there are ships."""
    if "fleets" in state["board"]:
        state["flow"]["naval"] = fresh_naval()
    return []


def naval(state: State) -> dict[str, Any]:
    return state["flow"].setdefault("naval", fresh_naval())  # type: ignore[no-any-return]


def watch_unit(state: State, power: str, area: str) -> str | None:
    """11.3.5.1 — the unit the power turned face-down in `area` this impulse, if still there."""
    uid = naval(state)["watch"].get(area, {}).get(power)
    sh = fleets(state).get(uid) if uid else None
    return uid if sh is not None and sh["area"] == area else None


def flip_choice(state: State, power: str, area: str, keep_subs: bool = False) -> str | None:
    """The unit turned face-down (R-N3): the watch unit if there is one (nothing to turn),
    else a face-up SUB when SUBs are not committed, else the face-up unit with the least
    attack (ties by id). None: the power cannot try."""
    if watch_unit(state, power, area):
        return watch_unit(state, power, area)
    gone = waiting(state)         # 13.3 (R-N65): ships ordered home do not intercept
    up = [uid for uid, sh in sorted(fleets(state).items())
          if sh["power"] == power and sh["area"] == area and sh["up"] and uid not in gone]
    if not up:
        return None
    subs = [u for u in up if fleets(state)[u]["type"] == "SUB"]
    if keep_subs and subs:
        return subs[0]
    return min(up, key=lambda u: (values(u)["attack"], u))


def turn_down(state: State, power: str, area: str, uid: str) -> None:
    fleets(state)[uid]["up"] = False
    naval(state)["watch"].setdefault(area, {})[power] = uid


def may_intercept(state: State, mover: str, units: list[str], start: str, area: str,
                  convoys: int = 0) -> list[str]:
    """11.3.5 — the enemy powers that may try: at war with the mover, with a face-up unit (or
    a watch unit) in the sea-box. Never a SUB task force, never a drop to a lower section.
    `convoys`: the moving convoy points (a convoy move has no ships, R-N54)."""
    ships = fleets(state)
    if not convoys and all(ships[u]["type"] == "SUB" for u in units):
        return []
    if start.startswith(f"sea:{area}:"):
        return []
    gone = waiting(state)
    powers = {sh["power"] for uid, sh in ships.items() if sh["area"] == area
              and at_war(state, sh["power"], mover) and uid not in gone}
    return sorted(p for p in powers if flip_choice(state, p, area) is not None)


def open_interception(state: State, mover: str, units: list[str], start: str,
                      area: str, section: int, convoys: int = 0) -> list[str]:
    """After a move: note a pending interception if an enemy may try; returns who may.
    A convoy move's pending interception also holds its points (`convoys`, R-N54)."""
    could = may_intercept(state, mover, units, start, area, convoys)
    if could:
        naval(state)["pending"] = {"stage": "ask", "power": mover, "units": list(units),
                                   "area": area, "section": section, "asked": []}
        if convoys:
            naval(state)["pending"]["convoys"] = convoys
    return could


def sail_and_watch(state: State, power: str, action: Any, roller: Roller) -> list[Event]:
    """FA 11.3 then 11.3.5 — carry out a naval move; a surface move into a sea area is
    noted for 11.5 and may open an interception (its event names who may try)."""
    if "convoy" in action:        # version 24: a convoy order, its points asked next (R-N46)
        naval(state)              # the impulse's bookkeeping holds the order
        return choose_order(state, power, action)
    if action.get("done") or "to_area" not in action:
        return sail(state, power, action, roller)
    start = place_of(fleets(state)[action["units"][0]])
    events = sail(state, power, action, roller)
    units = [u for u in action["units"] if u in fleets(state)]    # 11.3.2.5: mines may sink some
    if not units:
        events[0].data["interceptors"] = []
        return events
    if any(fleets(state)[u]["type"] != "SUB" for u in units):
        naval(state)["entered"] = sorted(set(naval(state)["entered"]) | {action["to_area"]})
    events[0].data["interceptors"] = open_interception(
        state, power, units, start, action["to_area"], action["section"])
    lost = {u for e in events if e.kind == "cargo_lost" for u in e.data["destroyed"]}
    cargo = [u for u in action.get("cargo") or [] if u not in lost]
    if action.get("debark") and cargo:   # R-N12: the cargo waits aboard for its landing
        naval(state)["landing"] = {"power": power, "units": units, "area": action["to_area"],
                                   "cargo": cargo}
    return events


def sail_convoy_and_watch(state: State, power: str, action: Any, roller: Roller) -> list[Event]:
    """FA 11.3 with 13.5.1.4, then 11.3.5 (R-N54) — carry out the pending convoy order; points
    sailing into an area are noted for 11.5 (they are non-SUB units) and may be intercepted
    there like a task force (the event names who may try). Points going into port are not
    (returns to port are not intercepted, R-N3)."""
    events = move_points(state, power, action)
    moved = events[0].data
    if moved["to"].startswith("sea:"):
        area = moved["to"].split(":")[1]
        naval(state)["entered"] = sorted(set(naval(state)["entered"]) | {area})
        moved["interceptors"] = open_interception(state, power, [], "port", area, 0,
                                                  convoys=moved["points"])
    return events


def landing(state: State) -> dict[str, Any] | None:
    """The cargo waiting to come ashore (11.10, version 11), if any."""
    return state["flow"].get("naval", {}).get("landing")  # type: ignore[no-any-return]


def debark_options(state: State, power: str) -> list[dict[str, Any]]:
    """FA 11.10 — the coastal hexes the waiting cargo may land on (the first is the
    timeout); there is always one: the order was offered only with one (R-N13), and only
    ships, not land units, changed since."""
    waiting = landing(state)
    assert waiting is not None
    return ([{"land": h} for h in landing_hexes(state, power, waiting["area"], waiting["cargo"])]
            + invade_options(state, power, waiting["area"], waiting["units"], waiting["cargo"]))


def answer_debark(state: State, power: str, action: Any, roller: Roller) -> list[Event]:
    """FA 11.10 — the waiting cargo comes ashore on the chosen hex, or (11.11, version 12)
    invades an enemy coast."""
    waiting = landing(state)
    assert waiting is not None
    naval(state)["landing"] = None
    if "invade" in action:
        return invade(state, power, waiting["units"], waiting["cargo"], waiting["area"], action,
                      roller)
    return [debark_at_sea(state, power, waiting["units"], waiting["cargo"], action["land"])]


def pending(state: State) -> dict[str, Any] | None:
    return state["flow"].get("naval", {}).get("pending")  # type: ignore[no-any-return]


def deciding(state: State) -> str | None:
    """Who answers the pending interception now: the next enemy power still to be asked, or
    (after a success) the moving power."""
    p = pending(state)
    if p is None:
        return None
    if p["stage"] == "fight":
        return str(p["power"])
    left = [q for q in may_intercept(state, p["power"], p["units"], "", p["area"],
                                     p.get("convoys", 0))
            if q not in p["asked"]]
    return left[0] if left else None


def intercept_options(state: State, power: str) -> list[dict[str, Any]]:
    """done (let it pass), or try, with or without the side's SUBs in the sea-box."""
    p = pending(state)
    assert p is not None
    out = [dict(DONE), {"intercept": True, "subs": False}]
    side = side_of(power)
    if any(sh["area"] == p["area"] and sh["type"] == "SUB" and side_of(sh["power"]) == side
           for sh in fleets(state).values()):
        out.append({"intercept": True, "subs": True})
    return out


def intercepted_options(state: State, power: str) -> list[dict[str, Any]]:
    """11.3.5.3 — stop in the area (done, the timeout) or fight through."""
    return [dict(DONE), {"fight": True}]


def interception_roll(state: State, power: str, subs: bool, roller: Roller) -> dict[str, Any]:
    """11.3.5.1 — the d10 against the highest section holding a committed unit of the
    interceptor's side at war with a moving unit; +1 in wet weather, -1 against >10 ships
    (moving convoy points count a ship for every 2 or a last 1, as on the chart: R-N54)."""
    p = pending(state)
    assert p is not None
    ships = fleets(state)
    side, area = side_of(power), p["area"]
    movers = {ships[u]["power"] for u in p["units"] if u in ships}
    if p.get("convoys"):
        movers.add(p["power"])
    size = len(p["units"]) + ships_counted(p.get("convoys", 0))
    gone = waiting(state)         # 13.3 (R-N65): only units staying at sea count
    sections = [sh["section"] for uid, sh in ships.items()
                if sh["area"] == area and side_of(sh["power"]) == side and uid not in gone
                and (subs or sh["type"] != "SUB")
                and any(at_war(state, sh["power"], m) for m in movers)]
    target = max((search_number(area, s) for s in sections), default=-1)
    die = roller.d(10, f"interception {power} {area}")
    modified = die + roll_modifier(state, area) - (1 if size > BIG_FLEET else 0)
    return {"roll": die, "modified": modified, "search": target, "success": modified <= target}


def answer_intercept(state: State, power: str, action: Any, roller: Roller) -> list[Event]:
    p = pending(state)
    assert p is not None
    if action.get("done"):
        p["asked"].append(power)
        if deciding(state) is None:
            naval(state)["pending"] = None
        return [Event("interception_declined", RULE, {"power": power, "area": p["area"]})]
    subs = bool(action.get("subs"))
    flipped = flip_choice(state, power, p["area"], keep_subs=not subs)
    assert flipped is not None
    turn_down(state, power, p["area"], flipped)
    result = interception_roll(state, power, subs, roller)
    event = Event("interception", RULE, {"power": power, "against": p["power"],
                                         "area": p["area"], "units": p["units"],
                                         "face_down": flipped, "subs": subs, **result})
    if result["success"]:
        p.update(stage="fight", interceptor=power, roll=result["roll"], subs=subs)
    else:
        naval(state)["pending"] = None
    return [event]


def answer_intercepted(state: State, power: str, action: Any, roller: Roller) -> list[Event]:
    """11.3.5.3 — stop (the ships stay where they sailed) or fight through (11.3.5.4)."""
    p = pending(state)
    assert p is not None
    naval(state)["pending"] = None
    if action.get("done"):
        return [Event("interception_stop", RULE, {"power": power, "area": p["area"]})]
    side = side_of(p["interceptor"])
    withheld = [] if p["subs"] else [
        uid for uid, sh in sorted(fleets(state).items())
        if sh["area"] == p["area"] and sh["type"] == "SUB" and side_of(sh["power"]) == side]
    events = [Event("fight_through", "FA 11.3.5.4", {"power": power, "area": p["area"]})]
    events += fight(state, p["area"], state["flow"]["active_side"], roller,
                    first_roll={side: p["roll"]}, always=p["units"], withheld=withheld,
                    rule="FA 11.3.5.4",
                    always_convoys={power: p["convoys"]} if p.get("convoys") else None)
    waiting = landing(state)
    if waiting is not None:
        land, back, lost = landing_split(state, waiting["units"], waiting["cargo"], p["area"])
        events += lose_cargo(state, power, back, lost)
        waiting["cargo"] = land
        if not land or not debark_options(state, power):
            events += lose_cargo(state, power, land, [])      # nothing left, or no shore
            naval(state)["landing"] = None
    return events
