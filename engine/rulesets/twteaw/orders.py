"""A nation's order set for one turn: its shape, its validation, and its warnings.

TWTEAW "Miscellaneous": all of a nation's orders for a turn are given at once; digest §2.4 lists
what they hold, phase by phase. The playable core's order set:

    {"declare":     ["belgium"],                                    # Phase 1.1
     "join":        "allied",                                       # a neutral enters the war
     "influence":   ["romania"],                                    # Phase 1.2, 10 each
     "build":       [{"unit": "infantry", "at": "paris", "count": 3}],  # Phase 3.1, placed in 7
     "trench":      [{"area": "paris", "facing": "amiens"}],        # 5 each, placed in 7
     "home_trenches": ["paris"],                                    # every land border, 10
     "rail":        [{"from": "berlin", "to": "posen", "units": {"infantry": 2},   # 4.1.3
                      "path": ["berlin", "posen"]}],
     "moves":       [{"from": "cologne", "to": "belgium",           # Phase 4.4 / 4.6
                      "units": {"infantry": 6, "tank": 1},
                      "rounds": 3, "max_losses": 4}],               # combat conditionals
     "support":     [{"from": "cologne", "into": "belgium", "count": 4}],   # artillery fire
     "withdraw":    [{"area": "warsaw", "to": "lublin", "max_losses": 3}],  # defenders' condition
     "incorporate": ["warsaw"],                                     # Phase 6
     "casualties":  ["infantry", "tank", "artillery"],              # order of losses
     "defend_ics":  ["ruhr"],                                       # ICs that fight (4.6)
     "naval":       [{"from": "skagerrak", "path": ["north-sea"],    # Phase 4.2, one mission
                      "units": {"battleship": 2}, "mission": "patrol"},    # a turn (naval.py);
                     {"from": "north-sea", "path": [], "units": {"battleship": 1},
                      "mission": "bombard", "target": "netherlands"}],   # 4.2.3
     "blockade":    ["germany"],                                    # 1.4, with ships on the
                                                                    # blockade mission (us_trade.py)
     "close":       [{"passage": "bosporus", "nation": "russia"}],  # 1.4 (straits.py)
     "reopen":      [{"passage": "suez", "nation": "italy"}],       # 1.4, a standing closure
     "surrender":   false,                                          # 1.3 offer (surrender.py)
     "surrender_votes": {"serbia": "decline"}}                      # 1.3 ballots, default accept

Every key may be left out. An order set is checked against the position at the start of the
turn when it is written (refused with the rule cited), and again when the turn resolves (the
kernel voids it then if the position made it illegal). `corroborate` lists what is legal but
doubtful, for the player to see before the deadline.
"""

from __future__ import annotations

from typing import Any

from engine.kernel import IllegalAction, MalformedAction

from . import air, bombing, diplomacy, economy, naval, rail, straits, surrender, trenches, us_trade
from .nations import INACTIVE, MAIN_WAR, NATIONS
from .stacks import claim
from .units import BOMBER_NATIONS, COMBAT_TYPES, LAND_TYPES, UNITS
from .war import allied, at_war, controller, side
from .world import world

State = dict[str, Any]
KEYS = ("declare", "join", "influence", "build", "trench", "home_trenches", "moves", "rail", "support", "withdraw",
        "incorporate", "casualties", "defend_ics", "naval", "blockade", "close", "reopen", "surrender", "surrender_votes", "air")
MAX_ROWS = 400           # an order set larger than this is refused (no legal one comes close)


def empty_orders() -> dict[str, Any]:
    return {"declare": [], "join": None, "influence": [], "build": [], "trench": [], "home_trenches": [], "moves": [], "rail": [],
            "support": [], "withdraw": [], "incorporate": [], "casualties": list(LAND_TYPES), "defend_ics": [],
            "naval": [], "blockade": [], "close": [], "reopen": [], "surrender": False, "surrender_votes": {},
            "air": []}


def _int(value: Any, what: str, low: int = 0) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < low:
        raise MalformedAction(f"{what} must be a whole number ≥ {low}")
    return value


def _str(value: Any, what: str) -> str:
    if not isinstance(value, str) or not value:
        raise MalformedAction(f"{what} must be a non-empty string")
    return value


