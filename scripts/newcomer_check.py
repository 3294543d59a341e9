"""The newcomer path, checked against a running Salient as a new user walks it.

    .venv/bin/python scripts/newcomer_check.py --site http://127.0.0.1:8765 \
        [--watch-site http://127.0.0.1:8766] [--ruleset days_of_decision ...]

For every product ruleset (read from the server's own `/api/rulesets/`; `--ruleset` narrows the
walk to the ones named, each of which must be a product):
1. (once) one newcomer signs up through the page (Chromium), another through
   `POST /api/auth/register` and then logs in on the page;
2. the page newcomer opens a table of the ruleset's first scenario through the lobby wizard and
   takes the first side's seats on the table page; the API newcomer takes the second side's
   seats and says ready through the REST API; the host starts the game from the page. A
   scenario with more sides (Days of Decision's three ideologies) seats one more API newcomer
   per further side, logged in on the page too: a user holding seats of two sides sees only
   the public view (docs/architecture.md, "Audiences and views"), so nobody may;
3. every newcomer opens the game page;
4. an anonymous spectator opens the game page — on `--watch-site` if given, so in the scaled
   configuration the move must cross Redis from one daphne process to the other;
5. whichever player the game waits for makes one move by clicking the page's first offered
   order and confirming it; in a game of written orders (the decisions offered are
   revisable order sets with a ready flag: The War to End All Wars) every player instead
   writes, for every seat it holds, the first order set offered, confirms it and says ready,
   the spectator holding none of those orders, and the move is the turn that resolves when
   the last seat is ready;
6. the spectator's page must reach the server's new version, live, without a reload, show the
   same position as the server's public view, and offer no controls.

Any failed step prints what it saw and exits 1: `.ci/run` runs this against the embedded default
and against PostgreSQL + Redis with two daphne processes. It is a script, not a pytest test,
because it drives servers that `.ci/run` started exactly as the README and docs/deploy.md say.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from playwright.sync_api import sync_playwright  # noqa: E402

from tests.browser.flows import PASSWORD, claim, log_in, new_table, sign_up  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
TIMEOUT_MS = 30_000


class Failed(Exception):
    """A step of the newcomer path did not do what a newcomer needs."""


def api(site: str, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
    """One JSON call; a non-2xx answer is a failed step, with the server's error in the text."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(f"{site}{path}", data=data, method=method)
    request.add_header("Accept", "application/json")
    if data is not None:
        request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Token {token}")
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return json.loads(answer.read() or b"null")
    except urllib.error.HTTPError as error:
        raise Failed(f"{method} {path} answered {error.code}: {error.read()[:600]!r}") from None


def log_in_on_the_page(context, site: str, name: str):
    page = log_in(context, site, name)
    if "Log out" not in page.inner_text("header"):
        raise Failed(f"{name} (signed up through the API) could not log in on the page: "
                     f"{page.inner_text('main')[:400]}")
    return page


def wait_live(page) -> None:
    page.wait_for_function("() => window.salient && window.salient.store.view"
                           " && window.salient.socket.state === 'live'")


def page_state(page) -> dict[str, Any]:
    return page.evaluate("""() => { const o = window.salient.orders;
        return {v: window.salient.store.v, status: o.status,
                mine: o.available().map(d => d.kind)}; }""")


def wait_orders_settled(page) -> None:
    page.wait_for_function("""() => { const o = window.salient.orders;
        return o.status === 'idle' || o.status === 'ready' || o.status === 'error'; }""")


def make_one_move(players: list[Any]) -> tuple[Any, int]:
    """The player the game waits for clicks the first order offered and confirms it.
    Returns that page and the version its move produced."""
    deadline = time.monotonic() + TIMEOUT_MS / 1000
    while time.monotonic() < deadline:
        for page in players:
            wait_orders_settled(page)
            state = page_state(page)
            if not state["mine"]:
                continue
            if page.locator("#decision button.choice").count() == 0:
                done = page.locator(".decision-tabs [data-kind=done]")
                if done.count():
                    done.first.click()
                page.wait_for_selector("#decision button.choice")
            page.locator("#decision button.choice").first.click()
            confirm = page.locator("#confirm")
            if confirm.count() or page.locator("#pending-order").count():
                page.wait_for_selector("#confirm")
                page.click("#confirm")
            page.wait_for_function("(v) => window.salient.store.v > v", arg=state["v"])
            return page, page.evaluate("() => window.salient.store.v")
        time.sleep(0.2)
    raise Failed("no player had an order to give: " + json.dumps([page_state(p) for p in players]))


