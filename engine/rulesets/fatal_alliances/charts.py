"""Fatal Alliances charts as frozen data: every table the land rules look up.

Values marked APPENDIX-A come from the annotated edition's OCR'd chart pages (digest
seed-002, Appendix A) with the OCR readings decided in docs/rules/fatal_alliances.md.
Values marked AUTHORED are Salient's: the chart is absent from both seeds and was written from
the rulebook text and World in Flames conventions. Each value's origin is documented in
docs/rules/fatal_alliances.md ("Origin of every authored value").
"""

from __future__ import annotations

from enum import Enum
from fractions import Fraction
from types import MappingProxyType
from typing import Mapping


class Weather(str, Enum):
    FINE = "fine"
    RAIN = "rain"
    SNOW = "snow"
    STORM = "storm"
    BLIZZARD = "blizzard"


class Table(str, Enum):
    ASSAULT = "assault"
    BLITZ = "blitz"


class Action(str, Enum):
    PASS = "pass"
    NAVAL = "naval"
    AIR = "air"
    LAND = "land"
    COMBINED = "combined"


# --- FA 2.1 / TEC — terrain (AUTHORED) ------------------------------------------------------
# The map's physical classes onto FA terrain. The FA chart has no hills: they play as clear.
PHYSICAL_TO_FA: Mapping[str, str] = MappingProxyType({
    "clear": "clear", "hills": "clear", "forest": "forest", "marsh": "swamp",
    "mountain": "mountain", "desert": "desert", "lake": "lake", "sea": "sea",
    "jungle": "jungle", "desert_mountain": "desert_mountain",
})

# FA terrain → (leg MP, motorised MP); None = land units may not enter. AUTHORED (TEC absent).
TERRAIN_MP: Mapping[str, tuple[int | None, int | None]] = MappingProxyType({
    "clear": (1, 1), "forest": (2, 3), "swamp": (2, 3), "jungle": (2, 3),
    "mountain": (3, 4), "desert": (1, 1), "desert_mountain": (3, 4),
    "lake": (None, None), "sea": (None, None),
})

# TEC table-choice column (AUTHORED): "assault" forces the Assault table; None = no effect
# (the precedence box then lets the attacker choose). Ports have no effect (errata).
TERRAIN_TABLE: Mapping[str, str | None] = MappingProxyType({
    "clear": None, "desert": None, "forest": "assault", "swamp": "assault",
    "jungle": "assault", "mountain": "assault", "desert_mountain": "assault", "lake": None,
    "sea": None,
})

# Terrain that doubles movement cost in rain, storm and blizzard (FA 8.2 — every land hex).
DOUBLING_WEATHER = frozenset({Weather.RAIN, Weather.STORM, Weather.BLIZZARD})

# --- FA 8 — weather effects (APPENDIX-A weather-effects chart) ---------------------------------
SUPPLY_RANGE: Mapping[Weather, int] = MappingProxyType({
    Weather.FINE: 4, Weather.RAIN: 2, Weather.SNOW: 3, Weather.STORM: 2, Weather.BLIZZARD: 2})
# (normal, more than half the attackers winterised)
WEATHER_ATTACK_DRM: Mapping[Weather, tuple[int, int]] = MappingProxyType({
    Weather.FINE: (0, 0), Weather.RAIN: (-1, -1), Weather.SNOW: (-3, 0),
    Weather.STORM: (-3, -3), Weather.BLIZZARD: (-4, -2)})

# --- FA 8 — the weather chart (AUTHORED) ------------------------------------------------------
# turn name → 12 rows (modified roll 1..12) → (weather per zone, asterisks, advance).
# Zones (FA 8.1), one letter each in this order: north temperate, Mediterranean, arctic, north
# monsoon, south monsoon, south temperate. Letters: f fine, r rain, s snow, t storm,
# b blizzard. Written from each zone's seasons (the south's reversed) so that every value the
# rulebook prints holds: M/J row 1 carries two asterisks and J/A row 10 is storm in the north
# monsoon zone and fine in the five others (the §8 example), M/J row 5 none (the 1914
# campaign's "weather roll = 5"). The lowest roll always carries two asterisks (the next
# pair's weather worsens), the two highest one.
ZONES = ("north_temperate", "mediterranean", "arctic", "north_monsoon", "south_monsoon",
         "south_temperate")
