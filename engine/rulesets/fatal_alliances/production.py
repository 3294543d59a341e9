"""FA 13.5 production, FA 4.2 reinforcements and FA 21.6 entrenchments.

Production points come from factories fed with resources (FA 13.5.1), times the power's
multiple (FA 13.5.3). Builds draw a random unit of the chosen class from the force pool and put
it on the production circle (FA 13.5.5); arrivals are placed in home cities in the
reinforcement stage (FA 4.2). Entrenchments cost 1 BP, arrive next turn and are geared.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from engine.board.paths import RailNetwork, rail_reachable
from engine.kernel import Event, Roller

from . import convoy_builds, convoys, naval_builds
from .charts import (
    BUILD,
    ENTRENCHMENT_COST,
    INVADED_MULTIPLE_BONUS_TENTHS,
    PRODUCTION_MULTIPLE_TENTHS,
    SAVE_BP_PER_HEX,
    US_AT_WAR_BONUS_TENTHS,
)
from .fleets import seas
from .morale import buy_morale, home_front_limit, may_buy_morale
from .naval_oob import BUILT_TYPES
from .numbers import round_fa
from .offensive import buy, may_buy, required, shortfall
from .partisans import partisan_blocked
from .position import (
    by_hex,
    controller,
    is_active,
    is_enemy,
    is_home_country_hex,
    map_of,
    on_map,
    unit,
)
from .sequence import mark_done
from .strategic_warfare import strategic_warfare
from .supply import supplied_hexes
from .zoc import enemy_zoc


def unit_class(u: dict[str, Any]) -> str:
    if u["type"] == "HQ":
        return "HQ"
    return f"{u['type']} {u['size']}"


def factories(state: dict[str, Any], power: str) -> list[str]:
    """FA 13.5.2 — factory hexes the power controls in its own home country (blue factories
    work only there)."""
    m = map_of(state)
    blocked = partisan_blocked(state, power)   # FA 13.1.3
    return [h for h in m.ids if m.hex(h).has_feature("factory") and h not in blocked
            and controller(state, h) == power and is_home_country_hex(m, h, power)]


def _rail(state: dict[str, Any], power: str) -> Any:
    """FA 13.5.1.1 — where a resource rails from a hex: through the power's own hexes,
    entering or leaving enemy ZoC only where a friendly land unit stands. Returns a function
    from a hex to the hexes it reaches (itself included; only itself off the network)."""
    m = map_of(state)
    zoc = enemy_zoc(state, power)
    here = by_hex(state)
    held = {h for h, us in here.items() if any(u["power"] == power for u in us)}

    def own(mm: Any, i: int) -> bool:
        return controller(state, mm.ids[i]) == power

    def blocked(mm: Any, i: int) -> bool:
        return mm.ids[i] in zoc and mm.ids[i] not in held

    network = RailNetwork.build(m, own)

    def reach(h: str) -> set[str]:
        if h not in network or blocked(m, m.index_of(h)):
            return {h}
        return {h} | set(rail_reachable(network, h, None, blocked))
    return reach


def _resources(state: dict[str, Any], power: str) -> list[str]:
    m = map_of(state)
    partisan_held = partisan_blocked(state, power)   # FA 13.1.3
    return [h for h in m.ids if m.hex(h).has_feature("resource")
            and controller(state, h) == power and h not in partisan_held]


def usable_resources(state: dict[str, Any], power: str) -> int:
    """FA 13.5.1 — controlled resource hexes that reach a usable factory: in its hex, or by
    rail through the power's own hexes, entering or leaving enemy ZoC only where a friendly
    land unit stands. (Road links are not on the map yet; see the rules document.)"""
    sources = _resources(state, power)
    return len(sources) - len(_stranded(state, power, sources, set(factories(state, power))))


def _stranded(state: dict[str, Any], power: str, sources: list[str], plants: set[str],
              reach: Any = None) -> list[str]:
    """Of the power's resource hexes `sources`, those that reach none of its usable factories
    `plants` by rail (all of them when it has none); `reach` is `_rail`'s, built here when the
    caller has none (and only when there is something to trace)."""
    if not plants or not sources:
        return sources
    reach = reach or _rail(state, power)
    return [h for h in sources if not plants & reach(h)]


def sea_requests(state: dict[str, Any], power: str) -> list[convoys.Request]:
    """FA 13.5.1.2 — each stranded resource of the power, with the places it may be loaded
    (a port of the power it rails to, or its own coastal hex) and the power's ports that rail
    on to a usable factory (campaign only: a board without convoys ships nothing)."""
    plants = set(factories(state, power))
    if not plants or not convoys.convoys(state):
        return []
    reach = _rail(state, power)    # one rail network for the stranded, the loads, the landings
    stranded = _stranded(state, power, _resources(state, power), plants, reach)
    if not stranded:
        return []
    port_hexes = sorted({p.hex for p in seas().ports.values()
                         if controller(state, p.hex) == power})
    landings = tuple(h for h in port_hexes if plants & reach(h))
    coast = {h for a in seas().areas.values() for h in a.coastal_hexes}
    out = []
    for h in stranded:
        loads = sorted((reach(h) & set(port_hexes)) | ({h} & coast))
        if loads and landings:
            out.append(convoys.Request(power, h, tuple(loads), landings))
    return out


def sea_shipments(state: dict[str, Any]) -> list[convoys.Shipment]:
    """FA 13.5.1.2 — the turn's resources shipped by sea, every power's together (their chains
    share the side's convoy points and minor ports, R-N36)."""
    requests = [r for p in sorted(state["board"]["sides"]) for r in sea_requests(state, p)]
    return convoys.plan(state, requests) if requests else []


def production_points(state: dict[str, Any], power: str,
                      shipped: list[convoys.Shipment] | None = None) -> int:
    """FA 13.5.1 — each factory that receives one resource makes 1 PP. Resources: the map's
    resource hexes the power controls that reach a factory by rail or by sea (13.5.1.2), plus
    the scenario's off-map stand-in (which feeds off-map or on-map factories)."""
    by_sea = sum(1 for s in (sea_shipments(state) if shipped is None else shipped)
                 if s.power == power)
    resources = (usable_resources(state, power) + by_sea
                 + state["board"]["offmap_resources"].get(power, 0))
    plants = len(factories(state, power)) + state["board"]["offmap_factories"].get(power, 0)
    return min(plants, resources)


def multiple_tenths(state: dict[str, Any], power: str) -> int:
    """FA 13.5.3 — the year's multiple, +0.1 while a supplied enemy unit is in the home
    country (not its possessions: only the UK for the CW); the US +0.2 while at war."""
    year = state["flow"]["year"]
    row = PRODUCTION_MULTIPLE_TENTHS[power]
    value = row[max(0, min(len(row) - 1, year - 1914))]
    if power == "usa" and is_active(state, power):
        value += US_AT_WAR_BONUS_TENTHS
    m = map_of(state)
    for u in on_map(state):
        if is_enemy(state, power, u["power"]) and is_home_country_hex(m, u["hex"], power):
            if u["hex"] in supplied_hexes(state, u["power"]):
                value += INVADED_MULTIPLE_BONUS_TENTHS
                break
    return value


def start_production(state: dict[str, Any], roller: Roller) -> list[Event]:
    """FA 13.5.3 — BP = PP × multiple (rounded, FA 2.6) + bonus + saved BP."""
    board = state["board"]
    events = []
    shipped = sea_shipments(state)
    for ship in shipped:
        events.append(Event("resource_shipped", "FA 13.5.1.2", {
            "power": ship.power, "resource": ship.resource, "from": ship.load,
            "to": ship.landing, "areas": list(ship.areas)}))
    for power in sorted(board["sides"]):
        pp = production_points(state, power, shipped)
        tenths = multiple_tenths(state, power)
        made = round_fa(Fraction(pp * tenths, 10)) if pp else 0
        production = made + board["bonus_bp"].get(power, 0)   # FA 18 and 14.1: no saved BP
        bp = production + board["saved_bp"].get(power, 0)
        if power in board["active"]:
            board.setdefault("op_required", {})[power] = required(production)
        board.setdefault("morale_bp_max", {})[power] = home_front_limit(production)
        board.setdefault("morale_bp", {})[power] = 0
        board["bp"][power] = bp
        board["bonus_bp"][power] = 0
        board["saved_bp"][power] = 0
        board["built_now"][power] = {}
        events.append(Event("production", "FA 13.5", {"power": power, "pp": pp,
                                                      "multiple_tenths": tenths, "bp": bp}))
    return events


def _pool_classes(state: dict[str, Any], power: str) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for uid in state["board"]["pool"].get(power, []):
        u = unit(state, uid)
        out.setdefault(unit_class(u), []).append(uid)
    return out


def _geared(state: dict[str, Any], power: str, cls: str) -> bool:
    """FA 13.5.5 — per class at most last turn's count + 1 (waived on the first turn)."""
    if state["flow"]["turn"] == 1:
        return True
    last = state["board"]["built_last"].get(power, {}).get(cls, 0)
    now = state["board"]["built_now"].get(power, {}).get(cls, 0)
    return now < last + 1


def neutral_us(state: dict[str, Any], power: str) -> bool:
    """FA 13.2.2 — a neutral US builds no land units (entry options 18 and 27) and saves no
    BP (27): until its entry (the stand-in date) its production is lost."""
    return power == "usa" and not is_active(state, power)


def build_options(state: dict[str, Any], power: str) -> list[dict[str, Any]]:
    bp = state["board"]["bp"].get(power, 0)
    out: list[dict[str, Any]] = []
    # a completely conquered power (FA 13.6.1.5) and a neutral US build nothing
    if power in state["board"].get("out", []) or neutral_us(state, power):
        return [{"build": None}]
    if bp >= 1 and may_buy(state, power):
        out.append({"build": "op"})   # FA 18 — 1 BP, not geared
    for cls, ids in sorted(_pool_classes(state, power).items()):
        cost = BUILD.get(cls, (99, 1))[0]
        if ids and cost <= bp and _geared(state, power, cls):
            out.append({"build": cls})
    # FA 13.5.5.4, 13.5.5.8: ships and convoy points share the NAVAL gearing limit
    if convoy_builds.naval_room(state, power, ships=1):
        out += naval_builds.options(state, power)
    out += convoy_builds.options(state, power)
    active_since = state["board"]["active_since"].get(power)
    if (bp >= ENTRENCHMENT_COST and active_since is not None
            and state["flow"]["turn"] > active_since and _geared(state, power, "entrenchment")):
        out.append({"build": "entrenchment"})
    # FA 14.1 — 1 BP to the home front. Listed after the OP, which every power that may buy
    # morale is also offered, so the timeout default (the first option) never buys morale.
    if may_buy_morale(state, power):
        out.append({"build": "morale"})
    out.append({"build": None})
    return out


def build(state: dict[str, Any], power: str, action: dict[str, Any],
          roller: Roller) -> list[Event]:
    """FA 13.5.5 — pay, draw the unit at random from the class's pool, put it on the circle;
    or buy an OP (FA 18), an entrenchment (FA 21.6) or 1 BP of morale (FA 14.1)."""
    board = state["board"]
    cls = action["build"]
    if cls is None:
        mark_done(state, power)
        return [Event("builds_done", "FA 13.5.5", {"power": power})]
    if cls == "morale":
        return [buy_morale(state, power)]
    now = board["built_now"].setdefault(power, {})
    if cls in BUILT_TYPES:     # FA 13.5.5.4: a TRS or AMPH cycle, geared as NAVAL (13.5.5.8)
        now[naval_builds.GEAR_CLASS] = now.get(naval_builds.GEAR_CLASS, 0) + 1
        return naval_builds.build_ship(state, power, action, roller)
    if cls == convoy_builds.KIND:   # FA 13.5.5.4: 1 BP, 4 turns, geared as NAVAL (R-N41)
        return convoy_builds.build_convoy(state, power)
    now[cls] = now.get(cls, 0) + 1
    if cls == "op":
        return [buy(state, power)]
    if cls == "entrenchment":
        board["bp"][power] -= ENTRENCHMENT_COST
        board["entrench_due"].append({"power": power, "turn": state["flow"]["turn"] + 1})
        return [Event("built", "FA 21.6", {"power": power, "class": cls})]
    cost, time = BUILD[cls]
    ids = _pool_classes(state, power)[cls]
    pick = ids[roller.d(len(ids), f"force pool {cls}") - 1] if len(ids) > 1 else ids[0]
    board["pool"][power].remove(pick)
    board["bp"][power] -= cost
    board["production_circle"].append({"unit": pick, "turn": state["flow"]["turn"] + time})
    board["production_circle"].sort(key=lambda e: (e["turn"], e["unit"]))
    return [Event("built", "FA 13.5.5", {"power": power, "class": cls, "unit": pick,
                                         "arrives": state["flow"]["turn"] + time})]


def finish_production(state: dict[str, Any], roller: Roller) -> list[Event]:
    """FA 13.5.3 — unspent BP are saved, 4 per usable factory hex: a stock of 4 per hex in
    fa3, at most 4 more per hex each turn in fa-annotated (see profiles). First, the builds
    done, strategic warfare at sea (13.5.6, version 19, strategic_warfare.py)."""
    board = state["board"]
    events = strategic_warfare(state, roller) + shortfall(state)
    per_turn = board["rules"]["save_per_turn"]
    for power in sorted(board["sides"]):
        cap = 0 if neutral_us(state, power) else SAVE_BP_PER_HEX * max(
            1, len(factories(state, power)))
        unspent = board["bp"].get(power, 0)
        if per_turn:
            kept = min(unspent, board["saved_from_last"].get(power, 0) + cap)
        else:
            kept = min(unspent, cap)
        board["saved_bp"][power] = kept
        board["saved_from_last"][power] = kept
        board["bp"][power] = 0
        board["built_last"][power] = board["built_now"].get(power, {})
        board["built_now"][power] = {}
    return events


def entrench_options(state: dict[str, Any], power: str) -> list[dict[str, Any]]:
    """FA 21.6 — an arriving entrenchment goes to an in-supply corps not yet entrenched."""
    if not state["board"]["entrench_pending"].get(power):
        return []
    supplied = supplied_hexes(state, power)
    return [{"unit": u["id"]} for u in on_map(state)
            if u["power"] == power and u["size"] != "div" and u["type"] != "HQ"
            and not u["entrenched"] and u["hex"] in supplied]


def entrench(state: dict[str, Any], power: str, action: dict[str, Any]) -> list[Event]:
    """FA 21.6 — mark the corps entrenched (lost when it leaves the hex)."""
    u = unit(state, action["unit"])
    u["entrenched"] = True
    state["board"]["entrench_pending"][power] -= 1
    if not state["board"]["entrench_pending"][power]:
        del state["board"]["entrench_pending"][power]
    return [Event("entrenched", "FA 21.6", {"unit": u["id"], "hex": u["hex"]})]
