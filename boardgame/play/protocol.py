"""The websocket protocol `salient-live/1`: client frames parsed and checked, server frames
built, and the one mapping from service and engine errors to frames. See docs/protocol.md.

A client frame is a JSON object with a `type`; anything else is refused with an `error` frame
(the connection stays usable). Field types are checked here, before any service is called.
"""

from __future__ import annotations

import json
import math
from typing import Any

from boardgame.api.errors import ServiceError

PROTOCOL = "salient-live/1"
MAX_FRAME_BYTES = 64 * 1024
CHAT_MAX = 500

# Close codes (documented in docs/protocol.md).
CLOSE_NORMAL = 1000
CLOSE_GOING_AWAY = 1001
CLOSE_HELLO_TIMEOUT = 4401   # no `hello` within 5 s of connecting
CLOSE_AUTH_FAILED = 4403     # bad token, or the user may not see this game, or the token /
                             # session that authenticated the socket was revoked
CLOSE_NOT_FOUND = 4404       # no such game (private games are not acknowledged)
CLOSE_PROTOCOL = 4406        # `hello` asked for a protocol version we do not speak
CLOSE_TOO_MANY_SOCKETS = 4409  # per user; and anonymous sockets per address / per game
CLOSE_SEATS_CHANGED = 4410     # the host handed a seat to someone else: reconnect for the new view
CLOSE_FLOOD = 4429           # kept flooding after `rate/limited` errors


class ProtocolError(Exception):
    def __init__(self, code: str, message: str, **data: Any) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.data = data

    def frame(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "error", "code": self.code, "message": self.message}
        if self.data:
            out["data"] = self.data
        return out


_ANY = object()
_OPTIONAL = "optional"

# type → {field: (python types, required)}
# Frames that ask for a step of the game: answered by `ack` or `reject` with their cid.
STEP_FRAMES = ("act", "undo", "resign", "ready")

SCHEMAS: dict[str, dict[str, tuple[Any, bool]]] = {
    "hello": {"since": ((int, type(None)), False), "token": ((str,), False),
              "invite": ((str,), False), "protocol": ((str,), False)},
    "act": {"cid": ((str,), True), "seat": ((str,), True), "decision": ((str,), True),
            "action": (_ANY, True)},
    "options": {"decision": ((str,), True), "seat": ((str,), False),
                "query": ((dict, type(None)), False), "ref": ((str, int), False)},
    "undo": {"cid": ((str,), True), "seat": ((str,), True)},
    "order": {"seat": ((str,), True), "decision": ((str,), True), "action": (_ANY, False),
              "withdraw": ((bool,), False), "ref": ((str, int), False)},
    "ready": {"cid": ((str,), True), "seat": ((str,), True), "group": ((str,), True),
              "ready": ((bool,), True)},
    "sync": {"since": ((int,), True)},
    "chat": {"channel": ((str,), True), "text": ((str,), True)},
    "resign": {"seat": ((str,), False), "cid": ((str,), False)},
    "draw": {"agree": ((bool,), True)},
    "pause": {"pause": ((bool,), True)},
    "extend": {"hours": ((int, type(None)), True)},
    "ping": {"t": ((int, float, str), False)},
}


def parse(text: str | None, data: bytes | None = None, *,
          schemas: dict[str, dict[str, tuple[Any, bool]]] = SCHEMAS
          ) -> tuple[str, dict[str, Any]]:
    """One client frame → (type, fields), checked against `schemas` (the game socket's, or
    another socket's that shares its error codes, like the lobby's). Raises ProtocolError."""
    if text is None:
        if data is not None and len(data) > MAX_FRAME_BYTES:
            raise ProtocolError("frame/too_large", f"Frames are limited to {MAX_FRAME_BYTES} "
                                "bytes.", limit=MAX_FRAME_BYTES)
        raise ProtocolError("frame/binary", "Binary frames are not part of the protocol; "
                            "send JSON text.")
    if len(text) > MAX_FRAME_BYTES or len(text.encode("utf-8")) > MAX_FRAME_BYTES:
        raise ProtocolError("frame/too_large", f"Frames are limited to {MAX_FRAME_BYTES} bytes.",
                            limit=MAX_FRAME_BYTES)
    try:
        frame = json.loads(text)
    except (ValueError, RecursionError):
        raise ProtocolError("frame/not_json", "That frame is not JSON.") from None
    if not isinstance(frame, dict):
        raise ProtocolError("frame/not_object", "A frame is a JSON object with a type.")
    _refuse_unstorable(frame)
    kind = frame.get("type")
    if not isinstance(kind, str) or kind not in schemas:
        raise ProtocolError("frame/unknown_type",
                            f"Unknown frame type {str(kind)[:40]!r}; expected one of "
                            f"{', '.join(sorted(schemas))}.", type=str(kind)[:40])
    schema = schemas[kind]
    fields: dict[str, Any] = {}
    for name, (types, required) in schema.items():
        if name not in frame:
            if required:
                raise ProtocolError("frame/invalid", f"{kind} needs {name!r}.", field=name)
            continue
        value = frame[name]
        if types is not _ANY and (not isinstance(value, types) or (
                isinstance(value, bool) and bool not in types)):
            raise ProtocolError("frame/invalid", f"{kind}.{name} has the wrong type.",
                                field=name)
        fields[name] = value
    if kind == "chat" and not 1 <= len(fields["text"].strip()) <= CHAT_MAX:
        raise ProtocolError("frame/invalid", f"Chat messages are 1 to {CHAT_MAX} characters.",
                            field="text")
    return kind, fields


