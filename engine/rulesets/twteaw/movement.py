"""Phase 4.4 and 4.6 for every nation at once: land movement, then the land battles.

The battle graph (digest §7.3 item 2), in the order the rules give it:
1. Every unit that moves leaves its territory. Moves into a territory the mover or an ally
   held at the start of the turn arrive at once: defenders deploy before any combat (Phase 4,
   guideline 1). Every other move is an attack on its target, and so is every landing from
   the transports on a coast held by a nation at war with the mover (4.6.1, `invasions.py`).
2. Artillery ordered to fire into a territory stays home. It supports the attack there when
   its nation attacks it with allies or alone, or the defence when the territory is held by its
   nation or an ally. A gun whose own territory is attacked by land fires in round 1 only.
3. The battles are fought one territory at a time, in the order of the territories' ids.
   Attackers of one territory who are not allies are sorted by strength (then id): those at war
   with each other fight first, both as attackers ("three-way battles"); the survivors then
   attack the holder, one group of allies after another.
   Battleships bombarding the territory from the sea (4.2.3) fire with the attack of a bloc
   holding a landing of their side (4.6.1), in every round while a landed unit fights
   (rulings 80–84); a bombardment with no such landing to support holds its fire.
4. Attackers who withdraw, or who survive without taking the territory, go back where they came
   from — or, when that was lost meanwhile, to the first territory next to the battle held by
   their side; with nowhere to go they are lost. Invaders never go back: those who do not end
   in the territory are lost.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.kernel import Event, Roller

from . import air, bombing, economy, invasions, trenches
from . import combat as C
from . import units as U
from .stacks import add, take
from .war import allied, at_war, controller
from .world import world

State = dict[str, Any]
RULE = "TWTEAW 4.6"


def land_phase(state: State, orders: dict[str, dict[str, Any]], roller: Roller,
               landings: Sequence[tuple[str, dict[str, Any]]] = (),
               bombardments: Sequence[dict[str, Any]] = (),
               strikes: dict[str, int] | None = None) -> list[Event]:
    """Phases 4.4 and 4.6; `landings` are the invasions Phase 4.2 brought to their coasts
    (nation, an attack from the sea zone, its units already off the board); `bombardments`,
    the battleships Phase 4.2 left shelling a coast (`naval.naval_phase`); `strikes`, the
    tactical strike points Phase 4.1.1 scored per territory (`bombing.raids`)."""
    attacks: dict[str, list[tuple[str, dict[str, Any]]]] = {}
    friendly_at_start = {(n, a): allied(state, n, controller(state, a))
                         for n in orders for a in world().land()}
    for nation in sorted(orders):
        for move in orders[nation]["moves"]:
            for unit, n in move["units"].items():
                take(state, nation, move["from"], unit, n)
            if friendly_at_start[(nation, move["to"])]:
                for unit, n in move["units"].items():
                    add(state, nation, move["to"], unit, n)
            else:
                attacks.setdefault(move["to"], []).append((nation, move))
    for nation in sorted(orders):
        # air moves land at once, like the land moves; air attacks join the attacks (air.py)
        for row in orders[nation].get("air", []):
            if row["mission"] in ("rebase", bombing.MISSION):     # flown in Phase 4.1
                continue
            flight = air.sortie(state, nation, row) if row["mission"] == "attack" else None
            for unit, n in row["units"].items():
                take(state, nation, row["from"], unit, n)
                if flight is None:
                    add(state, nation, row["to"], unit, n)
            if flight is not None:
                attacks.setdefault(row["to"], []).append((nation, flight))
    for nation, landing in landings:
        attacks.setdefault(landing["to"], []).append((nation, landing))
    guns: dict[str, list[tuple[str, dict[str, Any]]]] = {}
    guns_out: dict[str, list[tuple[str, dict[str, Any]]]] = {}
    for nation in sorted(orders):
        for row in orders[nation]["support"]:
            guns.setdefault(row["into"], []).append((nation, row))
            guns_out.setdefault(row["from"], []).append((nation, row))
    under_attack = set(attacks)
    events: list[Event] = []
    fired: list[dict[str, Any]] = []
    for area in sorted(attacks):
        shelling = [b for b in bombardments if b["target"] == area]
        events += _battles_at(state, orders, area, attacks[area], guns.get(area, []), guns_out,
                              under_attack, roller, shelling, fired,
                              bombing.infantry_bonus(strikes or {}, area))
    for row in bombardments:
        if not any(row is f for f in fired):
            events.append(Event("bombardment_idle", "TWTEAW 4.2.3", dict(row),
                                audience=f"seat:{row['nation']}"))
    return events


def _blocs(state: State, attackers: list[tuple[str, dict[str, Any]]]) -> list[list[tuple[str, dict[str, Any]]]]:
    blocs: list[list[tuple[str, dict[str, Any]]]] = []
    for nation, move in attackers:
        for bloc in blocs:
            if allied(state, bloc[0][0], nation):
                bloc.append((nation, move))
                break
        else:
            blocs.append([(nation, move)])
    strength = [sum(U.UNITS[t].attack * n for _, m in b for t, n in m["units"].items()) for b in blocs]
    order = sorted(range(len(blocs)), key=lambda i: (-strength[i], min(n for n, _ in blocs[i])))
    return [blocs[i] for i in order]


def _battle(state: State, orders: dict[str, dict[str, Any]], area: str,
            bloc: list[tuple[str, dict[str, Any]]], bonus: int = 0) -> C.Battle:
    """The attackers of one bloc; `bonus`: tactical bombing's +1 for their infantry (4.1.1)."""
    w = world()
    groups, fighters = [], []
    tanks: dict[str, int] = {}
    for _, move in bloc:
        tanks[move["from"]] = tanks.get(move["from"], 0) + move["units"].get("tank", 0)
    for i, (nation, move) in enumerate(bloc):
        groups.append(C.Group(nation, move["from"], move.get("rounds"), move.get("max_losses"),
                              landing=bool(move.get("landing"))))
        if move.get("air"):
            cost = air.trench_penalty(state, area)
            fighters += [C.Fighter(nation, unit, i, "air", penalty=cost, fuel=move["fuel"][unit],
                                   home=move["home"])
                         for unit in U.AIR_TYPES for _ in range(move["units"].get(unit, 0))]
            continue
        crossing = "beach" if move.get("landing") else w.crossing(move["from"], area) or "land"
        for unit in U.LAND_TYPES:
            cost = crossing_penalty(state, area, move["from"], unit, tanks[move["from"]])
            fighters += [C.Fighter(nation, unit, i, crossing, penalty=cost,
                                   bonus=bonus if unit == "infantry" else 0)
                         for _ in range(move["units"].get(unit, 0))]
    return C.Battle(area=area, attackers=fighters, defenders=[], groups=groups,
                    casualty_order={n: o["casualties"] for n, o in orders.items()})


