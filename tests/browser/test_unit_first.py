"""Unit-first orders in Chromium (issue #18), the way a wargamer gives them: click a counter on
the map, see everything it can do (destinations with their MP, rail, attacks with odds), click
where it goes, Confirm. The decision list stays, as a secondary view. A click on a hex the
stack cannot reach says why, with the rule. A spectator's page carries none of it.

The games are brought to the position each test is about over the REST API (set-up, diplomacy,
admiralty answered quietly); the orders under test are clicks. SALIENT_DOC_SHOTS=1 rewrites the
panels' screenshots in docs/screenshots/.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from tests.browser.flows import bop_table, open_game
from tests.browser.unit_first import (
    Api,
    Clicks,
    advance,
    click_hex,
    drawn,
    drawn_text,
    game_id,
    wait_orders,
    wait_units_mode,
)

pytestmark = [pytest.mark.browser, pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

DOCS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
SHOTS = os.environ.get("SALIENT_DOC_SHOTS") == "1"

CENTRAL = ("germany", "austria_hungary")
ENTENTE = ("france", "russia", "britain")


def shot(page, name: str) -> None:
    if SHOTS:
        page.screenshot(path=str(DOCS / name))


def bop_first_half(site, new_context, names=("moltke", "joffre")):
    """A BoP game at the Central Powers' first half of August 1914 (set-up and diplomacy
    answered over the API: no violation). (central page, entente page, game url, apis)."""
    central, entente, url = bop_table(site, new_context, names=names)
    gid = game_id(url)
    apis = {seat: Api(central, site, gid) for seat in CENTRAL}
    apis.update({seat: Api(entente, site, gid) for seat in ENTENTE})
    advance(apis, lambda v: v["flow"]["step"] == "half" and v["flow"]["side"] == "central")
    return central, entente, url, apis


def places(page) -> dict[str, str]:
    return page.evaluate("""() => { const out = {};
        for (const p of Object.values(window.salient.map.map.places || {}))
          if (!out[p.name] || p.capital) out[p.name] = p.hex;
        return out; }""")


def stack_at(page, hex_id: str) -> list[str]:
    return page.evaluate("""(h) => Object.entries(window.salient.store.view.board.units)
        .filter(([, u]) => u.at === h).map(([id]) => id).sort()""", hex_id)


def test_unit_first_bop_march_a_stack_by_clicking_its_counter(site, new_context):
    central, entente, url, apis = bop_first_half(site, new_context)
    wait_units_mode(central)
    # the decision list is there, but folded: the map is the way in
    assert central.locator("#all-decisions").count() == 1
    assert not central.locator("#all-decisions .decision-tabs").is_visible()
    aachen = places(central)["Aachen"]
    origins = drawn(central, "origin")
    assert aachen in origins, "the Aachen stack is not offered as a stack to order"

    clicks = Clicks(central)
    click_hex(central, aachen)
    wait_orders(central)
    assert central.evaluate("() => window.salient.orders.units.selection.hex") == aachen
    stack = central.evaluate("() => window.salient.orders.units.selection.units")
    assert set(stack) == set(stack_at(central, aachen))
    marches = drawn(central, "option")
    assert marches, "no destination highlighted"
    cologne = places(central)["Cologne"]
    assert cologne in marches and drawn_text(central, cologne) == "1 MP"
    assert re.search(r"march: \d+", central.inner_text("#selection-summary"))
    shot(central, "unit-first-selected-stack.png")

    click_hex(central, cologne)
    central.wait_for_selector("#pending-order")
    text = central.inner_text("#pending-order .order-text")
    assert text.startswith("March ") and "Aachen (1219) → Cologne (1319), 1 MP" in text, text
    v = central.evaluate("() => window.salient.store.v")
    central.click("#confirm")
    central.wait_for_function("(v) => window.salient.store.v > v", arg=v)
    assert clicks.count()[0] == 3, f"select + destination + Confirm took {clicks.count()} clicks"
    assert set(stack_at(central, cologne)) >= set(stack)
    # the force is still in motion: it stays selected where it now stands
    wait_units_mode(central)
    central.wait_for_function("(h) => window.salient.orders.units.selection?.hex === h", arg=cologne)

    # a spectator's page (and the other player's) never carries what the decisions concern
    view = Api(entente, site, game_id(url)).view()
    assert not any("concerns" in d for d in view["decisions"].values())


def test_why_not_bop_a_closed_neutral_and_a_full_stack(site, new_context):
    central, _, _, _ = bop_first_half(site, new_context, names=("kluck", "lanrezac"))
    wait_units_mode(central)
    here = places(central)
    aachen, liege = here["Aachen"], here["Liège"]
    click_hex(central, aachen)
    wait_orders(central)
    click_hex(central, liege)
    central.wait_for_function("() => { const w = window.salient.orders.units.why; return w && !w.asking; }")
    why = central.locator("#why-not")
    assert why.get_attribute("data-code") == "neutral_closed"
    assert "Liège (1119) is in Belgium, neutral and closed" in why.inner_text()
    assert why.locator("button.cite").inner_text() == "BoP 6.11"
    assert liege in drawn(central, "refused")
    shot(central, "why-not.png")


# --- Fatal Alliances ---------------------------------------------------------------------------

def fa_land_move(site, new_context):
    """East Prussia at the first land movement step, the Russian and German players on their
    pages (through the lobby wizard), everything before answered over the API."""
    from tests.browser.flows import new_table, seat_and_start, sign_up
    hin = sign_up(new_context(), site, "hindenburg")
    sam = sign_up(new_context(), site, "samsonov")
    table = new_table(hin, site, "fatal_alliances", "east-prussia-1914", title="Tannenberg",
                      multiple_seats=False)
    url = seat_and_start(table, hin, ("germany",), [(sam, ("russia",))])
    for page in (hin, sam):
        open_game(page, url)
    gid = game_id(url)
    apis = {"germany": Api(hin, site, gid), "russia": Api(sam, site, gid)}

    def land(decision, answers):
        if decision["kind"] == "action":
            return {"action": "land"} if {"action": "land"} in answers else None
        return None
    view = advance(apis, lambda v: any(d["kind"] == "land_move" for d in v["decisions"].values()),
                   choose=land)
    mover = next(d for d in view["decisions"].values() if d["kind"] == "land_move")["seats"][0]
    return {"germany": hin, "russia": sam}[mover], mover, url, apis


def test_unit_first_fa_move_a_stack_by_clicking_its_counter(site, new_context):
    page, seat, url, apis = fa_land_move(site, new_context)
    wait_units_mode(page)
    origins = page.evaluate("() => window.salient.orders.origins()")
    assert origins
    # the strongest stack of the mover: the one a player looks at first
    origin = page.evaluate("""(hexes) => { const units = Object.values(window.salient.store.view.board.units);
        const cf = (h) => units.filter(u => u.hex === h).reduce((s, u) => s + u.cf, 0);
        return hexes.slice().sort((a, b) => cf(b) - cf(a))[0]; }""", origins)
    if page.evaluate("() => window.salient.orders.origin") == origin:
        page.evaluate("() => window.salient.orders.units.deselect()")
    clicks = Clicks(page)
    click_hex(page, origin)
    wait_orders(page)
    page.wait_for_function("(h) => window.salient.orders.origin === h", arg=origin)
    targets = [h for h in drawn(page, "option") if h != origin]
    assert targets, "no destination highlighted for the stack"
    target = targets[0]
    assert re.fullmatch(r"\d+▾?", drawn_text(page, target)), drawn_text(page, target)
    click_hex(page, target)
    page.wait_for_selector("#pending-order")
    text = page.inner_text("#pending-order .order-text")
    assert "→" in text and "MP" in text, text
    moving = page.evaluate("() => window.salient.orders.pending.item.action.units")
    v = page.evaluate("() => window.salient.store.v")
    page.click("#confirm")
    page.wait_for_function("(v) => window.salient.store.v > v", arg=v)
    assert clicks.count()[0] == 3, clicks.count()
    board = apis[seat].view()["board"]["units"]
    assert all(board[u]["hex"] == target for u in moving)


def march_pending(site, new_context):
    """The Central Powers' page with Aachen's march to Cologne pending, Confirm on screen."""
    central, entente, url, apis = bop_first_half(site, new_context)
    wait_units_mode(central)
    aachen, cologne = places(central)["Aachen"], places(central)["Cologne"]
    click_hex(central, aachen)
    wait_orders(central)
    click_hex(central, cologne)
    central.wait_for_selector("#pending-order #confirm")
    return central, cologne


def test_unit_first_not_ready_until_the_new_position_is_loaded(site, new_context):
    """The move's patch can reach the page before the server's acknowledgement, and the patch
    starts reloading what the units can do. The acknowledgement must not mark the page ready
    while that load is still out: a click then lands on options about to be replaced (CI lost
    a naval order that way, tests/browser/test_fa_naval_browser.py)."""
    central, cologne = march_pending(site, new_context)
    # From here the server's option lists are held back until released, and the
    # acknowledgement is handed over only once the patch has come: the order CI met.
    central.evaluate("""() => {
        const sock = window.salient.orders.socket;
        const act = sock.act.bind(sock), options = sock.options.bind(sock);
        window.heldOptions = [];
        sock.options = (...args) => new Promise((resolve, reject) =>
            window.heldOptions.push(() => options(...args).then(resolve, reject)));
        sock.act = async (...args) => {
            const v = window.salient.store.v;
            const answer = await act(...args);
            while (window.salient.store.v === v) await new Promise((r) => setTimeout(r, 10));
            return answer;
        };
    }""")
    v = central.evaluate("() => window.salient.store.v")
    central.click("#confirm")
    central.wait_for_function("(v) => window.salient.store.v > v", arg=v)
    central.wait_for_function("() => window.salient.orders.status !== 'sending'")
    central.wait_for_function("() => window.heldOptions.length > 0")
    assert central.evaluate("() => window.salient.orders.status") == "loading"
    central.evaluate("() => { for (const release of window.heldOptions.splice(0)) release(); }")
    central.wait_for_function("""() => { for (const release of window.heldOptions.splice(0)) release();
        const o = window.salient.orders; return o.status === 'ready' && o.units.selection?.hex !== undefined; }""")
    assert central.evaluate("() => window.salient.orders.units.selection.hex") == cologne


def test_unit_first_a_redraw_between_press_and_release_keeps_the_click(site, new_context):
    """A click is a press and a release; the panel redrawn between the two (the server's
    preview of the order arriving, a patch) must not swallow it: CI lost a Confirm that way
    (tests/browser/test_fa_naval_browser.py)."""
    central, cologne = march_pending(site, new_context)
    # A toast (a stale answer refused during the set-up) once lay over Confirm and took the
    # press: toasts now sit over the map and let clicks through. One is shown here to prove it.
    central.evaluate("""() => { const t = document.createElement('div'); t.className = 'toast error';
        t.textContent = 'Decision setup is not open (a stale answer)'; document.getElementById('toasts').append(t); }""")
    assert central.evaluate("""() => { const t = document.querySelector('#toasts .toast').getBoundingClientRect(),
        d = document.getElementById('decision').getBoundingClientRect();
        return getComputedStyle(document.querySelector('#toasts .toast')).pointerEvents === 'none'
          && (t.right <= d.left || t.left >= d.right || t.bottom <= d.top || t.top >= d.bottom); }""")
    box = central.locator("#confirm").bounding_box()
    v = central.evaluate("() => window.salient.store.v")
    central.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    central.mouse.down()
    central.evaluate("() => window.salient.orders.changed()")     # a redraw while pressed
    central.mouse.up()
    central.wait_for_function("(v) => window.salient.store.v > v", arg=v)
    assert cologne in {u["at"] for u in central.evaluate("() => Object.values(window.salient.store.view.board.units)")}
