"""BoP 12.1 — set-up: the initial state, the set-up constraints and legal deployments.

Each seat answers one set-up decision with its whole placement `{"placement": {uid: loc}}`.
`setup_problems` is the one check (used by the validator and by the deployments we offer);
`deployments` builds a few legal placements (the options expander and the timeout default).
"""

from __future__ import annotations

from typing import Any

from . import setup_fire, setup_kaiser, setup_storm
from .aviation import empty_flow
from .forces import ENTRENCHED, MANEUVER, UNITS, stack_limit
from .scenarios import (
    BEFORE_THE_LEAVES_FALL,
    FIRE_IN_THE_EAST,
    FIRE_RUINED,
    KAISERSCHLACHT,
    SCENARIOS,
    STORM_OF_STEEL,
)
from .tables import (
    CENTRAL,
    ENTENTE,
    FRENCH_BORDER_DEPTH,
    FRENCH_BORDER_MIN,
    GERMAN_EAST_MAX,
    GERMAN_NEAR_LIEGE,
    NATIONS,
)
from .theatre import Theatre, theatre

RULE = "BoP 12.1"
SETUP_NATIONS = ("austria_hungary", "france", "germany", "russia")
AH_FORBIDDEN_PLACES = ("rava_ruska", "brody", "tarnopol")


def setup_units(nation: str) -> list[str]:
    return [uid for uid, u in UNITS.items() if u.nation == nation and u.arrives == "setup"]


def initial_state(map_name: str, options: dict[str, Any],
                  scenario: str = BEFORE_THE_LEAVES_FALL) -> dict[str, Any]:
    """BoP 12 — the state before set-up. 12.1's state carries no scenario key (ruling 60)."""
    sc = SCENARIOS[scenario]
    arrivals: dict[str, list[str]] = {}
    pool: list[str] = []
    for uid, unit in UNITS.items():
        if scenario == BEFORE_THE_LEAVES_FALL and unit.arrives.startswith("1914-"):
            arrivals.setdefault(unit.arrives[:7], []).append(uid)
    powers = {}
    for nation in NATIONS:
        side = sc.start_side[nation]
        powers[nation] = {"side": side, "rp": sc.start_rp.get(nation, 0) if side else 0,
                          "demoralization": sc.start_demoralization.get(nation, 0),
                          "seasons": sc.seasons_played if side else 0, "conquered": False,
                          "season_moves": {"out": 0, "in": 0, "converted": True}}
    state = {
        "flow": {"step": "setup", "script_position": -1, "month": sc.months[0], "fortnight": 0,
                 "side": ENTENTE, "active": [], "answer_count": 0, "combat": None,
                 "moves": {}, "force": {}, "rail_used": {}, "trench": [], "breakthrough": [],
                 "sea_moved": {}, "reroll": True, "result": None, "placed": [],
                 "reserve_corps": {}, "muster": [], "neutral_to_place": [],
                 "infra_to_place": [], "secret": bool(options.get("secret_setup")),
                 "air": empty_flow(), "air_muster": []},
        "board": {"map": map_name, "units": {}, "pool": pool,
                  "arrivals": {k: sorted(v) for k, v in sorted(arrivals.items())},
                  "control": {}, "forts": {}, "breaches": [], "landing_used": False,
                  "landing": None, "infra": {}, "infra_due": {},
                  "air": {}, "air_pool": [], "air_due": {}},
        "powers": powers,
        "ti": dict(sc.start_ti),
        "ti_benefits": {side: True for side in sorted(sc.ti_benefits)},
        "plans": {"plan17": {"corps": [], "hexes": []}, "schlieffen": {"liege": False,
                                                                       "corps": []},
                  "active": sc.plans and not options.get("secret_setup")},
        # 6.13 instead of 6.12: Britain's entry is rolled for in August, not triggered
        "diplomacy": {"random_entry": bool(options.get("random_neutral_entry")),
                      "britain_roll": None},
        "secret": {},
    }
    if scenario != BEFORE_THE_LEAVES_FALL:
        state["scenario"] = scenario
    if scenario == FIRE_IN_THE_EAST:
        _fire_start(state, map_name)
    if scenario == KAISERSCHLACHT:
        setup_kaiser.start(state, map_name)
    if scenario == STORM_OF_STEEL:
        setup_storm.start(state, map_name)
    return state


