"""Balance of Powers (Compass Games, J. Gorkowski): scenario 12.1 "Before the Leaves Fall".

See docs/rules/balance_of_powers.md for the coverage matrix and every ruling.
"""

from .ruleset import RULESET, BalanceOfPowers

__all__ = ["RULESET", "BalanceOfPowers"]
