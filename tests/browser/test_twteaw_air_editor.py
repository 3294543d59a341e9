"""The War to End All Wars: air orders written in the browser's order editor (TWTEAW 4.4, 4.5,
4.1.1; rulings 113–124). Germany (hamlet) buys a fighter at Breslau in the first turn; in the
second the air form offers its planes, lists only the targets the server accepts for the chosen
mission (the `air_targets` query), explains a mission with none (a fighter's 3 fuel is short of
tactical bombing's 4) and a flight of more planes than stand there, and writes the attack. The
other player's page never holds the German air order.

hamlet holds Germany and othello France; the other seven nations are level-0 bots."""

from __future__ import annotations

import pytest

from tests.browser.test_twteaw_orders_editor import (
    open_table,
    pending_has,
    start_from_hold,
    write_and_resolve,
)

pytestmark = [pytest.mark.browser, pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def options_of(page, select):
    return page.evaluate(f"() => [...document.querySelectorAll('{select} option')].map((o) => o.value)")


def test_twteaw_4_5_an_air_attack_written_in_the_editor(monkeypatch, request, new_context):
    hamlet, othello = open_table(monkeypatch, request, new_context, "germany")
    start_from_hold(hamlet)
    assert hamlet.locator("#air-form").count() == 0             # no planes yet: no air form
    hamlet.select_option("#build-unit", "fighter")
    hamlet.select_option("#build-at", "breslau")
    hamlet.fill("#build-count", "1")
    hamlet.click("#add-build")
    pending_has(hamlet, "1 fighter at Breslau")
    write_and_resolve(hamlet, othello, "1 fighter at Breslau", "fighter at Breslau")
    # turn 2: the fighter stands in Breslau (placed in Phase 7)
    start_from_hold(hamlet)
    hamlet.wait_for_selector("#air-form")
    assert options_of(hamlet, "#air-from") == ["breslau"]
    assert othello.locator("#air-form").count() == 0
    hamlet.select_option("#air-mission", "attack")
    hamlet.wait_for_selector("#air-to option", state="attached")
    attacks = options_of(hamlet, "#air-to")
    # the server's list: Warsaw is one step away (1 there, a round, 1 home); nothing of
    # Germany's side, nothing two steps off (Posen → Warsaw is 2 from Breslau's neighbours)
    assert "warsaw" in attacks and "breslau" not in attacks and "berlin" not in attacks, attacks
    hamlet.select_option("#air-mission", "move")
    hamlet.wait_for_function("() => ![...document.querySelectorAll('#air-to option')].some((o) => o.value === 'warsaw')")
    assert "posen" in options_of(hamlet, "#air-to")
    # a mission with no target says why, with the rule
    hamlet.select_option("#air-mission", "tactical")
    hamlet.wait_for_selector("#air-refusal")
    assert "at least 4 fuel" in hamlet.inner_text("#air-refusal")
    assert hamlet.locator("#air-refusal .cite").inner_text().strip() == "TWTEAW 4.1.1"
    assert hamlet.locator("#add-air").is_disabled()
    # more planes than stand there: refused for every mission, by the server's word
    hamlet.select_option("#air-mission", "attack")
    hamlet.fill("#air-fighter", "2")
    hamlet.press("#air-fighter", "Tab")
    hamlet.wait_for_function("() => (document.querySelector('#air-refusal')?.textContent || '').includes('You have 1 fighter')")
    hamlet.fill("#air-fighter", "1")
    hamlet.press("#air-fighter", "Tab")
    hamlet.wait_for_function("() => [...document.querySelectorAll('#air-to option')].some((o) => o.value === 'warsaw')")
    hamlet.select_option("#air-to", "warsaw")
    hamlet.click("#add-air")
    pending_has(hamlet, "1 fighter from Breslau attack Warsaw")
    assert hamlet.locator(".draft-air").count() == 1
    hamlet.click("#confirm")
    hamlet.wait_for_function("(t) => document.querySelector('#my-order').textContent.includes(t)",
                             arg="1 fighter from Breslau attack Warsaw")
    assert "from Breslau attack" not in othello.inner_text("body")
    assert "germany" not in othello.evaluate("() => Object.keys(window.salient.store.orders || {})")
