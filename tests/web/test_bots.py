"""Bots at the table (boardgame/play/bots.py): the host seats bots, a table starts with them,
the sweeper plays their moves through the action service (records name the bot account), a
seat in civil disorder goes to a bot and a bot's seat to a person."""

from __future__ import annotations

import pytest

from boardgame.api.errors import ServiceError
from boardgame.lobby.services import do_claim_seat, do_set_ready, do_start_table
from boardgame.play import actions, bots, seating
from boardgame.play.deadlines import run_due
from boardgame.play.models import ActionRecord, Game
from engine import kernel, rulesets

pytestmark = pytest.mark.django_db


def play_until_over(game_id, human=None, seat=None, limit=200):
    """Sweeps play the bots; `human` (if any) answers `seat` with its first option."""
    for _ in range(limit):
        game = Game.objects.get(pk=game_id)
        if game.finished is not None:
            return game
        ruleset = rulesets.get(game.ruleset)
        if human is not None:
            mine = kernel.decisions_for(ruleset, game.state, seat)
            if mine:
                first = kernel.expand_options(ruleset, game.state, seat, mine[0].id, None)[0]
                actions.submit_action(game_id, human, seat, mine[0].id, first["action"],
                                      cid=f"h-{game.version}")
                continue
        if not bots.run_bot_turns()["bot_moves"]:
            raise AssertionError("nobody moved")
    raise AssertionError("the game did not end")


def test_a_table_starts_with_bots_and_plays_to_the_end_with_one_human(hamlet, make_table):
    table = make_table(hamlet)
    do_claim_seat(hamlet, table["id"], "red")
    bots.do_seat_bot(hamlet, table["id"], "blue", 1)
    do_set_ready(hamlet, table["id"])
    do_start_table(hamlet, table["id"])
    game = Game.objects.get(table_id=table["id"])
    over = play_until_over(game.pk, human=hamlet, seat="red")
    records = ActionRecord.objects.filter(game=over)
    by_bot = {r.by_user.get_username() for r in records if r.seat == "blue"}
    assert by_bot == {"bot:1:blue"}
    assert over.result is not None


def test_a_table_of_bots_only_is_played_by_the_sweeper(hamlet, make_table):
    table = make_table(hamlet, scenario="melee")
    for seat, level in (("red", 1), ("blue", 0), ("green", 1)):
        bots.do_seat_bot(hamlet, table["id"], seat, level)
    do_start_table(hamlet, table["id"])
    game = Game.objects.get(table_id=table["id"])
    for _ in range(100):
        run_due()
        game.refresh_from_db()
        if game.finished is not None:
            break
    assert game.finished is not None
    assert {r.by_user.get_username() for r in ActionRecord.objects.filter(game=game)} == {
        "bot:1:red", "bot:0:blue", "bot:1:green"}


def test_only_the_host_seats_bots_and_only_levels_the_ruleset_offers(hamlet, othello,
                                                                      make_table):
    table = make_table(hamlet)
    with pytest.raises(ServiceError) as refused:
        bots.do_seat_bot(othello, table["id"], "blue", 1)
    assert refused.value.code == "table/not_host"
    with pytest.raises(ServiceError) as refused:
        bots.do_seat_bot(hamlet, table["id"], "blue", 2)     # the toy has no level 2
    assert refused.value.code == "table/bad_bot_level"
    do_claim_seat(othello, table["id"], "blue")
    with pytest.raises(ServiceError) as refused:
        bots.do_seat_bot(hamlet, table["id"], "blue", 1)
    assert refused.value.code == "table/seat_taken"


def test_a_host_runs_a_bounded_number_of_bot_tables(hamlet, make_table, settings):
    settings.SALIENT_MAX_BOT_GAMES = 1
    first, second = make_table(hamlet), make_table(hamlet)
    bots.do_seat_bot(hamlet, first["id"], "blue", 1)
    bots.do_seat_bot(hamlet, first["id"], "red", 0)      # the same table: allowed
    with pytest.raises(ServiceError) as refused:
        bots.do_seat_bot(hamlet, second["id"], "blue", 1)
    assert refused.value.code == "table/too_many_bot_games"


