"""The engine kernel: the contract every ruleset runs through (design §2)."""

from .canonical import canonical_json, state_hash
from .dice import Roller, commitment, roll_die
from .errors import (
                     BadSetup,
                     EngineError,
                     IllegalAction,
                     MalformedAction,
                     PausedDecision,
                     RecordError,
                     ReplayMismatch,
                     StaleDecision,
                     UnknownRuleset,
                     UnknownScenario,
)
from .game import (
                     Outcome,
                     apply,
                     audience_of,
                     audiences,
                     can_undo,
                     decisions,
                     decisions_for,
                     end_game,
                     events_for,
                     expand_options,
                     new_game,
                     open_decision,
                     paused,
                     result,
                     timeout_action,
                     undo,
                     view,
                     view_entry,
                     views,
)
from .model import PUBLIC, Decision, Event
from .ruleset import Ruleset

__all__ = [
    "BadSetup", "Decision", "EngineError", "Event", "IllegalAction", "MalformedAction",
    "Outcome", "PUBLIC", "PausedDecision", "RecordError", "ReplayMismatch", "Roller", "Ruleset", "StaleDecision",
    "UnknownRuleset", "UnknownScenario", "apply", "audience_of", "audiences", "can_undo",
    "canonical_json", "commitment", "decisions", "decisions_for", "end_game", "events_for",
    "expand_options", "new_game", "open_decision", "paused", "result", "roll_die", "state_hash",
    "timeout_action", "undo", "view", "view_entry", "views",
]