def _refuse_unstorable(frame: dict[str, Any]) -> None:
    """Refuse values that JSON allows but nothing downstream can hold: NUL (PostgreSQL text
    refuses it), lone surrogates (`"\\ud800"`: no UTF-8 encoding, so neither PostgreSQL nor
    the socket can carry them) and non-finite numbers (`1e400`, `NaN`: not JSON once echoed).
    Every string and number of the frame, keys included, however deep — iteratively: the
    parser bounded the depth, this walk must not recurse on it. The error names the top-level
    field, never the offending text (it could not be sent back either)."""
    for top, value in frame.items():
        field = top if _storable(top) else "?"
        pending: list[Any] = [top, value]
        while pending:
            item = pending.pop()
            if isinstance(item, dict):
                pending.extend(item.keys())
                pending.extend(item.values())
            elif isinstance(item, list):
                pending.extend(item)
            elif isinstance(item, str) and not _storable(item):
                raise ProtocolError("frame/invalid", f"{field[:40]} contains a NUL character "
                                    "or a lone surrogate.", field=field[:40])
            elif isinstance(item, float) and not math.isfinite(item):
                raise ProtocolError("frame/invalid", f"{field[:40]} holds a number that is "
                                    "not finite.", field=field[:40])


def _storable(text: str) -> bool:
    if "\x00" in text:
        return False
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def server_error_frame(kind: str, cid: Any = None) -> dict[str, Any]:
    """The answer to a frame whose handler failed unexpectedly (logged on the server). An
    action's answer is a `reject` with its cid, so a client waiting for it hears; whether it
    took effect is unknown, and sending it again with the same cid tells (idempotent)."""
    if kind in STEP_FRAMES:
        return {"type": "reject", "cid": cid, "code": "server/error", "rule": None,
                "reason": None, "v": None,
                "message": "The server failed on this action; it may or may not have been "
                "recorded. Send it again with the same cid to learn which."}
    return {"type": "error", "code": "server/error", "ref": kind,
            "message": "The server failed on this frame; the socket is still usable."}


def reject_frame(exc: ServiceError, cid: Any = None) -> dict[str, Any]:
    """The one mapping from a refused submission to its frame."""
    out: dict[str, Any] = {"type": "reject", "cid": cid, "code": exc.code,
                           "message": exc.message, "rule": getattr(exc, "rule", None),
                           "reason": getattr(exc, "reason", None), "v": getattr(exc, "v", None)}
    if exc.data:
        out["data"] = _plain(exc.data)
    return out


def error_frame(exc: ServiceError, ref: str | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "error", "code": exc.code, "message": exc.message}
    if ref is not None:
        out["ref"] = ref
    # An engine refusal (an `options` query the rules refuse) names its rule and reason, as a
    # `reject` does: the page links the rule to the reference.
    for field in ("rule", "reason"):
        value = getattr(exc, field, None)
        if value is not None:
            out[field] = value
    if exc.data:
        out["data"] = _plain(exc.data)
    return out


def _plain(data: dict[str, Any]) -> dict[str, Any]:
    try:
        json.dumps(data, allow_nan=False)
        return data
    except (TypeError, ValueError):
        return {k: str(v) for k, v in data.items()}
