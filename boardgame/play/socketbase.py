"""What the game socket (consumers.py) and the lobby socket (lobby/consumers.py) share:
`FramedSocket` — JSON frames out, one close, the token bucket and its flood close, the cap
places, `server/error` for a frame that fails, revocations of the credential, and `release`
on every way out — and the refusal frame of the socket caps.
"""

from __future__ import annotations

import json
import logging
import os
import time
from typing import Any

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings

from boardgame.accounts import credentials

from . import frames, protocol, socketcap

logger = logging.getLogger(__name__)

# Frames per second and burst per socket; the environment may override (the bench does).
RATE = float(os.environ.get("SALIENT_WS_RATE") or getattr(settings, "SALIENT_WS_RATE", 20.0))
BURST = float(os.environ.get("SALIENT_WS_BURST") or getattr(settings, "SALIENT_WS_BURST", 40.0))
FLOOD_CLOSE = int(getattr(settings, "SALIENT_WS_FLOOD_CLOSE", 200))  # refused frames → close


class Bucket:
    """A token bucket: `rate` tokens a second, at most `burst`."""

    __slots__ = ("rate", "burst", "tokens", "stamp")

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst, self.tokens, self.stamp = rate, burst, burst, time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


def too_many_sockets_frame(per: str, kind: str) -> dict[str, Any]:
    """The refusal before close 4409: `per` is the cap that refused (user, address, game)."""
    limits = {"user": socketcap.MAX_SOCKETS_PER_USER,
              "address": socketcap.ANON_BY_ADDRESS.cap, "game": socketcap.ANON_BY_GAME.cap}
    messages = {
        "user": f"At most {limits['user']} open {kind} sockets per player.",
        "address": f"At most {limits['address']} sockets without signing in per address: "
                   "sign in to open more.",
        "game": f"This game has its {limits['game']} watchers without an account on this "
                "server: sign in to watch.",
    }
    return {"type": "error", "code": "auth/too_many_sockets", "message": messages[per],
            "data": {"per": per, "limit": limits[per]}}


class CredentialRevoked(Exception):
    """The token or session that authenticated the socket no longer does."""


class FramedSocket(AsyncWebsocketConsumer):
    """What the game and lobby sockets share: JSON frames out (none once closing), one close,
    the token bucket with its flood close, the socket-cap places, a `server/error` answer for
    a frame that failed, and `release` on every way out. Subclasses set `bucket` (a Bucket)
    when they connect, `places` when admitted, and extend `release`."""

    closed = False
    refused = 0
    server_errors = 0
    places: list[socketcap.Place] = []
    credential: credentials.Credential | None = None

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        """Channels' consumer loop; whatever ends it gives back what the socket holds. A close
        runs `disconnect` first, but daphne sends no `websocket.disconnect` to a consumer that
        raised: without this its cap place, hub membership and presence stayed for the life
        of the process."""
        try:
            await super().__call__(scope, receive, send)
        finally:
            self.closed = True
            await self.release()

    async def disconnect(self, code: int) -> None:
        self.closed = True
        await self.release()

    async def release(self) -> None:
        """Give back the cap places. Idempotent: runs at disconnect and when the loop ends."""
        places, self.places = self.places, []
        await socketcap.give_back(places)

    async def send_frame(self, frame: dict[str, Any]) -> None:
        if not self.closed:
            await self.send(text_data=frames.dumps(frame))

    async def _close(self, code: int) -> None:
        if not self.closed:
            self.closed = True
            await self.close(code=code)

    async def refused_for_rate(self) -> bool:
        """Whether the token bucket refuses the frame just received. The first refusal and
        every twentieth say so in an `error` frame; FLOOD_CLOSE of them close the socket."""
        if self.bucket.take():
            return False
        self.refused += 1
        if self.refused >= FLOOD_CLOSE:
            await self._close(protocol.CLOSE_FLOOD)
        elif self.refused == 1 or self.refused % 20 == 0:
            await self.send_frame({"type": "error", "code": "rate/limited",
                                   "message": f"Slow down: at most {RATE:g} frames a second. "
                                   "Frames beyond that are dropped."})
        return True

    async def handle_safely(self, kind: str, fields: dict[str, Any], handle: Any) -> None:
        """Run one frame's handler, `handle()`. A revoked credential closes the socket (4403);
        anything unexpected (a bug, the database failing) answers `server/error` and the socket
        stays: the traceback is logged for the socket's first such failure only, so one client
        cannot flood the log."""
        try:
            await handle()
        except CredentialRevoked:
            await self.end_revoked()
        except Exception:  # noqa: BLE001 — this frame fails, not the socket
            self.server_errors += 1
            if self.server_errors == 1:
                logger.exception("%s frame failed on %s", kind, self.scope.get("path"))
            await self.send_frame(protocol.server_error_frame(kind, fields.get("cid")))

    async def end_revoked(self) -> None:
        await self.send_frame({"type": "error", "code": "auth/revoked",
                               "message": "What signed this socket in was revoked (a logout, "
                               "a revoked token, a new password): reconnect, signing in "
                               "again if need be."})
        await self._close(protocol.CLOSE_AUTH_FAILED)

    async def on_credentials_news(self, text: str) -> None:
        """A revocation pushed to the user's group (credentials.tell_sockets): close if it is
        this socket's credential, recheck on a password change. Off the hub's path."""
        if self.credential is None or self.closed:
            return
        if text.startswith(credentials.REVOKED_PREFIX):
            if json.loads(text).get("credential") == self.credential.digest:
                await self.end_revoked()
            return
        try:
            valid = await database_sync_to_async(credentials.still_valid)(self.credential)
        except Exception:  # noqa: BLE001 — the next acting frame checks again
            logger.warning("credential recheck failed", exc_info=True)
            return
        if not valid:
            await self.end_revoked()
