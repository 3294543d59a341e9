"""FA 11.4 — naval combat in one sea area: search (11.4.4), surprise points (11.4.5), surface
rounds on the authored chart (11.4.7, R-N8), results (11.4.7.1) and aborts to base.

A combat is fought out inside the answer that starts it (an interception that fights through,
11.3.5.4, or an initiation in the naval combat step, 11.4.2): every choice the rules leave to
a player inside the rounds is made by the standing rule R-N9 (docs/rules/fatal_alliances.md):
SUBs are committed, a side that alone finds the enemy includes every committed enemy unit,
surprise points buy column shifts, and targets are picked alternately (owner first) by value.
Voluntary aborts, screening of warships and the speed exclusion are not offered; convoy points
at sea take part as always-screened targets (11.4.7.2, naval_convoys.py); a submarine
combat (11.4.9, submarine_combat.py) is fought when a side's included SUBs meet the other
side's included convoy points (R-N59); naval-air combat is not built yet.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.kernel import Event, Roller

from . import naval_convoys, naval_surprise, submarine_combat
from .charts import Weather
from .fleets import defence, fleets, oob_unit, seas, values
from .naval_chart import RESULTS, surface_chart
from .naval_move import destinations
from .position import at_war
from .powers import POWER_SIDE

State = dict[str, Any]
RULE = "FA 11.4"
ROUND_CAP = 8          # R-N9: a combat that keeps finding itself stops after this many rounds
WET = (Weather.RAIN.value, Weather.SNOW.value, Weather.STORM.value, Weather.BLIZZARD.value)
DOWNGRADE = {"X": "D", "D": "A", "A": "1/2A", "1/2A": None}   # 11.4.7.1: a missed roll


def side_of(power: str) -> str:
    return POWER_SIDE[power]


def in_area(state: State, area: str) -> dict[str, dict[str, Any]]:
    return {uid: sh for uid, sh in sorted(fleets(state).items()) if sh["area"] == area}


def committed(state: State, area: str, side: str) -> list[str]:
    """11.4.3 — a side's units in the sea-box at war with a unit of the other side there
    (enemy convoy points count as units: 11.4.7.2)."""
    ships = in_area(state, area)
    enemies = {sh["power"] for sh in ships.values() if side_of(sh["power"]) != side}
    enemies |= set(naval_convoys.owners(state, area, side))
    return [uid for uid, sh in ships.items() if side_of(sh["power"]) == side
            and any(at_war(state, sh["power"], e) for e in enemies)]


def contested(state: State, area: str) -> bool:
    """11.4.1 — the area holds warships at war with units of the other side there (convoy
    points alone never fight: 11.4.2)."""
    return any(committed(state, area, s) for s in ("central", "entente"))


def search_number(area: str, section: int) -> int:
    return next(s.search for s in seas().area(area).sections if s.section == section)


def roll_modifier(state: State, area: str) -> int:
    """11.4.4 — +1 to a search roll in a sea area in rain, snow, storm or blizzard."""
    zone = seas().area(area).weather_zone
    weather = state["flow"].get("weather", {}).get("zones", {}).get(zone, Weather.FINE.value)
    return 1 if weather in WET else 0


def attack(uid: str, ship: dict[str, Any]) -> float:
    """11.4.7.1 — a damaged unit fires at half its printed attack."""
    a = values(uid)["attack"]
    return a / 2 if ship.get("damaged") else float(a)


def side_attack(state: State, units: list[str]) -> float:
    ships = fleets(state)
    return sum(attack(u, ships[u]) for u in units if u in ships)


@dataclass
class Combat:
    """One combat's running tally: the sides, the units that must abort, what happened."""

    area: str
    active: str                     # the side whose impulse it is (rolls first, 11.4.7)
    rule: str = RULE
    aborting: set[str] = field(default_factory=set)
    withheld: set[str] = field(default_factory=set)   # SUBs an interceptor kept out
    events: list[Event] = field(default_factory=list)

    def sides(self) -> tuple[str, str]:
        other = next(s for s in ("central", "entente") if s != self.active)
        return self.active, other


