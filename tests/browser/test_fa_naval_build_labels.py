"""FA 13.5.5.4 on the page: a transport or amphibious unit is paid for twice — laid down (to
the construction pool), then fitted out (into a home port) — and the build list tells the two
apart. The adapter is given the engine's own build decision and items (no server)."""

from __future__ import annotations

import pytest

from engine.kernel import decisions, expand_options, view
from engine.rulesets.fatal_alliances import RULESET
from engine.rulesets.fatal_alliances.naval_builds import ship_arrivals
from engine.rulesets.fatal_alliances.production import build
from tests.engine.fatal_alliances.positions import Dice
from tests.engine.fatal_alliances.test_13_5_5_4_naval_builds import producing

pytestmark = [pytest.mark.browser]


def build_position():
    """Britain producing with a transport launched and waiting in its construction pool."""
    state = producing(bp=10)
    build(state, "britain", {"build": "TRS"}, Dice(2))
    state["flow"]["turn"] = 3
    ship_arrivals(state)
    state["board"]["bp"]["britain"] = 10
    state["board"]["built_now"]["britain"] = {}           # a new turn: nothing built yet
    [d] = [d for d in decisions(RULESET, state) if d.kind == "build" and "britain" in d.seats]
    items = expand_options(RULESET, state, "britain", d.id, None)
    return view(RULESET, state, "seat:britain"), d.id, items


def test_fa_13_5_5_4_the_build_list_tells_laying_down_from_fitting_out(module_page):
    mine, decision_id, items = build_position()
    labels = module_page.evaluate("""async ([mine, id, items]) => {
        const { FatalAlliancesAdapter } = await import('/frontend/game/rulesets/fatal_alliances.js');
        const adapter = new FatalAlliancesAdapter({ map: 'fa-europe', seats: [] });
        const decision = mine.decisions[id];
        return items.filter((item) => ['TRS', 'AMPH'].includes(item.action.build))
          .map((item) => [item.action, adapter.present(decision, item, mine).label]);
    }""", [mine, decision_id, items])
    by = {(a["build"], a.get("fit_out")): label for a, label in labels}
    assert by[("TRS", None)] == "Lay down a transport (it goes to the construction pool)"
    assert by[("AMPH", None)] == "Lay down an amphibious unit (it goes to the construction pool)"
    launched = [k for k in by if k[1]]
    assert launched == [("TRS", "britain-transport-pool-2")], by
    assert by[launched[0]] == "Fit out transport no. 2 from the construction pool (it arrives in a home port)"
