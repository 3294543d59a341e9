"""Private press (boardgame/press): channels for any set of seats, unread counts, notices and
lobby nudges for their players only; spectators and the other seats never see a channel, not
even that it exists; posts rate-limited and cut as chat is; the text never in a notification."""

from __future__ import annotations

import json

import pytest
from django.core import mail
from rest_framework.test import APIClient

from boardgame.notifications import outbox
from boardgame.notifications.models import Notice, Preferences
from boardgame.play import presence
from boardgame.press.models import PressMessage

from . import helpers
from .receivers import Receiver

pytestmark = pytest.mark.django_db


def client(user):
    api = APIClient()
    api.force_authenticate(user)
    return api


@pytest.fixture
def melee(hamlet, othello, iago):
    """hamlet red, othello blue, iago green; horatio watches."""
    return helpers.start_game(hamlet, {"red": hamlet, "blue": othello, "green": iago},
                              scenario="melee", pace="async", deadline_hours=24)


@pytest.fixture
def horatio(db):
    return helpers.make_user("horatio")


def test_a_channel_for_two_seats_is_theirs_alone(melee, hamlet, othello, iago, horatio):
    url = f"/api/games/{melee.pk}/press"
    made = client(hamlet).post(url, {"seats": ["green", "red"]}, format="json")
    assert made.status_code == 201, made.json()
    cid = made.json()["id"]
    again = client(iago).post(url, {"seats": ["red", "green"]}, format="json")
    assert again.status_code == 200 and again.json()["id"] == cid
    posted = client(hamlet).post(f"{url}/{cid}", {"text": "Shall we share Galicia?"},
                                 format="json")
    assert posted.status_code == 201 and posted.json()["seat"] == "red"
    assert client(iago).get(url).json()["channels"] == [
        {"id": cid, "seats": ["green", "red"], "last_seq": 1, "unread": 1}]
    assert client(hamlet).get(url).json()["channels"][0]["unread"] == 0
    for outsider in (othello, horatio):
        assert client(outsider).get(url).json() == {"channels": []}
        for response in (client(outsider).get(f"{url}/{cid}"),
                         client(outsider).post(f"{url}/{cid}", {"text": "hi"}, format="json"),
                         client(outsider).post(f"{url}/{cid}/read", {}, format="json")):
            assert response.status_code == 404
            assert response.json()["error"]["code"] == "press/not_found"
    read = client(iago).get(f"{url}/{cid}").json()["messages"]
    assert [m["text"] for m in read] == ["Shall we share Galicia?"]
    assert client(iago).post(f"{url}/{cid}/read", {}, format="json").json() == {"unread": 0}
    assert client(iago).get(url).json()["channels"][0]["unread"] == 0


def test_bad_channels_and_posts_are_refused_and_change_nothing(melee, hamlet, horatio):
    url = f"/api/games/{melee.pk}/press"
    cases = [
        (hamlet, {"seats": ["red"]}, 400), (hamlet, {"seats": ["red", "purple"]}, 400),
        (hamlet, {"seats": "red,blue"}, 400), (hamlet, {"seats": ["blue", "green"]}, 403),
        (horatio, {"seats": ["blue", "green"]}, 403),
    ]
    for user, body, status in cases:
        assert client(user).post(url, body, format="json").status_code == status, body
    cid = client(hamlet).post(url, {"seats": ["red", "blue"]}, format="json").json()["id"]
    assert client(hamlet).post(f"{url}/{cid}", {"text": "  \x00 "},
                               format="json").status_code == 400
    assert client(hamlet).post(f"{url}/{cid}", {"text": "x", "seat": "blue"},
                               format="json").status_code == 403
    long = client(hamlet).post(f"{url}/{cid}", {"text": "y" * 5000}, format="json")
    assert long.status_code == 201 and len(long.json()["text"]) == 500
    assert PressMessage.objects.count() == 1


def test_press_is_rate_limited_as_chat_is(melee, hamlet, settings, monkeypatch):
    settings.SALIENT_RATE_LIMITS = {**settings.SALIENT_RATE_LIMITS, "press": (3, 60)}
    # The counters are fixed windows: five posts straddling a minute's edge would be counted in
    # two windows (a CI run met it). The clock stands still inside one window here.
    from types import SimpleNamespace

    from boardgame.accounts import ratelimit
    monkeypatch.setattr(ratelimit, "time", SimpleNamespace(time=lambda: 1_800_000_000.0))
    url = f"/api/games/{melee.pk}/press"
    cid = client(hamlet).post(url, {"seats": ["red", "blue"]}, format="json").json()["id"]
    codes = [client(hamlet).post(f"{url}/{cid}", {"text": f"m{i}"}, format="json").status_code
             for i in range(5)]
    assert codes == [201, 201, 201, 429, 429]
    assert PressMessage.objects.count() == 3


def test_recipients_get_a_notice_and_a_nudge_and_never_the_text(
        melee, hamlet, othello, iago, published, monkeypatch, settings,
        django_capture_on_commit_callbacks):
    settings.SALIENT_OUTBOUND_ALLOW_LOOPBACK = True
    monkeypatch.setattr(presence, "current", lambda game_id: {"seats": [], "spectators": 0})
    Preferences.objects.create(user=iago, email=["press"])
    secret = "\u2063leak-press-text\u2063"
    url = f"/api/games/{melee.pk}/press"
    with Receiver() as hooks:
        client(iago).post("/api/me/webhooks", {"url": hooks.url + "/me"}, format="json")
        client(hamlet).post(f"/api/games/{melee.pk}/webhooks", {"url": hooks.url + "/game"},
                            format="json")
        outbox.run_due()
        hooks.got.clear()
        mail.outbox.clear()
        published.clear()
        cid = client(hamlet).post(url, {"seats": ["red", "green"]}, format="json").json()["id"]
        with django_capture_on_commit_callbacks(execute=True):
            client(hamlet).post(f"{url}/{cid}", {"text": secret}, format="json")
        notices = Notice.objects.filter(kind="press")
        assert [(n.user_id, n.data) for n in notices] == [
            (iago.pk, {"seats": ["green"], "channel": cid, "from": ["red"]})]
        outbox.run_due()
        inbox = client(iago).get("/api/me/notices").content.decode()
        outputs = [m.subject + m.body for m in mail.outbox] + [
            r.body.decode() for r in hooks.got] + [inbox]
    assert len(mail.outbox) == 1 and [r.path for r in hooks.got] == ["/me"]
    assert not [text for text in outputs if secret in text]
    assert "new press" in mail.outbox[0].subject
    nudges = [(group, json.loads(m["text"])) for group, m in published]
    assert nudges == [(f"lobby.u{iago.pk}", {"type": "press", "game": melee.pk})]
