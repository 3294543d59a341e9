"""The whole product in Chromium against a real daphne: two players sign up, open a Balance of
Powers table, take their seats and start; they play by clicking the map (set-up, then marches
in the first fortnight); a third browser spectates and sees the same position with no controls;
a reload restores the position; an order off the offered options is impossible and a stale one
shows its rule; the keyboard alone selects a stack and a destination; the replay viewer steps
through the game. A second test plays the toy ruleset through the no-map mode.
"""

from __future__ import annotations

import re

import pytest

from tests.browser.flows import new_table, open_game, seat_and_start, send_single, sign_up

pytestmark = [pytest.mark.browser, pytest.mark.postgres, pytest.mark.slow,
              pytest.mark.django_db(transaction=True)]

SHOTS = None  # set to a folder to keep screenshots while developing



def choose_whole_stack_march(page) -> None:
    """BoP 9.12 offers two march decisions when no force is in motion (a whole stack, or part
    of one); the click flow here is the whole-stack one. A single march tab is taken as is."""
    tabs = page.locator(".decision-tabs [data-kind=march]")
    if tabs.count() and not tabs.first.is_visible() and page.locator("#all-decisions").count():
        page.click("#all-decisions summary")   # the decision list, folded under unit-first orders
    whole = tabs.filter(has_text="whole stack")
    if whole.count():
        whole.first.click()
    elif tabs.count():
        tabs.first.click()

def wait_ready(page):
    """Wait until the order builder has loaded its items (or there is nothing to decide)."""
    page.wait_for_function("""() => { const o = window.salient.orders;
        return o.status === 'idle' || o.status === 'ready' || o.status === 'error'; }""")


def state(page):
    return page.evaluate("""() => ({v: window.salient.store.v,
        units: window.salient.adapter.units(window.salient.store.view).map(u => u.id + '@' + u.hex).sort(),
        decision: window.salient.orders.decision && window.salient.orders.decision.kind,
        mine: window.salient.orders.available().map(d => d.kind)})""")


def pick_choice(page, pattern):
    """Click the first option button whose text matches, then Confirm; a decision with one
    legal answer is sent by its one button (panels/single.js: the click is the Confirm)."""
    page.wait_for_selector("#decision button.choice, #reaction button.choice, #single-send")
    if send_single(page, pattern):
        wait_ready(page)
        return
    page.locator("#decision button.choice, #reaction button.choice").filter(
        has_text=re.compile(pattern)).first.click()
    page.wait_for_selector("#pending-order, .reaction .order")
    v = page.evaluate("() => window.salient.store.v")
    page.locator("#confirm, .reaction .order .button:not(.ghost)").first.click()
    page.wait_for_function("(v) => window.salient.store.v > v", arg=v)
    wait_ready(page)


def click_hex(page, hex_id):
    x, y = page.evaluate("(id) => window.salient.map.clientOfHex(id)", hex_id)
    page.mouse.click(x, y)


def centre(page, hex_id):
    page.evaluate("(id) => window.salient.map.centreOn(id)", hex_id)


def answer_until(page, other, kinds, limit=30):
    """Answer decisions on either page (first option) until `page` has one of `kinds`."""
    for _ in range(limit):
        for p in (page, other):
            wait_ready(p)
        mine = state(page)["mine"]
        if any(k in mine for k in kinds):
            return
        for p in (page, other):
            if state(p)["mine"]:
                if p.locator("#decision button.choice").count() == 0 and p.locator(
                        ".decision-tabs [data-kind=done]").count():
                    p.click(".decision-tabs [data-kind=done]")
                    p.wait_for_selector("#decision button.choice")
                pick_choice(p, r".")
                break
        else:
            page.wait_for_timeout(300)
    raise AssertionError(f"never reached {kinds}: {state(page)}")


