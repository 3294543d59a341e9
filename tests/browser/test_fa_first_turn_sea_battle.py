"""Fatal Alliances' 1914 campaign, turn 1 to its first naval battle, every order a click
(issue #22, "Browser"): two players sign up and open a `campaign-1914` table through the lobby
wizard — the Kaiser holds the Central Powers (Austria-Hungary, Germany, the Ottoman Empire),
Grey the Entente (the Commonwealth, France, Italy, Russia, the USA) — while a third signed-up
user, holding no seat, watches.

No position is written and no server shortcut is taken: the game is the scenario's start,
played by the pages. A short clickable path to a naval battle in turn 1 (FA 11.3, 11.4):
  * the set-up breakdowns: Done;
  * every action choice a pass, except Russia's first naval action (its Baltic pre-dreadnoughts
    sail out of Helsingfors into the Baltic, section 2) and then Germany's first naval action
    once they are at sea (its Baltic cruiser sails out of Kiel into the Baltic, section 0);
  * Russia, asked to intercept the German cruiser (11.3.5), lets it pass;
  * Germany, on a naval action in the naval combat step, starts a naval combat in the Baltic
    (11.4.1–11.4.2): the search and whatever rounds the server's dice give, then its end.
(Russia's own impulse cannot be the battle: in the scenario's opening Russia and Germany are not
yet at war then, so the German convoy points in the Baltic do not contest it; by the Central
Powers' next impulse they are.)

The battle's log lines must show on both players' pages and the spectator's; the spectator's
views and socket frames never carry a hidden field; then the Kaiser resigns and the downloaded
record replays with its dice checked (`python -m engine replay` and the replay page).
"""

from __future__ import annotations

import json
import re

import pytest

from .flows import new_table, seat_and_start, send_single, sign_up
from .test_fa_browser import (
    click_choice,
    click_hex,
    open_game,
    snapshot,
    wait_ready,
    watch_spectator,
)
from .test_fa_campaign_browser import check_ending

pytestmark = [pytest.mark.browser, pytest.mark.postgres, pytest.mark.slow,
              pytest.mark.django_db(transaction=True)]

CENTRAL = ("austria_hungary", "germany", "ottoman")
ENTENTE = ("britain", "france", "italy", "russia", "usa")
# seat → (its port, the sea area, the section, the ships): the two sorties of the docstring
SORTIES = {"russia": ("helsingfors", "baltic", 2, ["russia-baltic-pd-1", "russia-baltic-pd-2"]),
           "germany": ("kiel", "baltic", 0, ["germany-baltic-1"])}
TITLES = {"russia": "Russia", "germany": "Germany"}
MAX_ORDERS = 120
SLOW = 120000               # ms: a shared, loaded two-core machine


def record_frames(page):
    """Keep every socket frame the page receives, as JSON, for the hidden-field check."""
    page.evaluate("""() => { window.__frames = [];
        window.salient.socket.addEventListener('frame', (e) => window.__frames.push(JSON.stringify(e.detail))); }""")


def hidden_in_frame(frame):
    """What a public frame may not carry: an open decision's options, schema or data (in a
    view or a patch's path), a secret, an undo point, the seed before the end."""
    found = []

    def walk(node, path):
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "secret" or (key == "undo" and value):
                    found.append(f"{path}/{key}")
                if path.endswith("/decisions") and isinstance(value, dict):
                    found.extend(f"{path}/{key}/{k}" for k in ("options", "schema", "data") if k in value)
                walk(value, f"{path}/{key}")
        elif isinstance(node, list):
            for i, value in enumerate(node):
                if isinstance(value, dict) and isinstance(value.get("path"), str) and re.search(
                        r"/decisions/[^/]+/(options|schema|data)\b|/secret\b", value["path"]):
                    found.append(value["path"])
                walk(value, f"{path}/{i}")
    data = json.loads(frame)
    walk(data, "")
    if data.get("seed") and not data.get("result"):
        found.append("seed before the end")
    return found


