"""BoP 12.2 Fire in the East from the lobby to its result in the browser (issue #20).

Two people sign up: Falkenhayn opens a Fire in the East table in the lobby's wizard (at your
own pace, one missed deadline puts a seat in civil disorder, a level-1 bot then plays it),
takes Germany and fills the free seat (Austria-Hungary) with a level-1 bot; Grand Duke Nikolai
takes Russia. The game runs on a real daphne with its in-process worker, so Austria-Hungary's
bot plays from the server.

By clicks on the game pages:
- Russia sets up first (12.2), in the set-up editor: "Deployment 1"; a corps picked from the
  roster lights exactly the hexes east of the start line; put down west of it, the server's
  check refuses it citing the start line, and it goes back; a seventh corps "Set aside" breaks
  the six-corps rule (the check says so), and one of the six set aside is set up again in the
  hex the seventh left — six corps of effectiveness eleven or more, chosen by the player;
  "Confirm set-up", and the server's force pool holds exactly those six;
- Germany's set-up (once Austria-Hungary's bot has set up): "Deployment 1", two infantry corps
  toggled entrenched (12.2: either mode), Confirm; the board has them entrenched;
- every decision of both people through May 1915 (the first month), by the driver's clicks.
Then both people stop playing: the deadline sweep hands their seats to the table's bot and the
worker's bots play to the October 1915 victory check. The result (BoP 12.2) shows on every
page at the server's version and the downloaded record replays to the stored state; on the
way, September's muster removed Mackensen, 3rd Corps and a siege unit, and the autumn turn
brought Russia's corps of 1915 (34-43, CAUC 4-6: ruling 96) into play.
"""

from __future__ import annotations

import os
import time

import pytest

from tests.browser.bop_driver import BopDriver
from tests.browser.test_bop_kaiserschlacht_browser import (
    bots_finish,
    editor,
    play_by_clicks,
    seat_with_a_bot,
    set_up_entrenched,
    start_deployment_1,
)
from tests.browser.test_bop_playthrough import finish_checks

pytestmark = [pytest.mark.browser, pytest.mark.postgres,
              pytest.mark.django_db(transaction=True)]

AUTUMN_1915 = [f"rus-inf-{n}" for n in range(34, 44)] + [f"rus-inf-cauc_{n}" for n in (4, 5, 6)]


@pytest.fixture
def sweeping_site(monkeypatch, request):
    """The site with its in-process worker on (bots move without the test's help)."""
    monkeypatch.setenv("SALIENT_IN_PROCESS_SWEEPER", "1")
    return request.getfixturevalue("site")


def click_hex(page, loc: str) -> None:
    page.evaluate("(id) => window.salient.map.centreOn(id)", loc)
    x, y = page.evaluate("(id) => window.salient.map.clientOfHex(id)", loc)
    page.mouse.click(x, y)


def wait_checked(page, selector: str) -> None:
    """The editor has the server's check of the placement on the page (`selector` shows)."""
    page.wait_for_function("""() => { const e = window.salient.orders.editor;
        return e && !e.checking; }""")
    page.wait_for_selector(selector)


