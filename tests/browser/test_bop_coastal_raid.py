"""BoP 7.35 coastal raiding (and 7.4's interrupt line) in the browser (issue #21, rulings
110-111): a naval move the server
offers with `raids` carries a "Coastal raid" choice in the pending order's box (none by
default, so nothing is sent); picking a hex puts `raid` in the order; the order's label and the
raid's log line read in words. Module checks of the adapter and the box in the page; the engine's
side is tests/engine/balance_of_powers/test_07_35_coastal_raids.py."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.browser]


def test_bop_7_35_the_raid_is_a_choice_beside_the_move_and_reads_in_words(module_page):
    got = module_page.evaluate("""async () => {
        const { BalanceOfPowersAdapter } = await import('/frontend/game/rulesets/balance_of_powers.js');
        const { orderOptionsBox } = await import('/frontend/game/panels/orderoptions.js');
        const { navalOption } = await import('/frontend/map/seachart.js');
        const bop = new BalanceOfPowersAdapter({ seats: [] });
        const view = { flow: { step: 'gq', month: '1916-05' }, board: { units: {}, fleets: {} }, powers: {} };
        const item = { action: { units: ['ger-bc1'], to: '3,8' }, nmp: 13, raids: ['2,9'] };
        const plain = { action: { units: ['ger-bc1'], to: '3,8' }, nmp: 13 };
        const options = bop.orderOptions({ kind: 'naval_move' }, item, view);
        const raid = options.find((o) => o.key === 'raid');
        const set = [];
        const orders = { store: { view }, adapter: bop, status: 'ready', setOption: (k, v) => set.push([k, v]),
          pendingOptions: () => options.map((o) => ({ ...o, value: o.initial })) };
        const box = orderOptionsBox(orders);
        const select = box.querySelector('select[data-option=raid]');
        select.value = JSON.stringify('2,9');
        select.dispatchEvent(new Event('change'));
        return {
          raid: raid && { type: raid.type, initial: raid.initial, of: raid.of, rule: raid.rule },
          without: bop.orderOptions({ kind: 'naval_move' }, plain, view).some((o) => o.key === 'raid'),
          choices: [...select.options].map((o) => o.textContent),
          set,
          label: navalOption({ ...item, action: { ...item.action, raid: '2,9' } }, '16,13', (l) => l, (u) => u.join(',')).label,
          event: bop.event({ kind: 'coastal_raid', data: { at: '2,9', ships: ['ger-bc1'], dice: [4, 4],
            needs_above: 6, hit: true, rp_lost: 1, nation: 'britain' } }, view),
          interrupt: bop.event({ kind: 'naval_interrupt', data: { at: '6,8', by: 'bri-cl2',
            units: ['ger-bc1'], die: 2, overage: 3, stops: true } }, view),
          miss: bop.event({ kind: 'coastal_raid', data: { at: '2,9', ships: ['ger-bc1'], dice: [3, 3],
            needs_above: 6, hit: false, rp_lost: 0, nation: 'britain' } }, view),
        };
    }""")
    assert got["raid"]["type"] == "choice" and got["raid"]["initial"] is None
    assert got["raid"]["rule"] == "BoP 7.35" and [v for v, _ in got["raid"]["of"]] == [None, "2,9"]
    assert got["without"] is False                       # no raid offered, no choice shown
    assert got["choices"] == ["none", "2,9"]          # named by the adapter's where() (no map here)
    assert got["set"] == [["raid", "2,9"]]
    assert got["label"].endswith("(raids 2,9)")
    assert got["event"].startswith("Coastal raid on ") and "4 + 4" in got["event"]
    assert got["event"].endswith("Britain loses 1 RP")
    assert got["miss"].endswith("no effect")
    # BoP 7.45 (ruling 111): the interrupt's roll and its outcome
    assert got["interrupt"].startswith("Entente interrupt at ")
    assert "by Britain CL 2: 1d6 2 against overage 3" in got["interrupt"]
    assert got["interrupt"].endswith("Germany BC 1 stop there, their move over")
