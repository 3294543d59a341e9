"""Verifiable dice from a secret seed, committed to at the start of a game.

Dice v1 numbers every die of a game with one counter n. Die n with s sides: for k = 0, 1, 2…:
h = HMAC-SHA256(seed, "<game_uid>:<n>:<k>"), x = first 8 bytes of h big-endian; accept the
first x < 2^64 − (2^64 mod s); roll = x mod s + 1.

Dice v2 names each die by where it is rolled instead: (scope, key, i), where scope is the
decision being answered (or "group:<id>" when a sealed group resolves, or "setup"), key is the
ruleset's label for the roll (by default its purpose; "battle 12,7" keeps battles apart) and i
counts the dice of that scope and key within the step. So a re-run of a step with one order
changed leaves every other battle's dice where they were; under v1 one extra die shifts every
later die of the game. The HMAC message is the UTF-8 bytes of "salient-dice-v2", then for each
of game_uid, scope, key, i, k: ";" + its UTF-8 length in decimal + ":" + its UTF-8 text;
x and the rejection are as in v1. docs/architecture.md gives the reasoning and the vectors.

The seed is never part of the game state: a state dump can never leak it. Only the roll
counter n (v1's die number; under v2 only the dice's running count) lives in the state
(`state["kernel"]["dice"]`).
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass, field
from typing import Any, Callable

_SPACE = 1 << 64


def commitment(seed: bytes) -> str:
    """The public SHA-256 commitment of a seed, hex."""
    return hashlib.sha256(seed).hexdigest()


def _draw(seed: bytes, sides: int, message: Callable[[int], bytes]) -> int:
    """Rejection sampling shared by both versions: the first unbiased HMAC draw, 1..sides."""
    if sides < 2:
        raise ValueError(f"a die needs at least 2 sides, not {sides}")
    limit = _SPACE - (_SPACE % sides)
    k = 0
    while True:
        digest = hmac.new(seed, message(k), hashlib.sha256).digest()
        x = int.from_bytes(digest[:8], "big")
        if x < limit:
            return x % sides + 1
        k += 1


def roll_die(seed: bytes, game_uid: str, n: int, sides: int) -> int:
    """Dice v1: the n-th die of a game, 1..sides."""
    return _draw(seed, sides, lambda k: f"{game_uid}:{n}:{k}".encode("utf-8"))


def v2_message(game_uid: str, scope: str, key: str, i: int, k: int) -> bytes:
    """The HMAC message of a v2 die: every field length-prefixed, so no field's text can be
    mistaken for another's (a ':' in a decision id changes nothing)."""
    out = bytearray(b"salient-dice-v2")
    for part in (game_uid, scope, key, str(i), str(k)):
        data = part.encode("utf-8")
        out += b";" + str(len(data)).encode("ascii") + b":" + data
    return bytes(out)


def roll_die_v2(seed: bytes, game_uid: str, scope: str, key: str, i: int, sides: int) -> int:
    """Dice v2: die i of (scope, key) in a game, 1..sides."""
    return _draw(seed, sides, lambda k: v2_message(game_uid, scope, key, i, k))


def recorded_die(seed: bytes, game_uid: str, roll: dict[str, Any]) -> int:
    """What the seed gives for a recorded roll of either version (replay and verifiers)."""
    if roll.get("v") == 2:
        return roll_die_v2(seed, game_uid, roll["scope"], roll["key"], roll["i"],
                           roll["sides"])
    return roll_die(seed, game_uid, roll["n"], roll["sides"])


def new_seed(entropy: bytes) -> bytes:
    """A 32-byte seed. The caller supplies the entropy (os.urandom in the platform) because
    nothing in engine/ draws randomness of its own."""
    if len(entropy) < 32:
        raise ValueError("a seed needs at least 32 bytes of entropy")
    return hashlib.sha256(entropy).digest()


@dataclass(slots=True)
class Roller:
    """Rolls dice for one apply() call and remembers them for the events.

    The counter starts from the state's and is written back by the kernel after the call.
    `version` is the game's dice version (fixed when it starts); `scope` names the step for
    v2 (the kernel sets it: the decision answered, a sealed group, or "setup").
    """

    seed: bytes
    game_uid: str
    counter: int
    rolls: list[dict[str, Any]] = field(default_factory=list)
    version: int = 1
    scope: str = "setup"
    _drawn: dict[str, int] = field(default_factory=dict)

    def roll(self, sides: int, purpose: str, count: int = 1,
             key: str | None = None) -> list[int]:
        """Roll `count` dice of `sides`; each is recorded with its purpose ("combat 2d10").
        `key` (v2 only; default: the purpose) names what the dice decide, so that rolls for
        different things never share a sequence: give each battle its own."""
        results = []
        for _ in range(count):
            if self.version == 2:
                label = purpose if key is None else key
                i = self._drawn.get(label, 0)
                self._drawn[label] = i + 1
                value = roll_die_v2(self.seed, self.game_uid, self.scope, label, i, sides)
                self.rolls.append({"n": self.counter, "sides": sides, "value": value,
                                   "purpose": purpose, "v": 2, "scope": self.scope,
                                   "key": label, "i": i})
            else:
                value = roll_die(self.seed, self.game_uid, self.counter, sides)
                self.rolls.append({"n": self.counter, "sides": sides, "value": value,
                                   "purpose": purpose})
            self.counter += 1
            results.append(value)
        return results

    def d(self, sides: int, purpose: str, key: str | None = None) -> int:
        return self.roll(sides, purpose, key=key)[0]
