"""Notifications (boardgame/notifications): notices written with the change they report, the
fan-out by preferences and presence, and each channel against a real part — e-mail through
Django's locmem backend, webhooks to a local receiver, web push to a local stand-in that
checks the encryption headers and decrypts — with the leak poisoning on every channel."""

from __future__ import annotations

import datetime as dt
import hashlib
import hmac
import json
import socket

import pytest
from django.core import mail
from django.utils import timezone
from rest_framework.test import APIClient

from boardgame.lobby.models import Seat
from boardgame.notifications import outbound, outbox, senders
from boardgame.notifications.models import Delivery, Notice, Preferences, PushSubscription, Webhook
from boardgame.play import actions, deadlines, seating
from boardgame.play.models import Game
from engine.kernel.leaks import _Poisoner

from . import helpers
from .receivers import PushService, Receiver, vapid_pair

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _outbound(settings):
    settings.SALIENT_OUTBOUND_ALLOW_LOOPBACK = True
    settings.SALIENT_SITE_URL = "https://salient.test"


def client(user):
    api = APIClient()
    api.force_authenticate(user)
    return api


def melee(hamlet, othello, iago, **table):
    """An async three-seat toy game: hamlet red (host), othello blue, iago green."""
    fields = dict(pace="async", deadline_hours=24, title="Tannenberg")
    fields.update(table)
    game = helpers.start_game(hamlet, {"red": hamlet, "blue": othello, "green": iago},
                              scenario="melee", **fields)
    deadlines.initialise_new_games()   # as the sweeper does within a second
    return game


def play_round(game):
    """Every sealed bid answered by its seat's player, until the winner's move opens. The
    last bidder bids its lowest card, so the winner is a seat that was not acting: "your
    move" is for a seat that gains a decision, not for the one that just answered (the
    write path compares the seats it waits for before and after the step)."""
    from engine import rulesets
    from engine.kernel import decisions
    users = {s.seat: s.user for s in Seat.objects.filter(table_id=game.table_id)}
    for _ in range(10):
        game.refresh_from_db()
        moves = helpers.next_moves(game.state)
        if not any("-bid-" in decision for _, decision, _ in moves):
            return moves
        seat, decision, action = moves[0]
        if len(moves) == 1:
            found = next(d for d in decisions(rulesets.get("toy_skirmish"), game.state)
                         if d.id == decision)
            action = sorted(found.options, key=lambda o: o["card"])[0]
        actions.submit_action(game.pk, users[seat], seat, decision, action, f"{seat}{decision}")
    return helpers.next_moves(game.state)


def test_game_start_and_your_move_write_notices_in_the_same_transaction(
        hamlet, othello, iago, nobody_on_the_page):
    game = melee(hamlet, othello, iago)
    started = Notice.objects.filter(game=game, kind="game_started")
    assert sorted(n.user_id for n in started if n.user_id) == sorted(
        [hamlet.pk, othello.pk, iago.pk])
    assert started.filter(user__isnull=True).count() == 1     # the public one (game webhooks)
    moves = play_round(game)
    assert len(moves) == 1
    seat = moves[0][0]
    mine = Notice.objects.filter(game=game, kind="your_move", user__isnull=False)
    assert [(n.data["seats"]) for n in mine] == [[seat]]
    public = Notice.objects.get(game=game, kind="your_move", user__isnull=True)
    assert public.data == {"seats": [seat]}


