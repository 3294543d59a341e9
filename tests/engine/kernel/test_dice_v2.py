"""Dice v2: dice named by step and purpose, so a re-run step shifts no unrelated die.

The golden vectors (`dice-v2-vectors.json`) pin the algorithm for every implementation (the
browser's verifier reads the same file); one die is also computed here straight from the
spec's bytes, without the module's message builder. A small ruleset of simultaneous orders
("Skirmishes": each side's sealed order lists the places it attacks, and every attack is one
keyed d6) shows what v2 is for: a game master who corrects one side's order and re-runs the
turn leaves every other battle's die where it was; under v1 each die after the change moves.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from engine import kernel
from engine.kernel import dice
from engine.kernel.dice import Roller
from engine.kernel.errors import ReplayMismatch
from engine.kernel.model import Decision, Event
from engine.kernel.record import build_record, log_entry, replay, versions_of
from engine.kernel.ruleset import Ruleset

VECTORS = json.loads(Path(__file__).with_name("dice-v2-vectors.json").read_text())
SEED = bytes(range(32))
PLACES = ("Liège", "Namur", "Mons", "Charleroi", "Dinant")


@pytest.mark.parametrize("case", VECTORS["cases"],
                         ids=lambda c: f"{c['scope']}-{c['key']}-d{c['sides']}")
def test_dice_v2_golden_vectors(case):
    seed = bytes.fromhex(case["seed"])
    got = [dice.roll_die_v2(seed, case["game_uid"], case["scope"], case["key"], i, case["sides"])
           for i in range(len(case["rolls"]))]
    assert got == case["rolls"]


def test_dice_v2_message_is_the_specified_bytes():
    example = VECTORS["message_example"]
    message = dice.v2_message(example["game_uid"], example["scope"], example["key"],
                              example["i"], example["k"])
    assert message.hex() == example["hex"]
    # The same die from the spec's words alone: length-prefixed UTF-8 fields after a tag.
    by_hand = ("salient-dice-v2;4:g-v2;13:t1-orders-red;11:battle Mons;1:3;1:0").encode()
    assert by_hand == dice.v2_message("g-v2", "t1-orders-red", "battle Mons", 3, 0)
    x = int.from_bytes(hmac.new(SEED, by_hand, hashlib.sha256).digest()[:8], "big")
    assert x < (1 << 64) - ((1 << 64) % 6)     # no rejection for this one, so:
    assert dice.roll_die_v2(SEED, "g-v2", "t1-orders-red", "battle Mons", 3, 6) == x % 6 + 1


def test_dice_v2_fields_cannot_run_into_each_other():
    """v1 joined fields with ':'; v2 length-prefixes them, so shifting text between scope and
    key names another die."""
    assert dice.v2_message("g", "a:b", "c", 0, 0) != dice.v2_message("g", "a", "b:c", 0, 0)


def test_dice_v2_d10_distribution_is_uniform_chi_square():
    counts = Counter(dice.roll_die_v2(SEED, "chi", "step", "combat", i, 10)
                     for i in range(50_000))
    expected = 50_000 / 10
    chi2 = sum((counts[face] - expected) ** 2 / expected for face in range(1, 11))
    assert chi2 < 27.88, chi2      # 9 degrees of freedom, p = 0.001


# --- a ruleset of simultaneous orders ------------------------------------------------------

class Skirmishes(Ruleset):
    """Two sides write sealed orders naming places to attack; all are revealed together and
    each attack rolls one d6, keyed by its place."""

    id = "skirmishes"
    version = "1"
    product = False
    dice_version = 2
    manifest = {"id": "skirmishes", "title": "Skirmishes", "scenarios": [{
        "id": "one-turn", "title": "One turn", "players": {"min": 2, "max": 2},
        "seats": [{"id": "red", "side": "red"}, {"id": "blue", "side": "blue"}],
        "options": []}]}

    def setup(self, scenario, options, seats, roller):
        return {"turn": 1, "battles": {}}

    def decisions(self, state):
        if state["turn"] > 1:
            return []
        return [Decision(id=f"t1-orders-{seat}", seats=(seat,), kind="orders", rule="sk 1",
                         prompt="Where do you attack?", schema={"type": "array"},
                         group="t1-orders") for seat in ("blue", "red")]

    def validate(self, state, seat, decision, action):
        if not isinstance(action, list) or not all(p in PLACES for p in action):
            raise kernel.MalformedAction("orders list places")
        return action

    def resolve_group(self, state, group, answers, roller):
        for _, seat, places in answers:
            for place in places:
                state["battles"][f"{seat} at {place}"] = roller.d(6, "battle d6",
                                                                    key=f"battle {place} {seat}")
        state["turn"] += 1
        return [Event("battles", "sk 1", {"battles": state["battles"]})]

    def view(self, state, audience):
        return {"battles": state["battles"]}

    def result(self, state):
        return {"winner": None} if state["turn"] > 1 else None


class SkirmishesV1(Skirmishes):
    id = "skirmishes-v1"
    dice_version = 1


def play_turn(ruleset, orders, *, first="red"):
    state, _ = kernel.new_game(ruleset, "one-turn", {}, ["blue", "red"], SEED, "g-v2")
    log = []
    for seat in (first, "blue" if first == "red" else "red"):
        outcome = kernel.apply(ruleset, state, seat, f"t1-orders-{seat}", orders[seat], seed=SEED)
        log.append(log_entry(len(log) + 1, seat, f"t1-orders-{seat}", orders[seat], outcome,
                             by="test"))
        state = outcome.state
    return state, log


def test_dice_v2_a_corrected_order_shifts_no_other_battle():
    """The game master's re-run: red's order gains an attack on Liège. Under v2 every other
    battle keeps its die; under v1 the extra die moves every die rolled after it."""
    before = {"red": ["Mons", "Namur"], "blue": ["Charleroi", "Dinant"]}
    after = {"red": ["Liège", "Mons", "Namur"], "blue": ["Charleroi", "Dinant"]}
    v2_before = play_turn(Skirmishes(), before)[0]["battles"]
    v2_after = play_turn(Skirmishes(), after)[0]["battles"]
    assert {k: v2_after[k] for k in v2_before} == v2_before
    assert set(v2_after) - set(v2_before) == {"red at Liège"}

    v1_before = play_turn(SkirmishesV1(), before)[0]["battles"]
    v1_after = play_turn(SkirmishesV1(), after)[0]["battles"]
    # v1's counter: red's dice come after blue's (answers in decision order), so blue keeps its
    # dice, and red's Mons and Namur take the dice numbers Liège pushed on.
    shifted = [k for k in v1_before if v1_after[k] != v1_before[k]]
    rolls_v1 = [dice.roll_die(SEED, "g-v2", n, 6) for n in range(5)]
    assert [v1_after[k] for k in ("blue at Charleroi", "blue at Dinant", "red at Liège",
                                  "red at Mons", "red at Namur")] == rolls_v1
    assert shifted, "the seed chosen happens to give equal dice: pick another"


def test_dice_v2_group_dice_do_not_depend_on_who_answered_last():
    orders = {"red": ["Mons"], "blue": ["Namur", "Dinant"]}
    red_last = play_turn(Skirmishes(), orders, first="blue")[0]
    blue_last = play_turn(Skirmishes(), orders, first="red")[0]
    assert red_last["battles"] == blue_last["battles"]


def test_dice_v2_rolls_are_recorded_with_their_names_and_replay_verifies_them():
    orders = {"red": ["Mons", "Namur"], "blue": ["Dinant"]}
    ruleset = Skirmishes()
    state, log = play_turn(ruleset, orders)
    rolls = log[-1]["rolls"]
    assert [(r["v"], r["scope"], r["key"], r["i"]) for r in rolls] == [
        (2, "group:t1-orders", "battle Dinant blue", 0),
        (2, "group:t1-orders", "battle Mons red", 0),
        (2, "group:t1-orders", "battle Namur red", 0)]
    assert all(dice.recorded_die(SEED, "g-v2", r) == r["value"] for r in rolls)
    assert state["kernel"]["dice_version"] == 2

    def record(entries):
        return build_record(ruleset, scenario="one-turn", options={},
                            seats=[{"seat": "blue", "player": "b"}, {"seat": "red", "player": "r"}],
                            game_uid="g-v2", commitment=dice.commitment(SEED), actions=entries,
                            versions=versions_of(ruleset, "one-turn"), seed=SEED,
                            result_=kernel.result(ruleset, state),
                            final_state_hash=kernel.state_hash(state))

    assert replay(record(log), ruleset).rolls_checked == 3
    tampered = json.loads(json.dumps(log))
    tampered[-1]["rolls"][1]["value"] = tampered[-1]["rolls"][1]["value"] % 6 + 1
    with pytest.raises(ReplayMismatch):
        replay(record(tampered), ruleset)


def test_dice_v1_games_keep_their_state_and_dice_byte_for_byte():
    """A v1 ruleset's state carries no dice_version key (old states and hashes unchanged),
    and its rolls carry no v2 names."""
    state, log = play_turn(SkirmishesV1(), {"red": ["Mons"], "blue": ["Namur"]})
    assert "dice_version" not in state["kernel"]
    assert all(set(r) == {"n", "sides", "value", "purpose"} for r in log[-1]["rolls"])


def test_dice_v2_keys_count_within_a_step():
    """Two dice under one key in one step are i = 0 and 1; another key starts its own count."""
    roller = Roller(SEED, "g", 0, version=2, scope="s")
    roller.roll(6, "combat 2d6", 2, key="battle A")
    roller.roll(6, "combat 2d6", 1, key="battle B")
    assert [(r["key"], r["i"], r["n"]) for r in roller.rolls] == [
        ("battle A", 0, 0), ("battle A", 1, 1), ("battle B", 0, 2)]
    assert roller.counter == 3


def test_unknown_dice_version_is_refused():
    class Dice3(Skirmishes):
        id = "dice3"
        dice_version = 3

    with pytest.raises(kernel.BadSetup):
        kernel.new_game(Dice3(), "one-turn", {}, ["blue", "red"], SEED, "g")


def _vectors() -> dict[str, Any]:
    """How dice-v2-vectors.json was made, once, with this module's implementation; the golden
    test compares against the committed file, so a change of algorithm fails it. To look:
    `python -c "from tests.engine.kernel.test_dice_v2 import _vectors; print(_vectors())"`."""
    cases = []
    for seed_hex, uid, scope, key, sides in (
            ("00" * 32, "g-0001", "t1-orders-red", "battle Mons", 6),
            ("00" * 32, "g-0001", "group:t1-orders", "combat 2d10", 10),
            (SEED.hex(), "g-v2", "setup", "deal red", 9),
            (SEED.hex(), "g-v2", "1914-08-f1-march", "attrition", 6),
            ("ff" * 32, "ünï-côdé", "scope:with:colons", "key;with;semicolons", 20),
            (SEED.hex(), "g-v2", "t3", "roll-off", 2)):
        seed = bytes.fromhex(seed_hex)
        cases.append({"seed": seed_hex, "game_uid": uid, "scope": scope, "key": key,
                      "sides": sides, "rolls": [dice.roll_die_v2(seed, uid, scope, key, i, sides)
                                                for i in range(20)]})
    message = {"game_uid": "g-v2", "scope": "t1-orders-red", "key": "battle Mons", "i": 3, "k": 0}
    message["hex"] = dice.v2_message(**message).hex()
    return {"spec": "Dice v2 " + dice.__doc__.split("Dice v2 ")[1].split("The seed is never")[0].strip(),
            "message_example": message, "cases": cases}

