"""FA 13.6.3 — the liberator may liberate or not (then the country is re-conquered). FA
13.6.3.1 — after a liberation the liberator's own hexes of the liberated country go back
at once; each other major of its side holding such hexes chooses to give all of them back or
keep them. A liberated major co-operates with those that give them back and never with those
that keep them (19.1's proviso), even if they return the hexes later."""

from engine.kernel import decisions
from engine.rulesets.fatal_alliances import RULESET
from engine.rulesets.fatal_alliances.conquest import peace_step
from engine.rulesets.fatal_alliances.liberation import choose
from engine.rulesets.fatal_alliances.position import co_operates, controller
from engine.rulesets.fatal_alliances.sequence import Step

from .positions import Dice, corps, position

FEATURES = {"4,2": ["city", "capital"], "5,2": ["factory"], "1,2": ["city", "capital"]}


def with_western_allies(state):
    board = state["board"]
    for p in ("france", "britain"):
        board["sides"][p] = "entente"
        board.setdefault("morale", {}).setdefault(p, 20)
    board["active"] = sorted(set(board["active"]) | {"france", "britain"})
    board["wars"] = sorted(set(board["wars"]) | {"france|germany", "britain|germany"})
    return state


def russia_conquered_then_retaken():
    """Germany conquers Russia completely on turn 2; on turn 3 France holds Moscow's stand-in
    (4,2, the capital) and Britain a Russian hex (5,3) and the factory (5,2)."""
    s = position([corps("ru-home", "russia", "5,3"), corps("ge-a", "germany", "4,3")],
                 step=Step.PEACE, features=FEATURES)
    s["flow"]["turn"] = 2
    s["board"]["control"].update({"4,2": "germany", "5,2": "germany"})
    peace_step(s)
    assert s["board"]["conquered"]["russia"]["complete"]
    with_western_allies(s)
    s["board"]["units"]["ge-a"]["hex"] = None
    s["flow"]["turn"] = 3
    s["board"]["control"].update({"4,2": "france", "5,2": "britain", "5,3": "britain"})
    return s


def liberated_by_france(s):
    """The peace step offers France the liberation; France takes it."""
    events = peace_step(s)
    assert [e.data for e in events if e.kind == "liberation_possible"] == [
        {"country": "russia", "by": "france"}]
    return choose(s, "france", {"country": "russia", "liberate": True}, Dice())


def test_fa_13_6_3_the_liberator_decides_whether_to_liberate():
    """FA 13.6.3: "You may choose not to liberate a country … that could be liberated" — the
    peace step asks France (timeout: liberate) and changes nothing before the answer."""
    s = russia_conquered_then_retaken()
    peace_step(s)
    assert controller(s, "4,2") == "france" and "russia" in s["board"]["conquered"]
    s["flow"]["step"] = Step.LIBERATION.value
    (d,) = decisions(RULESET, s)
    assert (d.kind, d.seats, d.rule) == ("liberation", ("france",), "FA 13.6.3.1")
    assert list(d.options) == [{"country": "russia", "liberate": True},
                               {"country": "russia", "liberate": False}]
    assert RULESET.timeout_default(s, d, "france") == {"country": "russia", "liberate": True}


def test_fa_13_6_3_a_declined_liberation_re_conquers_the_country_for_the_liberator():
    """FA 13.6.1 / 13.6.3: declining, France re-conquers Russia: it stays conquered (now by
    France, this turn), Britain is asked nothing, and France may liberate it on a later
    turn ("even re-conquered and not liberated")."""
    s = russia_conquered_then_retaken()
    peace_step(s)
    events = choose(s, "france", {"country": "russia", "liberate": False}, Dice())
    assert [e.kind for e in events][:2] == ["liberation_declined", "conquered"]
    record = s["board"]["conquered"]["russia"]
    assert (record["by"], record["turn"]) == ("france", 3)
    assert s["flow"]["liberation_offers"] == []
    assert not co_operates(s, "russia", "france")
    s["flow"]["turn"] = 4
    peace_step(s)
    assert s["flow"]["liberation_offers"] == [
        {"country": "russia", "power": "france", "liberator": True}]


def test_fa_13_6_3_1_the_liberators_hexes_go_back_and_each_other_holder_is_asked():
    s = russia_conquered_then_retaken()
    events = liberated_by_france(s)
    liberated = next(e for e in events if e.kind == "liberated")
    assert liberated.data["by"] == "france" and liberated.data["asked"] == ["britain"]
    assert controller(s, "4,2") == "russia"                 # France's: back at once
    assert controller(s, "5,3") == "britain"                # Britain's: its choice
    s["flow"]["step"] = Step.LIBERATION.value
    (d,) = decisions(RULESET, s)
    assert (d.kind, d.seats, d.rule) == ("liberation", ("britain",), "FA 13.6.3.1")
    assert list(d.options) == [{"country": "russia", "give_back": True},
                               {"country": "russia", "give_back": False}]
    assert co_operates(s, "russia", "france")


def test_fa_13_6_3_1_a_major_that_gives_the_hexes_back_co_operates_with_the_liberated():
    s = russia_conquered_then_retaken()
    liberated_by_france(s)
    choose(s, "britain", {"country": "russia", "give_back": True}, Dice())
    assert controller(s, "5,3") == "russia" and controller(s, "5,2") == "russia"
    assert co_operates(s, "russia", "britain")
    assert s["flow"]["liberation_offers"] == []


def test_fa_13_6_3_1_a_major_that_keeps_the_hexes_never_co_operates_with_the_liberated():
    """"All those that don't may never co-operate with the liberated major power even if they
    return the hexes in a later turn." """
    s = russia_conquered_then_retaken()
    liberated_by_france(s)
    choose(s, "britain", {"country": "russia", "give_back": False}, Dice())
    assert controller(s, "5,3") == "britain" and controller(s, "5,2") == "britain"
    assert not co_operates(s, "russia", "britain")
    s["board"]["control"].pop("5,3")
    s["board"]["control"].pop("5,2")                         # returned later: still refused
    assert not co_operates(s, "russia", "britain")
    assert co_operates(s, "russia", "france")


def test_fa_13_6_3_1_the_choice_times_out_to_giving_the_hexes_back():
    s = russia_conquered_then_retaken()
    liberated_by_france(s)
    s["flow"]["step"] = Step.LIBERATION.value
    (d,) = decisions(RULESET, s)
    assert RULESET.timeout_default(s, d, "britain") == {"country": "russia", "give_back": True}
