"""Race-safe seat claims on PostgreSQL: threads with their own connections claim at the same
instant; exactly one wins, the others get table/seat_taken."""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from boardgame.api.errors import Conflict
from boardgame.lobby import services
from boardgame.lobby.models import Seat

from .conftest import needs_postgres

pytestmark = [pytest.mark.postgres, needs_postgres(), pytest.mark.django_db(transaction=True)]

CONTENDERS = 8


def race(calls) -> list:
    """Run the calls in threads released together; each thread uses its own connection."""
    barrier = threading.Barrier(len(calls))
    outcomes: list = [None] * len(calls)

    def run(index: int, call) -> None:
        try:
            barrier.wait(timeout=10)
            outcomes[index] = ("ok", call())
        except Exception as exc:  # noqa: BLE001 — the outcome is what the test checks
            outcomes[index] = ("error", exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    return outcomes


def test_concurrent_claims_of_one_seat_have_exactly_one_winner(make_user):
    assert connection.vendor == "postgresql"
    host = make_user("hamlet")
    table = services.do_create_table(host, title="Race", ruleset="toy_skirmish",
                                     scenario="duel")
    users = [make_user(f"player{i}") for i in range(CONTENDERS)]
    outcomes = race([lambda u=u: services.do_claim_seat(u, table.pk, "red") for u in users])
    wins = [o for o in outcomes if o[0] == "ok"]
    losses = [o for o in outcomes if o[0] == "error"]
    assert len(wins) == 1, outcomes
    assert all(isinstance(exc, Conflict) and exc.code == "table/seat_taken"
               for _, exc in losses), losses
    red = Seat.objects.get(table=table, seat="red")
    assert red.user is not None and red.user.username.startswith("player")


def test_one_user_racing_for_two_seats_holds_one(make_user):
    host = make_user("hamlet")
    table = services.do_create_table(host, title="Race", ruleset="toy_skirmish",
                                     scenario="duel", allow_multiple_seats=False)
    outcomes = race([lambda s=s: services.do_claim_seat(host, table.pk, s)
                     for s in ("red", "blue")] * 3)
    assert all(o[0] == "ok" for o in outcomes), outcomes
    assert Seat.objects.filter(table=table, user=host).count() == 1
