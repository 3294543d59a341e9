"""`kernel.copy_json`, the copy every step works on: independent dicts and lists, leaves and
anything that is not a dict or list shared, key order kept, subclasses copied as plain ones."""

from collections import OrderedDict

from engine.kernel.game import copy_json


def test_copy_json_copies_every_dict_and_list_at_every_depth():
    shared = ("a", "tuple")
    original = {"z": 1, "a": {"units": [{"id": "u1", "hex": "1,2"}, [1, [2, {"deep": True}]]]},
                "none": None, "text": "x", "kept": shared}
    copied = copy_json(original)
    assert copied == original
    assert list(copied) == ["z", "a", "none", "text", "kept"]
    assert copied["kept"] is shared
    copied["a"]["units"][0]["hex"] = "3,4"
    copied["a"]["units"][1][1][1]["deep"] = False
    copied["a"]["units"].append("more")
    assert original == {"z": 1, "a": {"units": [{"id": "u1", "hex": "1,2"},
                                                [1, [2, {"deep": True}]]]},
                        "none": None, "text": "x", "kept": shared}


def test_copy_json_copies_dict_and_list_subclasses_as_plain_ones():
    original = {"ordered": OrderedDict(b=[1]), "items": [OrderedDict(a=1)]}
    copied = copy_json(original)
    assert type(copied["ordered"]) is dict and type(copied["items"][0]) is dict
    copied["ordered"]["b"].append(2)
    assert original["ordered"]["b"] == [1]
    assert type(copy_json(OrderedDict(x={"y": 1}))) is dict
