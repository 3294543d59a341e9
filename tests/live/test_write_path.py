"""The write at the end of every step (`actions._write`): on PostgreSQL with the performance
shortcuts on, one hand-written statement (`fastsql.append_and_update`) appends the records and
updates the game; it must store exactly what the ORM would, and a repeated cid must still trip
the unique constraint."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import IntegrityError, transaction
from django.utils import timezone

from boardgame.play import actions, fastsql
from boardgame.play.models import ActionRecord, Game


@pytest.fixture(params=[True, False], ids=["fastpath", "usual"])
def fastpath(request, settings):
    settings.SALIENT_FASTPATH = request.param
    return request.param


def _record(game, seq, *, user, cid):
    return ActionRecord(
        game=game, seq=seq, kind="act", seat="red", decision="bid:1",
        action={"bid": 3, "note": "Łódź — «quoted» 'text' %s %(x)s"}, events=[{"e": None}],
        rolls=[{"d": [1, 6]}], state_hash="ab" * 32, sealed_group=None, private=True,
        by_user=user, by="user", cid=cid)


def _columns(record):
    return {f.attname: getattr(record, f.attname) for f in fastsql.record_columns()}


@pytest.mark.django_db(transaction=True)
def test_write_stores_the_records_and_game_fields_the_orm_would(fastpath, duel, hamlet):
    """On the suite's database: the hand-written statement under PostgreSQL (CI) with the
    shortcuts on; the ORM under SQLite, or with them off. The same rows either way."""
    due = timezone.now() + dt.timedelta(hours=5)
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=duel.pk)
        first = _record(game, game.version + 1, user=hamlet, cid="c-1")
        second = _record(game, game.version + 2, user=None, cid=None)
        game.version += 2
        game.state = {**game.state, "marker": ["ü", 1, None, True]}
        game.live = {"paused": False, "disorder": []}
        game.due = due
        actions._write(game, [first, second], ["state", "version", "live", "due"])
    stored = list(ActionRecord.objects.filter(game=game).order_by("seq"))[-2:]
    assert [_columns(r) for r in stored] == [_columns(first), _columns(second)]
    assert all(r.created is not None for r in stored)
    fresh = Game.objects.get(pk=game.pk)
    assert (fresh.version, fresh.state, fresh.live, fresh.due) == \
        (game.version, game.state, game.live, due)


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_write_refuses_a_repeated_cid_and_leaves_the_game_as_it_was(fastpath, duel, hamlet):
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=duel.pk)
        game.version += 1
        actions._write(game, [_record(game, game.version, user=hamlet, cid="again")],
                       ["version"])
    before = Game.objects.get(pk=duel.pk)
    with pytest.raises(IntegrityError), transaction.atomic():
        game = Game.objects.select_for_update().get(pk=duel.pk)
        game.version += 1
        game.state = {"changed": True}
        actions._write(game, [_record(game, game.version, user=hamlet, cid="again")],
                       ["version", "state"])
    after = Game.objects.get(pk=duel.pk)
    assert (after.version, after.state) == (before.version, before.state)
