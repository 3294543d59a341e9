"""Fatal Alliances' surprise points by clicks (issue #22, FA 11.4.5, version 31, R-N75): the
Central Powers' player starts a naval combat in the North Sea from the naval combat step; the
round's searches leave Germany holding the surprise points, the panel lists the plans in words
(avoid, targets, column shifts) and the player avoids the combat. The server's state is what
the engine's own chain gives, and the log says it on both pages.

The position is engine test data, not play (as test_fa_naval_combat_browser's): the 1914
campaign at war, the Central Powers' impulse, Germany on a naval action in the naval combat
step, fine weather in the North Sea, two High Seas Fleet dreadnought rows and two Grand Fleet
rows face-up in its section 3, no convoy points there. It is written over the new game's state
(a test-only shortcut). The dice are the server's; the test picks the position's game uid so
that Germany holds at least 3 surprise points.
"""

from __future__ import annotations

import re

import pytest

from tests.browser.flows import new_table, open_game, seat_and_start, sign_up
from tests.browser.test_fa_naval_combat_browser import (
    CENTRAL,
    ENTENTE,
    choose,
    confirm,
    server_state,
    wait_for_decision,
    wait_log,
)
from tests.browser.unit_first import click_hex, game_id

pytestmark = [pytest.mark.browser, pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

HSF = ["germany-high-seas-fleet-bb-1", "germany-high-seas-fleet-bb-2"]
GRAND = ["britain-grand-fleet-bb-1", "britain-grand-fleet-bb-2"]
START = {"area": "north-sea"}
AVOID = {"avoid": True}


def position():
    from engine.rulesets.fatal_alliances.fleets import fleets
    from engine.rulesets.fatal_alliances.sequence import Step, move_to
    from tests.engine.fatal_alliances.test_11_3_naval_movement import at_war
    state = at_war()
    weather = state["flow"]["weather"]
    weather["zones"] = {**weather.get("zones", {}), "north_temperate": "fine"}
    state["board"]["convoys"].pop("north-sea", None)
    for uid in HSF + GRAND:
        fleets(state)[uid].update(port=None, area="north-sea", section=3, up=True)
    state["flow"]["naval"] = {"pending": None, "entered": [], "fought": [], "watch": {}}
    move_to(state, Step.NAVAL_COMBAT.value)
    return state


def chain(state, seed):
    """The pages' chain: Germany starts the combat, then avoids it; None where the round does
    not wait for Germany with 3 points or more."""
    from engine.kernel import apply, decisions
    from engine.rulesets.fatal_alliances import RULESET
    events = []
    for kind, action in (("naval_combat", START), ("naval_surprise", AVOID)):
        open_ = [d for d in decisions(RULESET, state) if d.kind == kind and "germany" in d.seats]
        if not open_ or (kind == "naval_surprise" and action not in open_[0].options):
            return None
        outcome = apply(RULESET, state, "germany", open_[0].id, action, seed=seed)
        state, events = outcome.state, events + list(outcome.events)
    return events, state


def telling(state, seed, uid):
    for k in range(400):
        trial = {**state, "kernel": {**state["kernel"], "game_uid": f"{uid}-surprise-{k}"}}
        played = chain(trial, seed)
        if played is not None:
            return trial, *played
    raise AssertionError("no game uid in 400 leaves Germany 3 surprise points")


def test_fa_11_4_5_the_holder_avoids_a_naval_combat_by_clicks(site, new_context):
    from boardgame.play.models import Game, Snapshot
    jellicoe = sign_up(new_context(), site, "jellicoe")
    scheer = sign_up(new_context(), site, "scheer")
    table = new_table(jellicoe, site, "fatal_alliances", "campaign-1914", title="Jutland")
    url = seat_and_start(table, jellicoe, ENTENTE, [(scheer, CENTRAL)])
    game = Game.objects.get(pk=game_id(url))
    state, events, expected = telling(position(), bytes(game.seed), game.game_uid)
    Game.objects.filter(pk=game.pk).update(state=state)
    if not Snapshot.objects.filter(game=game, version=game.version).update(state=state):
        Snapshot.objects.create(game=game, version=game.version, state=state)
    for page in (jellicoe, scheer):
        open_game(page, url)

    # FA 11.4.2: the contested North Sea is offered; start the combat there.
    north_sea = scheer.evaluate("() => window.salient.store.view.board.sea_hexes.areas['north-sea']")
    wait_for_decision(scheer, "naval_combat")
    click_hex(scheer, north_sea)
    if not scheer.locator("#pending-order").count():
        choose(scheer, r"Start a naval combat in North Sea")
    confirm(scheer)
    waiting = server_state(game.pk)["flow"]["naval"]["surprise"]
    assert waiting["power"] == "germany" and waiting["points"] >= 3

    # FA 11.4.5: the plans in words, with the round's points; avoid the combat.
    wait_for_decision(scheer, "naval_surprise")
    scheer.wait_for_selector("#decision button.choice")
    labels = scheer.locator("#decision button.choice").all_inner_texts()
    points = waiting["points"]
    assert any(f"Avoid the combat: 3 points ({points} surprise points, round 1)" in x
               for x in labels), labels
    assert any(re.search(rf"Spend on our column \+{points // 2} \({2 * (points // 2)}\)", x)
               for x in labels), labels
    assert any("target " in x for x in labels), labels
    choose(scheer, r"Avoid the combat")
    confirm(scheer)

    state = server_state(game.pk)
    assert state["board"]["fleets"] == expected["board"]["fleets"]
    assert state["flow"]["naval"]["surprise"] is None
    assert not any(e.kind == "naval_round" for e in events)
    for page in (jellicoe, scheer):
        text = "\n".join(wait_log(page, "over"))
        assert f"Germany may spend {points} surprise points (11.4.5)" in text, text
        assert f"Germany spends {points} surprise points in North Sea: the combat is avoided" in text, text
        assert "Naval combat in North Sea over" in text, text
