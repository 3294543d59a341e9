"""The players' votes: a draw (every seat must agree; the game then ends drawn, a step like
a resignation), a pause (every seat must agree; any player resumes) and an extension of the
deadlines (every player must agree; the host may also extend alone, `deadlines`). Every
audience sees the votes in the clock frame.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone

from boardgame.lobby.models import Seat
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
from .bot_accounts import is_bot_name
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
        if game.live.get("gm_until") is not None:
            # The game master paused it: only the GM (or the pause's own limit) resumes.
            raise ActionRejected("The game master paused the game; it resumes when the game "
                                 "master says so or at the pause's limit.",
                                 code="game/gm_paused", v=game.version)
        ruleset = rulesets.get(game.ruleset)
        clocks.vote_pause(game, ruleset, seats, pause, timezone.now())
        game.save(update_fields=["live", "due"])
        frame = clocks.clock_frame(game)
    return Committed(frame, frames.everyone_messages(game.pk, game.state, frame))


MAX_EXTENSION_HOURS = 168


def do_vote_extend(game_id: int, user: Any, hours: Any) -> Committed[dict[str, Any]]:
    """A player proposes to push every running deadline (or clock) back by `hours` (1–168),
    or agrees to the proposal on the table by naming the same hours; naming other hours makes
    a new proposal, and `None` withdraws the player's agreement. When the people holding the
    game's seats all agree — bots and seats in civil disorder have no say — the extension
    applies at once and the proposal is cleared. Answers the clock frame (`extend`:
    {hours, seats}, or null), which every audience gets too. Opens its own durable
    transaction and locks the game row."""
    if hours is not None and (not isinstance(hours, int) or isinstance(hours, bool)
                              or not 1 <= hours <= MAX_EXTENSION_HOURS):
        raise ActionRejected(f"hours must be an integer from 1 to {MAX_EXTENSION_HOURS}, or "
                             "null to withdraw.", code="request/invalid", status=400,
                             field="hours")
    with transaction.atomic(durable=True):
        game = lock_game(game_id)
        seats = user_seats(user, game)
        if not seats:
            raise ActionRejected("Only players may vote to extend the deadlines.",
                                 code="auth/not_your_seat", status=403, v=game.version)
        check_not_over(game)
        clocks.ensure(game)
        if not game.live.get("mode"):
            raise ActionRejected("This game has no clocks or deadlines to extend.",
                                 code="game/no_deadlines", status=409, v=game.version)
        proposal = game.live.get("extend") or None
        if hours is None:
            votes = set(proposal["seats"]) - set(seats) if proposal else set()
            proposal = {"hours": proposal["hours"], "seats": sorted(votes)} if votes else None
        elif proposal is None or proposal["hours"] != hours:
            proposal = {"hours": hours, "seats": sorted(seats)}
        else:
            proposal = {"hours": hours, "seats": sorted(set(proposal["seats"]) | set(seats))}
        live = dict(game.live)
        if proposal is not None and set(proposal["seats"]) >= _voters(game):
            live["extend"] = None
            game.live = live
            clocks.extend(game, proposal["hours"] * 3600 * 1000)
        else:
            live["extend"] = proposal
            game.live = live
        game.save(update_fields=["live", "due"])
        frame = clocks.clock_frame(game)
    return Committed(frame, frames.everyone_messages(game.pk, game.state, frame))


def _voters(game: Any) -> set[str]:
    """The seats whose agreement an extension needs: those held by people, not in civil
    disorder (their defaults play; the host decides for them)."""
    disorder = set(game.live.get("disorder", []))
    return {seat for seat, name in Seat.objects.filter(table_id=game.table_id, user__isnull=False)
            .values_list("seat", "user__username")
            if seat not in disorder and not is_bot_name(name)}
