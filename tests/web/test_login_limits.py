"""The log-in limits (docs/deploy.md, "Log-in limits"; probe finding F14): every attempt counts
against its address; only failures count against the name; a name whose failures used up the
limit still lets its owner in from an address she has logged in from before."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from .conftest import PASSWORD

pytestmark = pytest.mark.django_db

LIMIT = 3


@pytest.fixture(autouse=True)
def small_limit(settings):
    settings.SALIENT_RATE_LIMITS = {**settings.SALIENT_RATE_LIMITS, "login": (LIMIT, 300)}


def token_login(username, password, address):
    return APIClient().post("/api/auth/token", {"username": username, "password": password},
                            format="json", REMOTE_ADDR=address)


def test_successful_log_ins_do_not_count_against_the_name(hamlet):
    for n in range(2 * LIMIT):
        assert token_login("hamlet", PASSWORD, f"10.0.0.{n}").status_code == 200


def test_failures_from_many_addresses_lock_the_name_but_not_its_owners_usual_address(hamlet):
    assert token_login("hamlet", PASSWORD, "10.0.1.1").status_code == 200  # her usual address
    for n in range(LIMIT):  # a stranger guessing from addresses each under its own limit
        assert token_login("hamlet", "guess", f"10.0.2.{n}").status_code == 400
    # The name is locked for every other address, the right password included…
    guessed = token_login("hamlet", PASSWORD, "10.0.2.99")
    assert guessed.status_code == 429
    assert guessed.json()["error"]["code"] == "auth/rate_limited"
    # …but not for the owner where she has logged in before, by the API or the page.
    assert token_login("hamlet", PASSWORD, "10.0.1.1").status_code == 200
    page = APIClient().post("/accounts/login/", {"username": "hamlet", "password": PASSWORD},
                            REMOTE_ADDR="10.0.1.1")
    assert page.status_code == 302


def test_the_log_in_page_counts_failures_against_the_name(hamlet):
    for n in range(LIMIT):
        page = APIClient().post("/accounts/login/", {"username": "hamlet", "password": "x"},
                                REMOTE_ADDR=f"10.0.3.{n}")
        assert page.status_code == 200
    assert token_login("hamlet", PASSWORD, "10.0.3.99").status_code == 429


def test_an_address_is_limited_whatever_the_names_it_tries(hamlet, othello):
    for name in ("hamlet", "othello", "iago"):
        token_login(name, "x", "10.0.4.1")
    assert token_login("hamlet", PASSWORD, "10.0.4.1").status_code == 429
    assert token_login("hamlet", PASSWORD, "10.0.4.2").status_code == 200
