"""BoP 3: supply sources, overland paths, consequences and the commissariat (6.6)."""

from __future__ import annotations

from engine.rulesets.balance_of_powers import supply

from .helpers import Dice, grid, hx, position

# The supply example (3.121) with the rulebook's hex numbers; the graphic is lost, so the rail
# art is laid out to match the text: Germans west of column 35, Russians east of it.
EXAMPLE = grid(40, 20, name="t-03-example",
               country={f"{c:02d}{r:02d}": "russia" for c in range(35, 41) for r in range(1, 21)},
               default="germany",
               rail=[["3215", "3115", "3016"], ["3416", "3316", "3216", "3116", "3017"],
                     ["3717", "3817", "3916"]],
               places={"breslau": {"at": "3017"}, "thorn": {"at": "3316", "fortress": True},
                       "warsaw": {"at": "3717"}, "novogeorgievsk": {"at": "3617",
                                                                     "fortress": True},
                       "lomza": {"at": "3915"}, "berlin": {"at": "2505", "capital": True}})


def supplied(state, th):
    return supply.supply_status(state, th)


def test_bop_3_121_example_traces():
    state = position(EXAMPLE, {"ger-inf-2": "3214", "ger-inf-3": "3416", "rus-inf-14": "4012",
                               "rus-inf-15": "3516", "rus-inf-16": "3915"})
    assert supplied(state, EXAMPLE) == {"ger-inf-2": True, "ger-inf-3": True,
                                        "rus-inf-14": False, "rus-inf-15": True,
                                        "rus-inf-16": True}


def test_bop_3_121_example_russian_unit_in_thorn_cuts_the_third_corps():
    state = position(EXAMPLE, {"ger-inf-3": "3416", "rus-inf-1": "3316"})
    assert supplied(state, EXAMPLE)["ger-inf-3"] is False


def test_bop_3_1_in_or_adjacent_to_a_source_is_supplied():
    state = position(EXAMPLE, {"rus-inf-1": "3718", "rus-inf-2": "3717"})
    assert supplied(state, EXAMPLE) == {"rus-inf-1": True, "rus-inf-2": True}


def test_bop_3_121_path_only_through_friendly_controlled_hexes():
    state = position(EXAMPLE, {"rus-inf-16": "3915"})
    state["board"]["control"][hx(EXAMPLE, "3817")] = "germany"
    assert supplied(state, EXAMPLE)["rus-inf-16"] is False


def test_bop_3_11_capital_surrounded_by_enemies_is_no_source():
    th = grid(3, 3, name="t-03-ring", default="germany", country={"0202": "france"},
              places={"paris": {"at": "0202", "capital": True}})
    ring = {f"ger-inf-{n}": label for n, label in enumerate(
        ["0201", "0203", "0101", "0102", "0301", "0302"], start=1)}
    state = position(th, {"fra-inf-1": "0202", **ring})
    assert supply.sources(state, th, "france") == set()
    del state["board"]["units"]["ger-inf-1"]
    assert supply.sources(state, th, "france") == {hx(th, "0202")}


def test_bop_3_11_allies_do_not_share_sources():
    th = grid(4, 2, name="t-03-allies", places={"paris": {"at": "0101", "capital": True}})
    state = position(th, {"bri-inf-1": "0201", "fra-inf-1": "0201"},
                     sides={"britain": "entente"})
    status = supplied(state, th)
    assert status["fra-inf-1"] is True and status["bri-inf-1"] is False


def test_bop_6_454_british_corps_supplied_through_a_channel_port():
    th = grid(4, 3, name="t-03-port", sea=["0101", "0201", "0301", "0401"],
              rail=[["0102", "0202", "0302"]],
              places={"paris": {"at": "0302", "capital": True},
                      "calais": {"at": "0102", "port": "minor"}})
    state = position(th, {"bri-inf-1": "0202"}, sides={"britain": "entente"})
    assert supplied(state, th)["bri-inf-1"] is True


def test_bop_6_6_commissariat_lowest_first_and_capital_bonus():
    th = grid(6, 2, name="t-03-commissariat", places={"paris": {"at": "0101", "capital": True}},
              country={"0601": "germany", "0602": "germany"})
    state = position(th, {"fra-inf-1": "0501", "fra-inf-rg_1": "0502", "fra-inf-2": "0101"})
    state["board"]["control"][hx(th, "0501")] = "germany"
    state["board"]["control"][hx(th, "0502")] = "germany"
    roller = Dice([2, 3])
    events = supply.commissariat(state, th, "entente", roller)
    # RG 1 (effectiveness 2) checks first: 2 is not below 2 → destroyed; then 1st corps (3)
    # rolls 3 → destroyed too; the corps in Paris is supplied and never rolls.
    assert [(e.data["unit"], e.data["roll"], e.data["survives"]) for e in events] == [
        ("fra-inf-rg_1", 2, False), ("fra-inf-1", 3, False)]
    assert sorted(state["board"]["units"]) == ["fra-inf-2"]


def test_bop_6_6_minus_one_in_own_capital():
    th = grid(3, 3, name="t-03-siege-paris", default="germany", country={"0202": "france"},
              places={"paris": {"at": "0202", "capital": True}})
    ring = {f"ger-inf-{n}": label for n, label in enumerate(
        ["0201", "0203", "0101", "0102", "0301", "0302"], start=1)}
    state = position(th, {"fra-inf-1": "0202", **ring})
    events = supply.commissariat(state, th, "entente", Dice([3]))
    assert events[0].data["final"] == 2 and events[0].data["survives"] is True


def test_bop_3_11_example_belgian_cities_supply_only_belgians_and_not_when_german():
    th = grid(5, 2, name="t-03-belgium", default="belgium",
              country={"0501": "germany", "0502": "germany", "0101": "france", "0102": "france"},
              places={"brussels": {"at": "0301", "capital": True}, "antwerp": {"at": "0302"},
                      "paris": {"at": "0101", "capital": True},
                      "berlin": {"at": "0502", "capital": True}})
    state = position(th, {"bel-inf-1": "0401", "fra-inf-1": "0402"},
                     sides={"belgium": "entente"})
    status = supplied(state, th)
    assert status["bel-inf-1"] is True and status["fra-inf-1"] is False
    state["board"]["control"][hx(th, "0301")] = "germany"
    state["board"]["control"][hx(th, "0302")] = "germany"
    state["board"]["units"]["ger-inf-1"] = {"at": hx(th, "0201"), "mode": "maneuver"}
    assert supply.sources(state, th, "germany") == {hx(th, "0502")}  # Antwerp supplies nobody
    assert supplied(state, th)["bel-inf-1"] is False
