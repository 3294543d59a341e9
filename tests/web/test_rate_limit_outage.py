"""Rate limits while the shared cache is down (probe finding F8): log-in, sign-up and table
chat keep answering, counted in this process's memory, with one warning per outage. Uses a
redis-server of its own, stopped and started by PID (never the shared one)."""

from __future__ import annotations

import logging

import pytest
from django.test import Client
from rest_framework.test import APIClient

from boardgame.accounts import ratelimit
from tests.live.conftest import RedisServer

from .conftest import PASSWORD

pytestmark = pytest.mark.django_db

LIMIT = 3


@pytest.fixture
def own_redis_cache(settings):
    server = RedisServer()
    server.start()
    usual = settings.CACHES
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache",
                                   "LOCATION": server.url, "KEY_PREFIX": "outage-test"}}
    settings.SALIENT_RATE_LIMITS = {**settings.SALIENT_RATE_LIMITS, "login": (LIMIT, 300)}
    ratelimit.LOCAL.__init__()  # a fresh process's fallback
    yield server
    settings.CACHES = usual  # the suite's clean-up clears the usual cache after this
    server.stop()


def outage_lines(caplog, words):
    return [r for r in caplog.records if r.name == "boardgame.accounts.ratelimit"
            and words in r.getMessage()]


def test_with_the_cache_down_log_in_sign_up_and_table_chat_still_answer(
        own_redis_cache, hamlet, api, make_table, caplog):
    caplog.set_level(logging.WARNING, logger="boardgame.accounts.ratelimit")
    tid = make_table(hamlet)["id"]
    own_redis_cache.stop()

    def token_login(password, address="10.1.0.1"):
        return APIClient().post("/api/auth/token", {"username": "hamlet", "password": password},
                                format="json", REMOTE_ADDR=address)
    assert token_login(PASSWORD).status_code == 200
    page = Client().post("/accounts/login/", {"username": "hamlet", "password": PASSWORD},
                         REMOTE_ADDR="10.1.0.2")
    assert page.status_code == 302
    signed_up = APIClient().post("/api/auth/register",
                                 {"username": "horatio", "password": PASSWORD}, format="json")
    assert signed_up.status_code == 201, signed_up.json()
    chat = api(hamlet).post(f"/api/tables/{tid}/chat", {"text": "still here"}, format="json")
    assert chat.status_code == 201, chat.json()
    # The limits still hold, counted here: one address, LIMIT attempts.
    for _ in range(LIMIT - 1):
        assert token_login("wrong").status_code == 400
    refused = token_login(PASSWORD)
    assert refused.status_code == 429
    assert refused.json()["error"]["code"] == "auth/rate_limited"
    assert len(outage_lines(caplog, "unavailable")) == 1, "one warning per outage"

    own_redis_cache.start()
    assert token_login(PASSWORD, "10.1.0.9").status_code == 200
    assert len(outage_lines(caplog, "answers again")) == 1
