"""Password reset (probe finding F9): limited per address and per e-mail address, and the same
path for known and unknown addresses — the answer comes first, the mail (if any) after it."""

from __future__ import annotations

import pytest
from django.core import mail
from django.core.signals import request_finished
from django.db import close_old_connections, connection
from django.test import Client, RequestFactory
from django.test.utils import CaptureQueriesContext

from boardgame.accounts.views import RateLimitedPasswordResetView

pytestmark = pytest.mark.django_db

LIMIT = 3


@pytest.fixture(autouse=True)
def small_limit(settings):
    settings.SALIENT_RATE_LIMITS = {**settings.SALIENT_RATE_LIMITS,
                                    "password_reset": (LIMIT, 3600)}


def reset(email, address="10.2.0.1"):
    return Client().post("/accounts/password-reset/", {"email": email}, REMOTE_ADDR=address)


def test_one_address_gets_limited_mails(hamlet):
    for n in range(LIMIT):
        assert reset("hamlet@example.org", f"10.2.1.{n}").status_code == 302
    refused = reset("hamlet@example.org", "10.2.1.99")
    assert refused.status_code == 429 and b"Too many" in refused.content
    assert len(mail.outbox) == LIMIT


def test_one_client_gets_limited_requests(hamlet):
    for n in range(LIMIT):
        assert reset(f"nobody{n}@example.org").status_code == 302
    assert reset("hamlet@example.org").status_code == 429
    assert mail.outbox == []


def answer_before_close(email):
    """The view's answer, its queries of the users before it, and the mails it sent before
    and after the server closes the response (what a server does once the response is out)."""
    request = RequestFactory().post("/accounts/password-reset/", {"email": email})
    request._dont_enforce_csrf_checks = True
    sent = len(mail.outbox)
    with CaptureQueriesContext(connection) as queries:
        response = RateLimitedPasswordResetView.as_view()(request)
    user_queries = [q["sql"] for q in queries if "auth_user" in q["sql"]]
    before = len(mail.outbox) - sent
    # As Django's test client does: the test's transaction keeps its connection.
    request_finished.disconnect(close_old_connections)
    try:
        response.close()
    finally:
        request_finished.connect(close_old_connections)
    return response, user_queries, before, len(mail.outbox) - sent


def test_known_and_unknown_addresses_take_the_same_path(hamlet, settings):
    known, known_queries, known_before, known_after = answer_before_close("hamlet@example.org")
    unknown, unknown_queries, unknown_before, unknown_after = answer_before_close(
        "stranger@example.org")
    assert (known.status_code, known["Location"]) == (unknown.status_code, unknown["Location"])
    assert known_queries == unknown_queries == [], "no look-up of the address before the answer"
    assert known_before == unknown_before == 0, "no mail before the answer"
    assert (known_after, unknown_after) == (1, 0)
    assert mail.outbox[0].to == ["hamlet@example.org"]