def seat_of(decision_id):
    """The seat a decision's id names ("t1-i2-action-russia-0")."""
    return next(seat for seat in (*CENTRAL, *ENTENTE) if f"-{seat}-" in f"{decision_id}-")


def sea_hex(page, area=None, port=None):
    hexes = page.evaluate("() => window.salient.store.view.board.sea_hexes")
    return hexes["areas"][area] if area else hexes["ports"][port]


def at_sea(page, ships, area):
    fleets = page.evaluate("() => window.salient.store.view.board.fleets")
    return all(u in fleets and fleets[u]["area"] == area for u in ships)


def confirm(page, before_v):
    page.wait_for_selector("#pending-order", timeout=SLOW)
    page.click("#confirm")
    page.wait_for_function("(v) => window.salient.store.v > v", arg=before_v, timeout=SLOW)


class Sailor:
    """One player's pages answers: the docstring's policy."""

    def __init__(self, page):
        self.page = page
        self.sailed = set()

    def wants_to_sail(self, seat):
        if seat not in SORTIES or seat in self.sailed:
            return False
        if seat == "germany":    # only once the Russians are out there to fight
            return at_sea(self.page, SORTIES["russia"][3], "baltic")
        return True

    def act(self):
        page = self.page
        state = snapshot(page)
        kind, did, v = state["decision"]["kind"], state["decision"]["id"], state["v"]
        seat = seat_of(did)
        if send_single(page):
            # one legal answer (a pass where nothing else is allowed): its one button sends it
            return kind
        if kind == "action":
            # a player holding several seats reads every seat's answers in one list ("Russia:
            # Naval action"): the naval action of a seat that is to sail, else a pass
            buttons = page.locator("#decision button.choice", has_text=re.compile(r"Naval action$"))
            for i in range(buttons.count()):
                label = buttons.nth(i).inner_text().strip()
                prefix = label.split(": ")[0] if ": " in label else None
                power = {v: k for k, v in TITLES.items()}.get(prefix) if prefix else seat
                if power and self.wants_to_sail(power):
                    buttons.nth(i).click()
                    self.sailed.add(f"{power}-action")
                    break
            else:
                click_choice(page, r"^Pass$")
        elif kind == "naval_move" and f"{seat}-action" in self.sailed and seat not in self.sailed:
            port, area, section, ships = SORTIES[seat]
            origin = sea_hex(page, port=port)
            click_hex(page, origin)
            page.wait_for_function("(h) => window.salient.orders.origin === h", arg=origin, timeout=SLOW)
            target = sea_hex(page, area=area)
            click_hex(page, target)
            if not page.locator("#pending-order").count():
                page.wait_for_selector("#decision button.choice", timeout=SLOW)
                listed = page.locator("#decision button.choice").filter(
                    has_text=re.compile(rf"→ Baltic Sea, section {section}(?!,)"))
                assert listed.count(), page.locator("#decision button.choice").all_inner_texts()
                listed.first.click()
            text = page.inner_text("#pending-order .order-text")
            assert f"→ Baltic Sea, section {section}" in text, text
            self.sailed.add(seat)
        elif kind == "naval_intercept":
            click_choice(page, r"^Let it pass")
        elif kind == "naval_combat":
            # the contested area is lit at its display hex: click it, Confirm
            click_hex(page, sea_hex(page, area="baltic"))
            if not page.locator("#pending-order").count():
                click_choice(page, r"Start a naval combat in Baltic Sea")
            assert "naval combat in Baltic Sea" in page.inner_text("#pending-order .order-text")
        elif kind == "breakdown":
            click_choice(page, r"^Done")
        else:      # rail and land moves, land combat, naval movement: finish the step
            finish = page.locator("#decision button.choice", has_text=re.compile(r"^(?:[^:]+: )?Finish"))
            if finish.count():
                finish.first.click()
            else:
                click_choice(page)
        confirm(page, v)
        return kind


