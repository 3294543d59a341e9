"""BoP 12.6 The Price of Admiralty played in the browser from the lobby (issue #21): a table
opened in the wizard, Germany and Britain seated by two users, the fleets moved on the Sea
Chart and the North Sea by clicks — a stack of ships, then a lit destination with its NMP,
Confirm — until Beatty's force sails into the High Seas Fleet's hex: the search and the battle
come in the log in words, the damage on the counters, and the game goes on to 12.6's result,
which a spectator watching from the start sees too.

Every order is a click on the map or a panel button; `window.salient` is only read (where to
click, what is drawn, the server's version).
"""

from __future__ import annotations

import os

import pytest

from tests.browser.flows import new_table, open_game, seat_and_start, sign_up
from tests.browser.unit_first import click_hex, drawn, drawn_text, wait_orders

pytestmark = [pytest.mark.browser, pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

WILHELMSHAVEN, NEWCASTLE, SCAPA = "16,5", "1,7", "scapa-flow-box"    # hexes 1613, 0107
MEET = "10,6"                    # hex 1011 of the North Sea: 6 NMP for Scheer, 9 for Beatty
HIGH_SEAS_FLEET = ["ger-bb1", "ger-bb2", "ger-bb3", "ger-bb4", "ger-bc1", "ger-cl1", "ger-cl2",
                   "ger-pd1", "ger-pd2"]
# Beatty sails with his battlecruisers and CL 1 (radius 7): 9 NMP to MEET, an overage of 1 in
# the 8th hex, which no die stops (7.45); BB 6-7 (radius 5) stay, as the High Seas Fleet at
# MEET could interrupt them short of it (7.4, ruling 111)
BEATTY = ["bri-bc1", "bri-bc2", "bri-cl1"]
SHOTS = os.environ.get("SALIENT_SEACHART_SHOTS")


def fleets(page) -> dict:
    return page.evaluate("() => window.salient.store.view.board.fleets")


def shot(page, name: str) -> None:
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"{name}.png"))


def sail(page, origin: str, to: str, ships: list[str], orders=None, stay=()) -> str:
    """Click the stack at `origin` (unticking the ships that `stay`), then the lit destination
    `to`, set the orders beside it (`orders(page)`, if given), Confirm; the order's text."""
    wait_orders(page)
    click_hex(page, origin)
    page.wait_for_function("(o) => window.salient.orders.origin === o && window.salient.orders.status === 'ready'",
                           arg=origin)
    for uid in stay:
        page.locator(f"input[type=checkbox][data-unit='{uid}']").uncheck()
        wait_orders(page)
    assert to in drawn(page, "option"), f"{to} is not lit from {origin}"
    click_hex(page, to)
    page.wait_for_selector("#pending-order")
    if orders:
        orders(page)
    text = page.inner_text("#pending-order .order-text")
    v = page.evaluate("() => window.salient.store.v")
    page.click("#confirm")
    page.wait_for_function("(v) => window.salient.store.v > v", arg=v)
    at = fleets(page)
    assert all(at[u]["at"] == to for u in ships if u in at and at[u]["steps"] == 2), at
    return text


def end_half(page) -> None:
    """The half's end: the panel's loose button (the done decision)."""
    wait_orders(page)
    v = page.evaluate("() => window.salient.store.v")
    page.locator("#decision button.choice", has_text="End your half").first.click()
    page.wait_for_selector("#pending-order")
    page.click("#confirm")
    page.wait_for_function("(v) => window.salient.store.v > v", arg=v)


