"""Fatal Alliances' interception and naval combat by clicks (issue #22): FA 11.3.5 interception
and FA 11.4 naval combat played from two pages. The Allies' player sails Beatty's battlecruisers
out of Rosyth into the North Sea, where part of the High Seas Fleet lies in section 3; the
Central Powers' player is asked whether to intercept (`naval_intercept`) and tries; the roll
succeeds and the Allies' player chooses to fight through (`naval_intercepted`). The combat's
rounds, hits, sinkings and returns to port are then shown on both maps and in the log, and the
server's state is what the engine's own chain gives.

The position is engine test data, not play: the 1914 campaign at war, the Allies' impulse,
Britain on a naval action in the naval movement step (tests/engine/fatal_alliances/
test_11_3_4_naval_transport `entente_at_sea`), fine weather in the North Sea, and two High Seas
Fleet dreadnought rows and a light cruiser face-up in its section 3 (as the interception tests,
test_11_3_5_interception, place them). A table is opened through the lobby wizard, one player
holding the Allies' powers and the other the Central Powers'; the position is then written over
the new game's state in the database (a test-only shortcut: this record is not replayed).

The dice are the server's: the game's seed rolls them. So that the interception succeeds and
the combat sinks one ship and sends a damaged one home, the test picks the position's game uid
(the dice's other input) by running the engine's own chain on the same seed first; every answer
is then a click on a page, and the server's final state must be exactly that chain's.
"""

from __future__ import annotations

import re

import pytest

from tests.browser.flows import new_table, open_game, seat_and_start, sign_up
from tests.browser.unit_first import click_hex, drawn, game_id, wait_orders, wait_units_mode