def search(state: State, combat: Combat, side: str, roller: Roller,
           given: int | None = None, off: int = 0) -> tuple[int, list[str]]:
    """11.4.4 — a side's search roll (or the interception roll that stands for it, 11.3.5.4)
    and the committed units it includes: those whose section's search number is at least
    the modified roll (`off`: what extra search units took off it, R-N76)."""
    roll = given if given is not None else roller.d(10, f"naval search {side} {combat.area}")
    modified = modified_roll(state, combat.area, side, roll, given is not None) - off
    ships = fleets(state)
    found = [u for u in committed(state, combat.area, side)
             if u not in combat.aborting and u not in combat.withheld
             and search_number(combat.area, ships[u]["section"]) >= modified]
    return roll, found


def modified_roll(state: State, area: str, side: str, roll: int, interception: bool) -> int:
    """11.4.4 — the weather's +1, and 1 off per 10 enemy convoy points except on an
    interception's roll."""
    penalty = 0 if interception else naval_convoys.search_penalty(state, area, side)
    return roll + roll_modifier(state, area) + penalty


def surprise(state: State, area: str, found: list[str], enemy_roll: int) -> int:
    """11.4.5 — the search number of the highest section holding an included unit, plus the
    opponent's unmodified roll (a side that found nothing has only the latter)."""
    ships = fleets(state)
    best = max((search_number(area, ships[u]["section"]) for u in found), default=0)
    return best + enemy_roll


def _owner_pick(state: State, targets: list[str]) -> str:
    """R-N9 — the owner's pick: its toughest unit (lowest defence), the weakest gun first."""
    ships = fleets(state)
    return min(targets, key=lambda u: (defence(u, ships[u]), attack(u, ships[u]), u))


def _enemy_pick(state: State, targets: list[str]) -> str:
    """R-N9 — the opponent's pick: the strongest gun, the easiest to hit first."""
    ships = fleets(state)
    return min(targets, key=lambda u: (-attack(u, ships[u]), -defence(u, ships[u]), u))


def apply_results(state: State, combat: Combat, results: tuple[str, ...], targets: list[str],
                  roller: Roller, half: dict[str, int], convoy_side: str | None = None,
                  points: dict[str, int] | None = None, owner_picks: bool = False,
                  chosen: str | None = None) -> None:
    """11.4.7.1 — X results first, then D, then A, then 1/2A; each target picked alternately
    (owner first), a d10 at or under its defence takes the result, else the next worse one.
    `convoy_side` names the side whose screened convoy points were included (`points`, power
    → points): they take the results left once no unscreened target is (11.4.7, 11.4.7.2).
    `owner_picks`: the owner picks every target (ASW fire on SUBs, 11.4.9). `chosen`: the
    target the firing side selected with surprise points (R-N78): the first result lands on
    it while it is still a target."""
    ships = fleets(state)
    ordered = sorted(results, key=RESULTS.index)
    for n, code in enumerate(ordered):
        open_ = [u for u in targets if u in ships and u not in combat.aborting]
        if not open_:
            hit = (naval_convoys.take(state, combat.area, convoy_side, code, points)
                   if convoy_side and points is not None else None)
            if hit is None:
                break
            combat.events.append(hit)
            continue
        owner_turn = owner_picks or n % 2 == 0
        if chosen in open_:
            target, chosen = chosen, None
        else:
            target = (_owner_pick if owner_turn else _enemy_pick)(state, open_)
        target_defence = defence(target, ships[target])
        die = roller.d(10, f"naval result {code} on {target}")
        got: str | None = code if die <= target_defence else DOWNGRADE[code]
        if got == "1/2A":
            half[target] = half.get(target, 0) + 1
            got = "A" if half[target] >= 2 else None
        combat.events.append(Event("naval_hit", "FA 11.4.7.1", {
            "unit": target, "power": ships[target]["power"], "result": code, "roll": die,
            "defence": target_defence, "effect": got or "none"}))
        if got == "X" or (got == "D" and ships[target].get("damaged")):
            del ships[target]
            combat.events.append(Event("ship_sunk", "FA 11.4.7.1", {"unit": target}))
        elif got == "D":
            ships[target]["damaged"] = True
        elif got == "A":
            combat.aborting.add(target)


