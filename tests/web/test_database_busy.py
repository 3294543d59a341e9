"""A request that finds no database connection free within the pool's timeout (probe finding
F1): a 503 that says so — the JSON error under /api/, a plain page elsewhere — never a 500.
(tests/live/test_db_pool.py presses a real pool; here the pool's timeout is raised on cue.)"""

from __future__ import annotations

import pytest
from django.db import OperationalError
from django.test import Client
from psycopg_pool import PoolTimeout

from boardgame.lobby import services

pytestmark = pytest.mark.django_db


@pytest.fixture
def pool_exhausted(monkeypatch):
    def busy(*args, **kwargs):
        # What Django raises when psycopg_pool's getconn() times out.
        try:
            raise PoolTimeout("couldn't get a connection after 5.00 sec")
        except PoolTimeout as exc:
            raise OperationalError(str(exc)) from exc
    monkeypatch.setattr(services, "list_tables", busy)


def test_api_answers_503_json(pool_exhausted):
    response = Client(raise_request_exception=False).get("/api/tables/")
    assert response.status_code == 503 and response["Retry-After"] == "1"
    assert response.json()["error"]["code"] == "server/busy"


def test_pages_answer_a_plain_503(pool_exhausted, settings):
    settings.DEBUG = False
    response = Client(raise_request_exception=False).get("/")
    assert response.status_code == 503 and b"busy" in response.content


def test_other_database_errors_stay_500(monkeypatch):
    def broken(*args, **kwargs):
        raise OperationalError("server closed the connection unexpectedly")
    monkeypatch.setattr(services, "list_tables", broken)
    response = Client(raise_request_exception=False).get("/api/tables/")
    assert response.status_code == 500
    assert response.json()["error"]["code"] == "server/error"


def test_a_socket_action_without_a_connection_is_refused_not_crashed():
    """The game socket's database calls: the pool's timeout becomes the refusal
    `server/busy` (a reject frame; the socket stays open), other errors pass unchanged."""
    from boardgame.api.errors import DatabaseBusy
    from boardgame.play.consumers import _busy_as_refusal

    def busy():
        try:
            raise PoolTimeout("couldn't get a connection after 5.00 sec")
        except PoolTimeout as exc:
            raise OperationalError(str(exc)) from exc

    def broken():
        raise OperationalError("server closed the connection unexpectedly")

    with pytest.raises(DatabaseBusy) as refused:
        _busy_as_refusal(busy)()
    assert refused.value.code == "server/busy" and refused.value.status == 503
    with pytest.raises(OperationalError):
        _busy_as_refusal(broken)()
