"""One turn, resolved for every nation at once, phase by phase (TWTEAW "Sequence of Play").

The playable core runs these phases (the others are recorded as not built yet, see
docs/rules/twteaw.md):

    1.1 neutrals joining, declarations of war (Table A) → 1.2 influence → 1.3 surrender votes
    and terms (surrender.py) → 1.4 straits closed and reopened (straits.py) → 3.1 purchases paid → 4.1.1 tactical bombing raids (bombing.py) → 4.1.2 rebasing planes and 4.1.3 rail moves leave → 4.2/4.3 naval
    movement and sea battles, transports landing, battleships taking station to bombard (naval.py),
    the 1.4 blockades of US trade holding or broken (us_trade.py) → 4.4/4.6 land movement and combat, with air moves, 4.5 air combat and AA fire
    (air.py), 4.6.1 invasions (invasions.py) and the shore bombardment supporting them → 6 incorporation → 7 rail moves, rebases and raiders arrive, placement → 8 income, US
    trade and war tribute → 9 the end of the turn (surrender offers reach the voters, conquest, victory)

Nations without a player (the minors the moderator runs) get the moderator's orders: hold,
and spend their income on infantry in their cities (TWTEAW Phase 8's note on non-player minors).
A seat that gave no orders gets the rulebook's default for a missed turn: hold, and spend half
of the turn's income on infantry and artillery 3 : 1 (ruling 21: no fighters, which the bot and
the moderator do not fly yet; ruling 122).
"""

from __future__ import annotations

import math
from typing import Any

from engine.kernel import Event, Roller

from . import (
    air,
    bombing,
    diplomacy,
    economy,
    movement,
    naval,
    rail,
    straits,
    surrender,
    trenches,
    us_trade,
)
from .nations import ALLIED, CENTRAL, INACTIVE, NATIONS
from .orders import empty_orders
from .setup import turn_label
from .war import allied, at_war, declare_war, has_surrendered, side
from .world import world

State = dict[str, Any]


def city_areas(state: State, nation: str) -> list[str]:
    """Where the nation may place infantry without a surcharge now, best first (capital)."""
    w = world()
    found = [a for a in w.land() if economy.placement_cost(state, nation, "infantry", a) == 0
             and w.areas[a].city]
    return sorted(found, key=lambda a: (not w.areas[a].capital, -w.areas[a].value, a))


def _room(picks: dict[tuple[str, str], int], area: str) -> bool:
    """Whether one more unit may be built in `area` this turn (Colonial Restrictions)."""
    allowance = economy.colonial_allowance(area)
    return allowance is None or sum(n for (_u, a), n in picks.items() if a == area) < allowance


def spend_on(state: State, nation: str, budget: int, artillery_share: int) -> list[dict[str, Any]]:
    """Builds worth at most `budget`: infantry in cities, and one artillery at an industrial
    complex for every `artillery_share` units (0: infantry only), spread over the places."""
    cities = city_areas(state, nation)
    ics = [a for a in world().land() if economy.placement_cost(state, nation, "artillery", a) == 0]
    if not cities or budget <= 0 or not economy.can_build(state, nation):
        return []
    picks: dict[tuple[str, str], int] = {}
    spent, infantry, k = 0, 0, 0
    while True:
        unit = "artillery" if artillery_share and ics and k % (artillery_share + 1) == artillery_share else "infantry"
        # a colony's allowance (ruling 137) closes that place once it is full
        places = [a for a in (ics if unit == "artillery" else cities) if _room(picks, a)]
        if not places:
            return [{"unit": u, "at": a, "count": n} for (u, a), n in sorted(picks.items())]
        place = places[k % len(places)]
        cost = (economy.unit_cost(state, nation, unit, infantry)
                + (economy.placement_cost(state, nation, unit, place) or 0))
        if spent + cost > budget:
            return [{"unit": u, "at": a, "count": n} for (u, a), n in sorted(picks.items())]
        picks[(unit, place)] = picks.get((unit, place), 0) + 1
        spent += cost
        infantry += unit == "infantry"
        k += 1


def moderator_orders(state: State, nation: str) -> dict[str, Any]:
    orders = empty_orders()
    if nation in INACTIVE:
        return orders           # Japan, China, the USA: out of the war until §7.2 (ruling 148)
    orders["build"] = spend_on(state, nation, state["secret"][nation]["bank"], 0)
    return orders


