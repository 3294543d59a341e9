"""The game page's controls in Chromium against a real daphne: two players and a third user
on an async toy duel whose table chose K = 1. A draw offer and a pause vote made on one page
show on the other, as does an extension both players vote for; the host sees blue fall into civil disorder, hands the seat to the third
user (whose page turns into blue's, while the player who left becomes a spectator), extends
the deadlines, backs out of abandoning, and the new blue resigns after confirming it.
"""

from __future__ import annotations

import datetime as dt
import os

import pytest

from tests.browser import flows

pytestmark = [pytest.mark.browser, pytest.mark.postgres, pytest.mark.slow,
              pytest.mark.django_db(transaction=True)]

SHOT = os.environ.get("SALIENT_CONTROLS_SHOT")  # e.g. docs/screenshots/game-controls.png


def log_in(context, site, name, game_id):
    """A player made by tests.live.helpers, logged in and live on the game's page."""
    from tests.live.helpers import PASSWORD
    page = flows.log_in(context, site, name, f"/games/{game_id}/", password=PASSWORD)
    wait_live(page)
    return page


def wait_live(page):
    page.wait_for_function("() => window.salient && window.salient.store.view"
                           " && window.salient.socket.state === 'live'")


def clock(page):
    return page.evaluate("() => window.salient.store.clock")


