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
    # the resume moves the deadlines on by the pause's length: read them once both pages have
    # it (the full CI, loaded, read the GM's page before its resume frame came, and the
    # player's deadline was then 5 hours and the pause past that)
    gm.wait_for_function("() => !window.salient.store.clock.paused")

    # Extend Germany's deadline by 5 hours: Germany's only.
    before = player.evaluate("() => window.salient.store.clock.deadlines")
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


def click_area(page, area):
    """Click a territory on the map at its anchor (centred first, so it is on screen)."""
    page.locator("#map").scroll_into_view_if_needed()
    x, y = page.evaluate("(a) => { window.salient.map.centreOn(a); return window.salient.map.clientOfHex(a); }", area)
    page.mouse.click(x, y)


def test_23_the_game_master_builds_an_absent_nations_orders_on_the_map(site, new_context):
    """The GM's map order editor: prospero looks at absent Germany, starts from the offered
    hold, clicks Cologne then Alsace-Lorraine on the map (Germany's territories, from Germany's
    own view: the GM's own map shows no German counters), asks for more infantry than Cologne
    holds (the server's check refuses it with its rule; nothing can be written), removes it,
    asks for three, and writes the set the server checked. Germany's page gets the orders; the
    record names the GM; no typed JSON anywhere."""
    from django.utils import timezone

    from boardgame.play import deadlines, orders
    from boardgame.play.models import OrderLog
    from engine import rulesets
    from engine.kernel import decisions
    from tests.live import helpers

    twteaw = rulesets.get("twteaw")
    prospero, hamlet, othello = (helpers.make_user(n) for n in ("prospero", "hamlet", "othello"))
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
        hold = next(o["action"] for o in twteaw.options(game.state, seat, d, None)
                    if not o["action"].get("moves") and not o["action"].get("build"))
        orders.do_write_order(game.pk, holders[seat], seat, d.id, hold)
        orders.submit_ready(game.pk, holders[seat], seat, d.group, True, f"r-{seat}")
    deadlines.run_due(timezone.now() + dt.timedelta(hours=25))
    game.refresh_from_db()
    assert game.state["board"]["turn"] == 2 and game.live["missed"]["germany"] == 1

    gm = log_in(new_context(), site, "prospero", game.pk)
    player = log_in(new_context(), site, "hamlet", game.pk)
    gm.click("#gm-panel [data-gm=look][data-seat=germany]")
    gm.wait_for_selector("#gm-panel [data-gm=map-editor][data-seat=germany]")
    assert gm.locator("#map .layer-units .stack").count() == 0       # the GM's own map: bands only
    editor = gm.locator("#gm-panel [data-gm=map-editor]")
    editor.locator("button.choice").filter(has_text="hold").first.click()
    gm.wait_for_selector("#gm-panel #pending-order")
    click_area(gm, "cologne")
    gm.wait_for_function("() => document.querySelector('#gm-panel #move-from').value === 'cologne'")
    lit = gm.evaluate("() => [...document.querySelectorAll('#map .layer-highlight .hl')].map((g) => g.dataset.hex + ':' + g.getAttribute('class'))")
    assert "cologne:hl hl-selected" in lit and "belgium:hl hl-option" in lit, lit
    click_area(gm, "alsace-lorraine")
    gm.wait_for_function("() => document.querySelector('#gm-panel #move-to').value === 'alsace-lorraine'")
    gm.fill("#gm-panel #move-infantry", "99")
    gm.click("#gm-panel #add-move")
    gm.wait_for_selector("#gm-panel #draft-problem")
    assert "infantry in Cologne" in gm.inner_text("#gm-panel #draft-problem")
    assert gm.locator("#gm-panel #draft-problem .cite").inner_text().strip().startswith("TWTEAW")
    assert gm.locator("#gm-panel #pending-order").count() == 0 and gm.locator("#gm-panel #confirm").is_disabled()
    logged = OrderLog.objects.filter(game_id=game.pk, seat="germany").count()
    editor.locator(".draft-move button").first.click()
    gm.wait_for_selector("#gm-panel #pending-order")
    click_area(gm, "cologne")
    click_area(gm, "alsace-lorraine")
    gm.wait_for_function("() => document.querySelector('#gm-panel #move-to').value === 'alsace-lorraine'")
    gm.fill("#gm-panel #move-infantry", "3")
    gm.click("#gm-panel #add-move")
    gm.wait_for_selector("#map .hl-move.hl-arrow[data-hex=cologne][data-to=alsace-lorraine]")
    gm.wait_for_function("() => /Cologne → Alsace-Lorraine: 3 infantry/.test(document.querySelector('#gm-panel #pending-order')?.textContent || '')",
                         timeout=30000)
    assert OrderLog.objects.filter(game_id=game.pk, seat="germany").count() == logged
    gm.click("#gm-panel #confirm")
    gm.wait_for_selector("#gm-panel .control-message:has-text('Proxy orders written')")
    written = OrderLog.objects.filter(game_id=game.pk, seat="germany").last()
    assert OrderLog.objects.filter(game_id=game.pk, seat="germany").count() == logged + 1
    assert written.by_user_id == prospero.pk
    assert [(m["from"], m["to"], m["units"]) for m in written.action["moves"]] == [
        ("cologne", "alsace-lorraine", {"infantry": 3})]
    player.wait_for_function("() => JSON.stringify(window.salient.store.orders.germany || {}).includes('alsace-lorraine')",
                             timeout=20000)


