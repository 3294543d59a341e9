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

from .actions import (
    ActionRejected,
    check_holds_seat,
    check_not_over,
    check_seat_name,
    engine_rejection,
    playable_ruleset,
    user_seats,
)
from .models import Game

QUESTIONS = ("explain", "preview")


def ask(question: str, game_id: int, user: Any, seat: Any, decision: Any,
        action: Any) -> dict[str, Any]:
    """`explain` or `preview` the answer `action` to decision `decision` of `seat`."""
    if question not in QUESTIONS:
        raise AssertionError(f"no question {question!r}")
    seat = check_seat_name(seat)
    if not isinstance(decision, str) or not decision:
        raise ActionRejected("decision must be a decision id.", code="request/invalid",
                             status=400, field="decision")
    try:
        game = Game.objects.only("id", "table_id", "ruleset", "state", "version",
                                 "versions", "finished").get(pk=game_id)
    except Game.DoesNotExist:
        raise ActionRejected(f"There is no game {game_id}.", code="game/not_found",
                             status=404, game=game_id) from None
    check_holds_seat(user, game, seat)
    check_not_over(game)
    ruleset = playable_ruleset(game)
    audience = audience_of(game.state, user_seats(user, game))
    ask_engine = explain if question == "explain" else preview
    try:
        answer = ask_engine(ruleset, game.state, seat, decision, action, audience)
    except (IllegalAction, MalformedAction) as exc:
        raise engine_rejection(exc, game.version) from None
    return {"decision": decision, "seat": seat, "v": game.version, **answer}
