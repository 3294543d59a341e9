"""BoP 12.3 Storm of Steel from the lobby to its result in the browser (issue #21).

Two people sign up: Falkenhayn opens a Storm of Steel table in the lobby's wizard (at your own
pace, one missed deadline puts a seat in civil disorder, a level-1 bot then plays it), takes
Germany, Joffre takes France, and the three free seats (Britain, Russia, Austria-Hungary) go to
level-1 bots that play from the server's in-process worker.

By clicks on the game pages:
- France's set-up (with Belgium's corps), then, once the bots of Britain and Russia have set
  up, Germany's, in the set-up editor: "Deployment 1", no entrenched toggle (12.3: every corps
  but cavalry must set up entrenched, the set-up digs them in itself, ruling 92), "Confirm
  set-up"; afterwards the server's board has every placed infantry corps of both entrenched
  and every cavalry corps in maneuver mode;
- the Sea Chart's boxes drawn beside the map with 12.3's ships in them (ruling 101);
- every decision of both people through February 1916 (the first month), by the driver's
  clicks (decision tabs, stacks and destinations on the map, option buttons, Confirm), and in
  Germany's half of General Quarters I the High Seas Fleet sailed from Wilhelmshaven into the
  North Sea by clicks on its stack, a lit hex and Confirm (the dreadnought fee paid, 7.25).
Then both people stop playing: the deadline sweep, run as if two days had passed, puts both
seats into civil disorder, the table's level-1 bot takes them, and the worker's bots play to
November 1916's victory-point count (ruling 94). The result shows on both pages, each at the
server's version, and the downloaded record replays to the stored state.
"""

from __future__ import annotations

import os
import time

import pytest

from boardgame.play.models import ActionRecord
from tests.browser.bop_driver import BopDriver
from tests.browser.test_bop_kaiserschlacht_browser import (
    bots_finish,
    editor,
    play_by_clicks,
    seat_with_a_bot,
    start_deployment_1,
)
from tests.browser.test_bop_playthrough import finish_checks
from tests.browser.test_bop_price_of_admiralty import fleets, sail

WILHELMSHAVEN, MEET = "16,5", "10,6"     # hexes 1613 and 1011 of the North Sea
HIGH_SEAS_FLEET = ["ger-bb1", "ger-bb2", "ger-bb3", "ger-bb4", "ger-bc1", "ger-cl1", "ger-cl2",
                   "ger-pd1", "ger-pd2"]

pytestmark = [pytest.mark.browser, pytest.mark.postgres,
              pytest.mark.django_db(transaction=True)]


class AtSea(Exception):
    """Germany's half of General Quarters has come: the test sails, not the driver."""


class SeaDriver(BopDriver):
    """The driver, stopping where Germany may first move a naval force (it would end the half
    with its "done" button)."""
    at_sea = False

    def _choose(self, page, st):
        if not self.at_sea and st["flow"]["step"] == "gq" and any(
                d["kind"] == "naval_move" for d in st["mine"]):
            raise AtSea()
        return super()._choose(page, st)


def where_events_put(events, uid: str, at: str | None, steps: int) -> str | None:
    """Where the server's events put the ship `uid`, from `at` with `steps` steps: where it was
    unless a fight sank it (None: a naval battle's `sunk`, 8.333; a hit by torpedoes or a mine
    on a damaged ship, 8.41, 6.443; lost on its way home, 8.5) or sent it back to port (8.25,
    8.34, 8.5: `naval_returned`)."""
    for event in events:
        kind, data = event["kind"], event.get("data") or {}
        if kind == "naval_battle" and uid in data["forces"].get("central", ()):
            at = None if uid in data["sunk"] else at
            steps = 1 if uid in data["damaged"] else steps
        elif kind == "naval_torpedoes":
            steps -= sum(1 for shot in data["shots"] if shot["target"] == uid and shot["hit"])
        elif kind == "naval_mine_attack" and data["unit"] == uid and data["hit"]:
            steps -= 1
        elif kind == "naval_lost_at_sea" and data["unit"] == uid:
            at = None
        elif kind == "naval_returned" and data["unit"] == uid:
            at = data["to"]
        at = None if steps <= 0 else at
    return at


def events_since(game_url: str, seq: int) -> list[dict]:
    """The server's recorded events of the actions after version `seq`, in order."""
    game_id = int(game_url.rstrip("/").split("/")[-1])
    return [event for events in ActionRecord.objects.filter(game_id=game_id, seq__gt=seq)
            .order_by("seq").values_list("events", flat=True) for event in events]


@pytest.fixture
def sweeping_site(monkeypatch, request):
    """The site with its in-process worker on (bots move without the test's help)."""
    monkeypatch.setenv("SALIENT_IN_PROCESS_SWEEPER", "1")
    return request.getfixturevalue("site")


def set_up_dug_in(page, seat: str) -> list[str]:
    """The seat's set-up by clicks: Deployment 1, then Confirm. No mode toggle is offered: the
    set-up itself digs every corps but cavalry in (12.3). The units placed."""
    start_deployment_1(page, seat, timeout=180000)   # 12.3: the Entente sets up first
    page.wait_for_selector("#setup-ok")
    # ruling 92: "must set up entrenched" leaves nothing to choose, so no toggle is drawn
    assert page.locator("#decision button.setup-entrench").count() == 0
    placed = sorted(page.evaluate("() => window.salient.orders.pending.item.action.placement")
                    .keys())
    assert placed and editor(page, "e.entrenched") in (None, [])
    v = page.evaluate("() => window.salient.store.v")
    page.click("#confirm")
    page.wait_for_function("(v) => window.salient.store.v > v", arg=v)
    assert not page.evaluate("() => window.salient.orders.error")
    return placed


