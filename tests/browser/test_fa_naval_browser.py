"""Fatal Alliances' naval orders by clicks (issue #22): FA 11.3 naval movement and FA 11.10
debarking at sea given on the map, the way a land move is — click the task force's counters,
the sea areas and ports it can reach light up, click one; where several orders end on one hex
(the sea-box's sections, with or without the land units it may carry and debark) the list
that opens there is the choice; Confirm. Then the `naval_debark` decision lights the coastal
hexes the troops may land on: click one, Confirm.

The position is engine test data, not play: the 1914 campaign at the Entente's impulse, Britain
on a combined action in the naval movement step with III Corps and a division in Portsmouth
beside the Channel Fleet and its transports (tests/engine/fatal_alliances/test_11_10_debark_at_sea
`combined`). A table is opened through the lobby wizard, one player holding the Allies' powers and
another the Central Powers'; the
position is then written over the new game's state in the database (a test-only shortcut:
this record is not replayed). Every order under test is a click on the page.
"""

from __future__ import annotations

import re

import pytest

from tests.browser.flows import new_table, open_game, seat_and_start, sign_up
from tests.browser.unit_first import (
    click_hex,
    drawn,
    game_id,
    wait_orders,
    wait_units_mode,
)

pytestmark = [pytest.mark.browser, pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

ENTENTE = ("britain", "france", "italy", "russia", "usa")
CENTRAL = ("austria_hungary", "germany", "ottoman")
PORTSMOUTH, CHERBOURG, HARWICH = "21,10", "21,12", "23,9"
BEACH = "20,10"               # an English coastal hex of the Channel: no port
HARWICH_FORCE = "britain-harwich-force-1"


def naval_table(site, new_context):
    """The page of the player holding every power, at the position of the module's docstring."""
    from boardgame.play.models import Game
    from tests.engine.fatal_alliances.test_11_10_debark_at_sea import combined
    page = sign_up(new_context(), site, "jellicoe")
    other = sign_up(new_context(), site, "tirpitz")
    table = new_table(page, site, "fatal_alliances", "campaign-1914", title="Channel crossing")
    url = seat_and_start(table, page, ENTENTE, [(other, CENTRAL)])
    game = Game.objects.get(pk=game_id(url))
    state = combined()
    # Its own uid: the views the server cached for the lobby's start are of the other position.
    state["kernel"]["game_uid"] = f"{game.game_uid}-naval"
    Game.objects.filter(pk=game.pk).update(state=state)
    open_game(page, url)
    wait_units_mode(page)
    return page, game.pk


def server_state(gid):
    from boardgame.play.models import Game
    return Game.objects.get(pk=gid).state


def choose(page, pattern):
    """Several orders end on the clicked hex: pick the one whose label matches."""
    page.wait_for_selector("#decision button.choice")
    buttons = page.locator("#decision button.choice").filter(has_text=re.compile(pattern))
    assert buttons.count() >= 1, page.inner_text("#decision")
    buttons.first.click()


def select_stack(page, hex_id):
    """Click a stack's counters; a stack still selected from the last order (the page keeps
    the rest of a force selected) is clicked once first, which lets it go."""
    held = page.evaluate("() => window.salient.orders.origin")
    if held and held != hex_id:
        click_hex(page, held)
        page.wait_for_function("() => window.salient.orders.origin === null")
    click_hex(page, hex_id)
    page.wait_for_function("(h) => window.salient.orders.origin === h", arg=hex_id)
    wait_orders(page)


def confirm(page):
    v = page.evaluate("() => window.salient.store.v")
    page.wait_for_selector("#pending-order")
    page.click("#confirm")
    page.wait_for_function("(v) => window.salient.store.v > v", arg=v)
    wait_units_mode(page)


def test_fa_11_3_and_11_10_a_naval_move_and_a_debark_by_clicks(site, new_context):
    page, gid = naval_table(site, new_context)
    # The ships are counters on the map: the Channel Fleet's in Portsmouth with the troops.
    at = page.evaluate("""() => { const out = {};
        for (const u of window.salient.adapter.units(window.salient.store.view)) (out[u.hex] ||= []).push(u.id);
        return out; }""")
    assert "britain-channel-fleet-1" in at[PORTSMOUTH] and "br-iii" in at[PORTSMOUTH]
    assert HARWICH_FORCE in at[HARWICH]
    assert page.locator(f".layer-units .stack[data-hex='{PORTSMOUTH}']").count() == 1
    assert {PORTSMOUTH, HARWICH} <= set(drawn(page, "origin"))

    # FA 11.3: the Harwich Force, port to port — its counter, then Cherbourg.
    select_stack(page, HARWICH)
    lit = set(drawn(page, "option"))
    channel = page.evaluate("() => window.salient.store.view.board.sea_hexes.areas['english-channel']")
    assert CHERBOURG in lit and channel in lit, sorted(lit)
    click_hex(page, CHERBOURG)
    if not page.locator("#pending-order").count():
        choose(page, r"→ Cherbourg$")
    text = page.inner_text("#pending-order .order-text")
    assert "Harwich Force" in text and "→ Cherbourg" in text, text
    confirm(page)
    ship = server_state(gid)["board"]["fleets"][HARWICH_FORCE]
    assert ship["port"] == "cherbourg" and ship["area"] is None and not ship["up"]

    # FA 11.10: the Channel Fleet and its transports carry III Corps into the Channel's
    # section 1 to debark there — the section and the cargo are chosen in the list.
    select_stack(page, PORTSMOUTH)
    assert channel in set(drawn(page, "option"))
    click_hex(page, channel)
    page.wait_for_selector("#decision button.choice")
    labels = page.locator("#decision button.choice").all_inner_texts()
    assert any("English Channel, section 0" in x for x in labels), labels
    assert any(re.search(r"section 1, carrying III Corps to debark", x) for x in labels), labels
    choose(page, r"section 1, carrying III Corps to debark")
    text = page.inner_text("#pending-order .order-text")
    assert "Portsmouth → English Channel, section 1" in text and "III Corps" in text, text
    confirm(page)
    state = server_state(gid)
    assert state["board"]["fleets"]["britain-channel-fleet-1"]["area"] == "english-channel"
    assert state["flow"]["naval"]["landing"]["cargo"] == ["br-iii"]

    # The landing: the coasts it may come ashore on are lit without selecting anything.
    page.wait_for_function("""() => window.salient.orders.available().some(d => d.kind === 'naval_debark')""")
    wait_units_mode(page)
    assert BEACH in set(drawn(page, "option"))
    click_hex(page, BEACH)
    if not page.locator("#pending-order").count():
        choose(page, r"^(?:[^:]+: )?Land the troops")
    assert "Land the troops at" in page.inner_text("#pending-order .order-text")
    confirm(page)
    state = server_state(gid)
    assert state["board"]["units"]["br-iii"]["hex"] == BEACH
    assert state["flow"]["naval"]["landing"] is None