def _return(state: State, uid: str, why: str) -> Event:
    """13.3 — an aborting ship goes home face-down: its own 1914 base if it reaches it, else
    the first base it reaches (R-N5); a ship with no base in reach is lost (13.3.3)."""
    ships = fleets(state)
    sh = ships[uid]
    bases = [d["to_port"] for d in destinations(state, sh["power"], [uid]) if "to_port" in d]
    if not bases:
        del ships[uid]
        return Event("ships_lost", "FA 13.3.3", {"power": sh["power"], "units": [uid]})
    own = oob_unit(uid).base
    sh.update(port=own if own in bases else bases[0], area=None, section=None, up=False)
    return Event("naval_abort", "FA 11.4.7.1", {"unit": uid, "to": sh["port"], "why": why})


def _end_round(state: State, combat: Combat) -> None:
    for uid in sorted(combat.aborting):        # 11.4.7.1: aborts at the round's end
        if uid in fleets(state):
            combat.events.append(_return(state, uid, "abort"))
    combat.aborting.clear()


def _submarine(state: State, combat: Combat, rnd: int, sub_side: str,
               found: dict[str, list[str]], cv: dict[str, dict[str, int]],
               shift: dict[str, int], roller: Roller, half: dict[str, int],
               chosen: dict[str, str | None]) -> list[Event]:
    """One submarine combat (11.4.9, submarine_combat.py): both fires read first, then the
    active side's dice first (11.4.7): the ASW rolls against the SUBs (owner's picks, or the
    SUB the convoys' side selected, R-N78), the SUBs' results on the convoy points (no rolls,
    R-N39), the first on the surface unit the SUBs' side selected if it did (R-N78)."""
    target = next(s for s in found if s != sub_side)
    event, subs, on_subs, on_convoys = submarine_combat.plan(
        state, combat.aborting, combat.area, rnd, sub_side, found, cv, shift)
    mark = len(combat.events)

    def subs_fire() -> None:
        results = tuple(sorted(on_convoys, key=RESULTS.index))
        pick = chosen.get(sub_side)
        if results and pick in found[target] and pick in fleets(state) \
                and pick not in combat.aborting:
            apply_results(state, combat, results[:1], [pick], roller, half)
            results = results[1:]
        combat.events.extend(submarine_combat.on_convoys(state, combat.area, target,
                                                         results, cv[target]))

    if sub_side == combat.active:
        subs_fire()
    apply_results(state, combat, on_subs, subs, roller, half, owner_picks=True,
                  chosen=chosen.get(target))
    if sub_side != combat.active:
        subs_fire()
    landed = combat.events[mark:]
    del combat.events[mark:]
    return [event, *landed]


def fight(state: State, area: str, active: str, roller: Roller, *,
          first_roll: dict[str, int] | None = None, always: list[str] | None = None,
          withheld: list[str] | None = None, rule: str = RULE,
          always_convoys: dict[str, int] | None = None, starter: str | None = None) -> list[Event]:
    """11.4.1 — the combat sequence's steps 2-7 in `area`, round after round, until a search
    finds nobody, a side has no unit at war with the other there, a side avoids the combat
    (11.4.5) or ROUND_CAP rounds.

    `first_roll` (side → roll) and `always` are the interception's first round (11.3.5.4):
    the interceptor's roll is its search roll, the moving task force is always included;
    `withheld` are the SUBs the interceptor did not commit (they sit this combat out);
    `always_convoys` (power → points) an intercepted convoy move, always included in that
    first round like a task force (R-N54). `starter`: the power that started the combat in
    the naval combat step; only such a combat stops to ask the surprise points' holder how to
    spend them (`flow.naval.surprise`, naval_surprise.py, R-N75) and goes on in `resume`."""
    combat = Combat(area, active, rule, withheld=set(withheld or []))
    first = {"roll": first_roll or {}, "always": always or [], "convoys": always_convoys or {}}
    return _rounds(state, combat, 1, roller, first, starter)


def _present(state: State, combat: Combat, s: str) -> bool:
    return bool(set(committed(state, combat.area, s)) - combat.withheld
                or naval_convoys.at_war_points(state, combat.area, s))


