"""Learning the game in the browser (issue #19), against a real daphne: the Legend and Glossary
buttons of the game page open their panel beside the map at desktop width (1440×900) and as a
sheet over the lower screen on a phone (390×844), drawn with the map's own art and the game's
own counters; a rule cite in the panel opens its rules-reference entry; every scenario has a
how-to-play page reachable from the lobby, and the table page links to its own.

SALIENT_LEARN_SHOTS=1 rewrites the screenshots in docs/screenshots/learn-*.png.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from engine import rulesets

from .flows import new_table, open_game, seat_and_start, sign_up

pytestmark = [pytest.mark.browser, pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "docs" / "screenshots" if os.environ.get("SALIENT_LEARN_SHOTS") == "1" else None
DESKTOP = (1440, 900)
PHONE = (390, 844)


def shot(page, name: str, **options) -> None:
    if SHOTS is not None:
        page.screenshot(path=str(SHOTS / f"learn-{name}.png"), **options)


def watch_errors(*pages) -> list[str]:
    """Script errors and console errors or warnings of the pages (a legend swatch that throws
    is logged as a warning and left out: the test must see it)."""
    seen: list[str] = []
    for page in pages:
        page.on("pageerror", lambda error: seen.append(f"pageerror: {error}"))
        page.on("console", lambda msg: seen.append(f"{msg.type}: {msg.text}")
                if msg.type in ("error", "warning") else None)
    return seen


def open_tab(page, button: str, tab: str) -> None:
    page.click(button)
    page.wait_for_selector(f"#learn-panel:not([hidden]) [data-tab={tab}][aria-selected=true]")


def legend_keys(page) -> list[str]:
    """The rows of the open legend tab that have a drawing (an <svg> with shapes in it)."""
    return page.evaluate("""() => [...document.querySelectorAll('#learn-panel .legend-row')]
        .filter((row) => row.querySelector('.legend-swatch svg')
            && row.querySelector('.legend-swatch svg').querySelectorAll('path, polygon, rect, circle, line, text').length)
        .map((row) => row.dataset.key)""")


def in_viewport(page, selector: str) -> bool:
    return page.evaluate("""(selector) => { const r = document.querySelector(selector).getBoundingClientRect();
        return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight + 1 && r.top < window.innerHeight; }""", selector)


def test_19_legend_and_glossary_open_from_the_game_page_at_desktop_and_phone_widths(site, new_context):
    central = sign_up(new_context(*DESKTOP), site, "moltke")
    entente = sign_up(new_context(*PHONE), site, "joffre")
    table = new_table(central, site, "balance_of_powers", "before-the-leaves-fall", title="Learning")
    url = seat_and_start(table, central, ("germany", "austria_hungary"),
                         [(entente, ("france", "russia", "britain"))])
    errors = watch_errors(central, entente)
    for page in (central, entente):
        open_game(page, url)
        page.wait_for_function("() => window.salient.map")

    # Desktop: the map legend beside the map, every symbol drawn from the map's own art.
    open_tab(central, "#open-legend", "map")
    keys = legend_keys(central)
    for key in ("terrain-clear", "terrain-forest", "terrain-mountain", "sea", "rivers-major", "border",
                "rail", "place-capital", "place-fortress", "box", "mark:fort-red", "mark:fort-black",
                "mark:fort-ruined", "hl-option", "hl-attack"):
        assert key in keys, key
    assert "terrain-desert" not in keys and "straits" not in keys      # not on North Europe
    assert "capital" in central.inner_text("#learn-panel [data-key='note:supply']")
    forest = central.inner_text("#learn-panel [data-key='terrain-forest']")
    assert "all remaining MP" in forest                                  # the engine's fact
    fill = central.evaluate("""() => document.querySelector("#learn-panel [data-key='terrain-forest'] svg path").getAttribute('fill')""")
    assert fill == central.evaluate("""() => document.querySelector('#map #layer-terrain path.terrain-forest').getAttribute('fill')""")
    assert central.text_content("#learn-panel [data-key='mark:fort-red'] .mark-text").strip() == "F3"
    assert in_viewport(central, "#learn-panel") or central.evaluate(
        "() => document.querySelector('#learn-panel').getBoundingClientRect().left > document.querySelector('#map').getBoundingClientRect().right - 1")
    shot(central, "legend", clip={"x": 0, "y": 0, "width": DESKTOP[0], "height": DESKTOP[1]})
    central.locator("#learn-panel [data-key='mark:fort-red']").scroll_into_view_if_needed()
    shot(central, "legend-marks", clip={"x": DESKTOP[0] - 460, "y": 0, "width": 460, "height": DESKTOP[1]})

    # The counter legend: the game's own counters, a yellow effectiveness, a leader's ratings.
    central.click("#learn-panel [data-tab=counters]")
    central.wait_for_selector("#learn-panel [data-key='counter:corps-yellow'] .eff-yellow")
    assert central.text_content("#learn-panel [data-key='counter:leader'] .counter-factors") == "3/3"
    assert central.text_content("#learn-panel [data-key='counter:reserve'] .counter-label") == "1R"
    assert len(legend_keys(central)) >= 10
    shot(central, "counters", clip={"x": DESKTOP[0] - 460, "y": 0, "width": 460, "height": DESKTOP[1]})

    # The glossary: find a term, and its rule cite opens the reference entry beside it.
    central.click("#open-glossary")
    central.wait_for_selector("#learn-panel [data-tab=glossary][aria-selected=true]")
    central.fill("#learn-search", "fnm")
    central.wait_for_selector("#learn-panel dt[data-term=fnm]")
    assert central.locator("#learn-panel dt[data-term=MP]").count() == 0     # filtered out
    central.fill("#learn-search", "")
    assert central.locator("#learn-panel dt").count() > 100
    central.fill("#learn-search", "gg")
    shot(central, "glossary", clip={"x": DESKTOP[0] - 460, "y": 0, "width": 460, "height": DESKTOP[1]})
    central.click("#learn-panel dd .cite >> nth=0")
    central.wait_for_selector("#rule-entry:not([hidden]) .status")
    assert "In Salient:" in central.inner_text("#rule-entry")

    # What each side must do to win, without leaving the game.
    central.click("#learn-panel [data-tab=goals]")
    goals = central.inner_text("#learn-panel")
    assert "Schlieffen" in goals and "more than 13" in goals
    assert central.get_attribute("#learn-howto-link", "href") == "/learn/balance_of_powers/before-the-leaves-fall/"
    central.click("#learn-close")
    assert central.locator("#learn-panel").is_hidden()

    # Phone: the same panel as a sheet over the lower screen, the map still in view above it.
    open_tab(entente, "#open-legend", "map")
    assert in_viewport(entente, "#learn-panel")
    top = entente.evaluate("() => document.querySelector('#learn-panel').getBoundingClientRect().top")
    assert top > 200, "the sheet covers the whole map"
    assert len(legend_keys(entente)) >= 15
    shot(entente, "phone-legend")
    open_tab(entente, "#open-glossary", "glossary")
    assert in_viewport(entente, "#learn-panel") and entente.locator("#learn-panel dt").count() > 100
    shot(entente, "phone-glossary")
    entente.click("#learn-close")
    assert entente.locator("#learn-panel").is_hidden()
    assert errors == []


def test_19_the_fatal_alliances_legend_shows_its_counters_and_marks(site, new_context):
    germany = sign_up(new_context(*DESKTOP), site, "hindenburg")
    russia = sign_up(new_context(*DESKTOP), site, "samsonov")
    table = new_table(germany, site, "fatal_alliances", "east-prussia-1914", title="Tannenberg")
    url = seat_and_start(table, germany, ("germany",), [(russia, ("russia",))])
    errors = watch_errors(germany)
    open_game(germany, url)
    germany.wait_for_function("() => window.salient.map")
    open_tab(germany, "#open-legend", "map")
    keys = legend_keys(germany)
    for key in ("terrain-desert", "mark:objective", "mark:objective-sudden", "mark:fort", "mark:control",
                "mark:edge", "mark:outside"):
        assert key in keys, key
    germany.locator("#learn-panel [data-key='mark:objective']").scroll_into_view_if_needed()
    shot(germany, "fa-legend-marks", clip={"x": DESKTOP[0] - 460, "y": 0, "width": 460, "height": DESKTOP[1]})
    germany.click("#learn-panel [data-tab=counters]")
    germany.wait_for_selector("#learn-panel [data-key='counter:face-down'] .stack.fa-down")
    assert "▾" in germany.text_content("#learn-panel [data-key='counter:face-down'] .counter-factors")
    assert germany.text_content("#learn-panel [data-key='counter:hq'] .counter-label").endswith("A")
    # The supply "!" and, beside it, the isolation "×" (FA 13.4, option 6) that takes its place.
    for key, kind, text in (("counter:unsupplied", "supply", "!"), ("counter:isolated", "isolated", "×")):
        mark = f"#learn-panel [data-key='{key}'] .counter-warn"
        germany.wait_for_selector(mark)
        assert germany.get_attribute(mark, "class").split() == ["counter-warn", f"warn-{kind}"], key
        assert germany.text_content(f"{mark} text") == text, key
    order = germany.eval_on_selector_all("#learn-panel [data-key^='counter:']", "(rows) => rows.map((r) => r.dataset.key)")
    assert order.index("counter:isolated") == order.index("counter:unsupplied") + 1, order
    shot(germany, "fa-counters", clip={"x": DESKTOP[0] - 460, "y": 0, "width": 460, "height": DESKTOP[1]})
    germany.click("#learn-panel [data-tab=goals]")
    assert "Königsberg" in germany.inner_text("#learn-panel")
    assert errors == []


def test_19_every_scenario_has_a_how_to_play_page_reachable_from_the_lobby(site, new_context):
    """From the header's Learn link on the home page, every scenario's page; from the new-table
    wizard, each scenario's; from a table page, its own."""
    page = new_context(*PHONE).new_page()
    page.goto(f"{site}/")
    with page.expect_navigation():
        page.click("header nav >> text=Learn")
    links = page.eval_on_selector_all(".howto-link", "(links) => links.map((a) => a.dataset.scenario)")
    expected = {f"{m['id']}/{s['id']}" for m in rulesets.manifests() for s in m["scenarios"]}
    assert set(links) == expected
    for scenario in sorted(expected):
        page.click(f".howto-link[data-scenario='{scenario}']")
        page.wait_for_selector("#howto h1")
        assert page.inner_text("#howto h1").startswith("How to play:")
        for section in ("sides", "victory", "turn", "first"):
            assert page.locator(f"#{section}").count() == 1, (scenario, section)
        if scenario == "fatal_alliances/east-prussia-1914":
            page.locator("#victory").scroll_into_view_if_needed()
            shot(page, "phone-howto")
        page.go_back()
        page.wait_for_selector(".howto-link")

    # The table page links to its own scenario's page.
    host = sign_up(new_context(*DESKTOP), site, "foch")
    host.goto(f"{site}/tables/new/")
    for manifest in rulesets.manifests():
        host.click(f"[data-ruleset={manifest['id']}]")
        for s in manifest["scenarios"]:
            link = host.get_attribute(f"#scenario-howto a[data-howto='{manifest['id']}/{s['id']}']", "href")
            assert link == f"/learn/{manifest['id']}/{s['id']}/"
        host.click("#wizard-back")
    new_table(host, site, "balance_of_powers", "before-the-leaves-fall", title="Plan XVII")
    with host.expect_navigation():
        host.click("#howto-link")
    assert host.url.endswith("/learn/balance_of_powers/before-the-leaves-fall/")
    assert "Schlieffen" in host.inner_text("#victory")
    assert host.locator("#turn .step.decides").count() > 5
    shot(host, "howto", full_page=True)
