"""Rule cites open their entry of the rules reference beside the map (issue #19): a player of
Balance of Powers clicks the rule cite of their decision and reads what Salient does for it,
without leaving the game; the whole reference opens from the entry."""

from __future__ import annotations

import pytest

from tests.browser.flows import bop_table

pytestmark = [pytest.mark.browser, pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_19_a_rule_cite_in_a_decision_opens_its_entry(site, new_context):
    _, entente, _ = bop_table(site, new_context)
    cite = entente.locator("#decision .cite").first
    label = cite.inner_text().strip()                        # "BoP 12.1"
    assert label.startswith("BoP ")
    cite.click()
    entente.wait_for_selector("#rule-entry:not([hidden]) .status")
    shown = entente.inner_text("#rule-entry")
    assert label.split()[1] in shown and "In Salient:" in shown
    link = entente.locator("#rule-entry a").get_attribute("href")
    assert link.startswith("/rules/balance_of_powers/#s-")
    assert entente.url.rstrip("/").rsplit("/", 1)[0].endswith("games")   # still in the game
    entente.click("#rule-entry-close")
    assert entente.locator("#rule-entry").is_hidden()
