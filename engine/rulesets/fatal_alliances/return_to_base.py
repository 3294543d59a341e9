"""FA 13.3 — return to base, the end of turn's step E3 (after partisans, before the final
reorganisation).

Each power with ships at sea sends task forces home, one order per place (the same reach as a
naval move from a section, 11.3.1 c: movement allowance less the section's search number, and
range), to any friendly base (13.3.2); ships that return turn face-down. `done` keeps the rest
at sea: ships in a section above 0 drop to the next lower section, while ships in the 0 section
must return (13.3): to their own 1914 base if they reach it, else to the first base they
reach by port id (R-N5). A
ship with no base it could reach is destroyed (13.3.3).

Convoy points at sea (version 27, R-N56-R-N57) may stay in their 0 section or return: a power
with points at sea that reach a base is asked too, `{convoy: <area>, points: n}` sending n of
the stack into its pool in port (no port named, R-N40) face-down under a "CP used" marker
(13.3.2), so they carry nothing this turn's production (13.5.1.2 ships only from the sea);
13.4 turns them up right after. `done` keeps them at sea. When every power has decided, points
left at sea with no friendly base in reach are lost (13.3.3, R-N57: sunk, 1 morale each).

Version 29 (R-N64–R-N68): the initiative side decides first (return_interception.py offers
the decisions); a task force ordered home, or forced home from the 0 section, waits in the
area (`flow.returns`, no longer staying at sea) until every power has decided, then the orders
land in the order given, each open to interception by enemy units staying at sea
(return_interception.py). Convoy points still go home at once, not intercepted (R-N65).
"""

from __future__ import annotations

from typing import Any

from engine.kernel import Event, Roller

from .convoys import charge_sunk, convoys
from .fleets import fleets, oob_unit, place_of
from .naval_convoy_moves import destinations as convoy_destinations
from .naval_move import destinations
from .sequence import DONE, mark_done

State = dict[str, Any]
RULE = "FA 13.3"


def orders(state: State) -> list[dict[str, Any]]:
    """R-N64 — the task forces ordered home, waiting in their area to land (initiative side's
    first, each side's in the order given); a version-28 game has none (R-N68)."""
    return state["flow"].get("returns", [])  # type: ignore[no-any-return]


def waiting(state: State) -> set[str]:
    """R-N65 — the ships waiting to return: not staying at sea, so they neither intercept nor
    take part in a return's interception combat unless they are the intercepted ones."""
    return {u for o in orders(state) for u in o["units"]}


def _at_sea(state: State, power: str) -> dict[str, list[str]]:
    """The power's ships at sea, grouped by place (a task force per sea-box section), less
    those already ordered home (R-N64)."""
    out: dict[str, list[str]] = {}
    gone = waiting(state)
    for uid, sh in sorted(fleets(state).items()):
        if sh["power"] == power and sh["area"] is not None and uid not in gone:
            out.setdefault(place_of(sh), []).append(uid)
    return out


def _bases(state: State, power: str, units: list[str]) -> list[str]:
    return [d["to_port"] for d in destinations(state, power, units) if "to_port" in d]


def _convoys_at_sea(state: State, power: str) -> dict[str, int]:
    """The power's convoy points at sea, area → points (all in the 0 section)."""
    return {area: stacks[power] for area, stacks in sorted(convoys(state).items())
            if stacks.get(power, 0) > 0}


def _convoy_home(state: State, power: str, area: str) -> bool:
    """R-N56 — a base the area's points reach as by a naval move into port (R-N46, R-N47,
    R-N50: allowance 3 and range 5, open canals, clear of minefields)."""
    return bool(convoy_destinations(state, power, area))


def return_options(state: State, power: str) -> list[dict[str, Any]]:
    """done first, then each place's ships to each base they reach, then (R-N56) each convoy
    stack that reaches a base, all its points first, then fewer."""
    out: list[dict[str, Any]] = [dict(DONE)]
    for units in _at_sea(state, power).values():
        out.extend({"units": units, "to_port": p} for p in _bases(state, power, units))
    for area, points in _convoys_at_sea(state, power).items():
        if _convoy_home(state, power, area):
            out.extend({"convoy": area, "points": n} for n in range(points, 0, -1))
    return out


