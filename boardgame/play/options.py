"""Options: the legal answers of one open decision as items (a schema decision's destinations,
costs, odds…), listed by the engine for the seat that holds it. A read: no lock, no step.
"""

from __future__ import annotations

from typing import Any

from engine.kernel import IllegalAction, MalformedAction, expand_options

from .actions import (
    ActionRejected,
    check_decision_id,
    check_holds_seat,
    check_not_over,
    check_seat_name,
    engine_rejection,
    playable_ruleset,
)
from .models import Game


def seat_read(game_id: int, user: Any, seat: Any,
              decision: Any) -> tuple[Game, Any, str, str]:
    """The committed game a seat reads about one of its decisions (options, explain, preview),
    with the checks they share: the seat's and the decision's names, the user holds the seat,
    the game is not over, this server plays its rules. No lock, no transaction of its own.
    Returns (game, ruleset, seat, decision)."""
    seat = check_seat_name(seat)
    decision = check_decision_id(decision)
    try:
        game = Game.objects.only("id", "table_id", "ruleset", "state", "version",
                                 "versions", "finished").get(pk=game_id)
    except Game.DoesNotExist:
        raise ActionRejected(f"There is no game {game_id}.", code="game/not_found",
                             status=404, game=game_id) from None
    check_holds_seat(user, game, seat)
    check_not_over(game)
    return game, playable_ruleset(game), seat, decision


def get_options(game_id: int, user: Any, seat: Any, decision: Any,
                query: Any = None) -> list[dict[str, Any]]:
    """Expand decision `decision` of `seat` (a schema decision's destinations, costs, odds…).
    Raises ActionRejected."""
    game, ruleset, seat, decision = seat_read(game_id, user, seat, decision)
    try:
        return expand_options(ruleset, game.state, seat, decision, query)
    except (IllegalAction, MalformedAction) as exc:
        raise engine_rejection(exc, game.version) from None
