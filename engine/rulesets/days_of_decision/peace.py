"""DoD 8.7.2 MP 5 (Surrender) and the effects of peace (12.3): how a war between two major powers
ends short of conquest by offensives.

A power at war may play MP 5 to one enemy (RULING 35: combined war aims, IPO 13, are absent, so
nobody surrenders to a group):
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

from .treaties import pair

State = dict[str, Any]
RULE = "DoD 8.7.2 MP 5"
PE_ON_SURRENDER = {"US": 2}       # DoD 8.7.2 MP 5: −1 PE a power surrendered to, −2 for the US
TERMS = ("conditional", "unconditional")


def surrender_actions(board: dict[str, Any], power: str) -> list[dict[str, Any]]:
    """DoD 8.7.2 MP 5 — to each enemy, on either terms; a conditional offer once a turn to
    each (a second would be the same offer). Conditional first: the gentler is listed first."""
    from .war import enemies
    offered = {p["to"] for p in board["proposals"]
               if p["from"] == power and p.get("kind") == "surrender"}
    return [{"option": "MP5", "to": enemy, "terms": terms}
            for enemy in enemies(board, power) for terms in TERMS
            if terms == "unconditional" or enemy not in offered]


def pe_swing(board: dict[str, Any], loser: str, victor: str) -> dict[str, int]:
    board["powers"][loser]["pe"] -= PE_ON_SURRENDER.get(loser, 1)
    board["powers"][victor]["pe"] += 1
    return {loser: board["powers"][loser]["pe"], victor: board["powers"][victor]["pe"]}


def surrender(state: State, power: str, action: dict[str, Any], roller: Roller) -> list[Event]:
    from .military import conquer
    board, victor = state["board"], action["to"]
    if action["terms"] == "conditional":
        board["proposals"].append({"from": power, "to": victor, "turn": board["turn"],
                                   "kind": "surrender"})
        return [Event("surrender_offered", RULE, {"power": power, "to": victor})]
    pe = pe_swing(board, power, victor)
    conquer(board, power)
    return [Event("surrendered", RULE, {"power": power, "to": victor, "terms": "unconditional",
                                        "pe": pe}),
            Event("power_conquered", "DoD 12", {"power": power})]


def make_peace(board: dict[str, Any], loser: str, victor: str) -> list[Event]:
    """DoD 8.7.2 MP 5 (conditional, accepted) and 12.3 — the PE swing, peace, the offensives
    into each other removed, and a pact (level 0 until a treaty is signed) from this turn."""
    board["wars"] = [w for w in board["wars"] if {w["aggressor"], w["target"]} != {loser, victor}]
    board["offensives"] = {k: v for k, v in board["offensives"].items()
                           if set(k.split(">")) != {loser, victor}}
    board["treaties"][pair(loser, victor)] = {"level": 0, "signed": board["turn"]}
    pe = pe_swing(board, loser, victor)
    return [Event("surrendered", RULE, {"power": loser, "to": victor, "terms": "conditional",
                                        "pe": pe}),
            Event("peace", "DoD 12.3", {"powers": sorted((loser, victor)), "pact": True})]
