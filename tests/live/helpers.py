"""Builders for the live tests: players, started toy games, a scripted player, leak checks."""

from __future__ import annotations

import asyncio
import datetime as dt
import json
from types import SimpleNamespace
from typing import Any

import pytest

from engine import rulesets
from engine.kernel import decisions, expand_options

PASSWORD = "correct-horse-battery-staple"


def on_daphne(test: Any) -> Any:
    """Marks a test that runs real daphne processes: PostgreSQL (the test database, which they
    share) and Redis. For modules that also hold tests runnable on the embedded default."""
    for mark in (pytest.mark.postgres, pytest.mark.redis,
                 pytest.mark.django_db(transaction=True)):
        test = mark(test)
    return test


def make_user(name: str) -> Any:
    from django.contrib.auth import get_user_model
    from rest_framework.authtoken.models import Token
    user = get_user_model().objects.create_user(name, f"{name}@example.org", PASSWORD)
    Token.objects.create(user=user)
    return user


def token_of(user: Any) -> str:
    from rest_framework.authtoken.models import Token
    return Token.objects.get_or_create(user=user)[0].key


def start_game(host: Any, seating: dict[str, Any], *, scenario: str = "duel",
               **table: Any) -> Any:
    """A started toy game: `seating` maps seat → user (host need not play)."""
    from boardgame.lobby import services as lobby
    from boardgame.play.models import Game
    fields = dict(title="Live test", ruleset="toy_skirmish", scenario=scenario)
    fields.update(table)
    created = lobby.do_create_table(host, **fields)
    for seat, user in seating.items():
        lobby.do_claim_seat(user, created.pk, seat)
    for user in {u.pk: u for u in seating.values()}.values():
        lobby.do_set_ready(user, created.pk, True)
    lobby.do_start_table(host, created.pk)
    return Game.objects.get(table_id=created.pk)


def next_moves(state: dict[str, Any]) -> list[tuple[str, str, Any]]:
    """A legal (seat, decision, action) for every open decision (a scripted player)."""
    ruleset = rulesets.get("toy_skirmish")
    out = []
    for decision in decisions(ruleset, state):
        seat = decision.seats[0]
        if decision.options is not None:
            options = list(decision.options)
            action = options[-1] if decision.kind == "bid" else options[0]
        else:
            action = expand_options(ruleset, state, seat, decision.id, None)[0]["action"]
        out.append((seat, decision.id, action))
    return out


def secrets_of(state: dict[str, Any]) -> dict[str, list[Any]]:
    """Each seat's hidden hand (the secret values a stranger must never see)."""
    return {seat: list(s["hand"]) for seat, s in state["secret"].items()}


def frame_leaks(frame: Any, seat: str) -> list[str]:
    """Field paths of `frame` that expose `seat`'s hidden view to someone else: anything under
    a `hands/<seat>` key (in a view or a patch value), a `hand_now` event of that seat, or a
    sealed answer of that seat (a dict naming the seat beside an `action`) outside the public
    `answers_revealed` event."""
    found: list[str] = []

    def walk(value: Any, path: str) -> None:
        if f"/hands/{seat}" in path + "/":
            found.append(path)
            return
        if isinstance(value, dict):
            if value.get("kind") == "answers_revealed":
                return
            if value.get("kind") == "hand_now" and value.get("audience") == f"seat:{seat}":
                found.append(path)
            if value.get("seat") == seat and "action" in value:
                found.append(path)
            data = value.get("data")
            if value.get("kind") == "answer_sealed" and isinstance(data, dict) \
                    and data.get("seat") == seat and "decision" in data:
                found.append(path)
            for key, item in value.items():
                walk(item, f"{path}/{key}")
        elif isinstance(value, list):
            for index, item in enumerate(value):
                walk(item, f"{path}/{index}")

    walk(frame, "")
    if isinstance(frame, dict):
        for op in frame.get("ops", []):
            walk(op.get("value"), op["path"])
    return found


def roundtrip(frame: Any) -> Any:
    return json.loads(json.dumps(frame))


async def db(fn: Any, *args: Any, **kwargs: Any) -> Any:
    """Run the ORM call `fn(*args, **kwargs)` in a thread from an async test, closing its
    connection."""
    from django.db import connections

    def run() -> Any:
        try:
            return fn(*args, **kwargs)
        finally:
            connections.close_all()
    return await asyncio.to_thread(run)


def at(ms: int) -> dt.datetime:
    """The UTC datetime of an epoch time in milliseconds (the deadline clocks' unit)."""
    return dt.datetime.fromtimestamp(ms / 1000, tz=dt.timezone.utc)


class ControlledClock:
    """The server's clock, moved by the test: `django.utils.timezone.now()` (actions, notices,
    deliveries, vacation days) and the deadline clocks' `time.time()` (boardgame/play/clocks)
    both read `now`, so a move made "on day 9" sets its deadlines from day 9 and the sweeper
    sees them pass only when the test moves the clock past them. Real time still runs for
    everything else (rate-limit windows, task leases, socket timeouts)."""

    def __init__(self, monkeypatch: Any, start: dt.datetime) -> None:
        from django.utils import timezone

        from boardgame.play import clocks
        self.now = start
        monkeypatch.setattr(timezone, "now", lambda: self.now)
        monkeypatch.setattr(clocks, "time", SimpleNamespace(time=lambda: self.now.timestamp()))

    def advance(self, **delta: float) -> dt.datetime:
        self.now += dt.timedelta(**delta)
        return self.now

    @property
    def ms(self) -> int:
        return int(self.now.timestamp() * 1000)
