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


def declare_war(state: State, nation: str, target: str) -> list[str]:
    """Phase 1.1: `nation` declares war on `target`. A neutral attacked by a main-war side
    joins the opposite side (Table A's note; "If attacked by Allied Powers, Ottomans enter on
    the Central Powers side"), and is then at war with every nation of the attacker's side.
    Returns the nations whose side changed."""
    board = state["board"]
    wars = set(board["war"])
    joined = []
    attacker_side, target_side = side(state, nation), side(state, target)
    if attacker_side in MAIN_WAR and target_side not in MAIN_WAR:
        other = MAIN_WAR[1 - MAIN_WAR.index(attacker_side)]
        board["sides"][target] = other
        joined.append(target)
        for n, s in board["sides"].items():
            if s == attacker_side:
                wars.add(pair(n, target))
        # the new member is at war with whoever its new allies fight
        for w in list(wars):
            a, b = w.split("|")
            for ally in (a, b):
                enemy = b if ally == a else a
                if side(state, ally) == other and side(state, enemy) == attacker_side:
                    wars.add(pair(target, enemy))
    else:
        wars.add(pair(nation, target))
    board["war"] = sorted(wars)
    return joined
