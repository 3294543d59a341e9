"""Fan-out of a game's changes: one patch per audience, computed once; one message per game
between processes; one hub per process.

Sending (after commit, from any thread): `publish_steps` computes, for every audience of the
game, `make_patch(view(old), view(new))` ONCE per step and serialises the frame ONCE, addressed
to the audience's group `game.<id>.seat.<seat>` / `game.<id>.side.<side>` / `game.<id>.public`.
Between processes all audiences' frames of a step travel packed in ONE message to the game's
layer group `game.<id>` (`pack`). The channel layer is at-most-once and only a hint: a failed
send is logged, never raised (the action is already committed; clients repair gaps with
`sync` — or the consumer does it for them).

Receiving: the subscribers are not sockets but one `Hub` per daphne process. The hub joins
`game.<id>` when its first local socket of that game arrives, receives each message once per
process, and hands each frame's text to its local sockets of that audience. So 100 spectators
cost one Redis message per process, not 100, and no per-socket serialisation or query.

The process that commits an action does not wait for its own frames to come back from Redis:
the consumer queues them for the other processes (`Hub.publish`, one sender task per process,
in commit order) and hands them to its own sockets at once (`Hub.deliver_local`). They carry
the hub's `origin`, so the echo is dropped on arrival. Frames committed by sync code in a
daphne process (the REST API, the deadline sweeper) are handed to the hub's loop and take the
same way (`Hub.take_committed`), so they reach this process's sockets even while Redis is
down; elsewhere (a management command) they go through the layer with no origin.

With Redis the layer is `channels_redis`' pub/sub layer: one PUBLISH per game and step, pushed
to the subscribers — we counted about 60 Redis commands per action with the list-based core
layer (a Lua script per group send, a queue per channel, a polling receive). A pub/sub
subscriber never hears that the connection dropped, so the hub sends itself a heartbeat
through the layer every HEARTBEAT_SECONDS; when beats stop arriving it counts the layer as
down, and when they come back it rejoins its games and nudges every local socket to catch up
from the database.

Catch-up (`catch_up`): the missing patches rebuilt from PostgreSQL — the newest snapshot at or
before `since`, then the recorded actions replayed through the engine — or one `snapshot`
frame when the gap is large or the record cannot rebuild it.
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import json
import logging
import threading
import time
import uuid
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings

from engine import rulesets
from engine.kernel import events_for, state_hash, view
from engine.kernel.diff import make_patch
from engine.kernel.game import KERNEL
from engine.kernel.record import replay_step

logger = logging.getLogger(__name__)

SYNC_PATCH_LIMIT = 100
VIEW_CACHE_SIZE = 1024
HEARTBEAT_SECONDS = 1.0
LAYER_DEAD_AFTER = 3.0      # seconds without hearing our own heartbeat
OUTBOX_MAX = 10_000         # frames queued for other processes before we drop (they resync)


def dumps(frame: dict[str, Any]) -> str:
    # allow_nan=False: `Infinity`/`NaN` are not JSON (JSON.parse refuses them); a frame
    # holding one raises here instead of reaching a client.
    return json.dumps(frame, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def group_name(game_id: int, audience: str) -> str:
    """`seat:red` of game 7 → `game.7.seat.red` (Channels allows [a-zA-Z0-9_.-])."""
    if audience == "public":
        return f"game.{game_id}.public"
    kind, _, name = audience.partition(":")
    return f"game.{game_id}.{kind}.{name}"


def live_audiences(state: dict[str, Any]) -> list[str]:
    """The audiences a socket can have: every seat, each side with two or more seats (a user
    holding several seats of one side), and public. Single-seat sides are nobody's audience."""
    sides = state[KERNEL]["sides"]
    count: dict[str, int] = {}
    for side in sides.values():
        count[side] = count.get(side, 0) + 1
    return ([f"seat:{s}" for s in sorted(sides)]
            + [f"side:{s}" for s in sorted(count) if count[s] > 1] + ["public"])


def chat_channels(audience: str, state: dict[str, Any]) -> list[str]:
    """The chat channels an audience reads: table chat; its side's chat; spectators' chat."""
    sides = state[KERNEL]["sides"]
    if audience.startswith("seat:"):
        return ["table", f"side:{sides[audience[5:]]}"]
    if audience.startswith("side:"):
        return ["table", audience]
    return ["table", "spectators"]