def test_email_names_the_game_has_an_unsubscribe_link_and_a_stable_id(
        hamlet, othello, iago, nobody_on_the_page):
    Preferences.objects.create(user=othello, email=["game_started"])
    game = melee(hamlet, othello, iago)
    mail.outbox.clear()
    outbox.run_due()
    sent = [m for m in mail.outbox if m.to == ["othello@example.org"]]
    assert len(sent) == 1
    message = sent[0]
    assert f"Tannenberg (game {game.pk})" in message.subject
    assert "game has started" in message.body
    assert f"https://salient.test/games/{game.pk}/" in message.body
    token = Preferences.objects.get(user=othello).unsubscribe_token
    assert f"/notifications/unsubscribe/{token}/" in message.body
    assert message.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    delivery = Delivery.objects.get(notice__user=othello, channel="email")
    assert message.extra_headers["Message-ID"] == f"<{delivery.pk}@salient.notifications>"
    assert delivery.status == "sent"
    # hamlet and iago kept the default (game_started is one of its events): mailed too.
    assert {m.to[0] for m in mail.outbox} == {"hamlet@example.org", "othello@example.org",
                                              "iago@example.org"}
    # The unsubscribe link works without a session (one-click POST).
    assert APIClient().post(f"/notifications/unsubscribe/{token}/").status_code == 200
    assert Preferences.objects.get(user=othello).email == []


def test_nothing_is_sent_while_the_player_has_the_game_open_unless_always(
        hamlet, othello, iago, nobody_on_the_page):
    game = melee(hamlet, othello, iago)
    nobody_on_the_page[game.pk] = ["red", "blue"]
    Preferences.objects.create(user=othello, always=True)
    mail.outbox.clear()
    outbox.run_due()
    assert {m.to[0] for m in mail.outbox} == {"othello@example.org", "iago@example.org"}
    assert Notice.objects.filter(user=hamlet, kind="game_started").exists()   # inbox still


def test_a_users_webhook_gets_signed_json_with_the_delivery_id(hamlet, othello, iago,
                                                              nobody_on_the_page):
    with Receiver() as receiver:
        created = client(othello).post("/api/me/webhooks", {"url": receiver.url + "/h",
                                                            "events": ["game_started"]},
                                       format="json")
        assert created.status_code == 201, created.json()
        secret = created.json()["secret"]
        game = melee(hamlet, othello, iago)
        outbox.run_due()
        assert len(receiver.got) == 1
        got = receiver.got[0]
        body = got.json()
        assert body["event"] == "game_started" and body["game"] == game.pk
        assert body["title"] == f"Tannenberg (game {game.pk})"
        assert got.headers["x-salient-delivery"] == body["id"]
        expected = hmac.new(secret.encode(), got.body, hashlib.sha256).hexdigest()
        assert got.headers["x-salient-signature"] == f"sha256={expected}"


def test_a_games_webhook_hears_public_events_only(hamlet, othello, iago, nobody_on_the_page):
    game = melee(hamlet, othello, iago)
    refused = client(hamlet).post(f"/api/games/{game.pk}/webhooks",
                                  {"url": "https://example.org/x", "events": ["press"]},
                                  format="json")
    assert refused.status_code == 400 and "press" in refused.json()["error"]["message"]
    assert client(othello).post(f"/api/games/{game.pk}/webhooks",
                                {"url": "https://example.org/x"},
                                format="json").status_code == 403
    outbox.run_due()                                   # the start, before the hook existed
    with Receiver() as receiver:
        url = receiver.url + "/api/webhooks/1/abc"
        made = client(hamlet).post(f"/api/games/{game.pk}/webhooks",
                                   {"url": url, "format": "discord"}, format="json")
        assert made.status_code == 201, made.json()
        moves = play_round(game)
        replacement = helpers.make_user("horatio")
        Notice.objects.create(user=othello, game=game, kind="seat_handed",
                              data={"seats": ["blue"]})
        Notice.objects.create(user=othello, game=game, kind="press",
                              data={"seats": ["blue"], "channel": 1, "from": ["red"]})
        Notice.objects.create(user=replacement, game=game, kind="deadline_near",
                              data={"seats": ["blue"], "deadline": 0})
        actions.do_resign(game.pk, hamlet, "red")
        outbox.run_due()
        bodies = [r.json() for r in receiver.got]
    lines = sorted(b["content"] for b in bodies)
    assert len(lines) == 2, lines
    assert "game is over" in lines[0]
    assert f"waiting for {moves[0][0]}" in lines[1]
    assert all(b["allowed_mentions"] == {"parse": []} for b in bodies)


