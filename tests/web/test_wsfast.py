"""Fast paths of the websocket fan-out (performance shortcuts, `boardgame.fastpath`): autobahn's
per-frame debug formatting is skipped only when autobahn debug logging is off; hub frames skip
the session wrapper and are written straight to daphne's socket."""

import logging

from autobahn.websocket import protocol

from boardgame import wsfast


def _autobahn_level(level):
    logger = logging.getLogger("autobahn")
    previous = logger.level
    logger.setLevel(level)  # setLevel, not .level: it clears isEnabledFor's cache
    return previous


def test_helpers_are_plain_when_debug_is_off(monkeypatch):
    monkeypatch.setattr(protocol, "hltype", protocol.hltype)
    monkeypatch.setattr(protocol, "hlval", protocol.hlval)
    previous = _autobahn_level(logging.INFO)
    try:
        assert wsfast.install()
    finally:
        logging.getLogger("autobahn").setLevel(previous)
    assert protocol.hlval(41) == 41 and protocol.hltype(print) is print


def test_debug_logging_keeps_autobahns_helpers(monkeypatch):
    original = protocol.hlval
    monkeypatch.setattr(protocol, "hlval", original)
    previous = _autobahn_level(logging.DEBUG)
    try:
        assert not wsfast.install()
    finally:
        logging.getLogger("autobahn").setLevel(previous)
    assert protocol.hlval is original


async def test_hub_frames_go_to_the_send_the_session_middleware_wraps(settings):
    """A shortcut (tests/live/test_fastpath.py checks it off as well): on here, whatever the
    environment's SALIENT_FASTPATH."""
    from channels.sessions import InstanceSessionWrapper
    settings.SALIENT_FASTPATH = True

    from boardgame.play.consumers import GameConsumer
    sent = []

    async def daphne_send(message):
        sent.append(message)
    # A wrapper with no scope: if its own send ran, reading the session would fail.
    wrapper = InstanceSessionWrapper.__new__(InstanceSessionWrapper)
    wrapper.real_send = daphne_send
    consumer = GameConsumer()
    consumer.base_send = wrapper.send
    await consumer._text_sender()('{"type":"patch","v":3}')
    assert sent == [{"type": "websocket.send", "text": '{"type":"patch","v":3}'}]


async def test_other_send_paths_keep_the_usual_send():
    from boardgame.play.consumers import GameConsumer
    sent = []

    async def plain_send(message):
        sent.append(message)
    consumer = GameConsumer()
    consumer.base_send = plain_send
    await consumer._text_sender()("hello")
    assert sent == [{"type": "websocket.send", "text": "hello"}]


# --- frames built once and written straight to the socket -----------------------------------

def _parse_server_frame(data: bytes) -> tuple[int, bytes, bytes]:
    """(first byte, payload, rest) of one unmasked frame, read by `websockets`' parser."""
    from websockets.frames import Frame
    from websockets.streams import StreamReader
    reader = StreamReader()
    reader.feed_data(data)
    reader.feed_eof()
    parser = Frame.parse(reader.read_exact, mask=False)
    try:
        next(parser)
    except StopIteration as done:
        frame = done.value
    rest = data[len(frame.serialize(mask=False)):]
    return (0x80 | frame.opcode.value) if frame.fin else frame.opcode.value, frame.data, rest


