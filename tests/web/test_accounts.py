"""Accounts: registration rules, rate limits in the shared cache, CSRF on session API calls,
password reset by e-mail, pages."""

from __future__ import annotations

import os
import re

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.core.cache import caches
from django.test import Client
from rest_framework.test import APIClient

from boardgame.lobby.models import Table

from .conftest import PASSWORD, needs_redis

pytestmark = pytest.mark.django_db


def test_register_refuses_weak_password_and_taken_name(hamlet):
    client = APIClient()
    weak = client.post("/api/auth/register", {"username": "ophelia", "password": "12345678"},
                       format="json")
    assert weak.status_code == 400 and weak.json()["error"]["code"] == "auth/weak_password"
    assert "common" in weak.json()["error"]["message"] or "numeric" in weak.json()["error"][
        "message"]
    taken = client.post("/api/auth/register", {"username": "HAMLET", "password": PASSWORD},
                        format="json")
    assert taken.status_code == 409 and taken.json()["error"]["code"] == "auth/username_taken"
    assert get_user_model().objects.count() == 1


def test_login_rate_limit_in_the_shared_cache(settings, hamlet):
    settings.SALIENT_RATE_LIMITS = {**settings.SALIENT_RATE_LIMITS, "login": (3, 300)}
    client = APIClient()
    for _ in range(3):
        bad = client.post("/api/auth/token", {"username": "hamlet", "password": "nope"},
                          format="json")
        assert bad.status_code == 400
        assert bad.json()["error"]["code"] == "auth/invalid_credentials"
    limited = client.post("/api/auth/token", {"username": "hamlet", "password": PASSWORD},
                          format="json")
    assert limited.status_code == 429
    error = limited.json()["error"]
    assert error["code"] == "auth/rate_limited" and "try again" in error["message"]
    # The session log-in and the log-in page share the same counters.
    assert client.post("/api/auth/login", {"username": "hamlet", "password": PASSWORD},
                       format="json").status_code == 429
    page = Client().post("/accounts/login/", {"username": "hamlet", "password": PASSWORD})
    assert page.status_code == 429 and b"Too many" in page.content
    # The counters live in the configured shared cache, not in process memory.
    backend = caches["default"].__class__.__name__
    assert backend in ("DatabaseCache", "RedisCache")


def test_register_rate_limit(settings):
    settings.SALIENT_RATE_LIMITS = {**settings.SALIENT_RATE_LIMITS, "register": (2, 3600)}
    client = APIClient()
    for name in ("rosencrantz", "guildenstern"):
        assert client.post("/api/auth/register", {"username": name, "password": PASSWORD},
                           format="json").status_code == 201
    limited = client.post("/api/auth/register", {"username": "fortinbras",
                                                  "password": PASSWORD}, format="json")
    assert limited.status_code == 429
    assert not get_user_model().objects.filter(username="fortinbras").exists()


def test_fresh_install_migrate_makes_the_cache_table_and_sign_up_works(tmp_path):
    """The README's first command on a fresh machine runs `migrate` on an empty SQLite file and
    nothing else: the rate-limit cache table must come from that, or sign-up answers 500. (The
    test database cannot show this: Django's test set-up runs createcachetable itself.)"""
    import sqlite3
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "DJANGO_SETTINGS_MODULE")}
    env["DATABASE_URL"] = f"sqlite:///{tmp_path / 'fresh.sqlite3'}"
    subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v0"], cwd=root,
                   env=env, check=True, timeout=300)
    tables = {row[0] for row in sqlite3.connect(tmp_path / "fresh.sqlite3").execute(
        "SELECT name FROM sqlite_master WHERE type='table'")}
    assert "django_cache" in tables
    sign_up = (
        "import django, json; django.setup()\n"
        "from django.test import Client\n"
        "r = Client().post('/api/auth/register', json.dumps({'username': 'newcomer', "
        "'password': 'a-long-and-rare-passphrase'}), content_type='application/json')\n"
        "print(r.status_code)\n")
    done = subprocess.run([sys.executable, "-c", sign_up], cwd=root, timeout=120,
                          env={**env, "DJANGO_SETTINGS_MODULE": "boardgame.settings"},
                          capture_output=True, text=True)
    assert done.stdout.strip() == "201", done.stderr[-2000:]