def test_civil_disorder_hands_the_seat_to_a_bot_and_a_person_takes_it_back(
        hamlet, othello, started_game):
    game = Game.objects.get(pk=started_game["game"])
    game.live = {**game.live, "disorder": ["blue"]}
    game.save(update_fields=["live"])
    seating.do_replace_seat(game.pk, hamlet, "blue", bots.bot_user(1, "blue"))
    assert bots.run_bot_turns()["bot_moves"] >= 1
    assert ActionRecord.objects.filter(game=game, seat="blue",
                                       by_user__username="bot:1:blue").exists()
    frame = bots.do_take_over(game.pk, hamlet, "blue", othello).answer
    assert frame["replaced"] == {"seat": "blue", "player": "othello",
                                 "previous": "bot:1:blue"}
    with pytest.raises(ServiceError) as refused:
        bots.do_take_over(game.pk, hamlet, "blue", othello)
    assert refused.value.code == "game/not_a_bot_seat"


def test_a_retried_bot_turn_is_not_played_twice(hamlet, make_table):
    """The cid names the version and the seat: the same turn sent again (a sweeper killed
    after commit, another sweeper racing) is answered with the earlier outcome."""
    table = make_table(hamlet)
    bots.do_seat_bot(hamlet, table["id"], "blue", 1)
    bots.do_seat_bot(hamlet, table["id"], "red", 1)
    do_start_table(hamlet, table["id"])
    game = Game.objects.get(table_id=table["id"])
    ruleset = rulesets.get(game.ruleset)
    user = bots.bot_user(1, "blue")
    bot = bots.engine_bots.bot_for(ruleset, game.scenario, 1)
    move = bots.engine_bots.bot_turn(ruleset, game.state, "blue", bot, game_uid=game.game_uid)
    cid = f"bot-{game.version}-blue"
    first = actions.submit_action(game.pk, user, "blue", move.decision, move.action,
                                  cid=cid).answer
    again = actions.submit_action(game.pk, user, "blue", move.decision, move.action,
                                  cid=cid).answer
    assert again.repeated and again.v == first.v
    assert ActionRecord.objects.filter(game=game, seat="blue").count() == 1


def test_a_sweep_takes_the_bot_tables_in_turn_until_its_time_is_spent(hamlet, make_table,
                                                                       monkeypatch):
    """Round robin (boardgame/play/bots.py): a slice of one move each, and a sweep with time
    to spare plays both bot tables to their end, the moves of the two games interleaved — not
    one slice each and then an idle polling period (a table of bots ran at a third of the
    machine's speed)."""
    monkeypatch.setattr(bots, "SLICE_SECONDS", 0.0)
    monkeypatch.setattr(bots, "SWEEP_SECONDS", 60.0)
    games = []
    for _ in range(2):
        table = make_table(hamlet, scenario="melee")
        for seat in ("red", "blue", "green"):
            bots.do_seat_bot(hamlet, table["id"], seat, 1)
        do_start_table(hamlet, table["id"])
        games.append(Game.objects.get(table_id=table["id"]).pk)
    run_due()
    assert all(Game.objects.get(pk=g).finished is not None for g in games)
    order = [r.game_id for r in ActionRecord.objects.filter(game_id__in=games).order_by("pk")]
    assert order[:4] in ([games[0], games[1]] * 2, [games[1], games[0]] * 2), order


def test_a_sweep_out_of_time_with_bots_to_move_wakes_the_worker(hamlet, make_table,
                                                                 monkeypatch):
    """The sweep that ends on its time with a bot still to move wakes the workers, so the
    next sweep follows at once; a sweep that finished the bots' work does not."""
    from boardgame.jobs import wake
    table = make_table(hamlet, scenario="melee")
    for seat in ("red", "blue", "green"):
        bots.do_seat_bot(hamlet, table["id"], seat, 1)
    do_start_table(hamlet, table["id"])
    game = Game.objects.get(table_id=table["id"])
    monkeypatch.setattr(bots, "SLICE_SECONDS", 0.0)
    monkeypatch.setattr(bots, "SWEEP_SECONDS", 0.0)
    wake.LOCAL.clear()
    assert run_due()["bot_moves"] == 1
    assert wake.LOCAL.is_set()
    monkeypatch.setattr(bots, "SWEEP_SECONDS", 60.0)
    wake.LOCAL.clear()
    run_due()
    game.refresh_from_db()
    assert game.finished is not None and not wake.LOCAL.is_set()