pytestmark = [pytest.mark.browser, pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

ENTENTE = ("britain", "france", "italy", "russia", "usa")
CENTRAL = ("austria_hungary", "germany", "ottoman")
ROSYTH = "22,4"
BATTLECRUISERS = ["britain-battlecruisers-1", "britain-battlecruisers-2"]
HIGH_SEAS = ["germany-high-seas-fleet-bb-1", "germany-high-seas-fleet-bb-2",
             "germany-high-seas-fleet-cl-1"]
SORTIE = {"units": BATTLECRUISERS, "to_area": "north-sea", "section": 2}
INTERCEPT = {"intercept": True, "subs": False}
FIGHT = {"fight": True}


def position():
    from engine.rulesets.fatal_alliances.fleets import fleets
    from tests.engine.fatal_alliances.test_11_3_4_naval_transport import entente_at_sea
    state = entente_at_sea()
    state["flow"]["weather"] = {"zones": {"north_temperate": "fine"}}
    for uid in HIGH_SEAS:
        fleets(state)[uid].update(port=None, area="north-sea", section=3, up=True)
    return state


def chain(state, seed):
    """The engine's chain the pages will play: the sortie, the interception, the fight
    through. (events of the last two answers, the final state), or None where it breaks off
    (the roll missed)."""
    from engine.kernel import apply, decisions
    from engine.rulesets.fatal_alliances import RULESET
    answers = [("britain", "naval_move", SORTIE), ("germany", "naval_intercept", INTERCEPT),
               ("britain", "naval_intercepted", FIGHT)]
    events = []
    for seat, kind, action in answers:
        open_ = [d for d in decisions(RULESET, state) if d.kind == kind and seat in d.seats]
        if not open_:
            return None
        outcome = apply(RULESET, state, seat, open_[0].id, action, seed=seed)
        state, events = outcome.state, events + list(outcome.events)
    return events, state


def telling(state, seed, uid):
    """The first game uid (uid-sea-0, -1 …) under which the chain intercepts, sinks a ship and
    sends a damaged one home; (position, events, final state)."""
    for k in range(400):
        trial = {**state, "kernel": {**state["kernel"], "game_uid": f"{uid}-sea-{k}"}}
        played = chain(trial, seed)
        if played is None:
            continue
        events, final = played
        kinds = {e.kind for e in events}
        home_damaged = [e for e in events if e.kind == "naval_abort" and e.data["why"] == "damaged"]
        if {"interception", "fight_through", "naval_round", "ship_sunk"} <= kinds and home_damaged:
            return trial, events, final
    raise AssertionError("no game uid in 400 gives an interception, a sinking and a damaged return")


def combat_table(site, new_context):
    """Both pages on the game at the position of the module's docstring; (Allies' page,
    Central Powers' page, game id, the events and state the engine's chain gives)."""
    from boardgame.play.models import Game, Snapshot
    beatty = sign_up(new_context(), site, "beatty")
    hipper = sign_up(new_context(), site, "hipper")
    table = new_table(beatty, site, "fatal_alliances", "campaign-1914", title="Dogger Bank")
    url = seat_and_start(table, beatty, ENTENTE, [(hipper, CENTRAL)])
    game = Game.objects.get(pk=game_id(url))
    state, events, final = telling(position(), bytes(game.seed), game.game_uid)
    Game.objects.filter(pk=game.pk).update(state=state)
    # The acting page catches up on its own steps from the newest snapshot and the record
    # (frames.catch_up): the snapshot of this version must be the written position too, or the
    # replay misses the stored state and the page gets a snapshot without the step's events.
    if not Snapshot.objects.filter(game=game, version=game.version).update(state=state):
        Snapshot.objects.create(game=game, version=game.version, state=state)
    for page in (beatty, hipper):
        open_game(page, url)
        page.evaluate("""() => { window.__frames = []; window.salient.socket.addEventListener('frame',
            (e) => window.__frames.push([e.detail.type, e.detail.v, (e.detail.events || []).map((x) => x.kind).join(',')])); }""")
    wait_units_mode(beatty)
    return beatty, hipper, game.pk, events, final


def server_state(gid):
    from boardgame.play.models import Game
    return Game.objects.get(pk=gid).state


def wait_for_decision(page, kind):
    page.wait_for_function("(k) => window.salient.orders.available().some(d => d.kind === k)",
                           arg=kind)
    wait_orders(page)


def choose(page, pattern):
    """Pick the listed answer whose label matches (the list opens on a clicked hex, or in the
    panel for a decision with nothing on the map)."""
    page.wait_for_selector("#decision button.choice")
    buttons = page.locator("#decision button.choice").filter(has_text=re.compile(pattern))
    assert buttons.count() >= 1, page.inner_text("#decision")
    buttons.first.click()


def confirm(page):
    v = page.evaluate("() => window.salient.store.v")
    page.wait_for_selector("#pending-order")
    page.click("#confirm")
    # a fight through replays and fights a whole combat on a shared machine: allow it time
    page.wait_for_function("(v) => window.salient.store.v > v", arg=v, timeout=90000)


def drawn_ships(page):
    """The counters the page's map draws for ships: id → {hex, factors, classes}."""
    return page.evaluate("""() => { const out = {};
        for (const u of window.salient.adapter.units(window.salient.store.view))
            if (u.symbol === 'fleet') out[u.id] = {hex: u.hex, factors: u.factors, classes: u.classes};
        return out; }""")


def log_lines(page):
    return page.locator("#log .log-text").all_inner_texts()


def wait_log(page, ending, seconds=60.0):
    """The log's lines once one ends with `ending` (the live events arrive after the answer)."""
    lines = []
    for _ in range(int(seconds * 4)):
        lines = log_lines(page)
        if any(x.endswith(ending) for x in lines):
            return lines
        page.wait_for_timeout(250)
    store = page.evaluate("() => [window.salient.store.log.map(e => [e.v, e.source, e.kind]), window.__frames]")
    raise AssertionError("\n".join(lines) + f"\n{store}")


def test_fa_11_3_5_and_11_4_an_interception_fought_through_by_clicks(site, new_context):
    beatty, hipper, gid, events, expected = combat_table(site, new_context)
    north_sea = beatty.evaluate("() => window.salient.store.view.board.sea_hexes.areas['north-sea']")
    # the German squadron is drawn in the North Sea, in its section
    ships = drawn_ships(hipper)
    assert all(ships[u]["hex"] == north_sea and "§3" in ships[u]["factors"] for u in HIGH_SEAS)

    # FA 11.3: the battlecruisers' counters in Rosyth, then the North Sea, section 2 in the list.
    click_hex(beatty, ROSYTH)
    beatty.wait_for_function("(h) => window.salient.orders.origin === h", arg=ROSYTH)
    wait_orders(beatty)
    assert north_sea in set(drawn(beatty, "option"))
    click_hex(beatty, north_sea)
    choose(beatty, r"×2: Rosyth → North Sea, section 2(?!,)")
    assert "→ North Sea, section 2" in beatty.inner_text("#pending-order .order-text")
    confirm(beatty)
    state = server_state(gid)
    assert all(state["board"]["fleets"][u]["area"] == "north-sea" for u in BATTLECRUISERS)
    assert state["flow"]["naval"]["pending"]["stage"] == "ask"

    # FA 11.3.5: the Central Powers' player is asked; the panel lists both answers.
    wait_for_decision(hipper, "naval_intercept")
    hipper.wait_for_selector("#decision button.choice")
    labels = hipper.locator("#decision button.choice").all_inner_texts()
    assert any("Let it pass" in x for x in labels), labels
    assert any(x.strip().startswith("Try to intercept") for x in labels), labels
    choose(hipper, r"^Try to intercept")
    confirm(hipper)
    state = server_state(gid)
    assert state["flow"]["naval"]["pending"]["stage"] == "fight"
    roll = next(e for e in events if e.kind == "interception").data
    assert roll["success"]

    # FA 11.3.5.3: the Allies' player chooses to fight through.
    wait_for_decision(beatty, "naval_intercepted")
    labels = beatty.locator("#decision button.choice").all_inner_texts()
    assert any("Stop in the sea area" in x for x in labels), labels
    choose(beatty, r"^Fight through")
    confirm(beatty)

    # The server holds exactly what the engine's chain gives for these answers.
    state = server_state(gid)
    assert state["board"]["fleets"] == expected["board"]["fleets"]
    assert state["flow"]["naval"]["pending"] is None
    sunk = [e.data["unit"] for e in events if e.kind == "ship_sunk"]
    home = [e.data for e in events if e.kind == "naval_abort" and e.data["why"] == "damaged"]
    fleets = state["board"]["fleets"]
    assert sunk and all(u not in fleets for u in sunk)
    for h in home:
        assert (fleets[h["unit"]]["port"], fleets[h["unit"]]["damaged"],
                fleets[h["unit"]]["up"]) == (h["to"], True, False)

    # The map, on both pages: the sunk gone, the damaged drawn face-down in port with its mark,
    # the North Sea's stack only what is left there.
    ports = beatty.evaluate("() => window.salient.store.view.board.sea_hexes.ports")
    left = sorted(u for u, sh in fleets.items() if sh["area"] == "north-sea")
    for page in (beatty, hipper):
        page.wait_for_function("(u) => !(u in window.salient.store.view.board.fleets)", arg=sunk[0],
                               timeout=90000)
        ships = drawn_ships(page)
        assert not set(sunk) & set(ships)
        for h in home:
            counter = ships[h["unit"]]
            assert counter["hex"] == ports[h["to"]], counter
            assert counter["factors"].startswith("▾") and counter["factors"].endswith(" D")
            assert "fa-damaged" in counter["classes"] and "fa-down" in counter["classes"]
        at_sea = sorted(u for u, c in ships.items() if c["hex"] == north_sea)
        assert at_sea == left
        stack = page.locator(f".layer-units .stack[data-hex='{north_sea}']")
        assert stack.count() == (1 if left else 0)

    # The log says it in words, on both pages: the roll, the fight, each hit, the sinking,
    # the damaged ship's return; the combat filter keeps them and drops the sortie.
    for page in (beatty, hipper):
        lines = wait_log(page, " sunk")
        text = "\n".join(lines)
        assert (f"Germany tries to intercept in North Sea: a roll of {roll['roll']} against "
                f"{roll['search']} — intercepted") in text, text
        assert "Commonwealth's task force fights through in North Sea" in text, text
        assert re.search(r"North Sea, round 1: (Allies|Central Powers) roll \d+, .+ in action, "
                         r"attack \d+", text), text
        hits = [e.data for e in events if e.kind == "naval_hit"]
        assert sum(bool(re.search(r" takes an? [a-z-]+ result: a roll of \d+ against defence \d+",
                                  x)) for x in lines) == len(hits), text
        assert sum(x.endswith(" sunk") and " takes " not in x for x in lines) == len(sunk), text
        assert sum(bool(re.search(r"damaged, returns to \w+ face-down$", x))
                   for x in lines) == len(home), text
        assert not any(re.search(r"\b(?:Naval Hit|Ship Sunk|Naval Abort|Naval Round)\b", x)
                       for x in lines), text
        page.click(".log-kinds button[data-kind=combat]")
        combat = log_lines(page)
        assert any(x.endswith(" sunk") for x in combat)
        assert any("tries to intercept" in x for x in combat)
        assert not any("sails" in x for x in combat), combat
