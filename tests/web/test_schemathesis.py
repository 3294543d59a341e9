"""A bounded property-based run against /api/schema/: no request makes the server fail.

Path ids are drawn from real objects made for each operation (an open table, a started game,
a private table; one unknown id), so generated seats, usernames, texts and query strings get
past the 404 and reach the lookups and saves where bad text used to fail (probe F11, T4).
"""

from __future__ import annotations

import pytest
import schemathesis
from django.core import signals
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from hypothesis import HealthCheck, given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

pytestmark = pytest.mark.django_db

MAX_EXAMPLES = 30


@pytest.fixture
def keep_test_connection():
    """Django's test client keeps the test's connection open across requests; the raw WSGI
    app would close it after each request (request_finished → close_old_connections). Gives
    `hold()`, to call again after any test-client request (the client reconnects the signal)."""
    def hold() -> None:
        signals.request_started.disconnect(close_old_connections)
        signals.request_finished.disconnect(close_old_connections)
    hold()
    yield hold
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)


UNKNOWN_ID = 999_999


@pytest.fixture
def real_ids(api, make_table, hamlet, othello):
    """Makes, per call, fresh objects for one operation (an earlier operation may have
    started, abandoned or filled the previous ones): the ids each path parameter draws from."""
    def make() -> dict[str, list[int]]:
        open_table = make_table(hamlet)
        private = make_table(hamlet, visibility="private")
        started = make_table(hamlet)
        tid = started["id"]
        for user, seat in ((hamlet, "red"), (othello, "blue")):
            assert api(user).post(f"/api/tables/{tid}/seats/{seat}/claim").status_code == 200
            assert api(user).post(f"/api/tables/{tid}/ready", {}, format="json").status_code == 200
        game = api(hamlet).post(f"/api/tables/{tid}/start").json()["game"]
        return {"table_id": [open_table["id"], private["id"], tid, UNKNOWN_ID],
                "game_id": [game, UNKNOWN_ID]}
    return make


def test_no_server_errors_anywhere_in_the_schema(hamlet, real_ids, caplog, settings,
                                                 keep_test_connection):
    # Fresh tables per operation: far over the per-host quota of open tables (F12).
    settings.SALIENT_MAX_OPEN_TABLES = 10_000
    app = get_wsgi_application()
    schema = schemathesis.from_wsgi("/api/schema/", app)
    headers = {"Authorization": f"Token {hamlet.auth_token.key}"}
    failures: list[str] = []
    checked = 0
    for result in schema.get_all_operations():
        operation = result.ok()
        if operation.path.startswith(("/api/auth/", "/api/schema")):
            continue  # auth: rate limits turn repeats into 429s; covered by their own tests
        ids = real_ids()
        keep_test_connection()  # real_ids used the test client

        @given(case=operation.as_strategy(), pick=st.data())
        @hypothesis_settings(max_examples=MAX_EXAMPLES, deadline=None, database=None,
                             suppress_health_check=list(HealthCheck))
        def call(case, pick) -> None:
            for name, choices in ids.items():  # noqa: B023 — run within this iteration
                if name in (case.path_parameters or {}):
                    case.path_parameters[name] = pick.draw(st.sampled_from(choices), name)
            response = case.call_wsgi(headers=headers)
            if response.status_code >= 500:
                logged = [r for r in caplog.records if r.exc_info]
                cause = ""
                if logged:
                    import traceback
                    cause = "".join(traceback.format_exception(*logged[-1].exc_info)[-3:])
                failures.append(f"{case.method} {case.formatted_path} {case.query} "
                                f"{case.headers} {case.cookies} → {response.status_code} "
                                f"{response.get_data(as_text=True)[:200]}: {cause}")
            elif response.status_code >= 400:
                body = response.json
                assert "error" in body and body["error"]["code"], (case.path, body)

        call()
        checked += 1
    assert checked >= 12
    assert not failures, "\n".join(failures)
