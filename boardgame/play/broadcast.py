"""Delivery of a game's frames (built in `frames.py`): one message per game between processes,
one hub per process.

Sending (after commit, from any thread): between processes all audiences' frames of a step
travel packed in ONE message to the game's layer group `game.<id>` (`pack`). The channel layer
is at-most-once and only a hint: a failed send is logged, never raised (the action is already
committed; clients repair gaps with `sync` — or the consumer does it for them).

Receiving: the subscribers are not sockets but one `Hub` per daphne process. The hub joins
`game.<id>` when its first local socket of that game arrives, receives each message once per
process, and hands each frame's text to its local sockets of that audience. So 100 spectators
cost one layer message per process, not 100, and no per-socket serialisation or query.

The process that commits an action does not wait for its own frames to come back from Redis:
the consumer queues them for the other processes (`Hub.publish`, one sender task per process,
in commit order) and hands them to its own sockets at once (`Hub.deliver_local`). They carry
the hub's `origin`, so the echo is dropped on arrival. Frames committed by sync code in a
daphne process (the REST API, the deadline sweeper) are handed to the hub's loop and take the
same way (`Hub.take_committed`), so they reach this process's sockets even while Redis is
down; elsewhere (a management command) they go through the layer with no origin.

With Redis the layer is `channels_redis`' pub/sub layer: one PUBLISH per game and step, pushed
to the subscribers (docs/architecture.md says why not the list-based core layer). A pub/sub
subscriber never hears that the connection dropped, so the hub sends itself a heartbeat
through the layer every HEARTBEAT_SECONDS; when beats stop arriving it counts the layer as
down, and when they come back it rejoins its games and nudges every local socket to catch up
from the database.

A heartbeat proves the layer works, not that every frame came: a process killed between its
ack and its PUBLISH, or a full outbox, loses frames the others never hear of. So every
AUDIT_SECONDS the hub reads its games' versions (one query for all of them) and catches up any
socket that is still behind a version it was already behind at the audit before — a frame
committed that long ago and not here is lost, not late. Nothing acknowledged stays unseen for
more than two audits.
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import logging
import time
import uuid
from typing import Any

from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.conf import settings

from . import frames
from .models import Game

logger = logging.getLogger(__name__)

HEARTBEAT_SECONDS = 1.0
LAYER_DEAD_AFTER = 3.0      # seconds without hearing our own heartbeat
OUTBOX_MAX = 10_000         # frames queued for other processes before we drop (they resync)
AUDIT_SECONDS = 2.0         # between reads of the local games' versions (lost frames)


# --- channels_redis' log during an outage -----------------------------------------------------

class OnePerOutage(logging.Filter):
    """channels_redis' pub/sub receiver logs a full traceback every second while Redis is
    down ("Unexpected exception in receive task"). Let the first through as one warning line
    and drop the rest until a hub hears the layer again (`Hub._recover` calls `layer_back`)."""

    NOISE = "Unexpected exception in receive task"

    def __init__(self) -> None:
        super().__init__()
        self.quiet = False

    def filter(self, record: logging.LogRecord) -> bool:
        if record.getMessage() != self.NOISE:
            return True
        if self.quiet:
            return False
        self.quiet = True
        exc = record.exc_info[1] if record.exc_info else None
        record.msg = ("Redis pub/sub receive failing (%s: %s); not logged again until the "
                      "layer answers")
        record.args = (type(exc).__name__, exc)
        record.exc_info, record.exc_text = None, None
        record.levelno, record.levelname = logging.WARNING, "WARNING"
        return True

    def layer_back(self) -> None:
        self.quiet = False


LAYER_LOG = OnePerOutage()
logging.getLogger("channels_redis.pubsub").addFilter(LAYER_LOG)


def game_group(audience_group: str) -> str:
    """`game.7.seat.red` → `game.7`: the layer group every process with a socket of game 7
    joins. Between processes a game's frames for all its audiences travel as ONE message
    (one PUBLISH per action, not one per audience); each hub hands out only the frames of the
    audiences its own sockets have. This is server-to-server traffic: what a socket receives
    is still exactly its audience's frame."""
    return ".".join(audience_group.split(".", 2)[:2])


