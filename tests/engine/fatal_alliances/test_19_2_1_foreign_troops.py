"""FA 19.2.1 — foreign troop commitment: Russian units (which do not co-operate with France,
19.1) enter France only with a Russian HQ there whose printed reorganisation value covers
their non-HQ units (divisions ½). The same limit binds the BEF in France."""

from engine.rulesets.fatal_alliances import combat as cb
from engine.rulesets.fatal_alliances.foreign_troops import commitment_met, foreign_host
from engine.rulesets.fatal_alliances.movement import destinations
from engine.rulesets.fatal_alliances.sequence import Step

from .positions import Dice, corps, division, hq, position

# Columns 0–2 German, 3–4 Russian, 5–6 French.
FRANCE = {f"{q},{r}": "france" for q in (5, 6) for r in range(5)}
CITIES = {"0,2": ["city"], "3,2": ["city"], "6,2": ["city"]}


def allied(units, **kw):
    s = position(units, countries=FRANCE, features=CITIES, **kw)
    board = s["board"]
    board["sides"]["france"] = "entente"
    board["active"] = sorted(set(board["active"]) | {"france"})
    board["wars"] = sorted(set(board["wars"]) | {"france|germany"})
    return s


def french_hexes(found):
    return sorted(h for h in found if h in FRANCE)


def test_fa_19_2_1_france_is_foreign_to_russia_but_not_to_france():
    s = allied([corps("ru", "russia", "4,2")])
    assert foreign_host(s, "russia", "5,2") == "france"
    assert foreign_host(s, "france", "5,2") is None
    assert foreign_host(s, "russia", "4,2") is None          # its own home country
    assert foreign_host(s, "germany", "5,2") is None         # an enemy's: invasion, not 19.2


def test_fa_19_2_1_a_corps_without_an_hq_may_not_enter_the_foreign_home_country():
    s = allied([corps("ru", "russia", "4,2")])
    assert french_hexes(destinations(s, ["ru"])) == []
    assert "3,2" in destinations(s, ["ru"])                  # home ground stays open


def test_fa_19_2_1_a_corps_moving_with_its_hq_enters_within_the_hqs_value():
    s = allied([corps("ru", "russia", "4,2"), hq("rh", "russia", "4,2", reorg=1)])
    assert "5,2" in destinations(s, ["ru", "rh"])


def test_fa_19_2_1_the_hqs_printed_value_caps_the_units_there_divisions_count_half():
    """HQ value 2 in France with one corps there: one more corps fits (2), a corps and a
    division would not (2½); with value 1 not even a division fits (1½)."""
    there = [hq("rh", "russia", "5,2", reorg=2), corps("r1", "russia", "5,1")]
    s = allied(there + [corps("r2", "russia", "4,2"), division("rd", "russia", "4,3")])
    units = s["board"]["units"]
    assert commitment_met(s, "france", [units["r2"]])
    assert not commitment_met(s, "france", [units["r2"], units["rd"]])
    assert "5,3" in destinations(s, ["r2"])
    s = allied([hq("rh", "russia", "5,2", reorg=1), corps("r1", "russia", "5,1"),
                division("rd", "russia", "4,3")])
    assert french_hexes(destinations(s, ["rd"])) == []


def test_fa_19_2_1_units_already_there_move_on_inside_the_country():
    """The limit is checked on entry: a unit inside France (here with no HQ left) may still
    move within it."""
    s = allied([corps("r1", "russia", "5,1")])
    assert "6,1" in destinations(s, ["r1"])


def test_fa_19_2_1_no_retreat_or_advance_into_the_foreign_country_beyond_the_limit():
    s = allied([corps("ge", "germany", "3,2"), corps("ru", "russia", "4,2"),
                corps("ge2", "germany", "3,3")], step=Step.LAND_COMBAT, width=7)
    retreat = cb.retreat_options(s, s["board"]["units"]["ru"], {"4,2"})
    assert not any(h in FRANCE for h in retreat)
    # A German advance into Russia is an enemy country: no limit.
    assert ["ge"] in cb.advance_options(s, ["ge"], "4,2")


def test_fa_19_2_1_the_bef_crosses_to_france_behind_its_hq():
    """The campaign: the Commonwealth does not co-operate with France (19.1), so II Corps
    may not sail from Dover to Calais (naval transport, version 14: R-N24) until the BEF HQ
    (value 2) is in France; then two corps fit and a third unit does not."""
    from engine.rulesets.fatal_alliances.campaign import run_script
    from engine.rulesets.fatal_alliances.naval_move import naval_options
    from engine.rulesets.fatal_alliances.sequence import move_to

    from .test_22_scenarios import campaign
    state = campaign()
    state["flow"].update(turn=1, impulse=3, active_side="entente")
    run_script(state)
    state["flow"]["actions"] = {"britain": "naval"}
    state["flow"]["used"] = {"britain": {}}
    move_to(state, Step.NAVAL_MOVE.value)
    units = state["board"]["units"]
    for other in units.values():                 # make room in Calais
        if other["hex"] == "24,10":
            other["hex"] = None
    assert foreign_host(state, "britain", "24,10") == "france"

    def to_calais():
        return [o["cargo"] for o in naval_options(state, "britain")
                if o.get("to_port") == "calais" and "br-ii" in o.get("cargo", [])]
    assert to_calais() == []
    units["br-bef-hq"]["hex"] = "24,10"          # the HQ crossed first
    assert ["br-ii"] in to_calais()
    units["br-i"]["hex"] = "24,11"
    units["br-ii"]["hex"] = "25,10"
    assert not commitment_met(state, "france", [units["br-cav"]])   # 2½ against 2


# --- the end of the step, a forced retreat, minors in minors ----------------------------------

