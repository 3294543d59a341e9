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
    decision; an object that shares too little with the one going away is added whole."""
    entry = {"id": "t2-land_move-russia-0", "kind": "land_move", "seats": ["russia"],
             "prompt": "Move a unit or stack", "options": [{"to": "1,2"}, {"to": "1,3"}]}
    again = dict(entry, id="t2-land_move-russia-1", options=[{"to": "1,2"}])
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
    unrelated = {"decisions": {"t2-combat-germany-0": other}}
    assert make_patch(old, unrelated) == [
        {"op": "remove", "path": "/decisions/t2-land_move-russia-0"},
        {"op": "add", "path": "/decisions/t2-combat-germany-0", "value": other},
    ]
