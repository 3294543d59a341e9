"""BoP 6.453/7.71 the landing counter, 7.74 its anchorage side (ruling 114) and 6.222's
infrastructure markers on the map, and their log lines, in the browser: module checks of the
adapter in the page (the map's marks and the events in words). The engine's side is
tests/engine/balance_of_powers/test_07_7_amphibious.py."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.browser]


def test_bop_7_74_the_landing_the_anchorage_and_infrastructure_are_drawn_and_logged(module_page):
    got = module_page.evaluate("""async () => {
        const { BalanceOfPowersAdapter } = await import('/frontend/game/rulesets/balance_of_powers.js');
        const bop = new BalanceOfPowersAdapter({ seats: [] });
        const board = { units: {}, fleets: {}, landing: { at: '14,6', rule: '7.7', to: '15,6' },
          anchorage: { at: '5,12', to: '6,12' }, infrastructure: { '3,4': 'entente', '9,9': 'central' } };
        const view = { flow: { step: 'gq', month: '1916-05' }, board, powers: {} };
        const marks = bop.marks(view).filter((m) => /bop-(landing|anchorage|infra)/.test(m.kind))
          .map((m) => [m.hex, m.kind, m.text]);
        const line = (kind, data) => bop.event({ kind, data }, view);
        return {
          marks,
          none: bop.marks({ ...view, board: { units: {}, fleets: {} } }).filter((m) => /bop-(landing|anchorage|infra)/.test(m.kind)).length,
          placed: line('anchorage_placed', { at: '14,6', to: '15,6' }),
          taken: line('landing_removed', { at: '14,6', rule: '7.7', to: '15,6', anchorage: true }),
          lost: line('anchorage_removed', { at: '14,6', to: '15,6', reason: 'target_lost' }),
          relanded: line('anchorage_removed', { at: '14,6', to: '15,6', reason: 'landing' }),
          gone: line('landing_removed', { at: '14,6', to: '15,6', eliminated: ['bri-inf-1'] }),
          interrupt: line('naval_interrupt', { at: '13,5', by: 'bri-cl2', units: ['ger-cl1'], die: 6,
            overage: 21, stops: true, after: 'mine_work' }),
        };
    }""")
    assert got["marks"] == [["14,6", "bop-landing", "LDG"], ["5,12", "bop-anchorage", "ANC"],
                            ["3,4", "bop-infra infra-entente", "inf"],
                            ["9,9", "bop-infra infra-central", "inf"]]
    assert got["none"] == 0
    assert got["placed"].startswith("Anchorage off ") and got["placed"].endswith("a port for supply only")
    assert got["taken"].endswith("is taken up: its target is held")
    assert got["lost"].endswith("is lost)") and got["relanded"].endswith("placed as a new landing)")
    assert "eliminated with no ship beside them" in got["gone"]
    assert " after the mine work (BoP 7.44) by " in got["interrupt"]
