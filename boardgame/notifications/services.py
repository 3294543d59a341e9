"""Preferences, webhooks, push subscriptions and the inbox: the checks behind the REST API.

A webhook URL is checked when it is given (scheme, no credentials, no address or local name
we would never call) and again, with the host resolved, every time it is called
(`outbound.post`): DNS can change in between, and the second check is the one that counts.
"""

from __future__ import annotations

import base64
import ipaddress
from typing import Any
from zoneinfo import available_timezones

from django.conf import settings
from django.db import transaction
from django.db.models import Q

from boardgame.api.errors import Conflict, Forbidden, NotFound, ServiceError

from . import outbound
from .models import (
    EVENTS,
    PUBLIC_EVENTS,
    Notice,
    Preferences,
    PushSubscription,
    Webhook,
)

MAX_WEBHOOKS = 5          # per user, and per game
MAX_PUSH = 10             # subscriptions per user (browsers and devices)
MAX_REMINDERS = 3
LOCAL_SUFFIXES = (".localhost", ".local", ".internal", ".localdomain", ".home.arpa")


def invalid(message: str, field: str, code: str = "request/invalid") -> ServiceError:
    return ServiceError(message, code=code, status=400, field=field)


def preferences_of(user: Any) -> Preferences:
    return Preferences.objects.get_or_create(user=user)[0]


def preferences_dict(pref: Preferences) -> dict[str, Any]:
    return {"time_zone": pref.time_zone, "always": pref.always, "email": pref.email,
            "push": pref.push, "reminders": pref.reminders, "events": list(EVENTS)}


def _events(value: Any, field: str, allowed: tuple[str, ...] = EVENTS) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise invalid(f"{field} must be a list of events.", field)
    unknown = sorted(set(value) - set(allowed))
    if unknown:
        raise invalid(f"{field}: no such event {unknown[0][:40]!r}; choose from "
                      f"{', '.join(allowed)}.", field)
    return sorted(set(value), key=allowed.index)


def check_reminders(value: Any) -> list[dict[str, Any]]:
    """[{"before_percent": 1..99} | {"before_hours": 1..168} | {"at": "HH:MM"}], at most
    MAX_REMINDERS, no repeats: when that share of the period is left, that long before the
    deadline, or the last HH:MM in the user's time zone before it (reminders.py)."""
    if not isinstance(value, list) or len(value) > MAX_REMINDERS:
        raise invalid(f"reminders must be a list of at most {MAX_REMINDERS}.", "reminders")
    out: list[dict[str, Any]] = []
    for item in value:
        if isinstance(item, dict) and set(item) == {"before_percent"}:
            share = item["before_percent"]
            if isinstance(share, bool) or not isinstance(share, int) or not 1 <= share <= 99:
                raise invalid("before_percent must be an integer from 1 to 99.", "reminders")
            entry: dict[str, Any] = {"before_percent": share}
        elif isinstance(item, dict) and set(item) == {"before_hours"}:
            hours = item["before_hours"]
            if isinstance(hours, bool) or not isinstance(hours, int) or not 1 <= hours <= 168:
                raise invalid("before_hours must be an integer from 1 to 168.", "reminders")
            entry = {"before_hours": hours}
        elif isinstance(item, dict) and set(item) == {"at"}:
            at = item["at"]
            ok = isinstance(at, str) and len(at) == 5 and at[2] == ":" and \
                at[:2].isdigit() and at[3:].isdigit() and int(at[:2]) < 24 and \
                int(at[3:]) < 60
            if not ok:
                raise invalid('at must be a time of day, "HH:MM".', "reminders")
            entry = {"at": at}
        else:
            raise invalid('Each reminder is {"before_percent": P}, {"before_hours": H} or '
                          '{"at": "HH:MM"}.', "reminders")
        if entry not in out:
            out.append(entry)
    return out


