"""Issue #18, the page says where the game stands when the player has nothing to do.

- A seat with no decision now: the orders panel says why, from the view alone (whose part of
  the turn it is, who is deciding what, how many sealed answers are still out), for any ruleset
  (`frontend/game/panels/idle.js`). The review: "A-H had no orders in fortnight 1, and the page
  never said why".
- A finished game: the connection badge says "Finished" with the result, not the green "Live"
  (`frontend/game/panels/banner.js`).

Real positions from the engine (the level-2 bots on a fixed seed for BoP; the toy ruleset's
sealed bids), rendered by the page's own modules."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.browser]

RENDER_IDLE = """async ([ruleset, view, mySeats, seats]) => {
    const { adapterFor } = await import('/frontend/game/rulesets/index.js');
    const { renderDecision } = await import('/frontend/game/panels/decision.js');
    const { Store } = await import('/frontend/game/store.js');
    const store = new Store();
    store.view = view;
    store.mySeats = mySeats;
    const adapter = adapterFor(ruleset, { seats });
    const orders = { available: () => store.myDecisions(), error: null };
    const root = document.createElement('div');
    root.id = 'decision';
    document.body.replaceChildren(root);
    renderDecision(root, { store, orders, adapter });
    return root.innerText;
}"""


def bop_central_half_view():
    """A BoP position in the Central Powers' half where only Central seats decide; the Entente
    player's view of it."""
    from engine import rulesets
    from engine.bots import bot_for, bot_turn
    from engine.kernel import apply, decisions, new_game, view
    ruleset = rulesets.get("balance_of_powers")
    scenario = "before-the-leaves-fall"
    seats = [s["id"] for s in ruleset.scenario(scenario)["seats"]]
    seed = bytes(32)
    state, _ = new_game(ruleset, scenario, {}, seats, seed, "bop-idle")
    players = {p: bot_for(ruleset, scenario, 2) for p in seats}
    entente = {"france", "russia", "britain"}
    for _ in range(400):
        open_ = decisions(ruleset, state)
        if (state["flow"].get("side") == "central" and open_
                and not any(set(d.seats) & entente for d in open_)):
            titles = [{"seat": s["id"], "title": s["title"]} for s in ruleset.scenario(scenario)["seats"]]
            return view(ruleset, state, "seat:france"), titles
        d = open_[0]
        move = bot_turn(ruleset, state, d.seats[0], players[d.seats[0]], game_uid="bop-idle")
        state = apply(ruleset, state, move.seat, move.decision, move.action, seed=seed).state
    raise AssertionError("no Central Powers' half in 400 steps")


def test_idle_bop_6_the_entente_player_is_told_it_is_the_central_powers_half(module_page):
    view, titles = bop_central_half_view()
    text = module_page.evaluate(RENDER_IDLE, ["balance_of_powers", view, ["france", "russia", "britain"], titles])
    assert "Nothing for you to decide now" in text, text
    assert "Central Powers' half" in text and "France, Russia and Britain wait" in text, text
    titles = {"germany": "Germany", "austria_hungary": "Austria-Hungary"}
    deciding = sorted({s for d in view["decisions"].values() for s in d["seats"]})
    assert deciding, view["decisions"]
    for seat in deciding:
        assert f"{titles[seat]} is deciding:" in text, text


def test_idle_toy_1_a_sealed_bid_in_says_how_many_answers_are_still_out(module_page):
    from engine.kernel import apply, decisions, new_game, view
    from tests.toy.ruleset import RULESET
    seed = bytes(32)
    state, _ = new_game(RULESET, "duel", {}, ["red", "blue"], seed, "toy-idle")
    bid = next(d for d in decisions(RULESET, state) if d.seats == ("red",))
    state = apply(RULESET, state, "red", bid.id, bid.options[0], seed=seed).state
    text = module_page.evaluate(RENDER_IDLE, ["toy_skirmish", view(RULESET, state, "seat:red"), ["red"], []])
    assert "Nothing for you to decide now" in text, text
    assert "Red: answer sealed" in text and "Waiting for 1 sealed answer (Blue)" in text, text
    # Blue's sealed bid is awaited, not shown as Blue "deciding" outside the sealed step.
    assert "Blue is deciding" not in text, text


def test_finished_game_badge_says_finished_with_the_result_not_live(module_page):
    said = module_page.evaluate("""async () => {
        const { renderBanner } = await import('/frontend/game/panels/banner.js');
        const { adapterFor } = await import('/frontend/game/rulesets/index.js');
        const adapter = adapterFor('balance_of_powers', { seats: [] });
        const root = document.createElement('span');
        document.body.replaceChildren(root);
        renderBanner(root, 'live', {});
        const live = [root.dataset.state, root.innerText];
        const result = { winners: ['britain', 'france', 'russia'], reason: 'schlieffen_plan_failed' };
        renderBanner(root, 'live', {}, adapter.resultText(result));
        const over = [root.dataset.state, root.innerText];
        renderBanner(root, 'reconnecting', {}, adapter.resultText(result));
        return { live, over, dropped: [root.dataset.state, root.innerText] };
    }""")
    assert said["live"] == ["live", "Live"]
    state, text = said["over"]
    assert state == "finished" and "Live" not in text, said
    assert text.startswith("Finished") and "won by Britain, France and Russia" in text, text
    assert said["dropped"][0] == "reconnecting"       # a dropped socket is still said


