"""DoD 8.7.2 MP 4 (ITS WAR!) and the war graph: who may declare war on whom, what a
declaration does, and casus belli.

War is a graph, not two sides: `board["wars"]` holds one edge per pair of major powers at war
(who declared it, and when). A declaration needs: a target of another ideology, not at war with
us yet, still in the game; no level-3 treaty with it; a level-2 treaty only with casus belli; a
pact (any treaty, DoD 14) only when it can be broken (treaties.nap_blocks); and the declarer's
own national limit (NATIONAL_LIMITS below, with the parts that need absent data replaced by
RULING 29). The target's PE rises by 1 (the US's by 2), the treaty between them is cancelled,
and every power with a level-2 or level-3 treaty with the target gains casus belli against the
declarer. The declarer activates no minor this turn. The War Chart's US entry (halved with
casus belli) and minor effects follow (war_chart.py, RULINGS 51-53).

Declarations on minor countries are in minor_war.py (RULINGS 39-41).
"""

from __future__ import annotations

from typing import Any

from engine.kernel import Event, Roller

from . import us_entry, war_chart
from .catalogue import CATALOGUE
from .powers import IDEOLOGIES, POWERS, SEATS
from .relations import (
    at_war,
    conquered,
    drop_casus_belli,
    grant_casus_belli,
    has_casus_belli,
    level,
    pair,
    purged_before,
)
from .treaties import nap_blocks, position

State = dict[str, Any]
RULE = "DoD 8.7.2 MP 4"
# RULING 29: the PM track is absent (MP 1, MP 2), so "PM at least 3/4" is read as met from
# Jan/Feb 1938 on, when the historical Germany and Italy had geared up.
GEARED_UP_TURN = 13
PE_ON_BEING_ATTACKED = {"US": 2}        # DoD 8.7.2 MP 4: +1 PE for the target, +2 for the US


def _geared_up(board: dict[str, Any]) -> bool:
    return int(board["turn"]) >= GEARED_UP_TURN


def _national_limit(board: dict[str, Any], power: str, target: str) -> bool:
    """DoD 8.7.2 GE/IT/JA/RU/CW/FR/CH/US 4 against a major power. Casus belli (which includes
    a level-3 partner attacked) opens every power's limit; beyond it, RULING 29: Germany
    needs PM 3/4 (geared up), Italy PM 3/4 and a better initiative than the target, Japan
    JA 8 played (JA 4 (b); since version 20 China without either is JA 6's, RULING 126); China also needs the better initiative with casus belli; the
    Soviet border ratio (the map) leaves the Soviet Union, like Britain and France, needing
    casus belli, and from version 18 RU 6 (Purge) played in an earlier turn (RU 4 (a),
    RULING 107); the US needs casus belli or its modified US entry total
    (US 4, us_entry.py)."""
    cb = has_casus_belli(board, power, target)
    ahead = position(board, power) < position(board, target)
    if power == "RU" and not purged_before(board):      # RU 4 (a), RULING 107
        return False
    if power == "CH":
        return cb and ahead
    if cb:
        return True
    if power == "GE":
        return _geared_up(board)
    if power == "IT":
        return _geared_up(board) and ahead
    if power == "JA":
        # JA 4 (b); (c), China by JA 6, is national.peking_actions (RULING 126)
        return "JA8" in board.get("national", {}).get("played", {})
    if power == "US":
        return us_entry.may_declare(board, target)
    return False


def may_declare(board: dict[str, Any], power: str, target: str) -> bool:
    return declarable(board, power, target) and _national_limit(board, power, target)


def declarable(board: dict[str, Any], power: str, target: str) -> bool:
    """DoD 8.7.2 MP 4's limits common to every power (the national ones apart): another
    ideology, not at war yet, both in the game, no level-3 treaty, a level-2 one only with
    casus belli, no pact that holds (JA 6 declares under these too, RULING 124)."""
    if target == power or conquered(board, power) or conquered(board, target):
        return False
    if POWERS[power].ideology == POWERS[target].ideology or at_war(board, power, target):
        return False
    treaty = level(board, power, target)
    if treaty >= 3 or (treaty == 2 and not has_casus_belli(board, power, target)):
        return False
    return not nap_blocks(board, power, target)   # a treaty, or a pact left without levels


def declaration_actions(board: dict[str, Any], power: str) -> list[dict[str, Any]]:
    """RULING 29: one target a play (the book allows several; each would cost the card again)."""
    return [{"option": "MP4", "target": t} for t in board["initiative"]
            if may_declare(board, power, t)]


def declare(state: State, power: str, action: dict[str, Any], roller: Roller) -> list[Event]:
    board = state["board"]
    board["powers"][power]["money"] -= CATALOGUE["MP4"].cost
    return open_war(board, power, action["target"])


def open_war(board: dict[str, Any], power: str, target: str, limited: bool = False
             ) -> list[Event]:
    """A declaration's effects. `limited` (JA 6, RULING 124): the war edge is marked limited
    and the target's PE does not rise; everything else is a declaration's."""
    halved = has_casus_belli(board, power, target)     # before the war and the CB is used
    edge: dict[str, Any] = {"aggressor": power, "target": target, "since": board["turn"]}
    if limited:
        edge["limited"] = True
    board["wars"].append(edge)
    if not limited:
        board["powers"][target]["pe"] += PE_ON_BEING_ATTACKED.get(target, 1)
    cancelled = board["treaties"].pop(pair(power, target), None)
    board["proposals"] = [p for p in board["proposals"]
                          if {p["from"], p["to"]} != {power, target}]
    partners = [p for p in SEATS if p not in (power, target) and level(board, p, target) >= 2]
    for partner in partners:
        grant_casus_belli(board, partner, power)
    clear_casus_belli_one(board, power, target)
    payload = {"power": power, "target": target, "treaty_cancelled": bool(cancelled),
               "pe": board["powers"][target]["pe"], "casus_belli_to": partners}
    if limited:
        payload["limited"] = True
    return [Event("war_declared", RULE, payload),
        *war_chart.declared_on_major(board, power, target, halved)]


def limited(board: dict[str, Any], a: str, b: str) -> bool:
    """DoD 8.7.2 JA 6 — the war between a and b is a limited one."""
    return any({w["aggressor"], w["target"]} == {a, b} and w.get("limited") for w in board["wars"])


def clear_casus_belli_one(board: dict[str, Any], power: str, target: str) -> None:
    """Casus belli is used up by the declaration it allowed (RULING 29)."""
    drop_casus_belli(board, power, target)


def war_modifier(board: dict[str, Any]) -> int:
    """DoD 8.6 — +1 if four or more powers are at war with each other, +2 if every power still
    in the game is at war. RULING 30: both sentences add, so they stack (+3)."""
    fighting = {p for w in board["wars"] for p in (w["aggressor"], w["target"])}
    standing = [p for p in SEATS if not conquered(board, p)]
    return (1 if len(fighting) >= 4 else 0) + \
        (2 if standing and all(p in fighting for p in standing) else 0)


def conquered_ideologies(board: dict[str, Any]) -> list[str]:
    """DoD 4 — the ideologies whose every major power is conquered, in the book's order."""
    return [i for i in IDEOLOGIES
            if all(conquered(board, p) for p in SEATS if POWERS[p].ideology == i)]


def ideology_conquered(board: dict[str, Any]) -> str | None:
    """DoD 4 — the first ideology whose every major power is conquered, or None."""
    fallen = conquered_ideologies(board)
    return fallen[0] if fallen else None

