"""BoP 5.32-5.35 — strategic naval warfare in the seasonal turn (strategic_naval.py, ruling
102): the worked examples of 5.323 and 5.33 with scripted dice on our Sea Chart, the blockade,
Stockholm, and 12.3's seasonal turn with its fixed Strategic Warfare and the ships at sea."""

from __future__ import annotations

from engine.kernel import Roller
from engine.rulesets.balance_of_powers import admiralty, economy, naval, strategic_naval
from engine.rulesets.balance_of_powers.fleets import SHIPS, radius
from engine.rulesets.balance_of_powers.price_of_admiralty import initial as initial_12_6
from engine.rulesets.balance_of_powers.ruleset import RULESET
from engine.rulesets.balance_of_powers.scenarios import STORM_OF_STEEL
from engine.rulesets.balance_of_powers.sequence import SEASON_BEFORE
from engine.rulesets.balance_of_powers.theatre import SCENARIO_MAP, theatre
from tests.engine.scripted_dice import ScriptedDice

TH = theatre(SCENARIO_MAP)
HEX = {label: loc for loc, label in TH.label.items()}
SEATS = ["austria_hungary", "britain", "france", "germany", "russia"]
MID, NORTH, NORWEGIAN = "mid-atlantic-box", "north-atlantic-box", "norwegian-sea-box"


def storm():
    return RULESET.setup(STORM_OF_STEEL, {}, SEATS, Roller(1, "t", 0))


def admiralty_game():
    return initial_12_6(SCENARIO_MAP, {})


# --- 5.32 submarine warfare ------------------------------------------------------------------

def test_bop_5_323_example_two_uboat_steps_in_the_mid_atlantic_under_usw_cost_britain_one_rp():
    """Germany has two U-boat steps in the Mid Atlantic, holds Ostend, second season of USW:
    rolls 2, -1 for USW = 1, one below the two steps: Britain loses 1 RP; then ASW, then home."""
    state = admiralty_game()
    fleets = state["board"]["fleets"]
    fleets["ger-ub1"]["at"] = MID                       # one full-strength U-boat: two steps
    state["board"]["control"][TH.place_loc["ostend"]] = "germany"
    britain = state["powers"]["britain"]["rp"]
    dice = ScriptedDice({f"submarine warfare {MID} 1d6": [2], "ASW 3d6": [6, 5, 4]})
    events = strategic_naval.submarine_warfare(state, TH, dice, usw_season=2)
    assert dice.left() == {}
    roll = events[0].data
    assert (roll["steps"], roll["roll"], roll["modifiers"], roll["final"], roll["loss"]) == (
        2, 2, {"usw": -1}, 1, 1)
    assert state["powers"]["britain"]["rp"] == britain - 1
    # 5.324: the Entente's ASW roll (15, not below 8: no hit), the track rises; 8.5: home
    assert [e.kind for e in events[1:]] == ["asw", "naval_returned"]
    assert state["naval"]["asw"] == 9 and fleets["ger-ub1"]["steps"] == 2
    assert naval.port_side(state, TH, fleets["ger-ub1"]["at"]) == "central"


def test_bop_5_323_the_mid_atlantic_roll_is_worse_without_a_german_channel_port():
    state = admiralty_game()
    state["board"]["fleets"]["ger-ub1"]["at"] = MID
    dice = ScriptedDice({f"submarine warfare {MID} 1d6": [1], "ASW 3d6": [6, 6, 5]})
    events = strategic_naval.submarine_warfare(state, TH, dice)
    # no Belgian, French or Dutch port in German hands: +1, so 1 + 1 = 2, not below 2 steps
    assert events[0].data["modifiers"] == {"no_channel_port": 1}
    assert events[0].data["loss"] == 0 and events[0].data["rp_lost"] == 0


def test_bop_5_323_example_austria_hungary_six_steps_in_the_mediterranean_cost_britain_four():
    """Three full-strength Austro-Hungarian U-boats south of the Athens-Bari line (six steps),
    no USW: rolls 3, -1 for the Mediterranean = 2: Britain loses 4. The Mediterranean grey
    space is on the South Europe map, which we do not have: the location's roll is checked."""
    mods = strategic_naval.uboat_modifiers(strategic_naval.MEDITERRANEAN)
    assert mods == {"mediterranean": -1}
    dice = ScriptedDice({"submarine warfare mediterranean 1d6": [3]})
    roll = strategic_naval.uboat_roll(dice, strategic_naval.MEDITERRANEAN, 6, mods)
    assert (roll["final"], roll["loss"]) == (2, 4)


