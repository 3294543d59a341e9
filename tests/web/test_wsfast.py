"""Fast paths of the websocket fan-out: autobahn's per-frame debug formatting is skipped only when autobahn
debug logging is off."""

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


async def test_hub_frames_go_to_the_send_the_session_middleware_wraps():
    from channels.sessions import InstanceSessionWrapper

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
