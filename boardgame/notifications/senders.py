"""The three channels: e-mail (Django's mail framework), webhooks and web push.

Each `send_*` returns an `Outcome`: sent, retry (a failure worth trying again: a timeout, a
5xx, a 429), failed (a refusal that will not change: a 4xx, a redirect, an address we do not
call) or gone (a push subscription its service no longer knows: 404/410 — the subscription
is deleted). Webhooks and pushes go through `outbound.post` (checked address, pinned
connection, timeouts, no redirects).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.core.mail import EmailMessage

from . import outbound
from .messages import Message, push_body, site_url, webhook_body


@dataclass(frozen=True)
class Outcome:
    status: str        # sent | retry | failed | gone | skipped
    error: str = ""


SENT = Outcome("sent")


def _classify(status: int) -> Outcome:
    if 200 <= status < 300:
        return SENT
    if 300 <= status < 400:
        return Outcome("failed", f"HTTP {status}: redirects are not followed")
    if status == 429 or status >= 500:
        return Outcome("retry", f"HTTP {status}")
    return Outcome("failed", f"HTTP {status}")


# --- e-mail ---------------------------------------------------------------------------------

def unsubscribe_url(token: str) -> str:
    return f"{site_url()}/notifications/unsubscribe/{token}/"


def send_email(delivery_id: str, message: Message, address: str, token: str) -> Outcome:
    if not address:
        return Outcome("skipped", "no e-mail address")
    unsubscribe = unsubscribe_url(token)
    body = (f"{message.text}\n\nOpen the game: {message.url}\n\n"
            f"Choose what Salient tells you: {site_url()}/accounts/profile/\n"
            f"Stop these e-mails: {unsubscribe}\n")
    mail = EmailMessage(subject=f"Salient: {message.text}"[:200], body=body, to=[address],
                        headers={"Message-ID": f"<{delivery_id}@salient.notifications>",
                                 "List-Unsubscribe": f"<{unsubscribe}>",
                                 "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"})
    try:
        mail.send()
    except Exception as exc:  # noqa: BLE001 — SMTP says many things; all are worth a retry
        return Outcome("retry", f"{type(exc).__name__}: {exc}"[:200])
    return SENT


# --- webhooks -------------------------------------------------------------------------------

def signature(secret: str, body: bytes) -> str:
    return "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


def send_webhook(delivery_id: str, message: Message, url: str, fmt: str,
                 secret: str) -> Outcome:
    body = json.dumps(webhook_body(message, fmt, delivery_id), separators=(",", ":"),
                      ensure_ascii=False).encode()
    headers = {"Content-Type": "application/json", "X-Salient-Delivery": delivery_id,
               "X-Salient-Event": message.kind, "X-Salient-Signature": signature(secret, body)}
    try:
        answer = outbound.post(url, body, headers)
    except outbound.OutboundRefused as exc:
        return Outcome("failed", f"{exc.code}: {exc}"[:200])
    except OSError as exc:
        return Outcome("retry", f"{type(exc).__name__}: {exc}"[:200])
    return _classify(answer.status)


# --- web push -------------------------------------------------------------------------------

def push_enabled() -> bool:
    return bool(getattr(settings, "SALIENT_VAPID_PRIVATE_KEY", ""))


def topic(message: Message) -> str:
    """Push `Topic` (≤ 32 URL-safe characters): a newer push of the same game and event
    replaces one the service still holds, and a repeated delivery replaces itself."""
    digest = hashlib.sha256(f"{message.game}:{message.kind}".encode()).digest()
    return base64.urlsafe_b64encode(digest).decode().rstrip("=")[:32]


class _Answer:
    """What pywebpush reads of a `requests` response."""

    def __init__(self, answer: outbound.Answer) -> None:
        self.status_code = answer.status
        self.reason = ""
        self.headers = answer.headers
        self.text = answer.body.decode("utf-8", "replace")
        self.content = answer.body


class _PinnedSession:
    """A stand-in for `requests.Session` whose POST goes through `outbound.post`."""

    def post(self, endpoint: str, timeout: Any = None, data: bytes | None = None,
             headers: Any = None, **_: Any) -> _Answer:
        return _Answer(outbound.post(endpoint, data or b"", dict(headers or {}),
                                     timeout=float(timeout) if timeout else None))


def send_push(message: Message, endpoint: str, p256dh: str, auth: str) -> Outcome:
    from pywebpush import WebPushException, webpush
    if not push_enabled():
        return Outcome("skipped", "push is off (no VAPID key)")
    claims: dict[str, str | int] = {"sub": str(getattr(settings, "SALIENT_VAPID_SUBJECT",
                                                       "mailto:admin@localhost"))}
    try:
        webpush({"endpoint": endpoint, "keys": {"p256dh": p256dh, "auth": auth}},
                data=json.dumps(push_body(message)),
                vapid_private_key=settings.SALIENT_VAPID_PRIVATE_KEY, vapid_claims=claims,
                ttl=86400, headers={"Topic": topic(message), "Urgency": "normal"},
                timeout=float(getattr(settings, "SALIENT_OUTBOUND_TIMEOUT", 5.0)),
                requests_session=_PinnedSession())  # type: ignore[arg-type]
    except WebPushException as exc:
        status = getattr(exc.response, "status_code", None)
        if status in (404, 410):
            return Outcome("gone", f"HTTP {status}")
        if status is not None:
            return _classify(status)
        return Outcome("failed", str(exc)[:200])
    except outbound.OutboundRefused as exc:
        return Outcome("failed", f"{exc.code}: {exc}"[:200])
    except OSError as exc:
        return Outcome("retry", f"{type(exc).__name__}: {exc}"[:200])
    return SENT
