"""The War to End All Wars (seed 004), the playable core: area movement on `twteaw-world`,
simultaneous written orders resolved phase by phase, fog of war per nation.

See docs/rules/twteaw.md for the coverage matrix, rulings and data provenance.
"""

from .ruleset import RULESET

__all__ = ["RULESET"]
