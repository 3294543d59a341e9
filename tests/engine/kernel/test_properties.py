"""Kernel properties over random legal play (hypothesis drives the selfplay seeds)."""

from __future__ import annotations

import contextlib

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import kernel
from engine.kernel.canonical import assert_json_state, canonical_json
from engine.kernel.selfplay import selfplay


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(min_value=0, max_value=10**9), scenario=st.sampled_from(["duel", "melee"]))
def test_random_play_keeps_every_promise(toy, seed, scenario):
    """No mutation, no leak, invariants hold, replay equals live (checked inside selfplay)."""
    tally = selfplay(toy, scenario, games=1, seed=seed)
    assert tally.problems == []
    assert tally.finished == 1


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(min_value=0, max_value=10**9))
def test_same_seed_same_game_byte_for_byte(toy, seed):
    a = selfplay(toy, "melee", games=2, seed=seed)
    b = selfplay(toy, "melee", games=2, seed=seed)
    assert canonical_json(a.summary()) == canonical_json(b.summary())


def test_a_shard_of_a_run_plays_the_same_games_and_reports_each(toy):
    """selfplay(first_game=k) plays games k, k+1, ... of the run exactly as the whole run does
    (a long run may be split into shards), and `progress` hears each game as it ends."""
    whole = selfplay(toy, "melee", games=3, seed=7)
    heard: list[tuple[int, int]] = []
    shard = selfplay(toy, "melee", games=2, seed=7, first_game=1,
                     progress=lambda game, tally: heard.append((game, tally.games)))
    assert shard.final_hashes == whole.final_hashes[1:]
    assert heard == [(1, 1), (2, 2)]


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.binary(min_size=32, max_size=32), rounds=st.integers(min_value=1, max_value=4))
def test_setup_is_plain_json_and_round_trips(toy, seed, rounds):
    import json
    state, _ = kernel.new_game(toy, "melee", {"rounds": rounds}, ["red", "blue", "green"],
                               seed, "g-prop")
    assert_json_state(state)
    assert json.loads(canonical_json(state)) == state
    for audience in kernel.audiences(toy, state):
        assert_json_state(kernel.view(toy, state, audience))


def test_selfplay_counts_a_planted_dead_end(toy):
    from tests.toy.ruleset import ToySkirmish

    class Stuck(ToySkirmish):
        def decisions(self, state):
            return [] if state["flow"]["step"] == "move" else super().decisions(state)

    tally = selfplay(Stuck(), "duel", games=1, seed=3)
    assert tally.dead_ends == 1 and tally.failed


def _requiring(**required):
    from tests.toy.ruleset import ToySkirmish

    class Requiring(ToySkirmish):
        def scenario(self, scenario_id):
            return {**super().scenario(scenario_id), **required}
    return Requiring()


def test_selfplay_requires_in_run_fails_only_a_run_that_never_plays_the_kind(toy):
    played = selfplay(_requiring(selfplay_requires_in_run=["move"]), "duel", games=2, seed=3)
    assert not played.failed and played.actions_by_kind["move"] > 0
    never = selfplay(_requiring(selfplay_requires_in_run=["parley"]), "duel", games=2, seed=3)
    assert never.errors == 1 and never.failed
    assert never.problems[-1] == {"game": None, "kind": "missing_kind_in_run",
                                  "kind_missing": "parley"}


def test_selfplay_requires_fails_each_game_without_the_kind(toy):
    tally = selfplay(_requiring(selfplay_requires=["parley"]), "duel", games=2, seed=3)
    assert tally.errors == 2 and {p["kind"] for p in tally.problems} == {"missing_kind"}


def test_selfplay_counts_an_option_that_apply_rejects(toy):
    from engine.kernel import IllegalAction
    from tests.toy.ruleset import ToySkirmish

    class Liar(ToySkirmish):
        def options(self, state, seat, decision, query):
            return [{"action": {"to": "9,9"}}]

    tally = selfplay(Liar(), "duel", games=1, seed=3)
    assert tally.illegal_offered == 1 and tally.failed
    assert issubclass(IllegalAction, Exception)


def test_selfplay_catches_a_memo_keyed_on_less_than_it_depends_on(toy):
    from tests.toy.ruleset import ToySkirmish

    class ForgetfulToy(ToySkirmish):
        """Memoises the move options on the flow alone, forgetting where the tokens stand."""

        def __init__(self):
            self.memo = {}

        def options(self, state, seat, decision, query):
            key = repr(sorted(state["flow"].items()))
            if key not in self.memo:
                self.memo[key] = super().options(state, seat, decision, query)
            return self.memo[key]

        def clear_caches(self):
            self.memo.clear()

    tally = selfplay(ForgetfulToy(), "duel", games=40, seed=5)
    assert any(p["kind"] == "stale_cache" for p in tally.problems), tally.problems

    class ForgetfulToyThatRestores(ForgetfulToy):
        """Puts its stale memo back after the cold listing, as FA's set-aside does."""

        @contextlib.contextmanager
        def caches_set_aside(self):
            kept = dict(self.memo)
            self.memo.clear()
            yield
            self.memo.clear()
            self.memo.update(kept)

    restoring = selfplay(ForgetfulToyThatRestores(), "duel", games=40, seed=5)
    assert any(p["kind"] == "stale_cache" for p in restoring.problems), restoring.problems
    honest = selfplay(toy, "duel", games=40, seed=5)
    assert not honest.problems


def test_selfplay_counts_what_the_actions_did_by_event_kind(toy):
    """A battle that follows from a move is no decision of its own: the run's summary counts
    events by kind so that a figure like "naval battles across 100 games" can be quoted."""
    summary = selfplay(toy, "duel", games=2, seed=1).summary()
    assert summary["events_by_kind"]["moved"] == summary["actions_by_kind"]["move"]
    assert summary["events_by_kind"]["game_over"] == summary["finished"] == 2