def crossing_penalty(state: State, area: str, origin: str, unit: str, tanks_across: int) -> int:
    """What crossing from `origin` into `area` costs an attacker: a landing from the sea zone
    `origin` (4.6.1), a strait, or a trench guarding `area` against `origin` (never two: no
    trench faces a strait or the sea)."""
    if world().areas[origin].kind == "sea":
        return invasions.BEACH_PENALTY.get(unit, 0)
    if world().crossing(origin, area) == "strait":
        return U.STRAIT_PENALTY.get(unit, 0)
    if trenches.guarded(state, area, origin):
        return trenches.penalty(unit, tanks_across)
    return 0


def _defenders(state: State, area: str, busy: dict[tuple[str, str], int]) -> list[C.Fighter]:
    """The units in `area`; guns of it firing into another battle join from round 2."""
    out = []
    for nation in sorted(state["secret"]):
        stack = state["secret"][nation]["units"].get(area, {})
        for unit in U.COMBAT_TYPES:
            for k in range(stack.get(unit, 0)):
                late = unit == "artillery" and k < busy.get((nation, area), 0)
                out.append(C.Fighter(nation, unit, -1, joins=2 if late else 1))
    return out


def _go_home(state: State, nation: str, origin: str, area: str, unit: str) -> bool:
    """An attacker goes back (rule 4 above); False when it has nowhere to go."""
    if allied(state, nation, controller(state, origin)):
        add(state, nation, origin, unit, 1)
        return True
    for other in world().neighbours(area):
        if allied(state, nation, controller(state, other)):
            add(state, nation, other, unit, 1)
            return True
    return False