def test_two_players_a_spectator_and_the_replay_of_balance_of_powers(site, new_context):
    alice_ctx, bob_ctx, carol_ctx = new_context(), new_context(), new_context()
    alice = sign_up(alice_ctx, site, "alice")
    bob = sign_up(bob_ctx, site, "bob")

    # Alice opens a table: ruleset → scenario → options → pace → visibility.
    table_url = new_table(alice, site, "balance_of_powers", "before-the-leaves-fall", title="Marne 1914")
    assert re.search(r"/tables/\d+/$", table_url)
    game_url = seat_and_start(table_url, alice, ("germany", "austria_hungary"),
                              [(bob, ("france", "russia", "britain"))])
    open_game(alice, game_url)
    open_game(bob, game_url)

    # Set-up: each power picks one of the deployments the server offers (no hexes: buttons).
    assert state(bob)["mine"] == ["setup", "setup"]
    assert state(alice)["mine"] == []
    # the idle panel says why (panels/idle.js): whose half it is and who is deciding what
    waiting = alice.inner_text("#decision")
    assert "Nothing for you to decide now" in waiting and "France is deciding" in waiting, waiting
    answer_until(alice, bob, ["march"])

    # Alice (Germany) marches by clicking: a highlighted stack, then a highlighted destination.
    choose_whole_stack_march(alice)
    alice.wait_for_function("() => window.salient.orders.decision.kind === 'march' && window.salient.orders.status === 'ready'")
    before = state(alice)
    moved = []
    for _ in range(2):
        origin = alice.evaluate("() => window.salient.orders.origins()[0]")
        centre(alice, origin)
        click_hex(alice, origin)
        try:
            alice.wait_for_function("() => window.salient.orders.live().some(e => e.p.hex)")
        except Exception:
            alice.screenshot(path="/tmp/fe/fail.png")
            print(alice.evaluate("() => [window.salient.orders.origin, window.salient.orders.hint, window.salient.orders.status, window.salient.orders.origins().length, window.salient.map.zoom]"), origin)
            raise
        target = alice.evaluate("""() => window.salient.orders.live().find(e => e.p.hex
            && e.p.hex !== window.salient.orders.origin).p.hex""")
        click_hex(alice, target)
        alice.wait_for_selector("#pending-order")
        text = alice.inner_text("#pending-order .order-text")
        assert "→" in text and "MP" in text, text
        v = alice.evaluate("() => window.salient.store.v")
        alice.click("#confirm")
        alice.wait_for_function("(v) => window.salient.store.v > v", arg=v)
        wait_ready(alice)
        moved.append(target)
        if alice.evaluate("() => !window.salient.orders.available().some(d => d.kind === 'march')"):
            break
        choose_whole_stack_march(alice)
        alice.wait_for_function("() => window.salient.orders.decision.kind === 'march' && window.salient.orders.status === 'ready'")
    after = state(alice)
    assert after["v"] > before["v"] and after["units"] != before["units"]
    assert any(u.endswith("@" + moved[0]) for u in after["units"])
    if SHOTS:
        alice.screenshot(path=f"{SHOTS}/game-alice.png")

    # Bob sees the same position (Balance of Powers is open information).
    bob.wait_for_function("(v) => window.salient.store.v === v", arg=after["v"])
    assert state(bob)["units"] == after["units"]

    # Carol watches without an account: the same map and no controls.
    carol = carol_ctx.new_page()
    open_game(carol, game_url)
    assert state(carol)["units"] == after["units"]
    assert "You are watching" in carol.inner_text("#decision")
    assert carol.locator("#confirm, .decision-tabs, button.choice").count() == 0
    alice.wait_for_function("() => window.salient.store.presence.spectators >= 1", timeout=20000)

    # An order off the offered options is impossible: a click on a hex that is not highlighted
    # builds nothing; a stale answer is refused with its rule.
    choose_whole_stack_march(alice)
    wait_ready(alice)
    if alice.evaluate("() => window.salient.orders.decision.kind === 'march'"):
        origin = alice.evaluate("() => window.salient.orders.origins()[0]")
        sea = alice.evaluate("""(origin) => { const m = window.salient.map.map;
            return Object.keys(m.hexes).find(id => m.hexes[id].sea); }""", origin)
        centre(alice, sea)
        click_hex(alice, sea)
        assert alice.locator("#pending-order").count() == 0
        assert "not" in alice.inner_text("#order-hint").lower() or "click a highlighted" in alice.inner_text("#order-hint").lower()
    alice.evaluate("() => window.salient.orders.submitRaw('0-1914-08-f0-setup-germany-setup', {placement: {}}, 'germany')")
    alice.wait_for_selector("#reject")
    reject = alice.inner_text("#reject")
    assert "Refused" in reject and ("stale" in reject.lower() or "not open" in reject.lower() or "BoP" in reject or "action/" in reject), reject

    # Keyboard alone: focus the map, walk the cursor to a stack, Enter, walk to a destination,
    # Enter, and the order waits for Confirm (then Escape cancels it).
    alice.evaluate("() => { if (window.salient.orders.decision.kind !== 'march') { const d = window.salient.orders.available().find(x => x.kind === 'march'); if (d) window.salient.orders.select(d.id); } }")
    wait_ready(alice)
    if alice.evaluate("() => window.salient.orders.decision.kind === 'march'"):
        alice.focus(".mapview-svg")
        origin = alice.evaluate("() => window.salient.orders.origins()[0]")
        walk(alice, origin)
        alice.keyboard.press("Enter")
        alice.wait_for_function("(o) => window.salient.orders.origin === o", arg=origin)
        target = alice.evaluate("""() => window.salient.orders.live().find(e => e.p.hex
            && e.p.hex !== window.salient.orders.origin).p.hex""")
        alice.focus(".mapview-svg")
        walk(alice, target)
        alice.keyboard.press("Enter")
        alice.wait_for_selector("#pending-order")
        assert alice.evaluate("() => document.activeElement.id") == "confirm"
        alice.keyboard.press("Escape")
        assert alice.locator("#pending-order").count() == 0

    # A reload mid-game restores the position.
    position = state(alice)
    alice.reload()
    open_game(alice, game_url)
    wait_ready(alice)
    again = state(alice)
    assert again["v"] == position["v"] and again["units"] == position["units"]
    if SHOTS:
        carol.screenshot(path=f"{SHOTS}/game-carol.png")

    # The replay viewer steps through the game.
    replay = carol_ctx.new_page()
    replay.goto(game_url + "replay/")
    replay.wait_for_selector("body[data-ready='1']")
    total = replay.evaluate("() => window.replay.total")
    assert total == again["v"]
    assert "Step 0 of" in replay.inner_text("#step-no")
    start_units = replay.evaluate("() => window.salient ? null : document.querySelectorAll('.layer-units .stack').length")
    replay.click("#last")
    assert f"Step {total} of {total}" in replay.inner_text("#step-no")
    end_units = replay.evaluate("() => document.querySelectorAll('.layer-units .stack').length")
    assert end_units > 0 and start_units == 0
    replay.click("#prev")
    assert f"Step {total - 1} of" in replay.inner_text("#step-no")
    assert replay.locator("#phases option").count() >= 3
    if SHOTS:
        replay.screenshot(path=f"{SHOTS}/replay.png")