@functools.lru_cache(maxsize=8)
def _deployment_tag(secret: str, database: str) -> str:
    return hashlib.sha256(f"{secret}|{database}".encode()).hexdigest()[:16]


def deployment_tag() -> str:
    """Who we are on the layer: the same for every process of one deployment (one signing
    key, one database name — not its host, which processes may spell differently), another
    for another deployment. The layer's prefix keeps deployments on one Redis server apart;
    this tag makes a hub drop whatever still crosses (two deployments given the same
    prefix). Read per call: the test runner renames the database after start-up."""
    return _deployment_tag(settings.SECRET_KEY, str(settings.DATABASES["default"]["NAME"]))


def pack(messages: list[frames.Message],
         origin: str | None = None) -> list[frames.Message]:
    """(audience group, frame message) pairs → one `live.frames` message per game group,
    frames in their original order, tagged with our deployment."""
    packed: dict[str, dict[str, Any]] = {}
    tag = deployment_tag()
    for group, message in messages:
        wire = packed.setdefault(game_group(group), {"type": "live.frames", "frames": [],
                                                     "deployment": tag})
        wire["frames"].append([group, message.get("v"), message["text"]])
        if origin is not None:
            wire["origin"] = origin
    return list(packed.items())


async def send_all(messages: list[frames.Message]) -> None:
    layer = get_channel_layer()
    wires = pack(messages)
    results = await asyncio.gather(*(layer.group_send(g, m) for g, m in wires),
                                   return_exceptions=True)
    failed = [r for r in results if isinstance(r, BaseException)]
    if failed:
        logger.warning("channel layer refused %d of %d messages (%s); clients will resync",
                       len(failed), len(wires), failed[0])


def send_messages(messages: list[frames.Message]) -> None:
    """Send committed frames from sync code (a REST view, the deadline sweeper, an on_commit
    hook), never from the event loop. Never raises: the layer is only a hint. In a daphne
    process a game's frames go to its hub, which serves this process's sockets itself, as it
    does a socket's action (`Hub.take_committed`); elsewhere they go through the layer."""
    if not messages:
        return
    games = [m for m in messages if m[0].startswith("game.")]
    if games and HUB.take_committed(games):
        messages = [m for m in messages if not m[0].startswith("game.")]
        if not messages:
            return
    try:
        async_to_sync(send_all)(messages)
    except Exception as exc:  # noqa: BLE001 — the commit stands whatever the layer does
        logger.warning("channel layer unavailable (%s); clients will resync", exc)


# --- the per-process hub ----------------------------------------------------------------------

