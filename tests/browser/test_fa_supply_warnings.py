"""FA 2.4 supply warnings in the browser adapter (issue #18), on the engine's own data: a real
East Prussia position reached by the level-2 bots from a fixed seed, where a land unit is out of
supply and Germany or Russia has land moves the engine marks as ending out of supply. The
adapter puts the warning marker on exactly the units the view says are out of supply, says why
in their hover (FA 2.4.2) and what follows (FA 2.4.4), and a marked move's order text warns
before Confirm; the map draws the marker (mapview's `warn`, checked on a live page in
test_supply_warnings.py)."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.browser]


def supply_position():
    """The first such position in games of level-2 bots from fixed seeds (a game that ends
    without one, as the bots' play changes with their versions, passes to the next seed)."""
    from engine import rulesets
    from engine.bots import bot_for, bot_turn
    from engine.kernel import apply, decisions, expand_options, new_game, view
    ruleset = rulesets.get("fatal_alliances")
    for n in range(4):
        seed = bytes([n]) * 32
        state, _ = new_game(ruleset, "east-prussia-1914", {}, ["germany", "russia"], seed, "fa-sup")
        players = {p: bot_for(ruleset, "east-prussia-1914", 2) for p in ("germany", "russia")}
        for _ in range(400):
            open_now = decisions(ruleset, state)
            if not open_now:
                break
            d = open_now[0]
            if d.kind == "land_move":
                seat = d.seats[0]
                seen = view(ruleset, state, f"seat:{seat}")
                items = expand_options(ruleset, state, seat, d.id, None)
                cut = [u for u, x in seen["board"]["units"].items() if x.get("supplied") is False]
                if cut and any(i.get("supplied") is False for i in items):
                    return seen, d.to_json(), items, cut
            move = bot_turn(ruleset, state, d.seats[0], players[d.seats[0]], game_uid="fa-sup")
            state = apply(ruleset, state, move.seat, move.decision, move.action, seed=seed).state
    raise AssertionError("no unit out of supply with a marked move in four bot games")


def test_supply_fa_2_4_marker_hover_and_move_warning(module_page):
    view, decision, items, cut = supply_position()
    got = module_page.evaluate("""async ([view, decision, items]) => {
        const { FatalAlliancesAdapter } = await import('/frontend/game/rulesets/fatal_alliances.js');
        const adapter = new FatalAlliancesAdapter({ map: 'fa-east-prussia', seats: [] });
        const units = adapter.units(view);
        return {
          warned: units.filter((u) => u.warn).map((u) => u.id).sort(),
          titles: Object.fromEntries(units.map((u) => [u.id, u.title])),
          marks: [...new Set(units.filter((u) => u.warn).map((u) => u.warn.text))],
          labels: items.map((item) => adapter.present(decision, item, view).label),
          texts: items.map((item) => adapter.present(decision, item, view).text),
        };
    }""", [view, decision, items])
    assert got["warned"] == sorted(cut)
    assert got["marks"] == ["!"]
    for uid in cut:
        assert "OUT OF SUPPLY" in got["titles"][uid] and "FA 2.4.2" in got["titles"][uid]
        assert "FA 2.4.4" in got["titles"][uid]
    supplied = [u for u in got["titles"] if u not in cut]
    assert supplied and all("OUT OF SUPPLY" not in got["titles"][u] for u in supplied)
    for item, label, text in zip(items, got["labels"], got["texts"], strict=True):
        if item.get("supplied") is False:
            assert "ends out of supply" in label and "FA 2.4.4" in label and "⚠" in text, label
        else:
            assert "out of supply" not in label and "⚠" not in text, label
