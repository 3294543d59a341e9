"""The game socket `/ws/games/<id>/` (protocol `salient-live/1`, docs/protocol.md).

Thin: parse a frame (protocol.parse), call one service (actions, orders, votes, chat…, or
frames.catch_up) in a database thread, send what it committed, serialise the answer. The socket's one audience is fixed at `hello`: its seat,
its side when the user holds several seats of one side, or `public`. Frames of the game arrive
through the process's hub (broadcast.HUB) already serialised; `deliver` keeps the stream
gap-free: a patch whose `v` skips ahead makes the consumer fetch the missing patches from the
database before passing anything on, and a patch the socket already has is dropped.

Security (design §7): the origin is checked by AllowedHostsOriginValidator (asgi.py); the
socket must send `hello` within HELLO_TIMEOUT seconds, authenticated by its session cookie or by
an API token in that frame (never the URL) — anonymous sockets may only watch public games;
frames over 64 KiB are refused; a token bucket limits each socket; a user holds at most
SALIENT_WS_MAX_SOCKETS_PER_USER sockets, across the cluster with Redis, and anonymous sockets
are capped per address and per game in each process (socketcap.py). Every acting frame
rechecks the token or session that authenticated the socket, and a revocation pushed to the
user's group (`user.<pk>`) closes it (accounts/credentials.py).

Lifecycle: whatever ends a socket — a close from either side, or an exception that escaped —
gives back its cap places, hub membership and presence (socketbase.py: `FramedSocket.__call__`
→ `release`; daphne never sends `websocket.disconnect` to a consumer that raised). A frame
whose handler fails unexpectedly gets a `server/error` answer and the socket stays.
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import os
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from channels.consumer import get_handler_name
from channels.db import database_sync_to_async
from channels.sessions import InstanceSessionWrapper
from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.db import OperationalError
from rest_framework.authtoken.models import Token

from boardgame import fastpath, wsfast
from boardgame.accounts import credentials
from boardgame.api.errors import DatabaseBusy, ServiceError, database_busy
from boardgame.lobby.models import Seat
from engine import rulesets
from engine.kernel import audience_of

from . import (
    actions,
    broadcast,
    chat,
    clocks,
    frames,
    options,
    orderbook,
    orders,
    presence,
    protocol,
    seatwatch,
    services,
    socketcap,
    votes,
)
from .models import Game
from .protocol import ProtocolError
from .socketbase import BURST, RATE, Bucket, CredentialRevoked, FramedSocket, too_many_sockets_frame

logger = logging.getLogger(__name__)

HELLO_TIMEOUT = float(getattr(settings, "SALIENT_WS_HELLO_TIMEOUT", 5.0))
# How long a frame that overtook its predecessor waits for it before the socket catches up
# from the database (steps of one game return from parallel database threads).
GAP_GRACE = 0.05
CHAT_RATE = settings.SALIENT_RATE_LIMITS["game_chat"]  # messages per seconds (REST: per user)


# --- database work (each call one service, in the DB thread) ---------------------------------

def _user_for_token(key: str) -> Any:
    try:
        return Token.objects.select_related("user").get(key=key).user
    except (Token.DoesNotExist, ValueError):
        return None


def _welcome(user: Any, game_id: int, invite: str | None, since: int | None) -> dict[str, Any]:
    """Access check, audience, and the welcome frame (plus catch-up frames on resume)."""
    game = services.access_game(user, game_id, invite=invite)
    ruleset = rulesets.get(game.ruleset)
    seats = services.seats_held(user, game)
    audience = audience_of(game.state, seats)
    frame: dict[str, Any] = {
        "type": "welcome", "protocol": protocol.PROTOCOL, "game": game.pk, "v": game.version,
        "audience": audience, "my_seats": seats, "seats": services.players(game),
        "clocks": clocks.clock_frame(game), "commitment": game.commitment,
        "presence": presence.current(game.pk), "chat": chat.chat_history(game, audience),
        "result": game.result, "orders": orderbook.orders_of_seats(game.orders, seats),
    }
    frame["spectators"] = frame["presence"]["spectators"]
    later: list[dict[str, Any]] = []
    if isinstance(since, int) and 0 <= since <= game.version \
            and game.version - since <= frames.SYNC_PATCH_LIMIT:
        later = frames.catch_up(game.pk, audience, since)
        if not later or later[0]["type"] == "patch":
            frame.update(v=since, resume=True)
        else:
            later = []
    if not frame.get("resume"):
        frame["view"] = frames.cached_view(ruleset, game.pk, game.version, game.state,
                                              audience)
    if game.is_over:
        frame["seed"] = bytes(game.seed).hex()
    return {"frame": frame, "audience": audience, "seats": seats,
            "audiences": frames.live_audiences(game.state), "later": later}


SEATS_CHANGED: Any = object()   # _catch_up_frames: the socket's seats are not its user's now
REVOKED: Any = object()         # _catch_up_frames: its credential no longer holds


def _catch_up_frames(game_id: int, audience: str, since: int, socket: Any = None) -> Any:
    """frames.catch_up, first checking (when `socket` is given) that the socket's user
    still holds exactly the seats fixed at its hello and that its credential holds."""
    if socket is not None:
        if not credentials.still_valid(socket.credential):
            return REVOKED
        if _seats_now(socket.user, game_id) != sorted(socket.my_seats):
            return SEATS_CHANGED
    return frames.catch_up(game_id, audience, since)


def _seats_now(user: Any, game_id: int) -> list[str]:
    if not user.is_authenticated:
        return []
    table = Game.objects.filter(pk=game_id).values("table_id")[:1]
    return sorted(Seat.objects.filter(table_id=table, user_id=user.pk)
                  .values_list("seat", flat=True))


# SQLite (the quick start) serialises writers anyway, and two transactions upgrading their
# read locks at once fail at once instead of waiting: there, actions keep the one thread.
_PARALLEL_WRITES = settings.DATABASES["default"]["ENGINE"] != "django.db.backends.sqlite3"
# Socket actions run in threads of their own, never more than the process's connection pool
# holds (settings.SALIENT_DB_POOL_MAX; docs/deploy.md, connection budget): a thread beyond it
# would only wait for a connection. HTTP requests borrow from the same pool.
DB_THREADS = min(32, (os.cpu_count() or 1) + 4, settings.SALIENT_DB_POOL_MAX or 32)
_DB_EXECUTOR = (ThreadPoolExecutor(max_workers=DB_THREADS, thread_name_prefix="salient-db")
                if _PARALLEL_WRITES else None)


def _busy_as_refusal(fn: Any) -> Any:
    """`fn`, with the pool's timeout (no connection free) raised as the refusal
    `server/busy` — the socket gets a reject frame and stays open."""
    @functools.wraps(fn)
    def call(*args: Any) -> Any:
        try:
            return fn(*args)
        except OperationalError as exc:
            if database_busy(exc):
                raise DatabaseBusy() from exc
            raise
    return call


def _in_database_pool(fn: Any) -> Any:
    if _DB_EXECUTOR is None:
        return database_sync_to_async(_busy_as_refusal(fn))
    return database_sync_to_async(_busy_as_refusal(fn), thread_sensitive=False,
                                  executor=_DB_EXECUTOR)


class GameConsumer(FramedSocket):
    # No channel per socket: the process's hub (broadcast.HUB) receives for every socket.
    # (An alias that is not configured makes Channels skip the per-socket layer channel.)
    channel_layer_alias = "salient-hub-only"
    # A sync writer for the hub's fan-out (`deliver_now`), once connected under daphne.
    write_now: Any = None

    async def dispatch(self, message: dict[str, Any]) -> None:
        """Channels' dispatch, without its `aclose_old_connections()` before every message (a
        performance shortcut, `boardgame.fastpath`): that is a thread hop of its own per frame
        received, and every database call of this consumer goes through
        `database_sync_to_async`, which closes stale connections in its database thread before
        and after the call anyway."""
        if not fastpath.enabled("dispatch"):
            await super().dispatch(message)
            return
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    # --- connection -------------------------------------------------------------------------

    async def connect(self) -> None:
        self.game_id = int(self.scope["url_route"]["kwargs"]["game_id"])
        self.user = self.scope.get("user") or AnonymousUser()
        self.ready = False
        self.v = -1
        self.audience: str | None = None
        self.group: str | None = None
        self.my_seats: list[str] = []
        self.syncing = True
        self.buffer: list[tuple[int, str]] = []
        self.gap_timer: asyncio.TimerHandle | None = None
        self.bucket = Bucket(RATE, BURST)
        self.chat_bucket = Bucket(CHAT_RATE[0] / CHAT_RATE[1], CHAT_RATE[0])
        self.refused = 0
        self.places = []
        self.closed = False
        self.user_group: str | None = None
        await self.accept()
        self.write_now = None  # _text_sender sets it when frames can be written at once
        self.send_text = self._text_sender()
        self.hello_timer = asyncio.get_running_loop().call_later(HELLO_TIMEOUT,
                                                                 self._hello_timeout)

    def _hello_timeout(self) -> None:
        if not self.ready and not self.closed:
            asyncio.ensure_future(self._close(protocol.CLOSE_HELLO_TIMEOUT))

    async def release(self) -> None:
        """Timers stopped, hub groups left, presence left, cap places given back; once each
        (this runs at disconnect and again when the consumer ends)."""
        hello_timer = getattr(self, "hello_timer", None)
        if hello_timer is not None:
            hello_timer.cancel()
        if getattr(self, "gap_timer", None) is not None:
            self.gap_timer.cancel()
            self.gap_timer = None
        group, self.group = getattr(self, "group", None), None
        if group is not None:
            await broadcast.HUB.leave(group, self)
            presence.PRESENCE.leave(self.game_id, self.my_seats)
        user_group, self.user_group = getattr(self, "user_group", None), None
        if user_group is not None:
            await broadcast.HUB.leave(user_group, self)
        if hasattr(self, "game_id"):
            seatwatch.WATCH.discard(self)
        await super().release()

    async def seats_lost(self) -> None:
        """The seat watch found this user's seats changed (its `seats` frame was lost)."""
        await self._close(protocol.CLOSE_SEATS_CHANGED)

    # --- incoming ---------------------------------------------------------------------------

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        if await self.refused_for_rate():
            return
        try:
            kind, fields = protocol.parse(text_data, bytes_data)
        except ProtocolError as exc:
            await self.send_frame(exc.frame())
            return
        if not self.ready:
            if kind != "hello":
                await self.send_frame({"type": "error", "code": "auth/hello_required",
                                       "message": "Send hello first."})
                return
            self.hello_timer.cancel()  # hello arrived in time; checking it may take longer
            await self.handle_safely(kind, fields, lambda: self._on_hello(fields))
            if not self.ready and not self.closed:
                # The hello failed unexpectedly: another may follow, in the usual time.
                self.hello_timer = asyncio.get_running_loop().call_later(
                    HELLO_TIMEOUT, self._hello_timeout)
            return
        await self.handle_safely(kind, fields, lambda: self._handle(kind, fields))

    async def _handle(self, kind: str, fields: dict[str, Any]) -> None:
        try:
            await getattr(self, f"on_{kind}")(fields)
        except ServiceError as exc:
            if kind in protocol.STEP_FRAMES:
                await self.send_frame(protocol.reject_frame(exc, fields.get("cid")))
            else:
                await self.send_frame(protocol.error_frame(exc, ref=fields.get("ref", kind)))

    async def _on_hello(self, fields: dict[str, Any]) -> None:
        try:
            await self._hello(fields)
        finally:
            if not self.ready:  # refused, or failed: it holds no place meanwhile
                await FramedSocket.release(self)

    async def _hello(self, fields: dict[str, Any]) -> None:
        if fields.get("protocol", protocol.PROTOCOL) != protocol.PROTOCOL:
            await self.send_frame({"type": "error", "code": "protocol/unsupported",
                                   "message": f"This server speaks {protocol.PROTOCOL}."})
            await self._close(protocol.CLOSE_PROTOCOL)
            return
        user = self.user
        credential = credentials.of_session(self.scope, user)
        if "token" in fields:
            user = await database_sync_to_async(_user_for_token)(fields["token"])
            if user is None:
                await self.send_frame({"type": "error", "code": "auth/bad_token",
                                       "message": "That token is not valid."})
                await self._close(protocol.CLOSE_AUTH_FAILED)
                return
            credential = credentials.of_token(fields["token"], user)
        if not await self._admit(user):
            return
        self.user = user
        self.credential = credential
        try:
            data = await database_sync_to_async(_welcome)(user, self.game_id,
                                                          fields.get("invite"),
                                                          fields.get("since"))
        except ServiceError as exc:
            await self.send_frame(protocol.error_frame(exc, ref="hello"))
            await self._close(protocol.CLOSE_NOT_FOUND if exc.status == 404
                              else protocol.CLOSE_AUTH_FAILED)
            return
        self.ready = True
        self.hello_timer.cancel()
        self.audience = data["audience"]
        self.my_seats = data["seats"]
        self.group = frames.group_name(self.game_id, self.audience)
        await broadcast.HUB.join(self.group, self)
        presence.PRESENCE.join(self.game_id, self.my_seats, data["audiences"])
        if credential is not None:  # revocations of its credential reach it here
            self.user_group = credentials.socket_group(user.pk)
            await broadcast.HUB.join(self.user_group, self)
        if user.is_authenticated:
            seatwatch.WATCH.add(self)
        frame = data["frame"]
        await self.send_frame(frame)
        self.v = frame["v"]
        for later in data["later"]:
            await self.send_frame(later)
            self.v = later["v"]
        # Frames published between the read and the join: repair through the database.
        await self._catch_up()

    async def _admit(self, user: Any) -> bool:
        """Take the socket's cap places: the user's, or an anonymous socket's per address and
        per game (this process's count). Refused: `auth/too_many_sockets`, close 4409."""
        if user.is_authenticated:
            wanted = [("user", socketcap.CAP, user.pk)]
        else:
            wanted = [("address", socketcap.ANON_BY_ADDRESS,
                       socketcap.client_address(self.scope)),
                      ("game", socketcap.ANON_BY_GAME, self.game_id)]
        self.places, refused = await socketcap.take_places(wanted)
        if refused is None:
            return True
        await self.send_frame(too_many_sockets_frame(refused, "game"))
        await self._close(protocol.CLOSE_TOO_MANY_SOCKETS)
        return False

    # --- frames from the hub ----------------------------------------------------------------

    def _text_sender(self) -> Any:
        """How hub frames reach this socket. The usual way is `self.send`. With the
        performance shortcuts on (`boardgame.fastpath`), two are taken: Channels' session
        middleware wraps every send to save the session on HTTP responses, which a websocket
        frame never triggers, yet each call still reads the session twice through a
        LazyObject — so when the wrapper is that middleware's, frames go to the send it wraps;
        and under daphne over plain TCP they are written straight to the socket
        (`wsfast.direct_writer`)."""
        wrapper = getattr(self.base_send, "__self__", None)
        if fastpath.enabled("session_send") and isinstance(wrapper, InstanceSessionWrapper) \
                and "websocket.send" not in wrapper.save_message_types:
            raw = wrapper.real_send
            # Under daphne: framed once per audience and written straight to the socket (it
            # writes to the send the wrapper wraps, so it rides on `session_send`).
            direct = wsfast.direct_writer(raw) if fastpath.enabled("direct_write") else None
            if direct is not None:
                self.write_now = direct  # the hub's fan-out calls it without a coroutine

                async def send_direct(text: str) -> None:
                    direct(text)
                return send_direct

            async def send_text(text: str) -> None:
                await raw({"type": "websocket.send", "text": text})
            return send_text

        async def send_usual(text: str) -> None:
            await self.send(text_data=text)
        return send_usual

    def deliver_now(self, v: int | None, text: str, group: str | None = None) -> bool:
        """`deliver`'s usual case done at once, without a coroutine per socket (the hub's
        fan-out asks each of an audience's sockets): the next version of the stream, nothing
        buffered, a writer that writes at once. False: `deliver` must handle the frame."""
        write = self.write_now
        if write is None or v is None or v != self.v + 1 or self.syncing or self.buffer \
                or self.closed or (group is not None and group == self.user_group):
            return False
        self.v = v
        write(text)
        return True

    async def deliver(self, v: int | None, text: str, group: str | None = None) -> None:
        if self.closed:
            return
        if group is not None and group == self.user_group:
            asyncio.ensure_future(self.on_credentials_news(text))
            return
        if v is None:
            if text.startswith('{"type":"seats"') and self._seats_changed(text):
                # The host handed one of this socket's seats to someone else (or this user
                # another): its audience is fixed for life, so it must not hear one more
                # frame of that seat. The client reconnects and gets its new audience.
                await self.send_text(text)
                await self._close(protocol.CLOSE_SEATS_CHANGED)
                return
            await self.send_text(text)
            return
        if self.syncing:
            self.buffer.append((v, text))
            return
        if v <= self.v:
            return
        if v == self.v + 1:
            self.v = v
            await self.send_text(text)
            if self.buffer:
                await self._send_buffered()
            return
        # Ahead of its turn: usually its predecessor is a moment behind (a step of the same
        # game committed in another database thread); catch up from the database only if the
        # gap is still there after GAP_GRACE — else every socket of the game would query it.
        self.buffer.append((v, text))
        if self.gap_timer is None:
            self.gap_timer = asyncio.get_running_loop().call_later(GAP_GRACE,
                                                                   self._gap_unfilled)

    async def _send_buffered(self) -> None:
        """Frames that came ahead of their turn, once their turn has come; a frame still
        ahead stays buffered (its timer runs on)."""
        pending = sorted(b for b in self.buffer if b[0] > self.v)
        self.buffer = []
        for index, (v, text) in enumerate(pending):
            if v <= self.v:
                continue  # the same version twice
            if v != self.v + 1:
                self.buffer = pending[index:]
                return
            self.v = v
            await self.send_text(text)
        if self.gap_timer is not None:
            self.gap_timer.cancel()
            self.gap_timer = None

    def _gap_unfilled(self) -> None:
        self.gap_timer = None
        if self.buffer and not self.closed:
            self.nudge()

    def _seats_changed(self, text: str) -> bool:
        seating = json.loads(text).get("seats", [])
        name = self.user.get_username() if self.user.is_authenticated else None
        now = sorted(s["seat"] for s in seating if name is not None and s.get("player") == name)
        return now != sorted(self.my_seats)

    def nudge(self) -> None:
        """Bring this socket up to date from the database (gap seen, or the layer came back)."""
        if self.ready and not self.syncing and not self.closed:
            self.syncing = True
            asyncio.ensure_future(self._catch_up())

    async def _catch_up(self) -> None:
        """Send the frames this socket missed, from the database — after re-deriving what it
        may hear: a `seats` frame or a revocation lost with the layer (at-most-once) must not
        leave it hearing a seat its user no longer holds, so a socket whose seats changed
        closes with 4410 and one whose credential was revoked with 4403, before anything."""
        self.syncing = True
        try:
            for attempt in range(5):
                frames = await database_sync_to_async(_catch_up_frames)(
                    self.game_id, self.audience, self.v,
                    self if attempt == 0 else None)
                if frames is SEATS_CHANGED:
                    await self._close(protocol.CLOSE_SEATS_CHANGED)
                    return
                if frames is REVOKED:
                    await self.end_revoked()
                    return
                for frame in frames:
                    if frame["type"] == "snapshot" or frame["v"] == self.v + 1:
                        await self.send_frame(frame)
                        self.v = frame["v"]
                await self._send_buffered()
                if not self.buffer:
                    return
        except Exception:  # noqa: BLE001
            logger.exception("sync of game %s failed", self.game_id)
        finally:
            self.syncing = False

    # --- client requests (one service each) -------------------------------------------------

    def _default_seat(self, fields: dict[str, Any]) -> str | None:
        seat = fields.get("seat")
        if seat is None and len(self.my_seats) == 1:
            seat = self.my_seats[0]
        return seat

    async def on_hello(self, fields: dict[str, Any]) -> None:
        if self.ready:
            await self.send_frame({"type": "error", "code": "frame/repeated_hello",
                                   "message": "This socket already said hello."})
            return
        await self._on_hello(fields)

    async def _call(self, fn: Any, *args: Any, ack: Any = None) -> Any:
        """One service call in a database thread; it returns what it committed
        (`frames.Committed`). Then, on the event loop: the ack (if `ack` makes one of the
        answer), the committed frames queued for the other processes, and the same frames to
        this process's sockets — the acting player hears first, and nobody here waits for
        Redis."""
        # Not the one thread Channels keeps for sync code (thread_sensitive): a pool, so games
        # on one process commit in parallel (the row lock orders one game's steps; a frame
        # that comes back ahead of its predecessor is held by `deliver` until the gap is
        # repaired). docs/architecture.md, performance notes, says what it gains.
        committed = await _in_database_pool(self._if_still_authorised)(fn, *args)
        if ack is not None and committed.answer is not None:
            await self.send_frame(ack(committed.answer))
        if committed.messages:
            broadcast.HUB.publish(committed.messages)
            await asyncio.sleep(0)  # the sender writes the PUBLISH before the local fan-out,
            await broadcast.HUB.deliver_local(committed.messages)  # so others fan out meanwhile
        return committed.answer

    def _if_still_authorised(self, fn: Any, *args: Any) -> Any:
        """(In the database thread.) `fn(*args)` if the token or session that authenticated
        this socket still does — one query before each acting frame, so a logout, revoked
        token or new password stops the socket acting even if the push never reached it."""
        if not credentials.still_valid(self.credential):
            raise CredentialRevoked()
        return fn(*args)

    @staticmethod
    def _ack(accepted: Any) -> dict[str, Any]:
        return {"type": "ack", "cid": accepted.cid, "v": accepted.v,
                **({"repeated": True} if accepted.repeated else {})}

    async def on_act(self, fields: dict[str, Any]) -> None:
        await self._call(actions.submit_action, self.game_id, self.user, fields["seat"],
                         fields["decision"], fields["action"], fields["cid"], ack=self._ack)

    async def on_order(self, fields: dict[str, Any]) -> None:
        """Write (or, with `withdraw`, take back) an order: no step, so no version; the
        answer is the seat's orders as they now stand."""
        if fields.get("withdraw"):
            call: Any = (orders.do_withdraw_order, self.game_id, self.user, fields["seat"],
                         fields["decision"])
        else:
            call = (orders.do_write_order, self.game_id, self.user, fields["seat"],
                    fields["decision"], fields.get("action"))
        ref = fields.get("ref")
        await self._call(*call, ack=lambda mine: {"type": "orders", "ref": ref, **mine})

    async def on_ready(self, fields: dict[str, Any]) -> None:
        await self._call(orders.submit_ready, self.game_id, self.user, fields["seat"],
                         fields["group"], fields["ready"], fields["cid"], ack=self._ack)

    async def on_undo(self, fields: dict[str, Any]) -> None:
        await self._call(actions.submit_undo, self.game_id, self.user, fields["seat"],
                         fields["cid"], ack=self._ack)

    async def on_resign(self, fields: dict[str, Any]) -> None:
        await self._call(actions.do_resign, self.game_id, self.user,
                         self._default_seat(fields), fields.get("cid"), ack=self._ack)

    async def on_draw(self, fields: dict[str, Any]) -> None:
        await self._call(votes.do_vote_draw, self.game_id, self.user, fields["agree"],
                         ack=lambda accepted: {"type": "ack", "cid": None, "v": accepted.v})

    async def on_pause(self, fields: dict[str, Any]) -> None:
        await self._call(votes.do_vote_pause, self.game_id, self.user, fields["pause"])

    async def on_extend(self, fields: dict[str, Any]) -> None:
        await self._call(votes.do_vote_extend, self.game_id, self.user, fields["hours"])

    async def on_options(self, fields: dict[str, Any]) -> None:
        seat = self._default_seat(fields)
        items = await database_sync_to_async(self._if_still_authorised)(
            options.get_options, self.game_id, self.user, seat, fields["decision"],
            fields.get("query"))
        frame = {"type": "options", "decision": fields["decision"], "seat": seat,
                 "items": items}
        if "ref" in fields:
            frame["ref"] = fields["ref"]
        await self.send_frame(frame)

    async def on_sync(self, fields: dict[str, Any]) -> None:
        since = fields["since"]
        if self.syncing:
            return
        self.v = since if 0 <= since <= self.v else -1
        self.syncing = True
        await self._catch_up()

    async def on_chat(self, fields: dict[str, Any]) -> None:
        if not self.chat_bucket.take():
            await self.send_frame({"type": "error", "code": "rate/limited", "ref": "chat",
                                   "message": "Too many chat messages: wait a few seconds."})
            return
        await self._call(chat.do_post_chat, self.game_id, self.user, fields["channel"],
                         fields["text"])

    async def on_ping(self, fields: dict[str, Any]) -> None:
        await self.send_frame({"type": "pong", "t": fields.get("t"), "v": self.v})