def test_push_goes_encrypted_with_vapid_and_a_gone_subscription_is_removed(
        hamlet, othello, iago, settings, nobody_on_the_page):
    settings.SALIENT_VAPID_PRIVATE_KEY, settings.SALIENT_VAPID_PUBLIC_KEY = vapid_pair()
    key = client(othello).get("/api/push/key").json()
    assert key == {"enabled": True, "public_key": settings.SALIENT_VAPID_PUBLIC_KEY}
    with PushService() as service:
        service.vapid_public = settings.SALIENT_VAPID_PUBLIC_KEY
        made = client(othello).post("/api/me/push-subscriptions", service.subscription(),
                                    format="json")
        assert made.status_code == 201, made.json()
        game = melee(hamlet, othello, iago)
        outbox.run_due()
        assert len(service.got) == 1
        push = service.got[0]
        assert push.problems == []
        assert push.payload["title"] == f"Tannenberg (game {game.pk})"
        assert push.payload["url"] == f"https://salient.test/games/{game.pk}/"
        service.status = 410
        actions.do_resign(game.pk, hamlet, "red")
        outbox.run_due()
    assert Delivery.objects.filter(channel="push", status="gone").count() == 1
    assert not PushSubscription.objects.filter(user=othello).exists()


def test_push_is_off_without_vapid_keys(othello, settings):
    settings.SALIENT_VAPID_PRIVATE_KEY = ""
    assert client(othello).get("/api/push/key").json() == {"enabled": False,
                                                           "public_key": None}
    refused = client(othello).post("/api/me/push-subscriptions", {}, format="json")
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "push/off"


def test_leak_poisoning_on_every_channel(hamlet, othello, iago, settings,
                                        nobody_on_the_page):
    """Everything hidden in the game — every seat's secrets, sealed answers, written orders —
    is replaced by markers; no marker may reach an e-mail, a webhook, a push or the inbox."""
    settings.SALIENT_VAPID_PRIVATE_KEY, settings.SALIENT_VAPID_PUBLIC_KEY = vapid_pair()
    Preferences.objects.create(user=othello, email=list(Preferences().push))
    with Receiver() as hooks, PushService() as pushes:
        client(othello).post("/api/me/webhooks", {"url": hooks.url + "/me"}, format="json")
        client(othello).post("/api/me/push-subscriptions", pushes.subscription(),
                             format="json")
        game = melee(hamlet, othello, iago)
        client(hamlet).post(f"/api/games/{game.pk}/webhooks", {"url": hooks.url + "/game"},
                            format="json")
        play_round(game)
        poisoner = _Poisoner()
        game.refresh_from_db()
        state = dict(game.state)
        state["secret"] = poisoner.poison(state["secret"])
        kernel = dict(state["kernel"])
        kernel["sealed"] = poisoner.poison(kernel.get("sealed") or {"g": {"d": {"x": "y"}}})
        state["kernel"] = kernel
        Game.objects.filter(pk=game.pk).update(state=state, orders=poisoner.poison(
            {"g": {"d": {"seat": "blue", "action": {"secret": "plan"}}}}))
        for kind in ("your_move", "deadline_near", "seat_handed", "press", "game_ended"):
            Notice.objects.create(user=othello, game=game, kind=kind,
                                  data={"seats": ["blue"], "deadline": 0, "channel": 1})
        Notice.objects.create(user=None, game=game, kind="your_move",
                              data={"seats": ["blue"]})
        outbox.run_due()
        inbox = client(othello).get("/api/me/notices").content.decode()
        outputs = [m.subject + m.body for m in mail.outbox]
        outputs += [r.body.decode() for r in hooks.got]
        outputs += [json.dumps(p.payload) for p in pushes.got]
        outputs.append(inbox)
    assert len(mail.outbox) >= 5 and len(hooks.got) >= 5 and len(pushes.got) >= 5
    assert not [p.problems for p in pushes.got if p.problems]
    leaked = [(marker, text[:80]) for text in outputs for marker in poisoner.markers
              if marker in text]
    leaked += [(n, text[:80]) for text in outputs for n in poisoner.ints if str(n) in text]
    assert leaked == []
    game_hook = [r for r in hooks.got if r.path == "/game"]
    assert {r.json()["event"] for r in game_hook} <= {"your_move", "game_started",
                                                     "game_ended"}