def test_23_the_game_master_rolls_the_last_turn_back_from_the_panel(site, new_context):
    """Every nation writes and is ready; turn 1 resolves. prospero (the GM) clicks Roll back:
    hamlet's page is back at turn 1 with its own written orders (the `orders` frame) and the
    roll-back in its log; a second click is refused with the server's reason, changing
    nothing."""
    from boardgame.jobs.worker import drain
    from boardgame.play import deadlines, orders
    from boardgame.play.models import ActionRecord
    from engine import rulesets
    from engine.kernel import decisions
    from tests.live import helpers

    twteaw = rulesets.get("twteaw")
    prospero, hamlet, othello = (helpers.make_user(n) for n in ("prospero", "hamlet", "othello"))
    holders = {**{s: hamlet for s in CENTRAL}, **{s: othello for s in ALLIED},
               **{s: helpers.make_user(f"n_{s}") for s in NEUTRALS}}
    game = helpers.start_game(prospero, holders, title="1914", ruleset="twteaw",
                              scenario="europe-1914", options={"turns": 3},
                              allow_multiple_seats=True, pace="async", deadline_hours=24,
                              disorder_after=2)
    deadlines.initialise_new_games()
    for seat in holders:
        game.refresh_from_db()
        d = next(d for d in decisions(twteaw, game.state) if seat in d.seats)
        action = twteaw.options(game.state, seat, d, None)[0]["action"]
        orders.do_write_order(game.pk, holders[seat], seat, d.id, action)
        orders.submit_ready(game.pk, holders[seat], seat, d.group, True, f"r-{seat}")
    drain()   # the last ready is held; the task worker resolves the turn (ruling 68)
    game.refresh_from_db()
    assert game.state["board"]["turn"] == 2

    gm = log_in(new_context(), site, "prospero", game.pk)
    player = log_in(new_context(), site, "hamlet", game.pk)
    assert player.evaluate("() => Object.keys(window.salient.store.orders || {}).length") == 0
    assert player.locator("#gm-panel [data-gm=rollback]").count() == 0   # the GM's alone
    gm.click("#gm-panel [data-gm=rollback]")
    gm.wait_for_selector("#gm-panel .control-message:has-text('Rolled back')")
    player.wait_for_function("() => window.salient.store.view.board.turn === 1", timeout=20000)
    player.wait_for_function("() => Object.keys(window.salient.store.orders.germany || {}).length > 0")
    player.wait_for_function("() => document.querySelector('#log').textContent.includes('The game master rolled back the turn')")
    assert "Turn 1" in player.inner_text("#track")
    steps = ActionRecord.objects.filter(game_id=game.pk).count()
    gm.click("#gm-panel [data-gm=rollback]")
    gm.wait_for_selector("#gm-panel .control-message.error")
    assert "nothing to roll back" in gm.inner_text("#gm-panel .control-message.error")
    assert ActionRecord.objects.filter(game_id=game.pk).count() == steps
