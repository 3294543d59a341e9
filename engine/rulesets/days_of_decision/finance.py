"""DoD 8.7.1 IPO 17 (The Credit Card) and IPO 18 (Free Trade vs. Protection).

IPO 17, once at least four options have been played this turn: every power in debt pays 1 money
interest per full 5 of debt and rolls for the rest; every power in credit receives 1 per full
10 and rolls for the rest. RULING: the text says the extra point falls on a roll *less than*
twice the fraction (debt) or the fraction (credit), but both worked examples say "or less"; we
follow the examples (16 in debt: a 4th point on 2 or less; 17 in credit: a 2nd on 7 or less).
Its minor effects fall on minors holding economic agreements (IPO 2), absent: none yet.
IPO 18: a power declares itself protectionist or a free trader (all start protectionist but the
US). RULING: only a change of status may be declared. Its minor effects (economic agreements)
and the production bonus (10.1.1) are not built.
"""

from __future__ import annotations

from typing import Any

from engine.kernel import Event, Roller

from .catalogue import CATALOGUE

State = dict[str, Any]
IPO17, IPO18 = CATALOGUE["IPO17"], CATALOGUE["IPO18"]
CREDIT_CARD_AFTER = 4       # DoD 8.7.1 IPO 17: options already played this turn
DEBT_STEP, CREDIT_STEP = 5, 10


def options_played_this_turn(board: dict[str, Any]) -> int:
    return sum(int(entry["played"]) for entry in board["powers"].values())


def credit_card_actions(board: dict[str, Any], power: str) -> list[dict[str, Any]]:
    if options_played_this_turn(board) < CREDIT_CARD_AFTER:
        return []
    return [{"option": "IPO17"}]


def interest(money: int, roll_for_fraction: Any) -> int:
    """DoD 8.7.1 IPO 17 — the change in money (negative: interest paid)."""
    if money < 0:
        debt = -money
        whole, fraction = divmod(debt, DEBT_STEP)
        extra = 1 if fraction and roll_for_fraction() <= 2 * fraction else 0
        return -(whole + extra)
    whole, fraction = divmod(money, CREDIT_STEP)
    extra = 1 if fraction and roll_for_fraction() <= fraction else 0
    return whole + extra


def play_credit_card(state: State, power: str, action: dict[str, Any],
                     roller: Roller) -> list[Event]:
    board = state["board"]
    board["powers"][power]["money"] -= IPO17.cost
    changes = {}
    for other in board["initiative"]:      # in initiative order, so the rolls are fixed
        entry = board["powers"][other]
        change = interest(int(entry["money"]),
                          lambda other=other: roller.d(10, f"IPO 17 interest {other}"))
        entry["money"] += change
        changes[other] = change
    return [Event("interest", IPO17.rule, {"power": power, "interest": changes})]


def trade_actions(board: dict[str, Any], power: str) -> list[dict[str, Any]]:
    free = board["powers"][power]["free_trader"]
    return [{"option": "IPO18", "to": "protection" if free else "free_trade"}]


def play_trade(state: State, power: str, action: dict[str, Any], roller: Roller) -> list[Event]:
    board = state["board"]
    board["powers"][power]["money"] -= IPO18.cost
    board["powers"][power]["free_trader"] = action["to"] == "free_trade"
    return [Event("trade_policy", IPO18.rule, {"power": power, "to": action["to"]})]
