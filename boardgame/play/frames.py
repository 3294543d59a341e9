"""The frames a game's audiences are sent, built once per audience: no delivery here (that is
`broadcast.py`).

An audience is `seat:<seat>`, `side:<side>` (a user holding several seats of one side) or
`public`. A step's frame for an audience is `make_patch(view(old), view(new))` with the events
that audience may hear, computed and serialised ONCE per audience, never per socket. A message
is a pair (the audience's hub group `game.<id>.seat.<seat>`…, `{"type": "live.frame", "group",
"v", "text"}`): `text` is the frame already serialised, `v` its version (None for the frames
outside the version stream: clock, seats, chat, orders, notices).

A service builds its messages after its transaction commits and returns them with its answer
(`Committed`); its caller sends them (`broadcast.py`). `catch_up` rebuilds the patches a
socket missed from the database.
"""

from __future__ import annotations

import json
import logging
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from engine import rulesets
from engine.kernel import events_for, state_hash, view, views
from engine.kernel.diff import make_patch
from engine.kernel.game import KERNEL
from engine.kernel.record import replay_step

from .models import ActionRecord, Game, Snapshot
from .rolled_back import before_rollback

logger = logging.getLogger(__name__)

SYNC_PATCH_LIMIT = 100
VIEW_CACHE_SIZE = 1024

Message = tuple[str, dict[str, Any]]
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Committed(Generic[T]):
    """What a service committed: `answer` for its caller (an ack, a frame, a REST body), and
    `messages`, the frames that tell the game's audiences, built after the commit. The caller
    sends them: a socket through its process's hub (`consumers._call`), sync code through
    `broadcast.send_messages` (the REST views, the deadline sweeper)."""

    answer: T
    messages: list[Message] = field(default_factory=list)


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


def prime_views(ruleset: Any, v: int, state: dict[str, Any], audiences: list[str]) -> None:
    """Put the views of `audiences` at version v in the cache, those missing built together
    (`engine.kernel.views`: the decisions listed once for them all, issue #27)."""
    uid = state[KERNEL]["game_uid"]
    with _views_lock:
        missing = [a for a in audiences if (uid, v, a) not in _views]
    if not missing:
        return
    built = views(ruleset, state, missing)
    with _views_lock:
        for audience, out in built.items():
            _views[(uid, v, audience)] = out
        while len(_views) > VIEW_CACHE_SIZE:
            _views.popitem(last=False)


def patch_frame(ruleset: Any, game_id: int, v: int, old: dict[str, Any], new: dict[str, Any],
                events: Any, audience: str) -> dict[str, Any]:
    ops = make_patch(cached_view(ruleset, game_id, v - 1, old, audience),
                     cached_view(ruleset, game_id, v, new, audience))
    return {"type": "patch", "v": v, "ops": ops,
            "events": events_for(ruleset, new, events, audience)}


# --- messages -------------------------------------------------------------------------------

@dataclass(slots=True)
class StepBatch:
    """The steps one transaction committed (`actions.Step`: v, old and new state, events), and
    what the last step's frames carry besides: the seed and result when the game ended, and
    the clocks as of that version."""

    game_id: int
    ruleset: str
    steps: list[Any]
    seed: str | None = None
    result: dict[str, Any] | None = None
    clock: dict[str, Any] | None = None


def message(group: str, v: int | None, text: str) -> Message:
    """One serialised frame addressed to one hub group, in the shape the hubs exchange."""
    return group, {"type": "live.frame", "group": group, "v": v, "text": text}


def step_messages(batch: StepBatch) -> list[Message]:
    """Every audience's patch of every step of `batch`. Never raises: the steps are committed
    whatever happens here, and a client that misses them repairs the gap with `sync`."""
    try:
        return _step_messages(batch)
    except Exception:  # noqa: BLE001
        logger.exception("could not build the frames of game %s", batch.game_id)
        return []


def _step_messages(batch: StepBatch) -> list[Message]:
    ruleset = rulesets.get(batch.ruleset)
    out: list[Message] = []
    last = batch.steps[-1].v
    for step in batch.steps:
        audiences = live_audiences(step.new)
        prime_views(ruleset, step.v - 1, step.old, audiences)
        prime_views(ruleset, step.v, step.new, audiences)
        for audience in audiences:
            frame = patch_frame(ruleset, batch.game_id, step.v, step.old, step.new,
                                step.events, audience)
            if step.v == last:
                if batch.seed is not None:
                    frame["seed"] = batch.seed
                    frame["result"] = batch.result
                if batch.clock is not None and batch.clock.get("mode") is not None:
                    frame["clock"] = batch.clock  # the clocks as of this version
            out.append(message(group_name(batch.game_id, audience), step.v, dumps(frame)))
    return out


def audience_messages(game_id: int, audiences: list[str], frame: dict[str, Any]) -> list[Message]:
    """`frame` (outside the version stream) to each of `audiences`, serialised once."""
    text = dumps(frame)
    return [message(group_name(game_id, a), None, text) for a in audiences]


def everyone_messages(game_id: int, state: dict[str, Any],
                      frame: dict[str, Any]) -> list[Message]:
    """`frame` (a clock or seats frame) to every audience of the game."""
    return audience_messages(game_id, live_audiences(state), frame)


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
    rebuilt from the newest snapshot at or before `since` and the recorded actions replayed
    through the engine, or one snapshot frame when the gap is large or the record cannot
    rebuild it. Runs in a database thread."""
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
                                  record.action, seed=seed, before=before_rollback(game, record))
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
