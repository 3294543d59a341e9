"""Deadline reminders at the times each player chose (boardgame/notifications/reminders.py),
with a controlled clock: the default (a quarter of the time left), several chosen times one
armed at a time, a fresh reminder when the deadline moves, none once answered or when written
orders already answer, none twice, and times of day in the player's time zone."""

from __future__ import annotations

import datetime as dt

import pytest

from boardgame.notifications import reminders
from boardgame.notifications.messages import local_time
from boardgame.notifications.models import Notice, Preferences
from boardgame.play import actions, deadlines, orders
from boardgame.play.models import Game

from . import helpers

pytestmark = pytest.mark.django_db
HOUR = 3_600_000


at = helpers.at


def duel(hamlet, othello, **options):
    """hamlet red, othello blue, an async duel with a 24 h deadline, initialised; red answers
    what it must, so blue is the seat the game waits for."""
    game = helpers.start_game(hamlet, {"red": hamlet, "blue": othello}, pace="async",
                              deadline_hours=24, options=options)
    deadlines.initialise_new_games()
    return Game.objects.get(pk=game.pk)


def reminded(user) -> list[Notice]:
    return list(Notice.objects.filter(user=user, kind="deadline_near").order_by("id"))


def sweep(ms: int) -> None:
    deadlines.run_due(now=at(ms))


def test_reminder_times_in_percent_hours_and_local_time_of_day():
    deadline = int(dt.datetime(2026, 3, 29, 12, 0, tzinfo=dt.timezone.utc).timestamp() * 1000)
    period = 24 * HOUR
    assert reminders.times([{"before_percent": 25}], "UTC", deadline, period) == [
        deadline - 6 * HOUR]
    assert reminders.times([{"before_hours": 2}], "UTC", deadline, period) == [
        deadline - 2 * HOUR]
    # 08:00 in Paris on 29 March 2026 is already summer time (UTC+2): 06:00 UTC.
    paris = reminders.times([{"at": "08:00"}], "Europe/Paris", deadline, period)
    assert at(paris[0]) == dt.datetime(2026, 3, 29, 6, 0, tzinfo=dt.timezone.utc)
    # A time of day after the deadline's own is the day before's.
    late = reminders.times([{"at": "20:00"}], "Europe/Paris", deadline, period)
    assert at(late[0]) == dt.datetime(2026, 3, 28, 19, 0, tzinfo=dt.timezone.utc)
    assert local_time(deadline, "Europe/Paris").endswith("14:00 CEST")


def test_the_default_reminds_once_when_a_quarter_of_the_time_is_left(hamlet, othello):
    game = duel(hamlet, othello)
    deadline = game.live["deadlines"]["blue"]
    assert game.live["remind"]["blue"] == deadline - 6 * HOUR
    sweep(deadline - 6 * HOUR - 1000)
    assert reminded(othello) == []
    sweep(deadline - 6 * HOUR + 1000)
    sweep(deadline - 5 * HOUR)
    sweep(deadline - HOUR)
    notices = reminded(othello)
    assert len(notices) == 1
    assert notices[0].data == {"seats": ["blue"], "deadline": deadline}
    assert "blue" not in Game.objects.get(pk=game.pk).live["remind"]   # nothing left to arm


def test_chosen_times_fire_in_turn_one_armed_at_a_time(hamlet, othello):
    Preferences.objects.create(user=othello, reminders=[{"before_hours": 12},
                                                        {"before_hours": 2}])
    game = duel(hamlet, othello)
    deadline = game.live["deadlines"]["blue"]
    assert game.live["remind"]["blue"] == deadline - 12 * HOUR
    sweep(deadline - 12 * HOUR)
    assert Game.objects.get(pk=game.pk).live["remind"]["blue"] == deadline - 2 * HOUR
    sweep(deadline - 2 * HOUR)
    sweep(deadline - 2 * HOUR + 5000)
    assert len(reminded(othello)) == 2


def test_a_moved_deadline_gets_a_fresh_reminder(hamlet, othello):
    Preferences.objects.create(user=othello, reminders=[{"before_hours": 2}])
    game = duel(hamlet, othello)
    deadline = game.live["deadlines"]["blue"]
    sweep(deadline - 2 * HOUR)
    assert len(reminded(othello)) == 1
    deadlines.do_extend_deadline(game.pk, hamlet, 24)
    game = Game.objects.get(pk=game.pk)
    moved = game.live["deadlines"]["blue"]
    assert moved == deadline + 24 * HOUR
    assert game.live["remind"]["blue"] == moved - 2 * HOUR
    sweep(moved - 2 * HOUR)
    notices = reminded(othello)
    assert [n.data["deadline"] for n in notices] == [deadline, moved]


def test_no_reminder_once_the_seat_has_answered(hamlet, othello):
    game = duel(hamlet, othello)
    deadline = game.live["deadlines"]["blue"]
    for seat, decision, action in helpers.next_moves(game.state):
        user = hamlet if seat == "red" else othello
        actions.submit_action(game.pk, user, seat, decision, action, f"c{decision}")
    sweep(deadline - 6 * HOUR)
    assert reminded(othello) == []


def test_no_reminder_when_written_orders_already_answer(hamlet, othello):
    game = duel(hamlet, othello, written_orders=True)
    deadline = game.live["deadlines"]["blue"]
    card = game.state["secret"]["blue"]["hand"][0]
    orders.do_write_order(game.pk, othello, "blue", "r1-bid-blue", {"card": card})
    sweep(deadline - 6 * HOUR)
    assert reminded(othello) == []
    assert reminded(hamlet) != []          # red wrote nothing: reminded


def test_a_time_of_day_in_the_players_zone(hamlet, othello):
    Preferences.objects.create(user=othello, time_zone="America/New_York",
                               reminders=[{"at": "08:00"}])
    game = duel(hamlet, othello)
    deadline = game.live["deadlines"]["blue"]
    armed = game.live["remind"]["blue"]
    local = at(armed).astimezone(__import__("zoneinfo").ZoneInfo("America/New_York"))
    assert (local.hour, local.minute) == (8, 0)
    assert deadline - 24 * HOUR < armed < deadline
    sweep(armed)
    assert len(reminded(othello)) == 1