# --- the outbound guard ---------------------------------------------------------------------

@pytest.mark.parametrize("url,code", [
    ("ftp://example.org/x", "url/scheme"),
    ("https://user:pw@example.org/x", "url/credentials"),
    ("https://127.0.0.1/x", "url/address"),
    ("https://10.1.2.3/x", "url/address"),
    ("https://169.254.169.254/latest/meta-data", "url/address"),
    ("https://[::1]/x", "url/address"),
    ("https://[::ffff:192.168.1.1]/x", "url/address"),
    ("https://100.64.0.1/x", "url/address"),
    ("https://localhost/x", "url/address"),
    ("https://metadata.internal/x", "url/address"),
    ("https://exa mple.org/x", "url/invalid"),
])
def test_webhook_urls_are_refused_clearly_and_nothing_is_stored(othello, settings, url, code):
    settings.SALIENT_OUTBOUND_ALLOW_LOOPBACK = False
    response = client(othello).post("/api/me/webhooks", {"url": url}, format="json")
    assert response.status_code == 400, response.json()
    assert response.json()["error"]["code"] == code
    assert not Webhook.objects.exists()


def test_production_accepts_https_only(settings):
    settings.PRODUCTION = True
    with pytest.raises(outbound.OutboundRefused) as refused:
        outbound.check_url("http://example.org/x")
    assert refused.value.code == "url/scheme"
    assert outbound.check_url("https://example.org/x").port == 443


def test_the_host_is_resolved_once_and_the_checked_address_is_the_one_connected(
        monkeypatch, settings):
    """A name that answers a public address to the check and a private one a moment later
    (DNS rebinding) is connected to at the checked address, never re-resolved."""
    settings.SALIENT_OUTBOUND_ALLOW_LOOPBACK = False
    answers = iter(["93.184.216.34", "10.0.0.5"])
    lookups: list[str] = []

    def getaddrinfo(host, port, *args, **kwargs):
        lookups.append(host)
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", (next(answers), port))]
    connected: list[tuple[str, int]] = []

    def create_connection(address, timeout=None, *args, **kwargs):
        connected.append(address)
        raise ConnectionRefusedError("test: no network")
    monkeypatch.setattr(outbound.socket, "getaddrinfo", getaddrinfo)
    monkeypatch.setattr(outbound.socket, "create_connection", create_connection)
    with pytest.raises(OSError):
        outbound.post("https://hooks.example.org/x", b"{}", {})
    assert lookups == ["hooks.example.org"]
    assert connected == [("93.184.216.34", 443)]


def test_a_name_resolving_to_a_private_address_is_refused_at_send_time(monkeypatch, settings):
    settings.SALIENT_OUTBOUND_ALLOW_LOOPBACK = False
    monkeypatch.setattr(outbound.socket, "getaddrinfo", lambda host, port, *a, **k: [
        (socket.AF_INET, socket.SOCK_STREAM, 6, "", ("93.184.216.34", port)),
        (socket.AF_INET, socket.SOCK_STREAM, 6, "", ("192.168.0.7", port))])
    outcome = senders.send_webhook("d1", _message(), "https://rebind.example.org/x", "json",
                                   "s")
    assert outcome.status == "failed" and "url/address" in outcome.error


def _message():
    from boardgame.notifications.messages import Message
    return Message("your_move", 1, "T (game 1)", "your move as red", "https://s/games/1/")