def _fire_start(state: dict[str, Any], map_name: str) -> None:
    """BoP 12.2 — each side holds its own set-up area; Przemysl is a ruin; Russia's air unit
    musters with May's arrivals and Germany's infrastructure marker is placed then (ruling 61)."""
    th = theatre(map_name)
    board = state["board"]
    board["control"] = dict(setup_fire.start_control(th))
    board["forts"] = {th.place_loc[p]: 0 for p in FIRE_RUINED}
    first = state["flow"]["month"]
    board["air_due"] = {first: setup_fire.air_units("russia")}
    board["infra_due"] = {first: ["germany"]}


# --- geometry the set-up rules use ------------------------------------------------------------

def french_border_hexes(th: Theatre) -> list[str]:
    """French hexes adjacent to the German border."""
    return sorted(loc for loc in th.locs if th.home.get(loc) == "france" and any(
        th.home.get(o) == "germany" for o in th.adj[loc]))


def french_zone(th: Theatre) -> list[str]:
    """French hexes within two hexes of the German border (BoP 12.1)."""
    border = french_border_hexes(th)
    zone = set()
    for loc in border:
        for other in th.distance_within(loc, FRENCH_BORDER_DEPTH - 1):
            if th.home.get(other) == "france" and other not in th.boxes:
                zone.add(other)
    return sorted(zone)


def near_liege(th: Theatre) -> list[str]:
    liege = th.place_loc.get("liege")
    if liege is None:
        return []
    return sorted(o for o in th.adj[liege] if th.home.get(o) == "germany")


def liege_requirement(th: Theatre) -> int:
    """Nine corps (BoP 12.1), or as many as the German hexes next to Liège can stack when
    the map gives fewer than two of them (a map-calibration fallback; see the docs)."""
    room = sum(stack_limit({}, th, loc) for loc in near_liege(th))
    return min(GERMAN_NEAR_LIEGE, room)


def berlin_column(th: Theatre) -> int:
    return th.column[th.capital["germany"]]


def warsaw_column(th: Theatre) -> int:
    return th.column[th.place_loc["warsaw"]]


def ah_forbidden(th: Theatre) -> set[str]:
    out = set()
    for pid in AH_FORBIDDEN_PLACES:
        loc = th.place_loc.get(pid)
        if loc is not None:
            out.add(loc)
            out.update(th.adj[loc])
    return out


def home_locs(th: Theatre, nation: str) -> list[str]:
    return [loc for loc in th.locs if th.home.get(loc) == nation]


# --- the check --------------------------------------------------------------------------------

def setup_problems(th: Theatre, nation: str, placement: dict[str, str], *,
                   secret: bool) -> list[dict[str, Any]]:
    """BoP 12.1 — every broken set-up constraint as {"code", "data"}; [] when legal."""
    expected = setup_units(nation)
    if sorted(placement) != expected:
        return [_wrong_units(expected, placement)]
    problems, counts = _basic_problems(th, nation, placement)
    if problems or secret:
        return problems
    corps = {uid: loc for uid, loc in placement.items() if UNITS[uid].corps}
    return _scenario_problems(th, nation, corps, counts)


def _wrong_units(expected: list[str], placement: dict[str, str]) -> dict[str, Any]:
    missing = sorted(set(expected) - set(placement))
    extra = sorted(set(placement) - set(expected))
    return {"code": "wrong_units", "data": {"missing": missing, "extra": extra}}