def _list(action: dict[str, Any], key: str) -> list[Any]:
    value = action.get(key, [])
    if not isinstance(value, list):
        raise MalformedAction(f"{key} must be a list")
    if len(value) > MAX_ROWS:
        raise MalformedAction(f"{key} has more than {MAX_ROWS} rows")
    return value


def normalise(action: Any) -> dict[str, Any]:
    """The order set in its one canonical form (sorted, merged), or MalformedAction."""
    if not isinstance(action, dict):
        raise MalformedAction("an order set is a JSON object")
    unknown = sorted(set(action) - set(KEYS))
    if unknown:
        raise MalformedAction(f"unknown keys in the order set: {', '.join(unknown)}")
    out = empty_orders()
    out["declare"] = sorted({_str(n, "declare[]") for n in _list(action, "declare")})
    out["influence"] = sorted({_str(n, "influence[]") for n in _list(action, "influence")})
    if action.get("join") is not None:
        out["join"] = _str(action["join"], "join")
    builds: dict[tuple[str, str], int] = {}
    for row in _list(action, "build"):
        if not isinstance(row, dict) or set(row) != {"unit", "at", "count"}:
            raise MalformedAction('a build is {"unit", "at", "count"}')
        key = (_str(row["unit"], "build.unit"), _str(row["at"], "build.at"))
        builds[key] = builds.get(key, 0) + _int(row["count"], "build.count", 1)
    out["build"] = [{"unit": u, "at": a, "count": n} for (u, a), n in sorted(builds.items())]
    digs = set()
    for row in _list(action, "trench"):
        if not isinstance(row, dict) or set(row) != {"area", "facing"}:
            raise MalformedAction('a trench is {"area", "facing"}')
        digs.add((_str(row["area"], "trench.area"), _str(row["facing"], "trench.facing")))
    out["trench"] = [{"area": a, "facing": f} for a, f in sorted(digs)]
    out["home_trenches"] = sorted({_str(a, "home_trenches[]") for a in _list(action, "home_trenches")})
    moves = []
    for row in _list(action, "moves"):
        if not isinstance(row, dict) or not {"from", "to", "units"} <= set(row) or \
                set(row) - {"from", "to", "units", "rounds", "max_losses"}:
            raise MalformedAction('a move is {"from", "to", "units"[, "rounds", "max_losses"]}')
        units = row["units"]
        if not isinstance(units, dict) or not units:
            raise MalformedAction("move.units is an object of unit counts")
        move: dict[str, Any] = {"from": _str(row["from"], "move.from"), "to": _str(row["to"], "move.to"),
                                "units": {_str(t, "unit type"): _int(n, "move.units", 1)
                                          for t, n in sorted(units.items())}}
        if "rounds" in row:
            move["rounds"] = _int(row["rounds"], "move.rounds", 1)
        if "max_losses" in row:
            move["max_losses"] = _int(row["max_losses"], "move.max_losses", 0)
        moves.append(move)
    out["moves"] = sorted(moves, key=lambda m: (m["from"], m["to"]))
    rails = []
    for row in _list(action, "rail"):
        if not isinstance(row, dict) or set(row) != {"from", "to", "units", "path"}:
            raise MalformedAction('a rail move is {"from", "to", "units", "path"}')
        units = row["units"]
        if not isinstance(units, dict) or not units or not isinstance(row["path"], list):
            raise MalformedAction("rail.units is an object of unit counts, rail.path a list")
        rails.append({"from": _str(row["from"], "rail.from"), "to": _str(row["to"], "rail.to"),
                      "units": {_str(t, "unit type"): _int(n, "rail.units", 1) for t, n in sorted(units.items())},
                      "path": [_str(a, "rail.path[]") for a in row["path"]]})
    out["rail"] = sorted(rails, key=lambda r: (r["from"], r["to"], r["path"]))
    supports: dict[tuple[str, str], int] = {}
    for row in _list(action, "support"):
        if not isinstance(row, dict) or set(row) != {"from", "into", "count"}:
            raise MalformedAction('a support is {"from", "into", "count"}')
        key = (_str(row["from"], "support.from"), _str(row["into"], "support.into"))
        supports[key] = supports.get(key, 0) + _int(row["count"], "support.count", 1)
    out["support"] = [{"from": f, "into": i, "count": n} for (f, i), n in sorted(supports.items())]
    out["defend_ics"] = sorted({_str(a, "defend_ics[]") for a in _list(action, "defend_ics")})
    out["naval"] = naval.normalise(_list(action, "naval"))
    out["air"] = air.normalise(_list(action, "air"))
    out["blockade"] = us_trade.normalise(_list(action, "blockade"))
    out["close"] = straits.normalise(_list(action, "close"), "close")
    out["reopen"] = straits.normalise(_list(action, "reopen"), "reopen")
    out["surrender"] = surrender.normalise_offer(action.get("surrender"))
    out["surrender_votes"] = surrender.normalise_votes(action.get("surrender_votes"))
    withdrawals: dict[str, dict[str, Any]] = {}
    for row in _list(action, "withdraw"):
        if not isinstance(row, dict) or set(row) != {"area", "to", "max_losses"}:
            raise MalformedAction('a withdrawal is {"area", "to", "max_losses"}')
        area = _str(row["area"], "withdraw.area")
        if area in withdrawals:
            raise MalformedAction(f"two withdrawal orders for {area}")
        withdrawals[area] = {"area": area, "to": _str(row["to"], "withdraw.to"),
                             "max_losses": _int(row["max_losses"], "withdraw.max_losses", 0)}
    out["withdraw"] = [withdrawals[a] for a in sorted(withdrawals)]
    out["incorporate"] = sorted({_str(a, "incorporate[]") for a in _list(action, "incorporate")})
    if "casualties" in action:
        order = [_str(t, "casualties[]") for t in _list(action, "casualties")]
        # each land type once; AA guns and aircraft may be placed too (ruling 118)
        if len(set(order)) != len(order) or not set(LAND_TYPES) <= set(order) <= set(COMBAT_TYPES):
            raise MalformedAction(f"casualties lists each of {', '.join(LAND_TYPES)} once "
                                  f"(and may list {', '.join(COMBAT_TYPES[3:])})")
        out["casualties"] = order
    return out


