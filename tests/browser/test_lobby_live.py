"""The lobby pages live over the lobby socket, in Chromium against a real daphne: the home page
shows a table another user opens, and a table page shows a seat taken and a chat line posted by
another user, each within two seconds — by the socket's nudge, not by the poll (which runs only
while the socket is down, every 8 s on the home page and 3 s for the chat)."""

from __future__ import annotations

import pytest

from tests.browser.flows import claim, new_table, sign_up

pytestmark = [pytest.mark.browser, pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

NUDGE_MS = 2000
# Arrow functions, not bare expressions: Playwright evaluates a bare expression with eval in the
# page, which the Content-Security-Policy (boardgame/csp.py) rightly forbids.
SOCKET_LIVE = "() => document.body.dataset.lobbySocket === 'live'"


def test_the_home_page_shows_a_table_another_user_opens_by_the_sockets_nudge(site, new_context):
    watcher = sign_up(new_context(), site, "watcher")
    watcher.goto(f"{site}/")
    watcher.wait_for_function(SOCKET_LIVE)
    assert "Live from Elsinore" not in watcher.inner_text("#open-tables")
    before = watcher.evaluate("document.body.dataset.refreshed || ''")

    opener = sign_up(new_context(), site, "opener")
    new_table(opener, site, "toy_skirmish", "duel", title="Live from Elsinore", pace=None)

    watcher.wait_for_function(
        "() => document.querySelector('#open-tables').textContent.includes('Live from Elsinore')",
        timeout=NUDGE_MS)
    after = watcher.evaluate("({by: document.body.dataset.refreshedBy, at: document.body.dataset"
                             ".refreshed, socket: document.body.dataset.lobbySocket})")
    assert after["at"] != before and after["by"] == "nudge", after
    assert after["socket"] == "live", "the poll runs only while the socket is down"


def test_a_table_page_shows_a_seat_and_a_chat_line_of_another_user_by_nudges(site, new_context):
    host = sign_up(new_context(), site, "host")
    table_url = new_table(host, site, "toy_skirmish", "duel", title="Chat table", pace=None)
    host.goto(table_url)
    host.wait_for_function("() => document.getElementById('table-chat').dataset.lobbySocket === 'live'")

    guest = sign_up(new_context(), site, "guest")
    guest.goto(table_url)
    claim(guest, "blue")
    host.wait_for_function("() => document.getElementById('table-panel').textContent.includes('guest')",
                           timeout=NUDGE_MS)

    guest.fill("#chat-text", "Something is rotten")
    guest.click("#chat-send")
    host.wait_for_function(
        "() => document.getElementById('chat-log').textContent.includes('Something is rotten')",
        timeout=NUDGE_MS)
    assert host.evaluate("document.getElementById('table-chat').dataset.lobbySocket") == "live"


def test_my_games_shows_your_move_in_an_async_game_by_the_sockets_nudge(site, new_context):
    """The other player moves (through the REST API, as a bot would) and the move it opens for
    this player shows on their "My games" page without a reload."""
    import httpx

    from boardgame.play.models import Game
    from tests.browser.flows import PASSWORD, seat_and_start
    from tests.live.helpers import next_moves
    host = sign_up(new_context(), site, "ophelia")
    guest = sign_up(new_context(), site, "laertes")
    table_url = new_table(host, site, "toy_skirmish", "duel", title="Elsinore duel", pace="async")
    game_url = seat_and_start(table_url, host, ["red"], others=[(guest, ["blue"])])
    game_id = int(game_url.rstrip("/").rsplit("/", 1)[1])
    tokens = {seat: httpx.post(f"{site}/api/auth/token", json={"username": name,
                                                                "password": PASSWORD}
                               ).json()["token"] for seat, name in (("red", "ophelia"),
                                                                    ("blue", "laertes"))}

    def play(seat, decision, action, v):
        response = httpx.post(f"{site}/api/games/{game_id}/actions",
                              headers={"Authorization": f"Token {tokens[seat]}"},
                              json={"cid": f"m{v}", "seat": seat, "decision": decision,
                                    "action": action})
        assert response.status_code < 300, response.text

    for _ in range(40):
        game = Game.objects.get(pk=game_id)
        assert not game.is_over, "the duel ended before a move opened for blue while it waited"
        moves = next_moves(game.state)
        if set(game.live.get("running", ())) != {"red"}:
            play(*moves[0], game.version)
            continue
        # Blue waits: its page says so; then red's move may hand blue a decision.
        guest.goto(f"{site}/my/games/")
        guest.wait_for_function(SOCKET_LIVE)
        assert "Waiting for the others" in guest.inner_text("#my-games")
        play(*moves[0], game.version)
        if "blue" in Game.objects.get(pk=game_id).live["running"]:
            break
    else:
        raise AssertionError("no move of red's ever handed blue a decision")
    guest.wait_for_function("() => document.querySelector('#my-games').textContent"
                            ".includes('Your move')", timeout=NUDGE_MS)
    assert guest.evaluate("document.body.dataset.refreshedBy") == "nudge"
