"""The War to End All Wars: a draft's move arrow stays on the map while the page reloads the
decision's offered sets (issue #23; the whole-game test's flake of 27 Nov, which once waited
15 s for the arrow after "Add the move").

The cause: every new version of the game (another nation — a bot, a player — saying ready is
one) makes the page reload the open decision's offered sets; while that answer was on its way
the page drew no highlights at all, the editor's arrows included, although the editor and its
draft stay. On a loaded machine, with seven bots saying ready one after another, the arrow
could stay hidden past the test's wait. The editor's highlights are now drawn while the page
reloads. Here the reload's answer is held back until the test lets it go (the page's own
socket call, queued), so the moment is reached for certain: othello says ready, hamlet's page
gets the new version and reloads, and Germany's arrow must still be there."""

from __future__ import annotations

import pytest

from tests.browser.test_twteaw_orders_editor import open_table, pending_has, start_from_hold

pytestmark = [pytest.mark.browser, pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

ARROW = "#map .hl-move.hl-arrow[data-hex=cologne][data-to=alsace-lorraine]"


def test_23_the_move_arrow_stays_while_the_page_reloads_the_offered_sets(
        monkeypatch, request, new_context):
    hamlet, othello = open_table(monkeypatch, request, new_context, "germany")
    start_from_hold(hamlet)
    hamlet.select_option("#move-from", "cologne")
    hamlet.select_option("#move-to", "alsace-lorraine")
    hamlet.fill("#move-infantry", "3")
    hamlet.click("#add-move")
    hamlet.wait_for_selector(ARROW)
    pending_has(hamlet, "Cologne → Alsace-Lorraine")
    # From now on hamlet's page asks for the offered sets but gets no answer until released.
    hamlet.evaluate("""() => { const socket = window.salient.socket, real = socket.options.bind(socket);
        window.heldAnswers = [];
        socket.options = (...args) => new Promise((resolve, reject) =>
          window.heldAnswers.push(() => real(...args).then(resolve, reject))); }""")
    before = hamlet.evaluate("() => window.salient.store.v")
    start_from_hold(othello)
    othello.click("#confirm")
    othello.wait_for_function("() => !document.querySelector('#my-order').textContent.includes('No order written')")
    othello.click("#ready")
    hamlet.wait_for_function("(v) => window.salient.store.v > v && window.salient.orders.status === 'loading'",
                             arg=before, timeout=30000)
    assert hamlet.evaluate("() => window.heldAnswers.length") >= 1
    assert hamlet.locator(ARROW).count() == 1          # drawn while the page reloads
    hamlet.evaluate("() => { for (const go of window.heldAnswers.splice(0)) go(); }")
    pending_has(hamlet, "Cologne → Alsace-Lorraine")
    assert hamlet.locator(ARROW).count() == 1
