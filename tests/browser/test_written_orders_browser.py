"""Written orders in the browser (issue #15): two players and a spectator play the toy duel's
written bids. A player writes a bid, changes it, says ready; the other player sees only that
they are ready; the spectator's socket never receives an `orders` frame and its version does
not move while bids are written; the last ready reveals the bids."""

from __future__ import annotations

import os
import re

import pytest

from tests.browser.flows import new_table, open_game, seat_and_start, sign_up

SHOTS = os.environ.get("SALIENT_SHOTS")   # a folder to keep a screenshot in while developing

pytestmark = [pytest.mark.browser, pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

# Every frame a page's socket receives, by type, but for presence (who opened the page when).
RECORD_FRAMES = """() => { window.__types = [];
    window.salient.socket.addEventListener('frame', (e) => {
        if (e.detail.type !== 'presence') window.__types.push(e.detail.type); }); }"""


def version(page):
    return page.evaluate("() => window.salient.store.v")


def write_bid(page, pattern):
    """Click a bid among the offered choices and confirm it: written, not sent as an answer
    (the page shows the order once the server's `orders` frame has answered)."""
    before = page.inner_text("#my-order")
    page.locator("#decision button.choice").filter(has_text=re.compile(pattern)).first.click()
    page.click("#confirm")
    page.wait_for_function("(before) => document.querySelector('#my-order').textContent !== before",
                           arg=before)


def test_15_written_bids_two_players_and_a_spectator(site, new_context):
    red = sign_up(new_context(), site, "hamlet")
    blue = sign_up(new_context(), site, "othello")
    table_url = new_table(red, site, "toy_skirmish", "duel", pace=None, multiple_seats=False,
                          options=("written_orders",))
    game_url = seat_and_start(table_url, red, ("red",), [(blue, ("blue",))])
    watcher = new_context().new_page()
    for page in (red, blue, watcher):
        open_game(page, game_url)
        page.evaluate(RECORD_FRAMES)
    assert "nobody yet" in red.inner_text("#ready-seats")
    cards = red.locator("#decision button.choice").all_inner_texts()
    write_bid(red, re.escape(cards[0]))
    first = red.inner_text("#my-order")
    write_bid(red, re.escape(cards[-1]))
    assert red.inner_text("#my-order") != first          # revised
    assert version(red) == version(blue) == version(watcher) == 0
    red.click("#ready")
    for page in (red, blue, watcher):
        page.wait_for_function("() => window.salient.store.v === 1")
    blue.wait_for_function("() => document.querySelector('#ready-seats').textContent.includes('Red')")
    assert "Orders in and ready: Red" in watcher.inner_text("#track")
    assert "Red is deciding" not in watcher.inner_text("#track")
    # Red wrote twice and said ready: the others heard one thing, the ready step's patch.
    assert blue.evaluate("() => window.__types") == watcher.evaluate("() => window.__types") \
        == ["patch"]
    assert red.locator("#not-ready").count() == 1 and red.locator("#withdraw").count() == 0
    if SHOTS:
        red.screenshot(path=f"{SHOTS}/written-orders-red-ready.png")
    write_bid(blue, r".")
    blue.click("#ready")
    for page in (red, blue, watcher):
        page.wait_for_function("() => window.salient.store.v === 2")
    assert watcher.evaluate("() => window.__types").count("orders") == 0
    assert "orders" in red.evaluate("() => window.__types")
    revealed = watcher.evaluate("""() => window.salient.store.log
        .filter((e) => e.kind === 'bids_revealed').map((e) => e.data.bids)""")
    assert len(revealed) == 1 and set(revealed[0]) == {"red", "blue"}
    assert str(revealed[0]["red"]) in cards[-1]