def update_preferences(user: Any, body: Any) -> Preferences:
    if not isinstance(body, dict):
        raise invalid("The body must be a JSON object.", "body")
    known = {"time_zone", "always", "email", "push", "reminders"}
    extra = sorted(set(body) - known)
    if extra:
        raise invalid(f"Unknown field {extra[0][:40]!r}.", extra[0][:40])
    with transaction.atomic():
        pref = Preferences.objects.select_for_update().get_or_create(user=user)[0]
        if "time_zone" in body:
            zone = body["time_zone"]
            if not isinstance(zone, str) or zone not in available_timezones():
                raise invalid("time_zone must be an IANA time zone, e.g. Europe/Paris.",
                              "time_zone")
            pref.time_zone = zone
        if "always" in body:
            if not isinstance(body["always"], bool):
                raise invalid("always must be true or false.", "always")
            pref.always = body["always"]
        for channel in ("email", "push"):
            if channel in body:
                setattr(pref, channel, _events(body[channel], channel))
        if "reminders" in body:
            pref.reminders = check_reminders(body["reminders"])
        pref.save()
    return pref


def unsubscribe_email(token: str) -> bool:
    return bool(Preferences.objects.filter(unsubscribe_token=token).update(email=[]))


# --- webhooks -------------------------------------------------------------------------------

def check_webhook_url(url: Any) -> str:
    """The checks that need no DNS (the send-time check resolves; outbound.py)."""
    try:
        target = outbound.check_url(url)
    except outbound.OutboundRefused as exc:
        raise invalid(str(exc), "url", exc.code) from None
    host = target.host.lower().rstrip(".")
    if host == "localhost" or host.endswith(LOCAL_SUFFIXES):
        if not outbound.allow_loopback():
            raise invalid(f"{host} is a local name: webhooks go to public hosts only.", "url",
                          "url/address")
    try:
        address = ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        return str(url)
    if outbound._forbidden(address):
        raise invalid(f"{address} is not a public address: loopback, private and link-local "
                      "addresses are refused.", "url", "url/address")
    return str(url)


def guess_format(url: str) -> str:
    host = outbound.check_url(url).host.lower()
    if host in ("discord.com", "discordapp.com") or host.endswith(".discord.com"):
        return Webhook.Format.DISCORD
    if host == "hooks.slack.com":
        return Webhook.Format.SLACK
    return Webhook.Format.JSON


def webhook_dict(hook: Webhook, *, secret: bool = False) -> dict[str, Any]:
    out = {"id": hook.pk, "url": hook.url, "format": hook.format, "events": hook.events,
           "game": hook.game_id, "active": hook.active, "failures": hook.failures}
    if secret:
        out["secret"] = hook.secret
    return out


def _webhook_fields(body: Any, allowed: tuple[str, ...]) -> dict[str, Any]:
    if not isinstance(body, dict):
        raise invalid("The body must be a JSON object.", "body")
    url = check_webhook_url(body.get("url"))
    fmt = body.get("format") or guess_format(url)
    if fmt not in Webhook.Format.values:
        raise invalid(f"format must be one of {', '.join(Webhook.Format.values)}.", "format")
    events = _events(body.get("events", list(allowed)), "events", allowed)
    return {"url": url, "format": fmt, "events": events}


def add_user_webhook(user: Any, body: Any) -> Webhook:
    fields = _webhook_fields(body, EVENTS)
    with transaction.atomic():
        if Webhook.objects.filter(owner=user, game__isnull=True).count() >= MAX_WEBHOOKS:
            raise Conflict(f"At most {MAX_WEBHOOKS} webhooks each.", code="webhook/too_many")
        return Webhook.objects.create(owner=user, **fields)


def host_game(user: Any, game_id: int) -> int:
    """The game's id if `user` hosts its table (404 for a stranger, 403 for a player)."""
    from boardgame.play.models import Game
    game = Game.objects.filter(pk=game_id).select_related("table").first()
    if game is None:
        raise NotFound(f"There is no game {game_id}.", code="game/not_found", game=game_id)
    if game.table.host_id != user.pk:
        raise Forbidden("Only the host sets a game's webhooks.", code="auth/not_host")
    return game.pk


def add_game_webhook(user: Any, game_id: int, body: Any) -> Webhook:
    """A game's webhook hears its public events only (game started or over, whose move)."""
    game_id = host_game(user, game_id)
    fields = _webhook_fields(body, PUBLIC_EVENTS)
    with transaction.atomic():
        if Webhook.objects.filter(game_id=game_id).count() >= MAX_WEBHOOKS:
            raise Conflict(f"At most {MAX_WEBHOOKS} webhooks per game.",
                           code="webhook/too_many")
        return Webhook.objects.create(owner=user, game_id=game_id, **fields)