def test_redirects_are_not_followed_and_slow_receivers_time_out(settings):
    settings.SALIENT_OUTBOUND_TIMEOUT = 0.5
    with Receiver(status=302, headers={"Location": "http://127.0.0.1:1/x"}) as moved:
        outcome = senders.send_webhook("d1", _message(), moved.url, "json", "s")
        assert outcome.status == "failed" and "redirect" in outcome.error
        assert len(moved.got) == 1
    with Receiver(delay=2.0) as slow:
        started = timezone.now()
        outcome = senders.send_webhook("d2", _message(), slow.url, "json", "s")
        assert outcome.status == "retry"
        assert timezone.now() - started < dt.timedelta(seconds=1.8)


def test_failures_back_off_and_a_lost_lease_is_retried_with_the_same_id(
        hamlet, othello, iago, nobody_on_the_page):
    with Receiver(status=503) as down:
        client(othello).post("/api/me/webhooks", {"url": down.url,
                                                  "events": ["game_started"]}, format="json")
        melee(hamlet, othello, iago)
        outbox.run_due()
        delivery = Delivery.objects.get(channel="webhook")
        assert delivery.status == "pending" and delivery.attempts == 1
        assert delivery.next_at > timezone.now() + dt.timedelta(seconds=5)
        # A worker claimed it and died: the lease runs out, the next sweep sends it again.
        Delivery.objects.filter(pk=delivery.pk).update(
            status="sending", next_at=timezone.now() - dt.timedelta(seconds=1))
        down.status = 204
        outbox.run_due()
        ids = [r.headers["x-salient-delivery"] for r in down.got]
    assert ids == [str(delivery.pk)] * 2
    delivery.refresh_from_db()
    assert delivery.status == "sent" and delivery.attempts == 2


def test_per_user_rate_limit_skips_the_excess(hamlet, othello, iago, settings,
                                              nobody_on_the_page):
    settings.SALIENT_RATE_LIMITS = {**settings.SALIENT_RATE_LIMITS, "notify_email": (2, 3600)}
    game = melee(hamlet, othello, iago)
    for _ in range(3):
        Notice.objects.create(user=othello, game=game, kind="seat_handed",
                              data={"seats": ["blue"]})
    mail.outbox.clear()
    outbox.run_due()
    mine = Delivery.objects.filter(notice__user=othello, channel="email")
    assert sorted(mine.values_list("status", flat=True)) == ["sent", "sent", "skipped",
                                                             "skipped"]


def test_a_seat_handed_over_tells_its_new_player(hamlet, othello, iago):
    game = helpers.start_game(hamlet, {"red": hamlet, "blue": othello}, pace="async",
                              deadline_hours=1, disorder_after=1)
    deadlines.run_due()
    for _ in range(10):
        game.refresh_from_db()
        moves = [m for m in helpers.next_moves(game.state) if m[0] == "red"]
        if not moves:
            break
        actions.submit_action(game.pk, hamlet, *moves[0], f"r{moves[0][1]}")
    deadlines.run_due(timezone.now() + dt.timedelta(hours=2))
    seating.do_replace_seat(game.pk, hamlet, "blue", iago)
    notice = Notice.objects.get(user=iago, kind="seat_handed")
    assert notice.game_id == game.pk and notice.data == {"seats": ["blue"]}


# --- preferences and the inbox over REST ------------------------------------------------------

