"""BoP 8 — naval combat: contact, search, surface combat with gunnery, submarine attack, ASW,
and the mandatory return to port.

In this slice every choice the rules leave to a player in combat is made by a fixed rule
(rulings 68-70 in docs/rules/balance_of_powers.md), so a battle resolves in one step after the
move that caused it:

* contact (8.1, contact.py) in one location (hex or box) or across adjacent map hexes by the
  zones of patrol (6.42: a ship in a stack's zone, two stacks' zones meeting; ruling 115), never
  with ships in their own port, which always decline it (6.41);
* after each move the moving force searches the enemy surface ships of each location in contact
  with it, its own first (8.23: 1d6 minus the searching units below the targeted units finds
  them); if it fails, those enemy ships search it back; a pairing searches once per GQ
  sub-phase (8.24);
* evasion (8.25, ruling 106): the found ships whose radius (their movement score) exceeds
  every finder's may try to evade, one 2d6 for the side, each evading below its radius and
  returning to port (8.5) instead of fighting; the moving force tries when its player ordered
  `"evade"`, the non-phasing side when the force that found it has more gunnery than it;
* surface combat (8.3): every van-eligible ship (BC, CA, CL) deploys in the van, the rest in
  the main force (8.31); surprise (8.32); a van salvo, then a fleet salvo (8.33), firing in
  tiers of gunnery, high to low, hits applied at the end of each tier (8.331); each shot at the
  highest-gunnery enemy not yet targeted in the salvo (the enemy main force first in the fleet
  salvo), a ship with its navy leader aboard shooting twice (8.334); 2d6 + gunnery (-1 for a
  surprised main force) above armor hits (8.332); a damaged dreadnought sinks only on doubles
  (8.333);
* submarine combat (8.4): each boat fires once at the enemy's highest-gunnery surface ship,
  then one ASW roll on the force (3d6 below the ASW track: 1 step, 2 on doubles, 3 on triples;
  the track rises after an Entente roll, 5.324), and the boats return to port;
* after a surface combat each side, CP first, returns to port if 1d6 is below its steps lost
  or is a 1 (8.34); one that need not stays (ruling 68: the option to return anyway is not
  offered).

Return to port (8.5): to the nearest friendly port by NMP, ignoring range; a ship with no
route is destroyed; returned ships move no more this month.
"""

from __future__ import annotations

from typing import Any

from engine.kernel import Event, Roller

from . import contact, naval
from .fleets import SHIPS, VAN_KINDS, armor, gunnery, is_surface, radius, ships_at, side_of_ship
from .tables import CENTRAL
from .theatre import Theatre

State = dict[str, Any]
FAR = 10_000


def _leader_on(state: State, uid: str) -> bool:
    return uid in state["board"]["admirals"].values()


def searches(roller: Roller, searchers: list[str], targets: list[str]) -> tuple[bool, int]:
    """8.23 — 1d6 minus the searching units, below the targeted surface units, finds them."""
    die = roller.d(6, "naval search 1d6")
    return die - len(searchers) < len(targets), die


def hit_roll(roller: Roller, state: State, shooter: str, target: str,
             surprised: bool) -> tuple[bool, list[int]]:
    """8.332, 8.333, 8.41 — 2d6 + gunnery (−1 surprised) above armor; on a damaged dreadnought
    the raw dice must also be doubles."""
    dice = roller.roll(6, f"naval fire {shooter} at {target} 2d6", 2)
    total = sum(dice) + gunnery(state, shooter) - (1 if surprised else 0)
    hit = total > armor(state, target)
    if hit and SHIPS[target].kind == "BB" and state["board"]["fleets"][target]["steps"] == 1:
        hit = dice[0] == dice[1]
    return hit, dice


def take_hit(state: State, uid: str) -> str:
    """8.333 — a full ship flips; a damaged one sinks, with any navy leader aboard; the ship
    goes to the force pool (5.11)."""
    fleets = state["board"]["fleets"]
    if fleets[uid]["steps"] == 2:
        fleets[uid]["steps"] = 1
        return "damaged"
    del fleets[uid]
    if "ship_pool" in state["board"]:       # 5.11: to the force pool (dockyards.py)
        state["board"]["ship_pool"] = sorted(state["board"]["ship_pool"] + [uid])
    admirals = state["board"]["admirals"]
    for leader in [n for n, ship in admirals.items() if ship == uid]:
        del admirals[leader]
    naval.naval_flow(state)["force"] = [u for u in naval.naval_flow(state)["force"] if u != uid]
    return "sunk"


def _by_gunnery(state: State, units: list[str]) -> list[str]:
    return sorted(units, key=lambda u: (-gunnery(state, u), u))


