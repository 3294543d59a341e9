"""The land units of the playable core (TWTEAW "Units" and Phase 3.1).

The rulebook prints full figures only for AA guns, rockets and carriers; the rest are on a
"Units and Technology" page it does not include. Attack and defence below are the baseline the
digest derives from the worked examples (Best Army: infantry 3/5, artillery 6/2; tanks 6/1);
the costs of infantry, artillery and tanks are **authored** (docs/rules/twteaw.md). Ships
(`SHIPS`, version 3): attack, defence, hits and the cruiser's three movement points as the
digest derives them; the battleship's and transport's movement and every ship's cost are
authored (ruling 70). Aircraft and AA guns (version 7, `air.py`): the AA gun's cost and
figures are printed; the fighter's 2/2 and fuel 3 and the bomber's 4/1 are the digest's
derivation; both aircraft costs and the bomber's fuel are authored (ruling 113).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class UnitType:
    title: str
    cost: int
    attack: int
    defence: int
    captures: bool       # only infantry and tanks take territory (Phase 4.4)
    advances: bool       # may move into enemy territory (artillery, AA and rockets may not)
    cost_source: str
    fuel: int = 0        # aircraft: fuel a turn (1 a land territory entered, 2 a sea zone)
    air: bool = False    # flies by air orders (`air.py`), never by land moves or rail


UNITS: dict[str, UnitType] = {
    "infantry": UnitType("Infantry", 5, 3, 5, True, True, "authored"),
    "artillery": UnitType("Artillery", 8, 6, 2, False, False, "authored"),
    "tank": UnitType("Tank", 12, 6, 1, True, True, "authored"),
    # "Units: AA gun": cost 3, defence 1 (its one shot at attacking aircraft), move 1; it
    # cannot attack or advance into enemy land
    "aa": UnitType("AA gun", 3, 0, 1, False, False, "printed"),
    "fighter": UnitType("Fighter", 15, 2, 2, False, True, "authored", fuel=3, air=True),
    "bomber": UnitType("Bomber", 20, 4, 1, False, True, "authored", fuel=4, air=True),
}
LAND_TYPES = ("infantry", "artillery", "tank")   # the casualties order must list these
AIR_TYPES = ("fighter", "bomber")
COMBAT_TYPES = (*LAND_TYPES, "aa", *AIR_TYPES)   # the default order casualties are taken in
# "Units: Bombers": at the start only Italy has the bomber technology (research is not built)
BOMBER_NATIONS = frozenset({"italy"})
INFANTRY_SURCHARGE = 5               # Phase 7 rule 3: infantry placed outside a city
ARTILLERY_CITY_SURCHARGE = 10        # Phase 7 rule 5: artillery placed in a city without an IC
LONE_ARTILLERY_DEFENCE = 1           # artillery alone (no infantry or tanks) defends at 1
SWISS_INFANTRY_DEFENCE = 8           # "Switzerland": infantry defends at 8
MOUNTAIN_INFANTRY_DEFENCE = 7        # "Afghanistan", "Tibet": infantry defends at 7
GIBRALTAR_INFANTRY_DICE = 3          # "Gibraltar": each defending infantry rolls three dice
STRAIT_PENALTY = {"infantry": 2, "artillery": 2}   # "Straits": only these may attack across
CITY_DEFENCE = 1                     # "Cities": defends at 1, never a casualty
IC_DEFENCE = 1                       # "Industrial complexes": 1, only when ordered to defend
VIRTUAL_DEFENCE = 1                  # the strait's virtual coastal defender


@dataclass(frozen=True, slots=True)
class ShipType:
    title: str
    cost: int            # authored (ruling 70); ships are not on the purchase list yet
    attack: int
    defence: int
    move: int            # movement points: sea zones a turn
    aggressive: int      # Phase 4.2 contact factor (a D10 at or under it), 0: none
    evasion: int         # Phase 4.2 defensive factor it imposes on enemy hunters
    warship: bool        # may patrol (surface combat ships)
    submarine: bool = False   # submerged: no band, no surface battle, its own missions (4.2.9/10)


# A battleship takes two hits (TWTEAW "Units: Battleship"): the first leaves it a
# `damaged_battleship` (attack 0, cannot act aggressively), the second sinks it.
SHIPS: dict[str, ShipType] = {
    "battleship": ShipType("Battleship", 40, 7, 7, 2, 3, 1, True),
    "damaged_battleship": ShipType("Battleship (damaged)", 0, 0, 7, 2, 0, 1, False),
    "cruiser": ShipType("Cruiser", 15, 4, 3, 3, 5, 2, True),
    "transport": ShipType("Transport", 10, 0, 1, 2, 0, 0, False),
    # "Units: Submarines" (version 14, rulings 159–): attack 2, defence 2 (used only when
    # detected, 4.2.9), contact 1–2 and −1 as the digest derives them; its two movement points
    # and its cost authored like the battleship's (ruling 159). Not a warship: it never
    # patrols, escorts, blockades or bombards.
    "submarine": ShipType("Submarine", 20, 2, 2, 2, 2, 1, False, submarine=True),
}
SUBMARINES = frozenset(t for t, s in SHIPS.items() if s.submarine)
# 4.2.9 "Submarine Detection Capability": a searcher finds enemy submarines on a D10 at or
# under its figure (printed: submarine 1, battleship 3, destroyer 5 — the game's cruiser
# counter is its destroyer, ruling 69; the aircraft's 2 and 3 wait for planes at sea).
DETECTION = {"submarine": 1, "battleship": 3, "cruiser": 5}
# Shore bombardment (TWTEAW "Units: Battleship", 4.2.3, 4.6.1; ruling 80): a battleship's
# bombardment rating, a second figure beside its attack on the missing units page: authored.
SHORE_BOMBARDMENT = {"battleship": 4}
BOMBARD_FIRST_ROUND_PERCENT = 25     # 4.2.3: a bombarding battleship's fire at ships in round 1
TRANSPORT_CAPACITY = 2               # troop points a transport carries: infantry 1, the others 2
CARGO_POINTS = {"infantry": 1, "artillery": 2, "tank": 2}


def cargo_points(units: dict[str, int]) -> int:
    return sum(CARGO_POINTS[t] * n for t, n in units.items())


def casualty_order(order: list[str]) -> list[str]:
    """A nation's casualties order completed: the types it did not list (AA guns, aircraft)
    follow in the default order (ruling 118)."""
    return [*order, *(t for t in COMBAT_TYPES if t not in order)]


def stack_size(units: dict[str, int]) -> int:
    return sum(units.values())