def missed_turn_orders(state: State, nation: str) -> dict[str, Any]:
    """TWTEAW "Miscellaneous": a missed turn: defend (hold), spend half the turn's income (not
    the savings) on infantry : artillery at 3 : 1."""
    orders = empty_orders()
    budget = min(state["secret"][nation]["bank"], math.ceil(state["secret"][nation]["income"] / 2))
    orders["build"] = spend_on(state, nation, budget, 3)
    return orders


def resolve_turn(state: State, answers: dict[str, dict[str, Any]], roller: Roller) -> list[Event]:
    orders = dict(answers)
    for nation in sorted(NATIONS):
        if nation not in orders:
            orders[nation] = moderator_orders(state, nation)
    events = diplomacy.joins(state, orders, roller)
    declared: list[tuple[str, str]] = []
    events += declarations(state, orders, roller, declared)
    events += diplomacy.influence(state, orders, roller)
    events += surrender.tally(state, orders)
    events += straits.declare(state, orders)
    events += purchases(state, orders)
    on_rails = rail.depart(state, orders)
    rebasing = air.rebase_depart(state, orders)
    raiders: list[tuple[str, dict[str, Any]]] = []
    strikes, raid_events = bombing.raids(state, orders, roller, raiders)
    events += raid_events
    landings: list[tuple[str, dict[str, Any]]] = []
    bombardments: list[dict[str, Any]] = []
    blockaders: list[dict[str, Any]] = []
    events += naval.naval_phase(state, orders, roller, landings, bombardments, blockaders)
    events += us_trade.resolve(state, orders, blockaders)
    events += movement.land_phase(state, orders, roller, landings, bombardments, strikes)
    events += incorporation(state, orders)
    for stopped in rail.arrive(state, on_rails):
        events.append(Event("rail_cut", rail.RULE, stopped, audience=f"seat:{stopped['nation']}"))
    events += air.rebase_arrive(state, rebasing)
    events += bombing.come_home(state, raiders)
    events += placement(state, orders)
    events += collect_income(state)
    events += surrender.tribute(state)
    diplomacy.drift(state, roller)
    events += diplomacy.minors_join(state, roller)
    events += diplomacy.casus_belli(state, declared)
    events += surrender.announce(state, orders)
    events += straits.lapse(state)
    events += end_of_turn(state)
    return events


def declarations(state: State, orders: dict[str, dict[str, Any]], roller: Roller,
                 declared: list[tuple[str, str]]) -> list[Event]:
    """Phase 1.1: every declaration, in nation order; a neutral attacked joins the other side,
    and the other neutrals react (Table A rows 1–2, then the row of the one who joined)."""
    events = []
    for nation in sorted(orders):
        for target in orders[nation]["declare"]:
            if at_war(state, nation, target):
                continue
            if has_surrendered(state, nation):      # its return to the war (ruling 93)
                events.append(surrender.reenter(state, nation))
                continue
            if allied(state, nation, target):     # it joined this nation's side meanwhile
                events.append(Event("declaration_void", "TWTEAW 1.1", {"by": nation, "on": target}))
                continue
            side_then = side(state, nation)
            joined = declare_war(state, nation, target)
            declared.append((nation, target))
            events.append(Event("war_declared", "TWTEAW 1.1",
                                {"by": nation, "on": target, "joined": joined}))
            if joined:
                events += diplomacy.table_a(state, "cp_declares" if side_then == CENTRAL else "ap_declares",
                                            target, roller)
                kind = "minor" if NATIONS[target].kind == "minor" else target
                if kind in ("minor", *diplomacy.MAJOR_COLUMNS):
                    events += diplomacy.table_a(state, f"{kind}_joins_{side(state, target)}", target, roller)
    return events


def purchases(state: State, orders: dict[str, dict[str, Any]]) -> list[Event]:
    """Phase 3.1: purchases are paid now and placed in Phase 7."""
    events = []
    for nation in sorted(orders):
        builds = orders[nation]["build"]
        digs = orders[nation]["trench"], orders[nation]["home_trenches"]
        if not builds and not any(digs):
            continue
        cost = economy.build_cost(state, nation, builds) + trenches.check(state, nation, *digs)
        state["secret"][nation]["bank"] -= cost
        events.append(Event("bought", "TWTEAW 3.1", {"nation": nation, "builds": builds, "cost": cost},
                            audience=f"seat:{nation}"))
    return events