def _salvo(state: State, roller: Roller, firing: dict[str, list[str]],
           targets: dict[str, list[str]], surprised_main: dict[str, set[str]],
           main_first: dict[str, list[str]]) -> tuple[list[dict[str, Any]], dict[str, int]]:
    """8.33, 8.331 — one salvo: tiers of gunnery high to low, hits at each tier's end."""
    shots: list[dict[str, Any]] = []
    lost = {side: 0 for side in firing}
    targeted: dict[str, set[str]] = {side: set() for side in firing}
    fired: set[str] = set()
    while True:
        # the next tier: the highest gunnery among ships yet to fire, read now, so a ship hit
        # in a higher tier fires with its damaged side's score (8.331)
        waiting = [u for units in firing.values() for u in units
                   if u in state["board"]["fleets"] and u not in fired]
        if not waiting:
            break
        tier = max(gunnery(state, u) for u in waiting)
        hits: list[str] = []
        for side in sorted(firing):
            for shooter in firing[side]:
                if shooter not in waiting or gunnery(state, shooter) != tier:
                    continue
                fired.add(shooter)
                for _ in range(2 if _leader_on(state, shooter) else 1):      # 8.334
                    pool = [u for u in targets[side] if u in state["board"]["fleets"]]
                    if not pool:
                        break
                    first = [u for u in main_first[side] if u in pool]
                    untargeted_main = [u for u in first if u not in targeted[side]]
                    candidates = untargeted_main or [u for u in pool if u not in targeted[side]
                                                     and (not first or u not in first)]
                    if not candidates:
                        targeted[side] = set()
                        candidates = [u for u in first if u in pool] or pool
                    target = _by_gunnery(state, candidates)[0]
                    targeted[side].add(target)
                    hit, dice = hit_roll(roller, state, shooter, target,
                                         shooter in surprised_main[side])
                    shots.append({"shooter": shooter, "target": target, "dice": dice, "hit": hit})
                    if hit:
                        hits.append(target)
        for target in hits:                                                  # 8.331
            if target in state["board"]["fleets"]:
                lost[side_of_ship(target)] += 1
                take_hit(state, target)
    return shots, lost


def surface_combat(state: State, th: Theatre, roller: Roller, loc: str,
                   sides: dict[str, list[str]], orders: dict[str, dict[str, Any]] | None = None,
                   ) -> list[Event]:
    """8.31-8.34 — the battle of the two surface forces in `loc`. `orders` holds a side's
    choices (ruling 90): `van`, the van-eligible ships it deploys in the van (8.31; the rest
    join the main force), and `return`, whether it returns to port when it need not (8.34);
    a side without orders deploys every BC, CA and CL in the van and stays."""
    orders = orders or {}
    van = {s: [u for u in units if SHIPS[u].kind in VAN_KINDS
               and u in orders.get(s, {}).get("van", units)] for s, units in sides.items()}
    main = {s: [u for u in units if u not in van[s]] for s, units in sides.items()}
    surprise: dict[str, bool] = {}
    rolls = {}
    for side in sorted(sides):                                               # 8.32
        rolls[side] = roller.d(6, f"naval surprise {side} 1d6")
        in_van = len(van[side]) + sum(1 for u in van[side] if _leader_on(state, u))
        surprise[side] = rolls[side] > in_van
    if all(surprise.values()):
        surprise = {s: False for s in surprise}
    enemy = {s: next(o for o in sides if o != s) for s in sides}
    surprised_main = {s: set(main[s]) if surprise[s] else set() for s in sides}
    steps_before = {s: sum(state["board"]["fleets"][u]["steps"] for u in sides[s]) for s in sides}
    full_before = {u for units in sides.values() for u in units
                   if state["board"]["fleets"][u]["steps"] == 2}
    van_shots, _ = _salvo(state, roller, {s: _by_gunnery(state, van[s]) for s in sides},
                          {s: van[enemy[s]] for s in sides}, surprised_main,
                          {s: [] for s in sides})
    fleet_shots, _ = _salvo(state, roller,
                            {s: _by_gunnery(state, [u for u in sides[s]
                                                    if u in state["board"]["fleets"]])
                             for s in sides},
                            {s: sides[enemy[s]] for s in sides}, surprised_main,
                            {s: main[enemy[s]] for s in sides})
    fleets = state["board"]["fleets"]
    lost = {s: steps_before[s] - sum(fleets[u]["steps"] for u in sides[s] if u in fleets)
            for s in sides}
    events = [Event("naval_battle", "BoP 8.3", {
        "at": loc, "forces": {s: sorted(sides[s]) for s in sides},
        "surprise_rolls": rolls, "surprised": sorted(s for s in surprise if surprise[s]),
        "van_salvo": van_shots, "fleet_salvo": fleet_shots, "steps_lost": lost,
        # what the battle did to each ship, so the log can say it without recounting the salvos
        "sunk": sorted(u for units in sides.values() for u in units if u not in fleets),
        "damaged": sorted(u for u in full_before if u in fleets and fleets[u]["steps"] == 1)})]
    for side in sorted(sides, key=lambda s: s != CENTRAL):                    # 8.34: CP first
        survivors = [u for u in sides[side] if u in fleets]
        if not survivors:
            continue
        die = roller.d(6, f"naval return to port {side} 1d6")
        must = die < lost[side] or die == 1
        events.append(Event("naval_return_check", "BoP 8.34",
                            {"side": side, "roll": die, "steps_lost": lost[side],
                             "returns": must, "chooses_to_return": not must and bool(
                                 orders.get(side, {}).get("return", False))}))
        chosen = not must and orders.get(side, {}).get("return", False)       # 8.34's option
        if must or chosen:
            events += return_to_port(state, th, survivors)
    return events