def test_bop_5_323_usw_wanes_steps_stop_at_six_and_the_roll_never_goes_below_zero():
    assert [strategic_naval.uboat_modifiers(MID, usw_season=n).get("usw", 0)
            for n in range(1, 8)] == [-1, -1, -1, -1, -2, 0, 0]
    assert strategic_naval.uboat_modifiers(NORTH) == {"north_atlantic": 1}
    dice = ScriptedDice({f"submarine warfare {MID} 1d6": [1]})
    roll = strategic_naval.uboat_roll(dice, MID, 8, {"usw": -2, "antwerp": -1})
    assert (roll["steps"], roll["final"], roll["loss"]) == (6, 0, 6)


# --- 5.33 surface raiders --------------------------------------------------------------------

def test_bop_5_33_example_a_light_cruiser_raids_beside_a_british_port_box_and_stays_at_sea():
    """A German CL (printed radius 9) in an ocean box next to a British port box rolls 2d6 and
    costs Britain 1 RP below 9; in a box next to no British port box it does not roll. On our
    chart: the Norwegian Sea touches Scapa Flow, the Gulf of Finland touches no British port."""
    state = storm()
    fleets = state["board"]["fleets"]
    fleets["ger-cl3"]["at"] = NORWEGIAN
    fleets["ger-cl4"]["at"] = "gulf-of-finland-box"
    assert radius("ger-cl3") == 9 and SHIPS["ger-cl3"].kind == "CL"
    assert strategic_naval.raider_boxes(state, TH) == [NORWEGIAN]
    britain = state["powers"]["britain"]["rp"]
    dice = ScriptedDice({f"surface raiders {NORWEGIAN} 2d6": [4, 4, 4, 5]})
    first = strategic_naval.surface_raiders(state, TH, dice)
    assert [e.data["rp_lost"] for e in first] == [1]                      # 8 < 9
    assert state["powers"]["britain"]["rp"] == britain - 1
    assert fleets["ger-cl3"]["at"] == NORWEGIAN                         # no return to port
    assert strategic_naval.surface_raiders(state, TH, dice)[0].data["rp_lost"] == 0  # 9
    assert dice.left() == {}


def test_bop_5_33_one_roll_a_box_on_the_highest_radius_and_never_from_a_grey_space():
    state = storm()
    fleets = state["board"]["fleets"]
    fleets["ger-cl3"]["at"] = fleets["ger-ca1"]["at"] = NORWEGIAN       # radius 9 and 6
    fleets["ger-cl4"]["at"] = HEX["1305"]                               # the North Sea
    dice = ScriptedDice({f"surface raiders {NORWEGIAN} 2d6": [6, 2]})
    events = strategic_naval.surface_raiders(state, TH, dice)
    assert len(events) == 1 and events[0].data["radius"] == 9
    assert events[0].data["rp_lost"] == 1                               # 8 < 9 (not < 6)


# --- 5.34 blockade ---------------------------------------------------------------------------

def _close_ring(state):
    """British surface ships on the water of every German port hex of our map."""
    ports = sorted(p for p in TH.ports if TH.home.get(p) == "germany")
    ships = sorted(u for u in state["board"]["fleets"] if u.startswith("bri-"))
    for port, ship in zip(ports, ships, strict=False):
        state["board"]["fleets"][ship]["at"] = sorted(admiralty.port_waters(TH, port))[0]
    return ports, ships


def test_bop_5_342_close_blockade_needs_a_ship_off_every_home_port():
    state = storm()
    ports, ships = _close_ring(state)
    assert len(ports) == 9
    assert strategic_naval.close_blockade(state, TH, "germany")
    # Austria-Hungary has no port on North Europe: no close blockade on our map
    assert not strategic_naval.close_blockade(state, TH, "austria_hungary")
    events = strategic_naval.blockade(state, TH)
    assert [(e.data["nation"], e.data["close"], e.data["loss"]) for e in events] == [
        ("germany", True, 4)]                                            # 1916
    kiel = HEX["1911"]                                                  # one port left open
    for ship in ships:
        if state["board"]["fleets"][ship]["at"] in admiralty.port_waters(TH, kiel):
            state["board"]["fleets"][ship]["at"] = "scapa-flow-box"
    assert not strategic_naval.close_blockade(state, TH, "germany")
    assert strategic_naval.blockade(state, TH) == []


