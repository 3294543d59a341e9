"""BoP 1.321, 2.92, 6.222, 9.62, 10.532, 13.0 — tank corps.

A tank is a corps (1.32: it counts for stacking, major battles 2.7 and attrition 10.713) with two
printed scores: the first, printed in yellow, is its effectiveness when it attacks, the second
when it defends (1.321, 10.532; `forces.effectiveness` reads them). It has no entrenched side, so
it never entrenches — not even after attacking trenches (9.62) or as a reserve (10.42) — and, not
being infantry or mountain, it never takes control of a location (2.53). It costs 1 RP to procure
(6.222). A nation in crisis may attack only if the attack includes a tank or its side has air
superiority over the defending location (2.92).

The rulebook prints a tank's scores only on its counter, so `data/tanks.csv` carries our own
values (docs/rules/balance_of_powers.md, "Data we authored"; ruling 50). Each tank joins its
nation's force pool at the seasonal turn the Chronological Order of Battle (13.0) names
(`cob.pool_additions`) — the first, France's SCHNDR, in the spring of 1917, so no 12.1 game
ever sees one. The United States'
FT-17 and FORD3T arrive relative to that nation's entry and wait for it (as its air units do).
"""

from __future__ import annotations

from .forces import UNITS
from .tables import COST_CORPS, COST_LEADER, COST_TANK

TANK = "tank"


def is_tank(uid: str) -> bool:
    return uid in UNITS and UNITS[uid].kind == TANK


def includes_tank(units: list[str]) -> bool:
    """BoP 2.92 — the attack "includes at least one tank" (of any nation of the side: ruling
    50)."""
    return any(is_tank(u) for u in units)


def procurement_cost(uid: str) -> int:
    """BoP 6.222 — leaders 0, tanks 1, every other corps 2 (RP)."""
    kind = UNITS[uid].kind
    if kind == "leader":
        return COST_LEADER
    return COST_TANK if kind == TANK else COST_CORPS