def test_shared_cache_is_redis_or_the_database_table(settings):
    """With REDIS_URL the cache is Redis; without it, the database table made by migrate."""
    from django.db import connection
    backend = settings.CACHES["default"]["BACKEND"]
    if settings.REDIS_URL:
        assert backend.endswith("RedisCache")
    else:
        assert backend.endswith("DatabaseCache")
        assert "django_cache" in connection.introspection.table_names()


@pytest.mark.redis
@needs_redis()
def test_rate_limit_counters_are_on_redis(settings, hamlet):
    import redis

    settings.SALIENT_RATE_LIMITS = {**settings.SALIENT_RATE_LIMITS, "login": (1, 300)}
    APIClient().post("/api/auth/token", {"username": "hamlet", "password": "x"}, format="json")
    keys = redis.Redis.from_url(settings.REDIS_URL).keys("*rl:login*")
    assert keys, "the login counter is a Redis key, visible to every process"


def test_csrf_enforced_on_session_api_calls(hamlet):
    client = APIClient(enforce_csrf_checks=True)
    login = client.post("/api/auth/login", {"username": "hamlet", "password": PASSWORD},
                        format="json")
    assert login.status_code == 200
    body = {"ruleset": "toy_skirmish", "scenario": "duel"}
    refused = client.post("/api/tables/", body, format="json")
    assert refused.status_code == 403
    assert refused.json()["error"]["code"] == "auth/csrf_failed"
    assert Table.objects.count() == 0
    token = client.cookies["csrftoken"].value
    accepted = client.post("/api/tables/", body, format="json", HTTP_X_CSRFTOKEN=token)
    assert accepted.status_code == 201, accepted.json()
    # Token-authenticated calls need no CSRF token (no cookie is involved).
    bot = APIClient(enforce_csrf_checks=True)
    bot.credentials(HTTP_AUTHORIZATION=f"Token {hamlet.auth_token.key}")
    assert bot.post("/api/tables/", body, format="json").status_code == 201


def test_password_reset_by_email(hamlet):
    client = Client()
    response = client.post("/accounts/password-reset/", {"email": "hamlet@example.org"})
    assert response.status_code == 302
    assert len(mail.outbox) == 1 and "hamlet" in mail.outbox[0].body
    link = re.search(r"http://testserver(/accounts/reset/\S+/)", mail.outbox[0].body).group(1)
    form = client.get(link, follow=True)
    assert form.status_code == 200 and b"new password" in form.content.lower()
    done = client.post(form.redirect_chain[-1][0], {"new_password1": "An0ther-long-secret",
                                                    "new_password2": "An0ther-long-secret"})
    assert done.status_code == 302
    hamlet.refresh_from_db()
    assert hamlet.check_password("An0ther-long-secret")


def test_signup_and_login_pages():
    client = Client()
    page = client.get("/accounts/signup/")
    assert page.status_code == 200
    # Issue #18, review friction 13: the address is also for notifications (issue #26).
    assert "Only for password resets" not in page.content.decode()
    assert "a deadline nears" in page.content.decode()
    response = client.post("/accounts/signup/", {
        "username": "horatio", "email": "horatio@example.org",
        "password1": PASSWORD, "password2": PASSWORD})
    assert response.status_code == 302, response.content
    assert client.get("/accounts/profile/").status_code == 200
    client.post("/accounts/logout/")
    assert client.get("/accounts/profile/").status_code == 302
    assert client.post("/accounts/login/", {"username": "horatio",
                                            "password": PASSWORD}).status_code == 302


def test_the_quick_start_lets_one_address_sign_up_every_seat_of_the_largest_table():
    """The embedded quick start (not production) must let one host sign up a newcomer per
    side of the biggest product table from one machine: The War to End All Wars has six
    sides, one more than production's five sign-ups an hour per address."""
    import importlib
    import os

    from boardgame import settings as project_settings
    from engine import rulesets

    sides = max(len({seat.get("side", seat["id"]) for seat in scenario["seats"]})
                for manifest in rulesets.manifests() if manifest["product"]
                for scenario in manifest["scenarios"])
    assert sides >= 6
    saved = os.environ.pop("SALIENT_REGISTER_LIMIT", None)
    try:
        fresh = importlib.reload(project_settings)
        assert not fresh.PRODUCTION
        assert fresh.SALIENT_RATE_LIMITS["register"][0] >= sides
    finally:
        if saved is not None:
            os.environ["SALIENT_REGISTER_LIMIT"] = saved
        importlib.reload(project_settings)
