"""The War to End All Wars with bots at the table (issues #23 and #25): one human and bots in
the other eight seats — level 2 for the human's allies and the Central Powers, level 1 for the
neutrals — played through the sweeper's bot turns and the real service path to the end; every
bot order set is written and made ready by its bot account, nothing is refused."""

from __future__ import annotations

import pytest

from boardgame.jobs.worker import drain
from boardgame.lobby.services import do_claim_seat, do_set_ready, do_start_table
from boardgame.play import bots, orders
from boardgame.play.models import ActionRecord, Game
from engine import kernel, rulesets

pytestmark = pytest.mark.django_db

TWTEAW = rulesets.get("twteaw")
LEVEL2 = ("austria_hungary", "germany", "russia", "serbia")
LEVEL1 = ("britain", "italy", "ottoman_empire", "spain")


def test_twteaw_turn_one_human_and_bots_in_every_other_seat_play_to_the_end(hamlet, make_table,
                                                                           monkeypatch):
    moves = []
    real = bots.engine_bots.bot_turn

    def recorded(*args, **kwargs):
        move = real(*args, **kwargs)
        moves.append(move)
        return move

    monkeypatch.setattr(bots.engine_bots, "bot_turn", recorded)
    table = make_table(hamlet, ruleset="twteaw", scenario="europe-1914", options={"turns": 2})
    do_claim_seat(hamlet, table["id"], "france")
    for seat in LEVEL2:
        bots.do_seat_bot(hamlet, table["id"], seat, 2)
    for seat in LEVEL1:
        bots.do_seat_bot(hamlet, table["id"], seat, 1)
    do_set_ready(hamlet, table["id"])
    do_start_table(hamlet, table["id"])
    game = Game.objects.get(table_id=table["id"])
    for _ in range(60):
        game.refresh_from_db()
        if game.finished is not None:
            break
        mine = [d for d in kernel.decisions_for(TWTEAW, game.state, "france")
                if "france" not in game.state["kernel"].get("ready", {}).get(d.group, [])]
        if mine:
            # the human writes the first order set offered (hold) and says ready
            hold = kernel.expand_options(TWTEAW, game.state, "france", mine[0].id, None)[0]
            orders.do_write_order(game.pk, hamlet, "france", mine[0].id, hold["action"])
            orders.submit_ready(game.pk, hamlet, "france", mine[0].group, True,
                                cid=f"h-{game.version}")
            drain()     # the last ready is resolved by the task worker (ruling 68)
            continue
        if drain():     # a bot's last ready, held for the worker (ruling 68)
            continue
        assert bots.run_bot_turns()["bot_moves"], "nobody moved"
    assert game.finished is not None and game.result is not None
    writers = {r.by_user.get_username() for r in ActionRecord.objects.filter(game=game)
               if r.seat != "france"}
    written = [m for m in moves if m is not None and m.kind == "order"]
    assert len(written) == 2 * 8 and not [m.problem for m in written if m.problem]
    # level 2 writes order sets of its own making (attacks, trenches, moves and builds at once)
    assert any(m.level == 2 and m.action["build"] and (m.action["moves"] or m.action["trench"])
               for m in written)
    assert writers == {f"bot:{2 if s in LEVEL2 else 1}:{s}" for s in LEVEL2 + LEVEL1}
