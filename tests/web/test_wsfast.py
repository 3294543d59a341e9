"""boardgame/wsfast.py: autobahn's per-frame debug formatting is skipped only when autobahn
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
