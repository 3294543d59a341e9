"""What every level-2 bot shares: scoring every listed answer, randomised near-ties, the value
map's diffusion, and exact dice distributions.

A level-2 bot builds a context once per turn (its world: the view read as a position; a value
map over the board; threats), then scores each listed answer of each open decision with the
phase module for its kind, one unit of work per answer scored (more for an answer whose odds
it enumerates). The best score wins; answers within the tie margin of the best are drawn at
random (DumbBot's "play an alternative"), so the bot is not predictable. An answer a phase
scores `None` is never chosen unless nothing else was scored.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import product
from typing import Any, TypeVar

from engine.kernel.model import Decision

from .protocol import Bot, BotRng, Budget, Offer

Score = float | None
Place = TypeVar("Place", bound=Hashable)


@dataclass(frozen=True, slots=True)
class Scored:
    score: float
    offer: int
    action: Any


def near_best(scored: Sequence[Scored], rng: BotRng, absolute: float,
              relative: float) -> Scored:
    """The best candidate, or one drawn from those within the margin of the best: `absolute`
    or `relative` × |best|, whichever is larger. Candidates keep their listed order, so the
    draw is the same on every machine."""
    best = max(c.score for c in scored)
    margin = max(absolute, relative * abs(best))
    close = [c for c in scored if c.score >= best - margin]
    return close[rng.index(len(close))]


class HeuristicBot(Bot):
    """Base of the level-2 bots: `context` once per turn, then one phase per decision kind."""

    level = 2
    work = 4000
    # Margins of a near-tie (see near_best).
    tie_absolute = 0.25
    tie_relative = 0.05

    def context(self, view: dict[str, Any], offers: Sequence[Offer], rng: BotRng,
                budget: Budget) -> Any:
        raise NotImplementedError

    def phase(self, kind: str) -> Callable[[Any, Decision, dict[str, Any]], Score]:
        raise NotImplementedError

    def decide(self, view: dict[str, Any], offers: Sequence[Offer], rng: BotRng,
               budget: Budget) -> tuple[int, Any]:
        ctx = self.context(view, offers, rng, budget)
        scored: list[Scored] = []
        vetoed: list[Scored] = []
        for index, offer in enumerate(offers):
            phase = self.phase(offer.decision.kind)
            for item in offer.options:
                if not budget.charge():
                    break
                value = phase(ctx, offer.decision, item)
                if value is None:
                    vetoed.append(Scored(float("-inf"), index, item["action"]))
                else:
                    scored.append(Scored(value, index, item["action"]))
        if not scored:
            if vetoed:
                return vetoed[0].offer, vetoed[0].action
            return 0, offers[0].options[0]["action"]   # no work left: the passive answer
        chosen = near_best(scored, rng, self.tie_absolute, self.tie_relative)
        return chosen.offer, chosen.action

    def choose(self, view: dict[str, Any], decision: Decision,
               options: Sequence[dict[str, Any]], rng: BotRng, budget: Budget) -> Any:
        return self.decide(view, [Offer(decision, tuple(options))], rng, budget)[1]


# --- the value map's diffusion ------------------------------------------------------------------

def diffuse(values: Mapping[Place, float], neighbours: Callable[[Place], Iterable[Place]],
            *, decay: float, depth: int,
            passable: Callable[[Place], bool] = lambda _: True) -> dict[Place, float]:
    """How strongly each place is drawn to the valued places: value × decay^distance of the
    best one within `depth` steps (DumbBot's proximity, TripleA's 2^-distance), over the
    places `passable` lets the pull cross."""
    pull: dict[Place, float] = {place: value for place, value in values.items() if value > 0}
    frontier = dict(pull)
    for _ in range(depth):
        nxt: dict[Place, float] = {}
        for place, value in frontier.items():
            carried = value * decay
            for other in neighbours(place):
                if carried > pull.get(other, 0.0) and carried > nxt.get(other, 0.0) and (
                        passable(other)):
                    nxt[other] = carried
        if not nxt:
            break
        pull.update(nxt)
        frontier = nxt
    return pull


def distances(starts: Iterable[Place], neighbours: Callable[[Place], Iterable[Place]],
              limit: int) -> dict[Place, int]:
    """Steps from the nearest start, up to `limit`."""
    dist = {start: 0 for start in starts}
    frontier = list(dist)
    for step in range(1, limit + 1):
        nxt = []
        for place in frontier:
            for other in neighbours(place):
                if other not in dist:
                    dist[other] = step
                    nxt.append(other)
        frontier = nxt
    return dist


# --- exact dice --------------------------------------------------------------------------------

def dice_sums(count: int, sides: int) -> dict[int, Fraction]:
    """The exact distribution of the sum of `count` dice numbered 1..sides."""
    out: dict[int, Fraction] = {}
    total = sides ** count
    for faces in product(range(1, sides + 1), repeat=count):
        key = sum(faces)
        out[key] = out.get(key, Fraction(0)) + Fraction(1, total)
    return out


def below(rating: int, sides: int = 6) -> Fraction:
    """The chance that one die is below `rating` (a leader's check, BoP 10.54)."""
    return Fraction(max(0, min(sides, rating - 1)), sides)
