"""Ratings (OpenSkill Plackett–Luce) and the record they are recomputed from."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from boardgame.play.models import Game

MODEL = "openskill-pl@6.2.0"   # stored with every rating event, so history can be recomputed


class Rating(models.Model):
    """A player's current rating in one scope: `overall` or `ruleset:<id>`."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="ratings")
    scope = models.CharField(max_length=80)
    mu = models.FloatField()
    sigma = models.FloatField()
    games = models.PositiveIntegerField(default=0)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "scope"],
                                               name="rating_once_per_scope")]
        indexes = [models.Index(fields=["scope", "-mu"], name="rating_board")]


class RatedGame(models.Model):
    """A finished game the ratings have looked at, in the order they did (`id`): rated, or
    why not (too short, abandoned, bots, one side left)."""

    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="rated")
    rated = models.BooleanField()
    reason = models.CharField(max_length=80, blank=True)
    model = models.CharField(max_length=40, default=MODEL)
    created = models.DateTimeField(auto_now_add=True)


class RatingEvent(models.Model):
    """One player's change in one scope from one game."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="+")
    scope = models.CharField(max_length=80)
    side = models.CharField(max_length=64)
    rank = models.PositiveSmallIntegerField()
    weight = models.FloatField()
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()
    model = models.CharField(max_length=40, default=MODEL)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "user", "scope"],
                                               name="rating_event_once")]