def _basic_problems(th: Theatre, nation: str, placement: dict[str, str]
                    ) -> tuple[list[dict[str, Any]], dict[str, int]]:
    """Home country, stacking (2.62) and leaders with their command (a corps or a fortress,
    1.323), for placed units of `nation`; also the corps count per location."""
    problems: list[dict[str, Any]] = []
    counts: dict[str, int] = {}
    for uid, loc in sorted(placement.items()):
        if loc not in th.terrain or th.home.get(loc) != nation:
            problems.append({"code": "not_home_country", "data": {"unit": uid, "at": loc}})
            continue
        if UNITS[uid].corps:
            counts[loc] = counts.get(loc, 0) + 1
    for loc, n in sorted(counts.items()):
        if n > stack_limit({}, th, loc):
            problems.append({"code": "overstacked", "data": {"at": loc, "corps": n}})
    for uid, loc in sorted(placement.items()):
        if UNITS[uid].kind == "leader" and not counts.get(loc) and loc not in th.fortress:
            problems.append({"code": "leader_alone", "data": {"unit": uid, "at": loc}})
    return problems, counts


def _scenario_problems(th: Theatre, nation: str, corps: dict[str, str],
                       counts: dict[str, int]) -> list[dict[str, Any]]:
    """The open set-up's own constraints (12.1), for corps already in their home country."""
    problems: list[dict[str, Any]] = []
    if nation == "france":
        dijon = th.place_loc.get("dijon")
        zone = set(french_zone(th))
        for uid, loc in sorted(corps.items()):
            if UNITS[uid].place == "dijon":
                if loc != dijon:
                    problems.append({"code": "must_be_in_dijon", "data": {"unit": uid}})
            elif loc not in zone:
                problems.append({"code": "too_far_from_border", "data": {"unit": uid, "at": loc}})
        for loc in french_border_hexes(th):
            if counts.get(loc, 0) < FRENCH_BORDER_MIN:
                problems.append({"code": "border_hex_short",
                                 "data": {"at": loc, "corps": counts.get(loc, 0)}})
    elif nation == "germany":
        near = set(near_liege(th))
        n_near = sum(1 for loc in corps.values() if loc in near)
        if n_near < liege_requirement(th):
            problems.append({"code": "too_few_near_liege", "data": {"corps": n_near}})
        col = berlin_column(th)
        n_east = sum(1 for loc in corps.values() if th.column[loc] > col)
        if n_east > GERMAN_EAST_MAX:
            problems.append({"code": "too_many_east", "data": {"corps": n_east}})
    elif nation == "austria_hungary":
        banned = ah_forbidden(th)
        for uid, loc in sorted(corps.items()):
            if loc in banned:
                problems.append({"code": "near_forbidden_town", "data": {"unit": uid, "at": loc}})
    elif nation == "russia":
        col = warsaw_column(th)
        for uid, loc in sorted(corps.items()):
            if UNITS[uid].place == "petrograd-box":
                if loc != "petrograd-box":
                    problems.append({"code": "guards_in_petrograd", "data": {"unit": uid}})
            elif loc in th.boxes or not th.is_pop(loc) or th.column[loc] < col:
                problems.append({"code": "not_eastern_population_centre",
                                 "data": {"unit": uid, "at": loc}})
    return problems


# --- the set-up editor's check ------------------------------------------------------------------

def _nation_title(nation: str) -> str:
    return {"austria_hungary": "Austria-Hungary"}.get(nation, nation.title())


def _adjective(nation: str) -> str:
    return {"austria_hungary": "Austro-Hungarian", "france": "French", "germany": "German",
            "russia": "Russian"}.get(nation, nation.title())


def unit_title(uid: str) -> str:
    """A unit as players name it: "10 RS Corps", "2 Cavalry Corps", "leader Kluck"."""
    u = UNITS[uid]
    name = u.name if any(c.isdigit() for c in u.name) or len(u.name) <= 3 else u.name.title()
    if u.kind == "leader":
        return f"leader {name}"
    kind = {"cavalry": "Cavalry Corps", "mountain": "Mountain Corps",
            "siege": "Siege Corps", "tank": "Tank Corps"}.get(u.kind, "Corps")
    return f"{name} {kind}"