def returning(state: State) -> list[str]:
    """The powers with ships at sea, or convoy points at sea that could go home (R-N56),
    still deciding."""
    done = state["flow"]["done"]
    gone = waiting(state)
    powers = {sh["power"] for uid, sh in fleets(state).items()
              if sh["area"] is not None and uid not in gone}
    powers |= {p for area, stacks in convoys(state).items() for p, n in stacks.items()
               if n > 0 and _convoy_home(state, p, area)}
    return sorted(p for p in powers if p not in done)


def _home(ships: dict[str, Any], uid: str, port: str) -> None:
    ships[uid].update(port=port, area=None, section=None, up=False)


def order_home(state: State, power: str, units: list[str], port: str | None) -> Event:
    """R-N64 — the task force leaves its section for the area and waits to land in `port`
    (None: a forced return from the 0 section, each ship to its own 1914 base if in reach)."""
    state["flow"].setdefault("returns", []).append(
        {"power": power, "units": list(units), "to_port": port})
    area = fleets(state)[units[0]]["area"]
    data: dict[str, Any] = {"power": power, "units": list(units), "area": area}
    data.update({"forced": True} if port is None else {"to": port})
    return Event("return_ordered", RULE, data)


def land(state: State, order: dict[str, Any]) -> list[Event]:
    """FA 13.3.2 — a waiting order's ships still afloat and at sea come into port face-down:
    the ordered base if they still reach it (after a fight through, from the 0 section,
    R-N67), else their own 1914 base, else the first they reach by port id; none: lost."""
    ships = fleets(state)
    power = order["power"]
    units = [u for u in order["units"] if u in ships and ships[u]["area"] is not None]
    if not units:
        return []
    bases = _bases(state, power, units)
    if not bases:
        at = place_of(ships[units[0]])
        for uid in units:
            del ships[uid]
        return [Event("ships_lost", "FA 13.3.3", {"power": power, "units": units, "at": at})]
    port = order["to_port"]         # None: each to its own 1914 base (R-N5's forced return)
    for uid in units:
        own = oob_unit(uid).base
        _home(ships, uid, port if port in bases else own if own in bases else bases[0])
    data = {"power": power, "units": units}
    data.update({"forced": True} if port is None else {"to": ships[units[0]]["port"]})
    return [Event("return_to_base", RULE, data)]


def decide_return(state: State, power: str, action: Any) -> list[Event]:
    """FA 13.3 — a task force is ordered home (it waits, R-N64); or (done) the rest stay a
    section lower or are ordered home from the 0 section. The verb is
    return_interception.return_ships, which then lands the orders once every power has
    decided (kept there so that this module never imports the interception stage)."""
    if "convoy" in action:
        return [return_convoy(state, power, action["convoy"], action["points"])]
    if not action.get("done"):
        return [order_home(state, power, action["units"], action["to_port"])]
    ships = fleets(state)
    events: list[Event] = []
    for place, units in _at_sea(state, power).items():
        section = ships[units[0]]["section"]
        if section > 0:
            # 13.3: a ship kept at sea drops one section; 13.3.3: it must still have a base
            # it could return to from there.
            for uid in units:
                ships[uid]["section"] = section - 1
            if _bases(state, power, units):
                events.append(Event("stays_at_sea", RULE, {"power": power, "units": units,
                                                           "section": section - 1}))
                continue
        bases = _bases(state, power, units)
        if not bases:
            for uid in units:
                del ships[uid]
            events.append(Event("ships_lost", "FA 13.3.3", {"power": power, "units": units,
                                                            "at": place}))
            continue
        events.append(order_home(state, power, units, None))
    mark_done(state, power)
    return events



def return_convoy(state: State, power: str, area: str, points: int) -> Event:
    """FA 13.3 with 13.5.1.4 (R-N56) — `points` of the power's stack in `area` go into its pool
    in port, face-down ("CP used", 13.3.2) until the final reorganisation (13.4)."""
    board = state["board"]
    stacks = board["convoys"][area]
    stacks[power] -= points
    if stacks[power] == 0:
        del stacks[power]
    if not stacks:
        del board["convoys"][area]
    for key in ("convoys_in_port", "convoys_used"):
        pool = board.setdefault(key, {})
        pool[power] = pool.get(power, 0) + points
    return Event("convoy_returned", RULE, {"power": power, "points": points,
                                           "from": f"sea:{area}:0"})