def submarine_combat(state: State, th: Theatre, roller: Roller, boats: list[str],
                     targets: list[str]) -> list[Event]:
    """8.41, 8.42 — torpedoes, then one ASW roll, then the boats go home."""
    shots = []
    lost = 0
    for boat in boats:
        pool = [u for u in targets if u in state["board"]["fleets"]]
        if not pool:
            break
        target = _by_gunnery(state, pool)[0]
        hit, dice = hit_roll(roller, state, boat, target, False)
        shots.append({"shooter": boat, "target": target, "dice": dice, "hit": hit})
        if hit:
            lost += 1
            take_hit(state, target)
    events = [Event("naval_torpedoes", "BoP 8.41", {"boats": boats, "shots": shots,
                                                     "steps_lost": lost})]
    events += asw(state, roller, boats)
    survivors = [b for b in boats if b in state["board"]["fleets"]]
    return events + return_to_port(state, th, survivors)


def asw(state: State, roller: Roller, boats: list[str]) -> list[Event]:
    """5.324 — 3d6 below the ASW track costs the boats 1 step (2 on doubles, 3 on triples);
    the track rises by 1 after every roll against Entente-hunted boats (the EP's roll)."""
    dice = roller.roll(6, "ASW 3d6", 3)
    track = state["naval"]["asw"]
    losses = 0
    if sum(dice) < track:
        same = max(dice.count(d) for d in dice)
        losses = {1: 1, 2: 2, 3: 3}[same]
    hit = []
    for _ in range(losses):
        alive = [b for b in boats if b in state["board"]["fleets"]]
        if not alive:
            break
        hit.append(alive[0])
        take_hit(state, alive[0])
    if boats and side_of_ship(boats[0]) == CENTRAL:
        state["naval"]["asw"] = min(12, track + 1)
    return [Event("asw", "BoP 5.324", {"dice": dice, "track": track, "hits": hit})]


def return_to_port(state: State, th: Theatre, units: list[str]) -> list[Event]:
    """8.5 — each ship to its side's nearest port by NMP, ignoring range; none: destroyed."""
    events = []
    nf = naval.naval_flow(state)
    for uid in sorted(units):
        side = side_of_ship(uid)
        start = state["board"]["fleets"][uid]["at"]
        reach = naval.reachable(state, th, start, side, {SHIPS[uid].kind}, FAR)
        reach[start] = 0
        ports = sorted((cost, loc) for loc, cost in reach.items()
                       if naval.port_side(state, th, loc) == side)
        if not ports:
            take_hit(state, uid)
            if uid in state["board"]["fleets"]:
                take_hit(state, uid)
            events.append(Event("naval_lost_at_sea", "BoP 8.5", {"unit": uid}))
            continue
        state["board"]["fleets"][uid]["at"] = ports[0][1]
        nf["done"] = sorted(set(nf["done"]) | {uid})
        nf["returned"] = sorted(set(nf["returned"]) | {uid})
        events.append(Event("naval_returned", "BoP 8.5", {"unit": uid, "to": ports[0][1]}))
    nf["force"] = [u for u in nf["force"] if u not in units]
    return events


def evade(state: State, th: Theatre, roller: Roller, found: list[str], finders: list[str],
          attempt: bool) -> tuple[list[str], list[Event]]:
    """8.25 — the found ships faster than every finder (radius, the naval movement score) may
    try to evade: one 2d6 for them all, each below its radius evades and returns to port (8.5).
    Returns the found ships still there to fight, and the events."""
    fastest = max(radius(u) for u in finders)
    eligible = [u for u in found if radius(u) > fastest]
    if not attempt or not eligible:
        return found, []
    dice = roller.roll(6, f"naval evasion {side_of_ship(found[0])} 2d6", 2)
    evaded = [u for u in eligible if sum(dice) < radius(u)]
    events = [Event("naval_evasion", "BoP 8.25", {
        "side": side_of_ship(found[0]), "tried": eligible, "dice": dice, "evaded": evaded})]
    events += return_to_port(state, th, evaded)
    return [u for u in found if u not in evaded], events