def test_bop_5_343_distant_blockade_of_germany_two_steps_in_each_exit_box():
    state = storm()
    fleets = state["board"]["fleets"]
    fleets["bri-ca3"]["at"] = MID
    fleets["bri-ca4"]["at"] = NORWEGIAN
    assert strategic_naval.distant_blockade(state, TH, "germany")
    fleets["bri-ca4"]["steps"] = 1                                       # one step only
    assert not strategic_naval.distant_blockade(state, TH, "germany")
    fleets["bri-ca5"]["at"] = NORWEGIAN
    assert strategic_naval.distant_blockade(state, TH, "germany")
    assert not strategic_naval.distant_blockade(state, TH, "austria_hungary")
    germany = state["powers"]["germany"]["rp"]
    events = strategic_naval.blockade(state, TH)
    assert [(e.data["nation"], e.data["distant"]) for e in events] == [("germany", True)]
    assert state["powers"]["germany"]["rp"] == max(0, germany - 4)


def test_bop_5_344_blockade_losses_by_year_and_the_dutch_windpipe():
    state = storm()
    assert [strategic_naval.blockade_loss(state, "germany", y) for y in range(1914, 1920)] == [
        1, 2, 4, 8, 16, 32]
    assert [strategic_naval.blockade_loss(state, "ottoman", y) for y in range(1914, 1920)] == [
        0, 1, 2, 4, 8, 16]
    state["powers"]["netherlands"]["violated_by"] = "central"
    assert strategic_naval.blockade_loss(state, "germany", 1916) == 6
    assert strategic_naval.blockade_loss(state, "austria_hungary", 1916) == 4


# --- 5.35 Stockholm --------------------------------------------------------------------------

def test_bop_5_35_british_submarines_off_stockholm_cost_germany_two_then_face_asw():
    state = storm()
    fleets = state["board"]["fleets"]
    fleets["bri-ss1"] = {"at": "stockholm-box", "steps": 2}     # 12.3 lists no submarines
    germany = state["powers"]["germany"]["rp"]
    dice = ScriptedDice({"Stockholm 1d6": [1], "ASW 3d6": [6, 6, 6]})
    events = strategic_naval.stockholm(state, TH, dice)
    assert dice.left() == {}
    assert events[0].data["roll"] == 1 and events[0].data["rp_lost"] == 2     # 1 < 2 steps
    assert state["powers"]["germany"]["rp"] == germany - 2
    # 5.324: the Central Powers' ASW roll leaves the track alone; 8.5: the boat goes home
    assert [e.kind for e in events[1:]] == ["asw", "naval_returned"] and state["naval"]["asw"] == 7
    assert naval.port_side(state, TH, fleets["bri-ss1"]["at"]) == "entente"


def test_bop_5_35_needs_two_submarine_steps_and_a_russian_port_and_holding_stockholm_costs_three():
    state = storm()
    fleets = state["board"]["fleets"]
    fleets["bri-ss1"] = {"at": "stockholm-box", "steps": 1}
    assert strategic_naval.stockholm(state, TH, ScriptedDice({})) == []       # one step
    fleets["bri-ss1"]["steps"] = 2
    for port in TH.ports:
        if TH.home.get(port) == "russia" and port in TH.label and TH.label[port][0].isdigit():
            state["board"]["control"][port] = "germany"
    assert strategic_naval.stockholm(state, TH, ScriptedDice({})) == []       # no Russian port
    state["board"]["control"]["stockholm-box"] = "russia"                     # Sweden violated
    germany = state["powers"]["germany"]["rp"]
    events = strategic_naval.stockholm(state, TH, ScriptedDice({}))
    assert events[0].data["held"] and events[0].data["rp_lost"] == 3
    assert state["powers"]["germany"]["rp"] == germany - 3


# --- the seasonal turn -----------------------------------------------------------------------