def _battles_at(state: State, orders: dict[str, dict[str, Any]], area: str,
                attackers: list[tuple[str, dict[str, Any]]], guns: list[tuple[str, dict[str, Any]]],
                guns_out: dict[str, list[tuple[str, dict[str, Any]]]], under_attack: set[str],
                roller: Roller, shelling: Sequence[dict[str, Any]] = (),
                fired: list[dict[str, Any]] | None = None, bonus: int = 0) -> list[Event]:
    events: list[Event] = []
    blocs = _blocs(state, attackers)
    survivors: list[tuple[list[tuple[str, dict[str, Any]]], C.Battle]] = []
    # three-way battles: attackers at war with each other fight first, both attacking
    while blocs:
        first = blocs.pop(0)
        battle = _battle(state, orders, area, first, bonus)
        for rival in list(blocs):
            if battle.attackers and any(at_war(state, a, b) for a, _ in first for b, _ in rival):
                blocs.remove(rival)
                other = _battle(state, orders, area, rival, bonus)
                shift = len(battle.groups)
                for f in other.attackers:
                    f.group += shift
                mutual = C.Battle(area=area, attackers=battle.attackers, defenders=other.attackers,
                                  groups=battle.groups + other.groups,
                                  casualty_order=battle.casualty_order, both_attack=True,
                                  stage="three-way")
                C.fight(mutual, roller)
                battle.attackers = mutual.attackers
                battle.gone += mutual.gone
                _count_manpower(state, mutual)
                events += _report(state, mutual, "three-way", [*first, *rival])
                _send_home(state, mutual.groups, mutual.defenders, area)
        survivors.append((first, battle))
    for bloc, battle in survivors:
        holder = controller(state, area)
        if not battle.attackers or not any(at_war(state, n, holder) for n, _ in bloc):
            _send_home(state, battle.groups, battle.attackers + battle.gone, area)
            continue
        busy = {(n, row["from"]): row["count"] for n, row in guns_out.get(area, [])}
        battle.defenders = _defenders(state, area, busy)
        battle.city = bool(world().areas[area].city)
        battle.ic_defends = (area in orders.get(holder, {}).get("defend_ics", [])
                             and economy.has_ic(state, area))
        battle.special = area if area in ("switzerland", "gibraltar", "afghanistan", "tibet") else None
        for nation, row in guns:
            crossing = world().crossing(row["from"], area) or "land"
            gun = C.Gun(nation, row["from"], row["count"], crossing, row["from"] in under_attack,
                        crossing_penalty(state, area, row["from"], "artillery", 0))
            if allied(state, nation, holder):
                battle.defence_guns.append(gun)
            elif any(allied(state, nation, n) for n, _ in bloc):
                battle.attack_guns.append(gun)
        shells = _bombardment(state, holder, bloc, battle, shelling, fired)
        retreats = _retreats(state, orders, area)
        battle.defender_limits = {n: limit for n, (limit, _) in retreats.items()}
        air.before_battle(battle, roller)
        outcome = C.fight(battle, roller)
        _apply_defender_losses(state, area, battle)
        for f in battle.fled:
            take(state, f.nation, area, f.type, 1)
            add(state, f.nation, retreats[f.nation][1], f.type, 1)
        if outcome == "captured":
            planes = [f for f in battle.attackers if U.UNITS[f.type].air]   # fly home (ruling 119)
            battle.attackers = [f for f in battle.attackers if not U.UNITS[f.type].air]
            _capture(state, area, battle)
            _send_home(state, battle.groups, battle.gone + planes, area)
        else:
            _send_home(state, battle.groups, battle.attackers + battle.gone, area)
        _count_manpower(state, battle)
        # a landing met the holder's coastal defender: the holder fought, even with no unit there
        guard = holder if any(g.landing for g in battle.groups) else None
        events += _report(state, battle, outcome, bloc, guard, shells)
        if battle.ic_lost:
            state["board"]["ics_destroyed"] = sorted({*state["board"]["ics_destroyed"], area})
            events.append(Event("ic_destroyed", "TWTEAW units ics", {"area": area,
                                                                     "holder": holder}))
    return events


def _bombardment(state: State, holder: str, bloc: list[tuple[str, dict[str, Any]]], battle: C.Battle,
                 shelling: Sequence[dict[str, Any]], fired: list[dict[str, Any]] | None) -> dict[str, int]:
    """The bombardments that support this battle (ruling 83): on the attack of a bloc with a
    landing in it by the bombarding nation or an ally, against a holder at war with it; each
    fires once a turn (the first such battle). Returns nation -> battleships firing."""
    landers = {f.nation for f in battle.attackers if battle.groups[f.group].landing}   # still ashore
    out: dict[str, int] = {}
    for row in shelling:
        if fired is not None and any(row is f for f in fired):
            continue
        nation = row["nation"]
        if not landers or not any(allied(state, nation, n) for n in landers) \
                or not at_war(state, nation, holder) or not any(allied(state, nation, n) for n, _ in bloc):
            continue
        battle.attack_guns.append(C.Gun(nation, row["zone"], row["battleships"], "sea",
                                        bombard=U.SHORE_BOMBARDMENT["battleship"]))
        out[nation] = out.get(nation, 0) + row["battleships"]
        if fired is not None:
            fired.append(row)
    return out


