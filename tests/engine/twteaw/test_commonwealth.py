"""The Commonwealth's dominion on the built sheets (TWTEAW "Major nations and colonies", Phase 8;
version 10, rulings 139–142): South Africa pays Britain's bank a quarter of its value while
Britain is neutral and all of it once Britain is at war; held by another nation it is a plain
territory."""

from __future__ import annotations

import math

from engine.rulesets.twteaw.commonwealth import DOMINIONS
from engine.rulesets.twteaw.economy import income_of
from engine.rulesets.twteaw.nations import ALLIED
from engine.rulesets.twteaw.war import join_side
from engine.rulesets.twteaw.world import world

from .positions import fresh, resolve


def _britains_own_values(state: dict) -> int:
    """What Britain's territories other than the dominion are worth at full value."""
    return sum(world().areas[a].value for a in world().land()
               if state["board"]["control"][a] == "britain" and a not in DOMINIONS)


def test_twteaw_neutrals_commonwealth_south_africa_pays_a_quarter_while_britain_is_neutral():
    """Ruling 139: neutral Britain collects half of its own lands (rounded up) and a quarter of
    South Africa's 6 (rounded up on its own: 2), not half of it (3)."""
    state = fresh()
    assert world().areas["south-africa"].value == 6 and DOMINIONS["south-africa"] == "britain"
    own = _britains_own_values(state)
    # since version 12 British India (18) and Australia (5) are dominions too (ruling 152), since
    # version 13 Canada's five provinces (9, ruling 156): the quarter is of the dominions' 38
    # together, rounded up
    assert income_of(state, "britain") == math.ceil(own / 2) + math.ceil(38 / 4)
    assert state["board"]["start_income"]["britain"] == math.ceil(own / 2) + math.ceil(38 / 4)


def test_twteaw_neutrals_commonwealth_south_africa_follows_britain_into_the_war():
    """Ruling 140: once Britain is in the main war the dominion follows it and pays all of its
    value."""
    state = fresh()
    own = _britains_own_values(state)
    join_side(state, "britain", ALLIED)
    assert income_of(state, "britain") == own + 6 + 23 + 9     # + India and Australia (ruling 152), Canada (156)


def test_twteaw_neutrals_commonwealth_south_africa_held_by_an_enemy_is_a_plain_territory():
    """Ruling 142: the quarter is the dominion's share while Britain holds it; taken and long
    since incorporated by Germany it yields Germany its full value, and Britain nothing."""
    state = fresh()
    germany, own = income_of(state, "germany"), _britains_own_values(state)
    state["board"]["control"]["south-africa"] = "germany"
    state["board"]["incorporated"]["south-africa"] = {"by": "germany", "turn": -20, "kind": "conquest"}
    assert income_of(state, "germany") == germany + 6
    assert income_of(state, "britain") == math.ceil(own / 2) + math.ceil(32 / 4)   # India, Australia, Canada


def test_twteaw_8_commonwealth_phase_8_pays_the_dominions_quarter_into_britains_bank():
    """Phase 8 from the real turn (ruling 141): Britain's bank grows by its income including the
    dominion's quarter; no South African bank exists."""
    state = fresh()
    own = _britains_own_values(state)
    events = resolve(state, {}, {})
    paid = [e for e in events if e.kind == "income" and e.data["nation"] == "britain"]
    assert len(paid) == 1
    # the dominions' quarter: South Africa 6, British India 18 and Australia 5 (ruling 152),
    # Canada's provinces 9 (ruling 156)
    assert paid[0].data["income"] - paid[0].data["us_trade"] == math.ceil(own / 2) + math.ceil(38 / 4)
    assert state["secret"]["britain"]["income"] == paid[0].data["income"]
    assert not {"south-africa", "south_africa"} & set(state["secret"])