_W = {"f": Weather.FINE, "r": Weather.RAIN, "s": Weather.SNOW, "t": Weather.STORM,
      "b": Weather.BLIZZARD}


def _rows(spec: str) -> tuple[tuple[tuple[Weather, ...], int, int], ...]:
    rows = []
    for cell in spec.split():
        letters, stars, advance = cell.split(":")
        assert len(letters) == len(ZONES), cell
        rows.append((tuple(_W[c] for c in letters), int(stars), int(advance)))
    assert len(rows) == 12, spec
    return tuple(rows)


WEATHER_CHART: Mapping[str, tuple[tuple[tuple[Weather, ...], int, int], ...]] = MappingProxyType({
    # rolls 1-6, then 7-12
    "J/F": _rows("bfbfrf:2:1 sfbfrf:1:1 sfbfrf:0:1 sfsfff:0:2 srbfff:0:2 rrsfff:0:2 "
                 "frsfff:0:2 ffsfff:0:2 frbfrf:0:3 trbrrf:0:3 btbrtf:1:3 bbbrtr:1:3"),
    "M/A": _rows("srbfrr:2:1 rrsfrf:1:1 rfsfrf:0:2 ffsfff:0:2 ffsfff:0:2 frsfff:0:2 "
                 "rfsfff:0:2 rrsfff:0:2 ffrfrf:0:3 rfrfrf:0:3 trsftf:1:3 ttbftr:1:3"),
    "M/J": _rows("rfrffs:2:1 rffffr:0:2 fffffr:0:2 ffffff:0:2 ffffff:0:2 ffrfff:0:2 "
                 "ffffff:0:3 frffff:0:3 rfrfff:0:3 rfrtff:0:3 rfrtfr:1:3 tfrtrr:1:3"),
    "J/A": _rows("rffffs:2:2 fffffr:0:2 fffffr:0:2 ffffff:0:2 ffffff:0:2 ffffff:0:3 "
                 "ffffff:0:3 ffftff:0:3 rfrtff:0:3 ffftff:0:3 rfrtfr:1:3 rfrtrr:1:3"),
    "S/O": _rows("rfsffr:2:1 rfrfff:0:2 ffrfff:0:2 ffffff:0:2 ffsfff:0:2 rrsfff:0:2 "
                 "frrfff:0:2 rfsfff:0:2 rrsfff:0:3 rrbfff:0:3 trbfff:1:3 trbfrr:1:3"),
    "N/D": _rows("srbfrf:2:1 rrbfrf:1:1 srbfrf:0:1 rrsfff:0:2 srsfff:0:2 rrbfff:0:2 "
                 "frsfff:0:2 rfbfff:0:2 strrrf:0:2 sfbfrf:0:3 btbftf:1:3 bbbftr:1:3"),
})
TURN_NAMES = ("J/F", "M/A", "M/J", "J/A", "S/O", "N/D")

# --- FA 12 — impulse track (AUTHORED) ---------------------------------------------------------
# End number of each box: the turn ends if the last-impulse roll is <= it. The marker starts in
# box 0 and moves on by the weather's circled advance number after every impulse that goes on.
IMPULSE_TRACK: tuple[int, ...] = (0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 10)

# --- FA 6 — initiative track (AUTHORED around the rulebook's one example) ---------------------
# space → (central DRM, allied DRM, who may demand a re-roll: "central" | "entente" | None).
INITIATIVE_TRACK: tuple[tuple[int, int, str | None], ...] = (
    (2, 0, "central"), (1, 0, None), (0, 0, None), (0, 1, None), (0, 2, "entente"))

