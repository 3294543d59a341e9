"""Notifications: what a user chose, where to send it, and the outbox of what happened.

A `Notice` is one event for one recipient (or, with no user, a game's public event for its
webhooks). It is written in the transaction of the change it reports, so it exists exactly
when the change does, and it carries only facts its recipient's audience may see. The
notification sweep (boardgame/notifications/outbox.py) fans each notice out into
`Delivery` rows, one per channel and target, and sends them; the notices double as the
user's inbox.
"""

from __future__ import annotations

import secrets
import uuid

from django.conf import settings
from django.db import models

from boardgame.play.models import Game

# Events a user may be told about. Public ones may also go to a game's webhooks.
YOUR_MOVE = "your_move"
DEADLINE_NEAR = "deadline_near"
GAME_STARTED = "game_started"
GAME_ENDED = "game_ended"
SEAT_HANDED = "seat_handed"
PRESS = "press"
EVENTS = (YOUR_MOVE, DEADLINE_NEAR, GAME_STARTED, GAME_ENDED, SEAT_HANDED, PRESS)
# What everyone watching the game may know: the game started or ended, whose move it is.
PUBLIC_EVENTS = (GAME_STARTED, GAME_ENDED, YOUR_MOVE)
CHANNELS = ("email", "push", "webhook")
MAX_FAILURES = 10  # a webhook failing this many times in a row is turned off


def default_events() -> list[str]:
    return list(EVENTS)


def default_email_events() -> list[str]:
    # E-mail is the expensive channel (research §4, 18xx #3755): the high-signal events only.
    return [DEADLINE_NEAR, GAME_STARTED, GAME_ENDED, SEAT_HANDED]


def default_reminders() -> list[dict[str, int | str]]:
    return [{"before_percent": 25}]   # when a quarter of the time is left


def new_token() -> str:
    return secrets.token_urlsafe(24)


class Preferences(models.Model):
    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                                primary_key=True, related_name="notification_preferences")
    time_zone = models.CharField(max_length=64, default="UTC")
    # Also while the user has the game open (default: only when away from it).
    always = models.BooleanField(default=False)
    # The events sent by e-mail and by push (each webhook has its own list).
    email = models.JSONField(default=default_email_events)
    push = models.JSONField(default=default_events)
    # When to be reminded of a deadline (boardgame/notifications/reminders.py).
    reminders = models.JSONField(default=default_reminders)
    # The secret of the unsubscribe link in every e-mail.
    unsubscribe_token = models.CharField(max_length=64, default=new_token, unique=True)

    def wants(self, channel: str, kind: str) -> bool:
        return kind in (getattr(self, channel) or [])


class Webhook(models.Model):
    """A URL that hears events: a user's own (every event of theirs they chose), or a game's
    (its public events only; set by the table's host)."""

    class Format(models.TextChoices):
        JSON = "json", "Salient JSON"
        DISCORD = "discord", "Discord"
        SLACK = "slack", "Slack"

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                              related_name="webhooks")
    game = models.ForeignKey(Game, null=True, blank=True, on_delete=models.CASCADE,
                             related_name="webhooks")
    url = models.CharField(max_length=500)
    format = models.CharField(max_length=10, choices=Format.choices, default=Format.JSON)
    events = models.JSONField(default=default_events)
    # Signs each body (X-Salient-Signature: sha256=HMAC(secret, body)); shown once.
    secret = models.CharField(max_length=64, default=new_token)
    active = models.BooleanField(default=True)
    failures = models.PositiveIntegerField(default=0)  # in a row; off after MAX_FAILURES
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]


class PushSubscription(models.Model):
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="push_subscriptions")
    endpoint = models.CharField(max_length=500, unique=True)
    p256dh = models.CharField(max_length=200)
    auth = models.CharField(max_length=64)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]


class Notice(models.Model):
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                             on_delete=models.CASCADE, related_name="notices")
    game = models.ForeignKey(Game, null=True, blank=True, on_delete=models.CASCADE,
                             related_name="notices")
    kind = models.CharField(max_length=32)
    # Facts for the recipient's audience only (the seats it holds, a deadline, a channel).
    data = models.JSONField(default=dict)
    # Set for events that must happen once (one reminder per deadline and time).
    key = models.CharField(max_length=200, null=True, blank=True, unique=True)
    created = models.DateTimeField(auto_now_add=True)
    fanned = models.BooleanField(default=False)
    read = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-id"]
        indexes = [models.Index(fields=["fanned"], condition=models.Q(fanned=False),
                                name="notice_unfanned"),
                   models.Index(fields=["user", "-id"], name="notice_inbox")]


class Delivery(models.Model):
    """One notice on one channel to one target. Its id is stable across retries: receivers
    may drop repeats by it (webhook `X-Salient-Delivery`, e-mail Message-ID, push Topic)."""

    class Status(models.TextChoices):
        PENDING = "pending", "Pending"
        SENDING = "sending", "Sending (leased)"
        SENT = "sent", "Sent"
        SKIPPED = "skipped", "Skipped"
        FAILED = "failed", "Failed"
        GONE = "gone", "Target gone"

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    notice = models.ForeignKey(Notice, on_delete=models.CASCADE, related_name="deliveries")
    channel = models.CharField(max_length=10)
    target = models.CharField(max_length=40)  # "email", "push:<id>", "webhook:<id>"
    push = models.ForeignKey(PushSubscription, null=True, blank=True,
                             on_delete=models.SET_NULL, related_name="+")
    webhook = models.ForeignKey(Webhook, null=True, blank=True, on_delete=models.SET_NULL,
                                related_name="+")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    attempts = models.PositiveSmallIntegerField(default=0)
    # When it may next be tried; while SENDING, the end of the sender's lease.
    next_at = models.DateTimeField()
    sent_at = models.DateTimeField(null=True, blank=True)
    error = models.CharField(max_length=200, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["notice", "target"],
                                               name="delivery_once_per_target")]
        indexes = [models.Index(fields=["next_at"],
                                condition=models.Q(status__in=["pending", "sending"]),
                                name="delivery_due")]