def logged(page):
    return page.evaluate("() => window.salient.store.log.map(e => e.kind)")


def test_fa_11_4_campaign_1914_first_turn_to_a_naval_battle_by_clicks_with_a_spectator(
        site, new_context, tmp_path):
    kaiser = sign_up(new_context(), site, "kaiser")
    grey = sign_up(new_context(), site, "grey")
    watcher_ctx = new_context()
    watcher = sign_up(watcher_ctx, site, "onlooker")
    table = new_table(kaiser, site, "fatal_alliances", "campaign-1914", title="The Baltic, August 1914")
    url = seat_and_start(table, kaiser, CENTRAL, [(grey, ENTENTE)])
    game = {"url": url, "id": int(re.search(r"/games/(\d+)/", url).group(1)),
            "pages": {"kaiser": kaiser, "grey": grey}, "watcher": watcher, "watcher_ctx": watcher_ctx}
    open_game(watcher, url)
    watch_spectator(watcher)
    record_frames(watcher)
    assert "You are watching" in watcher.inner_text("#decision")
    for page in (kaiser, grey):
        open_game(page, url)
    players = {name: Sailor(page) for name, page in game["pages"].items()}

    kinds: dict[str, int] = {}
    for _ in range(MAX_ORDERS):
        if "naval_combat_over" in logged(kaiser):
            break
        assert json.loads(snapshot(kaiser)["position"])["flow"]["turn"] == 1, (
            kinds, [p.sailed for p in players.values()], kaiser.locator("#log .log-text").all_inner_texts()[-60:])
        for p in players.values():
            wait_ready(p.page)
        actors = [p for p in players.values() if snapshot(p.page)["decision"] and snapshot(p.page)["mine"]]
        if not actors:
            kaiser.wait_for_timeout(200)
            continue
        kind = actors[0].act()
        kinds[kind] = kinds.get(kind, 0) + 1
    else:
        raise AssertionError(f"no naval battle in {MAX_ORDERS} orders: {kinds}")
    assert players["grey"].sailed >= {"russia"} and players["kaiser"].sailed >= {"germany"}, kinds
    assert json.loads(snapshot(kaiser)["position"])["flow"]["turn"] == 1

    # The battle on all three pages: who started it, the search (and any rounds), its end.
    v = snapshot(kaiser)["v"]
    for page in (kaiser, grey, watcher):
        page.wait_for_function("(v) => window.salient.store.v >= v", arg=v, timeout=SLOW)
        page.wait_for_function("() => window.salient.store.log.some(e => e.kind === 'naval_combat_over')",
                               timeout=SLOW)
        text = "\n".join(page.locator("#log .log-text").all_inner_texts())
        assert "Germany starts a naval combat in Baltic Sea" in text, text[-2000:]
        assert re.search(r"Naval combat in Baltic Sea, round 1: ", text), text[-2000:]
        assert "Naval combat in Baltic Sea over" in text, text[-2000:]
    assert watcher.locator("#confirm, .decision-tabs, button.choice").count() == 0

    # The spectator: no hidden field in any view it held, nor in any frame it received.
    assert watcher.evaluate("() => window.__hidden") == []
    frames = watcher.evaluate("() => window.__frames")
    assert frames, "the spectator received no frame"
    leaks = [(i, found) for i, f in enumerate(frames) if (found := hidden_in_frame(f))]
    assert leaks == [], leaks[:5]

    # The end, and the record: the Kaiser resigns; the downloaded record replays.
    kaiser.click("[data-control=resign]")
    kaiser.wait_for_selector("[data-confirm=resign]")
    kaiser.click("[data-control=resign-confirm]")
    watcher.wait_for_function("() => !!window.salient.store.result", timeout=SLOW)
    final_v = check_ending(site, game, tmp_path)
    print(f"1914 campaign to the Baltic battle: {final_v} versions, {kinds}")
