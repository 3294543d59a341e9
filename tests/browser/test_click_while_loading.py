"""A click on the map while the page is still loading the options (another player's move or a
bot's answer has just arrived, and the page asks the server again) is kept and played once the
options are there, not silently lost: the full CI's FA campaign table with bots lost one under
load, and a person would have clicked into nothing (`frontend/game/orders.js`, `queuedHex`).

The position is real: 12.6's start, Germany's naval move (BoP 7.22); the socket's answer is
held back until after the click."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.browser]

# The page's own modules on a view held by the test: `ordersOn` gives the orders of `seat`
# with a socket whose option lists come from `options` (a test holds them back to click
# meanwhile); `settle` lets the pending promises run.
ORDERS_ON = """
    const { adapterFor } = await import('/frontend/game/rulesets/index.js');
    const { Orders } = await import('/frontend/game/orders.js');
    const { Store } = await import('/frontend/game/store.js');
    const ordersOn = (ruleset, seat, view, options) => {
      const store = new Store();
      store.view = view;
      store.v = 1;
      store.mySeats = [seat];
      const socket = { act: async () => {}, options };
      const orders = new Orders({ store, socket, adapter: adapterFor(ruleset, { seats: [] }) });
      orders.ask = async () => { throw new Error('no preview here'); };
      return { store, orders };
    };
    const settle = async () => { for (let i = 0; i < 10; i += 1) await new Promise((r) => setTimeout(r, 10)); };
"""


def position():
    from engine.kernel import decisions, expand_options, new_game, view
    from engine.rulesets.balance_of_powers.price_of_admiralty import SCENARIO
    from engine.rulesets.balance_of_powers.ruleset import RULESET
    state, _ = new_game(RULESET, SCENARIO, {}, ["britain", "germany"], b"q" * 32, "queued")
    decision = next(d for d in decisions(RULESET, state) if d.kind == "naval_move")
    items = expand_options(RULESET, state, "germany", decision.id, None)
    return view(RULESET, state, "seat:germany"), items, state["board"]["fleets"]["ger-bb1"]["at"]


def test_a_map_click_during_the_options_load_is_played_when_they_arrive(module_page):
    seen, items, wilhelmshaven = position()
    got = module_page.evaluate("""async ([view, items, hex]) => {""" + ORDERS_ON + """
        let release;
        const held = new Promise((resolve) => { release = resolve; });
        const { orders } = ordersOn('balance_of_powers', 'germany', view, () => held);
        orders.sync();
        const during = orders.status;
        const kept = orders.clickHex(hex);
        release(items);
        for (let i = 0; i < 50 && !(orders.origin === hex || orders.units?.selection?.hex === hex); i += 1) {
          await new Promise((r) => setTimeout(r, 20));
        }
        return { during, kept, origin: orders.origin, selected: orders.units?.selection?.hex || null,
                 status: orders.status };
    }""", [seen, items, wilhelmshaven])
    assert got["during"] == "loading" and got["kept"] is True, got
    assert wilhelmshaven in (got["origin"], got["selected"]), got
    assert got["status"] == "ready", got


def fa_land_move():
    """East Prussia 1914 (FA): the first land move of level-1 bots from a fixed seed, a decision
    with many stacks to order."""
    from engine import rulesets
    from engine.bots import bot_for, bot_turn
    from engine.kernel import apply, decisions, expand_options, new_game, view
    ruleset = rulesets.get("fatal_alliances")
    seed = b"c" * 32
    state, _ = new_game(ruleset, "east-prussia-1914", {}, ["germany", "russia"], seed, "fa-click")
    players = {p: bot_for(ruleset, "east-prussia-1914", 1) for p in ("germany", "russia")}
    for _ in range(400):
        d = decisions(ruleset, state)[0]
        if d.kind == "land_move":
            seat = d.seats[0]
            return seat, view(ruleset, state, f"seat:{seat}"), expand_options(ruleset, state, seat, d.id, None)
        move = bot_turn(ruleset, state, d.seats[0], players[d.seats[0]], game_uid="fa-click")
        state = apply(ruleset, state, move.seat, move.decision, move.action, seed=seed).state
    raise AssertionError("no land move in 400 actions")


def test_a_click_on_another_stack_during_a_reload_is_not_undone_by_the_old_selection(module_page):
    """The stack selected before a reload is selected again when the options come back, and
    only then is a click made meanwhile played: a click on another stack selects that one (the
    full CI's FA campaign table lost such clicks: the old stack was put back over them)."""
    seat, seen, items = fa_land_move()
    got = module_page.evaluate("""async ([seat, view, items]) => {""" + ORDERS_ON + """
        let release = null;
        const { store, orders } = ordersOn('fatal_alliances', seat, view,
          () => new Promise((resolve) => { release = resolve; }));
        orders.sync();
        release(items);
        await settle();
        const origins = orders.origins();
        if (origins.length < 2) return { origins };
        orders.clickHex(origins[0]);
        const first = orders.origin;
        // another stack, not one of the first's destinations (that click would be a move)
        const reach = new Set(orders.live().map((e) => e.p.hex));
        const other = origins.find((o) => o !== first && !reach.has(o)) || null;
        if (!other) return { origins, first };
        store.v = 2;                       // another seat's move: the same decision reloads
        orders.sync();
        const during = orders.status;
        orders.clickHex(other);
        release(items);
        await settle();
        return { origins, first, other, during, origin: orders.origin, status: orders.status };
    }""", [seat, seen, items])
    assert len(got["origins"]) >= 2, got
    assert got["first"] == got["origins"][0] and got["during"] == "loading", got
    assert got["origin"] == got["other"] and got["status"] == "ready", got


def twteaw_position():
    from engine.kernel import decisions, expand_options, new_game, view
    from engine.rulesets.twteaw import RULESET
    from engine.rulesets.twteaw.nations import SEATS
    state, _ = new_game(RULESET, "europe-1914", {"turns": 3}, list(SEATS), b"w" * 32, "queued")
    decision = next(d for d in decisions(RULESET, state) if d.kind == "orders" and "germany" in d.seats)
    items = expand_options(RULESET, state, "germany", decision.id, None)
    return view(RULESET, state, "seat:germany"), items


def test_twteaw_a_map_click_during_a_reload_reaches_a_checked_draft(module_page):
    """An order editor whose draft the server has checked holds it as the pending order
    (status "confirm"); a bot writing its orders reloads the decision, and a click on the map
    made meanwhile still picks where a move leaves from (it waited for status "ready" alone,
    and the full CI's TWTEAW game by clicks lost it)."""
    seen, items = twteaw_position()
    got = module_page.evaluate("""async ([view, items]) => {""" + ORDERS_ON + """
        let release = null;
        const { store, orders } = ordersOn('twteaw', 'germany', view, (seat, id, query) => query && query.check
          ? Promise.resolve([{ action: query.check, warnings: [] }])
          : new Promise((resolve) => { release = resolve; }));
        orders.sync();
        release(items);
        await settle();
        orders.editor.use(items[0].action);
        await settle();
        const checked = orders.status;
        store.v = 2;
        orders.sync();
        const during = orders.status;
        orders.clickHex('cologne');
        release(items);
        await settle();
        return { checked, during, from: orders.editor.form.from, picking: orders.editor.form.picking,
                 status: orders.status };
    }""", [seen, items])
    assert got["checked"] == "confirm" and got["during"] == "loading", got
    assert got["from"] == "cologne" and got["picking"] is True, got