def _search_round(state: State, combat: Combat, rnd: int, roller: Roller,
                  first: dict[str, Any]) -> dict[str, Any] | None:
    """Steps 2-4 of a round: both searches (with the extra search units on the combat's first
    roll, R-N76), the included units and convoy points, the surprise points; None when
    nobody was found."""
    area = combat.area
    a, b = combat.sides()
    given = first["roll"] if rnd == 1 else {}
    bonus: dict[str, int] = {}
    for s in (a, b):
        off, units = (naval_surprise.search_bonus(state, area, s, POWER_SIDE)
                      if rnd == 1 and s not in given else (0, []))
        if off:
            naval_surprise.turn_for_search(state, units)
            combat.events.append(Event("naval_search_units", "FA 11.4.4", {
                "area": area, "side": s, "units": units, "off": off}))
        bonus[s] = off
    roll_a, found_a = search(state, combat, a, roller, given.get(a), bonus[a])
    roll_b, found_b = search(state, combat, b, roller, given.get(b), bonus[b])

    def convoys_found(s: str, roll: int) -> bool:
        mod = modified_roll(state, area, s, roll, s in given) - bonus[s]
        return naval_convoys.found(state, area, s, mod, search_number(area, naval_convoys.SECTION))

    # the included convoy points, side → power → points (all of a side's, or none)
    cv = {s: dict(naval_convoys.at_war_points(state, area, s)) if convoys_found(s, roll) else {}
          for s, roll in ((a, roll_a), (b, roll_b))}
    if rnd == 1 and first["always"]:
        mover = side_of(fleets(state)[first["always"][0]]["power"])
        extra = [u for u in first["always"] if u in fleets(state)]
        if mover == a:
            found_a = sorted(set(found_a) | set(extra))
        else:
            found_b = sorted(set(found_b) | set(extra))
    if rnd == 1 and first["convoys"]:
        # R-N54: the intercepted points are in the round even if their side's own roll
        # missed the 0 section (then only they are: the rest of the stack there is not)
        mover = side_of(next(iter(first["convoys"])))
        if not cv[mover]:
            live = naval_convoys.at_war_points(state, area, mover)
            cv[mover] = {p: min(n, live[p]) for p, n in first["convoys"].items() if live.get(p)}
    sp = {a: surprise(state, area, found_a, roll_b), b: surprise(state, area, found_b, roll_a)}
    if not found_a and not found_b and not cv[a] and not cv[b]:
        combat.events.append(Event("naval_search", "FA 11.4.4", {
            "area": area, "round": rnd, "rolls": {a: roll_a, b: roll_b}, "found": False}))
        return None
    # 11.4.4.1 — a side that alone finds the enemy includes every committed enemy unit
    if not found_b and not cv[b]:
        found_b = [u for u in committed(state, area, b) if u not in combat.withheld]
        cv[b] = dict(naval_convoys.at_war_points(state, area, b))
    elif not found_a and not cv[a]:
        found_a = [u for u in committed(state, area, a) if u not in combat.withheld]
        cv[a] = dict(naval_convoys.at_war_points(state, area, a))
    return {"round": rnd, "rolls": {a: roll_a, b: roll_b}, "found": {a: found_a, b: found_b},
            "convoys": cv, "surprise": sp}


def _rounds(state: State, combat: Combat, start: int, roller: Roller,
            first: dict[str, Any], starter: str | None) -> list[Event]:
    a, b = combat.sides()
    for rnd in range(start, ROUND_CAP + 1):
        if not (_present(state, combat, a) and _present(state, combat, b)
                and contested(state, combat.area)):
            break
        data = _search_round(state, combat, rnd, roller, first)
        if data is None:
            break
        side, points = naval_surprise.holder(data["surprise"])
        if side is not None and starter is not None and points >= naval_surprise.COLUMN_COST:
            power = naval_surprise.deciding_power(state, side, data["found"][side], starter)
            state["flow"]["naval"]["surprise"] = {
                "power": power, "side": side, "points": points, "starter": starter,
                "combat": {"area": combat.area, "active": combat.active, "rule": combat.rule,
                           "aborting": sorted(combat.aborting),
                           "withheld": sorted(combat.withheld)},
                **data}
            combat.events.append(Event("naval_surprise_asked", naval_surprise.RULE, {
                "area": combat.area, "round": rnd, "power": power, "side": side,
                "points": points, "surprise": data["surprise"]}))
            return combat.events
        if _round(state, combat, data, side, naval_surprise.standing(points), roller):
            break
    return _finish(state, combat)


def surprise_waiting(state: State) -> dict[str, Any] | None:
    """The round waiting for its surprise points' holder to spend them (R-N75)."""
    return state["flow"].get("naval", {}).get("surprise")  # type: ignore[no-any-return]


