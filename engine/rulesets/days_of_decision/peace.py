"""DoD 8.7.2 MP 5 (Surrender) and the effects of peace (12.3): how a war between two major powers
ends short of conquest by offensives.

A power at war may play MP 5 to one enemy, and so surrenders to every power linked to it by
combined war aims against the surrenderer (IPO 13, war_aims.group, RULING 59; RULING 35 before
version 9):
- **unconditionally**: it is completely conquered at once (military.conquer: last on the track,
  out of the game, every war and offensive of it gone); it loses 1 PE (the US 2) and the enemy
  gains 1 (MP 5; 12.3's further swing for a home country lost is not applied: RULING 36);
- **conditionally**: an offer, settled like a treaty proposal when political affairs end
  (treaties.settle): it succeeds if the enemy's 0(f) of the same turn names the surrenderer.
  Then the same PE swing, the two are at peace, their offensives into each other are removed,
  and a non-aggression pact is established (a treaty entry of level 0 signed that turn, DoD 14).
  Negotiated terms (territory, reparations, promises, straits, traded PE, a doubled lock) need
  the map or a negotiation panel and are absent (RULING 36).

Incomplete conquest and Vichy surrender need the map's factories and capitals: absent.
The surrendering power activates no minor that turn (MP 5). MP 5 may pass the credit limit
(8.4.2); its card cost is absent, so it costs nothing here (RULING 35).
"""

from __future__ import annotations

from typing import Any

from engine.kernel import Event, Roller

from . import war_aims
from .military import conquer
from .relations import at_war, enemies, pair

State = dict[str, Any]
RULE = "DoD 8.7.2 MP 5"
PE_ON_SURRENDER = {"US": 2}       # DoD 8.7.2 MP 5: −1 PE a power surrendered to, −2 for the US
TERMS = ("conditional", "unconditional")


def surrender_actions(board: dict[str, Any], power: str) -> list[dict[str, Any]]:
    """DoD 8.7.2 MP 5 — to each enemy, on either terms; a conditional offer once a turn to
    each (a second would be the same offer). Conditional first: the gentler is listed first."""
    offered = {p["to"] for p in board["proposals"]
               if p["from"] == power and p.get("kind") == "surrender"}
    return [{"option": "MP5", "to": enemy, "terms": terms}
            for enemy in enemies(board, power) for terms in TERMS
            if terms == "unconditional" or enemy not in offered]


def victors(board: dict[str, Any], loser: str, victor: str) -> list[str]:
    """IPO 13 — the power surrendered to and its linked group still at war with the loser."""
    return [p for p in war_aims.group(board, victor, loser)
            if p == victor or at_war(board, p, loser)]


def pe_swing(board: dict[str, Any], loser: str, victor: str) -> dict[str, int]:
    """MP 5 — for each power surrendered to (the victor's group, IPO 13) the loser loses 1 PE
    (the US 2) and that power gains 1."""
    group = victors(board, loser, victor)
    board["powers"][loser]["pe"] -= PE_ON_SURRENDER.get(loser, 1) * len(group)
    for power in group:
        board["powers"][power]["pe"] += 1
    return {p: board["powers"][p]["pe"] for p in sorted([loser, *group])}


def accepted(board: dict[str, Any], proposal: dict[str, Any]) -> bool:
    """MP 5, IPO 13 — a conditional offer is accepted by any one of the group's 0(f) naming
    the surrenderer (RULING 59)."""
    return any(proposal["from"] in board["accepts"].get(p, [])
               for p in victors(board, proposal["from"], proposal["to"]))


def surrender(state: State, power: str, action: dict[str, Any], roller: Roller) -> list[Event]:
    board, victor = state["board"], action["to"]
    if action["terms"] == "conditional":
        board["proposals"].append({"from": power, "to": victor, "turn": board["turn"],
                                   "kind": "surrender"})
        return [Event("surrender_offered", RULE, {"power": power, "to": victor})]
    group = victors(board, power, victor)
    pe = pe_swing(board, power, victor)
    conquer(board, power, [victor])         # RULING 149: its objectives go to the victor
    return [Event("surrendered", RULE, {"power": power, "to": victor, "terms": "unconditional",
                                        "pe": pe, "group": group}),
            Event("power_conquered", "DoD 12", {"power": power, "by": [victor]})]


def make_peace(board: dict[str, Any], loser: str, victor: str) -> list[Event]:
    """DoD 8.7.2 MP 5 (conditional, accepted) and 12.3 — the PE swing, peace, the offensives
    into each other removed, and a pact (level 0 until a treaty is signed) from this turn — with
    every power of the victor's group (IPO 13), whose aims against the loser are cancelled."""
    group = victors(board, loser, victor)
    pe = pe_swing(board, loser, victor)
    events = [Event("surrendered", RULE, {"power": loser, "to": victor, "terms": "conditional",
                                          "pe": pe, "group": group})]
    for member in group:
        board["wars"] = [w for w in board["wars"]
                         if {w["aggressor"], w["target"]} != {loser, member}]
        board["offensives"] = {k: v for k, v in board["offensives"].items()
                               if set(k.split(">")) != {loser, member}}
        board["treaties"][pair(loser, member)] = {"level": 0, "signed": board["turn"]}
        events.append(Event("peace", "DoD 12.3", {"powers": sorted((loser, member)),
                                                  "pact": True}))
    war_aims.cancel_against(board, loser, group)
    return events
