"""A click on the map while the page is still loading the options (another player's move or a
bot's answer has just arrived, and the page asks the server again) is kept and played once the
options are there, not silently lost: the full CI's FA campaign table with bots lost one under
load, and a person would have clicked into nothing (`frontend/game/orders.js`, `queuedHex`).

The position is real: 12.6's start, Germany's naval move (BoP 7.22); the socket's answer is
held back until after the click."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.browser]


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
    got = module_page.evaluate("""async ([view, items, hex]) => {
        const { adapterFor } = await import('/frontend/game/rulesets/index.js');
        const { Orders } = await import('/frontend/game/orders.js');
        const { Store } = await import('/frontend/game/store.js');
        const store = new Store();
        store.view = view;
        store.v = 1;
        store.mySeats = ['germany'];
        let release;
        const held = new Promise((resolve) => { release = resolve; });
        const socket = { act: async () => {}, options: () => held };
        const orders = new Orders({ store, socket, adapter: adapterFor('balance_of_powers', { seats: [] }) });
        orders.ask = async () => { throw new Error('no preview here'); };
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