def walk(page, target):
    """Move the map's keyboard cursor to `target` with arrow keys only (greedy on distance)."""
    keys = {"ArrowRight": (1, 0), "e": (1, -1), "ArrowUp": (0, -1), "ArrowLeft": (-1, 0),
            "a": (-1, 1), "ArrowDown": (0, 1)}
    page.keyboard.press("ArrowRight")
    for _ in range(200):
        cursor = page.evaluate("() => window.salient.map.cursor")
        if cursor == target:
            return
        q, r = map(int, cursor.split(","))
        tq, tr = map(int, target.split(","))

        def dist(a, b):
            return (abs(a[0] - b[0]) + abs(a[1] - b[1]) + abs(a[0] + a[1] - b[0] - b[1])) // 2
        exists = page.evaluate("(ids) => ids.map(id => !!window.salient.map.map.hexes[id])",
                               [f"{q + dq},{r + dr}" for dq, dr in keys.values()])
        options = sorted((dist((q + dq, r + dr), (tq, tr)), key)
                         for (key, (dq, dr)), ok in zip(keys.items(), exists, strict=False) if ok)
        page.keyboard.press(options[0][1])
    raise AssertionError(f"cursor never reached {target}")


def test_toy_ruleset_in_no_map_mode(site, new_context):
    red_ctx, blue_ctx = new_context(), new_context()
    red = sign_up(red_ctx, site, "hamlet")
    blue = sign_up(blue_ctx, site, "othello")
    table_url = new_table(red, site, "toy_skirmish", "duel", pace=None, multiple_seats=False)
    game_url = seat_and_start(table_url, red, ("red",), [(blue, ("blue",))])
    open_game(red, game_url)
    open_game(blue, game_url)
    assert red.locator("#map").count() == 0 and red.is_visible("#board-summary")
    # Sealed bids: both answer; then the winner moves (a schema decision: the server's items).
    pick_choice(red, r"^Bid")
    blue.wait_for_function("() => document.querySelector('#track').textContent.includes('Answered')")
    pick_choice(blue, r"^Bid")
    mover = red if state(red)["mine"] == ["move"] else blue
    pick_choice(mover, r"^Move to")
    assert mover.locator("#undo").count() == 1
    v = mover.evaluate("() => window.salient.store.v")
    mover.click("#undo")
    mover.wait_for_function("(v) => window.salient.store.v > v", arg=v)
    wait_ready(mover)
    assert state(mover)["mine"] == ["move"]
    assert "Moved" in mover.inner_text("#log") or "moved" in mover.inner_text("#log")