def _refuse(rule: str, code: str, data: dict[str, Any], message: str) -> IllegalAction:
    return IllegalAction(rule, code, data, message)


def validate(state: State, nation: str, action: Any) -> dict[str, Any]:
    """The normalised order set if every order is legal now; IllegalAction naming the first
    broken rule otherwise."""
    orders = normalise(action)
    w = world()
    declared = set(orders["declare"])
    for target in orders["declare"]:
        if target not in NATIONS or target == nation:
            raise _refuse("TWTEAW 1.1", "no_such_nation", {"nation": target},
                          f"{target!r} is not a nation you can declare war on.")
        if target in INACTIVE:
            raise _refuse("TWTEAW neutrals", "inactive_neutral", {"nation": target},
                          f"{NATIONS[target].title} stays out of the war in this edition: its "
                          "own rules are not built yet.")
        if at_war(state, nation, target):
            raise _refuse("TWTEAW 1.1", "already_at_war", {"nation": target},
                          f"You are already at war with {NATIONS[target].title}.")
        if surrender.check_declaration(state, nation, target):
            continue                # a surrendered nation's return to the war (ruling 93)
        if allied(state, nation, target):
            raise _refuse("TWTEAW cooperation", "ally", {"nation": target},
                          "Alliances hold until the end of the war.")
        if side(state, nation) not in MAIN_WAR:
            raise _refuse("TWTEAW neutrals", "neutral_may_not_declare", {"nation": target},
                          "A neutral joins the war only when it reaches 10 points for a side "
                          "(not built yet) or when it is attacked.")
    surrender.check(state, nation, orders["surrender"], orders["surrender_votes"])
    _check_builds(state, nation, orders["build"])
    used: dict[tuple[str, str], int] = {}
    for move in orders["moves"]:
        _check_move(state, nation, move, declared, used)
    for row in orders["support"]:
        _check_support(state, nation, row, declared, used)
    rail.check(state, nation, orders["rail"], used)
    air.check(state, nation, orders["air"], used, declared)
    naval.check(state, nation, orders["naval"], used, declared)
    us_trade.check(state, nation, orders["blockade"], orders["naval"], declared)
    straits.check(state, nation, orders["close"], orders["reopen"])
    for row in orders["withdraw"]:
        area, to = row["area"], row["to"]
        if area not in w.areas or not state["secret"][nation]["units"].get(area):
            raise _refuse("TWTEAW 4.6", "no_defenders", {"area": area}, f"You have no units in {area!r}.")
        if w.crossing(area, to) != "land" or not allied(state, nation, controller(state, to)):
            raise _refuse("TWTEAW 4.6", "withdraw_where", {"area": area, "to": to},
                          "Defenders withdraw by land into a neighbouring territory of their side.")
    for area in orders["defend_ics"]:
        if area not in w.areas or controller(state, area) != nation \
                or not economy.has_ic(state, area):
            raise _refuse("TWTEAW units ics", "no_ic_to_defend", {"area": area},
                          f"You hold no industrial complex in {area!r} to defend with.")
    for area in orders["incorporate"]:
        if area not in w.areas or not economy.may_incorporate(state, nation, area):
            raise _refuse("TWTEAW 6", "not_a_conquest", {"area": area},
                          f"{area!r} is not a conquest of yours waiting to be incorporated.")
    spend = trenches.check(state, nation, orders["trench"], orders["home_trenches"])
    spend += diplomacy.check(state, nation, orders["influence"], orders["join"])
    spend += economy.build_cost(state, nation, orders["build"]) + sum(
        economy.incorporation_cost(a) for a in orders["incorporate"])
    bank = state["secret"][nation]["bank"]
    if spend > bank:
        raise _refuse("TWTEAW 3.1", "not_enough_resources", {"cost": spend, "bank": bank},
                      f"These orders cost {spend} and you have {bank} saved.")
    return orders


