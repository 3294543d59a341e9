"""The switch for the performance shortcuts: `SALIENT_FASTPATH` (settings; on unless the
environment says 0) turns them all off at once; `SALIENT_FASTPATH_OFF` (a comma list of the
names below) turns single ones off, to measure each one's gain or to route around the one an
upgraded library broke.

Each shortcut does what a library's usual path does, only cheaper, and some lean on private
parts of daphne, twisted, autobahn or Channels. Each asks `enabled(<its name>)` before taking
its way, so `grep -rn "fastpath.enabled" boardgame` lists them all. docs/architecture.md,
"Performance shortcuts", gives each one's measured gain, what it depends on and when it can go.
"""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

# name → where it lives and what it replaces (one line each; the docs have the rest).
SHORTCUTS: dict[str, str] = {
    "autobahn_log": "wsfast.install: autobahn's per-frame debug-log formatting, skipped",
    "direct_write": "wsfast.direct_writer: one frame per audience, written straight to the socket",
    "session_send": "consumers._text_sender: hub frames skip Channels' session-saving send wrapper",
    "dispatch": "GameConsumer.dispatch: no aclose_old_connections() thread hop per frame",
    "seat_sql": "fastsql.lock_game_for_seat: lock the game and check the seat in one statement",
    "write_sql": "fastsql.append_and_update: records and game fields in one statement",
    "token_sql": "credentials._token_sql: the token check as one hand-written statement",
}


def parse_off(text: str) -> frozenset[str]:
    """`SALIENT_FASTPATH_OFF`'s names; an unknown one is a start-up error, not a silent no-op."""
    names = frozenset(part.strip() for part in text.split(",") if part.strip())
    unknown = sorted(names - SHORTCUTS.keys())
    if unknown:
        raise ImproperlyConfigured(
            f"SALIENT_FASTPATH_OFF names unknown shortcuts {unknown}; "
            f"the shortcuts are {sorted(SHORTCUTS)}.")
    return names


def enabled(name: str) -> bool:
    """Whether the shortcut `name` is on (read per call: tests override the settings)."""
    if name not in SHORTCUTS:  # a typo at a call site must not silently take the usual path
        raise KeyError(f"no performance shortcut named {name!r}")
    return bool(settings.SALIENT_FASTPATH) and name not in getattr(
        settings, "SALIENT_FASTPATH_OFF", frozenset())
