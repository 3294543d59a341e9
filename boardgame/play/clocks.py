"""Clocks (live pace) and deadlines (async pace) of a game, kept in `Game.live`.

Pure bookkeeping on the game row; the caller (boardgame.play.actions, deadlines) holds its lock.

    live = {"mode": "clock" | "deadline" | None, "pace": the table's ("live" | "async"),
            "bank": {seat: ms}, "inc": ms, "since": epoch ms,      # clock mode
            "period": ms, "deadlines": {seat: epoch ms},           # deadline mode
            "remind": {seat: epoch ms},                            # each seat's next reminder
            "running": [seats with an open decision],
            "missed": {seat: n}, "limit": K, "disorder": [seats],  # civil disorder after K misses
                                                                   # (K: the table's disorder_after)
            "paused": bool, "pause": [seats voting], "draw": [seats agreeing],
            "gm": user id of a named game master, "gm_until": epoch ms a GM's pause ends,
            "pool": [user names volunteering to replace an absent nation]}  # boardgame/play/gm.py

Clock mode: every seat holding an open decision runs (simultaneous orders run together); an
answer adds the increment. A clock that reaches zero is a missed deadline: the seat's open
decisions get the ruleset's timeout default and the bank is refilled with a grace period
(max(increment, 30 s)) — a wargame does not end on a flag. Deadline mode: each seat that gets a
decision has `period` to answer it; reminders go out at the times its player chose
(boardgame/notifications/reminders.py: one armed at a time, armed afresh when the deadline
moves).
`Game.due` is the earliest instant the sweeper must look at the game (expiry or reminder).
"""

from __future__ import annotations

import datetime as dt
import time
from typing import Any

from django.conf import settings

from boardgame.lobby.models import Table
from boardgame.notifications import reminders
from engine.kernel.game import KERNEL
from engine.kernel.simultaneous import waiting_for

GRACE_MS = 30_000


def now_ms(now: dt.datetime | None = None) -> int:
    return int((now.timestamp() if now is not None else time.time()) * 1000)


def disorder_limit() -> int:
    return int(getattr(settings, "SALIENT_CIVIL_DISORDER_AFTER", 3))


def table_limit(table: Any) -> int:
    """K of a table: its own `disorder_after` (chosen in the lobby), else the setting."""
    return int(getattr(table, "disorder_after", None) or disorder_limit())


def initial(table: Any, seats: list[str]) -> dict[str, Any]:
    live: dict[str, Any] = {"mode": None, "pace": table.pace, "running": [],
                            "missed": {s: 0 for s in seats},
                            "limit": table_limit(table), "disorder": [], "paused": False,
                            "pause": [], "draw": []}
    if table.pace == "live" and table.clock_minutes:
        live.update(mode="clock", bank={s: table.clock_minutes * 60_000 for s in seats},
                    inc=(table.clock_increment_seconds or 0) * 1000, since=None)
    elif table.pace == "async" and table.deadline_hours:
        live.update(mode="deadline", period=table.deadline_hours * 3_600_000, deadlines={},
                    remind={})
    return live


def ensure(game: Any) -> bool:
    """Fill `game.live` on first use (games are started by the lobby). True if it changed."""
    if game.live.get("limit"):
        return False
    table = Table.objects.get(pk=game.table_id)
    game.live = initial(table, sorted(game.state[KERNEL]["sides"]))
    return True


def _running(game: Any, ruleset: Any) -> list[str]:
    if game.finished is not None or game.result is not None:
        return []
    return waiting_for(ruleset, game.state)


def after_steps(game: Any, ruleset: Any, *, acting: str | None, now: dt.datetime) -> None:
    """Charge the running clocks up to `now`, credit `acting`, restart for the new decisions
    and set `game.due`."""
    ensure(game)
    live = dict(game.live)
    t = now_ms(now)
    old_running = set(live.get("running", []))
    running = _running(game, ruleset)
    if live["mode"] == "clock":
        bank = dict(live["bank"])
        if live.get("since") is not None and not live.get("paused"):
            for seat in old_running:
                bank[seat] = max(0, bank[seat] - (t - live["since"]))
        if acting is not None and acting in bank:
            bank[acting] += live["inc"]
        live.update(bank=bank, since=t)
    elif live["mode"] == "deadline":
        deadlines = {s: v for s, v in live["deadlines"].items() if s in running}
        remind = {s: v for s, v in live["remind"].items() if s in running}
        fresh = []
        vacation = {s: n for s, n in live.get("vacation", {}).items()
                    if s in running and s != acting}
        for seat in running:
            if seat not in old_running or seat == acting or seat not in deadlines:
                deadlines[seat] = t + live["period"]
                remind.pop(seat, None)
                fresh.append(seat)
        remind.update(reminders.arm(game, fresh, deadlines, live["period"], t))
        live.update(deadlines=deadlines, remind=remind, vacation=vacation)
    live["running"] = running
    if game.finished is not None:
        live["running"] = []
    game.live = live
    game.due = _due(live)


