"""The lobby socket `/ws/lobby/` (protocol `salient-lobby/1`, docs/protocol.md "Lobby socket").

It replaces the lobby pages' polling with nudges: small frames that say "something changed,
re-read" and carry no table data (see notify.py for who hears which). A socket hears
`tables` from the moment it connects; `watch {table}` adds one table's `table` and `chat`
nudges once the user has passed the same access check as the HTTP views.

Conventions of the game socket (play/consumers.py, play/socketbase.py): the origin is checked by
AllowedHostsOriginValidator (asgi.py); the user is the session cookie's (anonymous visitors
hear public nudges only); frames over 64 KiB are refused; a token bucket limits each socket;
bad input gets an `error` frame and the socket stays usable, and so does a frame that fails
unexpectedly (`server/error`); a user holds at most SALIENT_WS_MAX_SOCKETS_PER_USER lobby
sockets — across the cluster with Redis, as game sockets do (play/socketcap.py), counted
apart from them — and anonymous sockets count against their address's cap, with game
sockets, in each process. Whatever ends the socket gives back its places and hub groups
(`FramedSocket.release`). A logout pushed to `lobby.u<pk>` (accounts/credentials.py) closes
the sockets of that session.

Fan-out: like the game's, through one hub per process (`LobbyHub`, the game's Hub with
coalescing), so N sockets cost one layer message per process, and the hub's heartbeat tells a
socket (`resync`) when nudges may have been lost.
"""

from __future__ import annotations

import asyncio
from typing import Any

from channels.db import database_sync_to_async
from django.conf import settings
from django.contrib.auth.models import AnonymousUser

from boardgame.accounts import credentials
from boardgame.api.errors import ServiceError
from boardgame.play import broadcast, protocol, socketcap
from boardgame.play.protocol import ProtocolError
from boardgame.play.socketbase import BURST, RATE, Bucket, FramedSocket, too_many_sockets_frame

from . import notify, services

PROTOCOL = "salient-lobby/1"
CLOSE_TOO_MANY_SOCKETS = 4409
MAX_WATCHED = 20                 # tables one socket may watch at once
COALESCE_SECONDS = 0.5           # identical `tables`/`table` nudges per group, per process
# Lobby sockets have a cap of their own: a player's open game tabs never lock out the lobby.
LOBBY_CAP = socketcap.SocketCap(getattr(settings, "REDIS_URL", ""),
                                socketcap.MAX_SOCKETS_PER_USER, socketcap.LEASE_SECONDS,
                                prefix=f"{socketcap.REDIS_KEY_PREFIX}lobbycap:")

# type → {field: (python types, required)}, parsed by the game socket's protocol.parse
SCHEMAS: dict[str, dict[str, tuple[tuple[type, ...], bool]]] = {
    "watch": {"table": ((int,), True), "invite": ((str,), False)},
    "unwatch": {"table": ((int,), True)},
    "ping": {"t": ((int, float, str), False)},
}


class LobbyHub(broadcast.Hub):
    """The game's per-process hub (one layer channel, heartbeat, rejoin after an outage),
    for the lobby groups, with one addition: an identical `tables` or `table` nudge reaches a
    group's sockets at most once per COALESCE_SECONDS — the first at once, one more at the end
    of the window if others came meanwhile. Ten seats taken in a second make two re-reads per
    home page, not ten. Chat nudges pass unchanged (each names its line; the client
    debounces)."""

    audit_seconds = None  # lobby nudges carry no version: nothing to audit

    def __init__(self) -> None:
        super().__init__()
        self.last_sent: dict[tuple[str, str], float] = {}
        self.held: set[tuple[str, str]] = set()

    async def dispatch_frame(self, group: str, v: int | None, text: str) -> None:
        if not text.startswith(('{"type":"tables"', '{"type":"table",')):
            await super().dispatch_frame(group, v, text)
            return
        key = (group, text)
        if key in self.held:
            return
        loop = asyncio.get_running_loop()
        now = loop.time()
        since = now - self.last_sent.get(key, -COALESCE_SECONDS)
        if since < COALESCE_SECONDS:
            self.held.add(key)
            loop.call_later(COALESCE_SECONDS - since,
                            lambda: asyncio.ensure_future(self._release(key, v)))
            return
        self._sent(key, now)
        await super().dispatch_frame(group, v, text)

    async def _release(self, key: tuple[str, str], v: int | None) -> None:
        self.held.discard(key)
        self._sent(key, asyncio.get_running_loop().time())
        await super().dispatch_frame(key[0], v, key[1])

    def _sent(self, key: tuple[str, str], now: float) -> None:
        self.last_sent[key] = now
        if len(self.last_sent) > 1000:
            self.last_sent = {k: t for k, t in self.last_sent.items()
                              if now - t < COALESCE_SECONDS}


LOBBY_HUB = LobbyHub()


def _check_watch(user: Any, table_id: int, invite: str | None) -> bool:
    """May `user` see the table? The HTTP views' own check (services.access_table)."""
    try:
        services.access_table(user, table_id, invite=invite)
    except ServiceError:
        return False
    return True


