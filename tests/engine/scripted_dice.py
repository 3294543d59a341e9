"""Dice from a script, for rule tests that reproduce a worked example or a chosen roll:
`script[key]` lists the values rolled under `key` (a roll's `key`, else its purpose), in order.
A die not in the script fails the test; `optional` dice may be rolled or not (a ruleset's
background rolls a test does not care about); `left()` reports script values never rolled."""

from __future__ import annotations

from engine.kernel.dice import Roller


class ScriptedDice(Roller):
    def __init__(self, script: dict[str, list[int]], *,
                 optional: dict[str, list[int]] | None = None, game_uid: str = "scripted"):
        super().__init__(seed=b"\0" * 32, game_uid=game_uid, counter=0, version=2)
        self.script = {k: list(v) for k, v in script.items()}
        self.optional = {k: list(v) for k, v in (optional or {}).items() if k not in script}

    def roll(self, sides: int, purpose: str, count: int = 1, key: str | None = None) -> list[int]:
        label = purpose if key is None else key
        if label in self.optional:
            out, self.optional[label] = self.optional[label][:count], self.optional[label][count:]
            return out
        values = self.script.get(label, [])
        if len(values) < count:
            raise AssertionError(f"the script has {len(values)} dice for {label!r}, {count} rolled")
        out, self.script[label] = values[:count], values[count:]
        self.rolls.extend({"key": label, "value": v, "sides": sides} for v in out)
        return out

    def left(self) -> dict[str, list[int]]:
        return {k: v for k, v in self.script.items() if v}


class FixedDice(Roller):
    """Each roll returns the next values of one fixed list, whatever its purpose or key (for
    enumerating every dice outcome of a combat)."""

    def __init__(self, values: list[int]) -> None:
        super().__init__(seed=b"\0" * 32, game_uid="fixed", counter=0, version=2)
        self.values = list(values)

    def roll(self, sides: int, purpose: str, count: int = 1, key: str | None = None) -> list[int]:
        out, self.values = self.values[:count], self.values[count:]
        return out