def test_preferences_are_checked_and_stored(othello):
    api = client(othello)
    assert api.get("/api/me/notifications").json()["time_zone"] == "UTC"
    good = api.patch("/api/me/notifications", {
        "time_zone": "Europe/Paris", "always": True, "email": ["your_move"],
        "reminders": [{"before_hours": 12}, {"at": "08:30"}]}, format="json")
    assert good.status_code == 200, good.json()
    stored = Preferences.objects.get(user=othello)
    assert (stored.time_zone, stored.always, stored.email) == ("Europe/Paris", True,
                                                               ["your_move"])
    for bad in ({"time_zone": "Mars/Olympus"}, {"always": "yes"}, {"email": ["spam"]},
                {"reminders": [{"before_hours": 0}]}, {"reminders": [{"at": "25:00"}]},
                {"reminders": [{"before_hours": 1}] * 2 + [{"at": "01:00"}, {"at": "02:00"}]},
                {"colour": "red"}, ["not", "an", "object"]):
        refused = api.patch("/api/me/notifications", bad, format="json")
        assert refused.status_code == 400, (bad, refused.json())
    assert Preferences.objects.get(user=othello).time_zone == "Europe/Paris"


def test_the_inbox_lists_my_notices_and_marks_them_read(hamlet, othello, iago):
    game = melee(hamlet, othello, iago)
    api = client(othello)
    inbox = api.get("/api/me/notices").json()
    assert inbox["unread"] == 1
    assert inbox["notices"][0]["text"].startswith("the game has started")
    assert inbox["notices"][0]["title"] == f"Tannenberg (game {game.pk})"
    assert api.post("/api/me/notices/read", {"game": game.pk},
                    format="json").json() == {"marked": 1}
    assert api.get("/api/me/notices").json()["unread"] == 0
    assert client(iago).get("/api/me/notices").json()["unread"] == 1


# --- the inbox of games and the catch-up ------------------------------------------------------

def test_the_inbox_puts_games_waiting_for_me_first_with_what_changed(hamlet, othello, iago):
    first = melee(hamlet, othello, iago, title="Marne")
    second = melee(hamlet, othello, iago, title="Lemberg")
    moves = play_round(second)                 # the winner's move opens in Lemberg only
    winner = moves[0][0]
    player = {"red": hamlet, "blue": othello, "green": iago}[winner]
    loser = next(s for s in ("red", "blue", "green") if s != winner)
    loser_user = {"red": hamlet, "blue": othello, "green": iago}[loser]
    theirs = client(loser_user).get("/api/me/inbox").json()
    assert [g["title"] for g in theirs["games"]] == ["Marne", "Lemberg"]  # Marne waits for them
    assert theirs["waiting"] == 1 and theirs["games"][1]["waiting_for_me"] == []
    inbox = client(player).get("/api/me/inbox").json()
    deadlines_ = [g["deadline"] for g in inbox["games"]]
    assert deadlines_ == sorted(deadlines_)                  # both wait: soonest first
    top = next(g for g in inbox["games"] if g["title"] == "Lemberg")
    assert top["waiting_for_me"] == [winner] and top["deadline"] is not None
    assert top["my_last_step"] >= 1 and top["steps_since"] == top["version"] - top[
        "my_last_step"]
    assert inbox["waiting"] == sum(1 for g in inbox["games"] if g["waiting_for_me"])
    assert first.pk in [g["game"] for g in inbox["games"]]


def test_catch_up_shows_my_audiences_events_since_my_last_action(hamlet, othello, iago):
    game = melee(hamlet, othello, iago)
    play_round(game)
    game.refresh_from_db()
    for user, seat in ((hamlet, "red"), (othello, "blue"), (iago, "green")):
        data = client(user).get(f"/api/games/{game.pk}/catch-up?since=0").json()
        assert data["audience"] == f"seat:{seat}"
        assert data["replay"] == f"/api/games/{game.pk}/replay/0?through={game.version}"
        assert any(e["kind"] == "answer_sealed" for step in data["steps"]
                   for e in step["events"])                      # the bids, sealed
        for other in ("red", "blue", "green"):
            if other != seat:   # the others' hands and sealed bids never show
                assert helpers.frame_leaks({"steps": data["steps"]}, other) == []
    mine = client(hamlet).get(f"/api/games/{game.pk}/catch-up").json()
    assert all(step["seq"] > mine["since"] for step in mine["steps"])
    assert client(hamlet).get(f"/api/games/{game.pk}/catch-up?since=x").status_code == 400
