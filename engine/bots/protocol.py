"""The bot protocol: what a bot is given, what it answers, and what bounds it.

    bot.choose(view, decision, options, rng, budget) -> action

- `view` is the seat's audience view (`engine.kernel.view(ruleset, state, "seat:<seat>")`),
  never the state: a bot knows what a player in that seat knows, and nothing more.
- `decision` is one open decision of the seat (`engine.kernel.Decision`), `options` its legal
  answers as the kernel offers them to any client (`expand_options`: items `{"action": …,
  …details}`, for enumerated and schema decisions alike). A bot answers with one of the
  listed actions, exactly as listed.
- `rng` is a `BotRng`: deterministic choices from an HMAC stream keyed by the game's public
  id, the seat, the decision and the bot — never by the game's secret seed, so a bot can
  neither learn the dice nor be told them.
- `budget` is a `Budget` counted in work (positions evaluated), not in seconds, so that the
  same view gives the same answer on any machine. A wall-clock safety net (2 s by default)
  cuts a runaway bot short; it is logged and counted, since from then on the answer may
  depend on the machine. The engine reads no clock of its own (tests/engine/
  test_engine_purity.py): the caller hands the runner one (`time.monotonic`), and without
  one there is no safety net.

A seat may hold several open decisions at once (Balance of Powers' half: march, rail, attack,
done). `decide(view, offers, rng, budget)` answers the seat's turn: which offer, and which
action. `Bot.decide` picks an offer and asks `choose`; a bot that compares actions across
decisions overrides it. Every bot has an id and a version; `by` is what the record says acted.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.kernel.dice import roll_die
from engine.kernel.model import Decision

LOG = logging.getLogger("engine.bots")

SAFETY_NET_SECONDS = 2.0


@dataclass(frozen=True, slots=True)
class Offer:
    """One open decision of the seat with its legal answers (items `{"action": …}`), and the
    seat answering (a decision may be open to several seats of a side)."""

    decision: Decision
    options: tuple[dict[str, Any], ...]
    seat: str = ""

    @property
    def me(self) -> str:
        return self.seat or self.decision.seats[0]

    @property
    def actions(self) -> list[Any]:
        return [item["action"] for item in self.options]


class Budget:
    """Work a bot may spend on one turn, and the wall-clock safety net behind it.

    `charge(n)` spends n units of work (one position evaluated, one odds table enumerated)
    and says whether the bot may go on. It says no when the work is spent — the same point on
    every machine — or when the safety net has fired, which is logged once."""

    def __init__(self, work: int, *, seconds: float = SAFETY_NET_SECONDS,
                 clock: Callable[[], float] | None = None, label: str = "") -> None:
        if work < 1:
            raise ValueError("a budget needs at least one unit of work")
        self.work = work
        self.used = 0
        self.seconds = seconds
        self.fired = False
        self.label = label
        self._clock = clock
        self._deadline = clock() + seconds if clock is not None else 0.0

    @property
    def left(self) -> int:
        return max(0, self.work - self.used)

    def charge(self, n: int = 1) -> bool:
        if self.fired:
            return False
        if self.used + n > self.work:
            return False
        self.used += n
        if self._clock is not None and self._clock() > self._deadline:
            self.fired = True
            LOG.warning("bot safety net fired after %.2f s and %d work (%s)", self.seconds,
                        self.used, self.label)
            return False
        return True


class BotRng:
    """Deterministic choices for one turn of one bot (nothing in engine/ uses `random`)."""

    def __init__(self, key: bytes) -> None:
        self.key = key
        self.count = 0

    def index(self, n: int) -> int:
        if n <= 0:
            raise ValueError("nothing to choose from")
        if n == 1:
            return 0
        self.count += 1
        return roll_die(self.key, "bot", self.count, n) - 1

    def chance(self, numerator: int, denominator: int) -> bool:
        return self.index(denominator) < numerator

    def weighted(self, weights: Sequence[int]) -> int:
        """An index drawn with whole-number weights (each at least 1)."""
        if len(weights) == 1:
            return 0
        pick = self.index(sum(weights))
        for i, weight in enumerate(weights):
            if pick < weight:
                return i
            pick -= weight
        raise AssertionError("unreachable")

    def pick(self, items: Sequence[Any]) -> Any:
        return items[self.index(len(items))]


def bot_key(game_uid: str, seat: str, decision_id: str, seq: int, by: str) -> bytes:
    """The key of a bot's stream for one turn: the game's public id, the seat, the first open
    decision, the step number (public in the view) and the bot. Never the game's seed."""
    message = "\x1f".join((game_uid, seat, decision_id, str(seq), by)).encode("utf-8")
    return hmac.new(b"salient-bot-v1", message, hashlib.sha256).digest()


class Bot:
    """Base class. A subclass sets `id`, `version`, `level`, `work` and implements `choose`."""

    id: ClassVar[str]
    version: ClassVar[str]
    level: ClassVar[int]
    # Work per turn; the arena reports how much was used.
    work: ClassVar[int] = 1000

    @property
    def by(self) -> str:
        """What a record says acted: `bot:<id>@<version>`."""
        return f"bot:{self.id}@{self.version}"

    def choose(self, view: dict[str, Any], decision: Decision,
               options: Sequence[dict[str, Any]], rng: BotRng, budget: Budget) -> Any:
        raise NotImplementedError

    def pick(self, view: dict[str, Any], offers: Sequence[Offer], rng: BotRng,
             budget: Budget) -> int:
        """Which of several open decisions to answer: by default the first in id order."""
        return 0

    def decide(self, view: dict[str, Any], offers: Sequence[Offer], rng: BotRng,
               budget: Budget) -> tuple[int, Any]:
        """The seat's turn: (index of the offer answered, action)."""
        index = self.pick(view, offers, rng, budget) if len(offers) > 1 else 0
        offer = offers[index]
        return index, self.choose(view, offer.decision, offer.options, rng, budget)