def describe_problem(th: Theatre, nation: str, problem: dict[str, Any]) -> dict[str, Any]:
    """A `setup_problems` entry in plain words: {"rule", "code", "units", "locations",
    "message"} — the rule section broken, the counters and locations concerned."""
    code, data = problem["code"], problem["data"]
    unit = data.get("unit")
    at = data.get("at")
    units = [unit] if unit else []
    locs = [at] if at else []
    rule = RULE
    who = _nation_title(nation)
    if code == "wrong_units":
        units = data["missing"] + data["extra"]
        parts = []
        if data["missing"]:
            parts.append("not placed: " + ", ".join(unit_title(u) for u in data["missing"]
                                                      if u in UNITS))
        if data["extra"]:
            parts.append("not part of this set-up: " + ", ".join(data["extra"]))
        message = f"Every {_adjective(nation)} set-up unit is placed once ({'; '.join(parts)})."
    elif code == "not_home_country":
        message = f"{unit_title(unit)} must set up in {who}, not in {th.where(at)}."
    elif code == "overstacked":
        rule = "BoP 2.62"
        message = (f"{data['corps']} corps in {th.where(at)}: at most "
                   f"{stack_limit({}, th, at)} may stack there.")
    elif code == "leader_alone":
        rule = "BoP 1.323"
        message = (f"{unit_title(unit)} must set up with a corps or in a fortress "
                   f"({th.where(at)} has neither).")
    elif code == "must_be_in_dijon":
        dijon = th.place_loc.get("dijon")
        locs = [dijon] if dijon else []
        message = f"{unit_title(unit)} sets up in Dijon."
    elif code == "too_far_from_border":
        message = (f"{unit_title(unit)} must set up within {FRENCH_BORDER_DEPTH} hexes of the "
                   f"German border; {th.where(at)} is farther.")
    elif code == "border_hex_short":
        message = (f"Every French hex on the German border holds at least {FRENCH_BORDER_MIN} "
                   f"corps: {th.where(at)} has {data['corps']}.")
    elif code == "too_few_near_liege":
        locs = near_liege(th)
        message = (f"At least {liege_requirement(th)} German corps set up in the German hexes "
                   f"next to Liège ({', '.join(th.where(x) for x in locs)}): "
                   f"{data['corps']} do.")
    elif code == "too_many_east":
        message = (f"At most {GERMAN_EAST_MAX} German corps set up east of Berlin's column: "
                   f"{data['corps']} do.")
    elif code == "near_forbidden_town":
        message = (f"{unit_title(unit)} may not set up in or next to Rava Ruska, Brody or "
                   f"Tarnopol ({th.where(at)}).")
    elif code == "guards_in_petrograd":
        locs = ["petrograd-box"]
        message = f"{unit_title(unit)} sets up in the Petrograd box."
    elif code == "not_eastern_population_centre":
        message = (f"{unit_title(unit)} sets up in a population centre in or east of Warsaw's "
                   f"column; {th.where(at)} is not one.")
    else:  # pragma: no cover - every code of setup_problems is described above
        message = f"{code} {data}"
    return {"rule": rule, "code": code, "units": units, "locations": locs, "message": message}


def setup_spots(th: Theatre, nation: str, *, secret: bool) -> list[dict[str, Any]]:
    """Where each unit may go by the rules that concern it alone (home country, Dijon, the
    Petrograd box, eastern population centres, away from the Galician towns), grouped:
    [{"units": [...], "locations": [...]}]. Counts (stacking, Liège, east of Berlin, two corps
    per French border hex) are judged over the whole placement by `setup_problems`."""
    units = setup_units(nation)
    home = sorted(home_locs(th, nation))
    groups: dict[tuple[str, ...], list[str]] = {}

    def put(uid: str, locs: list[str]) -> None:
        groups.setdefault(tuple(sorted(locs)), []).append(uid)

    for uid in units:
        u = UNITS[uid]
        if secret or not u.corps or nation == "germany":
            put(uid, home)
        elif nation == "france":
            dijon = th.place_loc.get("dijon")
            put(uid, [dijon] if u.place == "dijon" and dijon else french_zone(th))
        elif nation == "austria_hungary":
            banned = ah_forbidden(th)
            put(uid, [loc for loc in home if loc not in banned])
        elif nation == "russia":
            col = warsaw_column(th)
            put(uid, ["petrograd-box"] if u.place == "petrograd-box" else [
                loc for loc in home if loc not in th.boxes and th.is_pop(loc)
                and th.column[loc] >= col])
        else:
            put(uid, home)
    return [{"units": sorted(us), "locations": list(locs)} for locs, us in sorted(
        groups.items(), key=lambda kv: kv[1][0])]


