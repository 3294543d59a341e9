"""Error answers: the development error page keeps tracebacks but never shows connection
strings (probe F11); under /api/ every error is the JSON error form (probe F16)."""

from __future__ import annotations

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

DB_PASSWORD = "db-hunter2"
REDIS_PASSWORD = "redis-hunter2"


@pytest.fixture
def crashing_home(monkeypatch):
    from boardgame.lobby import services

    def boom(*args, **kwargs):
        raise RuntimeError("planted crash for the error page")
    monkeypatch.setattr(services, "list_tables", boom)


def test_development_error_page_hides_connection_strings(settings, crashing_home):
    settings.DEBUG = True
    settings.DATABASE_URL = f"postgres://salient:{DB_PASSWORD}@db.example:5432/salient"
    settings.REDIS_URL = f"redis://:{REDIS_PASSWORD}@cache.example:6379/0"
    # The same URL under names no pattern can know (CACHES' LOCATION, a layer's hosts).
    settings.SALIENT_TEST_LAYER = {"CONFIG": {"hosts": [settings.REDIS_URL]},
                                   "LOCATION": settings.DATABASE_URL}
    response = Client(raise_request_exception=False).get("/")
    assert response.status_code == 500
    page = response.content.decode()
    assert "planted crash for the error page" in page and "Traceback" in page, \
        "the development page still shows the traceback"
    assert "DATABASE_URL" in page and "REDIS_URL" in page  # listed, with the value hidden
    assert DB_PASSWORD not in page
    assert REDIS_PASSWORD not in page


@pytest.mark.parametrize("debug", [False, True])
def test_api_refusal_before_any_view_is_json(settings, debug):
    """Django refuses a Host outside ALLOWED_HOSTS itself, with its HTML page (in DEBUG its
    technical page, settings and all); under /api/ the answer is the JSON error form."""
    settings.DEBUG = debug
    response = Client(raise_request_exception=False).get("/api/tables/",
                                                         HTTP_HOST="evil.example")
    assert response.status_code == 400
    assert response["Content-Type"] == "application/json"
    assert response.json()["error"]["code"] == "request/malformed"
    assert set(response.json()["error"]) == {"code", "message", "data"}


def test_a_page_refusal_stays_a_page(settings):
    response = Client(raise_request_exception=False).get("/", HTTP_HOST="evil.example")
    assert response.status_code == 400
    assert "json" not in response["Content-Type"]