# --- FA 10.2 — activity limits (APPENDIX-A; US row reading e=3, f=1, g=5) --------------------
# power → columns a..h: a/b/c air missions (naval/land/combined), d naval moves (combined),
# e rail (air or land action), f rail (combined), g land moves (combined), h land attacks
# (combined).
_LIMIT_COLUMNS = "abcdefgh"
_LIMITS = {
    "germany": (1, 3, 4, 2, 3, 1, 6, 2),
    "france": (1, 2, 3, 1, 2, 1, 3, 1),
    "italy": (1, 2, 3, 1, 2, 1, 3, 1),
    "austria_hungary": (1, 2, 3, 1, 2, 1, 3, 1),
    "japan": (1, 1, 1, 2, 1, 1, 2, 1),
    "usa": (2, 2, 3, 2, 3, 1, 5, 2),
    "britain": (2, 2, 3, 3, 2, 1, 3, 1),
    "russia": (1, 2, 2, 1, 1, 1, 5, 2),
    "china": (1, 1, 2, 1, 1, 1, 2, 1),
    "ottoman": (1, 1, 2, 1, 1, 1, 2, 1),
}
ACTIVITY_LIMITS: Mapping[str, Mapping[str, int]] = MappingProxyType({
    power: MappingProxyType(dict(zip(_LIMIT_COLUMNS, row, strict=False))) for power, row in _LIMITS.items()})
UNLIMITED = None
# action → land activity → limit column (None = unlimited, absent = not allowed). APPENDIX-A.
ALLOWED_LAND_ACTIVITIES: Mapping[Action, Mapping[str, str | None]] = MappingProxyType({
    Action.PASS: MappingProxyType({}),
    Action.NAVAL: MappingProxyType({"reorganise": None}),
    Action.AIR: MappingProxyType({"rail": "e", "reorganise": None}),
    Action.LAND: MappingProxyType({"rail": "e", "land_move": None, "land_attack": None,
                                   "reorganise": None}),
    Action.COMBINED: MappingProxyType({"rail": "f", "land_move": "g", "land_attack": "h",
                                       "reorganise": None}),
})

# --- FA 11.12 — odds and the combat results table (APPENDIX-A) --------------------------------
# (ratio lower bound, DRM): the highest band whose bound is <= the ratio (WiF reading).
ODDS_BANDS: tuple[tuple[Fraction, int], ...] = (
    (Fraction(0), -10), (Fraction(1, 5), -6), (Fraction(1, 4), -4), (Fraction(1, 3), -2),
    (Fraction(1, 2), 0), (Fraction(2, 3), 1), (Fraction(1, 1), 2), (Fraction(3, 2), 3),
    (Fraction(2, 1), 4), (Fraction(3, 1), 6), (Fraction(4, 1), 8), (Fraction(5, 1), 10),
    (Fraction(6, 1), 12), (Fraction(7, 1), 14), (Fraction(8, 1), 16), (Fraction(9, 1), 18),
    (Fraction(10, 1), 20))
ODDS_LABELS: tuple[str, ...] = ("1:6", "1:5", "1:4", "1:3", "1:2", "2:3", "1:1", "3:2", "2:1",
                                "3:1", "4:1", "5:1", "6:1", "7:1", "8:1", "9:1", "10:1")
ZERO_DEFENCE_DRM = 20


def _r(cell: str) -> tuple[str, int | None, int | None, str]:
    """A CRT cell "a/d" → (face code, attacker loss in halves, defender loss in halves, RS).

    face code: "" (all attackers flip), "*" (all stay face-up), "#" (half stay face-up).
    """
    att, dfn = cell.split("/")
    face = ""
    if att[:1] in ("*", "#"):
        face, att = att[0], att[1:]
    effect = ""
    if dfn[-1:] in ("R", "S"):
        effect, dfn = dfn[-1], dfn[:-1]
    a = None if att in ("", "–") else int(Fraction(att) * 2)
    d = None if dfn in ("", "–") else int(Fraction(dfn) * 2)
    return face, a, d, effect


_ASSAULT = ("3/–", "3/–", "3/–", "3/–", "2.5/–", "2.5/–", "2/–", "2/–", "1.5/–", "1.5/–", "1/–",
            "1/–", "0.5/–", "–/–", "2.5/1", "2/1", "1.5/1", "1/1", "0.5/1", "*1/1.5", "*1/1.5S",
            "1/1S", "#0.5/1.5S", "*/1S", "*/1.5S", "*/2S")
