"""Our JSON Patch differ, checked against jsonpatch's applier as an independent oracle."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.kernel.diff import apply_patch, make_patch

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5) | st.text(max_size=3),
    lambda children: st.lists(children, max_size=4)
    | st.dictionaries(st.sampled_from(["a", "b", "c/d", "e~f", ""]), children, max_size=4),
    max_leaves=20)
documents = st.dictionaries(st.sampled_from(["x", "y", "z"]), json_values, max_size=3)


@settings(max_examples=400, deadline=None)
@given(old=documents, new=documents)
def test_patch_applied_to_old_gives_new(old, new):
    assert apply_patch(old, make_patch(old, new)) == new


@settings(max_examples=100, deadline=None)
@given(doc=documents)
def test_equal_documents_give_an_empty_patch(doc):
    assert make_patch(doc, doc) == []


def test_small_edits_give_small_patches():
    old = {"board": {"units": {"a": "1,2", "b": "3,4"}}, "log": [1, 2], "flag": True}
    new = {"board": {"units": {"a": "1,3", "b": "3,4"}}, "log": [1, 2, 3], "flag": 1}
    assert make_patch(old, new) == [
        {"op": "replace", "path": "/board/units/a", "value": "1,3"},
        {"op": "replace", "path": "/flag", "value": 1},
        {"op": "add", "path": "/log/-", "value": 3},
    ]


def test_keys_with_slash_and_tilde_are_escaped():
    assert make_patch({"a/b": 1, "c~d": 1}, {"a/b": 2, "c~d": 2}) == [
        {"op": "replace", "path": "/a~1b", "value": 2},
        {"op": "replace", "path": "/c~0d", "value": 2},
    ]


def test_one_element_in_or_out_of_a_list_is_one_op_at_its_index():
    """Issue #27: a sorted list of ids gaining or losing one element (the pool, the units
    that moved) patches that element, not the whole list; True is never taken for 1."""
    old = {"pool": ["a", "c", "d"], "flags": [1, 2]}
    assert make_patch(old, {"pool": ["a", "b", "c", "d"], "flags": [1, 2]}) == [
        {"op": "add", "path": "/pool/1", "value": "b"}]
    assert make_patch(old, {"pool": ["a", "d"], "flags": [1, 2]}) == [
        {"op": "remove", "path": "/pool/1"}]
    assert make_patch(old, {"pool": ["a", "c", "d", "e"], "flags": [1, 2]}) == [
        {"op": "add", "path": "/pool/-", "value": "e"}]
    assert make_patch(old, {"pool": ["c", "d"], "flags": [1, 2]}) == [
        {"op": "remove", "path": "/pool/0"}]
    assert make_patch(old, {"pool": ["a", "c", "d"], "flags": [True, 2, 3]}) == [
        {"op": "replace", "path": "/flags", "value": [True, 2, 3]}]
    for new in ({"pool": ["a", "b", "c", "d"], "flags": [1, 2]}, {"pool": ["a"], "flags": []}):
        assert apply_patch(old, make_patch(old, new)) == new


def test_an_object_reissued_under_a_new_key_is_moved_and_patched_inside():
    """Issue #27: a decision asked again under a fresh id (FA's `…-land_move-russia-1` after
    `…-0`) is one `move` plus the fields that changed, not a `remove` and an `add` of the whole
    decision; an object that shares too little with the one going away is added whole, and so
    is one whose move and edits would be longer than that."""
    entry = {"id": "t2-land_move-russia-0", "kind": "land_move", "seats": ["russia"],
             "prompt": "Move a unit or stack",
             "options": [{"to": "1,2"}, {"to": "1,3"}] + [{"to": f"2,{n}"} for n in range(6)]}
    again = dict(entry, id="t2-land_move-russia-1", options=entry["options"][:1] + entry[
        "options"][2:])
    other = {"id": "t2-combat-germany-0", "kind": "combat", "seats": ["germany"],
             "prompt": "Attack", "options": [{"to": "1,2"}]}
    old = {"decisions": {"t2-land_move-russia-0": entry}}
    new = {"decisions": {"t2-land_move-russia-1": again}}
    assert make_patch(old, new) == [
        {"op": "move", "from": "/decisions/t2-land_move-russia-0",
         "path": "/decisions/t2-land_move-russia-1"},
        {"op": "replace", "path": "/decisions/t2-land_move-russia-1/id",
         "value": "t2-land_move-russia-1"},
        {"op": "remove", "path": "/decisions/t2-land_move-russia-1/options/1"},
    ]
    assert apply_patch(old, make_patch(old, new)) == new
    # BoP's violation question passing from the Central Powers' lead to the Entente's: most
    # fields alike, but two edits under the long new key outweigh the small entry (beside an
    # entry that stays, so that `/decisions` is not shorter sent again whole)
    stays = {"kind": "done", "seats": ["britain"], "prompt": "End your half " * 8}
    small = {"decisions": {"1914-08-f0-diplomacy-central-germany-violate": {
        "kind": "violate", "seats": ["germany"], "rule": "BoP 6.11", "a": 1, "b": 2},
        "stays": stays}}
    resmall = {"decisions": {"1914-08-f0-diplomacy-entente-france-violate": {
        "kind": "violate", "seats": ["germany"], "rule": "BoP 6.11", "a": 5, "b": 6},
        "stays": stays}}
    assert make_patch(small, resmall) == [
        {"op": "remove", "path": "/decisions/1914-08-f0-diplomacy-central-germany-violate"},
        {"op": "add", "path": "/decisions/1914-08-f0-diplomacy-entente-france-violate",
         "value": resmall["decisions"]["1914-08-f0-diplomacy-entente-france-violate"]}]
    old = {"decisions": {"t2-land_move-russia-0": entry, "stays": stays}}
    unrelated = {"decisions": {"t2-combat-germany-0": other, "stays": stays}}
    assert make_patch(old, unrelated) == [
        {"op": "remove", "path": "/decisions/t2-land_move-russia-0"},
        {"op": "add", "path": "/decisions/t2-combat-germany-0", "value": other},
    ]


def test_several_ids_in_or_out_of_a_list_patch_those_ids():
    """Issue #27: a sorted list of ids that gains or loses several (two corps to the pool, a
    menu paused or resumed in part) patches those elements when that is shorter than the list;
    one id replaced by another in place is one `replace`; a wholly new list is sent again."""
    pool = [f"ger-inf-{n:02}" for n in range(12)]
    more = sorted(pool + ["aus-cav-2", "rus-inf-20"])
    assert make_patch({"pool": pool}, {"pool": more}) == [
        {"op": "add", "path": "/pool/0", "value": "aus-cav-2"},
        {"op": "add", "path": "/pool/-", "value": "rus-inf-20"}]
    fewer = [uid for uid in pool if uid not in ("ger-inf-03", "ger-inf-07")]
    assert make_patch({"pool": pool}, {"pool": fewer}) == [
        {"op": "remove", "path": "/pool/3"}, {"op": "remove", "path": "/pool/6"}]
    swapped = [*pool[:5], "ger-inf-99", *pool[6:]]
    assert make_patch({"pool": pool}, {"pool": swapped}) == [
        {"op": "replace", "path": "/pool/5", "value": "ger-inf-99"}]
    other = [f"fra-inf-{n}" for n in range(3)]
    assert make_patch({"pool": pool}, {"pool": other}) == [
        {"op": "replace", "path": "/pool", "value": other}]
    for new in (more, fewer, swapped, other, pool[::2] + ["zz"], [True, 0, None, "a"]):
        assert apply_patch({"pool": pool}, make_patch({"pool": pool}, {"pool": new})) == {
            "pool": new}


@settings(max_examples=300, deadline=None)
@given(old=st.lists(st.sampled_from(["a", "b", "c", 1, False, None, 0.5]), max_size=12),
       new=st.lists(st.sampled_from(["a", "b", "c", 1, False, None, 0.5]), max_size=12))
def test_lists_of_scalars_patch_exactly(old, new):
    """(Without both True and 1, or False and 0: Python's == takes them for equal, and the
    differ's first check with them, at any depth, is that ==.)"""
    ops = make_patch({"x": old}, {"x": new})
    patched = apply_patch({"x": old}, ops)
    assert patched == {"x": new} and [type(v) for v in patched["x"]] == [type(v) for v in new]


def test_a_small_object_changed_in_several_places_is_sent_again_whole_when_shorter():
    """Issue #27: a ship that moved, spent its movement and joined the moving force is one
    `replace` of its entry, not three edits with its path three times; one change stays one
    edit, and a big object is still patched inside."""
    path_heavy = {"fleets": {"ger-ub1": {"at": "8,-2", "steps": 2}}}
    moved = {"fleets": {"ger-ub1": {"at": "16,4", "steps": 2, "spent": 1, "moving": True}}}
    assert make_patch(path_heavy, moved) == [
        {"op": "replace", "path": "/fleets/ger-ub1",
         "value": {"at": "16,4", "steps": 2, "spent": 1, "moving": True}}]
    assert make_patch(path_heavy, {"fleets": {"ger-ub1": {"at": "16,4", "steps": 2}}}) == [
        {"op": "replace", "path": "/fleets/ger-ub1/at", "value": "16,4"}]
    wide = {f"u{n}": {"at": "1,1"} for n in range(20)}
    ops = make_patch({"units": wide},
                     {"units": {**wide, "u1": {"at": "2,2"}, "u2": {"at": "3,3"}}})
    assert [op["path"] for op in ops] == ["/units/u1/at", "/units/u2/at"]
    assert apply_patch(path_heavy, make_patch(path_heavy, moved)) == moved
