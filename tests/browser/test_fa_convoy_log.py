"""FA 13.5.1.2 and 13.5.6 (version 19, R-N36–R-N38) in the log: a resource shipped by sea and
strategic warfare at sea read in words, not as the bare event kinds the generic text gave.
Module checks of the adapter in the page; the event shapes are the engine's
(`production.py`, `strategic_warfare.py`), whose rules are tested in tests/engine/fatal_alliances/."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.browser]


def test_fa_13_5_1_2_and_13_5_6_convoy_events_read_in_words(module_page):
    got = module_page.evaluate("""async () => {
        const { FatalAlliancesAdapter } = await import('/frontend/game/rulesets/fatal_alliances.js');
        const fa = new FatalAlliancesAdapter({ seats: [] });
        const line = (kind, data) => fa.event({ kind, data }, {});
        return {
          shipped: line('resource_shipped', { power: 'russia', resource: 'baku', from: 'batum', to: 'odessa',
            areas: ['black-sea'] }),
          sunk: line('strategic_warfare', { area: 'north-sea', side: 'central', column: 2, roll: 7,
            sunk: { britain: 1 } }),
          missed: line('strategic_warfare', { area: 'north-sea', side: 'central', column: 1, roll: 1, sunk: {} }),
          reply: line('asw_rolled', { area: 'north-sea', column: 1, roll: 6, drm: 1, hits: 1 }),
        };
    }""")
    assert got["shipped"].startswith("Russia ships the resource of Baku by sea: Batum → Black Sea → Odessa"), got
    assert got["sunk"] == ("Strategic warfare in North Sea: Central Powers, column 2, roll 7 — "
                           "Commonwealth loses 1 convoy point (13.5.6)"), got
    assert got["missed"].endswith("no convoy point sunk (13.5.6)"), got
    assert got["reply"] == "The convoys reply in North Sea: column 1, roll 6 +1 — 1 hit on the submarines", got
