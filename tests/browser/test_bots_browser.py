"""Bots at the table in Chromium against a real daphne with its in-process worker (issue #25):
the host of a Balance of Powers table takes the Central Powers, fills the free seats with
level-2 bots from the table page, starts, and finds the Entente's set-up made by the bots
and Germany to move — played by the server's own worker, not by the test. (That the beat
wakes the worker for a bot at any later time, not only at the game's first sweep, is
tests/live/test_bot_seats.py's beat test.)"""

from __future__ import annotations

import pytest

from tests.browser.flows import claim, new_table, open_game, sign_up

pytestmark = [pytest.mark.browser, pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

ENTENTE = ("france", "russia", "britain")
CENTRAL = ("germany", "austria_hungary")


@pytest.fixture
def sweeping_site(monkeypatch, request):
    """The site with its in-process worker on, as in the quick start."""
    monkeypatch.setenv("SALIENT_IN_PROCESS_SWEEPER", "1")
    return request.getfixturevalue("site")


def test_25_a_host_fills_a_table_with_bots_and_their_moves_reach_the_map(sweeping_site,
                                                                        new_context):
    site = sweeping_site
    host = sign_up(new_context(), site, "joffre")
    new_table(host, site, "balance_of_powers", "before-the-leaves-fall", title="With bots")
    for seat in CENTRAL:
        claim(host, seat)
    host.select_option("form:has(input[value=bots]) select[name=level]", "2")
    host.click("text=Fill the free seats with bots")
    host.wait_for_load_state()
    for seat in ENTENTE:
        row = host.locator("tr", has=host.locator(f"input[name=seat][value={seat}]")).first
        assert "Bot · level 2" in row.inner_text(), row.inner_text()
    assert host.locator("text=Fill the free seats with bots").count() == 0   # the table is full
    host.click("text=I'm ready")
    host.wait_for_load_state()
    host.click("text=Start the game")
    host.wait_for_load_state()
    with host.expect_navigation():
        host.click("text=Go to the game")
    open_game(host, host.url)
    # Nobody on the page acts: 12.1 opens with the Entente's set-up (France, then Russia),
    # which the bots answer in the worker's sweep (within a second or two of the start, so
    # usually before this page has loaded); then Germany is to move.
    host.wait_for_function("() => window.salient.store.v >= 2 && Object.values("
                           "window.salient.store.view.decisions).some(d => "
                           "d.seats.includes('germany'))", timeout=60000)
    log = host.request.get(host.url.split("/games/")[0] + "/api/games/"
                           + host.url.rstrip("/").rsplit("/", 1)[1] + "/log").json()
    assert log, "the game's log is empty"


def test_25_the_wizard_offers_the_scenarios_seats_and_opens_a_table_against_bots(site,
                                                                               new_context):
    host = sign_up(new_context(), site, "foch")
    host.goto(f"{site}/tables/new/")
    host.click("[data-ruleset=fatal_alliances]")
    host.click("[data-scenario='fatal_alliances/east-prussia-1914']")
    host.click("#wizard-next")
    host.click("#wizard-next")
    offered = host.eval_on_selector_all(
        "select[name=seat] option", "os => os.filter(o => o.value).map(o => o.value)")
    assert sorted(offered) == ["germany", "russia"], offered
    host.select_option("select[name=seat]", "russia")
    host.select_option("select[name=bots]", "2")
    with host.expect_navigation():
        host.click("#wizard-submit")
    rows = {seat: host.locator("tr", has=host.locator(f"input[name=seat][value={seat}]"))
            .first.inner_text() for seat in ("germany", "russia")}
    assert "Bot · level 2" in rows["germany"] and "foch" in rows["russia"], rows