def chat_audiences(channel: str, state: dict[str, Any]) -> list[str]:
    """The audiences that read a chat channel (side chat never reaches the other side or
    spectators)."""
    every = live_audiences(state)
    if channel == "table":
        return every
    if channel == "spectators":
        return ["public"]
    side = channel[5:]
    sides = state[KERNEL]["sides"]
    return [a for a in every if (a.startswith("seat:") and sides.get(a[5:]) == side)
            or a == channel]


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


# --- views, cached per (game, version, audience) in this process -----------------------------

_views: OrderedDict[tuple[str, int, str], dict[str, Any]] = OrderedDict()
_views_lock = threading.Lock()


def cached_view(ruleset: Any, game_id: int, v: int, state: dict[str, Any],
                audience: str) -> dict[str, Any]:
    """`view(state, audience)` of version v; callers must not mutate the result. Keyed by the
    game's uid (ids can be reused, e.g. after a rollback), version and audience."""
    key = (state[KERNEL]["game_uid"], v, audience)
    with _views_lock:
        hit = _views.get(key)
        if hit is not None:
            _views.move_to_end(key)
            return hit
    out = view(ruleset, state, audience)
    with _views_lock:
        _views[key] = out
        while len(_views) > VIEW_CACHE_SIZE:
            _views.popitem(last=False)
    return out


def patch_frame(ruleset: Any, game_id: int, v: int, old: dict[str, Any], new: dict[str, Any],
                events: Any, audience: str) -> dict[str, Any]:
    ops = make_patch(cached_view(ruleset, game_id, v - 1, old, audience),
                     cached_view(ruleset, game_id, v, new, audience))
    return {"type": "patch", "v": v, "ops": ops,
            "events": events_for(ruleset, new, events, audience)}


# --- sending --------------------------------------------------------------------------------

@dataclass(slots=True)
class StepBatch:
    game_id: int
    ruleset: str
    steps: list[Any]
    seed: str | None = None
    result: dict[str, Any] | None = None
    clock: dict[str, Any] | None = None
    messages: list[tuple[str, dict[str, Any]]] = field(default_factory=list)


def _msg(group: str, v: int | None, text: str) -> tuple[str, dict[str, Any]]:
    return group, {"type": "live.frame", "group": group, "v": v, "text": text}


def build_messages(batch: StepBatch) -> list[tuple[str, dict[str, Any]]]:
    ruleset = rulesets.get(batch.ruleset)
    out: list[tuple[str, dict[str, Any]]] = []
    last = batch.steps[-1].v
    for step in batch.steps:
        for audience in live_audiences(step.new):
            frame = patch_frame(ruleset, batch.game_id, step.v, step.old, step.new,
                                step.events, audience)
            if step.v == last:
                if batch.seed is not None:
                    frame["seed"] = batch.seed
                    frame["result"] = batch.result
                if batch.clock is not None and batch.clock.get("mode") is not None:
                    frame["clock"] = batch.clock  # the clocks as of this version
            out.append(_msg(group_name(batch.game_id, audience), step.v, dumps(frame)))
    return out


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


def pack(messages: list[tuple[str, dict[str, Any]]],
         origin: str | None = None) -> list[tuple[str, dict[str, Any]]]:
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


async def send_all(messages: list[tuple[str, dict[str, Any]]]) -> None:
    layer = get_channel_layer()
    wires = pack(messages)
    results = await asyncio.gather(*(layer.group_send(g, m) for g, m in wires),
                                   return_exceptions=True)
    failed = [r for r in results if isinstance(r, BaseException)]
    if failed:
        logger.warning("channel layer refused %d of %d messages (%s); clients will resync",
                       len(failed), len(wires), failed[0])


def send_messages(messages: list[tuple[str, dict[str, Any]]]) -> None:
    """Send from sync code (an on_commit hook). Never raises: the layer is only a hint.
    Inside `collect_messages` the messages are handed to the async caller instead. In a
    daphne process (the REST API, the sweeper) a game's frames go to its hub, which serves
    this process's sockets itself, as it does a socket's action (`Hub.take_committed`)."""
    if not messages:
        return
    collected = getattr(_deferred, "messages", None)
    if collected is not None:
        collected.extend(messages)
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


_deferred = threading.local()


