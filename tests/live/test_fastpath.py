"""One switch for the performance shortcuts (`SALIENT_FASTPATH`, boardgame/fastpath.py): off,
each shortcut takes the usual path — Channels' dispatch and send, the ORM, autobahn's own
helpers — and the outcome is the same. (CI also runs all of tests/live with it off.)"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from boardgame import fastpath as fastpath_switch
from boardgame.accounts import credentials
from boardgame.play import actions
from boardgame.play.consumers import GameConsumer

from . import helpers

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(params=[True, False], ids=["fastpath", "usual"])
def fastpath(request, settings):
    settings.SALIENT_FASTPATH = request.param
    return request.param


async def test_dispatch_closes_old_connections_only_on_the_usual_path(fastpath, monkeypatch):
    closed, handled = [], []

    async def close_old():
        closed.append(1)

    async def handler(message):
        handled.append(message)
    monkeypatch.setattr("channels.consumer.aclose_old_connections", close_old)
    consumer = GameConsumer()
    consumer.salient_test = handler
    await consumer.dispatch({"type": "salient.test"})
    assert handled == [{"type": "salient.test"}]
    assert closed == ([] if fastpath else [1])


async def test_hub_frames_skip_the_session_wrapper_only_with_the_shortcuts(fastpath):
    from channels.sessions import InstanceSessionWrapper
    straight, usual = [], []

    async def daphne_send(message):
        straight.append(message)

    async def consumer_send(text_data):
        usual.append(text_data)
    # A wrapper with no scope: if its own send ran, reading the session would fail.
    wrapper = InstanceSessionWrapper.__new__(InstanceSessionWrapper)
    wrapper.real_send = daphne_send
    consumer = GameConsumer()
    consumer.base_send = wrapper.send
    consumer.send = consumer_send
    await consumer._text_sender()('{"type":"patch","v":3}')
    if fastpath:
        assert (straight, usual) == ([{"type": "websocket.send",
                                        "text": '{"type":"patch","v":3}'}], [])
    else:
        assert (straight, usual) == ([], ['{"type":"patch","v":3}'])


@pytest.mark.django_db(transaction=True)
def test_the_lock_asks_for_the_seat_in_the_same_query_only_with_the_shortcuts(
        fastpath, duel, hamlet, othello):
    with CaptureQueriesContext(connection) as queries:
        with transaction.atomic(durable=True):
            game = actions.lock_game(duel.pk, user=hamlet, seat="red")
            actions.check_holds_seat(hamlet, game, "red")
        assert hasattr(game, "holds_seat") == fastpath
        with transaction.atomic(durable=True):
            game = actions.lock_game(duel.pk, user=othello, seat="red")
            with pytest.raises(actions.ActionRejected) as refused:
                actions.check_holds_seat(othello, game, "red")
    assert refused.value.code == "auth/not_your_seat"
    # Shortcut: one statement per lock and check (the EXISTS inside it); usual: two.
    selects = [q for q in queries if q["sql"].lstrip().upper().startswith("SELECT")]
    assert len(selects) == (2 if fastpath else 4)


@pytest.mark.django_db(transaction=True)
def test_an_action_writes_in_one_statement_only_with_the_shortcuts_on_postgresql(
        fastpath, duel, hamlet, othello):
    seat, decision, action = helpers.next_moves(duel.state)[0]
    user = {"red": hamlet, "blue": othello}[seat]
    with CaptureQueriesContext(connection) as queries:
        committed = actions.submit_action(duel.pk, user, seat, decision, action, "c-fast")
    duel.refresh_from_db()
    assert committed.answer.v == duel.version == 1
    statements = [q["sql"].lstrip().split()[0].upper() for q in queries]
    one_statement = fastpath and connection.vendor == "postgresql"
    assert ("WITH" in statements) == one_statement
    assert ("INSERT" in statements) == (not one_statement)


@pytest.mark.django_db(transaction=True)
def test_the_token_check_agrees_both_ways(fastpath, hamlet):
    key = helpers.token_of(hamlet)
    good = credentials.Credential("token", key, hamlet.pk)
    assert credentials.still_valid(good)
    assert not credentials.still_valid(credentials.Credential("token", "0" * 40, hamlet.pk))
    hamlet.is_active = False
    hamlet.save(update_fields=["is_active"])
    assert not credentials.still_valid(good)


@pytest.mark.parametrize("flag, off", [("1", ""), ("0", ""), ("1", "autobahn_log")])
def test_the_autobahn_helpers_are_swapped_only_with_the_shortcuts(flag, off):
    """asgi.py installs wsfast's plain helpers at start-up unless SALIENT_FASTPATH=0 or
    SALIENT_FASTPATH_OFF names autobahn_log."""
    code = ("import boardgame.asgi\n"
            "from autobahn.websocket import protocol\n"
            "print(protocol.hlval.__module__)")
    env = {**os.environ, "SALIENT_FASTPATH": flag, "SALIENT_FASTPATH_OFF": off,
           "DJANGO_SETTINGS_MODULE": "boardgame.settings"}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=env, cwd=str(ROOT), timeout=60, check=True)
    module = done.stdout.strip().splitlines()[-1]
    assert (module == "boardgame.wsfast") == (flag == "1" and not off), module


def test_single_shortcuts_turn_off_by_name_and_the_others_stay_on(settings):
    """`SALIENT_FASTPATH_OFF` turns off only the shortcuts it names (to measure each one's gain:
    docs/architecture.md, "Performance shortcuts"); `SALIENT_FASTPATH=0` still turns all off."""
    settings.SALIENT_FASTPATH = True
    settings.SALIENT_FASTPATH_OFF = fastpath_switch.parse_off(" dispatch, write_sql ")
    on = {name for name in fastpath_switch.SHORTCUTS if fastpath_switch.enabled(name)}
    assert on == set(fastpath_switch.SHORTCUTS) - {"dispatch", "write_sql"}
    settings.SALIENT_FASTPATH = False
    assert not any(fastpath_switch.enabled(name) for name in fastpath_switch.SHORTCUTS)


def test_an_unknown_shortcut_name_is_a_clear_error():
    with pytest.raises(ImproperlyConfigured, match="unknown shortcuts \\['dispach'\\]"):
        fastpath_switch.parse_off("dispach")
    with pytest.raises(KeyError):
        fastpath_switch.enabled("dispach")


async def test_dispatch_alone_off_takes_channels_dispatch(settings, monkeypatch):
    settings.SALIENT_FASTPATH = True
    settings.SALIENT_FASTPATH_OFF = frozenset({"dispatch"})
    closed = []

    async def close_old():
        closed.append(1)

    async def handler(message):
        pass
    monkeypatch.setattr("channels.consumer.aclose_old_connections", close_old)
    consumer = GameConsumer()
    consumer.salient_test = handler
    await consumer.dispatch({"type": "salient.test"})
    assert closed == [1]


@pytest.mark.django_db(transaction=True)
def test_the_lock_reads_the_game_the_orm_reads(fastpath, duel, hamlet):
    """The locked game is built from the row without `raw()` (fastsql): every field as the
    ORM reads it, `holds_seat` beside them."""
    with transaction.atomic(durable=True):
        locked = actions.lock_game(duel.pk, user=hamlet, seat="red")
    fresh = type(duel).objects.get(pk=duel.pk)
    fields = [f.attname for f in type(duel)._meta.concrete_fields]
    assert [getattr(locked, f) for f in fields] == [getattr(fresh, f) for f in fields]
    assert [type(getattr(locked, f)) for f in fields] == [type(getattr(fresh, f)) for f in fields]
    assert not locked._state.adding and locked._state.db == fresh._state.db
    assert getattr(locked, "holds_seat", True)