def russia_sets_up(page) -> list[str]:
    """Russia's set-up by clicks (the start line, the set-aside of six); the six set aside."""
    from engine.rulesets.balance_of_powers import setup_fire
    from engine.rulesets.balance_of_powers.forces import UNITS
    from engine.rulesets.balance_of_powers.theatre import SCENARIO_MAP, theatre
    th = theatre(SCENARIO_MAP)
    cp_area, ru_area = setup_fire.areas(th)
    start_deployment_1(page, "russia")
    wait_checked(page, "#setup-ok")
    placement = editor(page, "e.placement")
    first_aside = sorted(u for u in setup_fire.land_units("russia") if u not in placement)
    assert len(first_aside) == 6, first_aside
    summary = page.inner_text("#setup-aside-summary")
    total = sum(UNITS[u].effectiveness for u in first_aside)
    assert f"Set aside: 6 corps, effectiveness {total}" in summary and total >= 11, summary
    for uid in first_aside:   # listed in the roster as set aside, with no "Set aside" button
        row = page.locator(f"#decision .unit-row[data-unit='{uid}']")
        assert "set aside" in row.inner_text()
        assert page.locator(f"#decision button.setup-aside[data-aside='{uid}']").count() == 0

    # the start line: a corps may go exactly east of it, and west of it is refused
    corps = sorted(u for u in placement if UNITS[u].kind == "infantry"
                   and UNITS[u].effectiveness == 2)[0]
    home = placement[corps]
    page.click(f"#decision .unit-row[data-unit='{corps}']")
    assert editor(page, "e.selected") == corps
    assert sorted(editor(page, f"[...e.spots['{corps}']]")) == sorted(ru_area)
    assert page.locator(".layer-highlight .hl-option").count() > 20
    lodz = th.place_loc["lodz"]
    assert lodz in cp_area
    click_hex(page, lodz)
    problem = page.locator("#setup-problems li[data-code='outside_area']")
    problem.wait_for()
    assert "BoP 12.2" in problem.inner_text() and "start line" in problem.inner_text()
    assert page.is_disabled("#confirm")
    page.click(f"#decision .unit-row[data-unit='{corps}']")
    click_hex(page, home)
    wait_checked(page, "#setup-ok")
    assert editor(page, "e.placement")[corps] == home

    # a seventh corps set aside breaks the rule; one of the six set up again in its hex
    page.click(f"#decision button.setup-aside[data-aside='{corps}']")
    problem = page.locator("#setup-problems li[data-code='set_aside']")
    problem.wait_for()
    assert "exactly 6 corps" in problem.inner_text()
    assert "Set aside: 7 corps" in page.inner_text("#setup-aside-summary")
    assert corps not in editor(page, "e.placement")
    back = first_aside[0]
    page.click(f"#decision .unit-row[data-unit='{back}']")
    assert "is set aside: click a highlighted location" in page.inner_text("#order-hint")
    click_hex(page, home)
    wait_checked(page, "#setup-ok")
    assert editor(page, "e.placement")[back] == home
    aside = sorted([*first_aside[1:], corps])
    assert sorted(u for u in setup_fire.land_units("russia")
                  if u not in editor(page, "e.placement")) == aside
    assert sum(UNITS[u].effectiveness for u in aside) >= 11
    assert page.evaluate("() => window.salient.orders.pending.item.action.placement")[back] == home
    v = page.evaluate("() => window.salient.store.v")
    page.click("#confirm")
    page.wait_for_function("(v) => window.salient.store.v > v", arg=v)
    assert not page.evaluate("() => window.salient.orders.error")
    # the six chosen are the "previously eliminated units", in Russia's force pool
    page.wait_for_function("""(aside) => { const b = window.salient.store.view.board;
        return aside.every(u => b.pool.includes(u) && !(u in b.units)); }""", arg=aside,
                           timeout=60000)
    return aside


@pytest.mark.slow   # 6–10 minutes on a loaded two-core machine
def test_bop_12_2_fire_in_the_east_from_the_lobby_to_its_result(sweeping_site, new_context):
    """12.2: Russia sets up first, then the Central Powers (Austria-Hungary: the bot)."""
    started = time.monotonic()
    host_page, guest_page, game_url = seat_with_a_bot(
        sweeping_site, new_context, "fire-in-the-east", "germany", "russia",
        ("falkenhayn", "nikolai"))
    pages = {"germany": host_page, "russia": guest_page}
    driver = BopDriver(pages, timeout_ms=60000,
                       log=print if os.environ.get("SALIENT_BOP_LOG") else None)
    aside = russia_sets_up(guest_page)
    dug = set_up_entrenched(host_page, "germany")
    host_page.wait_for_function("""(dug) => { const units = window.salient.store.view.board.units || {};
        return dug.every(u => units[u] && units[u].mode === 'entrenched'); }""", arg=dug,
                                timeout=120000)
    stale: list[str] = []
    play_by_clicks(driver, host_page, stale=stale, until=lambda st: st["flow"]["step"] != "setup"
                   and st["flow"]["month"] not in (None, "1915-05"))
    kinds = {d.kind for d in driver.history}
    assert {"march", "rail", "combat"} & kinds, kinds
    clicked = len(driver.history)
    seats = bots_finish(list(pages.values()), game_url)
    assert seats == {seat: f"bot:1:{seat}" for seat in ("germany", "russia", "austria_hungary")}
    driver.timeout_ms = 180000
    driver.settle()
    server, record = finish_checks(sweeping_site, game_url, [host_page, guest_page, host_page])
    assert server["result"]["rule"] == "BoP 12.2"
    assert len(stale) < 10, stale
    from boardgame.play.models import Game
    board = Game.objects.get(pk=int(game_url.rstrip("/").split("/")[-1])).state["board"]
    present = set(board["units"]) | set(board["pool"])
    # September's muster took Mackensen and 3rd Corps out of the game (12.2)
    assert not {"ger-ldr-mcknsn", "ger-inf-3"} & present
    # the autumn 1915 turn brought Russia's new corps into play (13.0, ruling 96)
    assert set(AUTUMN_1915) <= present, sorted(set(AUTUMN_1915) - present)
    for page in pages.values():   # the result on every person's page
        assert "Game over" in page.inner_text("#track")
    print(f"\nBoP 12.2 in the browser: Russia set aside {aside}, {len(dug)} German corps "
          f"entrenched, {clicked} decisions clicked ({len(stale)} lost to the bot and "
          f"answered again; {sorted(kinds)}), then bots; {len(record['actions'])} recorded "
          f"steps, {time.monotonic() - started:.0f} s, result {server['result']}")
