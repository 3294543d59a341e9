"""The names of bot accounts (issue #25): `bot:<level>:<seat>`, a name no person can register
(sign-up allows no ':'). A leaf module, so the services that list players and seats can say
which seat a bot holds without importing the bots' service module (bots.py imports them)."""

from __future__ import annotations

from typing import Any

PREFIX = "bot:"


def bot_username(level: int, seat: str) -> str:
    return f"{PREFIX}{level}:{seat}"


def is_bot_name(username: str) -> bool:
    """Whether a username is a bot account's (the one test of it, by name or by user)."""
    return username.startswith(PREFIX)


def bot_level(user: Any) -> int | None:
    """The level of a bot account, None for a person (or no one)."""
    name = user.get_username() if user is not None else ""
    if not is_bot_name(name):
        return None
    try:
        return int(name.split(":")[1])
    except (IndexError, ValueError):
        return None
