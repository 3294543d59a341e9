"""FA 11.12.2 on the page (version 30, R-N74): the shore bombardment choice names each ship with
its factor, and the land combat panel and the combat figures show what the ships added. The
adapter is given the engine's own decision, view and events (no server)."""

from __future__ import annotations

import pytest

from engine.kernel import apply, decisions, expand_options, view
from engine.rulesets.fatal_alliances import RULESET
from tests.engine.fatal_alliances.test_11_12_2_shore_bombardment import (
    BB,
    BRITISH,
    SEED,
    coast_attack,
    declare,
    fleet,
)

pytestmark = [pytest.mark.browser]

ADAPTER = """async ([mine, decision, items, events]) => {
    const { FatalAlliancesAdapter } = await import('/frontend/game/rulesets/fatal_alliances.js');
    const adapter = new FatalAlliancesAdapter({ map: 'fa-europe', seats: [] });
    return {
      labels: items.map((item) => adapter.present(decision, item, mine).label),
      figures: events.filter((e) => e.kind === 'combat_resolved')
        .map((e) => adapter.combat(e, mine).lines),
      log: events.filter((e) => e.kind === 'shore_bombardment').map((e) => adapter.event(e, mine)),
      panel: adapter.currentCombat(mine)?.lines || [],
    };
}"""


def test_fa_11_12_2_the_choice_and_the_combat_panel_show_the_bombardment(module_page):
    state = declare(coast_attack(**fleet()))
    [d] = decisions(RULESET, state)
    items = expand_options(RULESET, state, "germany", d.id, None)
    mine = view(RULESET, state, "seat:germany")
    out = module_page.evaluate(ADAPTER, [mine, mine["decisions"][d.id], items, []])
    assert out["labels"][0].startswith("Shore bombardment of ")
    assert "(3)" in out["labels"][0] and out["labels"][0].count("(3)") == 2
    assert out["labels"][-1].startswith("No shore bombardment of ")
    state = apply(RULESET, state, "germany", d.id, {"ships": BB}, seed=SEED).state
    [d] = decisions(RULESET, state)
    result = apply(RULESET, state, "britain", d.id, {"ships": BRITISH[:1]}, seed=SEED)
    events = [{"kind": e.kind, "rule": e.rule, "data": e.data} for e in result.events]
    mine = view(RULESET, result.state, "seat:germany")
    out = module_page.evaluate(ADAPTER, [mine, {"kind": "none", "data": {}}, [], events])
    [lines] = out["figures"]
    assert "11 against 5 on the assault table" in lines[0]
    assert lines[1] == "Shore bombardment (in those totals): attack +5, defence +1"
    assert len(out["log"]) == 2 and "with 5 more for the attack" in out["log"][0]
    assert any(line.startswith("Shore bombardment: attacker ") and "(attack +5, defence +1)" in line
               for line in out["panel"]), out["panel"]