RENDER_BUSY = """async ([ruleset, view, mySeats, seats]) => {
    const { adapterFor } = await import('/frontend/game/rulesets/index.js');
    const { renderDecision } = await import('/frontend/game/panels/decision.js');
    const { Store } = await import('/frontend/game/store.js');
    const store = new Store();
    store.view = view;
    store.mySeats = mySeats;
    const adapter = adapterFor(ruleset, { seats });
    // The decision list before a tab is chosen: nothing loaded yet.
    const orders = { available: () => store.myDecisions(), error: null, decision: null, editor: null,
        mode: 'list', listMode: false, mapped: false, status: 'idle', pending: null, hint: null,
        choices: [], entries: null, forces: () => [], live: () => [] };
    const root = document.createElement('div');
    root.id = 'decision';
    document.body.replaceChildren(root);
    renderDecision(root, { store, orders, adapter });
    const line = root.querySelector('#idle-seats');
    return { text: root.innerText, line: line && line.innerText };
}"""


def bop_one_central_seat_deciding_view():
    """A BoP position in the Central Powers' half where Germany decides and Austria-Hungary has
    nothing open; the Central player's view of it."""
    from engine import rulesets
    from engine.bots import bot_for, bot_turn
    from engine.kernel import apply, decisions, new_game, view
    ruleset = rulesets.get("balance_of_powers")
    scenario = "before-the-leaves-fall"
    seats = [s["id"] for s in ruleset.scenario(scenario)["seats"]]
    seed = bytes(32)
    state, _ = new_game(ruleset, scenario, {}, seats, seed, "bop-idle-seat")
    players = {p: bot_for(ruleset, scenario, 2) for p in seats}
    for _ in range(400):
        open_ = decisions(ruleset, state)
        deciding = {s for d in open_ for s in d.seats}
        if state["flow"].get("side") == "central" and deciding == {"germany"}:
            titles = [{"seat": s["id"], "title": s["title"]} for s in ruleset.scenario(scenario)["seats"]]
            return view(ruleset, state, "seat:germany"), titles
        d = open_[0]
        move = bot_turn(ruleset, state, d.seats[0], players[d.seats[0]], game_uid="bop-idle-seat")
        state = apply(ruleset, state, move.seat, move.decision, move.action, seed=seed).state
    raise AssertionError("no Central half with Germany alone deciding in 400 steps")


def test_idle_bop_6_a_seat_with_nothing_to_do_beside_a_deciding_seat_gets_its_own_line(module_page):
    view, titles = bop_one_central_seat_deciding_view()
    said = module_page.evaluate(RENDER_BUSY, ["balance_of_powers", view, ["germany", "austria_hungary"], titles])
    line = said["line"]
    assert line, said["text"]
    assert line.startswith("Austria-Hungary: nothing to decide now.") and "Germany:" not in line, line
    assert "Central Powers' half" in line and "Austria-Hungary has nothing to decide in this step" in line, line
    # Germany's decisions are still the panel's business; the whole-panel idle text is not shown.
    assert "Nothing for you to decide now" not in said["text"], said["text"]
    # Both seats deciding: no such line.
    both = module_page.evaluate(RENDER_BUSY, ["balance_of_powers", view, ["germany"], titles])
    assert both["line"] is None, both


IDLE_TEXT = """([selector, words]) => window.salient && window.salient.store
    && (document.querySelector(selector)?.innerText || '').includes(words)"""


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_idle_bop_12_1_on_a_live_game_an_idle_seat_and_the_waiting_side_are_told_why(site, new_context):
    """On a running site (daphne, two players, the game brought over the API to the Central
    Powers' first half of August 1914): the Central player's Austria-Hungary has no decision
    beside Germany's, and its line says why, with the rule (12.1 mobilisation); the Entente
    player, all of whose seats wait for the other side's half, is told whose half it is and
    who is deciding."""
    from tests.browser.test_unit_first import bop_first_half
    central, entente, _url, apis = bop_first_half(site, new_context, names=("conrad", "samsonov"))
    view = apis["germany"].view()
    assert {s for d in view["decisions"].values() for s in d["seats"]} == {"germany"}
    central.wait_for_function(IDLE_TEXT, arg=["#idle-seats", "Austria-Hungary is still mobilising"])
    line = central.inner_text("#idle-seats")
    assert line.startswith("Austria-Hungary: nothing to decide now."), line
    assert "Central Powers' half" in line and "Germany" not in line.split("now.")[0], line
    assert "only British, French and German corps move" in line and "BoP 12.1" in line, line
    assert central.locator("#idle-seats .cite[data-cite='12.1']").count() == 1
    assert central.locator("#no-decision").count() == 0     # Germany's orders fill the panel
    entente.wait_for_function(IDLE_TEXT, arg=["#no-decision", "Central Powers' half"])
    text = entente.inner_text("#no-decision")
    assert "Nothing for you to decide now" in text, text
    # The user's seats in the page's order (the live page lists them by seat id).
    assert "Britain, France and Russia wait" in text and "Germany is deciding:" in text, text
