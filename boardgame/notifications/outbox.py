"""The notification sweep: notices fanned out to their channels, deliveries sent.

`run_due` runs as the task `sweep_notifications` (boardgame/jobs), enqueued by the beat while
`anything_due` finds work; several workers may run it at once.

1. **Fan-out.** New notices are locked (`select_for_update(skip_locked)`; an exclusive
   transaction on SQLite) in batches. For each, the recipient's preferences decide the
   deliveries: none while the user has the game open (presence) unless they ask for
   "always"; e-mail and push for the events they chose; each of their webhooks that lists
   the event. A game's public notice goes to the game's webhooks. Per-user rate limits
   (SALIENT_RATE_LIMITS `notify_*`) turn the excess into skipped deliveries. The deliveries
   and the notice's `fanned` flag are written in one transaction; a unique (notice, target)
   makes a repeated fan-out harmless.
2. **Delivery.** Due deliveries are claimed in one short transaction (status `sending`, a
   lease of SALIENT_DELIVERY_LEASE_SECONDS), sent outside it (webhooks and pushes on a few
   threads, each with its time limit), and their outcome written conditionally on the
   claim still being theirs. A worker killed after claiming leaves rows that the lease
   returns to the sweep: a delivery is never lost. If it died after the receiver got the
   message but before writing so, the message goes again with the same delivery id
   (at-least-once, with an id for the receiver to drop repeats by). Retries back off
   (10 s, 1 min, 5 min, 30 min); the fifth failure is final.
"""

from __future__ import annotations

import datetime as dt
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from contextlib import contextmanager
from typing import Any, Callable, Iterator

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import connection, transaction
from django.db.models import F, Q
from django.utils import timezone
from django_tasks_db.utils import exclusive_transaction

from boardgame.accounts import ratelimit

from . import senders
from .messages import message_for
from .models import (
    MAX_FAILURES,
    PUBLIC_EVENTS,
    Delivery,
    Notice,
    Preferences,
    PushSubscription,
    Webhook,
)

FAN_BATCH = 200
SEND_BATCH = 20
MAX_ATTEMPTS = 5
BACKOFF = (10, 60, 300, 1800)
SENDERS = 8
Status = Delivery.Status


def lease() -> dt.timedelta:
    return dt.timedelta(seconds=float(getattr(settings, "SALIENT_DELIVERY_LEASE_SECONDS", 60)))


def anything_due(now: Any = None) -> bool:
    now = now or timezone.now()
    return (Notice.objects.filter(fanned=False).exists()
            or Delivery.objects.filter(status__in=[Status.PENDING, Status.SENDING],
                                       next_at__lte=now).exists())


def run_due(budget: float = 20.0) -> dict[str, int]:
    """Fan out and send until nothing is due or `budget` seconds have passed."""
    started = time.monotonic()
    figures = {"fanned": 0, "sent": 0, "retry": 0, "failed": 0, "gone": 0, "skipped": 0}
    while time.monotonic() - started < budget:
        fanned = fan_out()
        outcomes = deliver_due()
        figures["fanned"] += fanned
        for outcome in outcomes:
            figures[outcome] = figures.get(outcome, 0) + 1
        if not fanned and not outcomes:
            break
    return figures


# --- fan-out --------------------------------------------------------------------------------

def on_page(game_id: int | None, seats: list[str], cache: dict[int, set[str]]) -> bool:
    """Whether a socket of one of these seats is open on the game (presence, any process)."""
    if game_id is None or not seats:
        return False
    if game_id not in cache:
        from boardgame.play import presence
        cache[game_id] = set(presence.current(game_id)["seats"])
    return bool(cache[game_id] & set(seats))


