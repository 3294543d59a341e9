"""Playing from a phone (issue #18), in Chromium with a 390×844 touch screen: the game page is
the map with the orders in a bottom sheet that scrolls on its own (the page never scrolls, so a
tap never moves the map away), every control is at least 44 px high, two fingers zoom the map,
the tab title says when it is your move; the lobby and table pages fit the width.
"""

from __future__ import annotations

import pytest

from tests.browser.flows import new_table, open_game, seat_and_start, sign_up
from tests.browser.test_unit_first import CENTRAL, ENTENTE, places, shot
from tests.browser.unit_first import Api, Clicks, advance, game_id, wait_orders, wait_units_mode

pytestmark = [pytest.mark.browser, pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True,
         "device_scale_factor": 2}

STILL_JS = """() => ({scroll: window.scrollY, fits: document.documentElement.scrollHeight
    <= window.innerHeight + 1, wide: document.documentElement.scrollWidth,
    map: (() => { const r = document.querySelector('#map').getBoundingClientRect();
                  return [Math.round(r.top), Math.round(r.height)]; })()})"""


def phone(browser):
    context = browser.new_context(**PHONE)
    context.set_default_timeout(15000)
    return context


def tap_hex(page, hex_id):
    x, y = page.evaluate("(id) => { const m = window.salient.map; const [x, y] = m.clientOfHex(id);"
                         " const r = m.root.getBoundingClientRect();"
                         " if (x < r.left + 20 || x > r.right - 20 || y < r.top + 20 || y > r.bottom - 20)"
                         " { m.centreOn(id); return m.clientOfHex(id); } return [x, y]; }", hex_id)
    page.touchscreen.tap(x, y)


def tap_confirm(page) -> None:
    """Tap Confirm on the pending order; wait for the game to move on."""
    v = page.evaluate("() => window.salient.store.v")
    page.wait_for_selector("#confirm")
    page.locator("#confirm").tap()
    page.wait_for_function("(v) => window.salient && window.salient.store.v > v", arg=v)


def small_targets(page, scope="#decision"):
    return page.evaluate("""(scope) => [...document.querySelectorAll(`${scope} button, ${scope} summary,
        ${scope} input[type=checkbox]`)].filter((b) => b.offsetParent !== null)
        .map((b) => { const r = (b.closest('label') || b).getBoundingClientRect();
                      return [b.textContent.trim().slice(0, 30) || b.type, Math.round(r.height)]; })
        .filter(([, h]) => h < 44)""", scope)


def test_phone_bop_march_by_tapping_with_the_map_always_in_view(site, browser, new_context):
    central = sign_up(phone(browser), site, "hoffmann")
    entente = sign_up(new_context(), site, "rennenkampf")
    table = new_table(central, site, "balance_of_powers", "before-the-leaves-fall", title="Phone")
    url = seat_and_start(table, central, CENTRAL, [(entente, ENTENTE)])
    open_game(central, url)
    gid = game_id(url)
    apis = {seat: Api(central, site, gid) for seat in CENTRAL}
    apis.update({seat: Api(entente, site, gid) for seat in ENTENTE})
    advance(apis, lambda v: v["flow"]["step"] == "half" and v["flow"]["side"] == "central")
    wait_units_mode(central)
    assert central.title().startswith("Your move · "), central.title()
    before = central.evaluate(STILL_JS)
    assert before["fits"] and before["wide"] <= 390, before
    assert before["map"][1] >= 844 * 0.38, before     # the map is most of the screen
    assert "pinch" in central.inner_text(".map-help")

    aachen = places(central)["Aachen"]
    taps = Clicks(central)          # every pointerdown: a tap on a touch screen
    figures = {}
    tap_hex(central, aachen)
    wait_orders(central)
    assert central.evaluate("() => window.salient.orders.units.selection?.hex") == aachen
    assert small_targets(central) == []
    target = central.evaluate("""() => window.salient.orders.highlights()
        .find((h) => h.kind === 'option' && h.text === '1 MP').hex""")
    tap_hex(central, target)
    central.wait_for_selector("#pending-order")
    confirm = central.locator("#confirm")
    box = confirm.bounding_box()
    assert box["height"] >= 44 and box["y"] + box["height"] <= 845, box   # on screen
    after = central.evaluate(STILL_JS)
    assert after["scroll"] == 0 and after["fits"], after
    assert after["map"] == before["map"], (before, after)
    shot(central, "phone-game.png")
    v = central.evaluate("() => window.salient.store.v")
    confirm.tap()
    central.wait_for_function("(v) => window.salient.store.v > v", arg=v)
    assert central.evaluate(STILL_JS)["scroll"] == 0
    figures["phone march whole stack (tap stack, tap hex, Confirm)"] = taps.count()[0]

    # the sheet lifts to read more, and comes down again
    central.locator("#sheet-handle").tap()
    lifted = central.locator(".side").bounding_box()["height"]
    assert lifted > 844 * 0.6
    central.locator("#sheet-handle").tap()
    assert central.locator(".side").bounding_box()["height"] < 844 * 0.5

    # The rest of Germany's turn by taps: stop the force if it kept MP, end the half.
    wait_orders(central)
    stop = central.locator("#decision button.loose[data-kind=stop]")
    if stop.count():
        taps.start()
        stop.tap()
        tap_confirm(central)
        figures["phone stop the force"] = taps.count()[0]
    wait_units_mode(central)
    taps.start()
    central.locator("#decision button.loose[data-kind=done]").tap()
    tap_confirm(central)
    figures["phone end the half"] = taps.count()[0]
    assert central.evaluate(STILL_JS)["scroll"] == 0
    # Germany's half is over (Austria-Hungary is still mobilising): nothing left to tap.
    central.wait_for_selector("#no-decision")
    figures["phone a turn: one march, then end the half"] = sum(figures.values())
    print(f"\nphone taps per order (390x844, touch): {figures}")
    assert figures["phone march whole stack (tap stack, tap hex, Confirm)"] == 3, figures


