"""The kernel's nouns: decisions, events, audiences.

A Decision says who must decide what now, which rule asks, and what may be answered: either
an enumerated, sorted tuple of options (small choices) or a JSON-schema-like `schema` that the
ruleset validates and expands on request (a unit's destinations with their costs).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, TypeAlias

SeatId: TypeAlias = str
SideId: TypeAlias = str
DecisionId: TypeAlias = str
Audience: TypeAlias = str  # "seat:<seat>", "side:<side>" or "public"

PUBLIC: Audience = "public"


def seat_audience(seat: SeatId) -> Audience:
    return f"seat:{seat}"


def side_audience(side: SideId) -> Audience:
    return f"side:{side}"


def parse_audience(audience: str) -> tuple[str, str | None]:
    """("seat", "germany"), ("side", "central") or ("public", None); ValueError otherwise."""
    if audience == PUBLIC:
        return ("public", None)
    kind, _, name = audience.partition(":")
    if kind in ("seat", "side") and name:
        return (kind, name)
    raise ValueError(f"not an audience: {audience!r} (expected seat:<s>, side:<s> or public)")


@dataclass(frozen=True, slots=True)
class Decision:
    """One open question to one or more seats.

    Decisions that share a `group` are simultaneous orders: the kernel seals each answer (no
    other audience sees it) and hands them all to the ruleset together once every decision of
    the group is answered (commit/reveal). `private_answer` keeps an answer hidden from other
    audiences even after it is applied or its group resolves (a choice the rules never reveal:
    a nation's orders under fog of war; `game.reveal_events`). `reaction` marks a
    window whose deadline plays the ruleset's timeout default. A `revisable` group takes
    written orders instead (engine/kernel/simultaneous.py): each seat writes, replaces or
    withdraws its orders off the record's versions and says when it is ready; the group
    resolves when every seat is ready or at the deadline.
    """

    id: DecisionId
    seats: tuple[SeatId, ...]
    kind: str
    rule: str
    prompt: str
    options: tuple[Any, ...] | None = None
    schema: dict[str, Any] | None = None
    waiting: str = ""
    group: str | None = None
    private_answer: bool = False
    undoable: bool = False
    reaction: bool = False
    revisable: bool = False
    data: dict[str, Any] = field(default_factory=dict)
    # A question asked again after every answer under a fresh id `<key>-<asked>` (a combat's
    # next question, the next muster): views key it by `<key>` and carry `asked`, so asking it
    # again changes one number instead of moving the entry to a new key (issue #27).
    asked: int | None = None

    def __post_init__(self) -> None:
        if not self.seats:
            raise AssertionError(f"decision {self.id} names no seat")
        if self.asked is not None and (type(self.asked) is not int or self.asked < 0
                                       or not self.id.endswith(f"-{self.asked}")):
            raise AssertionError(f"decision {self.id} does not end with its count {self.asked}")
        if (self.options is None) == (self.schema is None):
            raise AssertionError(f"decision {self.id} needs exactly one of options or schema")
        if self.revisable and self.group is None:
            raise AssertionError(f"decision {self.id} is revisable but in no group")

    @property
    def enumerated(self) -> bool:
        return self.options is not None

    def to_json(self, *, with_options: bool = True) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": self.id, "seats": list(self.seats), "kind": self.kind, "rule": self.rule,
            "prompt": self.prompt, "waiting": self.waiting, "group": self.group,
            "undoable": self.undoable, "reaction": self.reaction,
        }
        if self.revisable:      # only then: every other decision's JSON stays as it was
            out["revisable"] = True
        if with_options:
            out["data"] = self.data
            if self.options is not None:
                out["options"] = list(self.options)
            else:
                out["schema"] = self.schema
        return out


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, for the log. `audience` None means everyone may see it."""

    kind: str
    rule: str
    data: dict[str, Any] = field(default_factory=dict)
    audience: Audience | None = None
    reveals: bool = False

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "rule": self.rule, "data": self.data}
        if self.audience is not None:
            out["audience"] = self.audience
        return out
