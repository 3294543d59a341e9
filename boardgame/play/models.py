"""Games and their append-only history.

The seed is the game's secret: it lives in its own column, is never serialised by the API,
never shown by the admin and never logged; only its commitment is public until the game ends.
The state JSON is the engine's state (without the seed, by the engine's design) and is only
ever shown through `engine.kernel.view` for one audience.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models

from boardgame.appendonly import AppendOnly
from boardgame.lobby.models import Table


class Game(models.Model):
    table = models.OneToOneField(Table, on_delete=models.PROTECT, related_name="game")
    ruleset = models.CharField(max_length=64)
    scenario = models.CharField(max_length=64)
    options = models.JSONField(default=dict)
    game_uid = models.CharField(max_length=64, unique=True)
    seed = models.BinaryField(max_length=32, editable=False)
    commitment = models.CharField(max_length=64)
    versions = models.JSONField(default=dict)
    version = models.PositiveIntegerField(default=0)
    state = models.JSONField(editable=False)
    result = models.JSONField(null=True, blank=True)
    started = models.DateTimeField(auto_now_add=True)
    finished = models.DateTimeField(null=True, blank=True)
    # Live play (boardgame/play/clocks.py, deadlines.py): clocks, deadlines, missed deadlines,
    # civil disorder, pause and draw votes; `due` is when the deadline sweeper must next look.
    live = models.JSONField(default=dict, blank=True)
    due = models.DateTimeField(null=True, blank=True, db_index=True)
    # Written orders (engine/kernel/simultaneous.py): the book of every seat's current orders
    # in open revisable groups, kept beside the state so that writing one makes no version.
    # Secret: never rendered, filtered or sent but to the audiences of the seat that wrote it.
    orders = models.JSONField(default=dict, blank=True, editable=False)

    class Meta:
        ordering = ["-started", "-id"]

    def __str__(self) -> str:
        return f"game {self.pk} ({self.ruleset}/{self.scenario})"

    def __repr__(self) -> str:  # never the seed nor the state
        return f"<Game {self.pk} {self.ruleset}/{self.scenario} v{self.version}>"

    @property
    def is_over(self) -> bool:
        return self.finished is not None


class ActionRecord(AppendOnly):
    """One accepted step of a game: the log a `salient-record/1` export is built from."""

    class Kind(models.TextChoices):
        ACT = "act", "Action"
        UNDO = "undo", "Undo"
        END = "end", "End of game"
        READY = "ready", "Ready or not (written orders)"
        UPGRADE = "upgrade", "Carried to a newer version of the rules"
        ROLLBACK = "rollback", "A resolved turn rolled back by the game master"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="actions")
    seq = models.PositiveIntegerField()
    kind = models.CharField(max_length=8, choices=Kind.choices, default=Kind.ACT)
    seat = models.CharField(max_length=64, null=True, blank=True)
    decision = models.CharField(max_length=200, null=True, blank=True)
    action = models.JSONField(null=True, blank=True)
    events = models.JSONField(default=list)
    rolls = models.JSONField(default=list)
    state_hash = models.CharField(max_length=64, blank=True)
    sealed_group = models.CharField(max_length=200, null=True, blank=True)
    private = models.BooleanField(default=False)
    by_user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                on_delete=models.SET_NULL, related_name="+")
    # "user", "timeout", or a bot's `bot:<id>@<version>` (issue #25)
    by = models.CharField(max_length=32, default="user")
    cid = models.CharField(max_length=64, null=True, blank=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seq"], name="action_seq_unique"),
            models.UniqueConstraint(fields=["game", "by_user", "cid"],
                                    condition=models.Q(cid__isnull=False),
                                    name="action_cid_unique"),
        ]


class Snapshot(AppendOnly):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="snapshots")
    version = models.PositiveIntegerField()
    state = models.JSONField()
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "version"]
        constraints = [models.UniqueConstraint(fields=["game", "version"],
                                               name="snapshot_version_unique")]


class ChatMessage(AppendOnly):
    """Chat of a game: channel `table` (everyone seated), `side:<side>` or `spectators`."""

    TEXT_MAX = 2000

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="chat")
    channel = models.CharField(max_length=80)
    seq = models.PositiveIntegerField()
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL,
                             related_name="+")
    text = models.TextField(max_length=TEXT_MAX)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "seq"]
        constraints = [models.UniqueConstraint(fields=["game", "seq"],
                                               name="chat_seq_unique")]


class OrderLog(AppendOnly):
    """Every write and withdrawal of a written order, in the order they came: private to the
    seat's audiences until the group resolves, then part of the record (replay checks the
    resolving step against the last entry of each decision)."""

    class Kind(models.TextChoices):
        WRITE = "write", "Written"
        WITHDRAW = "withdraw", "Withdrawn"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="order_log")
    group = models.CharField(max_length=200)
    decision = models.CharField(max_length=200)
    seat = models.CharField(max_length=64)
    kind = models.CharField(max_length=8, choices=Kind.choices)
    action = models.JSONField(null=True, blank=True)
    # The game's version when it was written: orders change no version, so entries of one
    # version are ordered by id.
    version = models.PositiveIntegerField()
    by_user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                on_delete=models.SET_NULL, related_name="+")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "id"]


class LeftInDisorder(AppendOnly):
    """A seat its player left in civil disorder and someone (a replacement or a bot) took over:
    no longer theirs, still on their reliability record (ratings/profiles.py). Written by
    `seating.seat_locked`; indexed by user, where a scan of every game's `live` was not."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+")
    seat = models.CharField(max_length=64)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="+", db_index=True)
    missed = models.PositiveIntegerField()
    created = models.DateTimeField(auto_now_add=True)


class GmCommand(AppendOnly):
    """Every command of a game's game master (boardgame/play/gm.py), and every default the
    server applied when a GM decision timed out (`user` null, `command` ending `:timeout`):
    who, what, when. Public to every audience of the game: an entry names the command, the
    seat it concerned and the public facts of it (hours, the new player) — never a proxy's
    orders (those are in `OrderLog`, sealed as the seat's own) nor what a private look saw."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="gm_log")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                             on_delete=models.SET_NULL, related_name="+")
    command = models.CharField(max_length=32)
    seat = models.CharField(max_length=64, null=True, blank=True)
    detail = models.JSONField(default=dict, blank=True)
    version = models.PositiveIntegerField()
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "id"]
