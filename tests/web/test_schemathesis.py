"""A bounded property-based run against /api/schema/: no request makes the server fail."""

from __future__ import annotations

import pytest
import schemathesis
from django.core import signals
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from hypothesis import HealthCheck, given, settings

pytestmark = pytest.mark.django_db

MAX_EXAMPLES = 12


def _hypothesis_jsonschema_compat() -> None:
    """hypothesis-jsonschema 0.23.1 (the latest) drives Hypothesis' private `many` helper
    through `more()`, which Hypothesis ≥ 6.16x replaced by `with many(...)` + iteration.
    Give `many` its old `more()` on top of the new protocol so the schema run works with the
    Hypothesis version `requirements-test.txt` resolves to. A no-op on older Hypothesis."""
    from hypothesis.internal.conjecture import utils as cu

    if hasattr(cu.many, "more"):
        return

    def more(self) -> bool:
        if self._depth is None:
            self.__enter__()
            self._compat_iter = iter(self)
        try:
            next(self._compat_iter)
        except StopIteration:
            self._closed = True
            return False
        return True

    cu.many.more = more


_hypothesis_jsonschema_compat()


@pytest.fixture
def keep_test_connection():
    """Django's test client keeps the test's connection open across requests; the raw WSGI
    app would close it after each request (request_finished → close_old_connections)."""
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    yield
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)


@pytest.fixture
def private_table(make_table, hamlet):
    return make_table(hamlet, visibility="private")


def test_no_server_errors_anywhere_in_the_schema(started_game, hamlet, private_table, caplog,
                                                 keep_test_connection):
    # (keep_test_connection comes last: Django's test client reconnects the signal.)
    app = get_wsgi_application()
    schema = schemathesis.from_wsgi("/api/schema/", app)
    headers = {"Authorization": f"Token {hamlet.auth_token.key}"}
    failures: list[str] = []
    checked = 0
    for result in schema.get_all_operations():
        operation = result.ok()
        if operation.path.startswith(("/api/auth/", "/api/schema")):
            continue  # auth: rate limits turn repeats into 429s; covered by their own tests

        @given(case=operation.as_strategy())
        @settings(max_examples=MAX_EXAMPLES, deadline=None, database=None,
                  suppress_health_check=list(HealthCheck))
        def call(case) -> None:
            response = case.call_wsgi(headers=headers)
            if response.status_code >= 500:
                logged = [r for r in caplog.records if r.exc_info]
                cause = ""
                if logged:
                    import traceback
                    cause = "".join(traceback.format_exception(*logged[-1].exc_info)[-3:])
                failures.append(f"{case.method} {case.formatted_path} {case.query} "
                                f"{case.headers} {case.cookies} → {response.status_code}: "
                                f"{cause}")
            elif response.status_code >= 400:
                body = response.json
                assert "error" in body and body["error"]["code"], (case.path, body)

        call()
        checked += 1
    assert checked >= 12
    assert not failures, "\n".join(failures)
