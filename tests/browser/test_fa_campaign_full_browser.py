"""Fatal Alliances' whole 1914 campaign from the lobby to its result in the browser (issue #22's
"done when"): land and sea, one person and seven bots, to the victory check or the turn cap.

The Tsar signs up, opens a `campaign-1914` table in the lobby's wizard with the scenario's own
length (30 turns), at his own pace, one missed deadline putting a seat in civil disorder and a
level-1 bot then playing it; he takes Russia and fills the seven other seats with level-1 bots.
An anonymous spectator watches. The Tsar plays Russia's first decisions by clicks (the
campaign policy of test_fa_campaign_browser.py); then he stops: the deadline sweep, as if two
days had passed, hands Russia to the table's bot, and the worker's bots play every remaining
decision, by land and by sea, to the end. The result shows on both pages at the server's
version, the record replays to the stored state with its dice verified, and the game's events
hold land moves, naval moves and the naval battles fought (counted and printed).

A whole campaign is about 2,800 steps (a selfplay game of seed 7 took 2,808 to its victory
check), tens of minutes of the worker's bots on this machine: SALIENT_FA_FULL_CAMPAIGN=1 runs
it; CI plays the one-turn table of test_fa_campaign_browser.py instead.
"""

from __future__ import annotations

import os
import time
from collections import Counter

import pytest

from .flows import bots_fill_and_start, claim, drop_stale_order, open_game, sign_up
from .test_bop_kaiserschlacht_browser import bots_finish
from .test_bop_playthrough import finish_checks
from .test_fa_browser import snapshot, wait_ready, watch_spectator
from .test_fa_campaign_browser import CampaignPlayer

pytestmark = [pytest.mark.browser, pytest.mark.postgres, pytest.mark.slow,
              pytest.mark.django_db(transaction=True),
              pytest.mark.skipif(os.environ.get("SALIENT_FA_FULL_CAMPAIGN") != "1",
                                 reason="the whole campaign takes tens of minutes: "
                                        "SALIENT_FA_FULL_CAMPAIGN=1 runs it")]

CLICKED_DECISIONS = 12      # Russia's answers by clicks before the Tsar stops playing


@pytest.fixture
def sweeping_site(monkeypatch, request):
    """The site with its in-process worker on: the bots move without the test's help."""
    monkeypatch.setenv("SALIENT_IN_PROCESS_SWEEPER", "1")
    return request.getfixturevalue("site")


def open_campaign(page, site: str) -> str:
    """The wizard: Fatal Alliances → the 1914 campaign (its own 30 turns) → at your own pace,
    civil disorder after one missed deadline, a level-1 bot for a seat in disorder."""
    page.goto(f"{site}/tables/new/")
    page.click("[data-ruleset=fatal_alliances]")
    page.click("[data-scenario='fatal_alliances/campaign-1914']")
    page.click("#wizard-next")
    page.click("label:has(input[name=pace][value=async])")
    page.fill("#id_disorder_after", "1")
    page.select_option("#id_disorder_bot", "1")
    page.click("#wizard-next")
    page.fill("input[name=title]", "The whole war")
    with page.expect_navigation():
        page.click("#wizard-submit")
    return page.url


def test_fa_campaign_1914_from_the_lobby_to_its_result_by_land_and_sea(sweeping_site, new_context):
    site = sweeping_site
    started = time.monotonic()
    tsar = sign_up(new_context(), site, "tsar")
    table = open_campaign(tsar, site)
    tsar.goto(table)
    claim(tsar, "russia")
    game_url = bots_fill_and_start(tsar)
    open_game(tsar, game_url)
    assert "Turn 1 of 30" in tsar.inner_text("#track")
    watcher = new_context().new_page()
    open_game(watcher, game_url)
    watch_spectator(watcher)

    player = CampaignPlayer("tsar", tsar)
    clicked: Counter[str] = Counter()
    dropped = 0
    for _ in range(600):
        if sum(clicked.values()) >= CLICKED_DECISIONS:
            break
        drop_stale_order(tsar)     # none of ours is left pending between two answers
        wait_ready(tsar)
        state = snapshot(tsar)
        assert not state["result"], state["result"]
        if not (state["mine"] and state["decision"]):
            time.sleep(0.2)
            continue
        try:
            clicked[player.act()] += 1
        except Exception:
            if snapshot(tsar)["v"] == state["v"]:
                raise
            dropped += 1          # a bot's move landed under the pending order: given again
    assert sum(clicked.values()) >= CLICKED_DECISIONS, clicked
    # The spectator saw no hidden field while the people played.
    assert watcher.evaluate("() => window.__hidden") == []

    seats = bots_finish([tsar, watcher], game_url, limit_s=5400)
    assert seats["russia"] == "bot:1:russia", seats
    server, record = finish_checks(site, game_url, [tsar, watcher, tsar])
    result = server["result"]
    assert result["reason"] in ("objectives", "objectives_drawn", "all_capitals",
                                "german_morale_zero"), result

    from boardgame.play.models import ActionRecord
    game_id = int(game_url.rstrip("/").split("/")[-1])
    events: Counter[str] = Counter()
    for logged in ActionRecord.objects.filter(game_id=game_id).values_list("events", flat=True):
        events.update(e["kind"] for e in logged or ())
    assert events["land_moved"] > 0 and events["naval_move"] > 0, events
    print(f"\n1914 campaign in the browser: {dict(clicked)} clicked by the Tsar ({dropped} given "
          f"again), then bots; {len(record['actions'])} recorded steps, "
          f"{events['naval_move']} naval moves, {events['naval_combat']} naval battles, "
          f"{events['ship_sunk']} ships sunk, {events['land_moved']} land moves, "
          f"{events['turn_started']} turns; {time.monotonic() - started:.0f} s; result {result}")
