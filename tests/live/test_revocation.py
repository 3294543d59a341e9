"""What a socket may do and hear is re-derived when its grounds change (probe 2026-11-26):

- F7: a password change or reset deletes the user's API tokens; logging out, revoking the token
  or changing the password ends the sockets that relied on it (`error auth/revoked`, close
  4403), and every acting frame rechecks the credential, so a revoked one never acts.
- F5: a socket whose user lost its seat while the `seats` frame was lost (the channel layer
  is at-most-once) closes with 4410 as soon as it catches up, before another frame of the seat.
"""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.core import mail
from websockets.exceptions import ConnectionClosed

from boardgame.play.models import ActionRecord, ChatMessage, Game

from . import helpers
from .helpers import on_daphne
from .test_lobby_socket import LobbyClient
from .wsclient import Client

REVOKED, SEATS_CHANGED = 4403, 4410
db = helpers.db


@pytest.fixture
def table(transactional_db):
    hamlet, othello, iago = (helpers.make_user(n) for n in ("hamlet", "othello", "iago"))
    game = helpers.start_game(hamlet, {"red": hamlet, "blue": othello})
    return {"game": game.pk, "users": {"red": hamlet, "blue": othello, "iago": iago},
            "red": helpers.token_of(hamlet), "blue": helpers.token_of(othello)}


def red_move(game_id: int) -> tuple[str, str, object]:
    game = Game.objects.get(pk=game_id)
    return next(m for m in helpers.next_moves(game.state) if m[0] == "red")


async def try_frame(client: Client, frame: dict) -> dict:
    """Send `frame` (the socket may already be closed) and return what answers it."""
    try:
        await client.send(frame)
    except ConnectionClosed:
        pass
    return await client.expect("ack", "reject", "error", "chat", "_closed",
                               where=lambda f: f["type"] != "chat" or f["user"] == "hamlet")


def refused_as_revoked(answer: dict) -> bool:
    return (answer["type"], answer.get("code")) in (("error", "auth/revoked"),
                                                     ("_closed", REVOKED))


def session_cookie(user) -> tuple[str, object]:
    """A signed-in browser session for `user` (cookie header, and the Django test client that
    holds it, to log out with)."""
    from django.test import Client as Browser
    browser = Browser()
    browser.force_login(user)
    name = settings.SESSION_COOKIE_NAME
    return f"{name}={browser.cookies[name].value}", browser


@on_daphne
async def test_after_token_logout_the_old_socket_can_neither_act_nor_chat(
        table, daphne_server, private_redis):
    """daphne listens on a Redis of its own: the revocation pushed from this process never
    reaches it (a lost message), so the recheck before each acting frame is what refuses."""
    server = daphne_server(redis_url=private_redis.url)
    actor = await Client(server.url, table["game"], token=table["red"]).open()
    talker = await Client(server.url, table["game"], token=table["red"]).open()
    for client in (actor, talker):
        await client.hello()

    def logout():
        from rest_framework.test import APIClient
        api = APIClient()
        api.credentials(HTTP_AUTHORIZATION=f"Token {table['red']}")
        assert api.post("/api/auth/logout").status_code == 200
        assert api.get("/api/me/").status_code == 401
    await db(logout)
    seat, decision, action = await db(red_move, table["game"])
    acted = await try_frame(actor, {"type": "act", "cid": "after-logout", "seat": seat,
                                    "decision": decision, "action": action})
    chatted = await try_frame(talker, {"type": "chat", "channel": "table", "text": "still?"})
    assert refused_as_revoked(acted), acted
    assert refused_as_revoked(chatted), chatted
    for client in (actor, talker):
        assert (await client.expect("_closed"))["code"] == REVOKED
    assert await db(lambda: ActionRecord.objects.filter(game_id=table["game"]).count()) == 0
    assert await db(lambda: ChatMessage.objects.filter(game_id=table["game"]).count()) == 0


@on_daphne
async def test_a_browser_logout_closes_that_sessions_game_and_lobby_sockets_only(
        table, daphne_server):
    server = daphne_server()
    cookie, browser = await db(session_cookie, table["users"]["red"])
    other_cookie, _ = await db(session_cookie, table["users"]["red"])
    game_socket = await Client(server.url, table["game"], headers={"Cookie": cookie}).open()
    other_device = await Client(server.url, table["game"],
                                headers={"Cookie": other_cookie}).open()
    for client in (game_socket, other_device):
        assert (await client.hello())["audience"] == "seat:red"
    lobby = await LobbyClient(server.url, cookie).open()
    assert lobby.welcome["user"] == "hamlet"

    def logout():
        assert browser.post("/accounts/logout/").status_code == 302
    await db(logout)
    assert (await game_socket.expect("_closed"))["code"] == REVOKED
    assert (await lobby.expect("_closed"))["code"] == REVOKED
    assert {"type": "error", "code": "auth/revoked"}.items() <= game_socket.frames[-1].items()
    # The same user's other session is untouched: it still acts.
    seat, decision, action = await db(red_move, table["game"])
    assert (await other_device.act(seat, decision, action))["type"] == "ack"
    await other_device.close()