def unit_sheet(nation: str, units: list[str] | None = None) -> list[dict[str, Any]]:
    """The set-up units of `nation` (or `units`) with what a player reads on the counters."""
    out = []
    for uid in setup_units(nation) if units is None else units:
        u = UNITS[uid]
        row: dict[str, Any] = {"id": uid, "kind": u.kind, "name": u.name, "title": unit_title(uid)}
        if u.kind == "leader":
            row.update(attack=u.attack, defense=u.defense)
        else:
            row.update(effectiveness=u.effectiveness, yellow=u.yellow, movement=u.movement)
        if u.kind == "tank":    # 1.321: attack (yellow) / defense - movement
            row.update(attack=u.attack, defense=u.defense)
        out.append(row)
    return out


def check_placement(th: Theatre, nation: str, placement: dict[str, str], *,
                    secret: bool) -> dict[str, Any]:
    """The set-up editor's question (an options query, never an answer): every problem of a
    placement that may be incomplete or wrong, in plain words, and whether it is complete.
    `legal` is exactly `setup_problems(...) == []`, the validator's test; the problems are
    those of `setup_problems` and its parts, found all at once rather than stopping at the
    first kind."""
    expected = setup_units(nation)
    known = {uid: loc for uid, loc in placement.items() if uid in expected}
    raw: list[dict[str, Any]] = []
    if sorted(placement) != expected:
        raw.append(_wrong_units(expected, placement))
    basic, counts = _basic_problems(th, nation, known)
    raw += basic
    if not secret:
        corps = {uid: loc for uid, loc in known.items() if UNITS[uid].corps
                 and loc in th.terrain and th.home.get(loc) == nation}
        raw += _scenario_problems(th, nation, corps, counts)
    legal = not setup_problems(th, nation, placement, secret=secret)
    assert legal == (not raw), (placement, raw)
    return {"placement": dict(sorted(known.items())),
            "complete": not set(expected) - set(placement),
            "legal": legal,
            "problems": [describe_problem(th, nation, p) for p in raw]}


# --- legal deployments ----------------------------------------------------------------------

def _fill(units: list[str], slots: list[str], th: Theatre, per_hex: int,
          counts: dict[str, int], placement: dict[str, str]) -> list[str]:
    """Place `units` round-robin over `slots`, at most `per_hex` corps per hex; returns the
    units that found no room."""
    left = []
    i = 0
    for uid in units:
        placed = False
        for _ in range(len(slots)):
            loc = slots[i % len(slots)]
            i += 1
            if counts.get(loc, 0) < min(per_hex, stack_limit({}, th, loc)):
                placement[uid] = loc
                counts[loc] = counts.get(loc, 0) + 1
                placed = True
                break
        if not placed:
            left.append(uid)
    return left


def _rotate(items: list[str], k: int) -> list[str]:
    if not items:
        return items
    k %= len(items)
    return items[k:] + items[:k]


def _enemy_distance_key(th: Theatre, enemies: tuple[str, ...]):
    frontier = [loc for loc in th.locs if th.home.get(loc) in enemies]
    dist = {loc: 0 for loc in frontier}
    while frontier:
        nxt = []
        for loc in frontier:
            for other in th.adj[loc]:
                if other not in dist:
                    dist[other] = dist[loc] + 1
                    nxt.append(other)
        frontier = sorted(nxt)
    return lambda loc: (dist.get(loc, 99), loc)


