"""Toy Skirmish with a bug on purpose, for the socket-failure tests: every seat may always be
asked for a `poke`, and expanding or answering it raises TypeError — as BoP's validation did on
`{"to": []}` (probe F11). Loaded by SALIENT_EXTRA_RULESETS (tests/live/test_socket_failures.py)."""

from __future__ import annotations

from typing import Any

from engine.kernel.model import Decision
from tests.toy.ruleset import MANIFEST, ToySkirmish


class Fragile(ToySkirmish):
    id = "toy_fragile"
    manifest = {**MANIFEST, "title": "Toy Skirmish (fragile)"}

    def decisions(self, state: dict[str, Any]) -> list[Decision]:
        poke = Decision(id="poke", seats=tuple(sorted(state["secret"])), kind="poke",
                        rule="fragile", prompt="Poke the bug",
                        schema={"type": "object"})
        return [*super().decisions(state), poke]

    def options(self, state: dict[str, Any], seat: str, decision: Decision,
                query: dict[str, Any] | None) -> list[dict[str, Any]]:
        if decision.id == "poke":
            raise TypeError("a bug on purpose")
        return super().options(state, seat, decision, query)

    def validate(self, state: dict[str, Any], seat: str, decision: Decision,
                 action: Any) -> Any:
        if decision.id == "poke":
            raise TypeError("a bug on purpose")
        return super().validate(state, seat, decision, action)


RULESET = Fragile()