def incorporation(state: State, orders: dict[str, dict[str, Any]]) -> list[Event]:
    """Phase 6: conquests paid for become incorporated; originals held again are
    reincorporated for free."""
    events = []
    board = state["board"]
    for nation in sorted(orders):
        for area in orders[nation]["incorporate"]:
            cost = economy.incorporation_cost(area)
            if economy.may_incorporate(state, nation, area) and state["secret"][nation]["bank"] >= cost:
                state["secret"][nation]["bank"] -= cost
                board["incorporated"][area] = {"by": nation, "turn": board["turn"], "kind": "conquest"}
                events.append(Event("incorporated", "TWTEAW 6", {"nation": nation, "area": area}))
    for area in economy.reincorporate(state):
        events.append(Event("reincorporated", "TWTEAW 6",
                            {"nation": board["control"][area], "area": area}))
    return events


def placement(state: State, orders: dict[str, dict[str, Any]]) -> list[Event]:
    events = []
    for nation in sorted(orders):
        if orders[nation]["build"]:
            lost = economy.place_builds(state, nation, orders[nation]["build"])
            events.append(Event("placed", "TWTEAW 7", {"nation": nation, "lost": lost},
                                audience=f"seat:{nation}"))
        dug = trenches.place(state, nation, orders[nation])
        if dug:
            events.append(Event("trenches", trenches.RULE, {"nation": nation, "placed": dug}))
    return events


def collect_income(state: State) -> list[Event]:
    """Phase 8: the territories' income and, unless blockaded, the US trade (us_trade.py)."""
    events = []
    for nation in sorted(NATIONS):
        trade = us_trade.received(state, nation)
        income = economy.income_of(state, nation) + trade
        state["secret"][nation]["income"] = income
        state["secret"][nation]["bank"] += income
        events.append(Event("income", "TWTEAW 8", {"nation": nation, "income": income, "us_trade": trade},
                            audience=f"seat:{nation}"))
    us_trade.record_received(state)
    return events


def conquered(state: State, nation: str) -> bool:
    """TWTEAW "Conquest": every territory the nation held at the start is in enemy hands."""
    control = state["board"]["control"]
    return all(at_war(state, nation, control[a]) for a in world().originals(nation))


def end_of_turn(state: State) -> list[Event]:
    """Phase 9 of the core: conquests, a full victory, the last turn's score, the next turn."""
    board = state["board"]
    events = []
    for nation in sorted(NATIONS):
        if nation not in board["conquered"] and conquered(state, nation):
            board["conquered"].append(nation)
            events.append(Event("conquered", "TWTEAW conquest", {"nation": nation}))
    board["conquered"].sort()
    events.append(Event("manpower_losses", "TWTEAW 9", {"lost": dict(board["manpower_lost"])}))
    for winner, loser in ((CENTRAL, ALLIED), (ALLIED, CENTRAL)):
        how = surrender.side_defeated(state, loser)     # rule 11: by conquest or surrender
        if how is not None:
            board["result"] = {"winners": _seats_of(state, winner),
                               "reason": "surrender" if how == "surrender" else "conquest", "side": winner}
    if board["result"] is None and board["turn"] >= board["turns"]:
        board["result"] = score(state)
    if board["result"] is not None:
        events.append(Event("game_result", "TWTEAW victory", dict(board["result"])))
        return events
    board["turn"] += 1
    board["date"] = turn_label(board["turn"])
    return events


def _seats_of(state: State, side: str) -> list[str]:
    return sorted(n for n, s in state["board"]["sides"].items() if s == side and NATIONS[n].seat)


def score(state: State) -> dict[str, Any]:
    """The simple score of the core (digest §7.1 item 11): each main-war side's production now
    against its production at the start, in percent; the higher side wins (a tie is a draw).
    The rulebook's five-criteria score comes with the full game."""
    board = state["board"]
    percent = {}
    for camp in (CENTRAL, ALLIED):
        members = [n for n, s in board["sides"].items() if s == camp]
        start = sum(board["start_income"][n] for n in members) or 1
        now = sum(economy.income_of(state, n) for n in members)
        percent[camp] = round(100 * now / start)
    best = max(percent.values())
    leaders = [s for s, p in percent.items() if p == best]
    winners = _seats_of(state, leaders[0]) if len(leaders) == 1 else []
    return {"winners": winners, "reason": "score" if winners else "draw",
            "score": dict(sorted(percent.items()))}
