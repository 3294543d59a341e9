"""FA 13.5.2 — the campaign's factories and resources from the annotated edition's Factories
and Resources chart; 13.5.3 — the US "+0.2 war" multiple; 13.2.2 — a neutral US builds no land
units and saves nothing."""

from __future__ import annotations

import pytest

from engine.board import COMPILED_DIR
from engine.rulesets.fatal_alliances.campaign import HOME_ROWS, OVERSEAS_ROWS
from engine.rulesets.fatal_alliances.charts import FACTORIES_AND_RESOURCES
from engine.rulesets.fatal_alliances.position import is_home_country_hex, map_of
from engine.rulesets.fatal_alliances.production import (
    build_options,
    finish_production,
    multiple_tenths,
    production_points,
)
from engine.rulesets.fatal_alliances.setup import build_state

from .positions import Dice

SEATS = ["austria_hungary", "britain", "france", "germany", "italy", "ottoman", "russia", "usa"]
needs_map = pytest.mark.skipif(not (COMPILED_DIR / "fa-europe.json").is_file(),
                               reason="fa-europe is not compiled")


def campaign():
    return build_state("campaign-1914", {"profile": "fa3"}, SEATS)


@needs_map
def test_fa_13_5_2_map_and_off_map_together_are_the_charts_totals():
    s = campaign()
    m = map_of(s)
    board = s["board"]
    for power in SEATS:
        rows = [FACTORIES_AND_RESOURCES[r] for r in HOME_ROWS[power]]
        home = [h for h in m.ids if is_home_country_hex(m, h, power)]
        on_map_fac = sum(1 for h in home if m.hex(h).has_feature("factory"))
        on_map_res = sum(1 for h in home if m.hex(h).has_feature("resource"))
        overseas = sum(min(b + r, o + oil) for b, r, o, oil in
                       (FACTORIES_AND_RESOURCES[x] for x in OVERSEAS_ROWS.get(power, ())))
        assert on_map_fac + board["offmap_factories"][power] == sum(
            b + r for b, r, _, _ in rows) + overseas, power
        assert on_map_res + board["offmap_resources"][power] == sum(
            o + oil for _, _, o, oil in rows) + overseas, power


@needs_map
def test_fa_13_5_2_the_campaign_opens_with_the_charts_production():
    """Germany 21 factories and 10 resources: 10 PP; France 11 and 7: 7; Austria-Hungary 8
    and 6: 6; Italy 7 and 3: 3; Russia (with Siberia and Poland) 28 and 29: 28 if every map
    resource reaches a factory; the US 30 and 30: 30 (it made none before). A map resource
    that no railway brings to a factory is lost (13.5.1) unless convoy points ship it (version
    19, 13.5.1.2): the CW's Welsh coal and Russia's Baku oil go by sea; an inland Ottoman
    resource and a Russian one are lost."""
    s = campaign()
    made = {p: production_points(s, p) for p in SEATS}
    assert made == {"austria_hungary": 6, "britain": 6, "france": 7, "germany": 10,
                    "italy": 3, "ottoman": 2, "russia": 28, "usa": 30}


def test_fa_13_5_3_the_us_multiple_gains_two_tenths_at_war():
    s = campaign()
    s["flow"]["year"] = 1917
    assert multiple_tenths(s, "usa") == 2
    s["board"]["active"].append("usa")
    assert multiple_tenths(s, "usa") == 4


def test_fa_13_2_2_a_neutral_us_builds_no_land_units_and_saves_nothing():
    s = campaign()
    board = s["board"]
    board["bp"]["usa"] = 6
    board["pool"]["usa"] = [u for u in board["pool"]["usa"]]
    assert build_options(s, "usa") == [{"build": None}]
    finish_production(s, Dice())
    assert board["saved_bp"]["usa"] == 0
    board["active"].append("usa")
    board["bp"]["usa"] = 6
    assert len(build_options(s, "usa")) > 1
    finish_production(s, Dice())
    assert board["saved_bp"]["usa"] == 4          # 4 per factory hex, at least one