def surprise_options(state: State, power: str) -> list[dict[str, Any]]:
    w = surprise_waiting(state)
    assert w is not None
    return naval_surprise.plans(state, w["found"], set(w["combat"]["aborting"]), w["convoys"],
                                w["side"], w["points"])


def resume(state: State, power: str, action: Any, roller: Roller) -> list[Event]:
    """11.4.5 — the holder's plan for the waiting round; the round is fought (or the combat
    avoided) and the combat goes on from the next round."""
    w = surprise_waiting(state)
    assert w is not None
    state["flow"]["naval"]["surprise"] = None
    c = w["combat"]
    combat = Combat(c["area"], c["active"], c["rule"], aborting=set(c["aborting"]),
                    withheld=set(c["withheld"]))
    data = {k: w[k] for k in ("round", "rolls", "found", "convoys", "surprise")}
    if _round(state, combat, data, w["side"], dict(action), roller, w["power"]):
        return _finish(state, combat)
    return _rounds(state, combat, w["round"] + 1, roller,
                   {"roll": {}, "always": [], "convoys": {}}, w["starter"])


def _round(state: State, combat: Combat, data: dict[str, Any], holder: str | None,
           plan: dict[str, Any], roller: Roller, spender: str | None = None) -> bool:
    """Steps 5-7 of a round on the holder's plan (11.4.5); True when the combat is avoided."""
    area, rnd = combat.area, data["round"]
    a, b = combat.sides()
    found, cv = data["found"], data["convoys"]
    if holder is not None and spender is not None:
        combat.events.append(naval_surprise.spent_event(
            area, rnd, holder, naval_surprise.holder(data["surprise"])[1], plan, spender))
    if plan.get("avoid"):
        return True
    shift = naval_surprise.shifts(plan, holder, (a, b))
    target = plan.get("target")
    chosen = {s: (target if s == holder else None) for s in (a, b)}
    points = {s: sum(cv[s].values()) for s in (a, b)}
    half: dict[str, int] = {}
    # 11.4.6.1 (2), R-N59: a side with a SUB included against included enemy convoy
    # points makes it a submarine combat (two when both sides can, the active side first),
    # unless the holder bought a surface round (11.4.6.1 (1), R-N77)
    sub_sides = [] if plan.get("type") == "surface" else [
        s for s, o in ((a, b), (b, a))
        if submarine_combat.qualifies(state, found[s], combat.aborting, cv[o])]
    if sub_sides:
        for s, o in ((x, next(y for y in (a, b) if y != x)) for x in sub_sides):
            # the second combat is fought on what the first left (R-N59)
            if not submarine_combat.qualifies(state, found[s], combat.aborting, cv[o]):
                continue
            combat.events.extend(_submarine(state, combat, rnd, s, found, cv, shift,
                                            roller, half, chosen))
        _end_round(state, combat)
        return False
    found_a, found_b = found[a], found[b]
    fire = {a: int(side_attack(state, found_a)), b: int(side_attack(state, found_b))}
    chart = surface_chart()
    ships_b = len(found_b) + naval_convoys.ships_counted(points[b])
    ships_a = len(found_a) + naval_convoys.ships_counted(points[a])
    inflicted = {a: chart.results(fire[a], shift[a], ships_b),
                 b: chart.results(fire[b], shift[b], ships_a)}
    combat.events.append(Event("naval_round", "FA 11.4.7", {
        "area": area, "round": rnd, "rolls": data["rolls"],
        "included": {a: found_a, b: found_b}, "surprise": data["surprise"],
        "convoys": points, "shift": shift, "attack": fire,
        "results": {s: list(r) for s, r in inflicted.items()}}))
    # simultaneous fire: both results were read above; the active side rolls first
    apply_results(state, combat, inflicted[a], found_b, roller, half,
                  b if cv[b] else None, cv[b], chosen=chosen[a])
    apply_results(state, combat, inflicted[b], found_a, roller, half,
                  a if cv[a] else None, cv[a], chosen=chosen[b])
    _end_round(state, combat)
    return False


def _finish(state: State, combat: Combat) -> list[Event]:
    for uid, sh in list(in_area(state, combat.area).items()):
        if sh.get("damaged"):                      # 11.4.7.1: damaged units abort at the end
            combat.events.append(_return(state, uid, "damaged"))
    combat.events.append(Event("naval_combat_over", combat.rule, {"area": combat.area}))
    return combat.events