def _check_builds(state: State, nation: str, builds: list[dict[str, Any]]) -> None:
    if builds and not economy.can_build(state, nation):
        raise _refuse("TWTEAW conquest", "conquered", {}, "A conquered nation builds nothing.")
    outside_city: dict[str, int] = {}
    for row in builds:
        if row["unit"] not in UNITS:
            raise _refuse("TWTEAW 3.1", "unknown_unit", {"unit": row["unit"]},
                          f"{row['unit']!r} cannot be built (units: {', '.join(UNITS)}).")
        if row["unit"] == "bomber" and nation not in BOMBER_NATIONS:
            raise _refuse("TWTEAW units bombers", "no_bomber_technology", {"unit": "bomber"},
                          "Only Italy has the bomber technology at the start (research is not "
                          "built yet).")
        if row["at"] not in world().areas or economy.placement_cost(state, nation, row["unit"], row["at"]) is None:
            raise _refuse("TWTEAW 7", "placement", {"unit": row["unit"], "at": row["at"]},
                          f"{UNITS[row['unit']].title} cannot be placed in {row['at']}: new units "
                          "go to your own incorporated territory — infantry to a city (or +5 "
                          "elsewhere), other land units to an industrial complex (artillery also "
                          "to a city, +10).")
        if row["unit"] == "infantry" and not world().areas[row["at"]].city:
            outside_city[row["at"]] = outside_city.get(row["at"], 0) + row["count"]
    in_colony: dict[str, int] = {}
    for row in builds:
        if economy.colonial_allowance(row["at"]) is not None:
            in_colony[row["at"]] = in_colony.get(row["at"], 0) + row["count"]
    for area, count in sorted(in_colony.items()):
        allowance = economy.colonial_allowance(area)
        if allowance is not None and count > allowance:
            raise _refuse("TWTEAW 7", "colonial_allowance", {"at": area, "count": count},
                          f"At most {allowance} units may be built in {world().areas[area].name} "
                          f"this turn (a {world().areas[area].colony} colony: Colonial "
                          "Restrictions).")
    for area, count in outside_city.items():
        if count > economy.infantry_without_city_limit(area):
            raise _refuse("TWTEAW 7", "too_many_outside_city", {"at": area, "count": count},
                          f"At most {economy.infantry_without_city_limit(area)} infantry may be "
                          f"placed in {area} this turn (it has no city).")


