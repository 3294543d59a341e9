"""DoD 8.7.1 IPO 5 "Minor Joins In" (rulings 71-76) in the browser: an aligned minor says so on
its Status Display row and its piece, and the alignment's events read in words. Module checks
of the adapter in the page; the engine's side is tests/engine/days_of_decision/."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.browser]


def test_dod_8_7_1_ipo5_an_aligned_minor_reads_so_on_the_display_and_in_the_log(module_page):
    got = module_page.evaluate("""async () => {
        const { DaysOfDecisionAdapter } = await import('/frontend/game/rulesets/days_of_decision.js');
        const dod = new DaysOfDecisionAdapter({ seats: [] });
        const view = { reference: { minors: { poland: 'Poland' }, zones: {}, options: {} },
          control: { poland: 'FR' }, board: { initiative: [], powers: {}, display: { poland: '1,0' },
            alliances: { poland: ['FR'] }, aligned: { poland: 'FR' } } };
        const row = dod.summary(view).rows.find((r) => r.seat === 'Poland');
        const line = (kind, data) => dod.event({ kind, data }, view);
        return {
          row: row.cells[0],
          plain: dod.summary({ ...view, board: { ...view.board, aligned: {} } }).rows.find((r) => r.seat === 'Poland').cells[0],
          aligned: line('minor_aligned', { minor: 'poland', power: 'FR', markers_removed: ['GE'], ties_cancelled: [] }),
          war: line('aligned_minor_at_war', { minor: 'poland', power: 'FR', enemy: 'GE' }),
          home: line('aligned_minor_returns', { minor: 'poland', power: 'FR', hex: '1,0', wars_ended: ['GE'] }),
          ends: line('alignment_ends', { minor: 'poland', power: 'FR' }),
        };
    }""")
    assert "aligned to " in got["row"] and "(IPO 5)" in got["row"]
    assert "aligned to" not in got["plain"]
    assert got["aligned"].startswith("Poland aligns with ") and got["aligned"].endswith("its markers are removed")
    assert got["war"].startswith("Poland, aligned with ") and " is at war with " in got["war"]
    assert got["home"].startswith("Poland returns home, allied to ") and got["home"].endswith("its wars end")
    assert got["ends"].startswith("Poland is no longer aligned with ")


def test_dod_8_7_1_ipo16_a_cancel_motion_names_the_sanction_it_cancels(module_page):
    """Ruling 87: a motion to cancel a sanction in force read "cancel sanction 1"; it now says
    which one, from the sanctions the view shows, and the cancellation reads in the log."""
    got = module_page.evaluate("""async () => {
        const { DaysOfDecisionAdapter } = await import('/frontend/game/rulesets/days_of_decision.js');
        const dod = new DaysOfDecisionAdapter({ seats: [] });
        const view = { reference: { minors: { ethiopia: 'Ethiopia' }, zones: {}, options: {} },
          board: { league: { members: [], credit: {}, sanctions: [
            { kind: 'embargo', on: 'IT', cause: 'ethiopia', since: 3, lapses: null }] } } };
        const cancelled = dod.event({ kind: 'league_sanction_cancelled',
          data: { kind: 'embargo', on: 'IT', cause: 'ethiopia', by: 'FR' } }, view);
        return { motion: dod.leagueMotion({ league: 'cancel', sanction: 0 }), cancelled };
    }""")
    assert got["motion"].startswith("cancel a trade embargo on ") and got["motion"].endswith(
        "for its war on Ethiopia"), got
    assert "has the League cancel its embargo on " in got["cancelled"], got
