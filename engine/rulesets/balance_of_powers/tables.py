"""Balance of Powers: the rulebook's tables as data (no logic here).

Every table names its section. Values the rulebook does not print are marked "authored" and
explained in docs/rules/balance_of_powers.md.
"""

from __future__ import annotations

CENTRAL, ENTENTE = "central", "entente"
SIDES = (CENTRAL, ENTENTE)

MAJORS = ("austria_hungary", "britain", "france", "germany", "russia")
MINORS = ("belgium", "denmark", "luxembourg", "netherlands", "switzerland")
NATIONS = MAJORS + MINORS

# Who starts at war on which side (BoP 12.1 starting alliances); Britain and the minors start
# neutral (side None) and join by 6.11 / 6.123.
START_SIDE = {"germany": CENTRAL, "austria_hungary": CENTRAL, "france": ENTENTE,
              "russia": ENTENTE, "britain": None, "belgium": None, "denmark": None,
              "luxembourg": None, "netherlands": None, "switzerland": None}

# BoP 12.1 starting RP, TI and demoralization; Britain's 5 RP when it joins (12.1 Britain).
START_RP = {"austria_hungary": 3, "germany": 8, "france": 4, "russia": 5, "britain": 5}
START_TI = {CENTRAL: 0, ENTENTE: 0}

# BoP 5.21 seasonal RP: (first season at war, other seasons, conquered).
RP_INCOME = {"austria_hungary": (6, 12, 3), "britain": (11, 22, 5), "france": (8, 16, 4),
             "germany": (16, 32, 8), "russia": (8, 16, 4)}
RUSSIA_STRAITS_BONUS = 3  # BoP 5.21: +3 while the Ottomans are neutral (always so in 12.1)

# BoP 9.24 corps per nation per fortnight by rail (Europe maps).
RAIL_CAP = {"austria_hungary": 3, "britain": 3, "france": 4, "germany": 5, "russia": 4}
RAIL_HEXES_PER_MP = 18  # BoP 9.23
RAIL_MAX_MP = 3          # BoP 9.23

# BoP 2.62 / Terrain Effects Chart: stacking.
STACK_CORPS = 6
STACK_CORPS_BARE_MARSH = 1

# Terrain Effects Chart (1.22): physical map class -> BoP terrain.
TERRAIN_OF_CLASS = {"clear": "open", "hills": "open", "forest": "forest", "mountain": "mountain",
                    "marsh": "marsh", "desert": "desert", "lake": "open", "sea": "water"}
ARMP_TERRAIN = frozenset({"forest", "marsh", "mountain"})        # BoP 9.13
COMBAT_TERRAIN = {"mountain": -2, "marsh": -1}                   # BoP 10.562, 10.563
RIVER_MODIFIER = -1                                              # BoP 10.564

# BoP 10.55 odds: attacker corps : defender corps + fortress steps.
def odds_modifier(attackers: int, defenders: int) -> int:
    """BoP 10.55 — ≤ 1:2 → −2; > 1:2 and < 3:1 → 0; 3:1 to < 5:1 → +1; ≥ 5:1 → +2."""
    if defenders <= 0:
        return 2
    if 2 * attackers <= defenders:
        return -2
    if attackers < 3 * defenders:
        return 0
    if attackers < 5 * defenders:
        return 1
    return 2


FNM_CAP = 6  # BoP 10.5

# BoP 10.571 entrenchment modifier by nationality of an entrenched defending corps.
ENTRENCH_STRONG = frozenset({"britain", "france", "germany", "switzerland"})
ENTRENCH_MODIFIER = {True: -2, False: -1}

# BoP 10.62 land combat table: final roll -> (attacker loss, defender loss, flags, DDR).
# A loss is an int or "RP"; flags: "gg", "breakthrough"; DDR = (side, threshold) or None.
# 7 reads 1/1 in a major battle and RP/RP in a minor one (10.711).
COMBAT_TABLE = {
    2: (3, 0, (), ("attacker", 5)),
    3: (3, "RP", (), ("attacker", 5)),
    4: (2, 1, (), None),
    5: (2, 1, (), None),
    6: (1, "RP", (), None),
    7: (1, 1, (), None),
    8: ("RP", 1, (), None),
    9: (1, 2, ("gg",), None),
    10: (1, 2, ("gg",), ("defender", 6)),
    11: (1, 3, ("gg",), ("defender", 6)),
    12: ("RP", 3, ("gg", "breakthrough"), ("defender", 6)),
}
MINOR_BATTLE_7 = ("RP", "RP", (), None)
ATTRITION_DDR = 3  # BoP 10.713

