"""Task workers killed with SIGKILL while they sweep deadlines and send reminders.

`G` async toy duels get their reminders (both seats) and, in every other game, blue's
deadline staggered over a few seconds; two `manage.py run_worker` processes sweep them while
one of them is SIGKILLed and restarted every `kill_every` seconds. Each player has a webhook
(to a local receiver that answers slowly, so kills land mid-send) and e-mail (the file
backend). Afterwards:

- every reminder exists exactly once (a `deadline_near` notice per game and seat): none lost,
  none doubled;
- every expired deadline was played exactly once (one timeout step, one missed deadline);
- every webhook and e-mail delivery was sent and reached its receiver; a delivery whose worker
  died after sending and before recording it goes again with the same id (`duplicates`,
  at-least-once with an id to drop repeats by), never with a new one.

Used by tests/live/test_worker_kill.py in the test process (PostgreSQL) and standalone on a
fresh SQLite file: `python -m tests.live.killworkers --sqlite PATH` prints the figures as
JSON.
"""

from __future__ import annotations

import argparse
import email
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


def set_up(games: int, receiver_url: str, stagger_ms: int = 120) -> dict[str, Any]:
    """The games, players, webhooks and armed reminders; what must happen."""
    import datetime as dt

    from boardgame.notifications.models import Webhook
    from boardgame.play import clocks, deadlines
    from boardgame.play.models import Game
    from tests.live import helpers
    expected_timeouts = []
    ids = []
    for i in range(games):
        red, blue = helpers.make_user(f"red{i}"), helpers.make_user(f"blue{i}")
        for user in (red, blue):
            Webhook.objects.create(owner=user, url=f"{receiver_url}/u{user.pk}",
                                   events=["deadline_near"])
        game = helpers.start_game(red, {"red": red, "blue": blue}, pace="async",
                                  deadline_hours=24)
        ids.append(game.pk)
    deadlines.initialise_new_games()
    deadlines.initialise_new_games()
    start = clocks.now_ms() + 3000
    for i, game_id in enumerate(ids):
        game = Game.objects.get(pk=game_id)
        live = dict(game.live)
        at = start + i * stagger_ms
        live["remind"] = {"red": at, "blue": at}
        if i % 2:
            live["deadlines"] = {**live["deadlines"], "blue": at + 300}
            expected_timeouts.append(game_id)
        game.live = live
        game.due = dt.datetime.fromtimestamp(at / 1000, tz=dt.timezone.utc)
        game.save(update_fields=["live", "due"])
    return {"games": ids, "timeouts": expected_timeouts,
            "window_s": (3000 + games * stagger_ms) / 1000}


def worker_env(base: dict[str, str], mail_dir: str) -> dict[str, str]:
    env = dict(base)
    env.update(PYTHONPATH=str(ROOT), LOG_LEVEL="WARNING", SALIENT_SWEEP_SECONDS="0.2",
               SALIENT_DELIVERY_LEASE_SECONDS="2", SALIENT_OUTBOUND_ALLOW_LOOPBACK="1",
               SALIENT_IN_PROCESS_WORKER="0",
               EMAIL_BACKEND="django.core.mail.backends.filebased.EmailBackend",
               EMAIL_FILE_PATH=mail_dir, SALIENT_SITE_URL="https://salient.test")
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    return env


def start_worker(env: dict[str, str], n: int, log_dir: str) -> subprocess.Popen:
    log = open(Path(log_dir) / f"worker-{n}.log", "ab")  # noqa: SIM115 — closed with the process
    return subprocess.Popen([sys.executable, str(ROOT / "manage.py"), "run_worker",
                             "--interval", "0.05", "--worker-id", f"w{n}"],
                            cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
                            start_new_session=True)


def done(plan: dict[str, Any]) -> bool:
    from boardgame.notifications.models import Delivery, Notice
    expected = 2 * len(plan["games"])
    return (Notice.objects.filter(kind="deadline_near").count() >= expected
            and not Notice.objects.filter(fanned=False).exists()
            and not Delivery.objects.filter(status__in=["pending", "sending"]).exists())