def outgunned(state: State, found: list[str], finders: list[str]) -> bool:
    """Ruling 106 — the non-phasing side's fixed choice: its found ships try to evade when the
    force that found them has more gunnery in all."""
    return sum(gunnery(state, u) for u in finders) > sum(gunnery(state, u) for u in found)


def after_move(state: State, th: Theatre, roller: Roller, units: list[str],
               orders: dict[str, Any] | None = None) -> list[Event]:
    """8.1, 8.2 — contact between the moving force and the enemy (contact.py: in its location,
    or across adjacent hexes by the zones of patrol, 6.42), the searches, and any combat: each
    enemy location in contact in turn, its own first, while the force is still there.
    `orders` are the moving player's choices given with the move (ruling 90): `search`
    (8.21: the force may decline to search; the enemy may still search it), `van` and
    `return` (see `surface_combat`), and `evade` (8.25, ruling 106: its eligible ships try to
    evade if the enemy finds it)."""
    orders = orders or {}
    if not units:
        return []
    fleets = state["board"]["fleets"]
    loc = fleets[units[0]]["at"]
    events: list[Event] = []
    for there in contact.enemy_locations(state, th, units):
        moving = [u for u in units if u in fleets and fleets[u]["at"] == loc]
        if not moving:
            break                              # sunk, or gone back to port (8.34, 8.5)
        events += _engage(state, th, roller, moving, loc, there, orders)
    return events


def pairing(state: State, units: list[str], there: str) -> str:
    """8.24 (ruling 118) — the key of a pairing of forces: the force in motion, named by the
    first ship it set out with (a ship moves in one force a half, and joiners keep the name),
    and the enemy ships of one location."""
    nf = naval.naval_flow(state)
    going_on = bool(set(units) & set(nf["force"]))
    return f"{(nf.get('force_id') if going_on else None) or min(units)}>{there}"


def contact_on_way(state: State, th: Theatre, units: list[str], way: list[str]) -> str | None:
    """8.1, 7.21 (ruling 118) — the first location of `way` (the locations the force enters
    before its destination) where it comes into contact with enemy surface ships it has not
    yet paired with this sub-phase: there it pauses to search and fight, as at a move's end."""
    searched = set(naval.naval_flow(state)["searched"])
    for loc in way:
        if any(pairing(state, units, there) not in searched
               for there in contact.enemy_locations(state, th, units, loc)):
            return loc
    return None


def _engage(state: State, th: Theatre, roller: Roller, units: list[str], loc: str, there: str,
            orders: dict[str, Any]) -> list[Event]:
    """8.2-8.4 — the moving force at `loc` and the enemy surface ships at `there`, in contact:
    once a pairing a sub-phase (8.24), the mover searches (unless told not to), else the enemy
    searches back; evasion; then surface or submarine combat."""
    side = side_of_ship(units[0])
    other = next(s for s in ("central", "entente") if s != side)
    enemy = [u for u in ships_at(state, there, other) if not naval.in_port(state, th, u)]
    if not enemy:
        return []
    nf = naval.naval_flow(state)
    pair = pairing(state, units, there)
    if pair in nf["searched"]:                                               # 8.24
        return []
    nf["searched"] = sorted(nf["searched"] + [pair])
    apart = {} if there == loc else {"from": loc}
    events = []
    found = False
    if orders.get("search", True):
        found, die = searches(roller, units, enemy)
        events.append(Event("naval_search", "BoP 8.23", {
            "at": there, **apart, "by": side, "roll": die, "searchers": len(units),
            "targets": len(enemy), "found": found}))
    else:
        events.append(Event("naval_search_declined", "BoP 8.21", {"at": there, **apart,
                                                                  "by": side}))
    if not is_surface(units[0]):
        if found:
            events += submarine_combat(state, th, roller, units, enemy)
        return events
    moving = list(units)
    if found:                                     # 8.25: the enemy was found
        enemy, fled = evade(state, th, roller, enemy, moving, outgunned(state, enemy, moving))
        events += fled
    else:                                         # the enemy's surface ships search back
        found, die = searches(roller, enemy, units)
        events.append(Event("naval_search", "BoP 8.23", {
            "at": loc, **({"from": there} if apart else {}), "by": other, "roll": die,
            "searchers": len(enemy), "targets": len(units), "found": found}))
        if found:                                 # 8.25: the moving force was found
            moving, fled = evade(state, th, roller, moving, enemy, bool(orders.get("evade")))
            events += fled
    if found and moving and enemy:
        mine: dict[str, Any] = {k: orders[k] for k in ("van", "return") if k in orders}
        events += surface_combat(state, th, roller, there, {side: moving, other: enemy},
                                 {side: mine})
    return events