# BoP 1.33 fortress table: steps -> effectiveness.
FORTRESS_EFFECTIVENESS = {2: 3, 1: 2}

# BoP 2.83 TI unlock: TI level -> succeed on 1d6 < value (54+ uses 6).
TI_UNLOCK = {50: 2, 51: 3, 52: 4, 53: 5, 54: 6}
TI_GAIN_BELOW = {"major": 8, "minor": 6}  # BoP 2.82: raw 2d6 below this gains +1 TI

# BoP 2.92 crisis limits: Germany 11 (2.94); France 7 (12.4 starts France at "7 in crisis",
# and a marker stops at its limit); the others are authored within what the scenarios print
# (12.3 has Russia at 12 and 12.4 Britain at 5, neither in crisis).
CRISIS_LIMIT = {"germany": 11, "austria_hungary": 9, "france": 7, "russia": 13, "britain": 9}

# BoP 6.222 costs (RP).
COST_CORPS = 2
COST_LEADER = 0
COST_TANK = 1     # BoP 6.222: a tank corps costs 1 RP (tanks.py)
COST_FORTRESS_STEP = 2
COST_INFRASTRUCTURE = 1
ATTACK_COST = 1   # BoP 10.3, in good weather (see BAD_WEATHER_COST_FACTOR)
RAIL_COST = 1     # BoP 9.21
RP_RESULT_COST = 1  # BoP 10.711

# BoP 6.511 the rulebook's four maps (Theatre.rulebook_map says which one a map of ours is).
NORTH_EUROPE, SOUTH_EUROPE, OTTOMAN, AFRICA = "north_europe", "south_europe", "ottoman", "africa"
RULEBOOK_MAP_OF = {"bop-north-europe": NORTH_EUROPE}

# BoP 6.511 bad weather, as printed on the calendar: (rulebook map, months of the year, the
# rows of the printed hex numbers it covers — (lowest, highest), None for the whole map — and
# its cause). Every other location and month has good weather.
BAD_WEATHER = (
    (AFRICA, (3, 4, 5), None, "rain"),
    (OTTOMAN, (6, 7, 8), (60, 99), "heat"),
    (NORTH_EUROPE, (11, 12, 1, 2), None, "snow"),
    (SOUTH_EUROPE, (11, 12, 1, 2), None, "snow"),
    (OTTOMAN, (11, 12, 1, 2), (0, 59), "snow"),
)
GOOD_WEATHER = "good"
BAD_WEATHER_COST_FACTOR = 2                       # BoP 6.512, 10.3: an attack costs double
NO_AMPHIBIOUS_IN_BAD_WEATHER = frozenset({NORTH_EUROPE, AFRICA})   # BoP 6.512

# BoP 6.452 optional admiralty transport.
SEA_CORPS_PER_MONTH = 5
SEA_MOVES = 2
SEA_MP_PER_MOVE = 24

# BoP 6.123 Britain joins when a German land unit comes within this many hexes of Paris.
BRITAIN_PARIS_RADIUS = 3

# BoP 12.1 victory thresholds.
CP_BC_TO_WIN = 13  # more than
EP_BC_TO_WIN = 6   # more than

# BoP 12.1 set-up.
GERMAN_NEAR_LIEGE = 9
GERMAN_EAST_MAX = 6
FRENCH_BORDER_DEPTH = 2
FRENCH_BORDER_MIN = 2
PLAN_XVII_CORPS = 4
PLAN_XVII_HEXES = 2
SCHLIEFFEN_CORPS = 9

# Seat that commands a minor's corps once it has joined a side (our choice; see docs).
MINOR_COMMANDER = {CENTRAL: "germany", ENTENTE: "france"}
# The seats of each side in "Before the Leaves Fall" (a side's steps ask them in this order).
SIDE_SEATS = {CENTRAL: ("austria_hungary", "germany"),
              ENTENTE: ("britain", "france", "russia")}
