"""Clean text and fresh state (issue #18): the page names units and places as the map does —
never an internal id or coordinate — in the log, the dice and the prompts; a reload writes the
same log lines the live page wrote; the hex info box and the seats' clocks follow every patch.
"""

from __future__ import annotations

import re

import pytest

from tests.browser.flows import wait_live
from tests.browser.test_unit_first import bop_first_half, places
from tests.browser.unit_first import click_hex, wait_orders, wait_units_mode

pytestmark = [pytest.mark.browser, pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

UID = re.compile(r"\b(?:ger|aus|fra|rus|bri|bel|net|den|swi|ser|ita)-(?:inf|cav|mou|sie|ldr)-[a-z0-9_]+")
COORD = re.compile(r"(?<![\d.,-])-?\d{1,3},-?\d{1,3}(?![\d,])")

LOG_JS = """() => [...document.querySelectorAll('#log .log-list li')].map(li =>
    (li.querySelector('.log-v')?.textContent || '') + ' ' + li.querySelector('.log-text')?.textContent)"""


def clock_of(page, seat):
    return page.locator(f".seat-row[data-seat={seat}] .clock").inner_text().strip()


def test_clean_text_log_survives_reload_and_hover_and_clocks_follow_patches(site, new_context):
    central, entente, url, apis = bop_first_half(site, new_context, names=("tappen", "pau"))
    wait_units_mode(central)
    here = places(central)
    aachen, cologne = here["Aachen"], here["Cologne"]
    moving = central.evaluate("""(h) => Object.entries(window.salient.store.view.board.units)
        .filter(([, u]) => u.at === h).map(([id]) => id)""", aachen)

    # the other player looks at Aachen: the info box lists the stack
    entente.evaluate("(h) => window.salient.map.setCursor(h)", aachen)
    box = entente.locator("#hex-info")
    names = central.evaluate("(ids) => ids.map(u => window.salient.adapter.unitName(u))", moving)
    assert all(n in box.inner_text() for n in names)
    # Germany's deadline runs; the Entente's seats show none
    entente.wait_for_function("() => !!document.querySelector('.seat-row[data-seat=germany] .clock').textContent.trim()")
    assert clock_of(entente, "france") == ""

    # the Aachen stack marches to Cologne, then its force stops
    click_hex(central, aachen)
    wait_orders(central)
    click_hex(central, cologne)
    central.wait_for_selector("#pending-order")
    v = central.evaluate("() => window.salient.store.v")
    central.click("#confirm")
    central.wait_for_function("(v) => window.salient.store.v > v", arg=v)
    entente.wait_for_function("(v) => window.salient.store.v > v", arg=v)
    # the info box followed the patch: the stack left Aachen
    assert not any(n in box.inner_text() for n in names), box.inner_text()

    # nothing on the page is an internal id or coordinate
    wait_orders(central)
    text = central.inner_text("#log") + central.inner_text("#decision") + central.inner_text("#track")
    assert not UID.search(text), UID.search(text).group(0)
    assert not COORD.search(text), COORD.search(text).group(0)
    assert "marched Aachen (1219) → Cologne (1319)" in central.inner_text("#log")

    # a reload writes the same log
    before = central.evaluate(LOG_JS)
    central.reload()
    wait_live(central)
    central.wait_for_function("(n) => document.querySelectorAll('#log .log-list li').length >= n",
                              arg=len(before))
    after = central.evaluate(LOG_JS)
    assert after == before, (before[:6], after[:6])

    # Germany ends its half: its clock stops on the other page, the Entente's starts
    wait_units_mode(central)
    v = central.evaluate("() => window.salient.store.v")
    for _ in range(3):
        if not central.locator("#decision button.loose").count():
            break
        central.locator("#decision button.loose").first.click()
        central.click("#confirm")
        central.wait_for_function("(v) => window.salient.store.v > v", arg=v)
        v = central.evaluate("() => window.salient.store.v")
        wait_orders(central)
        if central.evaluate("() => window.salient.store.view.flow.side") == "entente":
            break
    entente.wait_for_function("() => window.salient.store.view.flow.side === 'entente'")
    entente.wait_for_function("() => !document.querySelector('.seat-row[data-seat=germany] .clock').textContent.trim()")
    assert clock_of(entente, "france") or clock_of(entente, "russia") or clock_of(entente, "britain")
