"""Figures for issue #18, printed (no timed asserts: the machine is shared):

- clicks (and keys) per order in Balance of Powers and Fatal Alliances, unit-first (the map)
  and decision-first (the decision list, the way every order was given before unit-first
  orders: its tab, then the stack, the destination, Confirm);
- first render and time to interactive of both game pages at 1440×900 and 390×844.

Run with `-s` to see them; `SALIENT_FIGURES=<file>` appends them to a file as JSON lines.
"""

from __future__ import annotations

import json
import os

import pytest

from tests.browser.flows import bop_table, new_table, open_game, seat_and_start, sign_up
from tests.browser.test_unit_first import CENTRAL, ENTENTE, places
from tests.browser.unit_first import (
    Api,
    Clicks,
    advance,
    click_hex,
    game_id,
    wait_orders,
    wait_units_mode,
)

pytestmark = [pytest.mark.browser, pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def report(name: str, figures: dict) -> None:
    print(f"\n{name}: {json.dumps(figures, ensure_ascii=False)}")
    out = os.environ.get("SALIENT_FIGURES")
    if out:
        with open(out, "a", encoding="utf-8") as handle:
            handle.write(json.dumps({"figures": name, **figures}, ensure_ascii=False) + "\n")


def confirm(page) -> None:
    v = page.evaluate("() => window.salient.store.v")
    page.click("#confirm")
    page.wait_for_function("(v) => window.salient.store.v > v", arg=v)
    wait_orders(page)


def stop_if_moving(page) -> None:
    """Stop the force in motion, if one is (a march that left it MP)."""
    wait_orders(page)
    stop = page.locator("#decision button.loose[data-kind=stop]")
    if stop.count():
        stop.click()
        confirm(page)


def entry_hex(page, kind: str, text: str | None = None, avoid: tuple = ()) -> str | None:
    """A hex the selection's `kind` entries lead to (and no other kind of entry does)."""
    return page.evaluate("""([kind, text, avoid]) => { const live = window.salient.orders.live();
        const others = new Set(live.filter(e => e.decision.kind !== kind).map(e => e.p.hex));
        const hit = live.find(e => e.decision.kind === kind && e.p.hex && !others.has(e.p.hex)
          && !avoid.includes(e.p.hex) && (text === null || e.p.text === text));
        return hit ? hit.p.hex : null; }""", [kind, text, list(avoid)])


def test_unit_first_clicks_per_order_figures(site, new_context):
    central, entente, url = bop_table(site, new_context, names=("falk", "french"))
    gid = game_id(url)
    apis = {seat: Api(central, site, gid) for seat in CENTRAL}
    apis.update({seat: Api(entente, site, gid) for seat in ENTENTE})

    def belgium(decision, answers):
        if decision["kind"] == "violate" and {"violate": "belgium"} in answers:
            return {"violate": "belgium"}
        return None
    advance(apis, lambda v: v["flow"]["step"] == "half" and v["flow"]["side"] == "central",
            choose=belgium)
    wait_units_mode(central)
    clicks = Clicks(central)
    figures = {}
    here = places(central)

    # 1. unit-first: a whole stack's march (Cologne → a hex 1 MP away)
    clicks.start()
    click_hex(central, here["Cologne"])
    wait_orders(central)
    click_hex(central, entry_hex(central, "march", "1 MP"))
    central.wait_for_selector("#pending-order")
    confirm(central)
    figures["bop march whole stack (unit-first)"] = clicks.count()
    # the force stays in motion: stop it (a button and Confirm)
    clicks.start()
    central.locator("#decision button.loose[data-kind=stop]").click()
    confirm(central)
    figures["bop stop a force with MP left (unit-first)"] = clicks.count()

    # 2. unit-first: part of a stack — two of its units march, the others stay
    wait_units_mode(central)
    stacks = central.evaluate("""() => { const o = window.salient.orders;
        return o.origins().filter(h => o.units.unitsAt(h).length >= 3); }""")
    for stack in stacks[:6]:
        clicks.start()
        click_hex(central, stack)
        wait_orders(central)
        units = central.evaluate("() => window.salient.orders.units.selection.units")
        for uid in units[2:]:
            central.locator(f".stack-roster input[data-unit='{uid}']").click()
            wait_orders(central)
        target = entry_hex(central, "march")
        if target is None:
            central.evaluate("() => window.salient.orders.units.deselect()")
            continue
        click_hex(central, target)
        central.wait_for_selector("#pending-order")
        confirm(central)
        figures[f"bop march 2 of {len(units)} units (unit-first)"] = clicks.count()
        stop_if_moving(central)
        break

    # 3. a rail move: the engine opens no rail decision in this half (the first ones open in
    # August's second fortnight), so it is measured by test_unit_first_bop_rail_clicks_figure.

    # 4. decision-first, as before: the march tab, the stack, the destination, Confirm
    wait_units_mode(central)
    clicks.start()
    central.click("#all-decisions summary")
    opened = clicks.count()
    central.locator(".decision-tabs [data-kind=march]", has_text="whole stack").first.click()
    central.wait_for_function("() => window.salient.orders.decision?.kind === 'march'"
                              " && window.salient.orders.status === 'ready'")
    origin = here["Trier"] if here.get("Trier") in central.evaluate(
        "() => window.salient.orders.origins()") else central.evaluate(
        "() => window.salient.orders.origins()[0]")
    click_hex(central, origin)
    target = central.evaluate("""() => window.salient.orders.live().find(e => e.p.hex
        && e.p.hex !== window.salient.orders.origin).p.hex""")
    click_hex(central, target)
    central.wait_for_selector("#pending-order")
    confirm(central)
    n, keys = clicks.count()
    figures["bop march whole stack (decision list, as before)"] = [n - opened[0], keys]

    # 5. unit-first: an attack (a stack next to Liège; the odds are on the target)
    if central.locator("#back-to-map").count():
        central.click("#back-to-map")
    stop_if_moving(central)
    wait_units_mode(central)
    liege = here["Liège"]
    attackers = central.evaluate("""(t) => window.salient.orders.available()
        .filter(d => d.kind === 'combat' && (d.concerns?.places || []).includes(t))
        .flatMap(d => d.concerns.units)""", liege)
    if attackers:
        hex_of = central.evaluate("(u) => window.salient.store.view.board.units[u].at", attackers[0])
        clicks.start()
        click_hex(central, hex_of)
        wait_orders(central)
        click_hex(central, liege)
        central.wait_for_selector("#pending-order, #decision ul.choices")
        if not central.locator("#pending-order").count():
            central.locator("#decision ul.choices button.choice").first.click()
        confirm(central)
        figures["bop attack (unit-first)"] = clicks.count()
    report("clicks and keys per order", figures)


@pytest.mark.skipif(not os.environ.get("SALIENT_FIGURES"),
                    reason="render times are figures, not checks (nothing is asserted): "
                           "SALIENT_FIGURES=<file> runs them")
def test_game_page_render_figures(site, new_context, browser):
    """First contentful paint and time to interactive (live socket, counters drawn, orders
    loaded) of the BoP and FA game pages, at desktop and phone size. BoP's board is empty until
    the set-up is answered (the Entente places first, 11.3), so its set-up is played over the
    API first: the page is measured with the armies on the map, at the Central Powers' half."""
    host = sign_up(new_context(), site, "conrad")
    other = sign_up(new_context(), site, "brusilov")
    bop = seat_and_start(new_table(host, site, "balance_of_powers", "before-the-leaves-fall",
                                   title="Figures BoP"), host, CENTRAL, [(other, ENTENTE)])
    apis = {seat: Api(host, site, game_id(bop)) for seat in CENTRAL}
    apis.update({seat: Api(other, site, game_id(bop)) for seat in ENTENTE})
    advance(apis, lambda v: v["flow"]["step"] == "half" and v["flow"]["side"] == "central")
    fa = seat_and_start(new_table(host, site, "fatal_alliances", "east-prussia-1914",
                                  title="Figures FA"), host, ("germany",), [(other, ("russia",))])
    cookies = host.context.cookies()
    figures = {}
    for name, url in (("bop", bop), ("fa", fa)):
        for width, height in ((1440, 900), (390, 844)):
            context = browser.new_context(viewport={"width": width, "height": height},
                                          has_touch=width < 500, is_mobile=width < 500)
            context.add_cookies(cookies)
            page = context.new_page()
            open_game(page, url)      # warm the cache once, as a returning player
            runs = []
            for _ in range(3):
                page.goto(url)
                page.wait_for_function("""() => { const ready = !!window.salient
                    && window.salient.socket.state === 'live'
                    && document.querySelectorAll('.layer-units .stack').length > 0
                    && !['loading', 'sending'].includes(window.salient.orders.status);
                    if (ready && !window.__tti) window.__tti = performance.now();
                    return ready; }""", polling=10)
                runs.append(page.evaluate("""() => { const nav = performance.getEntriesByType('navigation')[0];
                    const paint = performance.getEntriesByType('paint').find(p => p.name === 'first-contentful-paint');
                    return {fcp: Math.round(paint ? paint.startTime : -1), dom: Math.round(nav.domContentLoadedEventEnd),
                            tti: Math.round(window.__tti)}; }"""))
            runs.sort(key=lambda r: r["tti"])
            figures[f"{name} {width}x{height}"] = runs[1]
            context.close()
    report("game page render (ms, median of 3, warm cache)", figures)


def test_unit_first_fa_clicks_per_order_figures(site, new_context):
    """FA East Prussia at its first land movement: a whole stack's move, unit-first. Part of a
    stack is not measured: FA's move options are each single unit or the whole stack
    (engine/rulesets/fatal_alliances/orders.py move_items, FA 11.9) and its adapter has no
    `subsets`, so the stack roster has no tick boxes — left out, not faked."""
    from tests.browser.test_unit_first import fa_land_move
    page, _seat, _url, _apis = fa_land_move(site, new_context)
    wait_units_mode(page)
    clicks = Clicks(page)
    figures = {}
    stacks = page.evaluate("""() => { const o = window.salient.orders;
        return o.origins().filter(h => o.units.unitsAt(h).length >= 2); }""")
    for origin in stacks[:6]:
        if page.evaluate("() => window.salient.orders.origin") == origin:
            page.evaluate("() => window.salient.orders.units.deselect()")
        clicks.start()
        click_hex(page, origin)
        wait_orders(page)
        n = len(page.evaluate("() => window.salient.orders.units.selection.units"))
        target = page.evaluate("""(o) => { const e = window.salient.orders.live()
            .find(e => e.p.hex && e.p.hex !== o); return e ? e.p.hex : null; }""", origin)
        if target is None:
            page.evaluate("() => window.salient.orders.units.deselect()")
            continue
        click_hex(page, target)
        page.wait_for_selector("#pending-order")
        confirm(page)
        figures[f"fa move whole stack of {n} (unit-first)"] = clicks.count()
        break
    assert figures, "no stack of two or more could move: nothing measured"
    report("FA clicks and keys per order", figures)


def test_unit_first_bop_rail_clicks_figure(site, new_context):
    """A BoP rail move, unit-first. The engine opens no rail decision in the Central Powers'
    first half of August (the first ones open in the second fortnight), so the game is advanced
    to the first open rail decision over the API; then a rail origin's counter, a hex only rail
    reaches, Confirm."""
    central, entente, url = bop_table(site, new_context, names=("groener", "gallieni"))
    gid = game_id(url)
    apis = {seat: Api(central, site, gid) for seat in CENTRAL}
    apis.update({seat: Api(entente, site, gid) for seat in ENTENTE})

    def belgium(decision, answers):
        if decision["kind"] == "violate" and {"violate": "belgium"} in answers:
            return {"violate": "belgium"}
        return None
    advance(apis, lambda v: any(d["kind"] == "rail" for d in v["decisions"].values()),
            choose=belgium)
    wait_units_mode(central)
    clicks = Clicks(central)
    figures = {}
    starts = central.evaluate("""() => window.salient.orders.available()
        .filter(d => d.kind === 'rail').map(d => d.concerns.places[0])""")
    for start in starts[:8]:
        clicks.start()
        click_hex(central, start)
        wait_orders(central)
        target = entry_hex(central, "rail")
        if target is None:
            central.evaluate("() => window.salient.orders.units.deselect()")
            continue
        click_hex(central, target)
        central.wait_for_selector("#pending-order")
        confirm(central)
        figures["bop rail move (unit-first)"] = clicks.count()
        clicks.start()
        stop_if_moving(central)
        figures["bop stop after the rail move"] = clicks.count()
        break
    assert figures, "no rail origin with a hex only rail reaches: nothing measured"
    report("BoP rail clicks and keys", figures)


def drive_to_a_loss_choice(gid: int, apis: dict) -> tuple[str, dict]:
    """Play the live game on with the level-2 bots (their moves posted over the API, the
    game's own seed) until the attacker's loss has a real choice (more than three legal
    allocations, as in test_fa_loss_picker); that seat and the decision."""
    from boardgame.play.models import Game
    from engine import rulesets
    from engine.bots import bot_for, bot_turn
    from engine.kernel import decisions
    ruleset = rulesets.get("fatal_alliances")
    players = {p: bot_for(ruleset, "east-prussia-1914", 2) for p in apis}
    for _ in range(600):
        state = Game.objects.get(pk=gid).state
        d = decisions(ruleset, state)[0]
        if d.kind == "combat_losses" and len(d.options) > 3:
            return d.seats[0], d.to_json()
        move = bot_turn(ruleset, state, d.seats[0], players[d.seats[0]], game_uid="fa-loss-live")
        apis[move.seat].act(move.seat, move.decision, move.action)
    raise AssertionError("no loss choice with several allocations in 600 steps")


def test_fa_loss_allocation_clicks_figure(site, new_context):
    """FA 11.12.5.4 in a live game: the attacker's loss marked unit by unit in the picker
    (a counter on the map where it is the only candidate in its hex, else its row's Destroy
    or Break down), then Confirm — counted like the other orders."""
    from tests.browser.test_unit_first import fa_land_move
    _page, _seat, url, apis = fa_land_move(site, new_context)
    seat, decision = drive_to_a_loss_choice(game_id(url), apis)
    page = apis[seat].page
    open_game(page, url)
    wait_orders(page)
    page.wait_for_selector("#loss-tally")
    items = [e["item"]["action"] for e in page.evaluate(
        "() => window.salient.orders.entries.map(e => ({item: {action: e.item.action}}))")]
    assert len(items) > 3, items
    # The allocation with the most units marked, one without a choice of division type.
    pick = max((a for a in items if not a.get("keep")),
               key=lambda a: len(a.get("destroy") or []) + bool(a.get("break")))
    clicks = Clicks(page)
    clicks.start()
    hexes = page.evaluate("""() => { const p = window.salient.orders.editor;
        const out = {}; for (const id of p.candidates().ids) {
          const hex = p.adapter.unit(p.view, id).hex; out[hex] = (out[hex] || 0) + 1; }
        return out; }""")
    on_map = 0
    for uid in pick.get("destroy") or []:
        hex_id = page.evaluate("(u) => { const p = window.salient.orders.editor;"
                               " return p.adapter.unit(p.view, u).hex; }", uid)
        if hexes.get(hex_id) == 1:
            click_hex(page, hex_id)
            on_map += 1
        else:
            page.click(f".loss-row[data-unit='{uid}'] .loss-destroy")
    if pick.get("break"):
        page.click(f".loss-row[data-unit='{pick['break']}'] .loss-break")
    page.wait_for_selector("#pending-order")
    confirm(page)
    marked = len(pick.get("destroy") or []) + bool(pick.get("break"))
    n, keys = clicks.count()
    assert n == marked + 1 and keys == 0, (n, keys, pick)
    assert decision["id"] not in page.evaluate("() => Object.keys(window.salient.store.view.decisions)")
    report("FA loss allocation clicks", {
        f"fa loss allocation, {marked} unit{'s' if marked > 1 else ''} marked "
        f"(of {len(items)} legal allocations; {on_map} on the map)": [n, keys]})


def two_marks(allocations: list[dict]) -> list[dict]:
    """The listed allocations that mark two units: two destroyed, or one destroyed and one
    corps broken down."""
    return [a for a in allocations if len(a.get("destroy") or []) + bool(a.get("break")) == 2]


def drive_to_a_two_unit_loss(gid: int, apis: dict, uid: str) -> tuple[str, dict] | None:
    """Play the live game with the level-2 bots (their moves posted over the API, the game's
    own seed) until a loss — the attacker's or the defender's — can be taken with two units
    in more than one way; that seat and the decision, or None when the game ended first."""
    from boardgame.play.models import Game
    from engine import rulesets
    from engine.bots import bot_for, bot_turn
    from engine.kernel import decisions
    ruleset = rulesets.get("fatal_alliances")
    players = {p: bot_for(ruleset, "east-prussia-1914", 2) for p in apis}
    for _ in range(600):
        state = Game.objects.get(pk=gid).state
        open_ = decisions(ruleset, state)
        if not open_:
            return None
        d = open_[0]
        if d.kind == "combat_losses" and len(two_marks(d.options)) > 1:
            return d.seats[0], d.to_json()
        move = bot_turn(ruleset, state, d.seats[0], players[d.seats[0]], game_uid=uid)
        apis[move.seat].act(move.seat, move.decision, move.action)
    return None


def test_fa_loss_allocation_of_two_units_clicks_figure(site, new_context):
    """FA 11.12.5.4 in a live East Prussia game: a loss of two units that the owner may take in
    several ways (about one game in twenty has none; then another game is played, at most three).
    The two units are marked in the picker — a counter on the map where it is the only
    candidate in its hex, else its row's Destroy or Break down — and confirmed: three clicks,
    the issue's select + select + confirm."""
    found = None
    for attempt in range(3):
        hin = sign_up(new_context(), site, f"francois{attempt}")
        sam = sign_up(new_context(), site, f"zhilinsky{attempt}")
        table = new_table(hin, site, "fatal_alliances", "east-prussia-1914",
                          title=f"Stallupönen {attempt}", multiple_seats=False)
        url = seat_and_start(table, hin, ("germany",), [(sam, ("russia",))])
        apis = {"germany": Api(hin, site, game_id(url)), "russia": Api(sam, site, game_id(url))}
        found = drive_to_a_two_unit_loss(game_id(url), apis, f"fa-two-loss-{attempt}")
        if found:
            break
    assert found, "no loss of two units with a choice in three games"
    seat, decision = found
    page = apis[seat].page
    open_game(page, url)
    wait_orders(page)
    page.wait_for_selector("#loss-tally")
    items = [e["item"]["action"] for e in page.evaluate(
        "() => window.salient.orders.entries.map(e => ({item: {action: e.item.action}}))")]
    pairs = two_marks(items)
    assert len(pairs) > 1, items

    def keeps(a):   # the division types listed for the same marks: more than one asks which
        return {b.get("keep") for b in items if sorted(b.get("destroy") or []) == sorted(a.get("destroy") or [])
                and b.get("break") == a.get("break")}
    # Two destroyed if listed (the plain case), else a destroy and a break-down with one type.
    pick = next((a for a in pairs if not a.get("break")), None) or next(a for a in pairs if len(keeps(a)) == 1)
    hexes = page.evaluate("""() => { const p = window.salient.orders.editor;
        const out = {}; for (const id of p.candidates().ids) {
          const hex = p.adapter.unit(p.view, id).hex; out[hex] = (out[hex] || 0) + 1; }
        return out; }""")
    clicks = Clicks(page)
    clicks.start()
    on_map = 0
    for uid in pick.get("destroy") or []:
        hex_id = page.evaluate("(u) => { const p = window.salient.orders.editor;"
                               " return p.adapter.unit(p.view, u).hex; }", uid)
        if hexes.get(hex_id) == 1:
            click_hex(page, hex_id)
            on_map += 1
        else:
            page.click(f".loss-row[data-unit='{uid}'] .loss-destroy")
    if pick.get("break"):
        page.click(f".loss-row[data-unit='{pick['break']}'] .loss-break")
    page.wait_for_selector("#pending-order")
    pending = page.evaluate("() => window.salient.orders.pending.item.action")
    assert sorted(pending.get("destroy") or []) == sorted(pick.get("destroy") or []) \
        and pending.get("break") == pick.get("break"), (pending, pick)
    assert "of" in page.inner_text("#loss-tally")
    confirm(page)
    n, keys = clicks.count()
    assert decision["id"] not in page.evaluate("() => Object.keys(window.salient.store.view.decisions)")
    report("FA loss allocation clicks", {
        f"fa loss allocation, 2 units marked ({'1 destroyed, 1 broken down' if pick.get('break') else '2 destroyed'};"
        f" {len(pairs)} two-unit allocations of {len(items)} listed; {on_map} on the map)": [n, keys]})
    assert n == 3 and keys == 0, (n, keys, pick)