def _crossing_target(state: State, nation: str, frm: str, to: str, declared: set[str],
                     rule: str) -> tuple[str, bool]:
    """The crossing kind and whether entering `to` is an attack; refuses what may not be."""
    w = world()
    if to not in w.areas or w.areas[to].kind != "land":
        raise _refuse(rule, "no_such_territory", {"to": to}, f"{to!r} is not a land territory.")
    crossing = w.crossing(frm, to)
    if crossing is None:
        raise _refuse("TWTEAW 4.4", "not_adjacent", {"from": frm, "to": to},
                      f"{w.areas[to].name} is not next to {w.areas[frm].name}.")
    holder = controller(state, to)
    if allied(state, nation, holder):
        return crossing, False
    if not at_war(state, nation, holder) and holder not in declared:
        raise _refuse("TWTEAW 1.1", "undeclared", {"to": to, "nation": holder},
                      f"{w.areas[to].name} belongs to {NATIONS[holder].title}: declare war on it "
                      "first (in this turn's orders).")
    return crossing, True


def _check_move(state: State, nation: str, move: dict[str, Any], declared: set[str],
                used: dict[tuple[str, str], int]) -> None:
    w = world()
    frm, to = move["from"], move["to"]
    here = state["secret"][nation]["units"].get(frm, {})
    if frm not in w.areas or not here:
        raise _refuse("TWTEAW 4.4", "no_units", {"from": frm}, f"You have no units in {frm!r}.")
    crossing, attack = _crossing_target(state, nation, frm, to, declared, "TWTEAW 4.4")
    special = w.areas[to].flags
    for unit, count in move["units"].items():
        if unit not in UNITS:
            raise _refuse("TWTEAW 4.4", "unknown_unit", {"unit": unit}, f"{unit!r} is not a land unit.")
        if UNITS[unit].air:
            raise _refuse("TWTEAW 4.4", "planes_fly", {"unit": unit},
                          f"{UNITS[unit].title}s fly by air orders, not land moves.")
        if unit != "infantry" and "infantry_only" in special:
            raise _refuse("TWTEAW afghanistan", "infantry_only", {"to": to},
                          f"Only infantry enter the mountains of {w.areas[to].name}.")
        if claim(used, frm, unit, count) > here.get(unit, 0):
            raise _refuse("TWTEAW 4.4", "not_enough_units", {"from": frm, "unit": unit},
                          f"You have {here.get(unit, 0)} {unit} in {w.areas[frm].name}.")
        if attack and not UNITS[unit].advances:
            raise _refuse("TWTEAW 4.4", "may_not_advance", {"unit": unit},
                          f"{UNITS[unit].title} cannot move into enemy territory (it fires from "
                          "next door: a support order).")
        if attack and crossing == "strait" and unit == "tank":
            raise _refuse("TWTEAW straits", "tanks_across_strait", {"to": to},
                          "Only infantry and artillery attack across a strait.")
        if unit == "artillery" and "mountains" in special:
            raise _refuse("TWTEAW switzerland", "mountains", {"to": to},
                          "Artillery cannot enter the mountains of Switzerland.")
    if not attack and ("rounds" in move or "max_losses" in move):
        raise _refuse("TWTEAW 2.2", "conditional_without_attack", {"to": to},
                      "Withdrawal conditions belong to attacks only.")


def _check_support(state: State, nation: str, row: dict[str, Any], declared: set[str],
                   used: dict[tuple[str, str], int]) -> None:
    w = world()
    frm, into = row["from"], row["into"]
    here = state["secret"][nation]["units"].get(frm, {})
    if frm not in w.areas or not here.get("artillery"):
        raise _refuse("TWTEAW artillery", "no_artillery", {"from": frm},
                      f"You have no artillery in {frm!r}.")
    _crossing_target(state, nation, frm, into, declared, "TWTEAW artillery")
    if claim(used, frm, "artillery", row["count"]) > here["artillery"]:
        raise _refuse("TWTEAW artillery", "not_enough_artillery", {"from": frm},
                      f"You have {here['artillery']} artillery in {w.areas[frm].name} (a gun "
                      "that moves cannot also fire).")


