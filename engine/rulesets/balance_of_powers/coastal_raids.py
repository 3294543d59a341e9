"""BoP 7.35 — coastal raiding (standard admiralty: 12.3, 12.6; issue #21, ruling 110).

Once a season each side may declare a raid when one of its surface ships with a gunnery above
one (the side it now shows) moves into a coastal hex holding an enemy unit or a population
centre of an enemy home country. It rolls 2d6: doubles that also total more than the last digit
of the year cost the targeted nation 1 RP. The raid changes nothing else: the move, the mines,
contact, search and combat go on as usual.

Our map draws a coast as water hexes beside land hexes (ships enter water and port hexes
only), so the qualifying "coastal hex" is the port hex the force enters, or a land hex beside
the water hex it enters (ruling 110). The raid is an optional order of `naval_move`:
`"raid": "<land hex>"`; the season's raid is spent when it is rolled
(`state["naval"]["raided"]`: `{side: "1916-spring"}`).
"""

from __future__ import annotations

from typing import Any

from engine.kernel import Event, IllegalAction, Roller

from .fleets import SHIPS, gunnery, is_surface, side_of_ship
from .forces import UNITS, at_war, side_of
from .theatre import Theatre

State = dict[str, Any]

SEASON_OF_MONTH = {3: "spring", 4: "spring", 5: "spring", 6: "summer", 7: "summer", 8: "summer",
                   9: "autumn", 10: "autumn", 11: "autumn", 12: "winter", 1: "winter",
                   2: "winter"}


def season_of(month: str) -> str:
    """The season a month falls in (the seasonal turns come before March, June, September and
    December): December 1916 to February 1917 is the winter of 1916."""
    year, moy = int(month[:4]), int(month[5:])
    return f"{year - (1 if moy < 3 else 0)}-{SEASON_OF_MONTH[moy]}"


def may_raid(state: State, side: str) -> bool:
    """7.35 — one raid a side a season."""
    return state["naval"].get("raided", {}).get(side) != season_of(state["flow"]["month"])


def raiders(state: State, units: list[str]) -> list[str]:
    """7.35 — the force's surface ships with a gunnery above one."""
    return [u for u in units if u in state["board"]["fleets"] and is_surface(u)
            and gunnery(state, u) > 1]


def _target(state: State, th: Theatre, side: str, loc: str) -> str | None:
    """The enemy nation a raid on `loc` would cost: the home nation of an enemy home-country
    population centre, else the nation of the enemy units there (the lowest id's)."""
    home = th.home.get(loc)
    if (home is not None and th.is_pop(loc) and home in state["powers"] and at_war(state, home)
            and side_of(state, home) not in (side, None)):
        return home
    enemies = sorted(u for u, v in state["board"]["units"].items() if v["at"] == loc
                     and side_of(state, UNITS[u].nation) not in (side, None))
    return UNITS[enemies[0]].nation if enemies else None


def targets(state: State, th: Theatre, side: str, to: str) -> dict[str, str]:
    """The land hexes a force entering `to` may raid, with the nation each would cost: `to`
    itself when it is a port hex, the land hexes beside it when it is a water hex; never from a
    Sea Chart box."""
    if to in th.ports:
        near = [to]
    elif to in th.water:
        near = [n for n in th.all_adj.get(to, ()) if n not in th.water and n in th.terrain]
    else:
        return {}
    out = {}
    for loc in sorted(near):
        nation = _target(state, th, side, loc)
        if nation is not None:
            out[loc] = nation
    return out


def offered(state: State, th: Theatre, units: list[str], to: str) -> list[str]:
    """The raids a naval move of `units` to `to` may declare now (for its options)."""
    if not units or not may_raid(state, side_of_ship(units[0])) or not raiders(state, units):
        return []
    return sorted(targets(state, th, side_of_ship(units[0]), to))


def check(state: State, th: Theatre, units: list[str], to: str, loc: Any) -> None:
    """7.35 — a declared raid must be allowed: the side's raid of the season unspent, a ship
    that can shoot, a qualifying coastal hex at the move's end."""
    if not isinstance(loc, str):
        raise IllegalAction("BoP 7.35", "bad_raid", {"raid": loc},
                            '"raid" names the coastal hex the force raids.')
    side = side_of_ship(units[0])
    if not may_raid(state, side):
        raise IllegalAction("BoP 7.35", "raid_spent", {"raid": loc},
                            "Your side has made its coastal raid this season.")
    if not raiders(state, units):
        raise IllegalAction("BoP 7.35", "no_raider", {"raid": loc},
                            "A coastal raid needs a surface ship with a gunnery above one.")
    if loc not in targets(state, th, side, to):
        raise IllegalAction("BoP 7.35", "not_coastal_target", {"raid": loc, "to": to},
                            "A coastal raid hits the port hex the force enters, or a land hex "
                            "beside the water hex it enters, holding an enemy unit or an enemy "
                            "home population centre.")


def raid(state: State, th: Theatre, roller: Roller, units: list[str], to: str,
         loc: str) -> list[Event]:
    """7.35 — roll 2d6 for the raid if a ship able to raid is still there (mines on the way
    may have sunk it: then nothing is rolled and the season's raid is not spent)."""
    shooters = [u for u in raiders(state, units) if state["board"]["fleets"][u]["at"] == to]
    side = side_of_ship(units[0])
    nation = targets(state, th, side, to).get(loc)
    if not shooters or nation is None:
        return []
    dice = roller.roll(6, f"coastal raid on {loc} 2d6", 2)
    year_digit = int(state["flow"]["month"][3])
    hit = dice[0] == dice[1] and sum(dice) > year_digit
    state["naval"].setdefault("raided", {})[side] = season_of(state["flow"]["month"])
    state["naval"]["raided"] = dict(sorted(state["naval"]["raided"].items()))
    lost = 1 if hit and state["powers"][nation]["rp"] > 0 else 0
    state["powers"][nation]["rp"] -= lost
    return [Event("coastal_raid", "BoP 7.35", {
        "side": side, "at": loc, "nation": nation, "ships": sorted(shooters), "dice": dice,
        "needs_above": year_digit, "hit": hit, "rp_lost": lost,
        "nations": sorted({SHIPS[u].nation for u in shooters})})]
