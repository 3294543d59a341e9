"""Questions a player asks about an order without giving it (issue #18): why is it refused
("why not?"), and what would it do (its consequences, shown before Confirm).

Both run the engine's inquiry (engine/kernel/inquiry.py) on the game's current state for the
asking user's audience — the one their seats give them, as for the socket — and change nothing:
no step, no record, no broadcast. The checks are those of an options request: the user holds
the seat, the game is not over, this server plays its rules' version, the decision is open.
"""

from __future__ import annotations

from typing import Any

from engine.kernel import IllegalAction, MalformedAction, audience_of
from engine.kernel.inquiry import explain, preview

from .actions import engine_rejection, user_seats
from .options import seat_read

QUESTIONS = ("explain", "preview")


def ask(question: str, game_id: int, user: Any, seat: Any, decision: Any,
        action: Any) -> dict[str, Any]:
    """`explain` or `preview` the answer `action` to decision `decision` of `seat`."""
    if question not in QUESTIONS:
        raise AssertionError(f"no question {question!r}")
    game, ruleset, seat, decision = seat_read(game_id, user, seat, decision)
    audience = audience_of(game.state, user_seats(user, game))
    ask_engine = explain if question == "explain" else preview
    try:
        answer = ask_engine(ruleset, game.state, seat, decision, action, audience)
    except (IllegalAction, MalformedAction) as exc:
        raise engine_rejection(exc, game.version) from None
    return {"decision": decision, "seat": seat, "v": game.version, **answer}