def restart_deadlines(game: Any, seats: Any) -> None:
    """Forget the deadlines (and reminders) of `seats`, so that `after_steps` gives each of
    them that the game still awaits a fresh period from its `now`: a seat whose passed
    deadline the sweeper has just answered (its next decision is a new one), and the seats a
    game master's roll-back reopens (twteaw ruling 65). No-op outside deadline mode."""
    live = dict(game.live)
    if live.get("mode") != "deadline":
        return
    gone = set(seats)
    live["deadlines"] = {s: v for s, v in live.get("deadlines", {}).items() if s not in gone}
    live["remind"] = {s: v for s, v in live.get("remind", {}).items() if s not in gone}
    game.live = live


def refresh_due(game: Any) -> None:
    """`game.due` again after a change of `game.live` made elsewhere (the vacation bank)."""
    game.due = _due(game.live)


def _due(live: dict[str, Any]) -> dt.datetime | None:
    if live.get("paused") and live.get("gm_until") is not None:
        # A GM's pause ends by itself (its timeout default): the sweeper looks then.
        return dt.datetime.fromtimestamp(live["gm_until"] / 1000, tz=dt.timezone.utc)
    if live.get("paused"):
        return None
    held = [h["at"] for h in live.get("held", [])]
    if held:  # a ready held for the task worker (orders.hold_ready): due at once
        return dt.datetime.fromtimestamp(min(held) / 1000, tz=dt.timezone.utc)
    if not live.get("running"):
        return None
    times: list[int] = []
    if live["mode"] == "clock":
        times = [live["since"] + live["bank"][s] for s in live["running"]]
    elif live["mode"] == "deadline":
        times = [live["deadlines"][s] for s in live["running"] if s in live["deadlines"]]
        times += list(live["remind"].values())
    if not times:
        return None
    return dt.datetime.fromtimestamp(min(times) / 1000, tz=dt.timezone.utc)


def expired(game: Any, now: dt.datetime) -> list[str]:
    """The running seats whose clock or deadline has passed at `now` (lock held)."""
    live = game.live
    if live.get("paused") or not live.get("running"):
        return []
    t = now_ms(now)
    if live["mode"] == "clock" and live.get("since") is not None:
        return [s for s in live["running"] if live["bank"][s] - (t - live["since"]) <= 0]
    if live["mode"] == "deadline":
        return [s for s in live["running"] if live["deadlines"].get(s, t + 1) <= t]
    return []


def reminders_due(game: Any, now: dt.datetime) -> list[str]:
    if game.live.get("mode") != "deadline" or game.live.get("paused"):
        return []
    t = now_ms(now)
    return sorted(s for s, at in game.live.get("remind", {}).items() if at <= t)


def mark_reminded(game: Any, seats: list[str], now: dt.datetime | None = None) -> None:
    """`seats` were reminded: each arms its next reminder time, if it has one left."""
    live = dict(game.live)
    remind = {s: v for s, v in live.get("remind", {}).items() if s not in seats}
    remind.update(reminders.arm(game, seats, live.get("deadlines", {}), live["period"],
                                now_ms(now)))
    live["remind"] = remind
    game.live = live
    game.due = _due(live)


def _rearm(game: Any, live: dict[str, Any], t: int | None = None) -> None:
    """The deadlines moved: every running seat's reminder is armed afresh from now."""
    live["remind"] = reminders.arm(game, list(live.get("running", [])), live["deadlines"],
                                   live["period"], t if t is not None else now_ms())


def note_missed(game: Any, seats: list[str]) -> list[str]:
    """Count a missed deadline for each seat; returns the seats newly in civil disorder."""
    live = dict(game.live)
    missed = dict(live.get("missed", {}))
    disorder = list(live.get("disorder", []))
    fallen = []
    for seat in seats:
        missed[seat] = missed.get(seat, 0) + 1
        if missed[seat] >= live.get("limit", disorder_limit()) and seat not in disorder:
            disorder.append(seat)
            fallen.append(seat)
    if live["mode"] == "clock":
        bank = dict(live["bank"])
        for seat in seats:
            bank[seat] = max(bank.get(seat, 0), live["inc"], GRACE_MS)
        live["bank"] = bank
        live["running"] = [s for s in live["running"] if s not in seats]
    live.update(missed=missed, disorder=sorted(disorder))
    game.live = live
    return fallen


