"""Vacation: a bank of days per player per year, spent only when one of their deadlines would
pass while they say they are away (boardgame/vacation/bank.py)."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from boardgame.play.models import Game


class Away(models.Model):
    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                                primary_key=True, related_name="away")
    since = models.DateTimeField(auto_now=True)


class VacationDay(models.Model):
    """One day of a player's bank, spent on one deadline of one seat (once: the key)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="vacation_days")
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+")
    seat = models.CharField(max_length=64)
    year = models.PositiveSmallIntegerField()
    deadline = models.BigIntegerField()   # the deadline (epoch ms) it moved
    spent = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "seat", "deadline"],
                                               name="vacation_once_per_deadline")]
        indexes = [models.Index(fields=["user", "year"], name="vacation_bank")]
