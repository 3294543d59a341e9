"""Two performance shortcuts in the websocket stack under daphne (both off with
SALIENT_FASTPATH=0: `boardgame.fastpath`; docs/architecture.md, "Performance shortcuts",
has their measured gains and what they depend on).

autobahn formats the arguments of a debug log line on every frame it sends
(`sendData` calls `hltype`/`hlval`, which colour text through click), whether or not debug
logging is on: one formatted-and-dropped log line per socket per frame. When autobahn's
logger would drop debug lines anyway, its protocol module gets plain helpers instead
(`install`); with debug logging on, nothing changes.

The fan-out frames each audience's text once and writes it straight to each socket
(`text_frame`, `direct_writer`; the comment above them says why and how order is kept).
"""

from __future__ import annotations

import functools
import logging
import struct
from typing import Any, Callable


def _plain(value: Any, *_args: Any, **_kwargs: Any) -> Any:
    return value


def install() -> bool:
    """Swap the helpers unless autobahn debug logging is on. Returns whether it did."""
    if logging.getLogger("autobahn").isEnabledFor(logging.DEBUG):
        return False
    try:
        from autobahn.websocket import protocol
    except ImportError:  # pragma: no cover — daphne always brings autobahn
        return False
    protocol.hltype = _plain
    protocol.hlval = _plain
    return True


# --- the fan-out's write path ---------------------------------------------------------------
#
# A hub frame goes out to every socket of its audience: the same text, 100 times for 100
# spectators. Through the ASGI send each copy is encoded and framed again by autobahn, and each
# socket registers a writer with the reactor, waits a loop turn, writes and unregisters (two
# epoll_ctl calls and a callback per frame per socket). Server frames are unmasked, so the
# bytes on the wire are identical for every socket of an audience: `text_frame` builds them
# once, and `direct_writer` hands them to the kernel at once when nothing is queued before them
# on that socket — otherwise through twisted's buffer, so order is kept.

_last_frame: tuple[str, bytes] | None = None


def text_frame(text: str) -> bytes:
    """The RFC 6455 frame of a server text message (FIN, opcode 1, unmasked). The last one is
    kept by identity: a fan-out passes the same str object to every socket."""
    global _last_frame
    last = _last_frame
    if last is not None and last[0] is text:
        return last[1]
    payload = text.encode("utf-8")
    size = len(payload)
    if size < 126:
        head = bytes((0x81, size))
    elif size < 1 << 16:
        head = struct.pack("!BBH", 0x81, 126, size)
    else:
        head = struct.pack("!BBQ", 0x81, 127, size)
    frame = head + payload
    _last_frame = (text, frame)
    return frame


# What `direct_writer` reads of twisted's TCP transport (twisted.internet.abstract).
_TWISTED_TRANSPORT_STATE = ("connected", "disconnecting", "_writeDisconnected", "dataBuffer",
                            "offset", "_tempDataLen", "writeSomeData", "write")


def direct_writer(send: Any) -> Callable[[str], None] | None:
    """A function that writes a text message on the socket behind `send` (the ASGI send that
    daphne gave a websocket consumer), or None when `send` is not daphne's over plain TCP (a
    test communicator, TLS, another server): the caller then uses the ASGI send."""
    try:
        from daphne.server import Server
        from twisted.internet.tcp import Server as TCPServer
    except ImportError:  # pragma: no cover — daphne always brings twisted
        return None
    if not (isinstance(send, functools.partial) and len(send.args) == 1 and not send.keywords
            and getattr(send.func, "__func__", None) is Server.handle_reply):
        return None
    protocol = send.args[0]
    transport = getattr(protocol, "transport", None)
    if type(transport) is not TCPServer or not hasattr(protocol, "STATE_OPEN") \
            or not all(hasattr(transport, name) for name in _TWISTED_TRANSPORT_STATE):
        return None  # another twisted than the one this was written against: the usual path
    open_state = protocol.STATE_OPEN

    def write(text: str) -> None:
        # As daphne and autobahn do: nothing is sent on a socket that is not open.
        if protocol.state != open_state or not transport.connected \
                or transport.disconnecting or transport._writeDisconnected:
            return
        frame = text_frame(text)
        if transport._tempDataLen or len(transport.dataBuffer) != transport.offset:
            transport.write(frame)  # bytes are queued before it: keep the order
            return
        sent = transport.writeSomeData(frame)
        if isinstance(sent, Exception):
            transport.write(frame)  # twisted finds the lost connection on its next write
        elif sent < len(frame):
            transport.write(frame[sent:])
    return write
