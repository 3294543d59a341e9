"""The game master's panel on the game page (issue #23, frontend/game/panels/gm.js), in
Chromium against a real daphne.

prospero hosts a 1914 table without a seat, so he is its game master; hamlet holds the Central
Powers, othello the Allies, four more players the neutrals; iago watches. Every nation but
Germany writes and is ready in turn 1; Germany misses the deadline. On prospero's page the GM
pauses (hamlet's page says the game master paused it and offers no resume), resumes, extends
Germany's deadline, looks at absent Germany and writes its proxy orders (the order sets
Germany is offered are listed in words; a draft the server refuses shows its message and rule
on Check and on writing; an offered set, checked, is written) and makes it ready. hamlet's page
shows the GM's name and none of the GM's controls; iago volunteers for the replacement pool.
"""

from __future__ import annotations

import datetime as dt
import json

import pytest

from tests.browser import flows

pytestmark = [pytest.mark.browser, pytest.mark.postgres, pytest.mark.slow,
              pytest.mark.django_db(transaction=True)]

CENTRAL = ("austria_hungary", "germany")
ALLIED = ("france", "russia", "serbia")
NEUTRALS = ("britain", "italy", "ottoman_empire", "spain")


def log_in(context, site, name, game_id):
    from tests.live.helpers import PASSWORD
    page = flows.log_in(context, site, name, f"/games/{game_id}/", password=PASSWORD)
    page.wait_for_function("() => window.salient && window.salient.store.view"
                           " && window.salient.socket.state === 'live'", timeout=30000)
    return page


