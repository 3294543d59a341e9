"""Supply warnings on the map (issue #18), in Chromium on a real game.

BoP 3.12, 6.6: a real 12.1 game is brought over the REST API to the Central Powers' first half.
Among the marches the server lists, one that the engine marks as ending out of supply is given
the way a wargamer gives it — click the stack, click the destination — and before Confirm the
map shows ⚠ on that destination and the pending order says it ends out of supply, with the
rule. After Confirm the corps stands out of supply: its stack carries the red marker, and its
hover says why (BoP 3.12) and what follows (the commissariat, 6.6) — on the player's page and
on the other side's, since supply in BoP is open information (2.68).

SALIENT_DOC_SHOTS=1 rewrites docs/screenshots/supply-warning.png and supply-marker.png.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.browser.test_unit_first import bop_first_half
from tests.browser.unit_first import click_hex, drawn_text, wait_orders, wait_units_mode

pytestmark = [pytest.mark.browser, pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

DOCS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
SHOTS = os.environ.get("SALIENT_DOC_SHOTS") == "1"


def unsupplied_march(view, items):
    """A listed whole-stack march the engine marks as ending out of supply, from a hex where
    the stack is all the Germans' movable units and to a hex no other march ends in too."""
    units = view["board"]["units"]
    ends = {}
    for item in items:
        ends[item["action"]["to"]] = ends.get(item["action"]["to"], 0) + 1
    for item in items:
        a = item["action"]
        origin = units[a["units"][0]]["at"]
        here = sorted(u for u, v in units.items() if v["at"] == origin)
        if (item.get("supplied") is False and here == sorted(a["units"])
                and ends[a["to"]] == 1 and view["flow"]["supplied"][a["units"][0]]):
            return item, origin
    return None, None


def marker_of(page, hex_id: str) -> dict:
    return page.evaluate("""(h) => { const g = document.querySelector(`.layer-units .stack[data-hex='${h}']`);
        return g ? { warn: g.dataset.warn || '', marker: !!g.querySelector('.counter-warn'),
                     mark: g.querySelector('.counter-warn text')?.textContent || '',
                     title: g.querySelector('title')?.textContent || '' } : null; }""", hex_id)


def test_supply_bop_3_12_a_march_out_of_supply_is_warned_then_marked(site, new_context):
    central, entente, _, apis = bop_first_half(site, new_context, names=("bulow", "foch"))
    view = apis["germany"].view()
    march = next(d for d in view["decisions"].values()
                 if d["kind"] == "march" and d["id"].endswith("march-whole") and "germany" in d["seats"])
    items = apis["germany"].get("options", seat="germany", decision=march["id"])["items"]
    item, origin = unsupplied_march(view, items)
    assert item, "no whole-stack march of the first half ends out of supply"
    dest, force = item["action"]["to"], item["action"]["units"]
    for page in (central, entente):      # nothing is out of supply before the march
        wait_units_mode(page) if page is central else None
        assert marker_of(page, origin)["warn"] == ""

    # Select the stack; its destination that ends out of supply is marked ⚠ on the map.
    wait_units_mode(central)
    click_hex(central, origin)
    wait_orders(central)
    assert "⚠" in drawn_text(central, dest), drawn_text(central, dest)
    # The pending order warns before Confirm, with the rule.
    click_hex(central, dest)
    central.wait_for_selector("#pending-order")
    text = central.inner_text("#pending-order .order-text")
    assert text.startswith("March ") and "ends out of supply" in text and "BoP 3.12" in text, text
    assert "commissariat" in text and "BoP 6.6" in text, text
    if SHOTS:
        central.screenshot(path=str(DOCS / "supply-warning.png"))
    v = central.evaluate("() => window.salient.store.v")
    central.click("#confirm")
    central.wait_for_function("(v) => window.salient.store.v > v", arg=v)

    # Made: the server's view has the corps out of supply, and the map marks its stack.
    after = apis["germany"].view()
    assert not any(after["flow"]["supplied"][u] for u in force if "-ldr-" not in u)
    for page in (central, entente):
        page.wait_for_function("""([h, u]) => { const g = document.querySelector(`.layer-units .stack[data-hex='${h}']`);
            return g && (g.dataset.warn || '').split(' ').includes(u); }""",
                               arg=[dest, next(u for u in force if "-ldr-" not in u)])
        seen = marker_of(page, dest)
        assert seen["marker"] and seen["mark"] == "!", seen
        assert "OUT OF SUPPLY" in seen["title"] and "BoP 3.12" in seen["title"], seen["title"]
        assert "BoP 6.6" in seen["title"], seen["title"]
    if SHOTS:
        central.evaluate("(h) => window.salient.map.centreOn(h)", dest)
        central.screenshot(path=str(DOCS / "supply-marker.png"))
