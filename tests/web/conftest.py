"""Fixtures of the web tests: named players (hamlet hosts, othello and iago play), API clients
with tokens, a table builder, and a clean shared cache (rate-limit counters) per test."""

from __future__ import annotations

import os
from typing import Any

import pytest
from django.core.cache import cache
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

PASSWORD = "correct-horse-battery-staple"


def needs_postgres() -> pytest.MarkDecorator:
    return pytest.mark.skipif(
        not os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://")),
        reason="needs PostgreSQL: set DATABASE_URL=postgres://… (CI does)")


def needs_redis() -> pytest.MarkDecorator:
    return pytest.mark.skipif(not os.environ.get("REDIS_URL"),
                              reason="needs Redis: set REDIS_URL=redis://… (CI does)")


@pytest.fixture(autouse=True)
def _fast_and_clean(request, settings):
    """Fast password hashing; rate-limit counters start from zero (the cache may be the
    database, so this only runs for tests that use it)."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    marker = request.node.get_closest_marker("django_db")
    names = set(request.fixturenames)
    if not (marker or names & {"db", "transactional_db"}):
        yield
        return
    transactional = "transactional_db" in names or bool(
        marker and marker.kwargs.get("transaction"))
    request.getfixturevalue("transactional_db" if transactional else "db")
    clear_own_cache()
    yield
    clear_own_cache()


def clear_own_cache() -> None:
    """Empty this run's cache only. On Redis, `cache.clear()` is FLUSHDB: it would wipe every
    other user of that Redis database (another test run, a bench, a deployment); this run's
    keys all carry its SALIENT_REDIS_KEY_PREFIX (tests/conftest.py makes one per run)."""
    from django.conf import settings
    if not settings.CACHES["default"]["BACKEND"].endswith("RedisCache"):
        cache.clear()
        return
    import redis
    client = redis.Redis.from_url(settings.CACHES["default"]["LOCATION"])
    prefix = settings.CACHES["default"]["KEY_PREFIX"]
    for key in client.scan_iter(match=f"{prefix}:*", count=500):
        client.delete(key)


@pytest.fixture
def make_user(db):
    from django.contrib.auth import get_user_model

    def make(name: str) -> Any:
        user = get_user_model().objects.create_user(name, f"{name}@example.org", PASSWORD)
        Token.objects.create(user=user)
        return user
    return make


@pytest.fixture
def hamlet(make_user):
    return make_user("hamlet")


@pytest.fixture
def othello(make_user):
    return make_user("othello")


@pytest.fixture
def iago(make_user):
    return make_user("iago")


def client_for(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        token, _ = Token.objects.get_or_create(user=user)
        client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    return client


@pytest.fixture
def api():
    return client_for


@pytest.fixture
def make_table(api):
    def make(host, **fields: Any) -> dict:
        body = {"title": "Test table", "ruleset": "toy_skirmish", "scenario": "duel", **fields}
        response = api(host).post("/api/tables/", body, format="json")
        assert response.status_code == 201, response.json()
        return response.json()
    return make


@pytest.fixture
def started_game(api, make_table, hamlet, othello):
    """hamlet hosts a duel; hamlet plays red, othello blue; both ready; started."""
    table = make_table(hamlet)
    tid = table["id"]
    assert api(hamlet).post(f"/api/tables/{tid}/seats/red/claim").status_code == 200
    assert api(othello).post(f"/api/tables/{tid}/seats/blue/claim").status_code == 200
    assert api(hamlet).post(f"/api/tables/{tid}/ready", {}, format="json").status_code == 200
    assert api(othello).post(f"/api/tables/{tid}/ready", {}, format="json").status_code == 200
    response = api(hamlet).post(f"/api/tables/{tid}/start")
    assert response.status_code == 200, response.json()
    return response.json()
