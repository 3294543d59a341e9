"""Issue #27 on BoP 7.2: a naval move is asked again after every answer under a fresh id (a
new deadline each time); the views key it without its count (its `asked` is `/game/seq`
less the count), so the next asking costs the patch nothing, not a move to a new key."""

from __future__ import annotations

from engine import kernel
from engine.kernel.diff import make_patch
from engine.rulesets.balance_of_powers.ruleset import RULESET

SEED = b"s" * 32


def test_bop_7_2_a_naval_move_asked_again_patches_its_count():
    seats = [s["id"] for s in RULESET.scenario("price-of-admiralty")["seats"]]
    state, _ = kernel.new_game(RULESET, "price-of-admiralty", {}, seats, SEED, "pa-asked")
    move = next(d for d in kernel.decisions(RULESET, state) if d.kind == "naval_move")
    seat = move.seats[0]
    key = move.id.rsplit("-", 1)[0]
    action = kernel.expand_options(RULESET, state, seat, move.id, None)[0]["action"]
    after = kernel.apply(RULESET, state, seat, move.id, action, seed=SEED).state
    again = next(d for d in kernel.decisions(RULESET, after)
                 if d.kind == "naval_move" and d.seats == move.seats)
    assert again.id != move.id and again.id.rsplit("-", 1)[0] == key
    for audience in kernel.audiences(RULESET, state):
        old, new = kernel.view(RULESET, state, audience), kernel.view(RULESET, after, audience)
        assert old["decisions"][key]["asked"] == old["game"]["seq"] - move.asked
        assert kernel.view_entry(new, again.id) is new["decisions"][key]
        ops = make_patch(old, new)
        # the count and the step number went up together: the entry's `asked` stays
        assert not [op for op in ops if op["path"].startswith(f"/decisions/{key}")], ops
