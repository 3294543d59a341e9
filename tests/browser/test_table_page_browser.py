"""The table page and the turn track in the browser (issue #18).

- The table page (`boardgame/templates/lobby/table.html`): the disabled Start button says why
  in text; Edit options has one input per option and the "Allow multiple seats" box; the
  options read in words; the seats sit under their side, and a side's free seats are taken in
  one click; "Abandon table" asks before it abandons.
- A BoP 12.1 game's turn track shows each power's RP with its income (BoP 5.21), the Schlieffen
  Plan and Plan XVII lines, from the server's view.
"""

from __future__ import annotations

import pytest

from boardgame.lobby.models import Table
from tests.browser.flows import bop_table, new_table, sign_up

pytestmark = [pytest.mark.browser, pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_18_table_page_start_reason_options_sides_and_abandon(site, new_context):
    host = sign_up(new_context(), site, "moltke")
    url = new_table(host, site, "balance_of_powers", "before-the-leaves-fall",
                    title="Sides and seats", multiple_seats=False)
    host.goto(url)
    assert host.locator("button:has-text('Start the game')").is_disabled()
    reason = host.locator("#start-blocked")
    assert reason.is_visible() and reason.inner_text().startswith("Waiting for a player at "), \
        reason.inner_text()
    # Options in words; the side action is not offered while each player holds one seat.
    options = host.inner_text("#table-options")
    assert "Secret simultaneous set-up (BoP 12.1 optional set-up): no" in options, options
    assert host.locator("[data-claim-side]").count() == 0
    heads = host.locator("table.seats tbody .side-head th").all_text_contents()
    assert [h.strip() for h in heads] == ["Central Powers", "Entente Powers"], heads
    # Edit options: one input per option, and allow multiple seats.
    host.click("details.edit summary")
    host.check("#opt-secret_setup")
    host.check("#allow-multiple-seats")
    with host.expect_navigation():
        host.click("button:has-text('Save options')")
    assert "Secret simultaneous set-up (BoP 12.1 optional set-up): yes" in host.inner_text(
        "#table-options")
    # The whole Central side in one click.
    with host.expect_navigation():
        host.click("[data-claim-side=central]")
    central = host.locator("tbody[data-side=central]").inner_text()
    assert central.count("moltke") == 2, central
    assert "moltke" not in host.locator("tbody[data-side=entente]").inner_text()
    # Abandon asks first: the real button is hidden until the host opens the question.
    confirm = host.locator("button:has-text('Yes, abandon the table')")
    assert not confirm.is_visible()
    host.click("#abandon-table summary")
    assert confirm.is_visible()
    with host.expect_navigation():
        confirm.click()
    assert host.locator("#table-panel .state").text_content() == "Abandoned"
    assert Table.objects.get(title="Sides and seats").state == Table.State.ABANDONED


def test_bop_5_21_track_shows_rp_with_income_and_the_august_plans(site, new_context):
    central, _entente, _url = bop_table(site, new_context, names=("kluck", "joffre"),
                                        title="August 1914")
    central.wait_for_selector(".track-facts")
    facts = central.locator(".track-facts").inner_text()
    powers = central.evaluate("() => window.salient.store.view.powers")
    assert powers["germany"]["income"] == 16 and powers["russia"]["income"] == 11, powers
    assert "Resource points" in facts, facts
    for nation, title in (("germany", "Germany"), ("france", "France"), ("russia", "Russia")):
        power = powers[nation]
        assert f"{title} {power['rp']} (+{power['income']} a season)" in facts, facts
    assert "Schlieffen Plan" in facts and "0 of 9 German corps into Belgium" in facts, facts
    assert "Plan XVII" in facts and "0 of 4 French corps into Germany, 0 of 2 hexes" in facts, facts
