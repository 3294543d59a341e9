"""BoP 5, 6.2 — the economy of "Before the Leaves Fall".

Seasonal turn (AUTUMN 1914, the only one): posting of the first-season income (5.21), requisition
(5.24), and the demoralization reduction (5.36, 2.93). Monthly construction: muster of arrivals
(6.21) and procurement from the pool (6.22).
"""

from __future__ import annotations

from typing import Any

from engine.kernel import Event, Roller

from . import aviation, cob, dockyards, setup_fire, strategic_naval, tanks
from .fleets import standard_admiralty
from .forces import (
    UNITS,
    at_war,
    commander,
    controller,
    enemy_present,
    fort_steps,
    friendly_corps_count,
    neighbours,
    occupancy,
    side_of,
    stack_limit,
    stacking_conflict,
    war_side,
)
from .neutrals import french_ports
from .scenarios import scenario_of
from .sequence import SEASON_BEFORE, last_month
from .sequence import next_month as next_month_of
from .supply import own_sources, shadow_host, supplied_locations, supply_reach
from .tables import (
    COST_FORTRESS_STEP,
    COST_INFRASTRUCTURE,
    MAJORS,
    RP_INCOME,
    RUSSIA_STRAITS_BONUS,
    SIDE_SEATS,
)
from .theatre import Theatre, theatre


def income(state: dict[str, Any], nation: str) -> int:
    """BoP 5.21 — first season at war uses the first column; Russia +3 (Ottomans neutral).
    A scenario may fix the incomes instead (12.2: its fixed seasonal income, conquest aside)."""
    first, other, conquered = RP_INCOME[nation]
    fixed = scenario_of(state).fixed_income
    if nation in fixed and not state["powers"][nation].get("conquered"):
        return fixed[nation]
    if state["powers"][nation].get("conquered"):
        return conquered  # 2.93: the conquered column, no bonus
    value = first if state["powers"][nation]["seasons"] == 0 else other
    if nation == "russia":
        value += RUSSIA_STRAITS_BONUS
    return value + scenario_of(state).income_bonus.get(nation, 0)   # 12.4: the East