def _retreats(state: State, orders: dict[str, dict[str, Any]], area: str) -> dict[str, tuple[int, str]]:
    """Defenders' withdrawal orders for `area` that can be carried out: nation -> (losses it
    accepts, where it goes). The ordered territory if it is still held by the nation's side,
    else the first such neighbour; with none, the defenders fight to the end (Phase 4.6)."""
    out = {}
    for nation in sorted(orders):
        for row in orders[nation].get("withdraw", []):
            if row["area"] != area:
                continue
            places = [row["to"]] + [n for n in world().neighbours(area) if world().crossing(area, n) == "land"]
            free = [p for p in places if allied(state, nation, controller(state, p))]
            if free:
                out[nation] = (row["max_losses"], free[0])
    return out


def _apply_defender_losses(state: State, area: str, battle: C.Battle) -> None:
    alive: dict[tuple[str, str], int] = {}
    for f in battle.defenders + battle.fled:
        alive[(f.nation, f.type)] = alive.get((f.nation, f.type), 0) + 1
    for nation in sorted(state["secret"]):
        stack = state["secret"][nation]["units"].get(area)
        if not stack:
            continue
        for unit in list(stack):
            keep = alive.get((nation, unit), 0)
            if keep < stack[unit]:
                take(state, nation, area, unit, stack[unit] - keep)


def _send_home(state: State, groups: list[C.Group], fighters: list[C.Fighter], area: str) -> None:
    for f in fighters:
        if groups[f.group].landing or not _go_home(state, f.nation, groups[f.group].origin, area, f.type):
            state["board"]["manpower_lost"][f.nation] += 1 if f.type == "infantry" else 0


def _capture(state: State, area: str, battle: C.Battle) -> None:
    counts: dict[str, int] = {}
    for f in battle.attackers:
        if U.UNITS[f.type].captures:
            counts[f.nation] = counts.get(f.nation, 0) + 1
    captor = sorted(counts, key=lambda n: (-counts[n], n))[0]
    owner = world().areas[area].owner
    board = state["board"]
    new = owner if owner is not None and owner != captor and allied(state, captor, owner) else captor
    board["control"][area] = new
    trenches.destroy(state, area)
    # the territory changed hands: nobody has it incorporated until Phase 6
    board["incorporated"][area] = {"by": None, "turn": board["turn"], "kind": "captured"}
    for f in battle.attackers:
        add(state, f.nation, area, f.type, 1)


def _count_manpower(state: State, battle: C.Battle) -> None:
    for nation, lost in battle.losses.items():
        state["board"]["manpower_lost"][nation] += lost.get("infantry", 0)


def _report(state: State, battle: C.Battle, outcome: str,
            bloc: list[tuple[str, dict[str, Any]]], coast_guard: str | None = None,
            shells: dict[str, int] | None = None) -> list[Event]:
    """A public line (who fought where, what came of it) and, for each nation that fought,
    the losses on both sides as it saw them; the enemy's survivors stay hidden. Battleships
    that shelled the coast (ruling 84): their nations and numbers are in the reports, to the
    nations that fought and to the bombarding nations, not in the public line."""
    attackers = sorted({n for n, _ in bloc})
    defenders = sorted({f.nation for f in battle.defenders} | set(battle.losses) - set(attackers)
                       | ({coast_guard} if coast_guard else set()))
    public = Event("battle", RULE, {"area": battle.area, "attackers": attackers,
                                    "defenders": defenders, "outcome": outcome,
                                    "holder": controller(state, battle.area)})
    out = [public]
    losses = {n: dict(sorted(v.items())) for n, v in sorted(battle.losses.items())}
    extra = {"bombardment": dict(sorted(shells.items()))} if shells else {}
    for nation in sorted(set(attackers) | set(defenders) | set(shells or ())):
        out.append(Event("battle_report", RULE, {"area": battle.area, "rounds": battle.rounds,
                                                 "outcome": outcome, "losses": losses,
                                                 "nation": nation, **extra},
                         audience=f"seat:{nation}"))
    return out
