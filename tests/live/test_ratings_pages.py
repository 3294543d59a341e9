"""The pages of ratings, profiles and the archive (issue #26): the leaderboard, a player's
profile (ratings, reliability, games) and the archive search, built from real games played
through the action service and rated by the rating job — the pages say what the REST views
say (one service module, boardgame/ratings/profiles.py)."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from boardgame.ratings import rate

from .test_ratings import duel

pytestmark = pytest.mark.django_db


@pytest.fixture
def rated(hamlet, othello):
    games = [duel(hamlet, othello) for _ in range(3)]
    rate.rate_due()
    return games


def test_26_the_leaderboard_page_lists_what_the_api_ranks(rated, client):
    api = APIClient().get("/api/ratings").json()["players"]
    assert [p["player"] for p in api] == ["hamlet", "othello"] or \
        [p["player"] for p in api] == ["othello", "hamlet"]
    page = client.get("/ratings/").content.decode()
    rows = page.split('id="leaderboard-table"')[1]
    for player in api:
        assert f'href="/players/{player["player"]}/"' in rows and str(player["rating"]) in rows
    assert rows.index(api[0]["player"]) < rows.index(api[1]["player"])
    empty = client.get("/ratings/?scope=ruleset:balance_of_powers").content.decode()
    assert "No one has three rated games here yet." in empty
    assert client.get("/ratings/?scope=" + "x" * 81).status_code == 400


def test_26_a_players_page_shows_ratings_reliability_and_games(rated, client, hamlet):
    profile = APIClient().get("/api/players/hamlet").json()
    page = client.get("/players/hamlet/").content.decode()
    assert str(profile["ratings"][0]["rating"]) in page.split('id="player-ratings"')[1]
    reliability = page.split('id="player-reliability"')[1].split("</dl>")[0]
    assert f"<dd>{profile['reliability']['missed_deadlines']}</dd>" in reliability
    games = page.split('id="player-games"')[1]
    assert games.count("Replay") == len(rated) == len(profile["games"])
    assert client.get("/players/nobody/").status_code == 404


def test_26_the_archive_page_searches_and_explains_a_refused_search(rated, client):
    page = client.get("/games/?player=hamlet&state=finished").content.decode()
    listed = page.split('id="archive-games"')[1]
    assert all(f'href="/games/{g.pk}/"' in listed for g in rated)
    refused = client.get("/games/?result=won")
    assert refused.status_code == 400
    assert "result won or lost needs a player." in refused.content.decode()
    none = client.get("/games/?player=nobody").content.decode()
    assert 'id="archive-empty"' in none
    assert 'href="/games/"' in client.get("/").content.decode()     # in the site's menu


def test_26_the_lobby_shows_a_hosts_rating_and_filters_by_rating_and_reliability(
        rated, client, hamlet, iago):
    from boardgame.lobby import services as lobby
    rated_table = lobby.do_create_table(hamlet, title="Rated host", ruleset="toy_skirmish",
                                        scenario="duel")
    gone = lobby.do_create_table(iago, title="Gone", ruleset="toy_skirmish", scenario="duel")
    lobby.do_abandon_table(iago, gone.pk)
    fresh = lobby.do_create_table(iago, title="New host", ruleset="toy_skirmish",
                                  scenario="duel")
    hamlet_rating = APIClient().get("/api/players/hamlet").json()["ratings"][0]["rating"]
    page = client.get("/").content.decode()
    row = page.split(f'href="/tables/{rated_table.pk}/"')[1].split("</tr>")[0]
    assert f'<span class="tag" title="Overall rating">{hamlet_rating}</span>' in row
    iago_row = page.split(f'href="/tables/{fresh.pk}/"')[1].split("</tr>")[0]
    assert "unreliable" in iago_row and "Overall rating" not in iago_row
    by_rating = client.get(f"/?min_rating={hamlet_rating}").content.decode()
    assert f'/tables/{rated_table.pk}/' in by_rating and f'/tables/{fresh.pk}/' not in by_rating
    assert f'/tables/{rated_table.pk}/' not in client.get(
        f"/?min_rating={hamlet_rating + 1}").content.decode()
    reliable = client.get("/?reliable=1").content.decode()
    assert f'/tables/{rated_table.pk}/' in reliable and f'/tables/{fresh.pk}/' not in reliable


def test_26_a_seat_left_in_civil_disorder_stays_on_the_players_record(hamlet, othello):
    from .test_bot_seats import blue_misses_a_deadline
    game = blue_misses_a_deadline(hamlet, othello, disorder_bot=1)
    assert game.live["disorder"] == []          # the bot holds blue now
    record = APIClient().get("/api/players/othello").json()["reliability"]
    assert record["civil_disorder"] == 1 and record["missed_deadlines"] == 1
