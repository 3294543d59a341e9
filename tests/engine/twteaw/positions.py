"""Helpers for TWTEAW rule tests: a fresh game, positions set by hand, loaded dice."""

from __future__ import annotations

from typing import Any

from engine.kernel import Roller, new_game
from engine.rulesets.twteaw import RULESET
from engine.rulesets.twteaw import orders as O
from engine.rulesets.twteaw import resolution as R
from engine.rulesets.twteaw.nations import SEATS

SEED = b"twteaw-tests".ljust(32, b".")


def fresh(turns: int = 26) -> dict[str, Any]:
    state, _ = new_game(RULESET, "europe-1914", {"turns": turns}, list(SEATS), SEED, "test")
    return state


def empty_board(state: dict[str, Any]) -> dict[str, Any]:
    """No units anywhere, no money."""
    for secret in state["secret"].values():
        secret["units"] = {}
        secret["bank"] = 0
    return state


def put(state: dict[str, Any], nation: str, area: str, **units: int) -> None:
    stack = state["secret"][nation]["units"].setdefault(area, {})
    for unit, n in units.items():
        stack[unit] = stack.get(unit, 0) + n


class LoadedDice(Roller):
    """Dice from a script: `script[key]` lists the values for the dice rolled under `key`, in
    order (the combat keys are "battle <area> attack|defence r<round>"). A die that is not in
    the script fails the test; unused dice are reported by `left()`."""

    def __init__(self, script: dict[str, list[int]]):
        super().__init__(seed=b"\0" * 32, game_uid="loaded", counter=0, version=2)
        self.script = {k: list(v) for k, v in script.items()}

    def roll(self, sides: int, purpose: str, count: int = 1, key: str | None = None) -> list[int]:
        label = purpose if key is None else key
        values = self.script.get(label, [])
        if len(values) < count:
            raise AssertionError(f"the script has {len(values)} dice for {label!r}, {count} rolled")
        out, self.script[label] = values[:count], values[count:]
        self.rolls.extend({"key": label, "value": v, "sides": sides} for v in out)
        return out

    def left(self) -> dict[str, list[int]]:
        return {k: v for k, v in self.script.items() if v}


def resolve(state: dict[str, Any], written: dict[str, dict[str, Any]], dice: dict[str, list[int]]) -> list:
    """Resolve one turn with the given orders (validated as a seat would write them)."""
    orders = {n: O.validate(state, n, o) for n, o in written.items()}
    for seat in SEATS:
        orders.setdefault(seat, O.normalise({}))
    roller = LoadedDice(dice)
    events = R.resolve_turn(state, orders, roller)
    assert roller.left() == {}, f"unused dice: {roller.left()}"
    return events


def units(state: dict[str, Any], nation: str, area: str) -> dict[str, int]:
    return dict(state["secret"][nation]["units"].get(area, {}))