_BLITZ = ("3/–", "3/–", "2.5/–", "2.5/–", "2/–", "2/–", "1.5/–", "1.5/–", "1/–", "1/–", "1/–",
          "0.5/–", "–/–", "1/0.5", "1/1", "0.5/0.5", "0.5/R", "#0.5/R", "*/R", "*0.5/0.5R",
          "*/0.5R", "*/R", "*/0.5R", "*/1R", "*/1.5S", "*/2S")
CRT: Mapping[Table, tuple[tuple[str, int | None, int | None, str], ...]] = MappingProxyType({
    Table.ASSAULT: tuple(_r(c) for c in _ASSAULT), Table.BLITZ: tuple(_r(c) for c in _BLITZ)})
CRT_TEXT: Mapping[Table, tuple[str, ...]] = MappingProxyType({
    Table.ASSAULT: _ASSAULT, Table.BLITZ: _BLITZ})
ROLL_MIN, ROLL_MAX = 0, 25

# --- FA 21.10 — gas (APPENDIX-A) ---------------------------------------------------------------
GAS_DRM: tuple[int, ...] = (-1, -1, 0, 0, 1, 1, 2, 2, 3, 3)  # index = d10 - 1

# --- FA 13.5.2 — Factories and Resources chart (APPENDIX-A: seed 000, 13.5.2) ---------------
# country → (blue factories, red factories, resources, oil resources), the rows a 1914 major
# draws on. "Russia (tot.)" is European Russia (14/5, 7/3) and Siberia (5/2, 11/7) together.
FACTORIES_AND_RESOURCES: Mapping[str, tuple[int, int, int, int]] = MappingProxyType({
    "Germany": (12, 9, 9, 1), "Austria-Hungary": (3, 5, 5, 1), "Ottoman Empire": (3, 1, 3, 0),
    "France": (8, 3, 7, 0), "Italy (and Sardinia)": (4, 3, 3, 0),
    "United Kingdom": (13, 4, 2, 0), "Canada": (1, 1, 5, 1), "Australia": (0, 1, 3, 0),
    "India": (0, 1, 4, 0), "S Africa/N. Rhod": (0, 0, 3, 0), "Russia (tot.)": (19, 7, 18, 10),
    "Poland": (0, 2, 1, 0), "US": (20, 10, 18, 12),
})

# --- FA 13.5.3 — production multiples 1914..1919 (APPENDIX-A) ---------------------------------
# In tenths (state holds no floats).
PRODUCTION_MULTIPLE_TENTHS: Mapping[str, tuple[int, ...]] = MappingProxyType({
    "germany": (9, 10, 11, 12, 12, 12), "austria_hungary": (9, 10, 11, 12, 12, 12),
    "ottoman": (9, 10, 11, 12, 12, 12), "italy": (8, 9, 10, 11, 12, 12),
    "france": (8, 9, 10, 11, 12, 12), "japan": (5, 6, 7, 8, 9, 10),
    "britain": (6, 8, 10, 11, 12, 12), "russia": (7, 7, 8, 9, 10, 10),
    "china": (3, 3, 3, 4, 5, 5), "usa": (2, 2, 2, 2, 2, 2),
})
INVADED_MULTIPLE_BONUS_TENTHS = 1
US_AT_WAR_BONUS_TENTHS = 2   # the chart's US footnote: "+0.2 war" (the entry options' +0.2s
                             # belong to the absent US entry layer)

# --- FA 14 — morale (AUTHORED start values and effects; APPENDIX-A war weariness) ---------------
START_MORALE_1914: Mapping[str, int] = MappingProxyType({
    "germany": 16, "austria_hungary": 12, "ottoman": 11, "france": 14, "britain": 16,
    "russia": 13, "italy": 12, "usa": 17})
MORALE_POINTS_PER_LEVEL = 10
ENEMY_HELD_CITY_POINTS = -1
ENEMY_HELD_CAPITAL_POINTS = -5
# FA 14.1 — Russia and Austria-Hungary each have two "capitals" for morale (up to 10 together);
# the seed-000 Morale Chart (footnote 4) names them: Moscow and St Petersburg, Vienna and
# Budapest, all full value. fa-europe marks one capital each: the second by place id.
SECOND_MORALE_CAPITALS: Mapping[str, str] = MappingProxyType({
    "russia": "moscow", "austria_hungary": "budapest"})
