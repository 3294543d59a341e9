"""The deadline sweeper on the shipped rulesets: a seat often has several decisions open at
once (BoP: its marches, rails, attacks and `done`), and answering one by default can close the
others. The sweeper must keep going — never time out a decision that is no longer open."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from boardgame.play import deadlines
from boardgame.play.models import ActionRecord
from engine import rulesets
from engine.kernel import decisions

from . import helpers

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize("ruleset, scenario", [
    ("balance_of_powers", "before-the-leaves-fall"),
    ("fatal_alliances", "east-prussia-1914"),
])
def test_sweeper_plays_every_late_seat_on_by_defaults(ruleset, scenario, django_user_model,
                                                      settings):
    settings.SALIENT_CIVIL_DISORDER_AFTER = 1000  # keep every seat a player: only the sweeper
    engine_ruleset = rulesets.get(ruleset)
    seats = [s["id"] for s in engine_ruleset.manifest["scenarios"][0]["seats"]] \
        if ruleset == "balance_of_powers" else ["germany", "russia"]
    users = {seat: django_user_model.objects.create_user(f"p-{seat}", None, "x")
             for seat in seats}
    game = helpers.start_game(users[seats[0]], users, ruleset=ruleset, scenario=scenario,
                              pace="async", deadline_hours=1)
    assert deadlines.run_due()["initialised"] == 1
    versions = []
    for sweep in range(1, 13):
        late = deadlines.resolve_game(game.pk, timezone.now() + dt.timedelta(hours=2 * sweep))
        game.refresh_from_db()
        versions.append(game.version)
        if game.is_over:
            break
        assert late, f"sweep {sweep}: no seat was late, yet the deadline had passed"
        assert game.version > (versions[-2] if len(versions) > 1 else 0), \
            f"sweep {sweep} played nothing: the game is stuck at its deadline"
        assert decisions(engine_ruleset, game.state), "a running game with nothing to decide"
    records = ActionRecord.objects.filter(game=game, by="timeout")
    assert records.count() == game.version