def remove_webhook(user: Any, hook_id: int, game_id: int | None = None) -> None:
    hooks = Webhook.objects.filter(pk=hook_id, owner=user)
    hooks = hooks.filter(game_id=game_id) if game_id is not None else \
        hooks.filter(game__isnull=True)
    if not hooks.delete()[0]:
        raise NotFound(f"You have no webhook {hook_id} here.", code="webhook/not_found")


# --- push -----------------------------------------------------------------------------------

def push_key() -> dict[str, Any]:
    key = getattr(settings, "SALIENT_VAPID_PUBLIC_KEY", "")
    enabled = bool(key and getattr(settings, "SALIENT_VAPID_PRIVATE_KEY", ""))
    return {"enabled": enabled, "public_key": key if enabled else None}


def _b64(value: Any, field: str, size: int) -> str:
    if not isinstance(value, str) or not value or len(value) > 200:
        raise invalid(f"{field} must be a base64url string.", field)
    try:
        raw = base64.urlsafe_b64decode(value + "=" * (-len(value) % 4))
    except ValueError:
        raise invalid(f"{field} must be a base64url string.", field) from None
    if len(raw) != size:
        raise invalid(f"{field} must be {size} bytes.", field)
    return value


def add_push(user: Any, body: Any) -> PushSubscription:
    """A browser's PushSubscription (`subscription.toJSON()`)."""
    if not push_key()["enabled"]:
        raise Conflict("Push notifications are off on this server.", code="push/off")
    if not isinstance(body, dict) or not isinstance(body.get("keys"), dict):
        raise invalid("Send the browser's subscription: {endpoint, keys: {p256dh, auth}}.",
                      "keys")
    endpoint = check_webhook_url(body.get("endpoint"))
    p256dh = _b64(body["keys"].get("p256dh"), "keys.p256dh", 65)
    auth = _b64(body["keys"].get("auth"), "keys.auth", 16)
    with transaction.atomic():
        PushSubscription.objects.filter(endpoint=endpoint).exclude(user=user).delete()
        if PushSubscription.objects.filter(user=user).exclude(endpoint=endpoint).count() \
                >= MAX_PUSH:
            raise Conflict(f"At most {MAX_PUSH} push subscriptions each.",
                           code="push/too_many")
        sub, _ = PushSubscription.objects.update_or_create(
            endpoint=endpoint, defaults={"user": user, "p256dh": p256dh, "auth": auth})
    return sub


def remove_push(user: Any, sub_id: int) -> None:
    if not PushSubscription.objects.filter(pk=sub_id, user=user).delete()[0]:
        raise NotFound(f"You have no push subscription {sub_id}.", code="push/not_found")


# --- the inbox ------------------------------------------------------------------------------

INBOX_MAX = 50


def notice_dict(notice: Notice, zone: str) -> dict[str, Any]:
    from .messages import message_for
    message = message_for(notice, zone)
    return {"id": notice.pk, "kind": notice.kind, "game": notice.game_id,
            "title": message.title, "text": message.headline, "url": message.url,
            "created": notice.created.isoformat(), "read": notice.read is not None}


def inbox(user: Any, *, unread_only: bool = False) -> dict[str, Any]:
    zone = preferences_of(user).time_zone
    rows = Notice.objects.filter(user=user).select_related("game__table")
    if unread_only:
        rows = rows.filter(read__isnull=True)
    unread = Notice.objects.filter(user=user, read__isnull=True).count()
    return {"unread": unread, "notices": [notice_dict(n, zone) for n in rows[:INBOX_MAX]]}


def mark_read(user: Any, body: Any) -> int:
    from django.utils import timezone
    if not isinstance(body, dict):
        raise invalid("The body must be a JSON object.", "body")
    through = body.get("through")
    game = body.get("game")
    if through is not None and (isinstance(through, bool) or not isinstance(through, int)):
        raise invalid("through must be a notice id.", "through")
    if game is not None and (isinstance(game, bool) or not isinstance(game, int)):
        raise invalid("game must be a game id.", "game")
    rows = Notice.objects.filter(user=user, read__isnull=True)
    if through is not None:
        rows = rows.filter(pk__lte=through)
    if game is not None:
        rows = rows.filter(Q(game_id=game))
    return rows.update(read=timezone.now())

