"""FA 11.3, 11.3.4, 11.10, 2.4.3 — the naval listing's per-position tables (issue #25:
naval_move._Listing, neutral_basing.Basing, naval_transport.Standing) change nothing: the
options equal those of the plain per-order rules, asked of the board order by order as before
the tables (the reference below), item for item and in the same order."""

import pytest

from engine.board import COMPILED_DIR
from engine.maps.fa_seas import SECTIONS
from engine.rulesets.fatal_alliances import naval_move
from engine.rulesets.fatal_alliances.fleets import (
    area_distances,
    fleets,
    friendly_base,
    seas,
    shares_port,
)
from engine.rulesets.fatal_alliances.foreign_troops import may_enter
from engine.rulesets.fatal_alliances.movement import may_enter_country
from engine.rulesets.fatal_alliances.naval_convoy_moves import convoy_orders
from engine.rulesets.fatal_alliances.naval_transport import (
    friendly_hex,
    landing_loads,
    loads,
    port_hex,
)
from engine.rulesets.fatal_alliances.neutral_basing import (
    PORTS_IN_ALL,
    SHIPS_PER_PORT,
    _based,
    neutral_holder,
    restricted,
)
from engine.rulesets.fatal_alliances.passages import sea_neighbours
from engine.rulesets.fatal_alliances.position import at_war, is_active, is_enemy, units, units_in
from engine.rulesets.fatal_alliances.powers import POWER_SIDE
from engine.rulesets.fatal_alliances.zoc import would_overstack

from .test_11_3_4_commonwealth_crossing import britain_enters_the_war

pytestmark = pytest.mark.skipif(not (COMPILED_DIR / "fa-europe.json").is_file(),
                                reason="fa-europe is not compiled")


# --- the reference: every port, hex and cargo asked of the board on its own -------------------

def ref_may_base(state, power, port_id, ships):
    if not is_active(state, power) or power not in POWER_SIDE:
        return False
    holder = neutral_holder(state, port_id)
    if holder is None or at_war(state, power, holder) or restricted(state, power, holder):
        return False
    if any(fleets(state)[u]["type"] == "SUB" for u in ships):
        return False
    based = _based(state, power, set(ships))
    if based.get(port_id, 0) + len(ships) > SHIPS_PER_PORT:
        return False
    if port_id in based:
        return True
    return (not [p for p in based if neutral_holder(state, p) == holder]
            and len(based) < PORTS_IN_ALL)


def ref_may_stand(state, power, cargo, hex_id):
    stack = [units(state)[u] for u in cargo]
    here = {hex_id: units_in(state, hex_id)}
    if any(is_enemy(state, power, o["power"]) for o in here[hex_id]):
        return False
    return (may_enter_country(state, power, hex_id) and may_enter(state, stack, None, hex_id)
            and not would_overstack(state, hex_id, stack, here))


def ref_ports(state, power, ships, reach, budget):
    return sorted(pid for pid, port in seas().ports.items()
                  if any(reach.get(a, budget) + 1 <= budget for a in port.areas)
                  and (friendly_base(state, power, pid) or ref_may_base(state, power, pid, ships)))


def ref_destinations(state, power, ships, every_passage):
    ship = fleets(state)[ships[0]]
    speed, rng = naval_move._reach(ships)
    step = seas().neighbours if every_passage else sea_neighbours(state, power)
    out = []
    if ship["area"] is None:
        port = seas().port(ship["port"])
        allowance = speed - (1 if shares_port(state, power, port.id) else 0)
        reach = area_distances(port.areas, min(rng, allowance), step)
        for area, d in sorted(reach.items()):
            out.extend({"to_area": area, "section": s} for s in SECTIONS if d + s <= allowance)
        out.extend({"to_port": p} for p in ref_ports(state, power, ships, reach,
                                                     min(rng, allowance)) if p != port.id)
        return out
    area, section = ship["area"], ship["section"]
    out.extend({"to_area": area, "section": s} for s in SECTIONS if s < section)
    allowance = speed - section
    reach = {area: 0} | {a: d for a, d in area_distances(
        step(area), min(rng, allowance), step).items() if a != area}
    out.extend({"to_port": p} for p in ref_ports(state, power, ships, reach,
                                                 min(rng, allowance)))
    return out


def ref_with_cargo(state, power, ships, orders):
    ship = fleets(state)[ships[0]]
    if ship["area"] is not None:
        return []
    out = [{**o, "cargo": c} for o in orders if "to_port" in o
           for c in loads(state, power, ship["port"], ships)
           if ref_may_stand(state, power, c, port_hex(o["to_port"]))]
    cargoes = landing_loads(state, power, ship["port"], ships)
    shore = {(o["to_area"], tuple(c)) for o in orders if "to_area" in o for c in cargoes
             if any(friendly_hex(state, power, h) and ref_may_stand(state, power, c, h)
                    for h in seas().area(o["to_area"]).coastal_hexes)}
    return out + [{**o, "cargo": c, "debark": True} for o in orders if "to_area" in o
                  for c in cargoes if (o["to_area"], tuple(c)) in shore]


def ref_naval_options(state, power, every_passage=False):
    out = [{"done": True}]
    if naval_move.naval_moves_left(state, power) == 0:
        return out
    for ships in naval_move.task_forces(state, power):
        orders = ref_destinations(state, power, ships, every_passage)
        out.extend({"units": ships, **d} for d in orders)
        out.extend({"units": ships, **d} for d in ref_with_cargo(state, power, ships, orders))
    return out + convoy_orders(state, power, every_passage)


# --- positions ---------------------------------------------------------------------------------

def park(state, uid, port):
    fleets(state)[uid].update(port=port, area=None, section=None, up=True)


def positions():
    """Britain on a combined action (transports with cargo, landings) and on a naval one,
    and with surface ships already in neutral ports (2.4.3's limits bite) and at sea."""
    combined = britain_enters_the_war("combined")
    naval = britain_enters_the_war("naval")
    based = britain_enters_the_war("naval")
    ours = [u for u, sh in sorted(fleets(based).items())
            if sh["power"] == "britain" and sh["type"] != "SUB"]
    for uid, port in zip(ours[:6], ["naples", "naples", "bergen", "cartagena", "naples",
                                     "bergen"], strict=True):
        park(based, uid, port)
    fleets(based)[ours[6]].update(port=None, area="north-sea", section=2)
    return {"combined": combined, "naval": naval, "based": based}


@pytest.mark.parametrize("every_passage", [False, True])
def test_fa_11_3_the_listing_is_the_plain_rules_order_for_order(every_passage):
    for name, state in positions().items():
        listed = naval_move.naval_options(state, "britain", every_passage)
        assert listed == ref_naval_options(state, "britain", every_passage), name
        assert naval_move.can_sail(state, "britain") == (len(listed) > 1)


def test_fa_11_3_the_positions_reach_every_kind_of_order():
    """The comparison above is only worth what the positions list: cargo, landings, neutral
    ports (2.4.3) and orders of ships at sea all occur."""
    kinds = set()
    for state in positions().values():
        for o in naval_move.naval_options(state, "britain"):
            if o.get("debark"):
                kinds.add("debark")
            elif "cargo" in o:
                kinds.add("cargo")
            elif "to_port" in o and neutral_holder(state, o["to_port"]):
                kinds.add("neutral")
            if "units" in o and fleets(state)[o["units"][0]]["area"] is not None:
                kinds.add("at sea")
    assert kinds == {"debark", "cargo", "neutral", "at sea"}