class Hub:
    """One channel per process, subscribed to `game.<id>` for every game it has a socket of;
    `members` maps each audience group (`game.<id>.seat.red`…) to its local sockets."""

    # Seconds between audits for lost frames; None where the hub's frames carry no version.
    audit_seconds: float | None = AUDIT_SECONDS

    def __init__(self) -> None:
        # Tags the frames this process has delivered itself, so their echo is dropped.
        self.origin = uuid.uuid4().hex
        self.channel: str | None = None
        self.members: dict[str, set[Any]] = {}
        self.tasks: list[asyncio.Task] = []
        self.loop: asyncio.AbstractEventLoop | None = None
        self.outbox: asyncio.Queue | None = None
        self.broken = False
        self.heard = time.monotonic()
        self.warned_foreign = False
        # socket → the game version it was behind at the last audit
        self.lagging: dict[Any, int] = {}

    async def _ensure(self) -> None:
        loop = asyncio.get_running_loop()
        if self.loop is not loop or any(t.done() for t in self.tasks):
            for task in self.tasks:
                task.cancel()
            if self.loop is not loop:
                self.members = {}
            self.loop = loop
            self.channel = await get_channel_layer().new_channel("hub.")
            self.heard = time.monotonic()
            self.outbox = asyncio.Queue(OUTBOX_MAX)
            self.tasks = [loop.create_task(self._run()), loop.create_task(self._beat()),
                          loop.create_task(self._send())]
            if self.audit_seconds is not None:
                self.tasks.append(loop.create_task(self._audit()))
            if self.members:
                self.broken = True  # a new channel: join again and catch the sockets up

    def _games(self) -> set[str]:
        return {game_group(g) for g, members in self.members.items() if members}

    async def join(self, group: str, consumer: Any) -> None:
        await self._ensure()
        first = game_group(group) not in self._games()
        self.members.setdefault(group, set()).add(consumer)
        if first:
            try:
                await get_channel_layer().group_add(game_group(group), self.channel)
            except Exception as exc:  # noqa: BLE001
                logger.warning("channel layer unavailable on join (%s)", exc)
                self.broken = True

    async def leave(self, group: str, consumer: Any) -> None:
        members = self.members.get(group)
        if not members:
            return
        members.discard(consumer)
        if not members:
            del self.members[group]
            if game_group(group) not in self._games():
                try:
                    await get_channel_layer().group_discard(game_group(group), self.channel)
                except Exception:  # noqa: BLE001
                    pass

    # --- delivery ---------------------------------------------------------------------------

    async def deliver_local(self, messages: list[frames.Message]) -> None:
        """Hand frames just committed in this process to its own sockets, without the round
        trip through Redis."""
        for group, message in messages:
            await self.dispatch_frame(group, message.get("v"), message["text"])

    def publish(self, messages: list[frames.Message]) -> None:
        """Queue frames for the other processes, marked with our origin (this process hands
        them to its own sockets itself, `deliver_local`). Never blocks the caller; a full
        outbox drops them (clients resync)."""
        if self.outbox is None or self.loop is not asyncio.get_running_loop():
            # No socket has joined on this loop (so nothing was delivered here): send plainly.
            asyncio.ensure_future(send_all(messages))
            return
        for group, wire in pack(messages, origin=self.origin):
            try:
                self.outbox.put_nowait((group, wire))
            except asyncio.QueueFull:
                logger.warning("outbox full: frames of %s dropped; clients will resync", group)
                return

    def take_committed(self, messages: list[frames.Message]) -> bool:
        """Frames committed by sync code in another thread of this process (a REST action,
        the deadline sweeper): handled like a socket action's — this process's sockets get
        them at once, the other processes through the outbox — so they reach the sockets
        here even while the layer is down. False when no hub runs here (a management
        command, a test without daphne): the caller sends them through the layer."""
        loop = self.loop
        if loop is None or self.outbox is None or loop.is_closed() or not loop.is_running():
            return False
        try:
            asyncio.get_running_loop()
            return False  # sync code never runs on the loop; be safe rather than block
        except RuntimeError:
            pass
        loop.call_soon_threadsafe(self._take_committed, messages)
        return True

    def _take_committed(self, messages: list[frames.Message]) -> None:
        self.publish(messages)
        asyncio.ensure_future(self.deliver_local(messages))

    async def _send(self) -> None:
        """The one sender of this process: frames leave in the order they were queued (a
        game's steps can come back from parallel database threads out of order; receivers
        repair the gap from the database)."""
        assert self.outbox is not None
        layer = get_channel_layer()
        while True:
            group, message = await self.outbox.get()
            if self.broken:
                continue  # every process catches its sockets up when the layer is back
            try:
                await layer.group_send(group, message)
            except Exception as exc:  # noqa: BLE001
                logger.warning("channel layer refused a frame (%s); clients will resync", exc)
                self.broken = True

    async def dispatch(self, message: dict[str, Any]) -> None:
        """A `live.frames` message from the layer: each frame to its audience's sockets."""
        for group, v, text in message.get("frames", ()):
            await self.dispatch_frame(group, v, text)

    async def dispatch_frame(self, group: str, v: int | None, text: str) -> None:
        for consumer in list(self.members.get(group, ())):
            try:
                # The usual case at once (a game socket's `deliver_now`); else its coroutine.
                now = getattr(consumer, "deliver_now", None)
                if now is not None and now(v, text, group):
                    continue
                await consumer.deliver(v, text, group)
            except Exception:  # noqa: BLE001 — one socket's failure is not its audience's
                # (nor, raised into `_run`, the end of this process's layer subscription).
                logger.exception("delivering a frame of %s to a socket failed", group)

    # --- the layer: receiving, heartbeat, recovery -------------------------------------------

    async def _run(self) -> None:
        layer = get_channel_layer()
        backoff = 0.2
        while True:
            try:
                message = await layer.receive(self.channel)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # noqa: BLE001 — a layer that raises when Redis is down
                if not self.broken:
                    logger.warning("channel layer receive failed (%s); retrying", exc)
                self.broken = True
                await asyncio.sleep(backoff)
                backoff = min(backoff * 2, 2.0)
                continue
            backoff = 0.2
            self.heard = time.monotonic()
            if self.broken:
                await self._recover()
            if message.get("type") == "hub.beat" or message.get("origin") == self.origin:
                continue
            if not self._ours(message):
                continue
            await self.dispatch(message)

    def _ours(self, message: dict[str, Any]) -> bool:
        """Whether a message comes from our own deployment; another's is dropped (and said
        once: two deployments on one Redis server share SALIENT_REDIS_KEY_PREFIX)."""
        if message.get("deployment") == deployment_tag():
            return True
        if not self.warned_foreign:
            self.warned_foreign = True
            logger.warning("dropped frames of another deployment on this Redis server: give "
                           "each deployment its own SALIENT_REDIS_KEY_PREFIX")
        return False

    async def _beat(self) -> None:
        layer = get_channel_layer()
        while True:
            await asyncio.sleep(HEARTBEAT_SECONDS)
            if time.monotonic() - self.heard > LAYER_DEAD_AFTER and not self.broken:
                logger.warning("channel layer silent for %.0f s: counting it down",
                               LAYER_DEAD_AFTER)
                self.broken = True
            try:
                await layer.send(self.channel, {"type": "hub.beat"})
            except asyncio.CancelledError:
                raise
            except Exception:  # noqa: BLE001 — the silence above says it
                pass

    async def _recover(self) -> None:
        """The layer answers again: join every group again, then bring every local socket up
        to date from the database (frames sent meanwhile are lost)."""
        layer = get_channel_layer()
        try:
            for group in sorted(self._games()):
                await layer.group_add(group, self.channel)
        except Exception as exc:  # noqa: BLE001
            logger.warning("rejoining the channel layer failed (%s); retrying", exc)
            return
        self.broken = False
        LAYER_LOG.layer_back()
        logger.info("channel layer back: hub rejoined %d games", len(self._games()))
        for members in list(self.members.values()):
            for consumer in list(members):
                consumer.nudge()

    async def _audit(self) -> None:
        assert self.audit_seconds is not None
        while True:
            await asyncio.sleep(self.audit_seconds)
            try:
                await self.audit_once()
            except asyncio.CancelledError:
                raise
            except Exception:  # noqa: BLE001 — a database hiccup: the next audit tries again
                logger.exception("audit for lost frames failed")

    async def audit_once(self) -> None:
        """Catch up the local sockets still behind a version they were behind at the audit
        before (their frames were lost); note the ones behind now."""
        sockets = {c for members in self.members.values() for c in members
                   if getattr(c, "ready", False) and not getattr(c, "closed", True)
                   and isinstance(getattr(c, "v", None), int)}
        if not sockets:
            self.lagging = {}
            return
        versions = await database_sync_to_async(_versions)({c.game_id for c in sockets})
        lagging: dict[Any, int] = {}
        for consumer in sockets:
            current = versions.get(consumer.game_id)
            if current is None or consumer.v >= current:
                continue
            if consumer.v < self.lagging.get(consumer, -1):
                logger.info("game %s: a socket at v%d missed frames up to v%d; catching it up",
                            consumer.game_id, consumer.v, self.lagging[consumer])
                consumer.nudge()
            lagging[consumer] = current
        self.lagging = lagging


def _versions(game_ids: set[int]) -> dict[int, int]:
    return dict(Game.objects.filter(pk__in=game_ids).values_list("pk", "version"))


HUB = Hub()


async def send_messages_async(groups: list[str], frame: dict[str, Any]) -> None:
    """Send one frame (no version) to several groups from async code."""
    text = frames.dumps(frame)
    await send_all([frames.message(g, None, text) for g in groups])