def plan(notices: list[Notice], now: dt.datetime) -> list[Delivery]:
    """The deliveries of a batch of notices (a handful of queries for the whole batch)."""
    users = {n.user_id for n in notices if n.user_id is not None}
    games = {n.game_id for n in notices if n.user_id is None and n.game_id is not None}
    prefs = {p.user_id: p for p in Preferences.objects.filter(user_id__in=users)}
    pushes: dict[int, list[PushSubscription]] = {}
    if senders.push_enabled():
        for sub in PushSubscription.objects.filter(user_id__in=users):
            pushes.setdefault(sub.user_id, []).append(sub)
    own_hooks: dict[int, list[Webhook]] = {}
    game_hooks: dict[int, list[Webhook]] = {}
    for hook in Webhook.objects.filter(active=True, game__isnull=True, owner_id__in=users):
        own_hooks.setdefault(hook.owner_id, []).append(hook)
    for hook in Webhook.objects.filter(active=True, game_id__in=games):
        game_hooks.setdefault(hook.game_id, []).append(hook)
    emails = dict(get_user_model().objects.filter(pk__in=users).values_list("pk", "email"))
    present: dict[int, set[str]] = {}
    out: list[Delivery] = []

    def add(notice: Notice, channel: str, target: str, **links: Any) -> None:
        out.append(Delivery(notice=notice, channel=channel, target=target, next_at=now,
                            **links))

    for notice in notices:
        if notice.user_id is None:
            if notice.kind in PUBLIC_EVENTS:
                for hook in game_hooks.get(notice.game_id or 0, []):
                    if notice.kind in hook.events:
                        add(notice, "webhook", f"webhook:{hook.pk}", webhook=hook)
            continue
        pref = prefs.get(notice.user_id) or Preferences(user_id=notice.user_id)
        if not pref.always and on_page(notice.game_id, notice.data.get("seats") or [],
                                       present):
            continue
        if pref.wants("email", notice.kind) and emails.get(notice.user_id):
            add(notice, "email", "email")
        if pref.wants("push", notice.kind):
            for sub in pushes.get(notice.user_id, []):
                add(notice, "push", f"push:{sub.pk}", push=sub)
        for hook in own_hooks.get(notice.user_id, []):
            if notice.kind in hook.events:
                add(notice, "webhook", f"webhook:{hook.pk}", webhook=hook)
    limit(out)
    return out


def limit(deliveries: list[Delivery]) -> None:
    """Per-user rate limits, one cache round trip per user and channel of the batch: the
    deliveries over the limit are recorded as skipped."""
    wanted: dict[tuple[int, str], list[Delivery]] = {}
    for delivery in deliveries:
        if delivery.notice.user_id is not None:
            wanted.setdefault((delivery.notice.user_id, delivery.channel), []).append(delivery)
    for (user_id, channel), rows in wanted.items():
        allowed = ratelimit.take(f"notify_{channel}", str(user_id), len(rows))
        for delivery in rows[allowed:]:
            delivery.status, delivery.error = Status.SKIPPED, "rate limited"


def fan_out(batch: int = FAN_BATCH) -> int:
    now = timezone.now()
    with exclusive_transaction():
        no_disk_wait()
        notices = list(Notice.objects.select_for_update(skip_locked=True)
                       .filter(fanned=False).order_by("id")[:batch])
        if not notices:
            return 0
        Delivery.objects.bulk_create(plan(notices, now), ignore_conflicts=True)
        Notice.objects.filter(pk__in=[n.pk for n in notices]).update(fanned=True)
    return len(notices)


# --- delivery -------------------------------------------------------------------------------

def claim(batch: int = SEND_BATCH) -> list[Delivery]:
    """Lease a batch of due deliveries to this worker: one locked SELECT of their ids, one
    UPDATE, then the rows with what sending needs."""
    now = timezone.now()
    with exclusive_transaction():
        no_disk_wait()
        ids = list(Delivery.objects.select_for_update(skip_locked=True)
                   .filter(status__in=[Status.PENDING, Status.SENDING], next_at__lte=now)
                   .order_by("next_at").values_list("pk", flat=True)[:batch])
        if not ids:
            return []
        Delivery.objects.filter(pk__in=ids).update(status=Status.SENDING,
                                                   attempts=F("attempts") + 1,
                                                   next_at=now + lease())
    return list(Delivery.objects.filter(pk__in=ids).select_related(
        "notice__game__table", "notice__user__notification_preferences", "push", "webhook"))


def prepare(delivery: Delivery) -> Callable[[], senders.Outcome]:
    """The send of one delivery, made ready in this thread (every database read happens
    here), to run in any thread (network only)."""
    notice = delivery.notice
    user = notice.user
    pref = None
    if user is not None:
        try:
            pref = user.notification_preferences
        except Preferences.DoesNotExist:
            pref = Preferences.objects.get_or_create(user=user)[0]
    message = message_for(notice, pref.time_zone if pref is not None else "UTC")
    if delivery.channel == "email":
        if user is None or pref is None or not pref.wants("email", notice.kind):
            return lambda: senders.Outcome("skipped", "e-mail turned off")
        email, token = user.email, pref.unsubscribe_token
        return lambda: senders.send_email(str(delivery.pk), message, email, token)
    if delivery.channel == "push":
        sub = delivery.push
        if sub is None:
            return lambda: senders.Outcome("skipped", "subscription removed")
        return lambda: senders.send_push(message, sub.endpoint, sub.p256dh, sub.auth)
    hook = delivery.webhook
    if hook is None or not hook.active:
        return lambda: senders.Outcome("skipped", "webhook removed or turned off")
    if hook.game_id is not None and notice.kind not in PUBLIC_EVENTS:
        return lambda: senders.Outcome("skipped", "not a public event")  # plan() never does
    return lambda: senders.send_webhook(str(delivery.pk), message, hook.url, hook.format,
                                        hook.secret)