def test_bop_12_6_price_of_admiralty_played_on_the_sea_chart_by_clicks(site, new_context):
    germany = sign_up(new_context(), site, "scheer")
    britain = sign_up(new_context(), site, "beatty")
    table = new_table(germany, site, "balance_of_powers", "price-of-admiralty", title="Jutland")
    url = seat_and_start(table, germany, ("germany",), [(britain, ("britain",))])
    for page in (germany, britain):
        page.set_viewport_size({"width": 1400, "height": 900})
        open_game(page, url)
        wait_orders(page)
    # a spectator watches from the start (anonymous: a public table is open to everyone)
    spectator = new_context().new_page()
    open_game(spectator, url)

    # 1.2.3, 2.52: the Sea Chart's boxes beside the map, the touching ones joined by lines
    boxes = germany.evaluate("""() => [...document.querySelectorAll('.layer-boxes .box')]
        .map((g) => [g.dataset.box, g.getAttribute('class')]).sort()""")
    ids = [b for b, _ in boxes]
    assert {"scapa-flow-box", "norwegian-sea-box", "mid-atlantic-box", "north-atlantic-box",
            "white-sea-box", "archangel-box", "gulf-of-finland-box", "helsinki-box",
            "stockholm-box", "petrograd-box", "bordeaux-box"} == set(ids)
    assert dict(boxes)["norwegian-sea-box"] == "box box-ocean"
    assert dict(boxes)["scapa-flow-box"] == "box box-port"
    links = germany.evaluate("() => [...document.querySelectorAll('.layer-boxes .box-link')].map((l) => l.dataset.link).sort()")
    assert "norwegian-sea-box|scapa-flow-box" in links and "mid-atlantic-box|north-atlantic-box" in links
    # no box overlaps another
    frames = germany.evaluate("() => [...window.salient.map.boxes.values()].map((b) => [b.id, b.x, b.y, b.w, b.h])")
    for i, (a, ax, ay, aw, ah) in enumerate(frames):
        for b, bx, by, bw, bh in frames[i + 1:]:
            assert abs(ax - bx) * 2 >= aw + bw or abs(ay - by) * 2 >= ah + bh, (a, b)

    # 1.3: every ship is a counter where it is — the Grand Fleet in the Scapa Flow box
    counters = germany.evaluate("""() => window.salient.orders.adapter.units(window.salient.store.view)
        .filter((u) => u.symbol === 'fleet').map((u) => [u.id, u.hex, u.label, u.factors, u.title])""")
    mines = [c for c in counters if "-mine" in c[0]]
    counters = [c for c in counters if "-mine" not in c[0]]
    by_id = {c[0]: c for c in counters}
    assert len(counters) == 25
    # 6.44: the ten mines are counters too, open to all (ruling 86)
    assert len(mines) == 10 and ["ger-mine2", "16,4", "MINE", "2"] in [m[:4] for m in mines]
    assert "Germany mine (attack 2)" in dict((m[0], m[4]) for m in mines)["ger-mine2"]
    assert by_id["bri-bb1"][1:4] == [SCAPA, "BB1", "4-10-5"]
    assert "Britain BB 1 (dreadnought battleship: gunnery 4, armor 10, radius 5 (range 20 NMP))" in by_id["bri-bb1"][4]
    assert "JELLICOE aboard" in by_id["bri-bb1"][4]
    assert by_id["ger-ub2"][1] == "19,2"      # Kiel, hex 1911
    scapa = germany.evaluate(f"""() => {{ const s = document.querySelector('.stack[data-hex="{SCAPA}"]');
        return s && [s.dataset.count, s.querySelector('.counter-label').textContent]; }}""")
    assert scapa == ["7", "BB1"]      # BB 1-5, CA 1-2
    shot(germany, "1-chart")

    # 7.22: Germany selects the High Seas Fleet at Wilhelmshaven; its destinations are lit with
    # their NMP (the Norwegian Sea is beyond the pre-dreadnoughts' range 16)
    click_hex(germany, WILHELMSHAVEN)
    germany.wait_for_function("(o) => window.salient.orders.origin === o && window.salient.orders.status === 'ready'",
                              arg=WILHELMSHAVEN)
    lit = drawn(germany, "option")
    assert MEET in lit and "norwegian-sea-box" not in lit and len(lit) > 50
    assert drawn_text(germany, MEET) == "6 NMP"
    shot(germany, "2-selected")
    # 7.22: a box beyond the force's range is asked about, and the engine says why
    click_hex(germany, "norwegian-sea-box")
    germany.wait_for_function("""() => { const w = document.getElementById('why-not');
        return w && !w.textContent.includes('Asking'); }""")
    why = germany.locator("#why-not").inner_text()
    assert "Norwegian Sea" in why and "cannot reach" in why and "BoP 7.22" in why, why
    assert fleets(germany)["ger-bb1"]["at"] == WILHELMSHAVEN                  # nothing was sent
    # 7.21, 7.22: untick the pre-dreadnoughts (range 16) and the U-boat in the stack list: the
    # rest (range 20) reaches further, and the server lit exactly their moves
    for uid in ("ger-pd1", "ger-pd2", "ger-ub1"):
        germany.locator(f"input[type=checkbox][data-unit='{uid}']").uncheck()
        wait_orders(germany)
    assert germany.evaluate("() => window.salient.orders.pending") is None
    wide = drawn(germany, "option")
    assert set(lit) < set(wide), (len(lit), len(wide))
    further = sorted(int(drawn_text(germany, h).split()[0]) for h in set(wide) - set(lit))
    assert further and 16 < further[-1] <= 20, further
    germany.keyboard.press("Escape")
    text = sail(germany, WILHELMSHAVEN, MEET, HIGH_SEAS_FLEET)
    assert "Sail BB1, BB2, BB3, BB4, BC1, CL1, CL2, PD1, PD2: Wilhelmshaven" in text and "6 NMP" in text, text
    germany.wait_for_function("() => document.getElementById('log').textContent.includes('sailed Wilhelmshaven')")
    log = germany.locator("#log").inner_text()
    assert "Germany pays 1 RP to move its dreadnoughts this month" in log, log[-800:]
    end_half(germany)

    # Britain: the Grand Fleet sails from the Scapa Flow box through the edge hexes (3 NMP out)
    britain.wait_for_function("() => window.salient.store.view.flow.side === 'entente'")
    click_hex(britain, SCAPA)
    britain.wait_for_function("(o) => window.salient.orders.origin === o && window.salient.orders.status === 'ready'",
                              arg=SCAPA)
    assert "norwegian-sea-box" in drawn(britain, "option")
    assert drawn_text(britain, "norwegian-sea-box") == "18 NMP"
    britain.keyboard.press("Escape")
    # Beatty's force sails into the High Seas Fleet: contact, the search, the battle (8.1-8.3),
    # with the orders beside the move set in the pending order's box (8.21, 8.25, 8.31, 8.34;
    # ruling 90): CL 1 kept out of the van, and back to port after the battle whatever the roll
    def beatty_orders(page):
        box = page.locator("#order-options")
        assert box.locator("input[data-option=search]").is_checked()
        assert not box.locator("input[data-option=evade]").is_checked()
        assert not box.locator("input[data-option=return]").is_checked()
        vans = box.locator("input[data-option=van]").evaluate_all("(xs) => xs.map((x) => x.dataset.unit)")
        assert vans == ["bri-bc1", "bri-bc2", "bri-cl1"], vans
        box.locator("input[data-option=van][data-unit='bri-cl1']").uncheck()
        page.locator("#order-options input[data-option=return]").check()
        page.wait_for_function("""() => document.querySelector('#pending-order .order-text')
            .textContent.includes('returns to port after a battle')""")
    text = sail(britain, NEWCASTLE, MEET, [], orders=beatty_orders, stay=("bri-bb6", "bri-bb7"))
    assert "Sail BC1, BC2, CL1: Newcastle" in text, text
    assert "van BC1, BC2" in text and "returns to port after a battle" in text, text
    britain.wait_for_function("() => document.getElementById('log').textContent.includes('Naval battle at')")
    log = britain.locator("#log").inner_text()
    assert "Entente search at" in log and "found them" in log, log[-1500:]
    battle = next(line for line in log.splitlines() if "Naval battle at" in line)
    assert "van salvo" in battle and "fleet salvo" in battle and "Shots:" in battle, battle
    # the orders reached the battle: CL 1 fired in no van salvo, and Britain went home (8.34)
    events = britain.evaluate("""() => window.salient.store.log.filter((e) => e.kind === 'naval_battle'
        || e.kind === 'naval_return_check').map((e) => [e.kind, e.data])""")
    fought = next(d for k, d in events if k == "naval_battle")
    assert "bri-cl1" not in {s["shooter"] for s in fought["van_salvo"]}, fought["van_salvo"]
    after = fleets(britain)
    if any(u in after for u in BEATTY):          # a force sunk to the last ship checks nothing
        check = next(d for k, d in events if k == "naval_return_check" and d["side"] == "entente")
        assert check["returns"] or check["chooses_to_return"], check
    hurt = [u for u in HIGH_SEAS_FLEET + BEATTY if u not in after or after[u]["steps"] == 1]
    lost_steps = sum(2 - after[u]["steps"] if u in after else 2 for u in HIGH_SEAS_FLEET + BEATTY)
    assert hurt and (" sunk" in battle or " damaged" in battle), battle
    # a damaged ship is drawn on its back: its values and class say so
    damaged = [u for u in hurt if u in after]
    if damaged:
        c = britain.evaluate("""(u) => window.salient.orders.adapter.units(window.salient.store.view)
            .find((x) => x.id === u)""", damaged[0])
        assert "bop-ship-damaged" in c["classes"] and "damaged, 1 step" in c["title"]
    assert lost_steps >= len(hurt)
    shot(britain, "3-battle")
    end_half(britain)

    # GQ II: both end their halves; the game is judged (12.6) and the result shows on both pages
    germany.wait_for_function("() => window.salient.store.view.flow.side === 'central'")
    end_half(germany)
    britain.wait_for_function("() => window.salient.store.view.flow.side === 'entente' && window.salient.store.view.flow.fortnight === 2")
    end_half(britain)
    for page in (germany, britain, spectator):
        page.wait_for_function("() => !!window.salient.store.view.flow.result")
    # the spectator saw the battle in words and holds the players' public position
    assert "Naval battle at" in spectator.locator("#log").inner_text()
    assert spectator.evaluate("() => window.salient.store.view.board.fleets") == fleets(britain)
    assert spectator.evaluate("() => window.salient.store.mySeats") == []
    result = britain.evaluate("() => window.salient.store.view.flow.result")
    assert result["rule"] == "BoP 12.6" and result["reason"] in ("gunnery_lost", "equal_losses"), result
    # the record holds Beatty's move with the orders beside it, as the server took them
    record = britain.request.get(f"{site}/api/games/{url.rstrip('/').rsplit('/', 1)[1]}/record").json()
    moves = [a["action"] for a in record["actions"] if a["seat"] == "britain" and "naval_move" in a["decision"]]
    assert {"to": MEET, "units": BEATTY, "van": ["bri-bc1", "bri-bc2"], "return": True} in moves, moves
    shot(britain, "4-result")