def requisition(state: dict[str, Any], th: Theatre, nation: str) -> int:
    """BoP 5.24 — +1 per allied minor whose capital its side holds (allocated to the minor's
    commander, our reading), +1 per full 3 population centres held inside one enemy major with
    one own infantry corps inside that major per point."""
    side = side_of(state, nation)
    points = 0
    for minor, power in sorted(state["powers"].items()):
        cap = th.capital.get(minor)
        if minor not in MAJORS and power.get("conquered") and cap is not None and power[
                "side"] not in (side, None) and controller(state, th, cap) == nation:
            points += 1  # 2.93: a conquered minor's capital, attributed to its taker
        if minor in MAJORS or power["side"] != side or power.get("conquered"):
            continue
        cap = th.capital.get(minor)
        commander = "germany" if side == "central" else "france"
        if cap is not None and nation == commander and side_of(
                state, controller(state, th, cap)) == side:
            points += 1
    for enemy, power in sorted(state["powers"].items()):
        if enemy not in MAJORS or power["side"] in (None, side):
            continue
        held = sum(1 for loc in th.place_at if th.home.get(loc) == enemy
                   and controller(state, th, loc) == nation)
        corps = sum(1 for uid, u in state["board"]["units"].items()
                    if UNITS[uid].nation == nation and UNITS[uid].kind == "infantry"
                    and th.home.get(u["at"]) == enemy)
        points += min(held // 3, corps)
    return points


def seasonal_turn(state: dict[str, Any], th: Theatre) -> list[Event]:
    """BoP 5.2, 5.36 — the automatic parts of the seasonal turn in one go."""
    return post_income(state) + requisition_and_reductions(state, th)


def post_income(state: dict[str, Any]) -> list[Event]:
    """BoP 5.21 — each major at war posts its income (first-season column the first time)."""
    events = []
    for nation in MAJORS:
        power = state["powers"][nation]
        if power["side"] is None:
            continue
        posted = income(state, nation)
        power["rp"] += posted
        power["seasons"] += 1
        power["season_moves"] = {"out": 0, "in": 0, "converted": False}
        events.append(Event("posting", "BoP 5.21", {"nation": nation, "income": posted,
                                                    "rp": power["rp"]}))
    return events


def requisition_and_reductions(state: dict[str, Any], th: Theatre) -> list[Event]:
    """BoP 5.24, 5.36 — requisition, then lose 1 RP per demoralization point (never below 0).
    No blockade, submarine, raider or air reductions in 12.1."""
    events = []
    for nation in MAJORS:
        power = state["powers"][nation]
        if power["side"] is None:
            continue
        extra = requisition(state, th, nation)
        # 2.93: a conquered major suffers no further reductions
        loss = 0 if power.get("conquered") else power["demoralization"]
        power["rp"] = max(0, power["rp"] + extra - loss)
        events.append(Event("seasonal_rp", "BoP 5.2", {"nation": nation, "requisition": extra,
                                                       "demoralization": -loss,
                                                       "rp": power["rp"]}))
        # 12.3, 12.4 Strategic Warfare: blockade (5.34) and submarine (5.32) losses as fixed numbers
        strategic = scenario_of(state).strategic_losses.get(nation, 0)
        if strategic and not power.get("conquered"):
            power["rp"] = max(0, power["rp"] - strategic)
            events.append(Event("strategic_warfare", scenario_of(state).rule,
                                {"nation": nation, "loss": strategic, "rp": power["rp"]}))
    return events


TRANSFER_LIMIT = 6  # BoP 5.23: out of one donor, into one recipient, per season


def transfer_connected(state: dict[str, Any], th: Theatre, donor: str, recipient: str) -> bool:
    """BoP 5.23 — a supply line from the donor's unconquered capital to the recipient's
    unconquered capital or shadow capital (2.93): overland through friendly hexes with rail, a
    population centre or infrastructure and no enemy units; for the Entente also over water
    between friendly ports (6.454; 3.123 under the standard admiralty). Britain may always send
    RP to Russia along the assumed off-map sea line (6.454); 12.3, without 6.45, keeps its own
    rule for Britain and France (`free_transfer`, ruling 105)."""
    side = war_side(state, donor)
    if donor == "britain" and recipient == "russia" and side == "entente" and not (
            standard_admiralty(state)):
        return True
    if (donor, recipient) in scenario_of(state).free_transfer and not state["powers"][
            donor].get("conquered"):   # 12.3: Britain and France to Russia, no line traced
        return True
    host = shadow_host(state, recipient)
    start, goal = th.capital.get(donor), th.capital.get(host or recipient)
    if start is None or goal is None or state["powers"][donor].get("conquered") or (
            state["powers"][recipient].get("conquered") and host is None):
        return False
    for cap in (start, goal):
        if side_of(state, controller(state, th, cap)) != side:
            return False
    reach = supply_reach(state, th, {start}, side, occupancy(state),
                         lambda loc: th.adj.get(loc, ()))
    return goal in reach or any(o in reach for o in th.adj.get(goal, ()))


def transfer_options(state: dict[str, Any], th: Theatre, donor: str) -> list[dict[str, Any]]:
    """BoP 5.23 — the donor's possible transfers: {"to": major, "rp": n}."""
    power = state["powers"][donor]
    moves = power.get("season_moves", {"out": 0, "in": 0})
    room_out = min(TRANSFER_LIMIT - moves["out"], power["rp"])
    out = []
    for recipient in MAJORS:
        other = state["powers"][recipient]
        if recipient == donor or other["side"] != power["side"]:
            continue
        room = min(room_out, TRANSFER_LIMIT - other.get("season_moves", {"in": 0})["in"])
        if room <= 0 or not transfer_connected(state, th, donor, recipient):
            continue
        out += [{"to": recipient, "rp": n} for n in range(1, room + 1)]
    return out


def conversion_options(state: dict[str, Any], th: Theatre, nation: str) -> list[str]:
    """BoP 5.222 — once a season any major but Russia may take one step off one of its own
    fortresses for 2 RP."""
    power = state["powers"][nation]
    if nation == "russia" or power.get("season_moves", {}).get("converted", True):
        return []
    side = power["side"]
    return sorted(loc for loc in th.fortress if th.home.get(loc) == nation
                  and state["board"]["forts"].get(loc, 2) > 0
                  and side_of(state, controller(state, th, loc)) == side)


def muster_locations(state: dict[str, Any], th: Theatre, uid: str) -> list[str]:
    """BoP 6.212 — a friendly, supplied home-country population centre (or home port box) with
    room; a shadow government's units also in its host's capital or ports (2.93); British
    arrivals of 12.1 (IEF A) go to a French port (12.1)."""
    unit = UNITS[uid]
    nation = unit.nation
    if unit.kind == "leader":
        return leader_arrivals(state, th, nation)
    side = war_side(state, nation)
    supplied = supplied_locations(state, th, nation)
    out = []
    if unit.arrives.endswith("-port"):
        candidates = french_ports(state, th)
    else:
        candidates = [loc for loc in th.place_at if th.home.get(loc) == nation]
        host = shadow_host(state, nation)
        if host is not None:
            candidates += [loc for loc in th.ports if th.home.get(loc) == host]
            candidates += [th.capital[host]] if host in th.capital else []
    for loc in sorted(set(candidates)):
        if side_of(state, controller(state, th, loc)) != side:
            continue
        if loc not in supplied:
            continue
        here = [u for u, v in state["board"]["units"].items() if v["at"] == loc]
        if any(side_of(state, UNITS[u].nation) not in (side, None) for u in here):
            continue
        if friendly_corps_count(state, loc, side) + 1 > stack_limit(state, th, loc):
            continue
        if stacking_conflict(state, [uid], loc):
            continue
        out.append(loc)
    return out


def leader_arrivals(state: dict[str, Any], th: Theatre, nation: str) -> list[str]:
    """BoP 6.213 — a leader arrives in any land hex or port box holding corps or (fortress)
    steps of his power, wherever it is, without an enemy unit or another army leader (2.62)."""
    side = war_side(state, nation)
    occ = occupancy(state)
    out = []
    for loc in th.locs:
        here = occ.get(loc, [])
        if any(UNITS[u].kind == "leader" for u in here) or enemy_present(state, th, loc, side,
                                                                         occ):
            continue
        if any(UNITS[u].corps and UNITS[u].nation == nation for u in here) or (
                fort_steps(state, th, loc) and th.home.get(loc) == nation):
            out.append(loc)
    return out


def minors_supplied_from(state: dict[str, Any], th: Theatre, major: str) -> list[str]:
    """BoP 6.221 — same-side minors at war whose capital traces a supply line to a supply
    source in the major's home country: the major may buy their units."""
    side = war_side(state, major)
    home = own_sources(th, major)
    out = []
    for minor, power in sorted(state["powers"].items()):
        cap = th.capital.get(minor)
        if minor in MAJORS or power["side"] != side or cap is None:
            continue
        if side_of(state, controller(state, th, cap)) != side:
            continue
        reach = supply_reach(state, th, {cap}, side, occupancy(state),
                             lambda loc: neighbours(state, th, loc))
        if any(src in reach or any(o in reach for o in neighbours(state, th, src))
               for src in home):
            out.append(minor)
    return out


def spread_allows(state: dict[str, Any], uid: str, pool: list[str]) -> bool:
    """BoP 6.225 — infantry corps are bought across the available effectiveness scores as
    evenly as possible, every round: no n+1-th corps of a score until n of every score still
    in the pool were bought this month (scores with no corps left do not count)."""
    unit = UNITS[uid]
    if unit.kind != "infantry":
        return True
    bought = [u for units in state["flow"].get("bought", {}).values() for u in units
              if u in UNITS and UNITS[u].kind == "infantry" and UNITS[u].nation == unit.nation]
    count = {level: 0 for level in {UNITS[u].effectiveness for u in pool
                                    if UNITS[u].kind == "infantry"
                                    and UNITS[u].nation == unit.nation}}
    for u in bought:
        count[UNITS[u].effectiveness] = count.get(UNITS[u].effectiveness, 0) + 1
    available = {level: n for level, n in count.items() if any(
        UNITS[u].effectiveness == level and UNITS[u].kind == "infantry"
        and UNITS[u].nation == unit.nation for u in pool)}
    return all(count[unit.effectiveness] <= n for n in available.values())


def procurable(state: dict[str, Any], nation: str) -> list[str]:
    """BoP 6.22 — units of the pool this major may buy now: its own, and those of same-side
    minors supplied from its home (6.221); the spreading rule of 6.225 per nation."""
    rp = state["powers"][nation]["rp"]
    th = theatre(state["board"]["map"])
    nations = {nation} | set(minors_supplied_from(state, th, nation))
    pool = [u for u in state["board"]["pool"] if UNITS[u].nation in nations]
    out = []
    for uid in pool:
        cost = tanks.procurement_cost(uid)
        if cost <= rp and spread_allows(state, uid, pool):
            out.append(uid)
    return out


INFRASTRUCTURE = "infrastructure"


def infrastructure_buyable(state: dict[str, Any], nation: str) -> bool:
    """BoP 6.222 — 1 RP, at most one per side per month."""
    if state["powers"][nation]["rp"] < COST_INFRASTRUCTURE:
        return False
    side = side_of(state, nation)
    bought = state["flow"].get("bought", {})
    return not any(INFRASTRUCTURE in units for n, units in bought.items()
                   if side_of(state, n) == side)


def infrastructure_spots(state: dict[str, Any], th: Theatre, nation: str) -> list[str]:
    """BoP 6.215 — a land hex the side controls or occupies, with a supply path, one marker
    per location."""
    side = side_of(state, nation)
    supplied = supplied_locations(state, th, nation)
    occupied = {u["at"] for uid, u in state["board"]["units"].items()
                if side_of(state, UNITS[uid].nation) == side}
    out = []
    for loc in sorted(supplied):
        if loc in th.boxes or th.terrain.get(loc) == "water" or loc in state["board"]["infra"]:
            continue
        if side_of(state, controller(state, th, loc)) != side and loc not in occupied:
            continue
        if any(side_of(state, UNITS[u].nation) not in (side, None)
               for u, v in state["board"]["units"].items() if v["at"] == loc):
            continue
        out.append(loc)
    return out


def repairable(state: dict[str, Any], th: Theatre, nation: str) -> list[str]:
    """BoP 6.224 — reduced (not ruined) fortresses of this major's home that its side holds;
    2 RP a step, repaired at once."""
    if state["powers"][nation]["rp"] < COST_FORTRESS_STEP:
        return []
    side = side_of(state, nation)
    return sorted(loc for loc, steps in state["board"]["forts"].items()
                  if steps == 1 and th.home.get(loc) == nation
                  and side_of(state, controller(state, th, loc)) == side)


def repair(state: dict[str, Any], nation: str, loc: str) -> list[Event]:
    state["powers"][nation]["rp"] -= COST_FORTRESS_STEP
    del state["board"]["forts"][loc]
    return [Event("fortress_repaired", "BoP 6.224", {"nation": nation, "at": loc,
                                                     "cost": COST_FORTRESS_STEP})]


def procure(state: dict[str, Any], nation: str, uid: str, next_month: str | None) -> list[Event]:
    if uid == INFRASTRUCTURE:
        state["powers"][nation]["rp"] -= COST_INFRASTRUCTURE
        state["flow"].setdefault("bought", {}).setdefault(nation, []).append(uid)
        if next_month is not None:
            due = state["board"]["infra_due"].setdefault(next_month, [])
            due.append(nation)
            due.sort()
        return [Event("procured", "BoP 6.22", {"nation": nation, "unit": uid,
                                               "cost": COST_INFRASTRUCTURE,
                                               "arrives": next_month})]
    cost = tanks.procurement_cost(uid)
    state["powers"][nation]["rp"] -= cost
    state["board"]["pool"].remove(uid)
    state["flow"].setdefault("bought", {}).setdefault(nation, []).append(uid)
    for _ in range(scenario_of(state).muster_delay.get(uid, 1) - 1):   # 12.4: ANZAC, 3 turns
        next_month = next_month_of(next_month) if next_month else None
    if next_month is not None:
        arrivals = state["board"]["arrivals"].setdefault(next_month, [])
        arrivals.append(uid)
        arrivals.sort()
    return [Event("procured", "BoP 6.22", {"nation": nation, "unit": uid, "cost": cost,
                                           "arrives": next_month})]


# --- the seasonal and construction steps (begin and end effects) -----------------------------

def begin_seasonal(state: dict[str, Any], roller: Roller) -> list[Event]:
    """BoP 5.21 — a seasonal turn posts income (AUTUMN 1914 falls before September, 2.1)."""
    month = state["flow"]["month"]
    if month not in SEASON_BEFORE:
        return []
    return [Event("seasonal_turn", "BoP 5", {"season": SEASON_BEFORE[month]})] + (
        aviation.pool_additions(state, int(month[:4]), SEASON_BEFORE[month])) + (
        cob.pool_additions(state, int(month[:4]), SEASON_BEFORE[month])) + (
        cob.leaders_due(state, int(month[:4]), SEASON_BEFORE[month])) + (
        cob.navy_leaders_due(state, int(month[:4]), SEASON_BEFORE[month])) + (
        cob.naval_additions(state, int(month[:4]), SEASON_BEFORE[month])) + post_income(
        state)


def begin_tabulation(state: dict[str, Any], roller: Roller) -> list[Event]:
    """BoP 5.22, 5.23 — in a seasonal turn, the side's majors that can convert or transfer."""
    flow = state["flow"]
    if flow["month"] in SEASON_BEFORE:
        th = theatre(state["board"]["map"])
        flow["active"] = [s for s in SIDE_SEATS[flow["side"]] if at_war(state, s) and (
            transfer_options(state, th, s) or conversion_options(state, th, s))]
    return []


def begin_reductions(state: dict[str, Any], roller: Roller) -> list[Event]:
    """BoP 5.24, 5.36 — requisition and demoralization reductions, in a seasonal turn; then,
    in a game with navies, strategic naval warfare (5.32-5.35)."""
    if state["flow"]["month"] not in SEASON_BEFORE:
        return []
    th = theatre(state["board"]["map"])
    events = requisition_and_reductions(state, th)
    return events + strategic_naval.seasonal_naval_warfare(state, th, roller, events)


def begin_muster(state: dict[str, Any], roller: Roller) -> list[Event]:
    """BoP 6.21, 6.215 — the side's arrivals of the month (units and infrastructure markers)
    leave the schedule and wait to be placed by the seats that command them."""
    flow = state["flow"]
    month, side = flow["month"], flow["side"]
    events = setup_fire.september_removals(state)
    arrivals = state["board"]["arrivals"].get(month, [])
    mine = [u for u in arrivals if side_of(state, UNITS[u].nation) == side]
    flow["muster"] = sorted(mine)
    state["board"]["arrivals"][month] = [u for u in arrivals if u not in mine]
    due = state["board"]["infra_due"].get(month, [])
    flow["infra_to_place"] = [n for n in due if side_of(state, n) == side]
    state["board"]["infra_due"][month] = [n for n in due if side_of(state, n) != side]
    events += dockyards.begin_ship_muster(state)
    flow["active"] = sorted({commander(state, u) for u in mine} | set(flow["infra_to_place"])
                            | set(aviation.begin_air_muster(state))
                            | set(dockyards.muster_nations(state)))
    return events


def end_muster(state: dict[str, Any], roller: Roller) -> list[Event]:
    """BoP 6.211 — an arrival with nowhere to muster goes to the force pool."""
    flow = state["flow"]
    events = []
    for uid in flow.get("muster", []):
        state["board"]["pool"] = sorted(state["board"]["pool"] + [uid])
        events.append(Event("muster_failed", "BoP 6.211", {"unit": uid}))
    flow["muster"] = []
    return events + aviation.end_air_muster(state) + dockyards.end_ship_muster(state)


def begin_procure(state: dict[str, Any], roller: Roller) -> list[Event]:
    """BoP 6.22 — the side's majors that can buy or repair something (nothing is bought in
    the scenario's last month: it would never arrive)."""
    flow = state["flow"]
    if flow["month"] == last_month(state):
        return []
    th = theatre(state["board"]["map"])
    flow["active"] = [s for s in SIDE_SEATS[flow["side"]] if at_war(state, s)
                      and (procurable(state, s) or repairable(state, th, s)
                           or aviation.procurable(state, s) or aviation.repairable(state, s)
                           or dockyards.procurable(state, s)
                           or dockyards.repairable(state, th, s))]
    return []


def end_procure(state: dict[str, Any], roller: Roller) -> list[Event]:
    """BoP 6.22 — what each major bought is counted per procurement step."""
    state["flow"]["bought"] = {}
    return []
