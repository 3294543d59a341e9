"""The one switch for the performance shortcuts: `SALIENT_FASTPATH` (settings; on unless the
environment says 0).

Each shortcut does what a library's usual path does, only cheaper, and some lean on private
parts of daphne, twisted, autobahn or Channels. Each asks `enabled()` before taking its way,
so `grep -rn "fastpath.enabled" boardgame` lists them all, and `SALIENT_FASTPATH=0` turns them
all off at once: the usual ASGI paths and the ORM, for whoever upgrades one of those libraries
and wants to compare (CI runs the live tests both ways). docs/architecture.md, "Performance
shortcuts", gives each one's measured gain, what it depends on and when it can go.
"""

from __future__ import annotations

from django.conf import settings


def enabled() -> bool:
    """Whether the performance shortcuts are on (read per call: tests override the setting)."""
    return bool(settings.SALIENT_FASTPATH)
