"""Keyboard play on the game page (issue #18): the first Tab shows a skip link to the orders and
one to the map, each lands where it says without the page moving, and every control the Tab key
reaches shows a visible focus ring (the browser's own ring was lost on several of our controls).
"""

from __future__ import annotations

import pytest

from tests.browser.flows import bop_table, open_game
from tests.browser.unit_first import wait_orders

pytestmark = [pytest.mark.browser, pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

# What the focused element is and whether its focus can be seen: an outline at least 2 px wide
# or a box shadow (the map draws its ring inside itself).
FOCUSED_JS = """() => { const e = document.activeElement; const s = getComputedStyle(e);
  const r = e.getBoundingClientRect();
  return {tag: e.tagName.toLowerCase(), id: e.id, cls: String(e.className?.baseVal ?? e.className ?? ''),
          text: (e.textContent || e.getAttribute('aria-label') || '').trim().slice(0, 40),
          inDecision: !!e.closest('#decision'),
          ring: (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2) || s.boxShadow !== 'none',
          box: [Math.round(r.left), Math.round(r.top), Math.round(r.width), Math.round(r.height)],
          scroll: [window.scrollX, window.scrollY]}; }"""


def focused(page) -> dict:
    return page.evaluate(FOCUSED_JS)


def test_keyboard_skip_links_and_visible_focus_on_the_game_page(site, new_context):
    _central, entente, url = bop_table(site, new_context, names=("kluck", "lanrezac"))
    open_game(entente, url)
    entente.wait_for_selector("#decision button")

    # the first Tab: a skip link, on screen; Enter puts the focus on the orders, the next Tab
    # on a control among them, and the page has not moved
    entente.keyboard.press("Tab")
    first = focused(entente)
    assert first["text"] == "Skip to your orders", first
    left, top, width, height = first["box"]
    assert top >= 0 and left >= 0 and width > 0 and height > 0, first
    entente.keyboard.press("Enter")
    assert focused(entente)["id"] == "decision"
    entente.keyboard.press("Tab")
    inside = focused(entente)
    assert inside["inDecision"] and inside["ring"], inside
    assert inside["scroll"] == [0, 0], inside
    assert "#" not in entente.url.split("/")[-1], entente.url

    # the second skip link focuses the map itself (the arrow keys then move its cursor)
    open_game(entente, url)
    entente.keyboard.press("Tab")
    entente.keyboard.press("Tab")
    assert focused(entente)["text"] == "Skip to the map"
    entente.keyboard.press("Enter")
    on_map = focused(entente)
    assert "mapview-svg" in on_map["cls"] and on_map["ring"], on_map
    # a screen reader is not read the ~1,500 hex numbers (review friction 14)
    spoken = entente.evaluate("""() => [...document.querySelectorAll('#map svg text')]
        .filter((t) => /^\\d{4}$/.test(t.textContent.trim()) && !t.closest('[aria-hidden=true]')).length""")
    assert spoken == 0, spoken
    assert entente.locator("#layer-hexlabels text").count() > 500
    cursor = entente.evaluate("() => window.salient.map.cursor")
    entente.keyboard.press("ArrowRight")
    assert entente.evaluate("() => window.salient.map.cursor") != cursor

    # every stop of the Tab order, from the top to the last control (after it the focus leaves
    # the page: the body), shows where the focus is
    open_game(entente, url)
    # The panels are drawn once the orders have loaded: counted before, the Tab order is short
    # (19 stops were seen once on a loaded machine).
    wait_orders(entente)
    entente.wait_for_selector("#decision button.choice, #decision .decision-tabs")
    stops = []
    for _ in range(80):
        entente.keyboard.press("Tab")
        now = focused(entente)
        if now["tag"] == "body":
            break
        stops.append(now)
    else:
        raise AssertionError("the Tab order never reached the end of the page")
    assert len(stops) > 25, stops     # the header, the game bar, the map, the orders, the panels
    assert any(s["inDecision"] for s in stops) and any("mapview-svg" in s["cls"] for s in stops)
    unseen = [s for s in stops if not s["ring"]]
    assert not unseen, unseen
