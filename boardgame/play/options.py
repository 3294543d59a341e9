"""Options: the legal answers of one open decision as items (a schema decision's destinations,
costs, odds…), listed by the engine for the seat that holds it. A read: no lock, no step.
"""

from __future__ import annotations

from typing import Any

from engine.kernel import IllegalAction, MalformedAction, expand_options

from .actions import (
    ActionRejected,
    check_holds_seat,
    check_not_over,
    check_seat_name,
    engine_rejection,
    playable_ruleset,
)
from .models import Game


def get_options(game_id: int, user: Any, seat: Any, decision: Any,
                query: Any = None) -> list[dict[str, Any]]:
    """Expand decision `decision` of `seat` (a schema decision's destinations, odds…). Raises
    ActionRejected. Reads the committed game without a lock or a transaction of its own."""
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
    try:
        return expand_options(ruleset, game.state, seat, decision, query)
    except (IllegalAction, MalformedAction) as exc:
        raise engine_rejection(exc, game.version) from None
