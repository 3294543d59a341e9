"""BoP 4.1, 6.0, 6.53 — the sequence of play of "Before the Leaves Fall" as data.

Months August–October 1914, with the AUTUMN seasonal turn between August and September
(calendar 2.1: … Aug, AUTUMN, Sep …). Each month: diplomacy (CP, then EP), construction
(muster, then procurement; CP then EP), the EP-only admiralty phase of 6.45, and the campaign:
the weather sub-phase (6.51), fortnight 1 (CP half, CP commissariat, EP half, EP commissariat),
fortnight 2 likewise. There is no bad weather in August–October on North Europe (6.511), so
both fortnights are always played in this scenario; a month of bad weather on the whole map
skips the steps of fortnight 2 (weather.py, steps.next_in_script). The aviation phase (6.3:
patrols, then dogfights) follows construction, and the aerodrome phase (6.7, CP then EP) ends
the month; neither has anything to do in 12.1, which has no air units. The revolution phase
(6.8) has nothing to do in this scenario.
"""

from __future__ import annotations

from enum import Enum
from typing import Any

from .scenarios import scenario_of
from .tables import CENTRAL, ENTENTE


class Step(str, Enum):
    SETUP = "setup"                  # BoP 12.1 set-up, EP then CP (11.3)
    SECRET_SETUP = "secret_setup"    # BoP 12.1 optional secret simultaneous set-up
    SEASONAL = "seasonal"            # BoP 5.21 posting (automatic)
    TABULATION = "tabulation"        # BoP 5.22 conversion and 5.23 transfer, CP then EP
    REDUCTIONS = "reductions"        # BoP 5.24 requisition, 5.36 demoralization (automatic)
    AIR_RAIDS = "air_raids"          # BoP 5.31 bombers raid, CP then EP (seasonal turns)
    DIPLOMACY = "diplomacy"          # BoP 6.11 violations, CP then EP
    BRITAIN = "britain"              # BoP 12.1 Britain places its corps on joining
    MUSTER = "muster"                # BoP 6.21
    PROCURE = "procure"              # BoP 6.22
    AVIATION = "aviation"            # BoP 6.3 patrols (the sides alternate), then dogfights
    ADMIRALTY = "admiralty"          # BoP 6.45 (EP only)
    GQ = "gq"                        # BoP 6.43 a General Quarters half (standard admiralty, 12.6)
    WEATHER = "weather"              # BoP 6.51 the campaign's weather sub-phase (automatic)
    PLAN_XVII = "plan_xvii"          # BoP 12.1 Plan XVII penalty (CP destroys 4 French corps)
    HALF = "half"                    # BoP 6.53 a side's fortnight half
    COMMISSARIAT = "commissariat"    # BoP 6.6 (automatic)
    AERODROME = "aerodrome"          # BoP 6.7 return to base, change of base; CP then EP
    MONTH_END = "month_end"          # plan checks, arrivals bookkeeping (automatic)
    OVER = "over"


MONTHS = ("1914-08", "1914-09", "1914-10")   # 12.1's calendar (scenarios.py has each one's)
_NAMES = ("January", "February", "March", "April", "May", "June", "July", "August",
          "September", "October", "November", "December")
MONTH_NAMES = {f"{y}-{m:02d}": f"{_NAMES[m - 1]} {y}" for y in range(1914, 1919)
               for m in range(1, 13)}
# BoP 2.1: a seasonal turn falls just before March (SPRING), June (SUMMER), September (AUTUMN)
# and December (WINTER): AUTUMN 1914 between August and September 1914.
SEASON_BEFORE = {f"{y}-{m:02d}": season for y in range(1914, 1919)
                 for m, season in ((3, "spring"), (6, "summer"), (9, "autumn"), (12, "winter"))}


def months_later(month: str, n: int) -> str:
    """The month `n` months after `month` ("1916-03", 12 → "1917-03")."""
    year, moy = int(month[:4]), int(month[5:]) - 1 + n
    return f"{year + moy // 12}-{moy % 12 + 1:02d}"


def next_month(month: str) -> str:
    return months_later(month, 1)


def last_month(state: dict[str, Any]) -> str:
    """The scenario's last month: its victory is checked when that month ends."""
    return scenario_of(state).months[-1]

# One month, in order: (step, side, fortnight); the steps of fortnight 2 are skipped in a month
# of one fortnight (6.512).
MONTH_SCRIPT: tuple[tuple[Step, str | None, int], ...] = (
    (Step.SEASONAL, None, 0),
    (Step.TABULATION, CENTRAL, 0),
    (Step.TABULATION, ENTENTE, 0),
    (Step.REDUCTIONS, None, 0),
    (Step.AIR_RAIDS, CENTRAL, 0),
    (Step.AIR_RAIDS, ENTENTE, 0),
    (Step.DIPLOMACY, CENTRAL, 0),
    (Step.DIPLOMACY, ENTENTE, 0),
    (Step.BRITAIN, ENTENTE, 0),
    (Step.MUSTER, CENTRAL, 0),
    (Step.MUSTER, ENTENTE, 0),
    (Step.PROCURE, CENTRAL, 0),
    (Step.PROCURE, ENTENTE, 0),
    (Step.AVIATION, CENTRAL, 0),
    (Step.ADMIRALTY, ENTENTE, 0),
    (Step.WEATHER, None, 0),
    (Step.HALF, CENTRAL, 1),
    (Step.COMMISSARIAT, CENTRAL, 1),
    (Step.HALF, ENTENTE, 1),
    (Step.COMMISSARIAT, ENTENTE, 1),
    (Step.PLAN_XVII, CENTRAL, 2),
    (Step.HALF, CENTRAL, 2),
    (Step.COMMISSARIAT, CENTRAL, 2),
    (Step.HALF, ENTENTE, 2),
    (Step.COMMISSARIAT, ENTENTE, 2),
    (Step.AERODROME, CENTRAL, 0),
    (Step.AERODROME, ENTENTE, 0),
    (Step.MONTH_END, None, 0),
)


def first_fortnight_of_game(month: str, fortnight: int) -> bool:
    """BoP 12.1 — mobilisation limits and the CP reroll apply in fortnight 1 of August 1914."""
    return month == MONTHS[0] and fortnight == 1
