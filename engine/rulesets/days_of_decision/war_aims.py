"""DoD 8.7.1 IPO 13 (Combined War Aims): powers at war with the same enemies bind themselves so
that an enemy surrendering to one must surrender to the whole linked group (MP 5).

`board["war_aims"]` holds one entry per pair of combined powers and enemy:
{"powers": [A, B], "against": X}. A proposal (played by a power at war with X, naming a
partner also at war with X) waits for the partner's 0(f) of the same turn, settled with the
other proposals (treaties.settle); when it succeeds both must still be at war with every enemy
named. RULING 58: one partner a play (the book lets several be named; the IPO is played once a
turn by anyone, so a group grows a partner a turn), against either every enemy the two share
or one of them. Repudiation needs no answer: it drops every aim with the one power named.
RULING 59: a group is everyone linked to the power surrendered to by aims against the
surrenderer (the book's example chains them); a conditional offer is accepted by any one
member's 0(f) naming the surrenderer (MP 5: one 0(f) answers for all, all having agreed),
and brings peace with every member; MP 5's PE swing is for each power surrendered to (MP 5
charges no extra money, US entry or minor effect for a group). The aims of the powers
surrendered to against the surrenderer are cancelled; a conquered power's aims and every aim
against it are gone (military.conquer). The colonies part
(returning liberated territory to a partner) needs the map: absent.
"""

from __future__ import annotations

from typing import Any

from engine.kernel import Event, Roller

from .catalogue import CATALOGUE
from .relations import at_war, conquered, enemies

State = dict[str, Any]
RULE = CATALOGUE["IPO13"].rule


def _has(board: dict[str, Any], a: str, b: str, against: str) -> bool:
    return any(e["powers"] == sorted((a, b)) and e["against"] == against
               for e in board["war_aims"])


def partners(board: dict[str, Any], power: str) -> list[str]:
    return sorted({p for e in board["war_aims"] if power in e["powers"] for p in e["powers"]}
                  - {power})


def group(board: dict[str, Any], victor: str, loser: str) -> list[str]:
    """RULING 59 — `victor` and every power linked to it by aims against `loser`."""
    found, todo = {victor}, [victor]
    while todo:
        here = todo.pop()
        for e in board["war_aims"]:
            if e["against"] == loser and here in e["powers"]:
                for p in e["powers"]:
                    if p not in found:
                        found.add(p)
                        todo.append(p)
    return sorted(found)


def actions(board: dict[str, Any], power: str) -> list[dict[str, Any]]:
    """DoD 8.7.1 IPO 13 — propose to one partner against all shared enemies or one of them
    (RULING 58), or repudiate every aim with one partner."""
    out: list[dict[str, Any]] = []
    mine = enemies(board, power)
    for other in board["initiative"]:
        if other == power or conquered(board, other):
            continue
        shared = [x for x in mine if at_war(board, other, x)
                  and not _has(board, power, other, x)]
        choices = ([shared] if shared else []) + ([[x] for x in shared] if len(shared) > 1 else [])
        out += [{"option": "IPO13", "with": other, "against": c} for c in choices]
    out += [{"option": "IPO13", "repudiate": other} for other in partners(board, power)]
    return out


def play(state: State, power: str, action: dict[str, Any], roller: Roller) -> list[Event]:
    board = state["board"]
    if "repudiate" in action:
        other = action["repudiate"]
        board["war_aims"] = [e for e in board["war_aims"] if e["powers"] != sorted((power, other))]
        return [Event("war_aims_repudiated", RULE, {"power": power, "with": other})]
    board["proposals"].append({"from": power, "to": action["with"], "turn": board["turn"],
                               "kind": "war_aims", "against": list(action["against"])})
    return [Event("war_aims_proposed", RULE, {"power": power, "to": action["with"],
                                              "against": list(action["against"])})]


def settle_proposals(state: State) -> list[Event]:
    """When political affairs end, before the other proposals (treaties.settle): each aims
    proposal is taken off the list and signed if its partner's 0(f) named the proposer."""
    board = state["board"]
    mine = [p for p in board["proposals"] if p.get("kind") == "war_aims"]
    board["proposals"] = [p for p in board["proposals"] if p.get("kind") != "war_aims"]
    return [_settle(board, p, p["from"] in board["accepts"].get(p["to"], [])) for p in mine]


def _settle(board: dict[str, Any], proposal: dict[str, Any], agreed: bool) -> Event:
    """The partner's 0(f) signs the aims, if both are still at war with every enemy named."""
    a, b, against = proposal["from"], proposal["to"], proposal["against"]
    if not agreed or not all(at_war(board, p, x) for p in (a, b) for x in against):
        return Event("war_aims_failed", RULE, {"power": a, "to": b})
    for x in against:
        if not _has(board, a, b, x):
            board["war_aims"].append({"powers": sorted((a, b)), "against": x})
    board["war_aims"].sort(key=lambda e: (e["powers"], e["against"]))
    return Event("war_aims_signed", RULE, {"powers": sorted((a, b)), "against": list(against)})


def cancel_against(board: dict[str, Any], loser: str, victors: list[str]) -> None:
    """The aims of the powers surrendered to against the power that surrendered are cancelled
    (those of its other enemies stand)."""
    board["war_aims"] = [e for e in board["war_aims"]
                         if e["against"] != loser or not set(e["powers"]) & set(victors)]


def describe(action: dict[str, Any], titles: dict[str, str]) -> str:
    if "repudiate" in action:
        return f"repudiate war aims with {titles[action['repudiate']]}"
    return (f"combine with {titles[action['with']]} against "
            f"{', '.join(titles[x] for x in action['against'])}")

