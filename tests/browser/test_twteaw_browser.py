"""The War to End All Wars in the browser (issue #23): a turn of written orders played on the
game page with the twteaw adapter, against a real daphne with its in-process worker.

hamlet holds Germany and othello France; the seven other nations are level-0 bots (the worker
writes their orders and says them ready). hamlet picks one of the order sets the server offers
and revises it; othello writes one, withdraws it, then edits a set of his own (a move the
server refuses, removed; a move it accepts) and writes that; both say ready. Before the turn
resolves each page holds its own orders only (the store's `orders`, the board summary's exact
units are its own alliance's: fog of war is the server's); the last ready resolves the turn and
both pages show turn 2 and the resolution in the log."""

from __future__ import annotations

import os
import re

import pytest

from tests.browser.flows import claim, new_table, open_game, sign_up

SHOTS = os.environ.get("SALIENT_SHOTS")   # a folder to keep screenshots in while developing

pytestmark = [pytest.mark.browser, pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def sweeping_site(monkeypatch, request):
    """The site with its in-process worker on (the bots' orders are written by it)."""
    monkeypatch.setenv("SALIENT_IN_PROCESS_SWEEPER", "1")
    return request.getfixturevalue("site")


def write_orders(page, index):
    """Pick the `index`th offered order set and confirm it; wait until the page shows it as
    the written order (the server's `orders` frame answered). Returns the order's text."""
    before = page.inner_text("#my-order")
    choice = page.locator("#decision button.choice").nth(index)
    label = choice.inner_text()
    choice.click()
    page.click("#confirm")
    page.wait_for_function("(before) => document.querySelector('#my-order').textContent !== before",
                           arg=before)
    text = page.inner_text("#my-order")
    assert label in text, (label, text)
    return text


def add_move(page, origin, destination, infantry):
    """Add a land move to the editor's draft (the server checks the whole set at once)."""
    page.select_option("#move-from", origin)
    page.select_option("#move-to", destination)
    page.fill("#move-infantry", str(infantry))
    page.click("#add-move")


def click_area(page, area):
    """Click a territory on the map at its anchor (centred first, so it is on screen)."""
    page.locator("#map").scroll_into_view_if_needed()
    x, y = page.evaluate("(a) => { window.salient.map.centreOn(a); return window.salient.map.clientOfHex(a); }", area)
    page.mouse.click(x, y)


def drawn_map(page):
    """What the area map shows: its areas, those tinted by a holder, the counters (by their
    nation@area ids) and the colour bands (by nation)."""
    page.wait_for_function("() => document.querySelectorAll('#map .mapview-svg [data-area]').length > 0")
    return page.evaluate("""() => ({
      areas: [...document.querySelectorAll('#map [data-area]')].map((p) => p.dataset.area),
      held: Object.fromEntries([...document.querySelectorAll('#map path.held')].map((p) => [p.dataset.area, p.dataset.holder])),
      stacks: [...document.querySelectorAll('#map .layer-units .stack')].map((g) => g.dataset.unit),
      titles: [...document.querySelectorAll('#map .layer-units .stack title')].map((t) => t.textContent).join('\\n'),
      bands: [...document.querySelectorAll('#map .mark-bands .band')].map((b) => b.dataset.nation),
    })""")


def own_orders(page):
    return page.evaluate("() => Object.keys(window.salient.store.orders || {})"
                         ".filter((s) => Object.keys(window.salient.store.orders[s]).length)")


def test_23_two_players_write_revise_and_resolve_a_turn_of_orders(sweeping_site, new_context):
    site = sweeping_site
    hamlet = sign_up(new_context(), site, "hamlet")
    othello = sign_up(new_context(), site, "othello")
    table = new_table(hamlet, site, "twteaw", "europe-1914", title="August 1914", pace=None)
    othello.goto(table)
    claim(othello, "france")
    othello.click("text=I'm ready")
    othello.wait_for_load_state()
    hamlet.goto(table)
    claim(hamlet, "germany")
    hamlet.select_option("form:has(input[value=bots]) select[name=level]", "0")
    hamlet.click("text=Fill the free seats with bots")
    hamlet.wait_for_load_state()
    hamlet.click("text=I'm ready")
    hamlet.wait_for_load_state()
    hamlet.click("text=Start the game")
    hamlet.wait_for_load_state()
    with hamlet.expect_navigation():
        hamlet.click("text=Go to the game")
    game_url = hamlet.url
    for page in (hamlet, othello):
        open_game(page, game_url)
        page.wait_for_selector("#my-order")
        assert "Turn 1" in page.inner_text("#track")

    # The area map: every territory and sea zone drawn and tinted by its holder; counters
    # only for one's own alliance, colour bands for the rest; a spectator sees no counters.
    watcher = new_context().new_page()
    open_game(watcher, game_url)
    seen = drawn_map(watcher)
    assert len(seen["areas"]) == 253 and {"paris", "cologne", "north-sea", "german-east-africa", "cape-verde",
                                          "hong-kong", "tasman-sea", "east-coast",
                                          "caribbean-sea"} <= set(seen["areas"])   # all four sheets
    assert seen["held"]["paris"] == "france" and seen["held"]["cologne"] == "germany"
    assert seen["stacks"] == [] and seen["titles"] == ""
    assert {"germany", "france", "russia"} <= set(seen["bands"])
    central_map = drawn_map(hamlet)
    assert central_map["stacks"] and all(u.split("@")[0] in ("germany", "austria_hungary") for u in central_map["stacks"])
    assert "germany" not in central_map["bands"] and "france" in central_map["bands"]
    assert "France" not in central_map["titles"] and re.search(r"German Empire: \d+ infantry", central_map["titles"])
    # Clicking a territory selects it: the cursor is on it and its name is in the info box.
    click_area(watcher, "cologne")
    watcher.wait_for_function("() => window.salient.map.cursor === 'cologne'")
    assert "Cologne" in watcher.inner_text("#hex-info")
    assert watcher.locator("#map .layer-cursor .area-cursor").count() == 1
    if SHOTS:
        watcher.screenshot(path=f"{SHOTS}/twteaw-map-spectator.png")
    # The legend draws the area map's own symbols (and no hex map's terrain).
    watcher.click("text=Legend")
    watcher.wait_for_selector(".legend-row[data-key=area-held]")
    keys = watcher.evaluate("() => [...document.querySelectorAll('.legend-row')].map((r) => r.dataset.key)")
    assert {"area-land", "area-held", "area-sea", "area-band", "area-stack", "hl-selected", "hl-option", "hl-move",
            "hl-rail", "cursor"} <= set(keys)
    assert not [k for k in keys if k.startswith("terrain-")], keys
    watching = watcher.inner_text("#board-summary")
    assert "You see no nation's units exactly" in watching
    assert not re.search(r"\d+ (infantry|artillery)", watching)
    assert re.search(r"Cologne\t.*German Empire (6–20 units|21 units or more)", watching)
    central = hamlet.inner_text("#board-summary")
    allied = othello.inner_text("#board-summary")
    assert re.search(r"German Empire: \d+ infantry", central), central[:500]
    assert re.search(r"French Empire: \d+ infantry", allied), allied[:500]
    assert not re.search(r"French Empire: \d+ infantry", central)
    assert not re.search(r"German Empire: \d+ infantry", allied)

    for page in (hamlet, othello):
        page.wait_for_selector("#decision button.choice", timeout=15000)
    choices = hamlet.locator("#decision button.choice").all_inner_texts()
    assert len(choices) >= 3 and any("build" in c for c in choices), choices
    first = write_orders(hamlet, 0)
    revised = write_orders(hamlet, 1)
    assert revised != first
    # Rail moves and fall backs from the editor (4.1.3, 4.6), checked by the server: more
    # infantry than Berlin holds is refused with its reason; two from Berlin to Posen (by its
    # own railway) and Königsberg's defenders falling back to Danzig are written.
    hamlet.locator("#decision button.choice").filter(has_text="hold").first.click()
    hamlet.wait_for_selector("#pending-order")
    hamlet.select_option("#rail-from", "berlin")
    hamlet.select_option("#rail-to", "posen")
    hamlet.fill("#rail-infantry", "40")
    hamlet.click("#add-rail")
    hamlet.wait_for_selector("#draft-problem")
    assert hamlet.locator("#pending-order").count() == 0
    hamlet.locator(".draft-rail button").first.click()
    hamlet.wait_for_selector("#pending-order")
    hamlet.select_option("#rail-from", "berlin")
    hamlet.select_option("#rail-to", "posen")
    hamlet.fill("#rail-infantry", "2")
    hamlet.click("#add-rail")
    hamlet.wait_for_function("() => document.querySelector('#pending-order')?.textContent.includes('by rail Berlin → Posen: 2 infantry')")
    assert hamlet.locator("#map .hl-rail.hl-arrow[data-hex=berlin][data-to=posen]").count() == 1
    # Artillery fire into France from Cologne: legal, with the server's warning that no attack
    # of Germany's goes there (until the attack below).
    hamlet.select_option("#support-from", "cologne")
    hamlet.select_option("#support-into", "alsace-lorraine")
    hamlet.fill("#support-count", "2")
    hamlet.click("#add-support")
    hamlet.wait_for_function("() => /2 artillery in Cologne fire into Alsace-Lorraine/.test(document.querySelector('#pending-order')?.textContent || '')")
    assert "no attack there" in hamlet.inner_text("#draft-warnings")
    # A move's combat conditions (4.6): refused on a move that attacks nobody (Berlin to
    # Dresden, both German), written on an attack (Cologne into Alsace-Lorraine).
    def move_with_conditions(origin, destination, infantry, rounds, losses):
        hamlet.select_option("#move-from", origin)
        hamlet.select_option("#move-to", destination)
        hamlet.fill("#move-infantry", str(infantry))
        hamlet.fill("#move-rounds", str(rounds))
        hamlet.fill("#move-losses", str(losses))
        hamlet.click("#add-move")

    move_with_conditions("berlin", "dresden", 1, 2, 1)
    hamlet.wait_for_selector("#draft-problem")
    assert "attacks only" in hamlet.inner_text("#draft-problem")
    hamlet.locator(".draft-move button").last.click()
    hamlet.wait_for_selector("#pending-order")
    move_with_conditions("cologne", "alsace-lorraine", 3, 2, 2)
    hamlet.wait_for_function("() => /Cologne → Alsace-Lorraine: 3 infantry \\(at most 2 rounds, stop after 2 losses\\)/"
                             ".test(document.querySelector('#pending-order')?.textContent || '')")
    hamlet.wait_for_function("() => !/no attack there/.test(document.querySelector('#draft-warnings')?.textContent || '')")
    hamlet.select_option("#withdraw-area", "konigsberg")
    hamlet.select_option("#withdraw-to", "danzig")
    hamlet.fill("#withdraw-losses", "3")
    hamlet.click("#add-withdraw")
    hamlet.wait_for_function("() => /fall back to Danzig after 3 losses/.test(document.querySelector('#pending-order')?.textContent || '')")
    hamlet.click("#confirm")
    hamlet.wait_for_function("() => document.querySelector('#my-order').textContent.includes('by rail Berlin → Posen: 2 infantry')")
    written = hamlet.evaluate("() => window.salient.store.orders.germany")
    assert "posen" in str(written) and "danzig" in str(written), written

    write_orders(othello, 1)
    othello.click("#withdraw")
    othello.wait_for_function("() => document.querySelector('#my-order').textContent.includes('No order written')")
    # The editor: start from holding, ask for a move with more infantry than Paris has (the
    # server refuses it, with its rule, and nothing is written), remove it, add a real one.
    othello.locator("#decision button.choice").filter(has_text="hold").first.click()
    othello.wait_for_selector("#pending-order")
    add_move(othello, "paris", "amiens", 99)
    othello.wait_for_selector("#draft-problem")
    assert re.search(r"You have \d+ infantry in Paris", othello.inner_text("#draft-problem"))
    assert othello.locator("#draft-problem .cite").inner_text().startswith("TWTEAW")  # the rule, a link
    assert othello.locator("#pending-order").count() == 0
    assert "No order written" in othello.inner_text("#my-order")
    othello.locator(".draft-move button").first.click()
    othello.wait_for_selector("#pending-order")
    # The move's territories picked on the map: Paris (selected, its neighbours offered), then
    # Amiens; the form follows.
    othello.select_option("#move-from", "algeria")     # so that the click is what picks Paris
    click_area(othello, "paris")
    othello.wait_for_function("() => document.querySelector('#move-from').value === 'paris'")
    lit = othello.evaluate("() => [...document.querySelectorAll('#map .layer-highlight .hl')].map((g) => g.dataset.hex + ':' + g.getAttribute('class'))")
    assert "paris:hl hl-selected" in lit and "amiens:hl hl-option" in lit, lit
    click_area(othello, "amiens")
    othello.wait_for_function("() => document.querySelector('#move-to').value === 'amiens'")
    assert "amiens:hl hl-selected" in othello.evaluate(
        "() => [...document.querySelectorAll('#map .layer-highlight .hl')].map((g) => g.dataset.hex + ':' + g.getAttribute('class'))")
    othello.fill("#move-infantry", "1")
    othello.click("#add-move")
    othello.wait_for_selector("#map .hl-move.hl-arrow[data-hex=paris][data-to=amiens]")    # the draft's move, drawn
    if os.environ.get("HTW_SHOT"):
        othello.wait_for_selector("#pending-order")
        othello.screenshot(path=os.environ["HTW_SHOT"])
    othello.wait_for_selector("#pending-order")
    othello.click("#confirm")
    othello.wait_for_function("() => document.querySelector('#my-order').textContent.includes('Paris → Amiens: 1 infantry')")
    france = othello.inner_text("#my-order")

    # Before the turn resolves each page holds its own written orders only.
    assert own_orders(hamlet) == ["germany"] and own_orders(othello) == ["france"]
    assert hamlet.evaluate("() => window.salient.store.view.board.turn") == 1

    hamlet.click("#ready")
    othello.wait_for_function("() => document.querySelector('#ready-seats').textContent.includes('German Empire')",
                              timeout=30000)
    assert othello.locator("#not-ready").count() == 0
    if SHOTS:
        othello.screenshot(path=f"{SHOTS}/twteaw-orders-france.png", full_page=True)
    othello.click("#ready")
    for page in (hamlet, othello):
        page.wait_for_function("() => window.salient.store.view.board.turn === 2", timeout=180000)
        assert "Turn 2" in page.inner_text("#track")
    # The resolution reached both logs; each player's carried-out orders only to their own page.
    hamlet.wait_for_function("() => document.querySelector('#log').textContent.includes(\"German Empire's orders, carried out\")")
    othello.wait_for_function("() => document.querySelector('#log').textContent.includes(\"French Empire's orders, carried out\")")
    assert "French Empire's orders, carried out" not in hamlet.inner_text("#log")
    assert "German Empire's orders, carried out" not in othello.inner_text("#log")
    assert "Manpower lost so far" in othello.inner_text("#log")
    assert france.replace("Your order: ", "") in othello.inner_text("#log")
    if SHOTS:
        hamlet.screenshot(path=f"{SHOTS}/twteaw-resolved-germany.png", full_page=True)
