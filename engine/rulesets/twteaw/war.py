"""Who is at war with whom, who fights together, and what a territory is to a nation.

State: `board.sides` (nation -> "central" | "allied" | "neutral"), `board.war` (sorted pairs
"a|b" at war), `board.control` (area -> nation holding it). Allies are the nations of the
same main-war side (TWTEAW "Cooperation": allies share territories and attack together);
neutrals have no allies.
"""

from __future__ import annotations

from typing import Any

from .nations import MAIN_WAR, pair

State = dict[str, Any]


def side(state: State, nation: str) -> str:
    return str(state["board"]["sides"][nation])


def allied(state: State, a: str, b: str) -> bool:
    """Same nation, or both on the same main-war side."""
    if a == b:
        return True
    sa, sb = side(state, a), side(state, b)
    return sa == sb and sa in MAIN_WAR


def allies(state: State, nation: str) -> list[str]:
    """The nation and its allies, sorted."""
    return sorted(n for n in state["board"]["sides"] if allied(state, nation, n))


def at_war(state: State, a: str, b: str) -> bool:
    return a != b and pair(a, b) in state["board"]["war"]


def controller(state: State, area: str) -> str:
    return str(state["board"]["control"][area])


def friendly(state: State, nation: str, area: str) -> bool:
    """The area is held by the nation or an ally (units may enter it without a fight)."""
    return allied(state, nation, controller(state, area))


def enemy_area(state: State, nation: str, area: str) -> bool:
    return at_war(state, nation, controller(state, area))


def has_surrendered(state: State, nation: str) -> bool:
    """The nation surrendered (TWTEAW "Surrender") and has not returned to the war since."""
    record = state["board"]["surrendered"].get(nation)
    return bool(record) and not record["reentered"]


def beyond_the_neutral_rules(state: State, nation: str) -> bool:
    """Neither influenced nor free to join a side: the nation is in the main war, or it has
    surrendered and not returned (ruling 94: a surrendered nation is out of the war, not a
    neutral to be won over)."""
    return side(state, nation) in MAIN_WAR or has_surrendered(state, nation)


def join_side(state: State, nation: str, new_side: str) -> None:
    """`nation` enters the main war on `new_side`: at war with every nation of the other."""
    board = state["board"]
    board["sides"][nation] = new_side
    other = MAIN_WAR[1 - MAIN_WAR.index(new_side)]
    wars = set(board["war"])
    for n, s in board["sides"].items():
        if s == other:
            wars.add(pair(n, nation))
    board["war"] = sorted(wars)


def declare_war(state: State, nation: str, target: str) -> list[str]:
    """Phase 1.1: `nation` declares war on `target`. A neutral attacked by a main-war side
    joins the opposite side (Table A's note; "If attacked by Allied Powers, Ottomans enter on
    the Central Powers side"), and is then at war with every nation of the attacker's side.
    Returns the nations whose side changed."""
    attacker_side, target_side = side(state, nation), side(state, target)
    if attacker_side in MAIN_WAR and target_side not in MAIN_WAR:
        join_side(state, target, MAIN_WAR[1 - MAIN_WAR.index(attacker_side)])
        return [target]
    board = state["board"]
    board["war"] = sorted(set(board["war"]) | {pair(nation, target)})
    return []