ENEMY_HELD_MINOR_CAPITAL_POINTS = -1   # FA 14.1 (chart fn 3: minors held at the war's start)
ENEMY_HELD_RESOURCE_POINTS = -1        # FA 14.1 (the seed-000 Morale Chart's city/resource row)
NO_ATTACK_POINTS = -4
# FA 14.1 — destroyed convoys count at full value: a sunk convoy point costs its build cost
# (1 BP, 13.5.5.4) in morale points (R-N43); an aborted one costs nothing.
SUNK_CONVOY_POINTS = -1
# FA 14.1 — buying morale on the home front (the rulebook's numbers; +2 also on the seed-000
# Morale Chart): points per BP spent, the share of the turn's production that may be spent, and
# the most morale may rise in one turn.
HOME_FRONT_POINTS_PER_BP = 2
HOME_FRONT_MAX_TENTHS = 4
MORALE_MAX_RISE_LEVELS = 1
# War weariness in points (tenths of a level) per turn by year 1915..1919.
WAR_WEARINESS_POINTS: Mapping[str, tuple[int, ...]] = MappingProxyType({
    "russia": (1, 3, 4, 4, 4), "austria_hungary": (1, 2, 3, 3, 4), "ottoman": (1, 2, 3, 3, 4),
    "italy": (1, 2, 3, 3, 4), "usa": (0, 0, 1, 2, 3)})
WAR_WEARINESS_OTHERS = (0, 1, 2, 3, 4)
# Morale effects (AUTHORED; the Morale & Political Chart is absent from both seeds):
# at morale <= 10 an attack is refused on d10 <= REFUSE_BASE - morale; at morale <= 5 each
# defending unit surrenders on d10 <= SURRENDER_BASE - morale.
MORALE_EFFECTS_FROM = 10
REFUSE_BASE = 11
SURRENDER_MORALE = 5
SURRENDER_BASE = 6

# --- FA 13.5.5 — builds (AUTHORED costs and times; counters absent) ----------------------------
# unit class → (BP cost, turns on the production circle)
BUILD: Mapping[str, tuple[int, int]] = MappingProxyType({
    "INF corps": (4, 2), "INF div": (2, 1), "CAV corps": (3, 2), "CAV div": (2, 1),
    "MIL div": (1, 1), "GAR corps": (2, 1), "ART div": (2, 2), "ENG div": (3, 5), "HQ": (5, 3),
})
ENTRENCHMENT_COST = 1

# --- FA 18 — offensive points (the rulebook's numbers) -----------------------------------------
OP_BUILD_TIME = 2                    # turns on the production circle; 1 BP each, not geared
OP_REQUIRED_TENTHS = 1               # an active power buys at least 10% of its production
OP_UNLIMITED_COST = 7                # FA 18.2
OP_UNLIMITED_COST_MINOR_MAJORS = 5   # Italy, the OE, Austria-Hungary (and Japan, China)
OP_HQ_BASE = 3                       # FA 18.3: 3 + 2 x reorg; FA 18.4 flip: 1 + reorg

# --- FA 21.2 — division breakdown and build-up (the rulebook's table) --------------------------
# corps type → the pairs of division types it may break down into (and build up from).
BREAKDOWN_TABLE: Mapping[str, tuple[tuple[str, str], ...]] = MappingProxyType({
    "INF": (("INF", "INF"),), "MOT": (("INF", "MOT"), ("MOT", "MOT")),
    "MTN": (("INF", "MTN"), ("MTN", "MTN")), "CAV": (("CAV", "INF"), ("CAV", "CAV"))})
# Nations treated as one country for breakdown (FA 21.2: Austrian and Hungarian corps).
BREAKDOWN_SAME_COUNTRY: tuple[frozenset[str], ...] = (frozenset({"austria", "hungary"}),)
HQ_ENTRENCH_TIME = 1
SAVE_BP_PER_HEX = 4
