"""Phase 4.2 naval movement for every nation at once, and the `naval` orders (version 3).

Ships are counts by type per sea zone (`secret.<nation>.fleets.<zone>`). A naval order moves
ships of one zone as one task force under **one mission for the turn** (rulings 71, 73):

    {"from": "skagerrak", "path": ["north-sea"], "units": {"battleship": 2, "cruiser": 1},
     "mission": "patrol"}
    {"from": "english-channel", "path": [], "units": {"transport": 2}, "mission": "transport",
     "carry": {"from": "london", "to": "normandy", "units": {"infantry": 4}}}

- `path`: the sea zones entered in turn (empty: stay), at most the slowest ship's movement
  points, along sea edges; a gated passage must be open to the mover (`passable`), and not
  closed to it by its holder (Phase 1.4, straits.py).
- `mission`: `patrol` (warships only: aggressive), `move` (any ships: defensive, tries to slip
  through), `transport` (transports only, loaded: `carry` takes land units from a territory on
  the coast of `from` to a territory on the coast of the last zone; capacity 2 troop points a
  transport, infantry 1, the others 2). A coast the mover's side does not hold is a naval
  invasion (`invasions.py`, Phase 4.6.1). `bombard` (4.2.3; rulings 80–84: warships with at
  least one undamaged battleship; aggressive): `target` names a territory on the coast of the
  last zone, held by a nation at war with the mover (or declared on in the same orders); its
  battleships fire their shore-bombardment value in every round of a landing of the mover's
  side there (Phase 4.6.1), and in round 1 of a sea battle fire at ships at 25 %:

    {"from": "north-sea", "path": ["skagerrak"], "units": {"battleship": 1, "cruiser": 1},
     "mission": "bombard", "target": "bremen"}
- `escort` (4.2.2, ruling 85): undamaged warships ending where a `transport` or `move` task
  force of the same orders ends protect it — defensive until an aggressive enemy task force is
  in the zone, then aggressive; in round 1 an enemy that finds the escorted ships but misses
  the escorts meets their interception and, found, their free round (`naval_combat.engage`):

    {"from": "english-channel", "path": ["bay-of-biscay"], "units": {"cruiser": 1},
     "mission": "escort"}
- `blockade` (4.2.6, rulings 97–104, version 5): undamaged warships, aggressive, holding the
  zone they end in; with a blockade declared in the same orders (`us_trade.py`, 1.4) they cut
  the receiver's US trade while they stay afloat there:

    {"from": "north-sea", "path": ["skagerrak"], "units": {"cruiser": 2}, "mission": "blockade"}
- Ships without orders stay; in friendly waters (a zone on the coast of a port of the nation's
  side) they lie docked (defensive, but aggressive against an invasion force: ruling 78),
  elsewhere they patrol.

Resolution (`naval_phase`, before land movement): the cargo embarks (before any land attack on
its territory), every task force arrives at its last zone at once — there is no tick-by-tick
interception on the way (ruling 71) — then each zone where Central and Allied ships meet fights
one sea battle (`naval_combat.py`), and the cargo of the surviving transports lands — or, on a
coast held by a nation at war with it, is handed to Phase 4.6 as an invasion; the undamaged
battleships left in each bombarding task force are handed to Phase 4.6 as its bombardment.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from engine.kernel import Event, IllegalAction, MalformedAction, Roller

from . import invasions, straits, submarines
from . import naval_combat as NC
from .nations import MAIN_WAR, NATIONS
from .stacks import add, claim, take
from .units import (
    CARGO_POINTS,
    DETECTION,
    SHIPS,
    SHORE_BOMBARDMENT,
    TRANSPORT_CAPACITY,
    cargo_points,
)
from .war import allied, at_war, controller, side
from .world import world

State = dict[str, Any]
RULE = "TWTEAW 4.2"
MISSIONS = ("patrol", "move", "transport", "bombard", "escort", "blockade", "intercept", "hunt")
ESCORTED = ("transport", "move")        # the missions an escort protects (4.2.2, ruling 85)
_KEYS = {"from", "path", "units", "mission"}


def _refuse(code: str, data: dict[str, Any], message: str, rule: str = RULE) -> IllegalAction:
    return IllegalAction(rule, code, data, message)


def _counts(value: Any, what: str) -> dict[str, int]:
    if not isinstance(value, dict) or not value:
        raise MalformedAction(f"{what} is an object of unit counts")
    out = {}
    for t, n in sorted(value.items()):
        if not isinstance(t, str) or not t or not isinstance(n, int) or isinstance(n, bool) or n < 1:
            raise MalformedAction(f"{what} counts are whole numbers ≥ 1 by unit type")
        out[t] = n
    return out


def normalise(rows: list[Any]) -> list[dict[str, Any]]:
    out = []
    for row in rows:
        if not isinstance(row, dict) or not _KEYS <= set(row) or set(row) - _KEYS - {"carry", "target"}:
            raise MalformedAction('a naval order is {"from", "path", "units", "mission"[, "carry"][, "target"]}')
        if not isinstance(row["from"], str) or not isinstance(row["path"], list) \
                or not all(isinstance(z, str) for z in row["path"]) or not isinstance(row["mission"], str):
            raise MalformedAction("naval.from and naval.mission are strings, naval.path a list of sea zones")
        order: dict[str, Any] = {"from": row["from"], "path": list(row["path"]),
                                 "units": _counts(row["units"], "naval.units"), "mission": row["mission"]}
        if "carry" in row:
            carry = row["carry"]
            if not isinstance(carry, dict) or set(carry) != {"from", "to", "units"} \
                    or not isinstance(carry["from"], str) or not isinstance(carry["to"], str):
                raise MalformedAction('naval.carry is {"from", "to", "units"}')
            order["carry"] = {"from": carry["from"], "to": carry["to"],
                              "units": _counts(carry["units"], "naval.carry.units")}
        if "target" in row:
            if not isinstance(row["target"], str):
                raise MalformedAction("naval.target is a territory id")
            order["target"] = row["target"]
        out.append(order)
    return sorted(out, key=lambda o: (o["from"], o["path"], o["mission"], sorted(o["units"].items()),
                                      o.get("target", "")))


def sea_neighbours(zone: str) -> dict[str, list[dict[str, Any]]]:
    """The sea zones next to `zone`, each with the gates of the edge (empty: open water)."""
    w = world()
    return dict(w.sea_links.get(zone, {}))


def passable(state: State, nation: str, gates: list[dict[str, Any]], submerged: bool = False) -> bool:
    """May the nation's surface ships pass a gated passage (TWTEAW map passages)? Through any
    one of its gates not closed to the nation by its holder (Phase 1.4, straits.py): `closable`
    is open; `holder_only` is open to the holder's side; `closed_while_neutral` is closed while
    its holder is neutral, else open."""
    if not gates:
        return True
    for gate in gates:
        if straits.closed_to(state, straits.passage_of(gate), nation, submerged):
            continue
        holders = [controller(state, a) for a in gate["by"]]
        if gate["rule"] == "closable":
            return True
        if gate["rule"] == "holder_only" and all(allied(state, nation, h) for h in holders):
            return True
        if gate["rule"] == "closed_while_neutral" and all(side(state, h) in MAIN_WAR for h in holders):
            return True
    return False


def barred(state: State, nation: str, row: dict[str, Any]) -> int | None:
    """How many legs of the order's path the ships sail before a passage closed to them (None:
    the whole path). A closure declared this turn was secret when the order was written."""
    at = row["from"]
    submerged = all(SHIPS[t].submarine for t in row["units"])
    for i, nxt in enumerate(row["path"]):
        if not passable(state, nation, sea_neighbours(at).get(nxt, []), submerged):
            return i
        at = nxt
    return None


def friendly_waters(state: State, nation: str, zone: str) -> bool:
    """A zone on the coast of a port held by the nation or an ally."""
    w = world()
    return any(w.areas[a].port and allied(state, nation, controller(state, a))
               for a in w.coasts.get(zone, ()))


def check(state: State, nation: str, rows: list[dict[str, Any]],
          used_land: dict[tuple[str, str], int], declared: Collection[str] = ()) -> None:
    """Refuse the first illegal naval order (rule cited); `used_land` counts land units already
    ordered to move, shared with the land and rail moves; `declared`, the nations the order
    set declares war on (an invasion of their coasts is legal)."""
    w = world()
    fleets = state["secret"][nation].get("fleets", {})
    used: dict[tuple[str, str], int] = {}
    for row in rows:
        frm = row["from"]
        here = fleets.get(frm, {})
        if frm not in w.areas or w.areas[frm].kind != "sea" or not here:
            raise _refuse("no_ships", {"from": frm}, f"You have no ships in {frm!r}.")
        if row["mission"] not in MISSIONS:
            raise _refuse("no_such_mission", {"mission": row["mission"]},
                          f"A task force's mission is one of {', '.join(MISSIONS)}.", "TWTEAW 4.2")
        for ship, n in row["units"].items():
            if ship not in SHIPS:
                raise _refuse("not_a_ship", {"unit": ship}, f"{ship!r} is not a ship.")
            if claim(used, frm, ship, n) > here.get(ship, 0):
                raise _refuse("not_enough_ships", {"from": frm, "unit": ship},
                              f"You have {here.get(ship, 0)} {SHIPS[ship].title.lower()} in "
                              f"{w.areas[frm].name} (a ship takes one mission a turn).")
        _check_mission(row)
        speed = min(SHIPS[t].move for t in row["units"])
        if len(row["path"]) > speed:
            raise _refuse("too_far", {"from": frm, "moves": speed},
                          f"These ships move at most {speed} sea zones a turn.")
        at = frm
        submerged = all(SHIPS[t].submarine for t in row["units"])
        for nxt in row["path"]:
            links = sea_neighbours(at)
            if nxt not in links:
                raise _refuse("not_adjacent", {"from": at, "to": nxt},
                              f"{nxt!r} is not a sea zone next to {w.areas[at].name}.")
            shut = [straits.passage_of(g) for g in links[nxt]
                    if straits.closed_to(state, straits.passage_of(g), nation, submerged)]
            if shut and not passable(state, nation, links[nxt], submerged):
                raise _refuse("strait_closed", {"from": at, "to": nxt, "passage": shut[0]},
                              f"{straits.TITLES[str(shut[0])].capitalize()} is closed to your "
                              "ships by its holder.", straits.RULE)
            if not passable(state, nation, links[nxt], submerged):
                raise _refuse("passage_closed", {"from": at, "to": nxt},
                              f"The passage from {w.areas[at].name} to {w.areas[nxt].name} is "
                              "closed to your ships.", "TWTEAW map passages")
            at = nxt
        if "carry" in row:
            _check_carry(state, nation, row, at, used_land, declared)
        if "target" in row:
            _check_target(state, nation, row["target"], at, declared)
    _check_escorts(rows)


def last_zone(row: dict[str, Any]) -> str:
    return str(row["path"][-1] if row["path"] else row["from"])


def _check_escorts(rows: list[dict[str, Any]]) -> None:
    """An escort ends its move where a transport or move task force of the same orders ends
    (4.2.2, ruling 85): those are the ships it protects."""
    guarded = {last_zone(r) for r in rows if r["mission"] in ESCORTED}
    for row in rows:
        if row["mission"] == "escort" and last_zone(row) not in guarded:
            w = world()
            raise _refuse("escort_nothing", {"zone": last_zone(row)},
                          f"An escort protects your transport or move task forces ending in the same "
                          f"zone, and none ends in {w.areas[last_zone(row)].name}.", "TWTEAW 4.2.2")


def _check_mission(row: dict[str, Any]) -> None:
    mission, ships = row["mission"], row["units"]
    subs = [t for t in ships if SHIPS[t].submarine]
    if subs and len(subs) != len(ships):
        raise _refuse("submarines_apart", {"units": ships},
                      "Submarines sail in task forces of their own (no surface ships with them).",
                      "TWTEAW 4.2")
    if subs and mission not in submarines.MISSIONS:
        raise _refuse("submarine_mission", {"mission": mission},
                      f"Submarines take one of the missions {', '.join(submarines.MISSIONS)}.",
                      "TWTEAW 4.2")
    if mission == "intercept" and not subs:
        raise _refuse("intercept_submarines_only", {"units": ships},
                      "Only submarines intercept.", submarines.RULE_INTERCEPTION)
    if mission == "hunt":
        if row["path"]:
            raise _refuse("hunt_stays", {"path": row["path"]},
                          "Searchers stay in their zone to hunt submarines (an empty route).",
                          submarines.RULE_DETECTION)
        if not all(t in DETECTION for t in ships):
            raise _refuse("hunt_who", {"units": ships},
                          "Undamaged battleships, cruisers and submarines hunt submarines.",
                          submarines.RULE_DETECTION)
    if mission == "patrol" and not all(SHIPS[t].warship for t in ships):
        raise _refuse("patrol_warships_only", {"units": ships},
                      "Only undamaged warships patrol (no transports, no damaged battleships).",
                      "TWTEAW 4.2")
    if mission == "transport" and (set(ships) != {"transport"} or "carry" not in row):
        raise _refuse("transport_loaded_only", {"units": ships},
                      "A transport mission is loaded transports only (give its cargo).", "TWTEAW 4.2")
    if mission != "transport" and "carry" in row:
        raise _refuse("cargo_without_transport", {"mission": mission},
                      "Only a transport mission carries troops.", "TWTEAW 4.2")
    if mission == "escort" and not all(SHIPS[t].warship for t in ships):
        raise _refuse("escort_warships_only", {"units": ships},
                      "Only undamaged warships (battleships, cruisers) escort.", "TWTEAW 4.2.2")
    if mission == "blockade" and not all(SHIPS[t].warship for t in ships):
        raise _refuse("blockade_warships_only", {"units": ships},
                      "Only undamaged warships (battleships, cruisers) hold a blockade.", "TWTEAW 4.2.6")
    if mission == "bombard":
        if not all(SHIPS[t].warship for t in ships) or not any(t in SHORE_BOMBARDMENT for t in ships):
            raise _refuse("bombard_needs_battleship", {"units": ships},
                          "A shore bombardment needs at least one undamaged battleship, with only "
                          "undamaged warships beside it (no transports).", "TWTEAW 4.2.3")
        if "target" not in row:
            raise _refuse("bombard_without_target", {"mission": mission},
                          "Name the coastal territory the battleships shell (target).", "TWTEAW 4.2.3")
    elif "target" in row:
        raise _refuse("target_without_bombardment", {"mission": mission},
                      "Only a shore bombardment mission has a target.", "TWTEAW 4.2.3")


def _check_target(state: State, nation: str, target: str, last: str, declared: Collection[str]) -> None:
    """A bombardment shells a territory on the coast of its last zone, held by a nation at war
    with the mover or declared on in the same orders (ruling 81)."""
    w = world()
    if target not in w.coasts.get(last, ()) or w.areas[target].kind != "land":
        raise _refuse("bombard_where", {"target": target, "zone": last},
                      f"Battleships shell a territory on the coast of {w.areas[last].name}.",
                      "TWTEAW 4.2.3")
    holder = controller(state, target)
    if allied(state, nation, holder):
        raise _refuse("bombard_own_side", {"target": target},
                      f"{w.areas[target].name} is your side's: battleships shell an enemy coast "
                      "to support a landing there.", "TWTEAW 4.2.3")
    if not at_war(state, nation, holder) and holder not in declared:
        raise _refuse("undeclared", {"target": target, "nation": holder},
                      f"{w.areas[target].name} belongs to {NATIONS[holder].title}: declare war on "
                      "it first (in this turn's orders) to shell it.", "TWTEAW 1.1")


def _check_carry(state: State, nation: str, row: dict[str, Any], last: str,
                 used_land: dict[tuple[str, str], int], declared: Collection[str]) -> None:
    w = world()
    carry = row["carry"]
    src, dst = carry["from"], carry["to"]
    if src not in w.coasts.get(row["from"], ()) or w.areas[src].kind != "land":
        raise _refuse("load_where", {"from": src, "zone": row["from"]},
                      f"Troops embark from a territory on the coast of {w.areas[row['from']].name}.")
    here = state["secret"][nation]["units"].get(src, {})
    for unit, n in carry["units"].items():
        if unit not in CARGO_POINTS:
            raise _refuse("not_cargo", {"unit": unit}, f"{unit!r} cannot be carried.")
        if claim(used_land, src, unit, n) > here.get(unit, 0):
            raise _refuse("not_enough_units", {"from": src, "unit": unit},
                          f"You have {here.get(unit, 0)} {unit} in {w.areas[src].name} to embark "
                          "(a unit that moves by land or rail cannot also sail).", "TWTEAW 4.4")
    capacity = TRANSPORT_CAPACITY * row["units"]["transport"]
    if cargo_points(carry["units"]) > capacity:
        raise _refuse("over_capacity", {"capacity": capacity},
                      f"{row['units']['transport']} transports carry {capacity} troop points "
                      "(infantry 1, any other unit 2).")
    if dst not in w.coasts.get(last, ()) or w.areas[dst].kind != "land":
        raise _refuse("land_where", {"to": dst, "zone": last},
                      f"Troops land on a territory on the coast of {w.areas[last].name}.")
    invasions.check(state, nation, dst, carry["units"], declared)


# --- resolution -------------------------------------------------------------------------------

def _take_ships(state: State, nation: str, zone: str, ships: dict[str, int]) -> dict[str, int]:
    fleet = state["secret"][nation]["fleets"].get(zone, {})
    got = {t: min(n, fleet.get(t, 0)) for t, n in ships.items()}
    for t, n in got.items():
        if n:
            fleet[t] -= n
            if not fleet[t]:
                del fleet[t]
    if not fleet:
        state["secret"][nation]["fleets"].pop(zone, None)
    return {t: n for t, n in got.items() if n}


def _add_ships(state: State, nation: str, zone: str, ships: dict[str, int]) -> None:
    if not any(ships.values()):
        return
    fleet = state["secret"][nation]["fleets"].setdefault(zone, {})
    for t, n in ships.items():
        if n:
            fleet[t] = fleet.get(t, 0) + n
    state["secret"][nation]["fleets"][zone] = dict(sorted(fleet.items()))


def _embark(state: State, nation: str, carry: dict[str, Any], capacity: int) -> dict[str, int]:
    here = state["secret"][nation]["units"].get(carry["from"], {})
    got: dict[str, int] = {}
    if not allied(state, nation, controller(state, carry["from"])):
        return got
    for unit, n in sorted(carry["units"].items(), key=lambda kv: CARGO_POINTS[kv[0]]):
        k = min(n, here.get(unit, 0), (capacity - cargo_points(got)) // CARGO_POINTS[unit])
        if k > 0:
            take(state, nation, carry["from"], unit, k)
            got[unit] = k
    return got


def naval_phase(state: State, orders: dict[str, dict[str, Any]], roller: Roller,
                landings: list[tuple[str, dict[str, Any]]] | None = None,
                bombardments: list[dict[str, Any]] | None = None,
                blockaders: list[dict[str, Any]] | None = None) -> list[Event]:
    """Phase 4.2/4.3; the invasions that reach their coast are added to `landings` (nation,
    attack from the sea) for Phase 4.6, the bombarding battleships still undamaged to
    `bombardments` ({"nation", "zone", "target", "battleships"}), and the blockading task
    forces still afloat to `blockaders` ({"nation", "zone", "ships"}: 4.2.6)."""
    forces: list[NC.TaskForce] = []
    events: list[Event] = []
    for nation in sorted(orders):
        for row in orders[nation].get("naval", []):
            stop = barred(state, nation, row)
            if stop is not None:      # closed in this turn's Phase 1.4 (ruling 109)
                at = ([row["from"], *row["path"]])[stop]
                events.append(Event("passage_barred", straits.RULE,
                                    {"nation": nation, "from": row["from"], "at": at,
                                     "to": row["path"][stop]}, audience=f"seat:{nation}"))
                row = {k: v for k, v in row.items() if k not in ("carry", "target")} | {"path": row["path"][:stop]}
            ships = _take_ships(state, nation, row["from"], row["units"])
            if not ships:
                continue
            tf = NC.TaskForce(nation, row["path"][-1] if row["path"] else row["from"], ships,
                              row["mission"], row["from"])
            if "carry" in row:
                units = _embark(state, nation, row["carry"], TRANSPORT_CAPACITY * ships.get("transport", 0))
                tf.cargo = {**row["carry"], "units": units}
                tf.invading = invasions.is_invasion(state, nation, row["carry"]["to"])
            tf.target = row.get("target")
            forces.append(tf)
    for nation in sorted(state["secret"]):
        for zone, fleet in sorted(state["secret"][nation].get("fleets", {}).items()):
            surface = {t: n for t, n in fleet.items() if not SHIPS[t].submarine}
            below = {t: n for t, n in fleet.items() if SHIPS[t].submarine}
            if surface:
                mission = "dock" if friendly_waters(state, nation, zone) else "patrol"
                forces.append(NC.TaskForce(nation, zone, surface, mission, zone))
            if below:           # submarines without orders lie submerged (ruling 160)
                forces.append(NC.TaskForce(nation, zone, below, "dive", zone))
        state["secret"][nation]["fleets"] = {}
    zones = sorted({tf.zone for tf in forces})
    for zone in zones:                                  # 4.2.9, then 4.2.10 (ruling 164)
        events += submarines.hunt(state, zone, forces, roller)
    for zone in zones:
        events += submarines.intercept(state, zone, forces, roller)
    for zone in zones:
        events += _battle(state, zone, [tf for tf in forces if tf.zone == zone], roller)
    for tf in forces:
        _add_ships(state, tf.nation, tf.zone, tf.ships)
        if tf.cargo is not None:
            events += _land(state, tf, landings if landings is not None else [])
        if tf.target is not None and bombardments is not None:
            guns = sum(tf.ships.get(t, 0) for t in SHORE_BOMBARDMENT)
            if guns:
                bombardments.append({"nation": tf.nation, "zone": tf.zone, "target": tf.target,
                                     "battleships": guns})
        if tf.mission == "blockade" and tf.size() and blockaders is not None:
            blockaders.append({"nation": tf.nation, "zone": tf.zone, "ships": dict(tf.ships)})
    return events


def _camps(state: State, here: list[NC.TaskForce]) -> dict[str, list[NC.TaskForce]]:
    camps: dict[str, list[NC.TaskForce]] = {}
    for tf in here:
        camp = side(state, tf.nation)
        if camp in MAIN_WAR and tf.size() and not tf.submerged():
            camps.setdefault(camp, []).append(tf)
    return camps


def _battle(state: State, zone: str, here: list[NC.TaskForce], roller: Roller) -> list[Event]:
    camps = _camps(state, here)
    if len(camps) < 2 or not any(at_war(state, a.nation, b.nation)
                                 for a in camps[MAIN_WAR[0]] for b in camps[MAIN_WAR[1]]):
        return []
    for name, camp in camps.items():
        if any(tf.invading for other, c in camps.items() if other != name for tf in c):
            for tf in camp:
                tf.hunts_invaders = True
    threatened = [name for name, camp in camps.items()
                  if any(tf.aggressive() for other, c in camps.items() if other != name for tf in c)]
    for name in threatened:
        for tf in camps[name]:
            tf.endangered = tf.mission == "escort"
    if not any(tf.aggressive() for c in camps.values() for tf in c):
        return []
    rounds = NC.fight(roller, zone, camps)
    if not rounds:
        return []
    nations = sorted({tf.nation for c in camps.values() for tf in c})
    losses: dict[str, dict[str, dict[str, int]]] = {}
    for c in camps.values():
        for tf in c:
            rec = losses.setdefault(tf.nation, {"damaged": {}, "sunk": {}})
            for kind, n in tf.lost.items():
                key, ship = ("damaged", "battleship") if kind == "battleship" else \
                    ("sunk", "battleship" if kind == "damaged_battleship" else kind)
                rec[key][ship] = rec[key].get(ship, 0) + n
    out = [Event("naval_battle", NC.RULE, {"zone": zone, "nations": nations, "rounds": rounds})]
    for nation in nations:
        out.append(Event("naval_battle_report", NC.RULE,
                         {"zone": zone, "rounds": rounds, "losses": losses, "nation": nation},
                         audience=f"seat:{nation}"))
    return out


def _land(state: State, tf: NC.TaskForce, landings: list[tuple[str, dict[str, Any]]]) -> list[Event]:
    """The cargo of the transports still afloat lands, or invades (`invasions.fate`); the rest
    went down with its ships."""
    assert tf.cargo is not None
    capacity = TRANSPORT_CAPACITY * tf.ships.get("transport", 0)
    units: dict[str, int] = tf.cargo["units"]
    kept: dict[str, int] = {}
    for unit, n in sorted(units.items(), key=lambda kv: CARGO_POINTS[kv[0]]):
        k = min(n, (capacity - cargo_points(kept)) // CARGO_POINTS[unit])
        if k > 0:
            kept[unit] = k
    lost = {u: n - kept.get(u, 0) for u, n in units.items() if n - kept.get(u, 0)}
    if lost:
        state["board"]["manpower_lost"][tf.nation] += lost.get("infantry", 0)
    if kept and invasions.fate(state, tf.nation, tf.cargo["to"]) == "invade":
        landings.append((tf.nation, invasions.attack_from_sea(tf.zone, tf.cargo["to"], kept)))
        return [Event("invading", invasions.RULE, {"nation": tf.nation, "zone": tf.zone,
                                                   "at": tf.cargo["to"], "units": kept, "lost": lost},
                      audience=f"seat:{tf.nation}")]
    where = next((a for a in (tf.cargo["to"], tf.cargo["from"])
                  if allied(state, tf.nation, controller(state, a))), None)
    if where is None:
        state["board"]["manpower_lost"][tf.nation] += kept.get("infantry", 0)
        lost, kept = units, {}
    for unit, n in kept.items():
        add(state, tf.nation, str(where), unit, n)
    return [Event("landed", RULE, {"nation": tf.nation, "zone": tf.zone, "at": where,
                                   "units": kept, "lost": lost}, audience=f"seat:{tf.nation}")]
