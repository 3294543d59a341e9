"""The game master's roll-back (issue #23; twteaw ruling 63): take back the last resolved turn
of written orders before anyone has acted on it.

Nothing acknowledged is lost. The resolving step stays in the record; a new `rollback` step
(`{"undoes": seq}`, by "gm") returns the game to the state just before it, rebuilt from the
record (`state_before`); the turn's written orders come back into the book as they stood, so
each player's page shows its own again, and every audience gets the step's patch. The turn
then resolves again when its last seat says ready — with the same dice for the same orders
(the kernel's dice counter comes back with the state).

A turn resolved at its deadline (its last step the sweeper's default for a late seat, a ready
by "timeout") rolls back the same way (ruling 65): that seat writes again, so its miss is
taken back (unless it put the seat in civil disorder), and every seat the reopened turn awaits
gets a full deadline period from the roll-back — the passed deadline would resolve it again
at the next sweep.

Refused, changing nothing: when the last step of the record is not a resolution by a ready
(its players' or the sweeper's), and when anyone (a player, a bot, the GM's proxy) has written
or withdrawn an order since.
"""

from __future__ import annotations

import copy
from typing import Any

from django.db import transaction

from engine import rulesets
from engine.kernel import IllegalAction
from engine.kernel.game import rollback

from . import clocks, frames, orderbook
from .actions import ActionRejected, Step, _append, engine_rejection, finish_steps
from .frames import Committed
from .models import ActionRecord, Game, OrderLog
from .rolled_back import state_before


def _resolution(game: Game) -> ActionRecord:
    """The last step, if it is a resolution by a ready nobody has acted on since."""
    last = ActionRecord.objects.filter(game=game).order_by("-seq").first()
    resolved = last is not None and last.kind == ActionRecord.Kind.READY and any(
        e.get("kind") == "answers_revealed" for e in last.events)
    if not resolved:
        raise ActionRejected("The last step is not a turn resolved by its players' ready: "
                             "there is nothing to roll back.", code="gm/nothing_to_roll_back",
                             v=game.version)
    if OrderLog.objects.filter(game=game, version__gte=last.seq).exists():
        raise ActionRejected("Orders have been written since the turn resolved: it can no "
                             "longer be rolled back.", code="gm/acted_on", v=game.version)
    return last


def do_rollback(game_id: int, user: Any) -> Committed[dict[str, Any]]:
    """The GM rolls the last resolved turn back. Answers {"v", "undoes"}."""
    from .gm import _lock_for_gm, audit

    with transaction.atomic(durable=True):
        game, _table = _lock_for_gm(game_id, user, "roll a turn back")
        ruleset = rulesets.get(game.ruleset)
        last = _resolution(game)
        try:
            outcome = rollback(game.state, state_before(game, last.seq), last.seq)
        except IllegalAction as exc:
            raise engine_rejection(exc, game.version) from None
        group = last.action["group"]
        steps: list[Step] = []
        _append(game, outcome, kind=ActionRecord.Kind.ROLLBACK, seat=None, decision=None,
                action={"undoes": last.seq}, user=user, by="gm", steps=steps)
        # The turn's orders come back into the book as the resolution read them.
        game.orders = {group: copy.deepcopy(last.action["orders"])}
        Game.objects.filter(pk=game.pk).update(orders=game.orders)
        seats = sorted({order["seat"] for order in game.orders[group].values()})
        # The reopened turn's deadline starts afresh for every seat it awaits (ruling 65): the
        # passed one would resolve it again at the next sweep, the next turn's is gone.
        clocks.restart_deadlines(game, seats)
        if last.by == "timeout" and last.seat:
            clocks.take_back_miss(game, last.seat)
        batch = finish_steps(game, ruleset, steps)
        audit(game, user, "rollback", undoes=last.seq)
    messages = frames.step_messages(batch)     # built once the transaction has committed
    for seat in seats:
        messages += orderbook.orders_messages(game, seat)
    return Committed({"v": game.version, "undoes": last.seq}, messages)
