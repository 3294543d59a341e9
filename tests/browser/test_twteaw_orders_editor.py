"""The War to End All Wars: the orders the editor writes beyond moves and builds (issue #23) —
trenches (TWTEAW trenches), declarations of war (1.1), influence (1.2), the order of losses
(2.2) and industrial complexes ordered to fight (ruling 67) — each added to a draft, checked by the server (a refusal shows its rule) and written,
then carried out when the turn resolves. Fog of war: the other player's page holds none of
these orders before the turn resolves, and afterwards sees only what the resolution makes
public (the declaration, the trench on the map), never the influence.

hamlet holds Germany and othello France; the other seven nations are level-0 bots."""

from __future__ import annotations

import re

import pytest

from tests.browser.flows import claim, new_table, open_game, sign_up

pytestmark = [pytest.mark.browser, pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def table(monkeypatch, request, new_context):
    """A game of Germany (hamlet) and France (othello), the rest bots: the two pages, at the
    first turn's orders."""
    return open_table(monkeypatch, request, new_context, "germany")


def open_table(monkeypatch, request, new_context, seat):
    monkeypatch.setenv("SALIENT_IN_PROCESS_SWEEPER", "1")
    site = request.getfixturevalue("site")
    hamlet = sign_up(new_context(), site, "hamlet")
    othello = sign_up(new_context(), site, "othello")
    url = new_table(hamlet, site, "twteaw", "europe-1914", title="August 1914", pace=None)
    othello.goto(url)
    claim(othello, "france")
    othello.click("text=I'm ready")
    othello.wait_for_load_state()
    hamlet.goto(url)
    claim(hamlet, seat)
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
        page.wait_for_selector("#decision button.choice", timeout=15000)
    return hamlet, othello


def start_from_hold(page):
    page.locator("#decision button.choice").filter(has_text="hold").first.click()
    page.wait_for_selector("#pending-order")


def pending_has(page, text):
    # Each draft change is one check by the server over the socket; on a loaded CI machine one
    # took longer than the page's 15 s default (local CI), so the wait is the file's 30 s.
    page.wait_for_function("(t) => (document.querySelector('#pending-order')?.textContent || '').includes(t)",
                           arg=text, timeout=30000)


def write_and_resolve(hamlet, othello, written, secret, seat="germany", name="German Empire"):
    """hamlet writes the pending draft; othello's page holds none of hamlet's orders (`seat`),
    and `secret` (a piece of them only hamlet could write) is nowhere on it; othello holds and
    both say ready; the turn resolves."""
    hamlet.click("#confirm")
    hamlet.wait_for_function("(t) => document.querySelector('#my-order').textContent.includes(t)", arg=written)
    assert seat in hamlet.evaluate("() => Object.keys(window.salient.store.orders || {})")
    assert seat not in othello.evaluate("() => Object.keys(window.salient.store.orders || {})")
    assert secret not in othello.inner_text("body") and written not in othello.inner_text("#log")
    start_from_hold(othello)
    othello.click("#confirm")
    othello.wait_for_function("() => !document.querySelector('#my-order').textContent.includes('No order written')")
    ready_and_resolve(hamlet, othello, name, 2)


def ready_and_resolve(first, second, first_name, turn):
    """`first` says ready; once `second`'s page shows it, `second` does too; the turn resolves
    and both pages reach `turn`."""
    first.click("#ready")
    second.wait_for_function("(name) => document.querySelector('#ready-seats').textContent.includes(name)",
                             arg=first_name, timeout=30000)
    second.click("#ready")
    for page in (first, second):
        page.wait_for_function("(t) => window.salient.store.view.board.turn === t", arg=turn, timeout=180000)


def test_twteaw_trenches_dug_from_the_editor(table):
    hamlet, othello = table
    start_from_hold(hamlet)
    # Cologne (German infantry there) facing Belgium across a land border: 5.
    hamlet.select_option("#trench-area", "cologne")
    faces = hamlet.evaluate("() => [...document.querySelectorAll('#trench-facing option')].map((o) => o.value)")
    assert "belgium" in faces and "north-sea" not in faces, faces     # land borders only
    hamlet.select_option("#trench-facing", "belgium")
    hamlet.click("#add-trench")
    pending_has(hamlet, "dig trenches: Cologne facing Belgium")
    # The home package for Cologne (every land border) as well: Belgium's border twice, refused
    # with its rule; nothing can be written until the package is removed.
    hamlet.select_option("#home-trenches-area", "cologne")
    hamlet.click("#add-home-trenches")
    hamlet.wait_for_selector("#draft-problem")
    assert "already has your trench" in hamlet.inner_text("#draft-problem")
    assert hamlet.locator("#draft-problem .cite").inner_text().strip() == "TWTEAW trenches"
    assert hamlet.locator("#pending-order").count() == 0
    hamlet.locator(".draft-home-trenches button").first.click()
    pending_has(hamlet, "dig trenches: Cologne facing Belgium")
    write_and_resolve(hamlet, othello, "Cologne facing Belgium", "Cologne facing Belgium")
    # Placed in Phase 7: on the public board for both.
    for page in (hamlet, othello):
        assert "cologne>belgium" in page.evaluate("() => Object.keys(window.salient.store.view.board.trenches)")


def test_twteaw_units_ics_an_industrial_complex_ordered_to_fight_from_the_editor(table):
    """Ruling 67's `defend_ics`, written in the editor: only the seat's own standing ICs are
    offered; the order is private before and after the turn (no IC was attacked: nothing
    public changes), and the turn resolves through the task worker (ruling 68)."""
    hamlet, othello = table
    start_from_hold(hamlet)
    offered = hamlet.evaluate("() => [...document.querySelectorAll('#defend-ic-area option')].map((o) => o.value)")
    assert {"ruhr", "berlin"} <= set(offered) and "paris" not in offered and "vienna" not in offered, offered
    hamlet.select_option("#defend-ic-area", "ruhr")
    hamlet.click("#add-defend-ic")
    pending_has(hamlet, "the industrial complex of Ruhr fights if attacked")
    write_and_resolve(hamlet, othello, "the industrial complex of Ruhr fights", "industrial complex of Ruhr")
    assert "industrial complex of Ruhr" not in othello.inner_text("body")
    assert othello.evaluate("() => window.salient.store.view.board.ics_destroyed") == []


def test_twteaw_1_1_declaration_of_war_written_in_the_editor(table):
    hamlet, othello = table
    start_from_hold(hamlet)
    # A march into neutral Belgium without a declaration is refused (TWTEAW 1.1) …
    hamlet.select_option("#move-from", "cologne")
    hamlet.select_option("#move-to", "belgium")
    hamlet.fill("#move-infantry", "6")
    hamlet.click("#add-move")
    hamlet.wait_for_selector("#draft-problem")
    assert "declare war on it first" in hamlet.inner_text("#draft-problem")
    assert hamlet.locator("#draft-problem .cite").inner_text().strip() == "TWTEAW 1.1"
    # … and legal with the declaration in the same orders; allies are not offered.
    offered = hamlet.evaluate("() => [...document.querySelectorAll('#declare-nation option')].map((o) => o.value)")
    assert "belgium" in offered and "austria_hungary" not in offered and "france" not in offered, offered
    hamlet.select_option("#declare-nation", "belgium")
    hamlet.click("#add-declare")
    pending_has(hamlet, "declare war on Belgium")
    pending_has(hamlet, "Cologne → Belgium: 6 infantry")
    write_and_resolve(hamlet, othello, "declare war on Belgium", "Cologne → Belgium: 6 infantry")
    for page in (hamlet, othello):
        page.wait_for_function("() => document.querySelector('#log').textContent.includes('German Empire declares war on Belgium')")
        assert "belgium|germany" in page.evaluate("() => window.salient.store.view.board.war")


def test_twteaw_1_2_influence_and_2_2_order_of_losses_written_in_the_editor(table):
    hamlet, othello = table
    start_from_hold(hamlet)
    offered = hamlet.evaluate("() => [...document.querySelectorAll('#influence-nation option')].map((o) => o.value)")
    assert {"romania", "spain"} <= set(offered) and "italy" not in offered and "france" not in offered, offered
    hamlet.select_option("#influence-nation", "romania")
    hamlet.click("#add-influence")
    pending_has(hamlet, "influence Romania")
    # Germany is at war: it cannot take a side again (the join form is a neutral's).
    assert hamlet.locator("#add-join").count() == 0
    # The order of losses: tanks first.
    hamlet.click("#earlier-tank")
    hamlet.click("#earlier-tank")
    pending_has(hamlet, "losses in the order tank, infantry, artillery")
    write_and_resolve(hamlet, othello, "influence Romania", "losses in the order tank")
    hamlet.wait_for_function("() => document.querySelector('#log').textContent.includes('German Empire courts Romania')")
    assert "courts Romania" not in othello.inner_text("#log")


def test_twteaw_neutrals_britain_joins_from_the_editor(monkeypatch, request, new_context):
    """A neutral seat (Britain, who may join any time) takes a side from the editor; it may not
    declare war while neutral (ruling 22). Once it has joined, France's page sees its units
    exactly (one shared status per alliance), which it did not before."""
    hamlet, othello = open_table(monkeypatch, request, new_context, "britain")
    assert "britain" not in othello.evaluate("() => Object.keys(window.salient.store.view.known)")
    start_from_hold(hamlet)
    hamlet.select_option("#declare-nation", "germany")
    hamlet.click("#add-declare")
    hamlet.wait_for_selector("#draft-problem")
    assert hamlet.locator("#draft-problem .cite").inner_text().strip() == "TWTEAW neutrals"
    hamlet.locator(".draft-declare button").first.click()
    hamlet.wait_for_selector("#pending-order")
    hamlet.select_option("#join-side", "allied")
    hamlet.click("#add-join")
    pending_has(hamlet, "take the side of the Allied Powers")
    hamlet.click("#confirm")
    hamlet.wait_for_function("() => document.querySelector('#my-order').textContent.includes('take the side')")
    assert "britain" not in othello.evaluate("() => Object.keys(window.salient.store.orders || {})")
    assert "take the side" not in othello.inner_text("body")
    start_from_hold(othello)
    othello.click("#confirm")
    othello.wait_for_function("() => !document.querySelector('#my-order').textContent.includes('No order written')")
    hamlet.click("#ready")
    othello.wait_for_function("() => document.querySelector('#ready-seats').textContent.length > 0", timeout=30000)
    othello.click("#ready")
    for page in (hamlet, othello):
        page.wait_for_function("() => window.salient.store.view.board.turn === 2", timeout=180000)
        assert page.evaluate("() => window.salient.store.view.board.sides.britain") == "allied"
    othello.wait_for_function("() => 'britain' in window.salient.store.view.known")
    hamlet.wait_for_selector("#decision button.choice", timeout=15000)
    start_from_hold(hamlet)
    assert hamlet.locator("#trench-area").count() == 1 and hamlet.locator("#join-side").count() == 0  # in the war now


def test_twteaw_4_2_a_naval_patrol_written_in_the_editor(table):
    """The naval slice's order (4.2, rulings 71–72), written in the editor: the ships Germany
    has are offered by zone, the route is built zone by zone, the mission chosen; a task force
    larger than the zone holds is refused with its rule; a transport's landing on a coast not
    Germany's side's is named an invasion (4.6.1); the order is private before the turn
    resolves, and afterwards the other player sees only the colour band in the North Sea,
    never Germany's ship counts."""
    hamlet, othello = table
    start_from_hold(hamlet)
    offered = hamlet.evaluate("() => [...document.querySelectorAll('#naval-from option')].map((o) => o.value)")
    # Germany's eight fleets: the Goeben in the Aegean, the Baltic squadron, the High Seas Fleet,
    # since TWTEAW 11 (the Africa sheet) the Königsberg in the western Indian Ocean, and since
    # TWTEAW 12 (the Asian sheet) von Spee in the Central Pacific and Emden in the Yellow Sea,
    # since TWTEAW 14 (ruling 166) Dresden and Karlsruhe in the Caribbean and Leipzig off Mexico
    assert offered == ["aegean-sea", "baltic-sea", "caribbean-sea", "central-pacific-ocean", "skagerrak",
                       "us-pacific-coast", "western-indian-ocean", "yellow-sea"], offered
    assert othello.locator("#naval-from option[value=skagerrak]").count() == 0
    hamlet.select_option("#naval-from", "skagerrak")
    hamlet.fill("#naval-battleship", "7")                 # the High Seas Fleet has six
    hamlet.select_option("#naval-next", "north-sea")
    hamlet.click("#naval-extend")
    hamlet.wait_for_function("() => document.querySelector('#naval-route').textContent.includes('North Sea')")
    hamlet.fill("#naval-battleship", "7")
    hamlet.click("#add-naval")
    hamlet.wait_for_selector("#draft-problem")
    assert "You have 6 battleship" in hamlet.inner_text("#draft-problem")
    assert hamlet.locator("#draft-problem .cite").inner_text().strip() == "TWTEAW 4.2"
    hamlet.locator(".draft-naval button").first.click()
    hamlet.fill("#naval-battleship", "2")
    hamlet.fill("#naval-cruiser", "1")
    hamlet.click("#add-naval")
    pending_has(hamlet, "2 battleships, 1 cruiser patrol Skagerrak → North Sea")
    # 4.6.1 (rulings 74–79): a transport's landings are every coast of its zone; one Germany's
    # side does not hold is named a naval invasion
    hamlet.select_option("#naval-from", "baltic-sea")
    hamlet.select_option("#naval-mission", "transport")
    hamlet.wait_for_selector("#naval-carry-to")
    landings = hamlet.evaluate("() => Object.fromEntries([...document.querySelectorAll('#naval-carry-to option')]"
                               ".map((o) => [o.value, o.textContent]))")
    assert landings["estonia"].endswith("(a naval invasion)") and landings["danzig"] == "Danzig", landings
    # 4.2.3 (rulings 80-84): a bombardment names a coast of the zone it ends in
    hamlet.select_option("#naval-mission", "bombard")
    hamlet.wait_for_selector("#naval-target")
    shelled = hamlet.evaluate("() => [...document.querySelectorAll('#naval-target option')].map((o) => o.value)")
    assert "estonia" in shelled and "danzig" in shelled, shelled
    hamlet.select_option("#naval-mission", "patrol")
    write_and_resolve(hamlet, othello, "patrol Skagerrak → North Sea", "2 battleships, 1 cruiser patrol")
    fleets = hamlet.evaluate("() => window.salient.store.view.known.germany.fleets")
    assert fleets["north-sea"] == {"battleship": 2, "cruiser": 1}, fleets
    # TWTEAW 14 (ruling 159): the U-boat flotillas lie in the Skagerrak zone with the fleet
    assert fleets["skagerrak"] == {"battleship": 4, "cruiser": 4, "submarine": 2}, fleets
    assert "germany" not in othello.evaluate("() => Object.keys(window.salient.store.view.known)")
    assert "germany" in othello.evaluate("() => Object.keys(window.salient.store.view.bands['north-sea'] || {})")


def test_twteaw_4_2_10_submarines_intercept_written_in_the_editor(table):
    """Rulings 159-163: the naval form offers Germany's U-boats in the Skagerrak and the
    submarine missions; a U-boat patrol is refused with its rule (ruling 160), an interception
    is written and reads in words; France's page never shows the U-boats, not even as a band
    where they lie alone after the turn."""
    hamlet, othello = table
    start_from_hold(hamlet)
    hamlet.select_option("#naval-from", "skagerrak")
    hamlet.wait_for_selector("#naval-submarine")
    missions = hamlet.evaluate("() => [...document.querySelectorAll('#naval-mission option')].map((o) => o.value)")
    assert "intercept" in missions and "hunt" in missions, missions
    hamlet.fill("#naval-submarine", "2")
    hamlet.select_option("#naval-next", "north-sea")
    hamlet.click("#naval-extend")
    hamlet.wait_for_function("() => document.querySelector('#naval-route').textContent.includes('North Sea')")
    hamlet.fill("#naval-submarine", "2")
    hamlet.click("#add-naval")                                   # the default mission: patrol
    hamlet.wait_for_selector("#draft-problem")
    assert "Submarines take one of the missions" in hamlet.inner_text("#draft-problem")
    hamlet.locator(".draft-naval button").first.click()
    hamlet.select_option("#naval-mission", "intercept")
    hamlet.fill("#naval-submarine", "2")
    hamlet.click("#add-naval")
    pending_has(hamlet, "2 submarines lie in wait to intercept in Skagerrak → North Sea")
    write_and_resolve(hamlet, othello, "intercept in Skagerrak → North Sea", "2 submarines lie in wait")
    fleets = hamlet.evaluate("() => window.salient.store.view.known.germany.fleets")
    assert fleets["north-sea"]["submarine"] == 2, fleets
    assert "germany" not in othello.evaluate("() => Object.keys(window.salient.store.view.known)")
    seen = othello.evaluate("() => window.salient.store.view.bands['north-sea'] || {}")
    assert "germany" not in seen, seen


def test_twteaw_4_2_3_a_bombardment_order_reads_in_words(module_page):
    """Rulings 80-84: the order summary names the mission's target; before, a bombard row read
    as a plain move."""
    text = module_page.evaluate("""async () => {
        const { TwteawAdapter } = await import('/frontend/game/rulesets/twteaw.js');
        const tw = new TwteawAdapter({ seats: [] });
        return tw.orderText({ naval: [{ from: 'north-sea', path: ['skagerrak'], units: { battleship: 2 },
          mission: 'bombard', target: 'denmark' }] });
    }""")
    assert text.startswith("2 battleships sail ") and ", battleships shelling " in text, text


def test_twteaw_4_2_2_an_escort_order_is_offered_and_reads_in_words(module_page):
    """Ruling 85: the editor offers the escort mission (it needs no other field) and the order
    summary says what it guards; before, the form had no such mission and a bot's escort row
    read as a plain move."""
    got = module_page.evaluate("""async () => {
        const { TwteawAdapter } = await import('/frontend/game/rulesets/twteaw.js');
        const tw = new TwteawAdapter({ seats: [] });
        return tw.orderText({ naval: [{ from: 'north-sea', path: ['english-channel'], units: { cruiser: 2 },
          mission: 'escort' }] });
    }""")
    assert got.startswith("2 cruisers escort ") and got.endswith(
        "(guarding the transports and moves that end there)"), got


def test_twteaw_1_4_a_blockade_and_its_mission_read_in_words(module_page):
    """Rulings 97-103: the blockade declaration, the blockade mission and the turn's blockade
    events read in words; before, the order summary left the declaration out and the log
    showed the events' raw kinds."""
    got = module_page.evaluate("""async () => {
        const { TwteawAdapter } = await import('/frontend/game/rulesets/twteaw.js');
        const tw = new TwteawAdapter({ seats: [] });
        const ev = (kind, data) => tw.event({ kind, data }, { board: {} });
        return [tw.orderText({ blockade: ['germany'], naval: [{ from: 'skagerrak', path: [], units: { cruiser: 2 },
                  mission: 'blockade' }] }),
                ev('us_trade_blockaded', { on: 'germany', by: ['france'], trade: 8 }),
                ev('blockade_broken', { on: 'germany', by: ['france'], trade: 0 }),
                ev('blockade_report', { on: 'germany', route: ['skagerrak'], held: ['skagerrak'], cut: true }),
                ev('income', { nation: 'germany', income: 40, us_trade: 8 })];
    }""")
    order, cut, broken, report, income = got
    assert order.startswith("blockade the US trade of ") and "2 cruisers blockade from " in order, order
    assert cut.endswith("US trade this turn (8 lost)") and "cuts" in cut, cut
    assert broken.endswith("its US trade comes through"), broken
    assert "held" in report and report.endswith("the trade is cut"), report
    assert income.endswith("and 8 in US trade"), income


def test_twteaw_1_4_a_blockade_written_in_the_editor_is_checked_by_the_server(table):
    hamlet, _ = table
    start_from_hold(hamlet)
    # Germany may blockade the trade receivers it is at war with: France, not itself, not
    # Russia (its Pacific route is off this sheet, ruling 99)
    offered = hamlet.evaluate("() => [...document.querySelectorAll('#blockade-nation option')].map((o) => o.value)")
    assert "france" in offered and "germany" not in offered and "russia" not in offered, offered
    hamlet.select_option("#blockade-nation", "france")
    hamlet.click("#add-blockade")
    # no German warship holds the Middle Atlantic on a blockade mission: refused, with its rule
    hamlet.wait_for_selector("#draft-problem")
    assert hamlet.locator("#draft-problem .cite").inner_text().strip() == "TWTEAW 1.4"
    assert "blockade the US trade of" in hamlet.inner_text(".draft-blockade")
    hamlet.locator(".draft-blockade button").first.click()
    hamlet.wait_for_selector("#draft-problem", state="detached")


def test_twteaw_1_4_a_strait_closure_reads_in_words(module_page):
    """Rulings 105-111: closing and reopening a passage in an order set, and the turn's closure
    events, read in words (before, the summary left them out and the log showed raw kinds)."""
    got = module_page.evaluate("""async () => {
        const { TwteawAdapter } = await import('/frontend/game/rulesets/twteaw.js');
        const tw = new TwteawAdapter({ seats: [] });
        const ev = (kind, data) => tw.event({ kind, data }, { board: {} });
        return [tw.orderText({ close: [{ passage: 'bosporus', nation: 'russia' }],
                               reopen: [{ passage: 'suez', nation: 'italy' }] }),
                ev('strait_closed', { passage: 'bosporus', by: 'ottoman_empire', to: 'russia' }),
                ev('strait_reopened', { passage: 'bosporus', by: 'ottoman_empire', to: 'russia', reason: 'lost' }),
                ev('strait_reopened', { passage: 'suez', by: 'britain', to: 'italy', reason: 'declared' }),
                ev('passage_barred', { nation: 'russia', from: 'western-black-sea', at: 'western-black-sea', to: 'aegean-sea' })];
    }""")
    order, closed, lost, reopened, barred = got
    assert order.startswith("close the Bosporus and Dardanelles to ") and "; reopen the Suez Canal to " in order, order
    assert "closes the Bosporus and Dardanelles to " in closed and closed.endswith("'s ships"), closed
    assert lost.startswith("The Bosporus and Dardanelles opens again to ") and "no longer holds it" in lost, lost
    assert "reopens the Suez Canal to " in reopened, reopened
    assert barred.startswith("Your ships from ") and "was closed to them this turn" in barred, barred


def test_twteaw_1_4_a_strait_closed_from_the_editor(monkeypatch, request, new_context):
    """Britain (hamlet), holder of Gibraltar and Suez, closes the Suez Canal to Germany from the
    editor (1.4, rulings 105-111): France's page holds none of it before the turn resolves; then
    both read the closure, and Britain is offered to reopen it, while closing it again is
    refused by the server with its rule."""
    hamlet, othello = open_table(monkeypatch, request, new_context, "britain")
    start_from_hold(hamlet)
    offered = hamlet.evaluate("() => [...document.querySelectorAll('#close-passage option')].map((o) => o.value)")
    assert offered == ["gibraltar", "suez"], offered
    hamlet.select_option("#close-passage", "suez")
    hamlet.select_option("#close-nation", "germany")
    hamlet.click("#add-close")
    pending_has(hamlet, "close the Suez Canal to German Empire")
    assert not hamlet.locator("#draft-problem").count()
    write_and_resolve(hamlet, othello, "close the Suez Canal", "close the Suez Canal", "britain",
                      "British Empire")
    for page in (hamlet, othello):
        assert page.evaluate("() => window.salient.store.view.board.closures") == [
            {"passage": "suez", "by": "britain", "to": "germany"}]
    othello.wait_for_function("() => document.querySelector('#log').textContent.includes("
                              "'British Empire closes the Suez Canal to German Empire')")
    hamlet.wait_for_selector("#decision button.choice", timeout=15000)
    start_from_hold(hamlet)
    assert hamlet.evaluate("() => [...document.querySelectorAll('#reopen-closure option')].map((o) => o.value)") == ["suez|germany"]
    hamlet.select_option("#close-passage", "suez")
    hamlet.select_option("#close-nation", "germany")
    hamlet.click("#add-close")
    hamlet.wait_for_selector("#draft-problem")
    assert hamlet.locator("#draft-problem .cite").inner_text().strip() == "TWTEAW 1.4"
    hamlet.locator(".draft-close button").first.click()
    hamlet.wait_for_selector("#draft-problem", state="detached")
    hamlet.click("#add-reopen")
    pending_has(hamlet, "reopen the Suez Canal to German Empire")
    assert not hamlet.locator("#draft-problem").count()


def test_twteaw_1_3_surrender_offer_and_ballots_read_in_words(module_page):
    """Rulings 86-91: an order set's offer and ballots, and the surrender's events, read in
    words (before, the summary said "hold" for an offer and the log showed the bare kinds)."""
    got = module_page.evaluate("""async () => {
        const { TwteawAdapter } = await import('/frontend/game/rulesets/twteaw.js');
        const tw = new TwteawAdapter({ seats: [] });
        const line = (kind, data) => tw.event({ kind, data }, {});
        return {
          offer: tw.orderText({ surrender: true }),
          ballots: tw.orderText({ surrender_votes: { serbia: 'decline', ottoman_empire: 'accept' } }),
          offered: line('surrender_offered', { nation: 'serbia', to: ['austria_hungary', 'germany'] }),
          vote: line('surrender_vote', { nation: 'serbia', accept: 80, decline: 47 }),
          declined: line('surrender_declined', { nation: 'serbia' }),
          tribute: line('tribute', { nation: 'serbia', paid: 3, to: { austria_hungary: 2, germany: 1 } }),
        };
    }""")
    assert got["offer"].startswith("offer to surrender"), got
    assert got["ballots"] == ("decline the surrender of Serbia; accept the surrender of "
                              "Ottoman Empire"), got
    assert got["offered"].startswith("Serbia offers to surrender to ") and got["offered"].endswith("Germany: the vote is next turn (1.3)"), got
    assert got["vote"] == ("The vote on Serbia's surrender: 80 to accept, 47 to decline, each nation "
                           "weighing its income"), got
    assert got["declined"].startswith("Serbia's offer of surrender is declined"), got
    assert got["tribute"].startswith("Serbia pays 3 in war tribute"), got


def test_twteaw_1_3_an_offer_written_in_the_editor_and_answered_by_ballot(table):
    """Germany offers to surrender from the editor (1.3, ruling 86); next turn France's page
    offers a ballot on it and France declines; the vote is counted by income (ruling 87) and
    France's page reads the count and its outcome. Germany's page offers no second offer while
    its offer is open (ruling 89)."""
    hamlet, othello = table
    start_from_hold(hamlet)
    assert not othello.locator("#surrender-vote-germany").count()
    hamlet.click("#offer-surrender")
    pending_has(hamlet, "offer to surrender")
    write_and_resolve(hamlet, othello, "offer to surrender", "offer to surrender")
    othello.wait_for_function("() => document.querySelector('#log').textContent.includes('German Empire offers to surrender')")
    start_from_hold(othello)
    othello.wait_for_selector("#surrender-vote-germany")
    othello.select_option("#surrender-vote-germany", "decline")
    pending_has(othello, "decline the surrender of German Empire")
    othello.click("#confirm")
    othello.wait_for_function("() => document.querySelector('#my-order').textContent.includes('decline the surrender')")
    start_from_hold(hamlet)
    assert not hamlet.locator("#offer-surrender").count()   # its offer is open (ruling 89)
    hamlet.click("#confirm")
    hamlet.wait_for_function("() => !document.querySelector('#my-order').textContent.includes('No order written')")
    ready_and_resolve(othello, hamlet, "French Empire", 3)
    log = othello.inner_text("#log")
    vote = next(line for line in log.splitlines() if "The vote on German Empire's surrender" in line)
    accept, decline = (int(x) for x in re.findall(r"(\d+) to (?:accept|decline)", vote))
    assert decline > 0, vote            # France's income weighs against
    outcome = "German Empire surrenders" if accept > decline else "German Empire's offer of surrender is declined"
    assert outcome in log, (vote, log[-600:])
