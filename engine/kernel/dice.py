"""Dice v1: verifiable dice from a secret seed, committed to at the start of a game.

Die n with s sides: for k = 0, 1, 2…: h = HMAC-SHA256(seed, "<game_uid>:<n>:<k>"),
x = first 8 bytes of h big-endian; accept the first x < 2^64 − (2^64 mod s); roll = x mod s + 1.
The seed is never part of the game state: a state dump can never leak it. Only the roll
counter n lives in the state (`state["kernel"]["dice"]`).
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass, field
from typing import Any

_SPACE = 1 << 64


def commitment(seed: bytes) -> str:
    """The public SHA-256 commitment of a seed, hex."""
    return hashlib.sha256(seed).hexdigest()


def roll_die(seed: bytes, game_uid: str, n: int, sides: int) -> int:
    """The n-th die of a game, 1..sides."""
    if sides < 2:
        raise ValueError(f"a die needs at least 2 sides, not {sides}")
    limit = _SPACE - (_SPACE % sides)
    k = 0
    while True:
        digest = hmac.new(seed, f"{game_uid}:{n}:{k}".encode("utf-8"), hashlib.sha256).digest()
        x = int.from_bytes(digest[:8], "big")
        if x < limit:
            return x % sides + 1
        k += 1


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
    """

    seed: bytes
    game_uid: str
    counter: int
    rolls: list[dict[str, Any]] = field(default_factory=list)

    def roll(self, sides: int, purpose: str, count: int = 1) -> list[int]:
        """Roll `count` dice of `sides`; each is recorded with its purpose ("combat 2d10")."""
        results = []
        for _ in range(count):
            value = roll_die(self.seed, self.game_uid, self.counter, sides)
            self.rolls.append({"n": self.counter, "sides": sides, "value": value,
                               "purpose": purpose})
            self.counter += 1
            results.append(value)
        return results

    def d(self, sides: int, purpose: str) -> int:
        return self.roll(sides, purpose)[0]
