"""The vacation bank (boardgame/vacation): an away player's deadline that would pass moves a
day and spends a day of their bank, at most three in a row per seat (an answer starts the
count again), none once the bank is empty; the badge is in the public clock frame."""

from __future__ import annotations

import datetime as dt

import pytest
from rest_framework.test import APIClient

from boardgame.play import actions, clocks, deadlines
from boardgame.play.models import Game
from boardgame.vacation import bank
from boardgame.vacation.models import VacationDay

from . import helpers

pytestmark = pytest.mark.django_db
DAY = 86_400_000


at = helpers.at


def client(user):
    api = APIClient()
    api.force_authenticate(user)
    return api


@pytest.fixture
def duel(hamlet, othello):
    """An async duel (24 h deadlines) in which red has answered: blue is awaited."""
    game = helpers.start_game(hamlet, {"red": hamlet, "blue": othello}, pace="async",
                              deadline_hours=24)
    deadlines.initialise_new_games()
    game = Game.objects.get(pk=game.pk)
    for seat, decision, action in helpers.next_moves(game.state):
        if seat == "red":
            actions.submit_action(game.pk, hamlet, seat, decision, action, "r1")
    return Game.objects.get(pk=game.pk)


def blue_deadline(game):
    return Game.objects.get(pk=game.pk).live["deadlines"]["blue"]


def test_an_away_players_deadline_moves_a_day_on_the_bank(duel, othello, settings):
    settings.SALIENT_VACATION_DAYS = 5
    api = client(othello)
    assert api.post("/api/me/vacation", {"away": True}, format="json").json()["away"] is True
    first = blue_deadline(duel)
    deadlines.run_due(now=at(first + 1000))
    game = Game.objects.get(pk=duel.pk)
    assert game.live["deadlines"]["blue"] == first + DAY
    assert game.live["missed"]["blue"] == 0                     # nothing timed out
    assert clocks.clock_frame(game)["vacation"] == {"blue": 1}  # the public badge
    assert api.get("/api/me/vacation").json()["days_left"] == 4
    assert "blue" in game.live["remind"]                        # a fresh reminder armed


def test_three_in_a_row_at_most_then_the_deadline_passes(duel, othello):
    client(othello).post("/api/me/vacation", {"away": True}, format="json")
    deadline = blue_deadline(duel)
    for _ in range(3):
        deadlines.run_due(now=at(deadline + 1000))
        deadline = blue_deadline(duel)
    deadlines.run_due(now=at(deadline + 1000))
    game = Game.objects.get(pk=duel.pk)
    assert VacationDay.objects.filter(user=othello).count() == 3
    assert game.live["missed"]["blue"] == 1                     # the fourth day timed out


def test_an_empty_bank_or_a_player_at_home_spends_nothing(duel, othello, settings):
    deadline = blue_deadline(duel)
    settings.SALIENT_VACATION_DAYS = 0
    client(othello).post("/api/me/vacation", {"away": True}, format="json")
    deadlines.run_due(now=at(deadline + 1000))
    assert Game.objects.get(pk=duel.pk).live["missed"]["blue"] == 1
    assert not VacationDay.objects.exists()


def test_not_away_times_out_as_always(duel, othello):
    client(othello).post("/api/me/vacation", {"away": True}, format="json")
    client(othello).post("/api/me/vacation", {"away": False}, format="json")
    deadlines.run_due(now=at(blue_deadline(duel) + 1000))
    assert Game.objects.get(pk=duel.pk).live["missed"]["blue"] == 1
    assert client(othello).post("/api/me/vacation", {"away": "yes"},
                                format="json").status_code == 400


def blue_to_move_in_round_1(hamlet, othello, rounds):
    """An async duel of `rounds` rounds played to blue's move in round 1: red bids its lowest
    card, blue its highest (a new game when red still wins)."""
    for attempt in range(20):
        game = helpers.start_game(hamlet, {"red": hamlet, "blue": othello}, pace="async",
                                  deadline_hours=24, options={"rounds": rounds})
        deadlines.initialise_new_games()
        for step in range(12):
            game = Game.objects.get(pk=game.pk)
            flow = game.state["flow"]
            if game.is_over:
                break
            moves = helpers.next_moves(game.state)
            if flow["round"] == 1 and [m[0] for m in moves] == ["blue"] \
                    and flow["step"] == "move":
                return game
            for seat, decision, action in moves:
                user = hamlet if seat == "red" else othello
                if flow["step"] == "bid":
                    hand = game.state["secret"][seat]["hand"]
                    action = {"card": min(hand) if seat == "red" else max(hand)}
                actions.submit_action(game.pk, user, seat, decision, action,
                                      f"a{attempt}-{step}-{seat}")
            if flow["round"] > 1:
                break
    raise AssertionError("blue never won the first bid")


def test_26_no_vacation_day_when_the_defaults_would_end_the_game(hamlet, othello):
    """A day must not stall a decided game: blue's move is the last of a one-round duel (from
    its corner it cannot end next to red, so no reaction follows), so its default would end
    it — the deadline passes though blue is away."""
    game = blue_to_move_in_round_1(hamlet, othello, rounds=1)
    client(othello).post("/api/me/vacation", {"away": True}, format="json")
    deadlines.run_due(now=at(blue_deadline(game) + 1000))
    game = Game.objects.get(pk=game.pk)
    assert game.is_over and not VacationDay.objects.exists()


def test_26_a_vacation_day_when_the_game_goes_on(hamlet, othello):
    game = blue_to_move_in_round_1(hamlet, othello, rounds=2)
    client(othello).post("/api/me/vacation", {"away": True}, format="json")
    first = blue_deadline(game)
    deadlines.run_due(now=at(first + 1000))
    game = Game.objects.get(pk=game.pk)
    assert not game.is_over and game.live["deadlines"]["blue"] == first + DAY
    assert VacationDay.objects.filter(user=othello).count() == 1


def test_26_the_bank_shown_is_the_year_the_days_were_spent_in(hamlet, othello, monkeypatch):
    """The status counts the days of the year on the server's clock, the one the sweeper
    spends them by (found by the acceptance run, whose clock is in another year than the
    machine's calendar)."""
    clock = helpers.ControlledClock(monkeypatch, dt.datetime(2031, 12, 30, 12,
                                                             tzinfo=dt.timezone.utc))
    game = helpers.start_game(hamlet, {"red": hamlet, "blue": othello}, pace="async",
                              deadline_hours=24)
    deadlines.initialise_new_games()
    game = Game.objects.get(pk=game.pk)
    for seat, decision, action in helpers.next_moves(game.state):
        if seat == "red":
            actions.submit_action(game.pk, hamlet, seat, decision, action, "r1")
    api = client(othello)
    api.post("/api/me/vacation", {"away": True}, format="json")
    clock.now = at(blue_deadline(game) + 1000)
    deadlines.run_due()
    assert VacationDay.objects.get(user=othello).year == 2031
    assert api.get("/api/me/vacation").json()["days_left"] == bank.days_per_year() - 1
