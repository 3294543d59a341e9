"""Private press: channels between any set of a game's seats, beside the game chat's table,
side and spectator channels (boardgame/play/chat.py). Only the players of a channel's seats
ever read it — never spectators, never the other seats, not even that it exists."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from boardgame.appendonly import AppendOnly
from boardgame.play.models import Game


class PressChannel(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="press_channels")
    seats = models.JSONField()                 # sorted, at least two
    key = models.CharField(max_length=400)     # the seats joined by commas: one per set
    last_seq = models.PositiveIntegerField(default=0)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]
        constraints = [models.UniqueConstraint(fields=["game", "key"],
                                               name="press_channel_once_per_seats")]


class PressMessage(AppendOnly):
    channel = models.ForeignKey(PressChannel, on_delete=models.CASCADE,
                                related_name="messages")
    seq = models.PositiveIntegerField()
    seat = models.CharField(max_length=64)     # the seat it was written as
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL,
                             related_name="+")
    text = models.TextField(max_length=2000)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["channel", "seq"]
        constraints = [models.UniqueConstraint(fields=["channel", "seq"],
                                               name="press_seq_unique")]


class PressRead(models.Model):
    """How far a user has read a channel (unread counts)."""

    channel = models.ForeignKey(PressChannel, on_delete=models.CASCADE, related_name="reads")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="+")
    seq = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["channel", "user"],
                                               name="press_read_once")]
