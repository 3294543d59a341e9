"""Game chat: channels `table` (the players), `side:<side>` (one side's players, never heard
by the other side or spectators) and `spectators` (signed-in non-players, read by the public
audience). A post locks the game row to number its message, and is sent after commit to the
audiences that read its channel: the service returns them with its answer."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from boardgame.chattext import clean_chat_text
from engine.kernel.game import KERNEL

from .actions import ActionRejected, lock_game, user_seats
from .frames import Committed, audience_messages, chat_audiences, chat_channels
from .models import ChatMessage, Game

CHAT_MAX = 500
CHAT_HISTORY = 50


def clean_text(text: str) -> str:
    """Game chat text as stored: cleaned as all chat is, and cut at CHAT_MAX (the table chat
    refuses a long text instead)."""
    return clean_chat_text(text)[:CHAT_MAX]


def chat_frame(message: Any) -> dict[str, Any]:
    return {"type": "chat", "seq": message.seq, "channel": message.channel,
            "user": message.user.get_username() if message.user else None,
            "text": message.text, "at": message.created.isoformat()}


def do_post_chat(game_id: int, user: Any, channel: Any, text: Any) -> Committed[dict[str, Any]]:
    """Post to `table` (players), `side:<side>` (players of that side: never sent to the other
    side or spectators) or `spectators` (signed-in non-players). Raises ActionRejected.
    Answers the chat frame, which the audiences of its channel get too. Opens its own durable
    transaction and locks the game row (to number the message)."""
    if user is None or not user.is_authenticated:
        raise ActionRejected("Sign in to chat.", code="auth/not_authenticated", status=401)
    if not isinstance(channel, str) or not isinstance(text, str):
        raise ActionRejected("chat needs a channel and a text.", code="request/invalid",
                             status=400)
    text = clean_text(text)
    if not text:
        raise ActionRejected("Say something.", code="chat/empty", status=400)
    with transaction.atomic(durable=True):
        game = lock_game(game_id)
        seats = user_seats(user, game)
        sides = game.state[KERNEL]["sides"]
        if channel == "table":
            allowed = bool(seats)
        elif channel == "spectators":
            allowed = not seats
        elif channel.startswith("side:") and channel[5:] in set(sides.values()):
            allowed = any(sides[s] == channel[5:] for s in seats)
        else:
            raise ActionRejected(f"There is no chat channel {channel[:40]!r}.",
                                 code="chat/unknown_channel", status=400, channel=channel[:40])
        if not allowed:
            raise ActionRejected(f"You may not write to {channel}.", code="chat/forbidden",
                                 status=403, channel=channel)
        last = (ChatMessage.objects.filter(game=game).order_by("-seq")
                .values_list("seq", flat=True).first()) or 0
        message = ChatMessage.objects.create(game=game, channel=channel, seq=last + 1,
                                             user=user, text=text)
        frame = chat_frame(message)
    return Committed(frame, audience_messages(game.pk, chat_audiences(channel, game.state),
                                              frame))


def chat_history(game: Game, audience: str) -> list[dict[str, Any]]:
    channels = chat_channels(audience, game.state)
    rows = (ChatMessage.objects.filter(game=game, channel__in=channels)
            .select_related("user").order_by("-seq")[:CHAT_HISTORY])
    return [chat_frame(m) for m in reversed(rows)]
