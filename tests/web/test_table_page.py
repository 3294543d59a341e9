"""The table page's set-up (issue #18, "table set-up traps"): the seats-per-player rule in Edit
options, a second seat that moves the player says so, seats under their side with a take-the-
side action, options in words and edited one input each, the Start button's reason as text,
abandon asks first, and a host's seatless private table in My games."""

from __future__ import annotations

import pytest

from boardgame.lobby.models import Table

pytestmark = pytest.mark.django_db

BOP = {"ruleset": "balance_of_powers", "scenario": "before-the-leaves-fall"}
SECRET = "Secret simultaneous set-up (BoP 12.1 optional set-up)"


def act(client, tid: int, **fields):
    return client.post(f"/tables/{tid}/act/", fields, follow=True)


def test_18_edit_options_one_input_each_and_allow_multiple_seats(client, make_table, hamlet):
    tid = make_table(hamlet, **BOP)["id"]
    client.force_login(hamlet)
    page = client.get(f"/tables/{tid}/").content.decode()
    assert f"{SECRET}: <strong>no</strong>" in page, "options are shown in words"
    assert 'name="opt_secret_setup"' in page and 'name="allow_multiple_seats"' in page
    assert "Options (JSON)" not in page and '{"secret_setup"' not in page
    page = act(client, tid, act="options", opt_secret_setup="on",
               allow_multiple_seats="on").content.decode()
    table = Table.objects.get(pk=tid)
    assert table.options["secret_setup"] is True and table.options["random_neutral_entry"] is False
    assert table.allow_multiple_seats is True
    assert f"{SECRET}: <strong>yes</strong>" in page and "several allowed" in page
    # Unticking both turns them off again (an unticked box is not sent).
    act(client, tid, act="options")
    table.refresh_from_db()
    assert table.options["secret_setup"] is False and table.allow_multiple_seats is False


def test_18_edit_options_refuses_a_number_that_is_not_one(client, make_table, hamlet):
    tid = make_table(hamlet, ruleset="twteaw", scenario="europe-1914")["id"]
    client.force_login(hamlet)
    page = act(client, tid, act="options", opt_turns="many").content.decode()
    assert "is not a whole number" in page
    assert Table.objects.get(pk=tid).options["turns"] == 26


def test_18_a_second_seat_with_one_seat_each_says_the_move(client, make_table, hamlet, othello):
    tid = make_table(hamlet, allow_multiple_seats=False, **BOP)["id"]
    client.force_login(othello)
    act(client, tid, act="claim", seat="germany")
    page = client.get(f"/tables/{tid}/").content.decode()
    assert "Move to this seat" in page and "Take this seat" not in page
    page = act(client, tid, act="claim", seat="france").content.decode()
    assert "You left Germany for this seat" in page
    assert list(Table.objects.get(pk=tid).seats.filter(user=othello)
                .values_list("seat", flat=True)) == ["france"]


def test_18_seats_by_side_and_take_a_whole_side(client, make_table, hamlet, othello):
    tid = make_table(hamlet, allow_multiple_seats=False, **BOP)["id"]
    client.force_login(othello)
    page = client.get(f"/tables/{tid}/").content.decode()
    central, entente = page.index('data-side="central"'), page.index('data-side="entente"')
    assert central < page.index('data-seat="germany"') < entente < page.index('data-seat="france"')
    assert "Central Powers" in page and "Take every free seat" not in page
    # Without multiple seats, the side action is refused in words (a hand-made post).
    page = act(client, tid, act="claim_side", side="central").content.decode()
    assert "one seat per player" in page
    assert not Table.objects.get(pk=tid).seats.filter(user=othello).exists()
    Table.objects.filter(pk=tid).update(allow_multiple_seats=True)
    page = client.get(f"/tables/{tid}/").content.decode()
    assert 'aria-label="Take every free seat of Entente Powers"' in page
    act(client, tid, act="claim_side", side="entente")
    assert sorted(Table.objects.get(pk=tid).seats.filter(user=othello)
                  .values_list("seat", flat=True)) == ["britain", "france", "russia"]


def test_18_start_says_why_not_in_words_and_abandon_asks(client, make_table, hamlet, othello):
    tid = make_table(hamlet)["id"]          # toy duel: red and blue
    client.force_login(hamlet)
    page = client.get(f"/tables/{tid}/").content.decode()
    assert '<small class="muted" id="start-blocked">Waiting for a player at Blue and Red.' in page
    assert '<details class="confirm" id="abandon-table">' in page
    act(client, tid, act="claim", seat="red")
    client.force_login(othello)
    act(client, tid, act="claim", seat="blue")
    act(client, tid, act="ready")
    client.force_login(hamlet)
    page = client.get(f"/tables/{tid}/").content.decode()
    assert "Waiting for Red to say ready." in page
    act(client, tid, act="ready")
    page = client.get(f"/tables/{tid}/").content.decode()
    assert 'id="start-blocked"' not in page


def test_18_my_games_lists_a_hosts_private_table_without_his_seat(client, make_table, hamlet):
    make_table(hamlet, visibility="private", title="Run for my friends")
    client.force_login(hamlet)
    page = client.get("/my/games/").content.decode()
    waiting = page[page.index("Waiting to start"):page.index("Finished")]
    assert "Run for my friends" in waiting


def test_18_allow_multiple_seats_is_on_by_default_through_the_api(api, make_table, hamlet):
    """A table made without the field lets one player hold several seats: a two-player game of
    a five-seat scenario needs no re-made table (the review's friction 11)."""
    table = make_table(hamlet, **BOP)
    assert table["allow_multiple_seats"] is True
    tid = table["id"]
    for seat in ("germany", "austria_hungary"):
        assert api(hamlet).post(f"/api/tables/{tid}/seats/{seat}/claim").status_code == 200
    assert sorted(Table.objects.get(pk=tid).seats.filter(user=hamlet)
                  .values_list("seat", flat=True)) == ["austria_hungary", "germany"]
    # Opting out still gives one seat each.
    assert make_table(hamlet, allow_multiple_seats=False, **BOP)["allow_multiple_seats"] is False


def test_18_allow_multiple_seats_is_ticked_by_default_in_the_wizard(client, hamlet):
    client.force_login(hamlet)
    page = client.get("/tables/new/").content.decode()
    box = page[page.rindex("<input", 0, page.index('name="allow_multiple_seats"')):]
    box = box[:box.index(">") + 1]
    assert 'type="checkbox"' in box and "checked" in box, box
    # The form sent as the page stands (a ticked box is sent as "on") opens such a table.
    created = client.post("/tables/new/", {"title": "Two of us", "game":
                                           "balance_of_powers/before-the-leaves-fall",
                                           "visibility": "public", "pace": "async",
                                           "deadline_hours": 24, "allow_multiple_seats": "on"})
    assert created.status_code == 302, created.content.decode()[-2000:]
    assert Table.objects.get(title="Two of us").allow_multiple_seats is True