def test_phone_pinch_zooms_the_map(site, browser, new_context):
    central = sign_up(phone(browser), site, "ludendorff")
    entente = sign_up(new_context(), site, "foch")
    table = new_table(central, site, "balance_of_powers", "before-the-leaves-fall", title="Pinch")
    url = seat_and_start(table, central, CENTRAL, [(entente, ENTENTE)])
    open_game(central, url)
    box = central.locator("#map").bounding_box()
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    zoom = central.evaluate("() => window.salient.map.zoom")
    cdp = central.context.new_cdp_session(central)

    def touch(kind, spread):
        points = [] if kind == "touchEnd" else [{"x": cx - spread, "y": cy, "id": 1},
                                                 {"x": cx + spread, "y": cy, "id": 2}]
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})
    touch("touchStart", 30)
    for spread in range(40, 130, 10):
        touch("touchMove", spread)
    touch("touchEnd", 0)
    central.wait_for_function("(z) => window.salient.map.zoom > z * 2", arg=zoom)
    assert central.evaluate(STILL_JS)["scroll"] == 0


# The words of the lobby's lists that a line break cuts in two ('fatal_allia|nces', 'STA|TE'):
# a word's range that lies on two lines. Breaks at a hyphen are fine.
CUT_WORDS_JS = """() => { const cut = [];
  for (const cell of document.querySelectorAll('table.list th, table.list td, .cards .card')) {
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      for (const m of n.data.matchAll(/[^\\s\\-–]+/g)) {
        const r = document.createRange(); r.setStart(n, m.index); r.setEnd(n, m.index + m[0].length);
        const lines = new Set([...r.getClientRects()].filter((x) => x.width > 0).map((x) => Math.round(x.top)));
        if (lines.size > 1) cut.push(m[0]); } } }
  return cut; }"""


def test_phone_lobby_and_table_pages_fit(site, browser, new_context):
    host = sign_up(phone(browser), site, "falkenhayn")
    other = sign_up(new_context(), site, "brusilov")
    table = new_table(host, site, "fatal_alliances", "east-prussia-1914", title="A table for a phone")
    seat_and_start(new_table(host, site, "balance_of_powers", "before-the-leaves-fall",
                             title="A game under way"), host, CENTRAL, [(other, ENTENTE)])
    host.goto(f"{site}/")
    wide = host.evaluate("() => document.documentElement.scrollWidth")
    assert wide <= 390, f"the home page lays out {wide} px wide"
    header = host.locator(".site-header").bounding_box()["height"]
    assert header < 60, f"the header wraps ({header} px)"
    assert host.evaluate(CUT_WORDS_JS) == []
    # lists name the game, not its ids
    assert host.locator("table.list td", has_text="Fatal Alliances").count() == 1
    assert "fatal_alliances" not in host.inner_text("main")
    shot(host, "phone-home.png")
    host.goto(table)
    assert host.evaluate("() => document.documentElement.scrollWidth") <= 390
    assert host.locator("table.seats th", has_text="Player").is_visible()
    # the seats sit under their side (a heading row), not beside a Side column
    assert host.locator("table.seats tbody[data-side=central] th").is_visible()
    assert host.evaluate(CUT_WORDS_JS) == []
    host.goto(f"{site}/my/games/")
    assert host.evaluate("() => document.documentElement.scrollWidth") <= 390
    assert host.evaluate(CUT_WORDS_JS) == []
    assert "balance_of_powers" not in host.inner_text("main")
    # the rules reference, where a table's How to play and a game's rule cites lead
    for ruleset in ("balance_of_powers", "fatal_alliances"):
        host.goto(f"{site}/rules/{ruleset}/")
        assert host.evaluate("() => document.documentElement.scrollWidth") <= 390, ruleset