def test_players_and_the_host_use_the_game_controls(site, new_context):
    from django.utils import timezone

    from boardgame.play import actions, deadlines
    from tests.live import helpers

    hamlet, othello, iago = (helpers.make_user(n) for n in ("hamlet", "othello", "iago"))
    game = helpers.start_game(hamlet, {"red": hamlet, "blue": othello}, pace="async",
                              deadline_hours=1, disorder_after=1)
    deadlines.run_due()
    red = log_in(new_context(), site, "hamlet", game.pk)
    blue = log_in(new_context(), site, "othello", game.pk)
    watcher = log_in(new_context(), site, "iago", game.pk)
    assert watcher.locator("#game-controls button").count() == 0   # a spectator: no controls
    assert red.locator("#game-controls [data-status=limit]").inner_text().startswith(
        "Civil disorder after 1 missed deadline")

    # A draw offer on blue's page shows on red's (and on the spectator's seat list).
    blue.click("[data-control=draw]")
    red.wait_for_selector("#game-controls [data-status=draw]:has-text('Blue')")
    red.wait_for_selector("#players li[data-seat=blue] .badge.draw")
    watcher.wait_for_selector("#players li[data-seat=blue] .badge.draw")
    assert red.inner_text("[data-control=draw]") == "Accept the draw"
    blue.click("[data-control=draw]")                       # withdrawn
    red.wait_for_function("() => !window.salient.store.clock.draw.length")
    assert red.locator("#game-controls [data-status=draw]").count() == 0

    # Pause: every seat must vote; anyone resumes.
    red.click("[data-control=pause]")
    blue.wait_for_selector("#game-controls [data-status=pause]:has-text('Red')")
    blue.click("[data-control=pause]")
    red.wait_for_selector("#game-controls [data-status=paused]")
    assert clock(watcher)["paused"] is True or watcher.wait_for_function(
        "() => window.salient.store.clock.paused")
    red.click("[data-control=pause]")                       # "Resume"
    blue.wait_for_function("() => !window.salient.store.clock.paused")
    # the deadlines the extension adds to are the resumed ones: red's clock must hold them too
    red.wait_for_function("() => !window.salient.store.clock.paused")

    # The players' extension vote (#26): blue asks for 3 hours more; red agrees; it applies.
    before = clock(red).get("deadlines", {})
    blue.fill("#extend-vote-hours", "3")
    blue.click("[data-control=extend-propose]")
    red.wait_for_selector("#game-controls [data-status=extend]:has-text('3 more hours')")
    assert red.inner_text("[data-control=extend-vote]") == "Agree to 3 hours more"
    assert watcher.locator("[data-control=extend-vote]").count() == 0   # spectators: no vote
    red.click("[data-control=extend-vote]")
    blue.wait_for_function("() => !window.salient.store.clock.extend")
    assert red.locator("#game-controls [data-status=extend]").count() == 0
    if before:
        try:
            blue.wait_for_function(
                "(b) => Object.entries(b).every(([s, t]) => "
                "(window.salient.store.clock.deadlines[s] || 0) === t + 3 * 3600000)", arg=before)
        except Exception as exc:      # say what the clocks held, not only that time ran out
            raise AssertionError((before, clock(red).get("deadlines"), clock(blue).get("deadlines"))) from exc

    # Blue misses a deadline; with K = 1 it falls into civil disorder.
    for _ in range(10):
        game.refresh_from_db()
        moves = [m for m in helpers.next_moves(game.state) if m[0] == "red"]
        if not moves:
            break
        seat, decision, action = moves[0]
        actions.submit_action(game.pk, hamlet, seat, decision, action, f"r-{decision}")
    deadlines.run_due(timezone.now() + dt.timedelta(hours=5))   # 1 h + the 3 h voted above
    game.refresh_from_db()
    assert game.live["disorder"] == ["blue"] and not game.is_over
    for page in (red, blue, watcher):
        page.reload()
        wait_live(page)
    red.wait_for_selector("#game-controls [data-status=disorder]:has-text('Blue')")
    blue.wait_for_selector("#players li[data-seat=blue] .badge.disorder")
    assert blue.locator("[data-control=replace-form]").count() == 0   # only the host
    if SHOT:  # the players (with their badges) and the controls, as the host sees them
        red.evaluate("() => document.getElementById('players').scrollIntoView({block: 'start'})")
        boxes = [red.locator(s).bounding_box() for s in ("#players", "#game-controls")]
        top, bottom = boxes[0]["y"] - 6, max(b["y"] + b["height"] for b in boxes) + 6
        red.screenshot(path=SHOT, clip={"x": boxes[0]["x"] - 6, "y": top,
                                        "width": boxes[0]["width"] + 12, "height": bottom - top})

    # The host hands blue to iago: iago's page becomes blue's, othello's a spectator's.
    red.fill("#replace-blue", "iago")
    red.click("[data-control=replace][data-seat=blue]")
    red.wait_for_selector("#players li[data-seat=blue] .seat-player:has-text('iago')")
    watcher.wait_for_function("() => window.salient && window.salient.store && window.salient.store.mySeats.includes('blue')",
                              timeout=20000)
    wait_live(watcher)
    blue.wait_for_function("() => window.salient && window.salient.store.mySeats.length === 0"
                           " && window.salient.socket.state === 'live'", timeout=20000)
    assert "iago" in blue.inner_text("#players li[data-seat=blue]")
    red.wait_for_function("() => !window.salient.store.clock.disorder.length")
    assert red.locator("#players li[data-seat=blue] .badge.disorder").count() == 0

    # Extending the deadlines moves every running deadline for every page.
    before = clock(watcher).get("deadlines", {})
    red.fill("#extend-hours", "5")
    red.click("[data-control=extend]")
    red.wait_for_selector(".control-message:has-text('5 more hours')")
    if before:
        watcher.wait_for_function(
            "(b) => Object.entries(b).every(([s, t]) => "
            "(window.salient.store.clock.deadlines[s] || 0) >= t + 5 * 3600000)", arg=before)

    # Abandon asks first; Cancel changes nothing.
    red.click("[data-control=abandon]")
    red.wait_for_selector("[data-confirm=abandon]")
    red.click("[data-control=abandon-cancel]")
    assert red.locator("[data-confirm=abandon]").count() == 0

    # The new blue resigns, after confirming; red's page shows the result and drops the controls.
    watcher.click("[data-control=resign]")
    watcher.wait_for_selector("[data-confirm=resign]")
    watcher.click("[data-control=resign-confirm]")
    red.wait_for_function("() => window.salient.store.result"
                          " && window.salient.store.result.reason === 'resignation'")
    assert red.evaluate("() => window.salient.store.result.resigned") == "blue"
    red.wait_for_selector("#game-controls", state="hidden")
    # The badge says the game is over, not "Live" (issue #18).
    red.wait_for_selector("#conn[data-state=finished]")
    assert red.inner_text("#conn").startswith("Finished") and "won by Red" in red.inner_text("#conn")
    game.refresh_from_db()
    assert game.result["winners"] == ["red"]