@pytest.mark.slow   # 10–20 minutes on a loaded two-core machine
def test_bop_12_3_storm_of_steel_from_the_lobby_to_its_result(sweeping_site, new_context):
    started = time.monotonic()
    germany, france, game_url = seat_with_a_bot(sweeping_site, new_context, "storm-of-steel",
                                                "germany", "france", ("falkenhayn", "joffre"))
    pages = {"germany": germany, "france": france}
    driver = SeaDriver(pages, timeout_ms=60000,
                       log=print if os.environ.get("SALIENT_BOP_LOG") else None)
    placed = [u for seat in ("france", "germany") for u in set_up_dug_in(pages[seat], seat)]
    assert any(u.startswith("bel-") for u in placed)   # France sets Belgium's corps up
    # 12.3 (ruling 92): once every set-up is in, every placed infantry corps is entrenched
    # and every cavalry corps in maneuver mode, on the server's board
    germany.wait_for_function("() => window.salient.store.view.flow.step !== 'setup'",
                              timeout=180000)
    modes = germany.evaluate("""(placed) => { const units = window.salient.store.view.board.units;
        return placed.filter(u => units[u]).map(u => [u, units[u].mode || null]); }""", placed)
    infantry = [m for u, m in modes if "-inf-" in u]
    cavalry = [m for u, m in modes if "-cav-" in u]
    assert infantry and set(infantry) == {"entrenched"}, modes
    assert "entrenched" not in cavalry, modes
    # 1.2.3: the Sea Chart's boxes beside the map, with the fleets of 12.3 in them (ruling 101)
    boxes = germany.evaluate("() => [...document.querySelectorAll('.layer-boxes .box')]"
                             ".map((g) => g.dataset.box)")
    assert {"scapa-flow-box", "helsinki-box", "norwegian-sea-box"} <= set(boxes), boxes
    counters = dict(germany.evaluate("""() => window.salient.orders.adapter.units(
        window.salient.store.view).filter((u) => u.symbol === 'fleet').map((u) => [u.id, u.hex])"""))
    assert counters["bri-bb1"] == "scapa-flow-box" and counters["rus-pd1"] == "helsinki-box"
    assert counters["ger-cd1"] == "19,2" and counters["ger-bb1"] == WILHELMSHAVEN   # Kiel, 1613
    assert sum(1 for u in counters if "-mine" in u) == 22     # 6 + 8 + 4 + 4 (12.3's OB)
    stale: list[str] = []
    # February's muster, procurement, aviation and the Entente's admiralty phase by clicks, up
    # to Germany's half of General Quarters I (6.43, ruling 101)
    with pytest.raises(AtSea):
        play_by_clicks(driver, germany, stale=stale, until=lambda st: False)
    driver.at_sea = True
    assert driver.state(germany)["flow"]["month"] == "1916-02"
    assert "GQ I" in germany.inner_text("body")
    rp = germany.evaluate("() => window.salient.store.view.powers.germany.rp")
    seq_sailed = driver.state(germany)["v"]
    bc1_steps = fleets(germany)["ger-bc1"]["steps"]
    order = sail(germany, WILHELMSHAVEN, MEET, HIGH_SEAS_FLEET)   # clicks: stack, lit hex, Confirm
    assert "BB" in order or "BB 1" in order, order
    # 7.25: Germany paid the dreadnought fee of the month
    assert germany.evaluate("() => window.salient.store.view.powers.germany.rp") == rp - 1
    play_by_clicks(driver, germany, stale=stale, until=lambda st: st["flow"]["step"] != "setup"
                   and st["flow"]["month"] not in (None, "1916-02"))
    # the fleet stays where it sailed once its half is over (HIPPER aboard BC 1): the half's
    # end sends no ship home. Britain's level-1 bot may sail into it afterwards, as its dice
    # and choices fall (random, the game's seed is new each run): then the battle's return to
    # port (8.34, 8.5) or a sinking is where the record puts BC 1, and the page agrees.
    expected = where_events_put(events_since(game_url, seq_sailed), "ger-bc1", MEET, bc1_steps)
    assert fleets(germany).get("ger-bc1", {}).get("at") == expected, (
        fleets(germany).get("ger-bc1"), expected)
    kinds = {d.kind for d in driver.history}
    assert {"march", "rail", "combat"} & kinds, kinds
    clicked = len(driver.history)
    seats = bots_finish(list(pages.values()), game_url, limit_s=2400)
    assert seats == {seat: f"bot:1:{seat}" for seat in
                     ("germany", "france", "britain", "russia", "austria_hungary")}, seats
    driver.timeout_ms = 180000
    driver.settle()
    server, record = finish_checks(sweeping_site, game_url, [germany, france, germany])
    result = server["result"]
    assert result["rule"] == "BoP 12.3"
    # ruling 94: each side's points are its chips and interior fortresses held in the enemy's
    # area; ruling 101: and one for each enemy dreadnought sunk
    assert set(result["victory_points"]) == set(result["held"]) and len(result["held"]) == 2
    assert all(result["victory_points"][side] == len(h["bcs"]) + len(h["forts"]) + len(h["bbs"])
               for side, h in result["held"].items()), result
    assert len(stale) < 10, stale
    print(f"\nBoP 12.3 in the browser: {len(placed)} units set up by clicks, {clicked} decisions "
          f"clicked ({len(stale)} lost to a bot and answered again; {sorted(kinds)}), then "
          f"bots; {len(record['actions'])} recorded steps, {time.monotonic() - started:.0f} s, "
          f"result {result}")
