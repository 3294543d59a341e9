"""Days of Decision III (seed 003), first slice: the turn sequence as a step table, the major
powers, the minors and the Status Display as data, the sealed initiative bids and the political
affairs step with the MP 0 options that need no chart the seed lacks.

See docs/rules/days_of_decision.md for the coverage matrix, rulings and data provenance.
"""

from .ruleset import RULESET

__all__ = ["RULESET"]
