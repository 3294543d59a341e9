"""Caps on anonymous sockets (probe 2026-11-26, F12): per client address — game and lobby
sockets together — and per game, counted by each daphne process; refused with an
`auth/too_many_sockets` error frame naming the cap, then close 4409 (docs/protocol.md).
Before: 1500 anonymous sockets from one address to one game were all admitted."""

from __future__ import annotations

import pytest

from . import helpers
from .test_lobby_socket import LobbyClient
from .wsclient import Client

pytestmark = [pytest.mark.postgres, pytest.mark.redis, pytest.mark.django_db(transaction=True)]

TOO_MANY = 4409


@pytest.fixture
def games(transactional_db):
    hamlet, othello, iago = (helpers.make_user(n) for n in ("hamlet", "othello", "iago"))
    first = helpers.start_game(hamlet, {"red": hamlet, "blue": othello})
    second = helpers.start_game(hamlet, {"red": hamlet, "blue": othello})
    return {"first": first.pk, "second": second.pk, "iago": helpers.token_of(iago)}


class Opened:
    def __init__(self) -> None:
        self.clients: list = []

    async def game(self, server, game: int, **kwargs) -> tuple[str, dict]:
        """("welcome" | "refused", the welcome or the refusal's error frame)."""
        client = await Client(server.url, game, **kwargs).open()
        self.clients.append(client)
        await client.send({"type": "hello", **({"token": client.token} if client.token
                                                else {})})
        frame = await client.expect("welcome", "_closed")
        if frame["type"] == "welcome":
            return "welcome", frame
        assert frame["code"] == TOO_MANY, frame
        return "refused", next(f for f in client.frames if f["type"] == "error")

    async def lobby(self, server) -> str:
        client = LobbyClient(server.url)
        self.clients.append(client)
        return await client.try_open()

    async def close_all(self) -> None:
        for client in self.clients:
            await client.close()


@pytest.fixture
async def opened():
    sockets = Opened()
    yield sockets
    await sockets.close_all()


async def test_anonymous_sockets_per_address_game_and_lobby_together(games, daphne_server,
                                                                      opened):
    server = daphne_server(SALIENT_WS_ANON_PER_ADDRESS="3",
                           SALIENT_CLIENT_IP_HEADER="HTTP_X_REAL_IP")
    first, second = games["first"], games["second"]
    assert (await opened.game(server, first))[0] == "welcome"
    assert (await opened.game(server, second))[0] == "welcome"
    assert await opened.lobby(server) == "welcome"
    outcome, error = await opened.game(server, first)
    assert outcome == "refused" and error["code"] == "auth/too_many_sockets"
    assert error["data"] == {"per": "address", "limit": 3}
    assert await opened.lobby(server) == f"refused {TOO_MANY} auth/too_many_sockets"
    # Signed in, the address's cap does not apply; another address has its own.
    assert (await opened.game(server, first, token=games["iago"]))[0] == "welcome"
    assert (await opened.game(server, first, headers={"X-Real-IP": "203.0.113.7"}))[0] \
        == "welcome"
    # A closed socket gives its place back.
    await opened.clients[0].close()
    assert (await opened.game(server, second))[0] == "welcome"


async def test_anonymous_sockets_per_game(games, daphne_server, opened):
    server = daphne_server(SALIENT_WS_ANON_PER_GAME="2", SALIENT_CLIENT_IP_HEADER="HTTP_X_REAL_IP")
    first, second = games["first"], games["second"]
    for n in (1, 2):
        address = {"X-Real-IP": f"198.51.100.{n}"}
        assert (await opened.game(server, first, headers=address))[0] == "welcome"
    outcome, error = await opened.game(server, first, headers={"X-Real-IP": "198.51.100.3"})
    assert outcome == "refused" and error["data"] == {"per": "game", "limit": 2}
    assert (await opened.game(server, second, headers={"X-Real-IP": "198.51.100.3"}))[0] \
        == "welcome"
    assert (await opened.game(server, first, token=games["iago"]))[0] == "welcome"