def test_text_frame_lengths_at_every_boundary():
    for size in (0, 1, 125, 126, 127, 65535, 65536, 70000):
        text = "é" * (size // 2) + "x" * (size % 2)  # two bytes each: utf-8, not len(str)
        first, payload, rest = _parse_server_frame(wsfast.text_frame(text))
        assert (first, payload.decode(), rest) == (0x81, text, b"")


def test_text_frame_is_reused_for_the_same_string_object_only():
    text = "".join(["{", '"v":1}'])
    assert wsfast.text_frame(text) is wsfast.text_frame(text)
    other = "".join(["{", '"v":2}'])
    assert _parse_server_frame(wsfast.text_frame(other))[1] == b'{"v":2}'


class _Protocol:
    """What `direct_writer` reads of daphne's autobahn protocol."""
    STATE_OPEN = 3

    def __init__(self, transport):
        self.transport = transport
        self.state = self.STATE_OPEN


def _daphne_send_over_socketpair():
    """A daphne-shaped ASGI send (`partial(Server.handle_reply, protocol)`) over a real
    twisted TCP transport on one end of a socket pair; twisted's own buffer is recorded."""
    import functools
    import socket

    from daphne.server import Server
    from twisted.internet.tcp import Server as TCPServer
    ours, theirs = socket.socketpair()
    ours.setblocking(False)
    transport = TCPServer.__new__(TCPServer)
    transport.socket = ours
    transport.connected, transport.disconnecting, transport._writeDisconnected = 1, 0, False
    transport.dataBuffer, transport.offset = b"", 0
    transport._tempDataBuffer, transport._tempDataLen = [], 0
    buffered = []
    transport.write = buffered.append
    protocol = _Protocol(transport)
    send = functools.partial(Server.__new__(Server).handle_reply, protocol)
    return send, protocol, transport, theirs, buffered


def test_direct_writer_puts_the_frame_on_the_socket_when_nothing_is_queued():
    send, _, _, theirs, buffered = _daphne_send_over_socketpair()
    write = wsfast.direct_writer(send)
    write('{"type":"patch","v":7}')
    write('{"type":"patch","v":8}')
    data = theirs.recv(1000)
    first, payload, rest = _parse_server_frame(data)
    assert (first, payload, buffered) == (0x81, b'{"type":"patch","v":7}', [])
    assert _parse_server_frame(rest)[1] == b'{"type":"patch","v":8}'


def test_direct_writer_queues_behind_bytes_twisted_still_holds():
    """An ack written through autobahn a moment ago sits in twisted's buffer: the patch must
    follow it there, not overtake it on the socket."""
    send, _, transport, theirs, buffered = _daphne_send_over_socketpair()
    transport._tempDataBuffer, transport._tempDataLen = [b"ack"], 3
    wsfast.direct_writer(send)('{"type":"patch","v":9}')
    theirs.setblocking(False)
    try:
        on_wire = theirs.recv(1000)
    except BlockingIOError:
        on_wire = b""
    assert on_wire == b"" and buffered == [wsfast.text_frame('{"type":"patch","v":9}')]


def test_direct_writer_hands_twisted_what_the_kernel_did_not_take():
    send, _, transport, _, buffered = _daphne_send_over_socketpair()
    transport.writeSomeData = lambda data: 3
    wsfast.direct_writer(send)('{"type":"patch","v":10}')
    assert buffered == [wsfast.text_frame('{"type":"patch","v":10}')[3:]]


def test_direct_writer_sends_nothing_on_a_socket_that_is_not_open():
    send, protocol, transport, theirs, buffered = _daphne_send_over_socketpair()
    protocol.state = protocol.STATE_OPEN + 1  # closing
    wsfast.direct_writer(send)("late")
    transport.disconnecting = 1
    protocol.state = protocol.STATE_OPEN
    wsfast.direct_writer(send)("later")
    theirs.setblocking(False)
    try:
        on_wire = theirs.recv(1000)
    except BlockingIOError:
        on_wire = b""
    assert on_wire == b"" and buffered == []


def test_direct_writer_declines_sends_that_are_not_daphnes():
    import functools

    async def plain_send(message):
        pass
    assert wsfast.direct_writer(plain_send) is None
    assert wsfast.direct_writer(functools.partial(plain_send)) is None


def test_direct_writer_declines_a_twisted_whose_transport_it_does_not_know():
    send, _, transport, _, _ = _daphne_send_over_socketpair()
    del transport._tempDataLen  # as if a twisted release renamed its buffer bookkeeping
    assert wsfast.direct_writer(send) is None