TURN = "() => window.salient.store.view.board.turn"


def written_orders(players: list[Any]) -> bool:
    """Whether the game asks for written orders: a revisable decision (an order set kept until
    its seat says ready), not a move that is played at once."""
    for page in players:
        wait_orders_settled(page)
    return any(page.evaluate("() => window.salient.orders.available().some(d => d.revisable)")
               for page in players)


def write_orders_and_ready(players: list[Any], spectator) -> tuple[Any, int]:
    """Written orders (a scenario whose nations write orders at once, `simultaneous`): every
    player, for every seat it holds, clicks the first order set offered, confirms it (the
    server checks and keeps it) and says "I'm ready"; the turn resolves when the last seat is
    ready (the game's version moves before that, so the board's turn is what counts). Before
    that the spectator holds nobody's orders. Returns the last player to say ready and the
    version the resolved turn produced."""
    turn = players[0].evaluate(TURN)
    for page in players:
        wait_orders_settled(page)
        decisions = page.evaluate("() => window.salient.orders.available().map(d => d.id)")
        if not decisions:
            raise Failed("a player of a written-orders game is asked for nothing: "
                         + json.dumps(page_state(page)))
        for decision in decisions:
            if len(decisions) > 1:
                page.click(f".decision-tabs [data-id='{decision}']")
            page.wait_for_function("(id) => window.salient.orders.decision"
                                   " && window.salient.orders.decision.id === id", arg=decision)
            page.locator("#decision button.choice").first.click()
            page.wait_for_selector("#pending-order")
            page.click("#confirm")
            page.wait_for_function("() => { const o = document.querySelector('#my-order');"
                                   " return o && !o.textContent.includes('No order written'); }")
            if page.evaluate(TURN) != turn:
                raise Failed("the turn resolved before every seat said ready")
            if spectator.evaluate("() => Object.keys(window.salient.store.orders || {}).length"):
                raise Failed("the spectator holds a player's written orders")
            page.click("#ready")
            if page is not players[-1] or decision != decisions[-1]:
                page.wait_for_selector("#not-ready")
    for page in players:
        page.wait_for_function(f"(t) => ({TURN})() > t", arg=turn)
    mover = players[-1]
    return mover, mover.evaluate("() => window.salient.store.v")


class Newcomers:
    """Two new users: one signed up through the page, one through the API (then logged in on
    the page too: an account made by the API must work there)."""

    def __init__(self, browser, site: str) -> None:
        tag = uuid.uuid4().hex[:8]
        self.page_name, self.api_name = f"page{tag}", f"api{tag}"
        self.host_page = sign_up(browser.new_context(), site, self.page_name)
        registered = api(site, "POST", "/api/auth/register",
                         {"username": self.api_name, "password": PASSWORD})
        self.token = registered["token"]
        if api(site, "GET", "/api/me/", token=self.token)["user"]["username"] != self.api_name:
            raise Failed("the API token does not name the user who registered")
        self.guest_page = log_in_on_the_page(browser.new_context(), site, self.api_name)
        self.browser, self.site, self.tag = browser, site, tag
        self.more: list[tuple[str, Any]] = []      # (token, page) of the further sides' players

    def further(self, count: int) -> list[tuple[str, Any]]:
        """`count` more API newcomers (token and game page each), registered once, reused."""
        while len(self.more) < count:
            name = f"api{self.tag}x{len(self.more) + 1}"
            token = api(self.site, "POST", "/api/auth/register",
                        {"username": name, "password": PASSWORD})["token"]
            self.more.append((token, log_in_on_the_page(self.browser.new_context(), self.site,
                                                        name)))
        return self.more[:count]


