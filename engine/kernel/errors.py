"""The engine's exceptions, split by cause (malformed / illegal / unknown).

An engine bug raises AssertionError, never IllegalAction: a rejection is always a statement
about the player's input, citing the rule that forbids it.
"""

from __future__ import annotations

from typing import Any


class EngineError(Exception):
    """Base of every error the engine raises on purpose."""

    code = "engine/error"


class MalformedAction(EngineError, ValueError):
    """The action cannot be parsed: wrong type, missing field, unknown verb."""

    code = "action/malformed"

    def __init__(self, message: str, *, data: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.data = dict(data or {})

    def as_dict(self) -> dict[str, Any]:
        return {"code": self.code, "data": self.data, "message": self.message}


class IllegalAction(EngineError):
    """A well-formed action that the rules forbid in this position.

    `rule` names the rulebook section enforced ("BoP 9.14", "kernel"), `code` is a stable
    snake_case value, `data` holds the named values the message quotes.
    """

    def __init__(self, rule: str, code: str, data: dict[str, Any] | None = None,
                 message: str | None = None) -> None:
        self.rule = rule
        self.code = code
        self.data = dict(data or {})
        self.message = message or code.replace("_", " ")
        super().__init__(f"[{rule}] {self.code}: {self.message}")

    def as_dict(self) -> dict[str, Any]:
        return {"rule": self.rule, "code": self.code, "data": self.data, "message": self.message}


class StaleDecision(IllegalAction):
    """The decision named is not open for that seat (answered, changed or withdrawn)."""

    def __init__(self, seat: str, decision_id: str) -> None:
        super().__init__(
            "kernel", "stale_decision", {"seat": seat, "decision": decision_id},
            f"Decision {decision_id!r} is not open for {seat!r}: it was answered, changed or "
            "withdrawn.")


class PausedDecision(IllegalAction):
    """The decision named is listed but paused (`Ruleset.paused`): set aside while another
    question is asked (a seat's menu while its force moves or a combat asks its questions). It
    opens again afterwards under the same id; until then nothing may answer it."""

    def __init__(self, seat: str, decision_id: str) -> None:
        super().__init__(
            "kernel", "decision_paused", {"seat": seat, "decision": decision_id},
            f"Decision {decision_id!r} is paused for {seat!r}: it opens again when the "
            "question asked now is answered.")


class UnknownRuleset(EngineError, LookupError):
    code = "engine/unknown_ruleset"


class UnknownScenario(EngineError, LookupError):
    code = "engine/unknown_scenario"


class BadSetup(EngineError, ValueError):
    """Scenario options or seats that a game cannot start with."""

    code = "engine/bad_setup"


class RecordError(EngineError, ValueError):
    """A salient-record/1 document that cannot be read, or that does not replay."""

    code = "record/invalid"


class ReplayMismatch(RecordError):
    code = "record/mismatch"
