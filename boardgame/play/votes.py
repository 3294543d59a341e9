"""The players' votes: a draw (every seat must agree; the game then ends drawn, a step like
a resignation) and a pause (every seat must agree; any player resumes). Every audience sees
the votes in the clock frame.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone

from engine import rulesets
from engine.kernel.game import KERNEL

from . import clocks, frames
from .actions import (
    Accepted,
    ActionRejected,
    check_not_over,
    end_by_players,
    lock_game,
    user_seats,
)
from .frames import Committed


def do_vote_draw(game_id: int, user: Any, agree: bool) -> Committed[Accepted | None]:
    """Record `user`'s seats as agreeing (or no longer agreeing) to a draw; when every seat
    agrees the game ends drawn. Answers the Accepted end, or None while votes are missing
    (then every audience gets the clock frame, which lists the votes). Opens its own durable
    transaction and locks the game row."""
    with transaction.atomic(durable=True):
        game = lock_game(game_id)
        seats = user_seats(user, game)
        if not seats:
            raise ActionRejected("Only players may offer a draw.", code="auth/not_your_seat",
                                 status=403, v=game.version)
        check_not_over(game)
        ruleset = rulesets.get(game.ruleset)
        votes = set(game.live.get("draw", []))
        votes = votes | set(seats) if agree else votes - set(seats)
        everyone = set(game.state[KERNEL]["sides"])
        batch = None
        if votes >= everyone:
            batch = end_by_players(game, ruleset, {"winners": [], "reason": "draw_agreed"},
                                   user, None, None)
        else:
            game.live = {**game.live, "draw": sorted(votes)}
            game.save(update_fields=["live"])
    if batch is None:
        clock = clocks.clock_frame(game)
        return Committed(None, frames.everyone_messages(game.pk, game.state, clock))
    return Committed(Accepted(None, batch.steps[0].v), frames.step_messages(batch))


def do_vote_pause(game_id: int, user: Any, pause: bool) -> Committed[dict[str, Any]]:
    """Players vote to pause (all must agree); any player may resume. Clocks and deadlines
    stop while paused. Answers the clock frame, which every audience gets too. Opens its own
    durable transaction and locks the game row."""
    with transaction.atomic(durable=True):
        game = lock_game(game_id)
        seats = user_seats(user, game)
        if not seats:
            raise ActionRejected("Only players may pause.", code="auth/not_your_seat",
                                 status=403, v=game.version)
        check_not_over(game)
        ruleset = rulesets.get(game.ruleset)
        clocks.vote_pause(game, ruleset, seats, pause, timezone.now())
        game.save(update_fields=["live", "due"])
        frame = clocks.clock_frame(game)
    return Committed(frame, frames.everyone_messages(game.pk, game.state, frame))
