"""Tables (lobbies) and their seats.

A table names a ruleset, scenario and options; its seats are the scenario's seats. State:

    open ──(every seat taken)──▶ full ──(all ready, host starts / auto-start)──▶ started
     ▲                            │                                              │
     └──(a seat is released)──────┘                               finished / abandoned
    open/full ──(host abandons)──▶ abandoned

Who holds which seat is the Seat row; one row per scenario seat, unique per table.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models

from boardgame.appendonly import AppendOnly


def new_invite_token() -> str:
    return secrets.token_urlsafe(16)


class Table(models.Model):
    class State(models.TextChoices):
        OPEN = "open", "Open"
        FULL = "full", "Full"
        STARTED = "started", "Started"
        FINISHED = "finished", "Finished"
        ABANDONED = "abandoned", "Abandoned"

    class Visibility(models.TextChoices):
        PUBLIC = "public", "Public"
        PRIVATE = "private", "Private (invite link)"

    class Pace(models.TextChoices):
        LIVE = "live", "Live (with a clock)"
        ASYNC = "async", "Async (with deadlines)"

    TITLE_MAX = 80

    title = models.CharField(max_length=TITLE_MAX)
    host = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                             related_name="hosted_tables")
    ruleset = models.CharField(max_length=64)
    scenario = models.CharField(max_length=64)
    options = models.JSONField(default=dict, blank=True)
    visibility = models.CharField(max_length=10, choices=Visibility.choices,
                                  default=Visibility.PUBLIC)
    invite_token = models.CharField(max_length=64, default=new_invite_token, editable=False)
    invited = models.ManyToManyField(settings.AUTH_USER_MODEL, blank=True,
                                     related_name="invited_tables")
    pace = models.CharField(max_length=10, choices=Pace.choices, default=Pace.LIVE)
    # Live: a chess-style clock per seat. Async: a deadline per decision.
    clock_minutes = models.PositiveIntegerField(null=True, blank=True)
    clock_increment_seconds = models.PositiveIntegerField(null=True, blank=True)
    deadline_hours = models.PositiveIntegerField(null=True, blank=True)
    # Civil disorder after this many missed deadlines in a row (BoP/FA: the host may then
    # hand the seat to a replacement). Filled at creation with SALIENT_CIVIL_DISORDER_AFTER;
    # null (tables made before the option existed) also means the setting.
    disorder_after = models.PositiveSmallIntegerField(null=True, blank=True)
    # The bot level that takes a seat falling into civil disorder (issue #25); None: the
    # seat stays in disorder and its timeout defaults play.
    disorder_bot = models.PositiveSmallIntegerField(null=True, blank=True)
    # On by default (issue #18): a two-player game of a five-seat scenario needs it, and a
    # host who wants one seat each says so.
    allow_multiple_seats = models.BooleanField(default=True)
    auto_start = models.BooleanField(default=False)
    state = models.CharField(max_length=10, choices=State.choices, default=State.OPEN,
                             db_index=True)
    created = models.DateTimeField(auto_now_add=True)
    started = models.DateTimeField(null=True, blank=True)
    finished = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(state__in=["open", "full", "started", "finished",
                                              "abandoned"]),
                name="table_state_known"),
        ]

    def __str__(self) -> str:
        return f"#{self.pk} {self.title}"

    @property
    def is_private(self) -> bool:
        return self.visibility == self.Visibility.PRIVATE

    @property
    def is_open_for_seating(self) -> bool:
        return self.state in (self.State.OPEN, self.State.FULL)


class Seat(models.Model):
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    seat = models.CharField(max_length=64)
    side = models.CharField(max_length=64)
    title = models.CharField(max_length=100)
    colour = models.CharField(max_length=32, blank=True)
    position = models.PositiveSmallIntegerField()
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                             on_delete=models.SET_NULL, related_name="seats")
    ready = models.BooleanField(default=False)
    claimed = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["table", "position"]
        constraints = [
            models.UniqueConstraint(fields=["table", "seat"], name="seat_unique_per_table"),
            models.CheckConstraint(condition=models.Q(user__isnull=False) | models.Q(ready=False),
                                   name="seat_ready_needs_user"),
        ]

    def __str__(self) -> str:
        return f"{self.table_id}:{self.seat}"


class TableChatMessage(AppendOnly):
    """Chat of a table before (and while) its game runs: one channel, everyone who may see
    the table reads it. `seq` counts per table from 1 (allocated under the table row lock)."""

    TEXT_MAX = 2000

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="chat")
    seq = models.PositiveIntegerField()
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL,
                             related_name="+")
    text = models.TextField(max_length=TEXT_MAX)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["table", "seq"]
        constraints = [models.UniqueConstraint(fields=["table", "seq"],
                                               name="table_chat_seq_unique")]

    def __str__(self) -> str:
        return f"{self.table_id}#{self.seq}"