def take_back_miss(game: Any, seat: str) -> None:
    """Undo one missed deadline `note_missed` counted for `seat` (a game master rolled back
    its default, so it answers again: twteaw ruling 65) — unless the miss put the seat in
    civil disorder: that hand-over stands; the host or the GM fills the seat."""
    live = dict(game.live)
    missed = dict(live.get("missed", {}))
    if missed.get(seat, 0) > 0 and seat not in live.get("disorder", []):
        missed[seat] -= 1
        live["missed"] = missed
        game.live = live


def vote_pause(game: Any, ruleset: Any, seats: list[str], pause: bool,
               now: dt.datetime) -> None:
    ensure(game)
    live = dict(game.live)
    everyone = set(game.state[KERNEL]["sides"])
    t = now_ms(now)
    if pause:
        votes = set(live.get("pause", [])) | set(seats)
        live["pause"] = sorted(votes)
        if votes >= everyone and not live.get("paused"):
            _stop(live, t)
    else:
        live["pause"] = []
        if live.get("paused"):
            _start(game, live, t)
    game.live = live
    game.due = _due(live)


def gm_pause(game: Any, now: dt.datetime, until_ms: int) -> None:
    """The game master stops every clock and deadline at once (no vote), until `until_ms` at
    the latest: then the sweeper resumes the game (`gm_pause_over`) — the timeout default of a
    GM's pause, so that no game waits forever on its GM. `game.due` is that instant."""
    ensure(game)
    live = dict(game.live)
    t = now_ms(now)
    _stop(live, t)
    live["gm_until"] = until_ms
    game.live = live
    game.due = _due(live)


def resume(game: Any, now: dt.datetime) -> None:
    """Clocks and deadlines run again (the GM's resume, or its pause timing out); the pause
    votes are cleared."""
    ensure(game)
    live = dict(game.live)
    live["pause"] = []
    if live.get("paused"):
        _start(game, live, now_ms(now))
    game.live = live
    game.due = _due(live)


def gm_pause_over(game: Any, now: dt.datetime) -> bool:
    """Whether a GM's pause has reached its time limit at `now`."""
    until = game.live.get("gm_until")
    return bool(game.live.get("paused")) and until is not None and until <= now_ms(now)


def _stop(live: dict[str, Any], t: int) -> None:
    if live["mode"] == "clock" and live.get("since") is not None:
        live["bank"] = {s: (max(0, b - (t - live["since"])) if s in live["running"]
                            else b) for s, b in live["bank"].items()}
    live["paused"] = True
    live["paused_at"] = t


def _start(game: Any, live: dict[str, Any], t: int) -> None:
    gone = t - live.pop("paused_at", t)
    live.pop("gm_until", None)
    if live["mode"] == "clock":
        live["since"] = t
    elif live["mode"] == "deadline":
        live["deadlines"] = {s: v + gone for s, v in live["deadlines"].items()}
        _rearm(game, live, t)
    live["paused"] = False


def extend(game: Any, ms: int, seat: str | None = None) -> None:
    """Push every running deadline (or clock) back by `ms`; with `seat`, that seat's only
    (the game master's extension for one nation)."""
    ensure(game)
    live = dict(game.live)
    if live["mode"] == "deadline":
        live["deadlines"] = {s: v + ms if seat in (None, s) else v
                             for s, v in live["deadlines"].items()}
        _rearm(game, live)
    elif live["mode"] == "clock":
        live["bank"] = {s: b + ms if seat in (None, s) else b for s, b in live["bank"].items()}
    game.live = live
    game.due = _due(live)


def clock_frame(game: Any, now: dt.datetime | None = None) -> dict[str, Any]:
    """The public `clock` frame: remaining time per seat as of `at` (everyone sees it)."""
    live = game.live or {}
    t = now_ms(now)
    frame: dict[str, Any] = {"type": "clock", "mode": live.get("mode"), "at": t,
                             "running": live.get("running", []),
                             "paused": bool(live.get("paused")), "pause": live.get("pause", []),
                             "draw": live.get("draw", []), "missed": live.get("missed", {}),
                             "disorder": live.get("disorder", []), "limit": live.get("limit"),
                             "extend": live.get("extend"),
                             # when a GM's pause ends by itself (epoch ms), else null
                             "gm_until": live.get("gm_until")}
    if live.get("mode") == "clock":
        since = live.get("since")
        frame["clocks"] = {
            s: (max(0, b - (t - since)) if since is not None and s in live["running"]
                and not live.get("paused") else b) for s, b in live["bank"].items()}
        frame["increment"] = live["inc"]
    elif live.get("mode") == "deadline":
        frame["deadlines"] = live["deadlines"]
        frame["vacation"] = live.get("vacation", {})
    return frame
