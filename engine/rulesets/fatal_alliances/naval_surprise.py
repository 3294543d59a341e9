"""FA 11.4.4–11.4.5 (version 31) — committing extra units to a search, and spending surprise
points.

Extra search units (11.4.4, R-N76): before a side rolls its search it may turn face-down 4
of its face-up non-convoy units in the sea-box for 1 off that roll, or 10 for 2 off. The
standing rule takes the bigger bonus a side can afford, on the combat's first search roll
only (after that the units it would turn are the ones it kept face-up for later combats and
interceptions this impulse); the interception roll (11.3.5.1) is not changed (R-N76).

Surprise points (11.4.5, R-N75, R-N77–R-N79): the side with more spends the difference. In a
combat started in the naval combat step (11.4.2) its deciding power chooses how, once a round
(`naval_surprise`), from a listed plan:

* avoid the combat (3 points): the combat ends before this round is fought;
* choose the combat type (3 points): only a surface round in place of a submarine combat is
  ever a choice (the standing rule already takes every submarine combat, R-N59, and no
  aircraft are built, so there is no naval air combat to buy: R-N77);
* select a target (3 points): one included enemy naval unit the holder's first result of the
  round lands on instead of the alternate pick (R-N78);
* and the rest, 2 a column, split between raising its own column and lowering the opponent's.

The listed plans spend every point they can (an unspent point buys nothing). The first listed
plan is the standing rule R-N9's (every point on the holder's own column): the timeout, and
what is spent in interception and return combats, fought inside the answer that started them
(R-N75).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.kernel import Event

from . import submarine_combat
from .fleets import fleets

State = dict[str, Any]
RULE = "FA 11.4.5"
AVOID_COST = 3
TYPE_COST = 3
TARGET_COST = 3
COLUMN_COST = 2
SEARCH_UNITS = ((10, 2), (4, 1))      # 11.4.4: units turned face-down → off the search roll


def search_bonus(state: State, area: str, side: str, sides: Mapping[str, str]) -> tuple[int, list[str]]:
    """R-N76 — the most a side can take off its search roll by turning face-up non-convoy
    units in the sea-box face-down, and the units (by id) it turns."""
    ships = fleets(state)
    up = sorted(uid for uid, sh in ships.items() if sh["area"] == area and sh["up"]
                and sides.get(sh["power"]) == side)
    for count, off in SEARCH_UNITS:
        if len(up) >= count:
            return off, up[:count]
    return 0, []


def turn_for_search(state: State, units: list[str]) -> None:
    ships = fleets(state)
    for uid in units:
        ships[uid]["up"] = False


def holder(points: dict[str, int]) -> tuple[str | None, int]:
    """11.4.5 — the side with more surprise points and the difference it may spend."""
    (s1, p1), (s2, p2) = sorted(points.items())
    if p1 == p2:
        return None, 0
    return (s1, p1 - p2) if p1 > p2 else (s2, p2 - p1)


def would_be_submarine(state: State, found: dict[str, list[str]], aborting: set[str],
                       cv: dict[str, dict[str, int]]) -> bool:
    """11.4.6.1 (2) — a side could make this round a submarine combat."""
    return any(submarine_combat.qualifies(state, found[s], aborting, cv[o])
               for s, o in (tuple(found), tuple(found)[::-1]))


def targets(state: State, found: dict[str, list[str]], aborting: set[str],
            cv: dict[str, dict[str, int]], side: str, kind: str) -> list[str]:
    """R-N78 — the enemy naval units the holder may select: in a surface round any included
    one; in a submarine round the enemy SUBs its ASW fires on (when the enemy's SUBs attack
    its convoy points) and the enemy's included surface units (when its SUBs attack the
    enemy's convoy points). Cargo is never selected apart from its ship."""
    ships = fleets(state)
    enemy = next(s for s in found if s != side)
    open_ = [u for u in found[enemy] if u in ships and u not in aborting]
    if kind == "surface":
        return open_
    ours_fire = submarine_combat.qualifies(state, found[side], aborting, cv[enemy])
    theirs_fire = submarine_combat.qualifies(state, found[enemy], aborting, cv[side])
    return [u for u in open_ if (theirs_fire if ships[u]["type"] == "SUB" else ours_fire)]


def plans(state: State, found: dict[str, list[str]], aborting: set[str],
          cv: dict[str, dict[str, int]], side: str, points: int) -> list[dict[str, Any]]:
    """The legal plans for `points` excess surprise points; the standing rule's first."""
    sub_round = would_be_submarine(state, found, aborting, cv)
    out: list[dict[str, Any]] = []
    types: list[str | None] = [None]
    if sub_round and points >= TYPE_COST:
        types.append("surface")
    for kind in types:
        left = points - (TYPE_COST if kind else 0)
        fought = kind or ("submarine" if sub_round else "surface")
        for target in [None, *(targets(state, found, aborting, cv, side, fought)
                               if left >= TARGET_COST else [])]:
            rest = left - (TARGET_COST if target else 0)
            columns = rest // COLUMN_COST
            for up in range(columns, -1, -1):
                plan: dict[str, Any] = {"raise": up, "lower": columns - up}
                if kind:
                    plan["type"] = kind
                if target:
                    plan["target"] = target
                out.append(plan)
    if points >= AVOID_COST:
        out.insert(1, {"avoid": True})
    return out


def standing(points: int) -> dict[str, Any]:
    """R-N9 — every point on the holder's own column."""
    return {"raise": points // COLUMN_COST, "lower": 0}


def shifts(plan: dict[str, Any], side: str | None, sides: tuple[str, str]) -> dict[str, int]:
    """The column shift each side's fire gets from the holder's plan."""
    out = {s: 0 for s in sides}
    if side is None or plan.get("avoid"):
        return out
    other = next(s for s in sides if s != side)
    out[side] = int(plan.get("raise", 0))
    out[other] = -int(plan.get("lower", 0))
    return out


def deciding_power(state: State, side: str, found: list[str], starter: str) -> str:
    """Who spends a side's points: the power that started the combat if it is on that side,
    else the side's power with the most included units (ties by name; with none included,
    the first of the side's powers by name)."""
    ships = fleets(state)
    powers = [ships[u]["power"] for u in found if u in ships]
    if state["board"]["sides"].get(starter) == side:
        return starter
    if not powers:
        out = state["board"].get("out", [])
        return sorted(p for p, s in state["board"]["sides"].items()
                      if s == side and p not in out)[0]
    return min(set(powers), key=lambda p: (-powers.count(p), p))


def spent_event(area: str, rnd: int, side: str, points: int, plan: dict[str, Any],
                power: str) -> Event:
    return Event("naval_surprise", RULE, {"area": area, "round": rnd, "side": side,
                                          "power": power, "points": points, **plan})
