"""Days of Decision III in the browser (issue #24): a two-turn game from the lobby to its result
on the game page with the days_of_decision adapter, against a real daphne with its in-process
worker.

cassius holds Germany and brutus France; the six other powers are level-1 bots. Turn 1 has no
bidding (DoD 6): each human plays a political option from the catalogue of what is legal now
(DoD 8.2), then spends (10.2). On turn 2 each bids in secret (DoD 6): until every power has bid
the others and a spectator see only "has bid" — no amount anywhere on their page or in their
view —, then the bids are revealed and political affairs follow. The game ends after turn 2
(DoD 13) and every page shows the result."""

from __future__ import annotations

import json
import os
import time

import pytest

from tests.browser.flows import claim, open_game, sign_up

SHOTS = os.environ.get("SALIENT_SHOTS")   # a folder to keep screenshots in while developing

pytestmark = [pytest.mark.browser, pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

STATE_JS = """() => { const o = window.salient.orders; const s = window.salient.store;
  return {kind: o.decision ? o.decision.kind : null, id: o.decision ? o.decision.id : null,
          status: o.status, pending: !!o.pending, step: s.view?.flow?.step, turn: s.view?.board?.turn,
          over: !!(s.result || s.view?.game?.result)}; }"""


@pytest.fixture
def sweeping_site(monkeypatch, request):
    """The site with its in-process worker on (the bots answer through it)."""
    monkeypatch.setenv("SALIENT_IN_PROCESS_SWEEPER", "1")
    return request.getfixturevalue("site")


def state(page):
    return page.evaluate(STATE_JS)


def wait_sent(page, decision_id):
    """Until the page has moved past `decision_id` (answered, or sealed into its group)."""
    page.wait_for_function(
        "(id) => { const o = window.salient.orders; return (!o.decision || o.decision.id !== id) && o.status !== 'sending'; }",
        arg=decision_id, timeout=20000)


def play_option(page):
    """DoD 8.2 — as a newcomer plays any ruleset: the panel's first choice button (the first
    catalogue row's first way), then Confirm."""
    page.wait_for_selector("#option-catalogue tbody tr")
    before = state(page)["id"]
    page.locator("#decision button.choice").first.click()
    page.wait_for_selector("#pending-order")
    page.click("#confirm")
    wait_sent(page, before)


def bid(page, points, options):
    """DoD 6 — write a bid in the bid panel, match it against the offered bids, confirm."""
    page.wait_for_selector("#bid-panel")
    before = state(page)["id"]
    page.fill("#bid-points", str(points))
    page.fill("#bid-options", str(options))
    page.click("#bid-choose")
    page.wait_for_selector("#pending-order")
    text = page.inner_text("#pending-order")
    assert (f"Bid {points} for {options} option" if points else "No bid") in text, text
    page.click("#confirm")
    wait_sent(page, before)


def answer_any(page, bids=True):
    """Answer whatever the page's player has to decide now, if anything: an option or a bid by
    its editor, any other decision by its first listed answer. Whether it answered. With
    `bids` False a bid is left for the test to make (turn 2 may open between two pages)."""
    now = state(page)
    if not now["kind"] or now["status"] in ("loading", "sending") or now["over"]:
        return False
    if now["kind"] == "bid" and not bids:
        return False
    if now["kind"] == "option":
        play_option(page)
    elif now["kind"] == "bid":
        bid(page, 1, 1)
    else:
        page.wait_for_selector("#decision button.choice", timeout=10000)
        page.locator("#decision button.choice").first.click()
        page.wait_for_selector("#confirm")
        page.click("#confirm")
        wait_sent(page, now["id"])
    return True


def play_until(pages, done, limit=120.0, bids=True):
    """Answer the humans' decisions until `done()` holds (the bots answer by the worker)."""
    end = time.monotonic() + limit
    while not done():
        assert time.monotonic() < end, [state(p) for p in pages]
        if not any(answer_any(p, bids) for p in pages):
            time.sleep(0.3)


def test_dod_6_8_2_13_sealed_bids_options_and_result_in_the_browser(sweeping_site, new_context):
    site = sweeping_site
    cassius = sign_up(new_context(), site, "cassius")
    brutus = sign_up(new_context(), site, "brutus")
    # The lobby's wizard: Days of Decision, the 1936 scenario, two turns.
    cassius.goto(f"{site}/tables/new/")
    cassius.click("[data-ruleset=days_of_decision]")
    cassius.click("[data-scenario='days_of_decision/1936']")
    cassius.fill("#opt-turns", "2")
    cassius.click("#wizard-next")
    cassius.click("#wizard-next")
    cassius.fill("input[name=title]", "Ides of 1936")
    with cassius.expect_navigation():
        cassius.click("#wizard-submit")
    table = cassius.url
    brutus.goto(table)
    claim(brutus, "FR")
    brutus.click("text=I'm ready")
    brutus.wait_for_load_state()
    cassius.goto(table)
    claim(cassius, "GE")
    cassius.select_option("form:has(input[value=bots]) select[name=level]", "1")
    cassius.click("text=Fill the free seats with bots")
    cassius.wait_for_load_state()
    cassius.click("text=I'm ready")
    cassius.wait_for_load_state()
    cassius.click("text=Start the game")
    cassius.wait_for_load_state()
    with cassius.expect_navigation():
        cassius.click("text=Go to the game")
    game_url = cassius.url
    watcher = new_context().new_page()
    for page in (cassius, brutus, watcher):
        open_game(page, game_url)
        assert "Turn 1 of 2" in page.inner_text("#track")

    # The Status Display is the board: every power and the minors with their place and control.
    board = watcher.inner_text("#board-summary")
    for name in ("Germany", "France", "Soviet Union", "Poland", "Czechoslovakia", "Sweden"):
        assert name in board, board[:600]
    assert "neutral zone" in board and "Fascist" in board and "uncontrolled" in board
    assert "no bidding on turn 1" in board
    # DoD 10.1 (version 24): each power's income and where it comes from
    assert "income 10 = 9 production points (territories 6 resources/6 factories, Belgium " \
        "1 resource/2 factories, Czechoslovakia 2 resources/3 factories) times production " \
        "multiple 1, protectionist +1" \
        in board, board[:1500]
    drawn = watcher.evaluate("""() => ({
      hexes: document.querySelectorAll('#status-display polygon.zone').length,
      powers: [...document.querySelectorAll('#status-display .piece.power')].map((g) => g.dataset.piece).sort(),
      minors: document.querySelectorAll('#status-display .piece.minor').length })""")
    assert drawn == {"hexes": 61, "powers": ["CH", "CW", "FR", "GE", "IT", "JA", "RU", "US"], "minors": 15}, drawn

    # DoD 8.2 — Germany opens turn 1 (3.2): the catalogue lists only what is legal now, with
    # its cost and its effect; an IPO played by anyone leaves the others' catalogues.
    cassius.wait_for_selector("#option-catalogue tbody tr", timeout=20000)
    catalogue = cassius.inner_text("#option-catalogue")
    assert "MP 0(a) Increase Political Effectiveness" in catalogue and "3 money a die" in catalogue
    assert "IPO 12 Guarantee" in catalogue and "2 money, paid on success" in catalogue
    assert "raises your political effectiveness" in catalogue
    assert "IPO 2" not in catalogue     # absent from the engine: never offered
    assert "Germany to play" in watcher.inner_text("#track")
    # The decision's answers are choice buttons, as in every ruleset's panel: the chosen
    # catalogue row's ways (MP 0(a) first: 1 to 5 dice); another row lists its own ways.
    ways = cassius.locator("#option-ways button.choice")
    assert ways.count() == 5 and "MP 0(a)" in ways.first.inner_text(), ways.all_inner_texts()
    cassius.check("#option-catalogue tr[data-option=IPO12] input[type=radio]")
    guarantee = cassius.locator("#option-ways button.choice")
    assert guarantee.count() > 0 and all("IPO 12 Guarantee" in t for t in guarantee.all_inner_texts())
    assert "IPO 12" in cassius.inner_text("#option-catalogue tr.chosen")
    guarantee.first.click()
    assert "IPO 12 Guarantee" in cassius.inner_text("#pending-order")
    cassius.click("#cancel")
    cassius.check("#option-catalogue tr[data-option='0a'] input[type=radio]")
    if SHOTS:
        cassius.screenshot(path=f"{SHOTS}/dod-option.png", full_page=True)
        watcher.locator("#status-display").screenshot(path=f"{SHOTS}/dod-display.png")
    play_until([cassius, brutus], lambda: state(cassius)["turn"] == 2, bids=False)

    # DoD 6 — turn 2: the secret bids. Germany bids first; France and the spectator learn only
    # that Germany has bid.
    cassius.wait_for_selector("#bid-panel", timeout=30000)
    assert "Initiative" in watcher.inner_text("#track")
    if SHOTS:
        cassius.screenshot(path=f"{SHOTS}/dod-bid.png", full_page=True)
    # Beside the sealed bid entry, no bid is one choice button (its answer, DoD 6).
    assert cassius.locator("#bid-panel button.choice").all_inner_texts() == ["No bid"]
    bid(cassius, 2, 1)
    for page in (brutus, watcher):
        page.wait_for_function(
            "() => /Germany\\t[^\\n]*has bid/.test(document.querySelector('#board-summary').innerText)")
        text = page.inner_text("#board-summary")
        assert "bid 2 for" not in text, text
        # Nothing in the view says how much: one's own offered bids aside, no "bid": 2 anywhere.
        seen = json.dumps(page.evaluate("""() => { const v = structuredClone(window.salient.store.view);
          for (const d of Object.values(v.decisions || {})) delete d.options; return v; }"""))
        assert '"bid": 2' not in seen, seen[:400]
        assert "Bid 2 for 1" not in page.inner_text("#log")
    assert "France\t" in watcher.inner_text("#board-summary")
    bid(brutus, 1, 1)
    # The reveal: every page shows every bid once all eight are in.
    for page in (cassius, brutus, watcher):
        page.wait_for_function(
            "() => /bid 2 for 1 option/.test(document.querySelector('#board-summary').innerText)", timeout=30000)
    assert "Bids revealed" in watcher.inner_text("#log")

    # On to the end of turn 2 (DoD 13): the game is over for everyone.
    play_until([cassius, brutus], lambda: state(watcher)["over"])
    for page in (cassius, brutus):
        page.wait_for_function("() => /The game has ended/.test(document.querySelector('#decision').innerText)")
    assert "turns played" in watcher.inner_text("body").lower()
    # DoD 3.14 (ruling 152): every power has a place, shown on the board to everyone, with the
    # objectives each ideology and power holds of its needed total (version 25).
    watcher.wait_for_function("() => /Final places: 1\\./.test(document.querySelector('#board-summary').innerText)")
    places = watcher.inner_text("#board-summary")
    assert all(name in places.split("Final places:")[1] for name in ("Germany", "France", "Soviet Union"))
    held = places.split("Objectives held (of needed):")[1]
    assert "Democrats" in held and " of 50 (" in held and " of 45 (" in held and " of 17 (" in held
    assert "Germany" in held and " of 23 (" in held


def test_dod_5_13_the_learn_page_pictures_every_step_and_the_glossary_covers_the_adapter(client):
    """The how-to page holds every step of the step table (DoD 5) with its rule, the end of the
    game (DoD 13) with the engine's own reason, and the glossary explains every abbreviation
    the adapter shows (the checks tests/web/test_learn.py makes of every product)."""
    from boardgame.learn import guide, howto
    from engine import rulesets
    from tests.web.test_learn import adapter_files, engine_reasons, unexplained

    flow = rulesets.get("days_of_decision").flow
    page = howto.howto("days_of_decision", "1936")
    boxes = [b for row in page["turn"] for b in row["steps"]]
    assert set(flow.steps) - {b["name"] for b in boxes} == set()
    assert all(b["rule"] == flow.steps[b["name"]].rule and b["title"] for b in boxes)
    assert engine_reasons("days_of_decision") <= {r for c in page["victory"] for r in c["reasons"]}
    assert unexplained(adapter_files("days_of_decision"), guide.terms("days_of_decision")) == {}
    text = client.get("/learn/days_of_decision/1936/").content.decode()
    assert 'class="condition"' in text and 'class="step decides"' in text
    glossary = client.get("/learn/days_of_decision/glossary/").content.decode()
    assert "Status Display" in glossary and "International Political Option" in glossary
