"""Helpers of the unit-first browser tests (issue #18): bring a game to a position over the REST
API (the steps before the one a test is about are not what it tests), click hexes and counters
the way a person does, and count the clicks an order takes.

Nothing here gives an order through the page's internals: the test's own orders are clicks on
the map and the panel; `window.salient` is read only to find where to click and to wait.
"""

from __future__ import annotations

import json
import re
import time
from typing import Any, Callable

from bench.decisions import decision_id

GAME_ID = re.compile(r"/games/(\d+)/")


def game_id(url: str) -> int:
    found = GAME_ID.search(url)
    assert found, url
    return int(found.group(1))


class Api:
    """The REST API as the signed-in user of `page` (session cookie and CSRF token)."""

    def __init__(self, page, site: str, game: int) -> None:
        self.page, self.site, self.game = page, site, game

    def _csrf(self) -> str:
        for cookie in self.page.context.cookies():
            if cookie["name"] == "csrftoken":
                return cookie["value"]
        raise AssertionError("no CSRF cookie: open a page of the site first")

    def get(self, path: str, **params: Any) -> Any:
        response = self.page.request.get(f"{self.site}/api/games/{self.game}/{path}",
                                         params={k: v if isinstance(v, str) else json.dumps(v)
                                                 for k, v in params.items()})
        assert response.ok, (path, response.status, response.text()[:400])
        return response.json()

    def view(self) -> dict[str, Any]:
        """The REST view, its decisions as a player's client reads them (frontend/game/
        decisions.js): each entry with its key as `id`, the paused ones left out."""
        view = self.get("")["view"]
        paused = set(view["game"].get("paused_decisions", ()))
        ids = {key: decision_id(view, key, entry) for key, entry in view["decisions"].items()}
        view["decisions"] = {ids[key]: {**entry, "id": ids[key]}
                             for key, entry in view["decisions"].items() if key not in paused}
        return view

    def act(self, seat: str, decision: str, action: Any) -> int:
        response = self.page.request.post(
            f"{self.site}/api/games/{self.game}/actions",
            data=json.dumps({"cid": f"api-{time.monotonic_ns()}", "seat": seat,
                             "decision": decision, "action": action}),
            headers={"Content-Type": "application/json", "X-CSRFToken": self._csrf()})
        assert response.ok, (decision, action, response.status, response.text()[:400])
        return response.json()["v"]


QUIET = ({"done": True}, {"stop": True}, {"violate": None}, {"buy": None}, {"reserve": None},
         {"reroll": False}, {"destroy": None}, {"pay": True}, {"to": None})


def advance(players: dict[str, Api], until: Callable[[dict[str, Any]], bool],
            choose: Callable[[dict[str, Any], list[Any]], Any] | None = None,
            limit: int = 400) -> dict[str, Any]:
    """Answer every open decision quietly over the API (`players`: seat → the Api of the user
    holding it) until `until(view)` holds; the view then. `choose(decision, answers)` may pick
    an answer (else: a quiet one, the first listed, or the first expanded)."""
    for _ in range(limit):
        any_api = next(iter(players.values()))
        view = any_api.view()
        if until(view):
            return view
        mine = []
        for seat, api in players.items():
            seen = api.view()["decisions"]
            mine += [(api, seat, d) for d in seen.values()
                     if seat in d["seats"] and ("options" in d or "schema" in d)]
        assert mine, "nobody has anything to decide"
        api, seat, decision = sorted(mine, key=lambda m: (m[2].get("kind") in (
            "march", "rail", "combat", "entrench"), m[2]["id"]))[0]
        if "options" in decision:
            answers = decision["options"]
        else:
            answers = [i["action"] for i in api.get("options", seat=seat,
                                                     decision=decision["id"])["items"]]
        action = choose(decision, answers) if choose else None
        if action is None:
            action = next((q for q in QUIET if q in answers), answers[0] if answers else None)
        assert action is not None, decision
        api.act(seat, decision["id"], action)
    raise AssertionError("the game never got there")


def click_hex(page, hex_id: str) -> None:
    """Click a hex's centre as a user would, bringing it into view first if it is off screen."""
    box = page.locator("#map").bounding_box()
    x, y = page.evaluate("(id) => window.salient.map.clientOfHex(id)", hex_id)
    if not (box["x"] + 30 < x < box["x"] + box["width"] - 30
            and box["y"] + 30 < y < box["y"] + box["height"] - 30):
        page.evaluate("(id) => window.salient.map.centreOn(id)", hex_id)
        x, y = page.evaluate("(id) => window.salient.map.clientOfHex(id)", hex_id)
    page.mouse.click(x, y)


def wait_orders(page) -> None:
    """Until the page's orders are not waiting for the server."""
    page.wait_for_function("""() => { const o = window.salient.orders;
        return !['loading', 'sending'].includes(o.status); }""")


def wait_units_mode(page) -> None:
    page.wait_for_function("""() => { const o = window.salient.orders;
        return o.mode === 'units' && !['loading', 'sending'].includes(o.status); }""")


def highlights(page) -> list[dict[str, Any]]:
    return page.evaluate("() => window.salient.orders.highlights()")


def drawn(page, kind: str | None = None) -> list[str]:
    """The hexes the map draws highlighted (of `kind`: option, attack, origin, selected …)."""
    selector = ".layer-highlight:not(.layer-highlight-text) > .hl" + (f".hl-{kind}" if kind else "")
    return page.evaluate("(s) => [...document.querySelectorAll(s)].map(g => g.dataset.hex)",
                         selector)


def drawn_text(page, hex_id: str) -> str:
    return page.evaluate("""(h) => { const t = document.querySelector(
        `.layer-highlight-text [data-hex='${h}'] .hl-text`);
        return t ? t.textContent : ''; }""", hex_id)


class Clicks:
    """Counts the user's clicks and keystrokes on a page (listeners in the capture phase)."""

    def __init__(self, page) -> None:
        self.page = page
        page.evaluate("""() => { if (window.__clicks) return; window.__clicks = {n: 0, keys: 0};
            document.addEventListener('pointerdown', () => { window.__clicks.n += 1; }, true);
            document.addEventListener('keydown', () => { window.__clicks.keys += 1; }, true); }""")
        self.start()

    def start(self) -> None:
        self.page.evaluate("() => { window.__clicks.n = 0; window.__clicks.keys = 0; }")

    def count(self) -> tuple[int, int]:
        got = self.page.evaluate("() => window.__clicks")
        return got["n"], got["keys"]
