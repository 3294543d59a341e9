"""The bot protocol (engine/bots/protocol.py, runner.py): a bot sees its seat's view and the
listed answers, draws from a stream keyed by public data, spends work rather than seconds,
and is replaced by the deadline's answer when it fails."""

from __future__ import annotations

import logging

import pytest

from engine import bots, kernel, rulesets
from engine.bots.protocol import BotRng, Budget, bot_key
from engine.bots.runner import bot_turn, offers_for
from engine.kernel import simultaneous

SEED = bytes(range(32))


@pytest.fixture
def toy():
    return rulesets.get("toy_skirmish")


@pytest.fixture
def duel(toy):
    state, _ = kernel.new_game(toy, "duel", {}, ["blue", "red"], SEED, "g-duel")
    return state


class Ticking:
    """A clock that moves on by `step` seconds every time it is read."""

    def __init__(self, step: float) -> None:
        self.now, self.step = 0.0, step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def test_budget_counts_work_the_same_on_any_machine():
    budget = Budget(3)
    assert [budget.charge() for _ in range(4)] == [True, True, True, False]
    assert budget.used == 3 and not budget.fired
    assert not Budget(5).charge(6)


def test_safety_net_fires_on_the_clock_and_logs_once(caplog):
    clock = Ticking(1.5)
    budget = Budget(1000, seconds=2.0, clock=clock, label="probe")
    with caplog.at_level(logging.WARNING, logger="engine.bots"):
        assert budget.charge()          # 3.0 < 1.5 + 2.0
        assert not budget.charge()      # 4.5 > 3.5: fired
        assert not budget.charge()
    assert budget.fired
    assert [r.message for r in caplog.records if "safety net" in r.message] == [
        "bot safety net fired after 2.00 s and 2 work (probe)"]


def test_without_a_clock_there_is_no_safety_net():
    budget = Budget(10, seconds=0.0)
    assert all(budget.charge() for _ in range(10)) and not budget.fired


def test_the_stream_is_keyed_by_public_data_only():
    """The key names the game's public id, the seat, the decision, the step and the bot:
    nothing a secret seed could enter, and a change in any of them changes the stream."""
    base = ("g1", "red", "r1-bids-red", 4, "bot:random@1")
    draws = [BotRng(bot_key(*base)).index(1000) for _ in range(2)]
    assert draws[0] == draws[1]
    for i in range(len(base)):
        other = list(base)
        other[i] = other[i] + 1 if isinstance(other[i], int) else other[i] + "x"
        assert bot_key(*other) != bot_key(*base)


def test_a_bot_is_shown_its_view_and_the_listed_answers(toy, duel):
    seen = {}

    class Spy(bots.Bot):
        id, version, level = "spy", "1", 9

        def choose(self, view, decision, options, rng, budget):
            seen.update(view=view, decision=decision, options=options)
            return options[-1]["action"]

    move = bot_turn(toy, duel, "red", Spy(), game_uid="g-duel")
    assert seen["view"] == kernel.view(toy, duel, "seat:red")
    assert "secret" not in seen["view"] and "kernel" not in seen["view"]
    assert [o["action"] for o in seen["options"]] == list(seen["decision"].options)
    assert move.action == seen["options"][-1]["action"] and move.by == "bot:spy@1"
    assert move.problem is None and move.kind == "act"


@pytest.mark.parametrize("answer", [{"card": 99}, object(), "raise"])
def test_a_failing_bot_is_replaced_by_the_timeout_default(toy, duel, answer, caplog):
    class Broken(bots.Bot):
        id, version, level = "broken", "1", 9

        def choose(self, view, decision, options, rng, budget):
            if answer == "raise":
                raise RuntimeError("bug")
            return answer

    with caplog.at_level(logging.WARNING, logger="engine.bots"):
        move = bot_turn(toy, duel, "red", Broken(), game_uid="g-duel")
    decision = kernel.decisions_for(toy, duel, "red")[0]
    assert move.problem == ("bot_error" if answer == "raise" else "not_an_option")
    assert move.action == kernel.timeout_action(toy, duel, decision, "red")
    kernel.apply(toy, duel, "red", move.decision, move.action, seed=SEED)  # still legal


def test_a_seat_with_nothing_to_decide_gets_no_move(toy, duel):
    decision = kernel.decisions_for(toy, duel, "red")[0]
    after = kernel.apply(toy, duel, "red", decision.id, decision.options[0], seed=SEED).state
    assert offers_for(toy, after, "red") == []
    assert bot_turn(toy, after, "red", bots.RandomBot(), game_uid="g-duel") is None


def test_written_orders_are_an_order_then_ready(toy):
    state, _ = kernel.new_game(toy, "duel", {"written_orders": True}, ["blue", "red"], SEED,
                               "g-w")
    bot = bots.RandomBot()
    move = bot_turn(toy, state, "red", bot, game_uid="g-w", book={})
    assert move.kind == "order"
    book = simultaneous.write_order(toy, state, {}, "red", move.decision, move.action)
    ready = bot_turn(toy, state, "red", bot, game_uid="g-w", book=book)
    assert ready.kind == "ready" and ready.group == move.group


def test_levels_offered_per_ruleset():
    assert bots.levels("toy_skirmish") == [0, 1]
    assert 2 in bots.levels("balance_of_powers") and 2 in bots.levels("fatal_alliances")
    assert 2 in bots.levels("days_of_decision") and 2 in bots.levels("twteaw")
    with pytest.raises(bots.UnknownBot):
        bots.bot_for(rulesets.get("toy_skirmish"), "duel", 2)