class Recorder:
    """Outcomes written as they come, a few at a time: after FLUSH_EVERY outcomes or
    FLUSH_SECONDS, whichever first, in one transaction (sent ones in one UPDATE). A worker
    killed mid-batch repeats at most the handful not yet written."""

    FLUSH_EVERY = 8
    FLUSH_SECONDS = 0.05

    def __init__(self) -> None:
        self.pending: list[tuple[Delivery, senders.Outcome]] = []
        self.since = time.monotonic()
        self.statuses: list[str] = []

    def add(self, row: Delivery, outcome: senders.Outcome | None) -> None:
        if outcome is None:
            return
        self.pending.append((row, outcome))
        self.statuses.append(outcome.status)
        if len(self.pending) >= self.FLUSH_EVERY or \
                time.monotonic() - self.since >= self.FLUSH_SECONDS:
            self.flush()

    def flush(self) -> None:
        if self.pending:
            with bookkeeping():
                sent = [row for row, outcome in self.pending if outcome.status == "sent"
                        and (row.webhook is None or not row.webhook.failures)]
                if sent:
                    mine = Q()
                    for row in sent:
                        mine |= Q(pk=row.pk, attempts=row.attempts)
                    Delivery.objects.filter(mine, status=Status.SENDING).update(
                        status=Status.SENT, sent_at=timezone.now(), error="")
                for row, outcome in self.pending:
                    if not any(row is done for done in sent):
                        _record(row, outcome)
        self.pending = []
        self.since = time.monotonic()


def deliver_due(batch: int = SEND_BATCH) -> list[str]:
    """Claim a batch, send it, and record outcomes as they come (`Recorder`). A row whose
    lease is nearly over when its turn comes is not sent: another worker may have it."""
    rows = claim(batch)
    sends = [prepare(row) for row in rows]
    until = time.monotonic() + lease().total_seconds() * 0.8

    def within_lease(i: int) -> senders.Outcome | None:
        return sends[i]() if time.monotonic() < until else None

    recorder = Recorder()
    remote = [i for i, row in enumerate(rows) if row.channel != "email"]
    with ThreadPoolExecutor(max_workers=max(1, min(SENDERS, len(remote)))) as pool:
        futures = {pool.submit(within_lease, i): i for i in remote}
        for i, row in enumerate(rows):
            if row.channel == "email":
                recorder.add(row, within_lease(i))
        for future in as_completed(futures):
            recorder.add(rows[futures[future]], future.result())
    recorder.flush()
    return recorder.statuses


@contextmanager
def bookkeeping() -> Iterator[None]:
    """A transaction for delivery bookkeeping. On PostgreSQL it does not wait for the disk
    (`synchronous_commit = off`): a database crash may forget the last fraction of a second
    of it, which only repeats a delivery — under the same id — as a killed worker would."""
    with transaction.atomic():
        no_disk_wait()
        yield


def no_disk_wait() -> None:
    """Inside a transaction: its commit does not wait for the disk (PostgreSQL only)."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SET LOCAL synchronous_commit TO OFF")


def record(row: Delivery, outcome: senders.Outcome) -> None:
    with bookkeeping():
        _record(row, outcome)


def _record(row: Delivery, outcome: senders.Outcome) -> None:
    now = timezone.now()
    mine = Delivery.objects.filter(pk=row.pk, status=Status.SENDING, attempts=row.attempts)
    if outcome.status == "retry" and row.attempts < MAX_ATTEMPTS:
        wait = BACKOFF[min(row.attempts, len(BACKOFF)) - 1]
        mine.update(status=Status.PENDING, next_at=now + dt.timedelta(seconds=wait),
                    error=outcome.error[:200])
        return
    status = {"sent": Status.SENT, "gone": Status.GONE, "skipped": Status.SKIPPED}.get(
        outcome.status, Status.FAILED)
    mine.update(status=status, sent_at=now if status == Status.SENT else None,
                error=outcome.error[:200])
    if row.channel == "webhook" and row.webhook_id is not None:
        hooks = Webhook.objects.filter(pk=row.webhook_id)
        if status == Status.SENT:
            if row.webhook is None or row.webhook.failures:
                hooks.exclude(failures=0).update(failures=0)
        elif status == Status.FAILED:
            hooks.update(failures=F("failures") + 1)
            hooks.filter(failures__gte=MAX_FAILURES).update(active=False)
    if status == Status.GONE and row.push_id is not None:
        PushSubscription.objects.filter(pk=row.push_id).delete()
