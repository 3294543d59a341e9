"""The one notification hook that is a signal: a seat handed to someone in a running game.

The host's replacement (`play/actions.py` `do_replace_seat`) saves the seat's new user with
`update_fields=["user", "claimed"]`; a seat saved so at a started table is a hand-over (a seat
claimed in the lobby is saved before the game starts). The notice is written in the same
transaction as the seat.
"""

from __future__ import annotations

from typing import Any

from django.db.models.signals import post_save
from django.dispatch import receiver

from boardgame.lobby.models import Seat, Table

from . import events


@receiver(post_save, sender=Seat, dispatch_uid="salient-seat-handed")
def seat_saved(sender: Any, instance: Seat, created: bool, update_fields: Any = None,
               **kwargs: Any) -> None:
    if created or instance.user_id is None or not update_fields or "user" not in update_fields:
        return
    from boardgame.play.models import Game
    if not Table.objects.filter(pk=instance.table_id, state=Table.State.STARTED).exists():
        return
    game_id = Game.objects.filter(table_id=instance.table_id).values_list("id",
                                                                         flat=True).first()
    if game_id is not None:
        events.seat_handed(game_id, instance.user_id, instance.seat)
