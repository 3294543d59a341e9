"""The words of a notification, per event, made from the notice and public facts only.

Every message names the game (its table's title and number) and the event. What it may add:
the recipient's own seats, a deadline in the recipient's time zone, the public result, the
seats the game waits for. Never a decision's content, an order, a sealed answer, or the text
of press — the link opens the game page, which shows each audience what it may see.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any
from zoneinfo import ZoneInfo

from django.conf import settings

from .models import (
    DEADLINE_NEAR,
    GAME_ENDED,
    GAME_STARTED,
    PRESS,
    SEAT_HANDED,
    YOUR_MOVE,
    Notice,
)


@dataclass(frozen=True)
class Message:
    kind: str
    game: int | None
    title: str          # "Tannenberg (game 12)"
    headline: str       # one line: "Your move as red"
    url: str

    @property
    def text(self) -> str:
        return f"{self.title}: {self.headline}"


def site_url() -> str:
    return str(getattr(settings, "SALIENT_SITE_URL", "http://127.0.0.1:8000")).rstrip("/")


def local_time(ms: int, zone: str) -> str:
    try:
        tz = ZoneInfo(zone)
    except (KeyError, ValueError):
        tz = ZoneInfo("UTC")
    at = dt.datetime.fromtimestamp(ms / 1000, tz=dt.timezone.utc).astimezone(tz)
    return at.strftime("%a %d %b %H:%M ") + (at.tzname() or zone)


def _seats(data: dict[str, Any]) -> str:
    return ", ".join(data.get("seats") or []) or "your seat"


def _result(game: Any) -> str:
    result = (game.result or {}) if game is not None else {}
    winners = result.get("winners") or []
    reason = str(result.get("reason") or "").replace("_", " ")
    if winners:
        line = f"won by {', '.join(winners)}"
    else:
        line = "no winner"
    return f"{line} ({reason})" if reason else line


def headline(notice: Notice, zone: str, game: Any) -> str:
    data = notice.data or {}
    public = notice.user_id is None
    if notice.kind == YOUR_MOVE:
        return (f"waiting for {_seats(data)}" if public
                else f"your move as {_seats(data)}")
    if notice.kind == DEADLINE_NEAR:
        return (f"your deadline as {_seats(data)} is "
                f"{local_time(int(data.get('deadline', 0)), zone)}")
    if notice.kind == GAME_STARTED:
        return "the game has started" if public else f"the game has started; you play " \
            f"{_seats(data)}"
    if notice.kind == GAME_ENDED:
        return f"the game is over: {_result(game)}"
    if notice.kind == SEAT_HANDED:
        return f"you now play {_seats(data)}"
    if notice.kind == PRESS:
        return f"new press for {_seats(data)}"
    return notice.kind.replace("_", " ")


def message_for(notice: Notice, zone: str = "UTC") -> Message:
    game = notice.game
    table = getattr(game, "table", None) if game is not None else None
    if game is not None:
        title = f"{table.title} (game {game.pk})" if table is not None and table.title \
            else f"game {game.pk}"
        url = f"{site_url()}/games/{game.pk}/"
    else:
        title, url = "Salient", f"{site_url()}/my/games/"
    return Message(notice.kind, game.pk if game is not None else None, title,
                   headline(notice, zone, game), url)


def webhook_body(message: Message, fmt: str, delivery_id: str) -> dict[str, Any]:
    """JSON for a webhook: Discord's and Slack's incoming-webhook shapes, or our own."""
    line = f"**{message.title}**: {message.headline} — {message.url}"
    if fmt == "discord":
        return {"username": "Salient", "content": line[:2000],
                "allowed_mentions": {"parse": []}}
    if fmt == "slack":
        return {"text": f"*{message.title}*: {message.headline} <{message.url}|open>"}
    return {"id": delivery_id, "event": message.kind, "game": message.game,
            "title": message.title, "text": message.headline, "url": message.url}


def push_body(message: Message) -> dict[str, Any]:
    return {"title": message.title, "body": message.headline, "url": message.url,
            "tag": f"salient-{message.game}-{message.kind}"}