def deployment(th: Theatre, nation: str, variant: int, *, secret: bool) -> dict[str, str]:
    """A legal placement (variant 0, 1, 2 … differ in spread)."""
    units = setup_units(nation)
    corps = [u for u in units if UNITS[u].corps]
    leaders = [u for u in units if not UNITS[u].corps]
    placement: dict[str, str] = {}
    counts: dict[str, int] = {}
    home = [loc for loc in home_locs(th, nation) if loc not in th.boxes]
    per_hex = 3 + variant % 3
    if nation == "france":
        enemies: tuple[str, ...] = ("germany",)
    elif nation == "germany":
        enemies = ("france", "russia")
    elif nation == "austria_hungary":
        enemies = ("russia",)
    else:
        enemies = ("germany", "austria_hungary")
    key = _enemy_distance_key(th, enemies)
    if secret:
        slots = sorted(home, key=key)[:max(8, len(corps) // 2)]
        _fill(corps, _rotate(slots, variant), th, per_hex, counts, placement)
    elif nation == "france":
        dijon = th.place_loc["dijon"]
        fixed = [u for u in corps if UNITS[u].place == "dijon"]
        for uid in fixed:
            placement[uid] = dijon
            counts[dijon] = counts.get(dijon, 0) + 1
        rest = [u for u in corps if u not in fixed]
        border = french_border_hexes(th)
        need = []
        for loc in border:
            need += [loc] * FRENCH_BORDER_MIN
        for uid, loc in zip(rest, need, strict=False):
            placement[uid] = loc
            counts[loc] = counts.get(loc, 0) + 1
        rest = rest[len(need):]
        zone = sorted(french_zone(th), key=key)
        _fill(rest, _rotate(zone, variant), th, per_hex, counts, placement)
    elif nation == "germany":
        near = near_liege(th)
        first = corps[:liege_requirement(th) + variant % 3]
        _fill(first, near, th, 6, counts, placement)
        rest = [u for u in corps if u not in placement]
        col = berlin_column(th)
        east_units = rest[:GERMAN_EAST_MAX - variant % 2]
        east = sorted((loc for loc in home if th.column[loc] > col), key=key)
        _fill(east_units, _rotate(east[:12], variant), th, per_hex, counts, placement)
        rest = [u for u in corps if u not in placement]
        west = sorted((loc for loc in home if th.column[loc] <= col), key=key)
        _fill(rest, _rotate(west[:30], variant), th, per_hex, counts, placement)
    elif nation == "austria_hungary":
        banned = ah_forbidden(th)
        slots = sorted((loc for loc in home if loc not in banned), key=key)
        _fill(corps, _rotate(slots[:20], variant), th, per_hex, counts, placement)
    else:
        col = warsaw_column(th)
        guards = [u for u in corps if UNITS[u].place == "petrograd-box"]
        for uid in guards:
            placement[uid] = "petrograd-box"
            counts["petrograd-box"] = counts.get("petrograd-box", 0) + 1
        rest = [u for u in corps if u not in guards]
        slots = sorted((loc for loc in home if th.is_pop(loc) and th.column[loc] >= col), key=key)
        _fill(rest, _rotate(slots[:24], variant), th, per_hex, counts, placement)
    for uid in leaders:
        occupied = sorted(loc for loc, n in counts.items() if n and loc not in th.boxes)
        placement[uid] = occupied[variant % len(occupied)]
    return dict(sorted(placement.items()))


def deployments(th: Theatre, nation: str, *, secret: bool, count: int = 3) -> list[dict[str, str]]:
    out = []
    for variant in range(count):
        placement = deployment(th, nation, variant, secret=secret)
        if not setup_problems(th, nation, placement, secret=secret) and placement not in out:
            out.append(placement)
    return out


def place(state: dict[str, Any], placement: dict[str, str],
          entrenched: Any = ()) -> None:
    """Put a set-up on the map, in maneuver mode unless named entrenched (12.4)."""
    for uid, loc in sorted(placement.items()):
        mode = ENTRENCHED if uid in entrenched else MANEUVER
        state["board"]["units"][uid] = {"at": loc, "mode": mode}


SETUP_ORDER = ((ENTENTE, ("france", "russia")), (CENTRAL, ("austria_hungary", "germany")))
