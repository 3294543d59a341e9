"""The reaction card (frontend/game/panels/reaction.js; the wargamer's review, item 10): a
reaction window pops up over the map, says whose answer it waits for and the time left in
words, and folds to its heading line so that what lies under it can be clicked; the folded card
stays folded while the window is open, and the next window opens unfolded.

The toy ruleset's reaction (toy 3: a token moved next to an enemy's, who may brace) is reached
over the REST API: two rounds of bids and moves bring the tokens together."""

from __future__ import annotations

import pytest

from tests.browser.flows import new_table, open_game, seat_and_start, sign_up
from tests.browser.unit_first import Api, game_id, wait_orders

pytestmark = [pytest.mark.browser, pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def _distance(a: str, b: str) -> int:
    (aq, ar), (bq, br) = (tuple(int(x) for x in h.split(",")) for h in (a, b))
    return (abs(aq - bq) + abs(ar - br) + abs((aq + ar) - (bq + br))) // 2


def bring_to_a_reaction(apis: dict[str, Api]) -> tuple[str, str]:
    """Bid (the first card) and move each winner's token as near the other's as the offered
    moves allow, until a reaction opens; (its seat, its decision id)."""
    for _ in range(20):
        # Each seat reads its own view: a bid's options (the hand) are its seat's alone.
        mine = [(seat, d) for seat, api in apis.items()
                for d in api.view()["decisions"].values() if seat in d["seats"]]
        react = [(seat, d) for seat, d in mine if d["kind"] == "react"]
        if react:
            return react[0][0], react[0][1]["id"]
        assert mine, "the duel ended before the tokens met"
        seat, d = mine[0]
        api = apis[seat]
        if d["kind"] == "bid":
            api.act(seat, d["id"], d["options"][0])
        else:
            tokens = api.view()["board"]["tokens"]
            enemy = next(where for other, where in tokens.items() if other != seat)
            items = api.get("options", seat=seat, decision=d["id"])["items"]
            best = min((i["action"] for i in items), key=lambda a: _distance(a["to"], enemy))
            api.act(seat, d["id"], best)
    raise AssertionError("no reaction in twenty answers")


def test_reaction_card_toy_3_says_who_answers_and_folds_out_of_the_way(site, new_context):
    red_ctx, blue_ctx = new_context(), new_context()
    red = sign_up(red_ctx, site, "rosencrantz")
    blue = sign_up(blue_ctx, site, "guildenstern")
    table_url = new_table(red, site, "toy_skirmish", "duel", pace=None, multiple_seats=False)
    game_url = seat_and_start(table_url, red, ("red",), [(blue, ("blue",))])
    gid = game_id(game_url)
    apis = {"red": Api(red, site, gid), "blue": Api(blue, site, gid)}
    seat, decision = bring_to_a_reaction(apis)
    page = red if seat == "red" else blue
    open_game(page, game_url)
    wait_orders(page)

    card = page.locator("#reaction .reaction-card")
    card.wait_for()
    title = seat.capitalize()
    assert f"{title} to answer" in card.inner_text()
    assert "⏱" not in card.inner_text()
    assert page.locator("#reaction button.choice").count() == 2
    # The countdown ticks in place: the card is not drawn anew each second, which would replace
    # its buttons between a press and its release and lose the click (BoP's play-through met it).
    page.wait_for_function("() => !window.salient.orders.foreseeing")   # each answer's preview in
    page.evaluate("() => { document.querySelector('#reaction button.choice').kept = true; }")
    page.wait_for_timeout(1300)
    assert page.evaluate("() => document.querySelector('#reaction button.choice').kept === true")
    height = "() => document.querySelector('#reaction .reaction-card').getBoundingClientRect().height"
    full = page.evaluate(height)

    # Folded: the heading line and the prompt, no answers; the card is lower than before.
    page.click("[data-control=reaction-fold]")
    page.wait_for_selector("#reaction .reaction-card.folded")
    assert page.locator("#reaction button.choice").count() == 0
    assert page.get_attribute("[data-control=reaction-fold]", "aria-expanded") == "false"
    assert page.evaluate(height) < full / 2, (page.evaluate(height), full)
    # The page's one-second countdown tick keeps it folded.
    page.wait_for_timeout(1300)
    assert page.locator("#reaction .reaction-card.folded").count() == 1

    # Shown again, the player answers from the card.
    page.click("[data-control=reaction-fold]")
    page.locator("#reaction button.choice").filter(has_text="ignore").first.click()
    page.wait_for_selector("#reaction .order")
    v = page.evaluate("() => window.salient.store.v")
    page.locator("#reaction .order .button:not(.ghost)").first.click()
    page.wait_for_function("(v) => window.salient.store.v > v", arg=v)
    assert page.locator("#reaction .reaction-card").count() == 0 or page.is_hidden("#reaction")
    assert apis["red"].view()["decisions"].get(decision) is None