class LobbyConsumer(FramedSocket):
    # No channel per socket: LOBBY_HUB receives for every socket of this process.
    channel_layer_alias = "salient-hub-only"

    async def connect(self) -> None:
        self.user = self.scope.get("user") or AnonymousUser()
        self.bucket = Bucket(RATE, BURST)
        self.refused = 0
        self.closed = False
        self.places = []
        self.credential = credentials.of_session(self.scope, self.user)
        self.groups_joined: list[str] = []
        self.watching: dict[int, str | None] = {}      # table id → the invite it was seen with
        self.suspended: dict[int, list[str]] = {}      # access checked again: nudges wait
        self.resync_due = False
        await self.accept()
        if self.user.is_authenticated:
            wanted = [("user", LOBBY_CAP, self.user.pk)]
        else:
            wanted = [("address", socketcap.ANON_BY_ADDRESS,
                       socketcap.client_address(self.scope))]
        self.places, refused = await socketcap.take_places(wanted)
        if refused is not None:
            await self.send_frame(too_many_sockets_frame(refused, "lobby"))
            await self._close(CLOSE_TOO_MANY_SOCKETS)
            return
        await self._join(notify.ALL)
        if self.user.is_authenticated:
            await self._join(notify.user_group(self.user.pk))
        await self.send_frame({"type": "welcome", "protocol": PROTOCOL,
                               "user": self.user.get_username() or None})

    async def _join(self, group: str) -> None:
        await LOBBY_HUB.join(group, self)
        self.groups_joined.append(group)

    async def release(self) -> None:
        groups, self.groups_joined = getattr(self, "groups_joined", []), []
        for group in groups:
            await LOBBY_HUB.leave(group, self)
        await super().release()

    # --- incoming ---------------------------------------------------------------------------

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        if await self.refused_for_rate():
            return
        try:
            kind, fields = protocol.parse(text_data, bytes_data, schemas=SCHEMAS)
        except ProtocolError as exc:
            await self.send_frame(exc.frame())
            return
        await self.handle_safely(kind, fields, lambda: getattr(self, f"on_{kind}")(fields))

    async def on_watch(self, fields: dict[str, Any]) -> None:
        table_id, invite = fields["table"], fields.get("invite")
        if table_id not in self.watching and len(self.watching) >= MAX_WATCHED:
            await self.send_frame({"type": "error", "code": "watch/too_many", "ref": "watch",
                                   "message": f"Watch at most {MAX_WATCHED} tables at once.",
                                   "data": {"limit": MAX_WATCHED}})
            return
        if not await database_sync_to_async(_check_watch)(self.user, table_id, invite):
            # One answer for "no such table" and "not yours to see": a private table's
            # existence is not acknowledged here.
            await self.send_frame({"type": "error", "code": "table/not_found", "ref": "watch",
                                   "message": f"There is no table {table_id} you may see (a "
                                   "private table needs its invite).",
                                   "data": {"table": table_id}})
            return
        if self.closed:
            return
        if table_id not in self.watching:
            await self._join(notify.table_group(table_id))
        self.watching[table_id] = invite
        await self.send_frame({"type": "watching", "table": table_id})

    async def on_unwatch(self, fields: dict[str, Any]) -> None:
        table_id = fields["table"]
        await self._unwatch(table_id)
        await self.send_frame({"type": "unwatched", "table": table_id})

    async def _unwatch(self, table_id: int) -> None:
        self.suspended.pop(table_id, None)
        if self.watching.pop(table_id, "absent") == "absent":
            return
        group = notify.table_group(table_id)
        await LOBBY_HUB.leave(group, self)
        if group in self.groups_joined:
            self.groups_joined.remove(group)

    async def on_ping(self, fields: dict[str, Any]) -> None:
        await self.send_frame({"type": "pong", "t": fields.get("t")})

    # --- frames from the hub ----------------------------------------------------------------

    async def deliver(self, v: int | None, text: str, group: str | None = None) -> None:
        if self.closed:
            return
        if text.startswith((credentials.REVOKED_PREFIX, credentials.RECHECK_PREFIX)):
            asyncio.ensure_future(self.on_credentials_news(text))  # never forwarded
            return
        if group is not None and group.startswith("lobby.t"):
            table_id = int(group[len("lobby.t"):])
            if table_id not in self.watching:
                return
            if text.startswith('{"type":"_recheck"'):
                if table_id not in self.suspended:
                    self.suspended[table_id] = []
                    asyncio.ensure_future(self._recheck(table_id))
                return
            if table_id in self.suspended:
                self.suspended[table_id].append(text)
                return
        await self.send(text_data=text)

    async def _recheck(self, table_id: int) -> None:
        """The table turned private: keep watching only if this user may still see it. Its
        nudges wait meanwhile (off the hub's path: the hub does not wait for the database)."""
        try:
            allowed = await database_sync_to_async(_check_watch)(
                self.user, table_id, self.watching.get(table_id))
        except Exception:  # noqa: BLE001 — when in doubt, stop the nudges
            allowed = False
        held = self.suspended.pop(table_id, [])
        if self.closed or table_id not in self.watching:
            return
        if not allowed:
            await self._unwatch(table_id)
            await self.send_frame({"type": "unwatched", "table": table_id})
            return
        for text in held:
            await self.send(text_data=text)

    def nudge(self) -> None:
        """The layer was down (the hub saw its heartbeat stop): nudges may have been lost.
        The hub calls this once per group the socket is in; the client hears it once."""
        if self.closed or self.resync_due:
            return
        self.resync_due = True
        asyncio.ensure_future(self._resync())

    async def _resync(self) -> None:
        self.resync_due = False
        await self.send_frame({"type": "resync"})
