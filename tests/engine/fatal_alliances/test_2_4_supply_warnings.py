"""FA 2.4 — supply as the page shows it (issue #18's supply warnings): every land unit's
`supplied` in the view, for every audience (land positions are open, so supply is too), and
each listed land move that would end out of supply marked `supplied: False` before Confirm."""

from engine import kernel
from engine.rulesets.fatal_alliances import RULESET
from engine.rulesets.fatal_alliances.steps import settle
from engine.rulesets.fatal_alliances.supply import supplied_hexes

from .positions import corps, position

SEED = b"\1" * 32


def _cut_off_and_fed():
    # City at 0,2: in fine weather a basic path of 4 hexes reaches 4,2, not 5,2 (2.4.2.1).
    return position([corps("fed", "germany", "2,2"), corps("cut", "germany", "7,2")],
                    features={"0,2": ["city"]}, width=10, split=10)


def test_fa_2_4_the_view_says_which_land_units_are_out_of_supply_to_every_audience():
    s = _cut_off_and_fed()
    for audience in kernel.audiences(RULESET, s):
        units = kernel.view(RULESET, s, audience)["board"]["units"]
        assert units["fed"]["supplied"] is True, audience
        assert units["cut"]["supplied"] is False, audience


def test_fa_2_4_4_an_hq_s_emergency_supply_counts_in_the_view():
    s = _cut_off_and_fed()
    s["flow"]["emergency"] = {"cut": "some-hq"}
    assert kernel.view(RULESET, s, "seat:germany")["board"]["units"]["cut"]["supplied"] is True


def test_fa_2_4_a_listed_move_that_ends_out_of_supply_is_marked():
    s = _cut_off_and_fed()
    settle(s)
    d = next(d for d in kernel.decisions(RULESET, s) if d.kind == "land_move")
    items = kernel.expand_options(RULESET, s, "germany", d.id, None)
    fed_moves = {i["action"]["to"]: i for i in items if i["action"].get("units") == ["fed"]}
    supplied = supplied_hexes(s, "germany")
    assert {"4,2", "5,2"} <= set(fed_moves), sorted(fed_moves)
    assert "supplied" not in fed_moves["4,2"]                # 4 hexes from the city
    assert fed_moves["5,2"]["supplied"] is False             # 5: beyond the basic path
    for to, item in fed_moves.items():
        assert item.get("supplied", True) == (to in supplied), to
    # Only the action is sent: the mark never reaches validation.
    out = kernel.apply(RULESET, s, "germany", d.id, fed_moves["5,2"]["action"], seed=SEED)
    assert kernel.view(RULESET, out.state, "seat:russia")["board"]["units"]["fed"]["supplied"] is False