def corroborate(state: State, nation: str, orders: dict[str, Any]) -> list[dict[str, Any]]:
    """Legal but doubtful orders, as warnings (`{"code", "message", …}`) to show before the
    deadline (godip's Corroborate)."""
    warnings = []
    w = world()
    attacked = {m["to"] for m in orders["moves"]
                if not allied(state, nation, controller(state, m["to"]))}
    for row in orders["support"]:
        into = row["into"]
        if into not in attacked and not allied(state, nation, controller(state, into)):
            warnings.append({"code": "support_without_attack", "into": into,
                             "message": f"Artillery fires into {w.areas[into].name}, but you "
                                        "order no attack there (an ally's attack may use it)."})
    landing = {row["carry"]["to"] for row in orders["naval"] if "carry" in row}
    for row in orders["naval"]:
        if row.get("target") and row["target"] not in landing:
            warnings.append({"code": "bombard_without_landing", "target": row["target"],
                             "message": f"Battleships shell {w.areas[row['target']].name}, but you "
                                        "land no troops there (they support only a landing; an "
                                        "ally's may use them)."})
    left: dict[str, dict[str, int]] = {a: dict(s) for a, s in state["secret"][nation]["units"].items()}
    for m in orders["moves"]:
        for unit, count in m["units"].items():
            left[m["from"]][unit] = left[m["from"]].get(unit, 0) - count
    for area, stack in sorted(left.items()):
        gone = not any(stack.get(t, 0) > 0 for t in ("infantry", "tank"))
        threatened = any(at_war(state, nation, controller(state, n)) for n in w.neighbours(area))
        if gone and threatened and stack.get("artillery", 0) > 0:
            warnings.append({"code": "artillery_left_alone", "area": area,
                             "message": f"Artillery left alone in {w.areas[area].name} defends at 1."})
    warnings += us_trade.warnings(state, nation, orders["blockade"], orders["naval"])
    warnings += bombing.warnings(state, nation, orders)
    return warnings + surrender.warnings(state, nation, orders["surrender"], orders["surrender_votes"])


def air_choices(state: State, nation: str, draft: Any, frm: Any, units: Any) -> list[dict[str, Any]]:
    """The order editor's air form (rulings 114–124): every mission and territory these planes
    in `frm` could be sent to, each as the whole draft with that flight added and checked by
    `validate` (so the form lists only legal targets), in mission then fuel order; a mission
    with no target gets one item without an action, `{"mission", "refused": {rule, code,
    message}}`, the reason. The draft itself must be legal (its refusal is the answer)."""
    base = normalise(draft)
    validate(state, nation, base)
    if not isinstance(frm, str) or frm not in world().areas or not isinstance(units, dict) \
            or not units or any(t not in air.U.AIR_TYPES for t in units):
        raise MalformedAction('air targets need "from" (a territory) and "units" (plane counts)')
    reach = air.costs_from(state, nation, frm, limit=air.REBASE_FACTOR * air.fuel_of(units))
    near = sorted((c, a) for a, c in reach.items() if a != frm and world().areas[a].kind == "land")
    out: list[dict[str, Any]] = []
    for mission in air.MISSIONS:
        refusals: list[IllegalAction] = []
        for _, to in near:
            row = {"from": frm, "to": to, "units": dict(units), "mission": mission}
            try:
                checked = validate(state, nation, {**base, "air": [*base["air"], row]})
            except IllegalAction as err:
                refusals.append(err)
                continue
            except MalformedAction:
                continue
            out.append({"action": checked, "mission": mission, "to": to})
        if refusals and not any(item["mission"] == mission for item in out):
            # no target for this mission: say why, preferring a reason about these planes (fuel,
            # numbers) to one about a territory of the wrong kind, the nearest first
            telling = [e for e in refusals if e.code not in ("not_an_enemy", "may_not_land")] or refusals
            why = telling[0]
            out.append({"mission": mission, "refused": {"rule": why.rule, "code": why.code,
                                                        "message": str(why.message)}})
    return out