def check_ruleset(browser, site: str, watch_site: str, ruleset: dict[str, Any],
                  newcomers: Newcomers) -> str:
    scenario = ruleset["scenarios"][0]
    sides: dict[str, list[str]] = {}
    for seat in scenario["seats"]:
        sides.setdefault(seat.get("side") or seat["id"], []).append(seat["id"])
    first_side, *other_sides = list(sides.values())
    if not other_sides:     # one side only: split its seats between the two newcomers
        first_side, other_sides = first_side[:1], [first_side[1:]]
    host_page, guest_page, token = newcomers.host_page, newcomers.guest_page, newcomers.token
    # One API player per side after the first: the guest, then one more newcomer per side.
    guests = [(token, guest_page), *newcomers.further(len(other_sides) - 1)]

    # 2. A table from the wizard; seats from the page and from the API; start from the page.
    table_url = new_table(host_page, site, ruleset["id"], scenario["id"],
                          title=f"Newcomer {ruleset['id']}")
    table_id = int(table_url.rstrip("/").rsplit("/", 1)[1])
    for seat in first_side:
        claim(host_page, seat)
    for seats, (player, _) in zip(other_sides, guests, strict=True):
        for seat in seats:
            api(site, "POST", f"/api/tables/{table_id}/seats/{seat}/claim", {}, token=player)
        api(site, "POST", f"/api/tables/{table_id}/ready", {"ready": True}, token=player)
    host_page.goto(table_url)
    host_page.click("text=I'm ready")
    host_page.wait_for_load_state()
    host_page.click("text=Start the game")
    host_page.wait_for_load_state()
    with host_page.expect_navigation():
        host_page.click("text=Go to the game")
    game_path = host_page.url.split("://", 1)[1].split("/", 1)[1]
    game_id = int(game_path.rstrip("/").rsplit("/", 1)[1])

    # 3. Every newcomer plays on the page; 4. a stranger watches, from the other process if
    # there is one.
    players = [host_page, *(page for _, page in guests)]
    spectator = browser.new_context().new_page()
    for page, base in [*((p, site) for p in players), (spectator, watch_site)]:
        page.goto(f"{base}/{game_path}")
        wait_live(page)
    before = spectator.evaluate("() => window.salient.store.v")

    # 5. One move, clicked (written orders: every seat's, then ready); 6. the spectator sees
    # it live.
    written = written_orders(players)
    if written:
        mover, version = write_orders_and_ready(players, spectator)
    else:
        mover, version = make_one_move(players)
    spectator.wait_for_function("(v) => window.salient.store.v >= v", arg=version)
    server = api(site, "GET", f"/api/games/{game_id}/")
    seen = spectator.evaluate("() => window.salient.store.view")
    expected = server["view"]
    for key, entry in expected.get("decisions", {}).items():
        # the page writes each decision's id back into it (decisions.js): its key, and
        # `-<count>` for a question asked again (the count: `/game/seq` less its `asked`)
        asked = entry.get("asked")
        entry["id"] = key if asked is None else f"{key}-{expected['game']['seq'] - asked}"
    if server["version"] != version or seen != expected:
        raise Failed(f"the spectator's position at v{version} differs from the server's public "
                     f"view (server at v{server['version']})")
    controls = spectator.locator("#confirm, .decision-tabs, #decision button.choice").count()
    if controls:
        raise Failed(f"the anonymous spectator is offered {controls} controls")
    who = "every newcomer wrote orders and said ready, the turn resolved;" if written \
        else "the page newcomer" if mover is host_page else "the API newcomer" if \
        mover is guest_page else f"API newcomer {1 + players.index(mover) - 1} of {len(guests)}"
    spectator.context.close()
    return (f"{ruleset['id']}/{scenario['id']}: table {table_id}, game {game_id}; {who} moved "
            f"v{before} → v{version}; the spectator on {watch_site} saw it")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", required=True, help="where the players connect")
    parser.add_argument("--watch-site", help="where the spectator connects (default: --site)")
    parser.add_argument("--ruleset", action="append", default=[], metavar="ID",
                        help="walk only this product ruleset (repeatable; default: every product)")
    args = parser.parse_args(argv)
    site = args.site.rstrip("/")
    watch_site = (args.watch_site or site).rstrip("/")
    product = [r for r in api(site, "GET", "/api/rulesets/")["rulesets"] if r.get("product")]
    if not product:
        print("newcomer path FAILED: the server offers no product ruleset")
        return 1
    if args.ruleset:
        # A named ruleset the server does not offer as a product is a failure, not a skip.
        missing = sorted(set(args.ruleset) - {r["id"] for r in product})
        if missing:
            print(f"newcomer path FAILED: not a product on this server: {', '.join(missing)}")
            return 1
        product = [r for r in product if r["id"] in args.ruleset]
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        browser.new_context().set_default_timeout(TIMEOUT_MS)
        try:
            newcomers = Newcomers(browser, site)
            print(f"newcomer path: {newcomers.page_name} signed up on the page, "
                  f"{newcomers.api_name} through the API", flush=True)
            for ruleset in product:
                print("newcomer path:", check_ruleset(browser, site, watch_site, ruleset,
                                                      newcomers), flush=True)
        except Exception as error:  # a failed step of any kind fails the check, said plainly
            print(f"newcomer path FAILED: {type(error).__name__}: {error}")
            return 1
        finally:
            browser.close()
    print(f"newcomer path passed for {len(product)} rulesets")
    return 0


if __name__ == "__main__":
    sys.exit(main())
