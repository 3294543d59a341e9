"""The browser tests' shared flows through the site: sign up, open a table from the lobby's
wizard, claim seats, start the game, open the game page and wait until it is live.

Used by test_bop_playthrough.py, test_bop_setup_editor.py and test_game_e2e.py (each used to
write these again), and `send_single` by every driver that answers decisions through the page. Pages are Playwright pages on a real daphne (the `site` fixture).
"""

from __future__ import annotations

import re

PASSWORD = "Trench-Coat-1914!"

LIVE_JS = ("() => window.salient && window.salient.store.view"
           " && window.salient.socket.state === 'live'")


def sign_up(context, site: str, name: str):
    """A new page in `context`, signed up (and so logged in) as `name`."""
    page = context.new_page()
    page.goto(f"{site}/accounts/signup/")
    page.fill("input[name=username]", name)
    page.fill("input[name=email]", f"{name}@example.org")
    page.fill("input[name=password1]", PASSWORD)
    page.fill("input[name=password2]", PASSWORD)
    with page.expect_navigation():
        page.click("main form button")
    assert "Log out" in page.inner_text("header"), page.inner_text("main")[:400]
    return page


def log_in(context, site: str, name: str, next_url: str | None = None,
           password: str = PASSWORD):
    """A new page in `context`, logged in as `name` (who signed up with `password`), on
    `next_url` when given."""
    page = context.new_page()
    page.goto(f"{site}/accounts/login/" + (f"?next={next_url}" if next_url else ""))
    page.fill("input[name=username]", name)
    page.fill("input[name=password]", password)
    with page.expect_navigation():
        page.click("main form button")
    return page


def new_table(page, site: str, ruleset: str, scenario: str, *, title: str | None = None,
              options: tuple[str, ...] = (), pace: str | None = "async",
              multiple_seats: bool = True) -> str:
    """Open a table from the wizard (ruleset → scenario → options → pace → visibility); its URL.
    `options` are option ids to tick; `pace=None` keeps the default pace."""
    page.goto(f"{site}/tables/new/")
    page.click(f"[data-ruleset={ruleset}]")
    page.click(f"[data-scenario='{ruleset}/{scenario}']")
    for option in options:
        page.check(f"#opt-{option}")
    page.click("#wizard-next")
    if pace:
        page.click(f"label:has(input[name=pace][value={pace}])")
    page.click("#wizard-next")
    if title:
        page.fill("input[name=title]", title)
    # The box is ticked by default (issue #18); a test of one seat per player unticks it.
    page.set_checked("input[name=allow_multiple_seats]", multiple_seats)
    with page.expect_navigation():
        page.click("#wizard-submit")
    return page.url


def claim(page, seat: str) -> None:
    """Take `seat` on the table page the page is on."""
    page.click(f"form:has(input[name=seat][value={seat}]) button")
    page.wait_for_load_state()


def seat_and_start(table_url: str, host, host_seats, others=()) -> str:
    """The host and every (page, seats) of `others` claim their seats and say they are ready;
    the host starts the game and goes to it. The game page's URL."""
    host.goto(table_url)
    for seat in host_seats:
        claim(host, seat)
    for page, seats in others:
        page.goto(table_url)
        for seat in seats:
            claim(page, seat)
        page.click("text=I'm ready")
    host.goto(table_url)
    return ready_start_and_go(host)


def bots_fill_and_start(page, level: str = "1") -> str:
    """On the table page, after the person's own claims: fill every free seat with bots of
    `level`, say ready, start the game and go to it. The game page's URL."""
    page.select_option("form:has(input[value=bots]) select[name=level]", level)
    page.click("text=Fill the free seats with bots")
    page.wait_for_load_state()
    return ready_start_and_go(page)


def ready_start_and_go(page) -> str:
    """On the table page: say ready, start the game and go to it. The game page's URL."""
    page.click("text=I'm ready")
    page.wait_for_load_state()
    page.click("text=Start the game")
    page.wait_for_load_state()
    with page.expect_navigation():
        page.click("text=Go to the game")
    return page.url


def drop_stale_order(page) -> None:
    """After a bot's move landed under an order being built: an order the page still holds
    for Confirm (the page keeps a unit-first order while its decision stays open) is
    cancelled, so the driver gives its order again on the new position instead of waiting
    for the page to settle by itself."""
    page.evaluate("() => { const o = window.salient.orders; if (o.status === 'confirm') o.cancel(); }")


def open_game(page, url: str) -> None:
    """Load the game page and wait until it holds a view over a live socket."""
    page.goto(url)
    wait_live(page)


def wait_live(page) -> None:
    page.wait_for_function(LIVE_JS)


def send_single(page, pattern: str | None = None,
                timeout: float | None = None) -> tuple[str, int] | None:
    """Answer a decision that has one legal answer the way a user does: the "Nothing to choose"
    panel's one button (`#single-send`, frontend/game/panels/single.js) sends it, the click is
    the Confirm. Waits for the server's next version. None (nothing clicked) when the page shows
    no such panel; else (the button's label, the version after). `pattern`: a regular expression
    the label must match (the answer the caller expects)."""
    single = page.locator("#single-send")
    if not single.count():
        return None
    label = single.inner_text()
    if pattern is not None:
        assert re.search(pattern, label), f"the one answer is {label!r}, not /{pattern}/"
    v = page.evaluate("() => window.salient.store.v")
    single.click()
    page.wait_for_function("(v) => window.salient.store.v > v", arg=v, timeout=timeout)
    return label, page.evaluate("() => window.salient.store.v")


def bop_table(site: str, new_context, *, secret: bool = False, names=("alice", "bob"),
              title: str = "Marne 1914"):
    """A Balance of Powers game: the first user holds the Central Powers (Germany,
    Austria-Hungary), the second the Entente (France, Russia, Britain); both pages open on the
    game, live. Returns (central page, entente page, game URL)."""
    central = sign_up(new_context(), site, names[0])
    entente = sign_up(new_context(), site, names[1])
    table = new_table(central, site, "balance_of_powers", "before-the-leaves-fall", title=title,
                      options=("secret_setup",) if secret else ())
    game_url = seat_and_start(table, central, ("germany", "austria_hungary"),
                              [(entente, ("france", "russia", "britain"))])
    for page in (central, entente):
        open_game(page, game_url)
    return central, entente, game_url