def collect_messages(fn: Any, *args: Any) -> tuple[Any, list[tuple[str, dict[str, Any]]]]:
    """Run service `fn` in this (database) thread, but keep the messages its commit would
    send, so that an async caller sends them from its own event loop (no blocking hop back
    from this thread). Returns (result, messages)."""
    _deferred.messages = collected = []
    try:
        return fn(*args), collected
    finally:
        _deferred.messages = None


def publish_steps(batch: StepBatch) -> None:
    try:
        batch.messages = build_messages(batch)
    except Exception:  # noqa: BLE001
        logger.exception("could not build the frames of game %s", batch.game_id)
        return
    send_messages(batch.messages)


def publish_clock(game_id: int, ruleset_id: str, state: dict[str, Any],
                  frame: dict[str, Any]) -> None:
    text = dumps(frame)
    send_messages([_msg(group_name(game_id, a), None, text) for a in live_audiences(state)])


def publish_to(game_id: int, audiences: list[str], frame: dict[str, Any]) -> None:
    text = dumps(frame)
    send_messages([_msg(group_name(game_id, a), None, text) for a in audiences])


# --- catch-up from the database ---------------------------------------------------------------

def snapshot_frame(game: Any, ruleset: Any, audience: str) -> dict[str, Any]:
    frame = {"type": "snapshot", "v": game.version,
             "view": cached_view(ruleset, game.pk, game.version, game.state, audience)}
    if game.is_over:
        frame["seed"] = bytes(game.seed).hex()
        frame["result"] = game.result
    return frame


def catch_up(game_id: int, audience: str, since: int | None) -> list[dict[str, Any]]:
    """The frames that bring a client at version `since` to the current version: patches
    rebuilt from snapshot + records, or one snapshot. Runs in a DB thread."""
    from .models import ActionRecord, Game, Snapshot
    game = Game.objects.get(pk=game_id)
    ruleset = rulesets.get(game.ruleset)
    v = game.version
    if since == v:
        return []
    if since is None or not isinstance(since, int) or since < 0 or since > v \
            or v - since > SYNC_PATCH_LIMIT:
        return [snapshot_frame(game, ruleset, audience)]
    snap = (Snapshot.objects.filter(game=game, version__lte=since).order_by("-version")
            .only("version", "state").first())
    if snap is None:
        return [snapshot_frame(game, ruleset, audience)]
    state = snap.state
    seed = bytes(game.seed)
    frames = []
    records = ActionRecord.objects.filter(game=game, seq__gt=snap.version, seq__lte=v) \
        .order_by("seq").only("seq", "kind", "seat", "decision", "action")
    expected = snap.version
    try:
        for record in records:
            expected += 1
            if record.seq != expected:
                raise ValueError("gap in the records")
            outcome = replay_step(ruleset, state, record.kind, record.seat, record.decision,
                                  record.action, seed=seed)
            if record.seq > since:
                frame = patch_frame(ruleset, game.pk, record.seq, state, outcome.state,
                                    outcome.events, audience)
                if record.seq == v and game.is_over:
                    frame["seed"] = seed.hex()
                    frame["result"] = game.result
                frames.append(frame)
            state = outcome.state
        if expected != v or state_hash(state) != state_hash(game.state):
            raise ValueError("replay does not reach the stored state")
    except Exception as exc:  # noqa: BLE001 — the snapshot is always right
        logger.warning("catch-up of game %s from %s by replay failed (%s); sending a snapshot",
                       game_id, since, exc)
        return [snapshot_frame(game, ruleset, audience)]
    return frames


# --- the per-process hub ----------------------------------------------------------------------

class Hub:
    """One channel per process, subscribed to `game.<id>` for every game it has a socket of;
    `members` maps each audience group (`game.<id>.seat.red`…) to its local sockets."""

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

    async def deliver_local(self, messages: list[tuple[str, dict[str, Any]]]) -> None:
        """Hand frames just committed in this process to its own sockets, without the round
        trip through Redis."""
        for group, message in messages:
            await self.dispatch_frame(group, message.get("v"), message["text"])

    def publish(self, messages: list[tuple[str, dict[str, Any]]]) -> None:
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

    def take_committed(self, messages: list[tuple[str, dict[str, Any]]]) -> bool:
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

    def _take_committed(self, messages: list[tuple[str, dict[str, Any]]]) -> None:
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


HUB = Hub()


async def send_messages_async(groups: list[str], frame: dict[str, Any]) -> None:
    """Send one frame (no version) to several groups from async code."""
    text = dumps(frame)
    await send_all([_msg(g, None, text) for g in groups])
