"""`python -m bench notifications [--notices N]` — the notification fan-out on PostgreSQL.

A database of its own (BENCH_NOTIFY_DATABASE_URL, default
postgres://postgres@127.0.0.1:5432/salient_bench_notify, created and migrated if missing),
Redis for presence if REDIS_URL is set. Seven-player async games' players (e-mail on, one
webhook each to a local receiver that answers 204 at once); N `your_move` notices written as
the write path writes them; then the notification sweep as a worker runs it, timed in two
parts:

- `fan_out_per_s`: notices turned into deliveries (preferences, presence, rate limits, the
  INSERT of the deliveries), per second;
- `sent_per_s`: deliveries claimed, sent (e-mail to Django's locmem backend, webhooks over HTTP
  to 127.0.0.1) and recorded, per second; and the whole pipeline's `notices_per_s`.
"""

from __future__ import annotations

import os
import subprocess
import time
from typing import Any

DB_URL = os.environ.get("BENCH_NOTIFY_DATABASE_URL",
                        "postgres://postgres@127.0.0.1:5432/salient_bench_notify")
SEATS = 7


def _setup_django() -> None:
    os.environ["DATABASE_URL"] = DB_URL
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "boardgame.settings")
    os.environ["SALIENT_IN_PROCESS_WORKER"] = "0"
    os.environ["SALIENT_OUTBOUND_ALLOW_LOOPBACK"] = "1"
    name = DB_URL.rsplit("/", 1)[1]
    subprocess.run(["createdb", "-h", "127.0.0.1", "-U", "postgres", name],
                   capture_output=True, check=False)
    import django
    django.setup()
    from django.conf import settings
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.SALIENT_RATE_LIMITS = {**settings.SALIENT_RATE_LIMITS,
                                    **{f"notify_{c}": (10**9, 3600)
                                       for c in ("email", "push", "webhook")}}
    from django.core.management import call_command
    call_command("migrate", verbosity=0)


def run(notices: int = 2000, games: int = 10) -> dict[str, Any]:
    _setup_django()
    import uuid

    from django.contrib.auth import get_user_model
    from django.core import mail

    from boardgame.notifications import outbox
    from boardgame.notifications.models import Delivery, Notice, Preferences, Webhook
    from tests.live import helpers
    from tests.live.receivers import Receiver
    tag = uuid.uuid4().hex[:6]
    users = get_user_model().objects
    mail.outbox = []
    with Receiver() as receiver:
        game_ids, players = [], []
        for g in range(games):
            seated = [users.create_user(f"n{tag}{g}s{i}", f"n{tag}{g}s{i}@example.org", "x")
                      for i in range(2)]
            game = helpers.start_game(seated[0], {"red": seated[0], "blue": seated[1]},
                                      pace="async", deadline_hours=24)
            game_ids.append(game.pk)
            players.append(seated)
        extra = [users.create_user(f"n{tag}x{i}", f"n{tag}x{i}@example.org", "x")
                 for i in range(games * (SEATS - 2))]
        everyone = [u for pair in players for u in pair] + extra
        for user in everyone:
            Preferences.objects.update_or_create(user=user, defaults={"email": ["your_move"]})
            Webhook.objects.create(owner=user, url=f"{receiver.url}/u{user.pk}",
                                   events=["your_move"])
        Notice.objects.filter(fanned=False).update(fanned=True)   # the set-up's own
        rows = [Notice(user=everyone[i % len(everyone)], game_id=game_ids[i % games],
                       kind="your_move", data={"seats": ["red"]}) for i in range(notices)]
        started = time.perf_counter()
        Notice.objects.bulk_create(rows, batch_size=500)
        written = time.perf_counter() - started
        started = time.perf_counter()
        fanned = 0
        while True:
            n = outbox.fan_out()
            if not n:
                break
            fanned += n
        fan_s = time.perf_counter() - started
        deliveries = Delivery.objects.filter(notice__in=Notice.objects.filter(
            pk__in=[r.pk for r in rows])).count()
        started = time.perf_counter()
        sent: dict[str, int] = {}
        while True:
            statuses = outbox.deliver_due()
            if not statuses:
                break
            for status in statuses:
                sent[status] = sent.get(status, 0) + 1
        send_s = time.perf_counter() - started
        received = len(receiver.got)
    return {
        "database": "postgresql" if DB_URL.startswith("postgres") else "other",
        "notices": notices, "deliveries": deliveries, "outcomes": sent,
        "webhooks_received": received, "emails": len(mail.outbox),
        "write_notices_per_s": round(notices / written),
        "fan_out_per_s": round(fanned / fan_s),
        "sent_per_s": round(sum(sent.values()) / send_s),
        "notices_per_s": round(notices / (fan_s + send_s), 1),
    }
