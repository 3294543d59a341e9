"""The sequence of play as a table of steps, and the one small driver that runs it.

A ruleset describes its turn as `Step`s (boardgame.io's phases, Rally the Troops' states): each
names its rule, who decides what while it lasts (`decisions`), the verb handlers that answer
those decisions (`verbs`, by decision kind), the sealed groups it resolves (`resolve`), what it
does on entering and leaving (`begin`, `end`) and what follows (`next`). `Flow` runs the table:
after every answer it leaves each step that has nothing left to decide and enters the next,
until some seat must decide or a step without a successor is reached (the game is over).

    FLOW = Flow([
        Step("bid", "toy 1", decisions=bid_decisions, resolve=resolve_bids, next="move"),
        Step("move", "toy 2", decisions=move_decision, verbs={"move": do_move}, once=True,
             next=after_move),
        ...
        Step("over", "toy", next=None),
    ])

Rules of the shape:
- A handler changes the position and returns events; it never chooses the next step. Which
  step follows is the table's (`next`), as a name or as a function of the position; a `next`
  function may move the ruleset's own cursor (a script position, an impulse or round counter)
  as it answers, and is the only place that does.
- A step ends when its `decisions` list nothing, or, for a `once` step, when its one decision is
  answered. Its `end` runs, then the successor's `begin`.
- A rule's per-step effect (a reset at the start of a half, a check at its end) is a `begin` or
  `end` function that lives beside the rule, in the rule's module; the table only names it.
- The driver keeps no state of its own: where the game stands is read and written through the
  ruleset's `position` and `move_to`, so a ruleset keeps its state layout (and its records'
  hashes) when it moves onto the table.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .dice import Roller
from .model import Decision, Event, SeatId
from .ruleset import Ruleset

State = dict[str, Any]
Answers = list[tuple[Decision, SeatId, Any]]
Verb = Callable[[State, SeatId, Decision, Any, Roller], list[Event]]
Effect = Callable[[State, Roller], list[Event]]
Resolver = Callable[[State, str, Answers, Roller], list[Event]]
Lister = Callable[[State], list[Decision]]
Successor = Callable[[State], str | None]

SETTLE_LIMIT = 10_000   # steps in one advance: a table that loops without deciding is a bug


@dataclass(frozen=True)
class Step:
    """One step of the sequence of play. A step with no `decisions` is automatic; a step with
    `next=None` ends the game's sequence (the driver stops there)."""

    name: str
    rule: str
    decisions: Lister | None = None
    verbs: Mapping[str, Verb] = field(default_factory=dict)
    resolve: Resolver | None = None
    begin: Effect | None = None
    end: Effect | None = None
    next: str | Successor | None = None
    once: bool = False

    def successor(self, state: State) -> str | None:
        return self.next(state) if callable(self.next) else self.next


class Flow:
    """Runs a table of steps over a position; `position` reads the current step's name from the
    state and `move_to` writes it (with whatever the ruleset clears on each step change)."""

    def __init__(self, steps: Sequence[Step], *, position: Callable[[State], str],
                 move_to: Callable[[State, str], None]) -> None:
        self.steps = {step.name: step for step in steps}
        if len(self.steps) != len(steps):
            raise ValueError("two steps share a name")
        for step in steps:
            if isinstance(step.next, str) and step.next not in self.steps:
                raise ValueError(f"step {step.name} is followed by unknown step {step.next}")
        self.position = position
        self.move_to = move_to

    def current(self, state: State) -> Step:
        return self.steps[self.position(state)]

    def decisions(self, state: State) -> list[Decision]:
        step = self.current(state)
        return step.decisions(state) if step.decisions is not None else []

    def answer(self, state: State, seat: SeatId, decision: Decision, action: Any,
               roller: Roller) -> list[Event]:
        """A seat's answer: the current step's verb for the decision's kind, then on."""
        step = self.current(state)
        verb = step.verbs.get(decision.kind)
        if verb is None:
            raise AssertionError(f"step {step.name} has no verb {decision.kind!r}")
        events = verb(state, seat, decision, action, roller)
        if step.once:
            events += self._leave(state, step, roller)
        return events + self.advance(state, roller)

    def resolve(self, state: State, group: str, answers: Answers,
                roller: Roller) -> list[Event]:
        """A sealed group's answers, all at once: the current step resolves them, then on."""
        step = self.current(state)
        if step.resolve is None:
            raise AssertionError(f"step {step.name} resolves no group")
        return step.resolve(state, group, answers, roller) + self.advance(state, roller)

    def enter(self, state: State, name: str, roller: Roller) -> list[Event]:
        """Begin the game's sequence at step `name` (from set-up), then on."""
        self.move_to(state, name)
        begin = self.steps[name].begin
        events = begin(state, roller) if begin is not None else []
        return events + self.advance(state, roller)

    def advance(self, state: State, roller: Roller) -> list[Event]:
        """Leave every step that has nothing to decide, until one has or the sequence ends."""
        events: list[Event] = []
        for _ in range(SETTLE_LIMIT):
            step = self.current(state)
            if step.next is None or (step.decisions is not None and step.decisions(state)):
                return events
            events += self._leave(state, step, roller)
        raise AssertionError("the sequence of play did not settle")

    def _leave(self, state: State, step: Step, roller: Roller) -> list[Event]:
        events = step.end(state, roller) if step.end is not None else []
        name = step.successor(state)
        if name is None:
            raise AssertionError(f"step {step.name} has no successor here")
        self.move_to(state, name)
        begin = self.steps[name].begin
        if begin is not None:
            events += begin(state, roller)
        return events


class FlowRuleset(Ruleset):
    """A ruleset whose sequence is a `Flow`: decisions, answers and sealed groups go through
    the table; the subclass writes set-up, views, the result and the steps."""

    flow: Flow

    def decisions(self, state: State) -> list[Decision]:
        return self.flow.decisions(state)

    def apply_action(self, state: State, seat: SeatId, decision: Decision, action: Any,
                     roller: Roller) -> list[Event]:
        return self.flow.answer(state, seat, decision, action, roller)

    def resolve_group(self, state: State, group: str, answers: Answers,
                      roller: Roller) -> list[Event]:
        return self.flow.resolve(state, group, answers, roller)