@on_daphne
async def test_a_password_reset_revokes_the_api_token_and_its_sockets(table, daphne_server):
    server = daphne_server()
    socket = await Client(server.url, table["game"], token=table["red"]).open()
    await socket.hello()

    def reset():
        from django.test import Client as Browser
        from rest_framework.test import APIClient
        browser = Browser()
        assert browser.post("/accounts/password-reset/",
                            {"email": "hamlet@example.org"}).status_code == 302
        link = re.search(r"http://testserver(/accounts/reset/\S+/)",
                         mail.outbox[-1].body).group(1)
        form = browser.get(link, follow=True)
        done = browser.post(form.redirect_chain[-1][0], {"new_password1": "An0ther-long-secret",
                                                         "new_password2": "An0ther-long-secret"})
        assert done.status_code == 302
        api = APIClient()
        api.credentials(HTTP_AUTHORIZATION=f"Token {table['red']}")
        return api.get("/api/me/").status_code
    assert await db(reset) == 401
    assert (await socket.expect("_closed"))["code"] == REVOKED
    # A new token works as usual.
    assert await db(helpers.token_of, table["users"]["red"]) != table["red"]


def _put_in_disorder(game_id, seat):
    game = Game.objects.get(pk=game_id)
    game.live = {**game.live, "disorder": [seat]}
    game.save(update_fields=["live"])


@on_daphne
async def test_a_socket_that_missed_its_seats_frame_closes_when_it_catches_up(
        table, daphne_server):
    """The replacement's frames are never sent (the service returns them; the test drops
    them): the `seats` frame is lost, as in a Redis outage. The seat watch is out of the way
    (an hour): only the catch-up may close the socket here."""
    from boardgame.play import seating
    server = daphne_server(SALIENT_WS_SEAT_CHECK_SECONDS="3600")
    await db(_put_in_disorder, table["game"], "blue")
    old_blue = await Client(server.url, table["game"], token=table["blue"]).open()
    assert (await old_blue.hello())["audience"] == "seat:blue"
    heard_before = len(old_blue.frames)

    def replace():
        return seating.do_replace_seat(table["game"], table["users"]["red"], "blue",
                                       table["users"]["iago"])
    dropped = (await db(replace)).messages
    assert any('"type":"seats"' in m["text"] for _, m in dropped), "nothing was dropped"
    # The client syncs (as after any gap or reconnect): the server re-derives its audience.
    await old_blue.send({"type": "sync", "since": old_blue.v})
    assert (await old_blue.expect("_closed"))["code"] == SEATS_CHANGED
    assert old_blue.frames[heard_before:] == [], "no frame of the seat after it was lost"


@on_daphne
async def test_a_socket_that_missed_its_seats_frame_closes_within_the_seat_watch_period(
        table, daphne_server):
    """No catch-up at all: the game goes on, frames flow in order, and the process's seat
    watch (one seating query per period) still closes the replaced player's socket."""
    from boardgame.play import seating
    server = daphne_server(SALIENT_WS_SEAT_CHECK_SECONDS="0.5")
    await db(_put_in_disorder, table["game"], "blue")
    old_blue = await Client(server.url, table["game"], token=table["blue"]).open()
    red = await Client(server.url, table["game"], token=table["red"]).open()
    for client in (old_blue, red):
        await client.hello()

    def replace():  # its frames are dropped: never sent
        return seating.do_replace_seat(table["game"], table["users"]["red"], "blue",
                                       table["users"]["iago"])
    await db(replace)
    seat, decision, action = await db(red_move, table["game"])
    assert (await red.act(seat, decision, action))["type"] == "ack"
    assert (await old_blue.expect("_closed"))["code"] == SEATS_CHANGED
    iago = await db(helpers.token_of, table["users"]["iago"])
    new_blue = await Client(server.url, table["game"], token=iago).open()
    assert (await new_blue.hello())["audience"] == "seat:blue"
    for client in (red, new_blue):
        await client.close()




@pytest.mark.django_db
def test_a_new_password_deletes_the_tokens_but_a_rehash_at_login_does_not(hamlet, othello,
                                                                           settings):
    """No daphne: the signal alone (accounts/signals.py), on any database."""
    from rest_framework.authtoken.models import Token
    hamlet.set_password("An0ther-long-secret")
    hamlet.save()
    assert not Token.objects.filter(user=hamlet).exists()
    # A login with a hasher that is no longer the first re-hashes the same password and saves
    # it: not a new password, so the token stays.
    token = helpers.token_of(othello)
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.PBKDF2PasswordHasher",
                                 "django.contrib.auth.hashers.MD5PasswordHasher"]
    assert othello.check_password(helpers.PASSWORD)
    othello.refresh_from_db()
    assert othello.password.startswith("pbkdf2_sha256$")
    assert Token.objects.filter(key=token).exists()