def test_fa_19_2_1_a_unit_that_came_in_this_step_is_destroyed_when_its_cover_leaves():
    """FA 19.2.1: a unit that ends a step in the host's country is destroyed unless it started
    the step there or the limit is met. ru crossed into France behind HQ rh; rh then left
    France in the same step: ru is destroyed (to the pool, no morale); r0, in France since
    before the step, stays."""
    from engine.rulesets.fatal_alliances.commitment import check_end, note_start
    s = allied([hq("rh", "russia", "5,2", reorg=1), corps("ru", "russia", "4,2"),
                corps("r0", "russia", "6,1")])
    s["board"]["pool"]["russia"] = []
    morale_before = dict(s["board"]["morale_points"])
    note_start(s, Dice())
    units = s["board"]["units"]
    units["ru"]["hex"] = "5,1"               # entered within rh's value …
    units["rh"]["hex"] = "4,2"               # … and rh went home
    events = check_end(s, Dice())
    assert [e.kind for e in events][-1] == "foreign_troops_destroyed"
    assert events[-1].data == {"power": "russia", "host": "france", "units": ["ru"]}
    assert units["ru"]["hex"] is None and "ru" in s["board"]["pool"]["russia"]
    assert units["r0"]["hex"] == "6,1"
    assert s["board"]["morale_points"] == morale_before
    assert s["flow"]["foreign_start"] is None


def test_fa_19_2_1_a_unit_within_the_limit_at_the_end_of_the_step_stays():
    from engine.rulesets.fatal_alliances.commitment import check_end, note_start
    s = allied([hq("rh", "russia", "5,2", reorg=1), corps("ru", "russia", "4,2")])
    note_start(s, Dice())
    s["board"]["units"]["ru"]["hex"] = "5,1"
    assert check_end(s, Dice()) == []
    assert s["board"]["units"]["ru"]["hex"] == "5,1"


def test_fa_19_2_1_the_steps_that_move_units_note_their_start_and_check_their_end():
    """The rail, land movement and land combat steps carry the check (and nothing else)."""
    from engine.rulesets.fatal_alliances.commitment import note_start
    from engine.rulesets.fatal_alliances.steps import FLOW
    carrying = sorted(name for name, step in FLOW.steps.items() if step.begin is note_start)
    assert carrying == sorted([Step.RAIL.value, Step.LAND_MOVE.value, Step.LAND_COMBAT.value])


def test_fa_19_2_1_a_retreat_whose_only_way_exceeds_the_limit_shatters_instead():
    """FA 19.2.1: "if a unit has no choice except to exceed the limits (e.g. retreats), it is
    shattered instead of destroyed". The Russian corps at 4,2 must retreat; German corps at
    3,2 and 3,3 hold or cover every Russian hex around it, and the only other hexes are in
    France, where Russia has no HQ: it goes to the production circle, not the pool."""
    from engine.rulesets.fatal_alliances.resolution import advance_combat
    s = allied([corps("g1", "germany", "3,2"), corps("g2", "germany", "3,3"),
                corps("ru", "russia", "4,2")], step=Step.LAND_COMBAT)
    ru = s["board"]["units"]["ru"]
    assert cb.retreat_options(s, ru, {"4,2"}) == []
    assert cb.retreat_options(s, ru, {"4,2"}, foreign_limit=False) == ["5,1", "5,2"]
    s["flow"]["combat"] = {
        "number": 1, "declarer": "germany", "defender": "russia", "target": "4,2",
        "attackers": ["g1"], "defenders": ["ru"], "reserve": [], "hq_flips": [],
        "result": {"face": "*", "att": 0, "def": 0, "effect": "R"}, "phase": "after_losses"}
    events = []
    advance_combat(s, Dice(), events)
    shattered = next(e for e in events if e.kind == "shattered")
    assert shattered.rule == "FA 19.2.1" and shattered.data["unit"] == "ru"
    assert ru["hex"] is None and "ru" not in s["board"]["pool"]["russia"]
    assert [e["unit"] for e in s["board"]["production_circle"]] == ["ru"]
    assert not any(e.kind == "unit_destroyed" for e in events)


# Serbia (column 4) and Montenegro (columns 5–6), both aligned with Russia.
MINORS = {**{f"4,{r}": "serbia" for r in range(5)},
          **{f"{q},{r}": "montenegro" for q in (5, 6) for r in range(5)}}


def minors(units):
    s = position(units, countries=MINORS, features=CITIES)
    s["board"]["aligned"] = {"serbia": "russia", "montenegro": "russia"}
    return s


def test_fa_19_2_1_a_minors_units_enter_another_aligned_minor_only_within_the_limit():
    """FA 19.2.1 / 11.9: "minor country land units can't move into another minor country
    aligned with their side unless they satisfy the foreign troop commitment limit on
    entry": a Serbian corps may not enter Montenegro alone, and may behind a Serbian HQ."""
    s = minors([corps("sb", "serbia", "4,2")])
    assert foreign_host(s, "serbia", "5,2") == "montenegro"
    assert foreign_host(s, "serbia", "4,1") is None          # its own country
    assert not any(h.startswith(("5,", "6,")) for h in destinations(s, ["sb"]))
    s = minors([corps("sb", "serbia", "4,2"), hq("sh", "serbia", "4,2", reorg=1)])
    assert "5,2" in destinations(s, ["sb", "sh"])


def test_fa_19_2_1_a_majors_units_in_an_aligned_minor_have_no_limit():
    """19.2.1 limits majors only in friendly majors' home countries: Russian units enter
    Montenegro freely."""
    s = minors([corps("ru", "russia", "4,2")])
    assert foreign_host(s, "russia", "5,2") is None
    assert "5,2" in destinations(s, ["ru"])
