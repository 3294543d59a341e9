"""Questions about an order that do not give it: why would it be refused, what would it do.

    explain(ruleset, state, seat, decision_id, action, audience)
        -> {"legal": True} | {"legal": False, "rule", "code", "message", "data"}
    preview(ruleset, state, seat, decision_id, action, audience)
        -> {"dice": False, "events": [...], "next": [...], "result": …}
         | {"dice": True, "purpose": …} | {"available": False, "why": …}

`explain` runs the one legality gate `apply` runs (`check_action`) on a copy of the state and
returns the refusal's rule, code and message; a ruleset may say more precisely why
(`Ruleset.why_not`, e.g. which hex blocks a march). `preview` carries the order out on a copy
with dice that may not be rolled: an order whose outcome needs no die shows what it would do
before it is confirmed ("not paying eliminates the 3rd Corps"); one that rolls says only that
dice decide. Neither changes anything, and neither rolls a die.

Both answer one audience, the asker's, and must not tell it anything it may not see. Each
answer is computed twice, on the state and on a copy with everything hidden from the audience
poisoned (engine/kernel/leaks.py): an answer that changes with what the audience cannot see is
withheld — `explain` then says only that the choice is not legal, `preview` that it cannot
show the outcome. Sealed and written answers are never previewed (resolving a group reveals the
others' answers).
"""

from __future__ import annotations

from typing import Any

from .canonical import canonical_json
from .dice import Roller
from .errors import IllegalAction, MalformedAction
from .game import check_action, copy_json, decisions, events_for, open_decision, result
from .leaks import poison_hidden
from .model import Audience, SeatId
from .ruleset import Ruleset

# What an explanation says when the real reason depends on something the asker may not see.
WITHHELD_CODE = "not_legal"
WITHHELD_MESSAGE = "Not a legal choice here."
# A preview names at most this many of the decisions that open after the order.
NEXT_SHOWN = 4


class DiceNeeded(Exception):
    """A previewed order rolled a die: its outcome is not known before it is given."""


class NoDice(Roller):
    """A roller that refuses to roll (a preview must never draw a die, not even a fake one)."""

    def roll(self, sides: int, purpose: str, count: int = 1,
             key: str | None = None) -> list[int]:
        raise DiceNeeded(purpose)


def explain(ruleset: Ruleset, state: dict[str, Any], seat: SeatId, decision_id: str,
            action: Any, audience: Audience) -> dict[str, Any]:
    """Whether `seat` may answer `decision_id` with `action`, and if not, why (the refusal
    `apply` would give). Raises StaleDecision when the decision is not open for the seat."""
    decision = open_decision(ruleset, state, seat, decision_id)
    answer = _explain(ruleset, state, seat, decision_id, action)
    if answer["legal"]:
        return answer
    poisoned, poisoner = poison_hidden(ruleset, state, audience)
    if poisoner.count:
        try:
            shadow = _explain(ruleset, poisoned, seat, decision_id, action)
        except Exception:  # poisoned values may break a ruleset's code: withhold then
            shadow = None
        if shadow is None or canonical_json(shadow) != canonical_json(answer):
            return {"legal": False, "rule": decision.rule, "code": WITHHELD_CODE,
                    "message": WITHHELD_MESSAGE, "data": {}}
    return answer


def _explain(ruleset: Ruleset, state: dict[str, Any], seat: SeatId, decision_id: str,
             action: Any) -> dict[str, Any]:
    decision = open_decision(ruleset, state, seat, decision_id)
    work = copy_json(state)
    try:
        check_action(ruleset, work, seat, decision, copy_json(action))
    except MalformedAction as exc:
        return {"legal": False, "rule": decision.rule, "code": "malformed",
                "message": exc.message, "data": copy_json(exc.data)}
    except IllegalAction as exc:
        refusal = ruleset.why_not(copy_json(state), seat, decision, copy_json(action), exc)
        return {"legal": False, **copy_json(refusal.as_dict())}
    return {"legal": True}


def preview(ruleset: Ruleset, state: dict[str, Any], seat: SeatId, decision_id: str,
            action: Any, audience: Audience) -> dict[str, Any]:
    """What answering `decision_id` with `action` would do, as the events `audience` would
    see, when no die decides it. Raises StaleDecision, MalformedAction, IllegalAction (the
    order itself is refused)."""
    decision = open_decision(ruleset, state, seat, decision_id)
    if decision.group is not None or decision.revisable:
        return {"available": False, "why": "sealed"}
    answer = _preview(ruleset, state, seat, decision_id, action, audience)
    poisoned, poisoner = poison_hidden(ruleset, state, audience)
    if poisoner.count:
        try:
            shadow = _preview(ruleset, poisoned, seat, decision_id, action, audience)
        except Exception:  # poisoned values may break a ruleset's code: withhold then
            shadow = None
        if shadow is None or canonical_json(shadow) != canonical_json(answer):
            return {"available": False, "why": "hidden"}
    return answer


def _preview(ruleset: Ruleset, state: dict[str, Any], seat: SeatId, decision_id: str,
             action: Any, audience: Audience) -> dict[str, Any]:
    decision = open_decision(ruleset, state, seat, decision_id)
    work = copy_json(state)
    checked = check_action(ruleset, work, seat, decision, copy_json(action))
    kernel = work["kernel"]
    roller = NoDice(b"", kernel["game_uid"], kernel["dice"],
                    version=kernel.get("dice_version", 1), scope=decision.id)
    try:
        events = ruleset.apply_action(work, seat, decision, checked, roller)
    except DiceNeeded as needed:
        return {"dice": True, "purpose": str(needed)}
    if any(event.reveals for event in events):
        return {"available": False, "why": "reveals"}
    # What comes next, as every audience's view lists it (prompts and seats, no options).
    following = [{"kind": d.kind, "seats": list(d.seats), "prompt": d.prompt}
                 for d in decisions(ruleset, work)][:NEXT_SHOWN]
    return {"dice": False, "events": events_for(ruleset, work, events, audience),
            "next": following, "result": result(ruleset, work)}
