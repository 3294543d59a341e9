"""Private press: open a channel for a set of seats, post, read, and count what is unread.

Who may do what:
- a channel names at least two seats of the game; only a player holding one of them may open
  it (the same set always gives the same channel), read it, or post in it, as one of the
  seats of the channel they hold;
- anyone else — spectators, the other seats, strangers — gets `404 press/not_found` for its
  id and never sees it listed: not even its existence leaks;
- posts are cleaned and cut at the game chat's length (CHAT_MAX), and rate-limited per user
  (SALIENT_RATE_LIMITS["press"]), as chat is.

A post numbers itself under the channel's row lock, writes a `press` notice for the players
of the channel's other seats (it names the channel and the seats, never the text) and nudges
their lobby sockets (`{"type": "press", "game"}`, no content) after commit.
"""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Count, OuterRef, Subquery

from boardgame.accounts.ratelimit import check_rate
from boardgame.api.errors import Forbidden, NotFound, ServiceError
from boardgame.chattext import clean_chat_text
from boardgame.lobby import notify
from boardgame.lobby.models import Seat
from boardgame.notifications import events
from boardgame.play.models import Game

from .models import PressChannel, PressMessage, PressRead

TEXT_MAX = 500          # as the game chat (boardgame/play/chat.py CHAT_MAX)
HISTORY = 100


def invalid(message: str, field: str) -> ServiceError:
    return ServiceError(message, code="request/invalid", status=400, field=field)


def _seats_of(user: Any, game: Game) -> list[str]:
    if user is None or not user.is_authenticated:
        return []
    return sorted(Seat.objects.filter(table_id=game.table_id, user=user)
                  .values_list("seat", flat=True))


def _game(game_id: int) -> Game:
    game = Game.objects.only("id", "table_id", "state").filter(pk=game_id).first()
    if game is None:
        raise NotFound(f"There is no game {game_id}.", code="game/not_found", game=game_id)
    return game


def _not_found(channel_id: Any) -> NotFound:
    return NotFound(f"There is no press channel {str(channel_id)[:20]} for you here.",
                    code="press/not_found")


def channel_for(user: Any, game_id: int, channel_id: int) -> tuple[PressChannel, list[str]]:
    """The channel and the seats of it `user` holds; 404 for everyone else."""
    game = _game(game_id)
    mine = _seats_of(user, game)
    channel = PressChannel.objects.filter(pk=channel_id, game_id=game.pk).first()
    if channel is None or not set(mine) & set(channel.seats):
        raise _not_found(channel_id)
    return channel, sorted(set(mine) & set(channel.seats))


def open_channel(user: Any, game_id: int, seats: Any) -> tuple[PressChannel, bool]:
    game = _game(game_id)
    mine = _seats_of(user, game)
    if not mine:
        raise Forbidden("Only players write press.", code="press/forbidden")
    if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
        raise invalid("seats must be a list of seat ids.", "seats")
    every = set(game.state["kernel"]["sides"])
    wanted = sorted(set(seats))
    unknown = sorted(set(wanted) - every)
    if unknown:
        raise invalid(f"This game has no seat {unknown[0][:40]!r}.", "seats")
    if len(wanted) < 2:
        raise invalid("A press channel names at least two seats.", "seats")
    if not set(wanted) & set(mine):
        raise Forbidden("Name one of your own seats among the channel's.",
                        code="press/forbidden")
    key = ",".join(wanted)
    found = PressChannel.objects.filter(game_id=game.pk, key=key).first()
    if found is not None:
        return found, False
    try:
        with transaction.atomic():
            return PressChannel.objects.create(game_id=game.pk, seats=wanted, key=key), True
    except IntegrityError:
        return PressChannel.objects.get(game_id=game.pk, key=key), False


def post(user: Any, game_id: int, channel_id: int, text: Any,
         seat: Any = None) -> PressMessage:
    if not isinstance(text, str):
        raise invalid("text must be a string.", "text")
    text = clean_chat_text(text)[:TEXT_MAX]
    if not text:
        raise ServiceError("Say something.", code="chat/empty", status=400)
    check_rate("press", str(user.pk))
    with transaction.atomic():
        channel, mine = channel_for(user, game_id, channel_id)
        if seat is None:
            seat = mine[0]
        if seat not in mine:
            raise Forbidden(f"You do not write as {str(seat)[:40]} in this channel.",
                            code="press/forbidden")
        channel = PressChannel.objects.select_for_update().get(pk=channel.pk)
        channel.last_seq += 1
        channel.save(update_fields=["last_seq"])
        message = PressMessage.objects.create(channel=channel, seq=channel.last_seq,
                                              seat=seat, user=user, text=text)
        PressRead.objects.update_or_create(channel=channel, user=user,
                                           defaults={"seq": channel.last_seq})
        others = [s for s in channel.seats if s not in mine]
        recipients: dict[int, list[str]] = {}
        for user_id, other in (Seat.objects.filter(table__game__id=game_id, seat__in=others,
                                                   user__isnull=False)
                               .exclude(user=user).values_list("user_id", "seat")):
            recipients.setdefault(user_id, []).append(other)
        events.press_posted(game_id, channel.pk, recipients, mine)
        notify.press_posted(game_id, sorted(recipients))
    return message


def message_dict(message: PressMessage) -> dict[str, Any]:
    return {"seq": message.seq, "seat": message.seat,
            "user": message.user.get_username() if message.user else None,
            "text": message.text, "at": message.created.isoformat()}


def messages(user: Any, game_id: int, channel_id: int, after: Any = 0) -> dict[str, Any]:
    channel, _ = channel_for(user, game_id, channel_id)
    try:
        after = int(after or 0)
    except (TypeError, ValueError):
        raise invalid("after must be a message number.", "after") from None
    rows = (PressMessage.objects.filter(channel=channel, seq__gt=after)
            .select_related("user").order_by("seq")[:HISTORY])
    return {"channel": channel.pk, "seats": channel.seats,
            "messages": [message_dict(m) for m in rows]}


def mark_read(user: Any, game_id: int, channel_id: int, seq: Any) -> int:
    channel, _ = channel_for(user, game_id, channel_id)
    if seq is None:
        seq = channel.last_seq
    if isinstance(seq, bool) or not isinstance(seq, int) or seq < 0:
        raise invalid("seq must be a message number.", "seq")
    seq = min(seq, channel.last_seq)
    PressRead.objects.update_or_create(channel=channel, user=user, defaults={"seq": seq})
    return channel.last_seq - seq


def channels(user: Any, game_id: int) -> list[dict[str, Any]]:
    """The user's channels in the game, with unread counts (others' posts after their
    read mark)."""
    game = _game(game_id)
    mine = _seats_of(user, game)
    if not mine:
        return []
    read = PressRead.objects.filter(channel=OuterRef("pk"), user=user).values("seq")[:1]
    rows = (PressChannel.objects.filter(game_id=game.pk)
            .annotate(read=Subquery(read)))
    out = []
    for channel in rows:
        if not set(mine) & set(channel.seats):
            continue
        since = channel.read or 0
        unread = (PressMessage.objects.filter(channel=channel, seq__gt=since)
                  .exclude(user=user).aggregate(n=Count("pk"))["n"]) if channel.last_seq > \
            since else 0
        out.append({"id": channel.pk, "seats": channel.seats, "last_seq": channel.last_seq,
                    "unread": unread})
    return out


def unread_total(user: Any, game_id: int) -> int:
    return sum(c["unread"] for c in channels(user, game_id))