def run(plan: dict[str, Any], env: dict[str, str], *, kill_every: float = 0.6,
        settle: float = 60.0, seed: int = 26) -> dict[str, Any]:
    """Two workers; kills through the work window; then until everything is done."""
    from django.db import close_old_connections
    rng = random.Random(seed)
    log_dir = tempfile.mkdtemp(prefix="salient-workers-")
    workers = [start_worker(env, n, log_dir) for n in range(2)]
    started = time.monotonic()
    kills = 0
    kill_until = started + plan["window_s"] + 3.0
    serial = 2
    try:
        while time.monotonic() < kill_until:
            time.sleep(kill_every)
            n = rng.randrange(len(workers))
            os.killpg(workers[n].pid, signal.SIGKILL)
            workers[n].wait(10)
            kills += 1
            workers[n] = start_worker(env, serial, log_dir)
            serial += 1
        deadline = time.monotonic() + settle
        while time.monotonic() < deadline:
            close_old_connections()
            if done(plan):
                break
            time.sleep(0.5)
    finally:
        for proc in workers:
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGTERM)
        for proc in workers:
            try:
                proc.wait(15)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
    return {"kills": kills, "seconds": round(time.monotonic() - started, 1),
            "log_dir": log_dir}


def verify(plan: dict[str, Any], received: list[Any], mail_dir: str) -> dict[str, Any]:
    from django.db import close_old_connections

    from boardgame.notifications.models import Delivery, Notice
    from boardgame.play.models import ActionRecord, Game
    close_old_connections()
    notices = Counter((n.game_id, tuple(n.data["seats"]))
                      for n in Notice.objects.filter(kind="deadline_near"))
    expected = {(g, (s,)) for g in plan["games"] for s in ("red", "blue")}
    timeouts = Counter(ActionRecord.objects.filter(by="timeout", game_id__in=plan["games"])
                       .values_list("game_id", flat=True))
    missed = {g.pk: g.live["missed"]["blue"] for g in Game.objects.filter(pk__in=plan["games"])}
    hooks = Delivery.objects.filter(channel="webhook")
    mails = Delivery.objects.filter(channel="email")
    got_ids = Counter(item.headers.get("x-salient-delivery") for item in received)
    mail_ids: Counter[str] = Counter()
    for path in Path(mail_dir).glob("*.log"):
        for chunk in path.read_text().split("\n" + "-" * 79 + "\n"):
            if chunk.strip():
                mail_ids[email.message_from_string(chunk.strip())["Message-ID"]] += 1
    want_mail = {f"<{d.pk}@salient.notifications>" for d in mails}
    return {
        "reminders_expected": len(expected),
        "reminders_lost": len(expected - set(notices)),
        "reminders_doubled": sum(1 for n in notices.values() if n > 1),
        "timeouts_expected": len(plan["timeouts"]),
        "timeouts_lost": sum(1 for g in plan["timeouts"] if timeouts[g] == 0),
        "timeouts_doubled": sum(1 for g in plan["timeouts"] if timeouts[g] > 1)
        + sum(1 for g in plan["timeouts"] if missed[g] != 1),
        "timeouts_unexpected": sum(1 for g in plan["games"] if g not in plan["timeouts"]
                                   and timeouts[g]),
        "webhook_deliveries": hooks.count(),
        "webhook_unsent": hooks.exclude(status="sent").count(),
        "webhook_lost": len({str(d.pk) for d in hooks} - set(got_ids)),
        "webhook_foreign_ids": len(set(got_ids) - {str(d.pk) for d in hooks}),
        "webhook_repeats": sum(n - 1 for n in got_ids.values()),
        "email_deliveries": mails.count(),
        "email_lost": len(want_mail - set(mail_ids)),
        "email_repeats": sum(n - 1 for n in mail_ids.values()),
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sqlite", required=True, help="path of a fresh SQLite file")
    parser.add_argument("--games", type=int, default=30)
    args = parser.parse_args()
    os.environ["DATABASE_URL"] = f"sqlite:///{Path(args.sqlite).resolve()}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "boardgame.settings")
    os.environ.setdefault("SALIENT_EXTRA_RULESETS", "tests.toy.ruleset")
    os.environ["SALIENT_OUTBOUND_ALLOW_LOOPBACK"] = "1"
    import django
    django.setup()
    from django.conf import settings
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    from django.core.management import call_command
    call_command("migrate", verbosity=0)
    from tests.live.receivers import Receiver
    mail_dir = tempfile.mkdtemp(prefix="salient-mail-")
    with Receiver(delay=0.03) as receiver:
        plan = set_up(args.games, receiver.url)
        figures = run(plan, worker_env(dict(os.environ), mail_dir))
        figures.update(verify(plan, receiver.got, mail_dir))
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