def strand_convoys(state: State, roller: Roller) -> list[Event]:
    """FA 13.3.3 (R-N57) — when every power has decided, convoy points left at sea with no
    base they could return to are destroyed, each a point of morale (14.1, R-N43)."""
    events: list[Event] = []
    for area, stacks in sorted(convoys(state).items()):
        lost = {p: n for p, n in sorted(stacks.items())
                if n > 0 and not _convoy_home(state, p, area)}
        for power, points in lost.items():
            del stacks[power]
            events.append(Event("convoys_lost", "FA 13.3.3", {"power": power, "points": points,
                                                             "at": f"sea:{area}:0"}))
        if lost:
            charge_sunk(state, lost)
        if not stacks:
            del convoys(state)[area]
    return events


OVERRUN_KEEP = 5        # 11.9.6.2: a d10 of 5 or more keeps the ship, 1 is captured, 2-4 sink


def overrun_bases(state: State, power: str, uid: str) -> list[str]:
    """FA 11.9.6.2 — the friendly bases an overrun ship may rebase to: within double its
    range, ignoring its movement allowance (the power's sea adjacency, 11.3.3), by port id."""
    from .fleets import area_distances, friendly_base, seas, values
    from .passages import sea_neighbours

    sh = fleets(state)[uid]
    budget = 2 * values(uid)["range"]
    reach = area_distances(seas().port(sh["port"]).areas, budget, sea_neighbours(state, power))
    return sorted(pid for pid, port in seas().ports.items()
                  if pid != sh["port"] and friendly_base(state, power, pid)
                  and any(reach.get(a, budget) + 1 <= budget for a in port.areas))


def evict_from_ports(state: State, countries: set[str], roller: Roller | None) -> list[Event]:
    """FA 2.4.3 — ships based in a neutral port whose country has just joined a side, or
    granted access to one (FA 22.6), where they may no longer stay, count as overrun
    (11.9.6.2, version 18, R-N34): each face-down ship rolls a d10 — 5 or more it stays its
    owner's, 1 the neutral's major (or the neutral itself) captures it, 2-4 it is destroyed;
    the owner's remaining ships rebase face-down to their 1914 base if within double their
    range (movement allowance ignored), else the first friendly base within it by port id,
    and are destroyed with none. Captured ships leave the game (no repair pool yet)."""
    from .fleets import friendly_base, seas
    from .neutral_basing import neutral_holder, restricted
    from .position import at_war, controller

    ships = fleets(state)
    aligned = state["board"]["aligned"]
    events: list[Event] = []
    for uid in sorted(ships):
        sh = ships[uid]
        port = sh["port"]
        if sh["area"] is not None or port not in seas().ports:
            continue
        holder = controller(state, seas().ports[port].hex)
        if holder not in countries or friendly_base(state, sh["power"], port):
            continue
        neutral = neutral_holder(state, port)
        if neutral is not None and not at_war(state, sh["power"], neutral) and not restricted(
                state, sh["power"], neutral):
            continue
        if not sh["up"]:
            if roller is None:
                raise ValueError("an overrun ship rolls (11.9.6.2): a roller is needed")
            die = roller.d(10, f"overrun of {uid} at {port}")
            captor = str(aligned.get(holder, holder))
            fate = "kept" if die >= OVERRUN_KEEP else ("captured" if die == 1 else "destroyed")
            events.append(Event("naval_overrun", "FA 11.9.6.2", {
                "unit": uid, "power": sh["power"], "port": port, "roll": die, "fate": fate,
                "by": captor}))
            if fate != "kept":
                del ships[uid]
                if fate == "captured":
                    state["board"].setdefault("captured_ships", {})[uid] = captor
                continue
        bases = overrun_bases(state, sh["power"], uid)
        home = oob_unit(uid).base
        to = home if home in bases else (bases[0] if bases else None)
        if to is None:
            del ships[uid]
            events.append(Event("ships_lost", "FA 11.9.6.2",
                                {"power": sh["power"], "units": [uid], "at": f"port:{port}"}))
            continue
        _home(ships, uid, to)
        events.append(Event("return_to_base", "FA 11.9.6.2",
                            {"power": sh["power"], "units": [uid], "to": to, "forced": True}))
    return events