def test_23_the_game_master_runs_an_absent_nation_from_the_gm_panel(site, new_context):
    from django.utils import timezone

    from boardgame.play import deadlines, orders
    from boardgame.play.models import ActionRecord, OrderLog
    from engine import rulesets
    from engine.kernel import decisions
    from tests.live import helpers

    twteaw = rulesets.get("twteaw")
    prospero, hamlet, othello, _iago = (helpers.make_user(n)
                                        for n in ("prospero", "hamlet", "othello", "iago"))
    holders = {**{s: hamlet for s in CENTRAL}, **{s: othello for s in ALLIED},
               **{s: helpers.make_user(f"n_{s}") for s in NEUTRALS}}
    game = helpers.start_game(prospero, holders, title="1914", ruleset="twteaw",
                              scenario="europe-1914", options={"turns": 3},
                              allow_multiple_seats=True, pace="async", deadline_hours=24,
                              disorder_after=2)
    deadlines.initialise_new_games()
    for seat in [s for s in holders if s != "germany"]:
        game.refresh_from_db()
        d = next(d for d in decisions(twteaw, game.state) if seat in d.seats)
        action = twteaw.options(game.state, seat, d, None)[0]["action"]
        orders.do_write_order(game.pk, holders[seat], seat, d.id, action)
        orders.submit_ready(game.pk, holders[seat], seat, d.group, True, f"r-{seat}")
    deadlines.run_due(timezone.now() + dt.timedelta(hours=25))
    game.refresh_from_db()
    assert game.state["board"]["turn"] == 2 and game.live["missed"]["germany"] == 1

    gm = log_in(new_context(), site, "prospero", game.pk)
    player = log_in(new_context(), site, "hamlet", game.pk)
    watcher = log_in(new_context(), site, "iago", game.pk)
    gm.wait_for_selector("#gm-panel [data-gm=pause-form]")
    player.wait_for_selector("#gm-panel [data-gm=who]:has-text('prospero')")
    assert player.locator("#gm-panel button").count() == 0            # a nation: no GM controls
    assert player.locator("#gm-panel [data-gm=pause-form]").count() == 0

    # Pause: hamlet's page says who paused and offers no resume; then the GM resumes.
    gm.fill("#gm-pause-hours", "6")
    gm.click("[data-gm=pause]")
    gm.wait_for_selector("#gm-panel [data-gm=resume]")
    player.wait_for_selector("#game-controls [data-status=paused]:has-text('game master')")
    assert player.locator("#game-controls [data-control=pause]").count() == 0
    gm.click("[data-gm=resume]")
    player.wait_for_function("() => !window.salient.store.clock.paused")

    # Extend Germany's deadline by 5 hours: Germany's only.
    before = gm.evaluate("() => window.salient.store.clock.deadlines")
    gm.fill("#gm-extend-hours", "5")
    gm.select_option("#gm-panel [data-gm=extend-form] select", "germany")
    gm.click("[data-gm=extend]")
    player.wait_for_function(
        "(b) => window.salient.store.clock.deadlines.germany === b.germany + 5 * 3600000",
        arg=before)
    assert player.evaluate("() => window.salient.store.clock.deadlines.france") == before["france"]

    # Absent Germany: look, a refused draft, then the offered set written and made ready.
    logged = OrderLog.objects.filter(game_id=game.pk, seat="germany").count()  # turn 1's default
    gm.click("#gm-panel [data-gm=look][data-seat=germany]")
    gm.wait_for_selector("#gm-panel [data-gm=proxy-form][data-seat=germany]")
    # The order sets Germany is offered are listed in words; one is the starting draft.
    game.refresh_from_db()
    d = next(d for d in decisions(twteaw, game.state) if "germany" in d.seats)
    sets = twteaw.options(game.state, "germany", d, None)
    offers = gm.locator("#gm-panel [data-gm=offer][data-seat=germany]")
    assert offers.count() == len(sets) >= 1
    offered = sets[-1]["action"]
    offers.nth(len(sets) - 1).click()
    assert json.loads(gm.input_value("#gm-proxy-germany")) == offered
    words = gm.inner_text("#gm-panel [data-gm=draft-words][data-seat=germany]")
    assert words.startswith("In words:") and "{" not in words, words
    # A draft the rules refuse: Check shows the refusal and its rule; nothing is written.
    gm.fill("#gm-proxy-germany", json.dumps(
        {"build": [{"unit": "infantry", "at": "paris", "count": 1}]}))
    gm.click("[data-gm=check][data-seat=germany]")
    gm.wait_for_selector("#gm-panel .control-message.error")
    assert "(" in gm.inner_text("#gm-panel .control-message.error")     # the rule cited
    gm.click("[data-gm=proxy][data-seat=germany]")
    gm.wait_for_selector("#gm-panel .control-message.error")
    assert OrderLog.objects.filter(game_id=game.pk, seat="germany").count() == logged
    # The offered set again, checked by the server (normalised), then written.
    offers.nth(len(sets) - 1).click()
    gm.click("[data-gm=check][data-seat=germany]")
    gm.wait_for_selector("#gm-panel .control-message:has-text('Checked')")
    assert json.loads(gm.input_value("#gm-proxy-germany")) == offered
    gm.click("[data-gm=proxy][data-seat=germany]")
    gm.wait_for_selector("#gm-panel .control-message:has-text('Proxy orders written')")
    written = OrderLog.objects.filter(game_id=game.pk, seat="germany").last()
    assert OrderLog.objects.filter(game_id=game.pk, seat="germany").count() == logged + 1
    assert written.by_user_id == prospero.pk
    # Germany's own page got the proxy's orders (the `orders` frame to its audiences only).
    player.wait_for_function("() => Object.keys(window.salient.store.orders.germany || {})"
                             ".length > 0", timeout=20000)
    assert watcher.evaluate("() => Object.keys(window.salient.store.orders).length") == 0
    gm.click("[data-gm=proxy-ready][data-seat=germany]")
    gm.wait_for_selector("#gm-panel .control-message:has-text('Made ready')")
    step = ActionRecord.objects.filter(game_id=game.pk, kind="ready").last()
    assert (step.seat, step.by) == ("germany", "gm")
    gm.click("#gm-panel .gm-log summary")
    gm.wait_for_selector("#gm-panel .gm-log li[data-command=proxy_ready]")

    # The spectator volunteers for the replacement pool; the GM's panel lists iago then.
    watcher.click("#gm-panel [data-gm=pool]")
    watcher.wait_for_selector("#gm-panel [data-gm=pool][aria-pressed=true]")
    game.refresh_from_db()
    assert game.live["pool"] == ["iago"]
    assert watcher.locator("#gm-panel [data-gm=pause-form]").count() == 0
