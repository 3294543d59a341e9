"""A scripted websocket client of `salient-live/1` for the tests: it keeps the view it was sent
up to date by applying patches (as the browser does) and records every frame it receives."""

from __future__ import annotations

import asyncio
import itertools
import json
from typing import Any

from websockets.asyncio.client import connect

from engine.kernel.diff import apply_patch

_cids = itertools.count(1)


async def expect_frame(inbox: asyncio.Queue, types: tuple[str, ...], timeout: float,
                       where: Any = None) -> dict[str, Any]:
    """The next frame of one of `types` (and matching `where`) from a client's inbox, skipping
    others; fails if the socket closes first (unless `_closed` is one of the types)."""
    async def wait() -> dict[str, Any]:
        while True:
            frame = await inbox.get()
            if frame["type"] in types and (where is None or where(frame)):
                return frame
            if frame["type"] == "_closed" and "_closed" not in types:
                raise AssertionError(f"closed ({frame['code']}) waiting for {types}")
    return await asyncio.wait_for(wait(), timeout)


class Client:
    def __init__(self, url: str, game_id: int, *, token: str | None = None,
                 origin: str | None = "http://127.0.0.1",
                 headers: dict[str, str] | None = None) -> None:
        self.url = f"{url}/ws/games/{game_id}/"
        self.token = token
        self.origin = origin
        self.headers = headers or {}
        self.ws: Any = None
        self.view: dict[str, Any] | None = None
        self.v = -1
        self.frames: list[dict[str, Any]] = []
        self.texts: list[str] = []          # as received, before parsing
        self.inbox: asyncio.Queue = asyncio.Queue()
        self.reader: asyncio.Task | None = None
        self.welcome: dict[str, Any] | None = None
        self.closed_code: int | None = None

    async def open(self) -> "Client":
        self.ws = await connect(self.url, origin=self.origin, max_size=2 ** 22,
                                open_timeout=10, additional_headers=self.headers)
        self.reader = asyncio.get_running_loop().create_task(self._read())
        return self

    async def _read(self) -> None:
        try:
            async for text in self.ws:
                self.texts.append(text)
                frame = json.loads(text)
                self.frames.append(frame)
                self._apply(frame)
                await self.inbox.put(frame)
        except Exception:  # noqa: BLE001
            pass
        self.closed_code = self.ws.close_code
        await self.inbox.put({"type": "_closed", "code": self.ws.close_code})

    def _apply(self, frame: dict[str, Any]) -> None:
        kind = frame.get("type")
        if kind == "welcome":
            self.welcome = frame
            if "view" in frame:
                self.view = frame["view"]
            self.v = frame["v"]
        elif kind == "snapshot":
            self.view, self.v = frame["view"], frame["v"]
        elif kind == "patch":
            assert frame["v"] == self.v + 1, f"gap: at {self.v}, got {frame['v']}"
            self.view = apply_patch(self.view, frame["ops"])
            self.v = frame["v"]

    async def hello(self, **fields: Any) -> dict[str, Any]:
        if self.token is not None:
            fields.setdefault("token", self.token)
        await self.send({"type": "hello", **fields})
        return await self.expect("welcome")

    async def send(self, frame: Any) -> None:
        await self.ws.send(frame if isinstance(frame, (str, bytes)) else json.dumps(frame))

    async def expect(self, *types: str, timeout: float = 10.0,
                     where: Any = None) -> dict[str, Any]:
        return await expect_frame(self.inbox, types, timeout, where)

    async def act(self, seat: str, decision: str, action: Any,
                  cid: str | None = None) -> dict[str, Any]:
        cid = cid or f"c{next(_cids)}"
        await self.send({"type": "act", "cid": cid, "seat": seat, "decision": decision,
                         "action": action})
        return await self.expect("ack", "reject", where=lambda f: f.get("cid") == cid)

    async def until_version(self, v: int, timeout: float = 10.0) -> None:
        async def wait() -> None:
            while self.v < v:
                await asyncio.sleep(0.01)
        await asyncio.wait_for(wait(), timeout)

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
        if self.reader is not None:
            try:
                await asyncio.wait_for(self.reader, 5)
            except Exception:  # noqa: BLE001
                pass
