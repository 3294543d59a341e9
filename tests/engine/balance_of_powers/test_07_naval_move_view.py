"""Issue #27 on BoP 7.2: a naval move is asked again after every answer under a fresh id (a
new deadline each time); the views key it without its count (its `asked` is `/game/seq`
less the count), so the next asking costs the patch nothing, not a move to a new key."""

from __future__ import annotations

from engine import kernel
from engine.kernel.diff import make_patch
from engine.rulesets.balance_of_powers.ruleset import RULESET, naval_fleets

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


def test_bop_7_22_a_ships_move_patches_that_ship_only():
    """Issue #27 on BoP 7.22, 6.43: the NMP a ship spent and whether it is in the force in
    motion or done are on the ship's own entry in the views (`nmp`, `move`), not in lists
    under `/board/naval`; one ship's move patches that ship's entry and the step number."""
    seats = [s["id"] for s in RULESET.scenario("price-of-admiralty")["seats"]]
    state, _ = kernel.new_game(RULESET, "price-of-admiralty", {}, seats, SEED, "pa-ship")
    move = next(d for d in kernel.decisions(RULESET, state) if d.kind == "naval_move")
    seat = move.seats[0]
    item = next(i for i in kernel.expand_options(RULESET, state, seat, move.id, None)
                if len(i["action"]["units"]) == 1)
    uid = item["action"]["units"][0]
    after = kernel.apply(RULESET, state, seat, move.id, item["action"], seed=SEED).state
    spent = after["flow"]["naval"]["spent"][uid]
    for audience in kernel.audiences(RULESET, state):
        old, new = kernel.view(RULESET, state, audience), kernel.view(RULESET, after, audience)
        ship = new["board"]["fleets"][uid]
        # the half's first force: number 1, the highest on the board, so in motion (6.43)
        assert ship == {**after["board"]["fleets"][uid], "nmp": spent, "force": 1}
        assert not {"spent", "force", "done", "force_id", "force_no"} & set(new["board"]["naval"])
        # (a search roll, 8.2, may add `/game/dice`: the kernel's, not the ship's)
        assert [op["path"] for op in make_patch(old, new)
                if not op["path"].startswith("/game/")] == [f"/board/fleets/{uid}"]
    # the next force: the first ship is done (6.43), still with the NMP it spent
    nxt = next(d for d in kernel.decisions(RULESET, after) if d.kind == "naval_move")
    other = next(i["action"] for i in kernel.expand_options(RULESET, after, seat, nxt.id, None)
                 if uid not in i["action"]["units"])
    later = kernel.apply(RULESET, after, seat, nxt.id, other, seed=SEED).state
    public = kernel.view(RULESET, later, "public")
    assert public["board"]["fleets"][uid] == {**later["board"]["fleets"][uid], "nmp": spent,
                                              "force": 1}
    assert {public["board"]["fleets"][u]["force"] for u in other["units"]} == {2}
    # ... and of the ships the patch of the second force touches the new force's only: the
    # first ship's entry, its number now below the highest, says "done" without an op (#27;
    # a dreadnought's fee, 7.25, may add `/board/naval/bb_fee`)
    ops = make_patch(kernel.view(RULESET, after, "public"), public)
    assert sorted(op["path"] for op in ops if op["path"].startswith("/board/fleets")) == sorted(
        f"/board/fleets/{u}" for u in other["units"])
    # the state keeps its own shape: the ruleset's per-ship facts stay in the naval flow
    assert uid in later["flow"]["naval"]["done"]
    assert set(later["board"]["fleets"][uid]) == {"at", "steps"}


def _fleets(force_no: dict[str, int], force: list[str], done: list[str]) -> dict[str, dict]:
    ships = sorted(set(force_no) | set(force) | set(done))
    state = {"board": {"fleets": {u: {"at": "10,6", "steps": 2} for u in ships}},
             "flow": {"naval": {"spent": {u: 3 for u in ships}, "force": force, "done": done,
                                "clearing": [], "force_no": force_no}}}
    return naval_fleets(state)


def test_bop_6_43_a_ships_move_is_said_only_where_its_force_number_would_mislead():
    """6.43 (issue #27): the ships of the highest force number are in motion, the others done;
    `move` says otherwise where that is wrong — a force stopped with none after it, a ship
    left behind by its force, a ship done with no number (back in port, 8.5), a ship out of
    its force and not done."""
    got = _fleets({"bri-bb1": 1, "bri-ca1": 2}, ["bri-ca1"], ["bri-bb1"])
    assert "move" not in got["bri-bb1"] and "move" not in got["bri-ca1"]
    # the force in motion stopped (7.4's interrupt ends it): its ships say they are done
    got = _fleets({"bri-bb1": 1, "bri-ca1": 2}, [], ["bri-bb1", "bri-ca1"])
    assert got["bri-ca1"]["move"] == "done" and "move" not in got["bri-bb1"]
    # left behind by its force, which sails on with the same number (7.33)
    got = _fleets({"bri-bb1": 1, "bri-ca1": 1}, ["bri-ca1"], ["bri-bb1"])
    assert got["bri-bb1"]["move"] == "done" and "move" not in got["bri-ca1"]
    # no number: done at the half's start (8.5), or a migrated half's earlier force
    got = _fleets({"bri-ca1": 1}, ["bri-ca1"], ["bri-bb1"])
    assert got["bri-bb1"]["move"] == "done" and "force" not in got["bri-bb1"]
    # out of an earlier force without being done: it may set out again
    got = _fleets({"bri-bb1": 1, "bri-ca1": 2}, ["bri-ca1"], [])
    assert got["bri-bb1"]["move"] == "free"