def test_bop_5_3_12_3_seasonal_turn_fixed_losses_then_the_raiders_and_a_report_per_power():
    """12.3's Strategic Warfare stands for 5.32 and 5.34 (ruling 102); a German cruiser left
    in the Norwegian Sea raids in the spring 1916 seasonal turn; the report names each power's
    losses by section."""
    state = storm()
    state["flow"]["month"] = "1916-03"
    state["board"]["fleets"]["ger-cl3"]["at"] = NORWEGIAN
    for ship in ("bri-ca3", "bri-ca4"):                         # a distant blockade: fixed anyway
        state["board"]["fleets"][ship]["at"] = MID if ship == "bri-ca3" else NORWEGIAN
    dice = ScriptedDice({f"surface raiders {NORWEGIAN} 2d6": [1, 2]})
    economy.begin_seasonal(state, dice)                          # 5.21: the income first
    events = economy.begin_reductions(state, dice)
    assert dice.left() == {}
    kinds = [e.kind for e in events]
    assert "blockade" not in kinds and "submarine_warfare" not in kinds
    report = events[-1]
    assert report.kind == "strategic_naval_report" and report.data["fixed"] == ["5.32", "5.34"]
    powers = report.data["powers"]
    assert {n: p["losses"] for n, p in powers.items()} == {
        "austria_hungary": {"5.34": 4}, "britain": {"5.32": 4, "5.33": 1},
        "germany": {"5.34": 4}}
    assert powers["britain"]["rp"] == state["powers"]["britain"]["rp"]


def test_bop_5_3_no_navies_no_strategic_naval_warfare_and_12_6_has_no_seasonal_turn():
    state = RULESET.setup("before-the-leaves-fall", {}, ["austria_hungary", "france", "germany",
                                                         "russia"], Roller(1, "t", 0))
    assert "fleets" not in state["board"]
    assert strategic_naval.seasonal_naval_warfare(state, TH, ScriptedDice({}), []) == []
    # 12.6 is May 1916 alone: no seasonal turn falls in it (2.1), so 5.32-5.35 never arise
    game = admiralty_game()
    assert game["flow"]["month"] == "1916-05" and "1916-05" not in SEASON_BEFORE
    assert economy.begin_reductions(game, ScriptedDice({})) == []


def test_bop_5_33_12_3_a_cruiser_sent_to_the_norwegian_sea_in_february_raids_in_the_spring():
    """The whole chain: February's General Quarters send Germany's CL 1 from Wilhelmshaven to
    the Norwegian Sea; it is still there at the spring 1916 seasonal turn, where the
    reductions roll its raid with the game's own dice after 12.3's fixed losses."""
    from engine.kernel import apply, decisions, new_game
    seed = b"s" * 32
    state, _ = new_game(RULESET, STORM_OF_STEEL, {}, SEATS, seed, "raid-test")
    events = []
    sailed = False
    for _ in range(3000):
        if any(e.kind == "strategic_naval_report" for e in events):
            break
        open_now = [d for d in decisions(RULESET, state) if not d.revisable]
        d = open_now[0]
        seat = d.seats[0]
        kinds = {x.kind: x for x in open_now if seat in x.seats}
        if not sailed and "naval_move" in kinds and seat == "germany":
            d, choice, sailed = kinds["naval_move"], {"units": ["ger-cl1"],
                                                      "to": NORWEGIAN}, True
        elif "done" in kinds:
            d, choice = kinds["done"], {"done": True}
        else:
            choice = list(d.options)[0] if d.options is not None else [
                i["action"] for i in RULESET.options(state, seat, d, None)][0]
        outcome = apply(RULESET, state, seat, d.id, choice, seed=seed)
        state = outcome.state
        events += outcome.events
    assert sailed and state["board"]["fleets"]["ger-cl1"]["at"] == NORWEGIAN
    raid = [e for e in events if e.kind == "surface_raid"]
    assert len(raid) == 1 and raid[0].data["at"] == NORWEGIAN and raid[0].data["radius"] == 9
    assert raid[0].data["rp_lost"] == (1 if sum(raid[0].data["dice"]) < 9 else 0)
    report = [e for e in events if e.kind == "strategic_naval_report"][0].data
    assert report["powers"]["britain"]["losses"] == {"5.32": 4, "5.33": raid[0].data["rp_lost"]}
    assert report["powers"]["germany"]["losses"] == {"5.34": 4}
    assert report["powers"]["britain"]["rp"] == state["powers"]["britain"]["rp"]
