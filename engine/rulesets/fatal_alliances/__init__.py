"""Fatal Alliances (FA III), milestone 1: the land war of 1914 in Europe and the Middle East.

See docs/rules/fatal_alliances.md for the coverage matrix, decisions and deviations.
"""

from .ruleset import RULESET

__all__ = ["RULESET"]
