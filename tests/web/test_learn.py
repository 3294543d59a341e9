"""Learning the game in the app (issue #19): the glossary covers every abbreviation the browser
adapters show; every legend symbol has its drawing; every scenario of every ruleset has a
how-to-play page reachable from the learning index; what each side wants is what the engine
judges; the turn's picture holds every step of the ruleset's table; the pages and the API serve
it all."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from rest_framework.test import APIClient

from boardgame.learn import guide, howto
from boardgame.learn.teachers import TEACHERS, start_state
from engine import rulesets
from engine.rulesets.balance_of_powers import tables as bop_tables
from engine.rulesets.balance_of_powers import victory as bop_victory
from engine.rulesets.balance_of_powers.forces import controller, side_of
from engine.rulesets.balance_of_powers.theatre import theatre
from engine.rulesets.fatal_alliances import victory as fa_victory
from engine.rulesets.fatal_alliances.position import map_of
from tests.web.js_text import abbreviations

ROOT = Path(__file__).resolve().parents[2]
FRONTEND = ROOT / "frontend"
# Every shipped ruleset: a new one is checked as soon as it is registered.
PRODUCTS = [m["id"] for m in rulesets.manifests() if m["product"]]


def adapter_files(ruleset: str) -> list[Path]:
    """A ruleset's browser adapter as the page loads it: the module index.js maps the ruleset
    to, and the modules of its own it imports (its counter data)."""
    folder = FRONTEND / "game" / "rulesets"
    index = (folder / "index.js").read_text(encoding="utf-8")
    classes = dict(re.findall(r"import \{ (\w+) \} from \"\./(\w+\.js)\"", index))
    adapter = re.search(rf"\b{ruleset}: (\w+)", index)
    assert adapter, f"index.js maps no adapter to {ruleset}"
    main = folder / classes[adapter.group(1)]
    own = re.findall(r"from \"\./(\w+\.js)\"", main.read_text(encoding="utf-8"))
    return [main] + [folder / name for name in own if name != "generic.js"]


def platform_files() -> list[Path]:
    game = FRONTEND / "game"
    return ([game / "rulesets" / "generic.js", game / "orders.js", game / "page.js"]
            + sorted((game / "panels").glob("*.js")))


def unexplained(files: list[Path], known: set[str]) -> dict[str, str]:
    lower = {k.lower() for k in known}
    missing = {}
    for path in files:
        for word, context in abbreviations(path.read_text(encoding="utf-8")).items():
            if word.lower() not in lower:
                missing[word] = f"{path.name}: {context!r}"
    return missing


@pytest.mark.parametrize("ruleset", PRODUCTS)
def test_19_every_abbreviation_of_the_adapter_is_in_the_glossary(ruleset):
    files = adapter_files(ruleset)
    assert files[0].name == f"{ruleset}.js"
    # The scan's own check (its rules still find the jargon they should) is made on every
    # product's adapter together: one written out in words (twteaw's) has little to find.
    found = {w for r in PRODUCTS for f in adapter_files(r)
             for w in abbreviations(f.read_text(encoding="utf-8"))}
    assert {"MP"} <= found and len(found) > 10, "the scan found too little: its rules are off"
    assert unexplained(files, guide.terms(ruleset)) == {}


def test_19_every_abbreviation_of_the_platform_pages_is_in_the_platform_glossary():
    platform = {s for e in guide.glossary_entries(guide.PLATFORM, guide.PLATFORM)
                for s in [e["term"], *e["aliases"]]}
    assert unexplained(platform_files(), platform) == {}


def test_19_every_word_of_a_balance_of_powers_combat_card_is_in_the_glossary():
    """The BoP adapter prints the combat events' data as it comes ("flags: gg", "fnm 2",
    "major: no"): every key of those events and every flag of the combat table is explained."""
    keys: set[str] = set()
    for path in (ROOT / "engine" / "rulesets" / "balance_of_powers").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Event"
                    and node.args and isinstance(node.args[0], ast.Constant)
                    and node.args[0].value in ("combat_roll", "combat_result", "reroll")):
                data = node.args[2] if len(node.args) > 2 else None
                if isinstance(data, ast.Dict):
                    keys |= {k.value for k in data.keys if isinstance(k, ast.Constant)}
    flags = {flag for row in bop_tables.COMBAT_TABLE.values() for flag in row[2]}
    shown = keys | flags | {"RP"}
    assert {"fnm", "flags", "major", "final"} <= keys and flags == {"gg", "breakthrough"}
    plain_words = {"dice", "old", "attacker", "defender"}
    known = {t.lower() for t in guide.terms("balance_of_powers")}
    assert sorted(w for w in shown - plain_words if w.lower() not in known) == []


def test_19_the_scan_catches_a_new_abbreviation():
    """What makes the two tests above fail: a word of capitals, a short word against a value,
    a map badge, a symbol; and not a compared value, a key, a class or a tag."""
    source = """
      const A = { ger: "Germany" };
      function f(x, u) {
        if (x.kind === "ZZQ") return h("div", { class: "QQX" }, `${u.cf} ZRP left`);
        return { hex: x, text: x.up ? "Ω" : "Y", label: `zog ${u.cf}, ${u.ma} MPs ⊗`, key: ["KEYX"] };
      }"""
    found = abbreviations(source)
    assert {"ZRP", "zog", "Ω", "Y", "MPs", "⊗"} <= set(found)
    assert not {"ZZQ", "QQX", "KEYX", "ger"} & set(found)


@pytest.mark.parametrize("ruleset", PRODUCTS)
def test_19_every_legend_symbol_has_its_drawing(ruleset):
    """Each map symbol of the data is one legend.js draws; each counter and mark has its sample
    in learn/samples.js, and each sample its row."""
    legend = (FRONTEND / "map" / "legend.js").read_text(encoding="utf-8")
    samples = (FRONTEND / "game" / "learn" / "samples.js").read_text(encoding="utf-8")
    block = samples[samples.index(f"  {ruleset}: {{"):]
    block = block[:block.index("\n  },")]
    sampled = set(re.findall(r'"((?:counter|mark):[\w-]+)"', block))
    data = guide.guide(ruleset)
    keys = [row["key"] for row in data["map"]] + [row["key"] for row in data["counters"]]
    listed = legend[legend.index("export const DRAWN = ["):]
    drawn = re.findall(r'"([\w*-]+)"', listed[:listed.index("];")])
    for key in keys:
        if key.startswith(("counter:", "mark:")):
            assert key in sampled, f"{key} has no sample in samples.js"
        else:
            assert key in drawn or (key.startswith("terrain-") and "terrain-*" in drawn) or (
                key.startswith("note:")), key
    assert sampled == {k for k in keys if k.startswith(("counter:", "mark:"))}


def test_19_the_glossary_merges_the_platform_and_lets_the_ruleset_win():
    bop = guide.guide("balance_of_powers")
    terms = [e["term"] for e in bop["glossary"]]
    assert "MP" in terms and "seat" in terms and len(terms) == len(set(terms))
    clear = next(r for r in bop["map"] if r["key"] == "terrain-clear")
    assert clear["source"] == "ruleset" and clear["facts"] == "1 MP a hex."
    forest = next(r for r in guide.guide("fatal_alliances")["map"] if r["key"] == "terrain-forest")
    assert forest["facts"].startswith("2 MP to enter")        # charts.TERRAIN_MP, not retyped


# --- how to play ------------------------------------------------------------------------------

def every_scenario() -> list[tuple[str, str]]:
    return [(m["id"], s["id"]) for m in rulesets.manifests() for s in m["scenarios"]]


@pytest.mark.django_db
def test_19_every_scenario_has_a_how_to_page_reachable_from_the_index(client):
    index = client.get("/learn/").content.decode()
    assert len(every_scenario()) >= 4        # both products' three, and the toy ruleset's
    for ruleset, scenario in every_scenario():
        url = f"/learn/{ruleset}/{scenario}/"
        assert f'href="{url}"' in index, url
        page = client.get(url)
        assert page.status_code == 200, url
        text = page.content.decode()
        for section in ("sides", "victory", "turn", "first"):
            assert f'id="{section}"' in text, (url, section)
        if ruleset in TEACHERS:
            assert 'class="condition"' in text and 'class="step decides"' in text, url
    home = client.get("/").content.decode()
    assert 'href="/learn/"' in home                     # the header's Learn link
    assert client.get("/learn/balance_of_powers/no-such/").status_code == 404
    assert client.get("/learn/no_such/glossary/").status_code == 404


def engine_reasons(ruleset: str) -> set[str]:
    """Every reason the ruleset's engine code can end a game with: the `reason` of each result
    it builds (a dict with a `winner` or `winners`), and what it hands its result helper
    (`_won`)."""
    found = set()
    for path in (ROOT / "engine" / "rulesets" / ruleset).glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Dict):
                items = {k.value: v for k, v in zip(node.keys, node.values, strict=False)
                         if isinstance(k, ast.Constant)}
                reason = items.get("reason")
                # `winners` (twteaw names every winning seat); a reason may be chosen in place
                # ("score" if winners else "draw"): both branches count.
                if ("winner" in items or "winners" in items) and reason is not None:
                    for part in [reason.body, reason.orelse] if isinstance(reason, ast.IfExp) else [reason]:
                        if isinstance(part, ast.Constant):
                            found.add(part.value)
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "_won" and len(
                    node.args) > 2 and isinstance(node.args[2], ast.Constant):
                found.add(node.args[2].value)
    return found


@pytest.mark.parametrize("ruleset", PRODUCTS)
def test_19_what_each_side_wants_covers_every_way_the_engine_ends_a_game(ruleset):
    reasons = engine_reasons(ruleset)
    assert len(reasons) >= 3
    explained = {r for s in rulesets.get(ruleset).manifest["scenarios"]
                 for c in howto.howto(ruleset, s["id"])["victory"] for r in c["reasons"]}
    assert reasons - explained == set()


def test_19_the_sudden_death_city_on_the_page_is_the_one_the_engine_judges():
    """East Prussia: the page names the city whose capture wins at once; give Russia that hex
    and the engine's own victory check says so."""
    page = howto.howto("fatal_alliances", "east-prussia-1914")
    sudden = next(c for c in page["victory"] if "konigsberg_taken" in c["reasons"])
    state = start_state("fatal_alliances", "east-prussia-1914")
    hex_id = state["board"]["victory"]["sudden_death"]
    assert f"Königsberg ({map_of(state).hex(hex_id).label})" in sudden["text"]
    assert fa_victory.check(state) is None
    state["board"]["control"][hex_id] = "russia"
    assert fa_victory.check(state)["reason"] == "konigsberg_taken"


def test_19_the_bargaining_chip_thresholds_are_the_engine_s():
    """BoP: the page's threshold decides the engine's verdict: the Central Powers holding that
    many chips do not win, one more and they do."""
    page = howto.howto("balance_of_powers", "before-the-leaves-fall")
    chips = next(c for c in page["victory"] if "bargaining_chips" in c["reasons"])
    cp_needs = int(re.search(r"Central Powers win with more than (\d+)", chips["text"]).group(1))
    state = start_state("balance_of_powers", "before-the-leaves-fall")
    th = theatre(state["board"]["map"])
    neutral = [loc for loc in sorted(th.bcs) if side_of(state, controller(state, th, loc)) is None]
    missing = cp_needs - bop_victory.bc_counts(state, th)["central"]
    for loc in neutral[:missing]:
        state["board"]["control"][loc] = "germany"
    assert bop_victory.bc_counts(state, th)["central"] == cp_needs
    assert bop_victory.victory(state, th)["winner"] is None
    state["board"]["control"][neutral[missing]] = "germany"
    assert bop_victory.victory(state, th)["reason"] == "bargaining_chips"
    assert bop_victory.victory(state, th)["winner"] == "central"


@pytest.mark.parametrize("ruleset", PRODUCTS)
def test_19_the_turn_picture_holds_every_step_of_the_table(ruleset):
    flow = rulesets.get(ruleset).flow
    for scenario in rulesets.get(ruleset).manifest["scenarios"]:
        boxes = [b for row in howto.howto(ruleset, scenario["id"])["turn"] for b in row["steps"]]
        assert set(flow.steps) - {b["name"] for b in boxes} == set(), scenario["id"]
        for box in boxes:
            assert box["rule"] == flow.steps[box["name"]].rule and box["title"]


def test_19_the_first_decisions_come_from_the_engine():
    page = howto.howto("balance_of_powers", "before-the-leaves-fall")
    first = {seat["seat"]: seat for seat in page["first"]}
    setup = first["germany"]["moments"][0]
    assert setup["step"] == "setup" and setup["decisions"][0]["rule"] == "BoP 12.1"
    assert first["britain"]["moments"] == [] and "joins" in first["britain"]["note"]
    fa = howto.howto("fatal_alliances", "east-prussia-1914")
    kinds = [d["kind"] for seat in fa["first"] for m in seat["moments"] for d in m["decisions"]]
    assert "action" in kinds and "land_move" in kinds


# --- the API the game page reads --------------------------------------------------------------

@pytest.mark.django_db
def test_19_the_learn_api_serves_the_guide_and_a_scenario():
    api = APIClient()
    body = api.get("/api/rulesets/fatal_alliances/learn?scenario=east-prussia-1914").json()
    assert {"glossary", "counters", "map", "howto", "glossary_url", "scenario"} <= set(body)
    assert body["howto"]["east-prussia-1914"] == "/learn/fatal_alliances/east-prussia-1914/"
    assert body["scenario"]["victory"][0]["reasons"] == ["german_morale_zero"]
    assert any(e["term"] == "DRM" for e in body["glossary"])
    missing = api.get("/api/rulesets/no_such/learn")
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "learn/not_found"
    wrong = api.get("/api/rulesets/fatal_alliances/learn?scenario=nowhere")
    assert wrong.status_code == 404 and wrong.json()["error"]["code"] == "learn/not_found"
    toy = api.get("/api/rulesets/toy_skirmish/learn").json()     # no data file: the platform's
    assert toy["counters"] == [] and any(e["term"] == "seat" for e in toy["glossary"])


@pytest.mark.django_db
def test_19_the_glossary_page_lists_the_ruleset_s_terms_and_the_platform_s(client):
    text = client.get("/learn/balance_of_powers/glossary/").content.decode()
    for term in ("fnm", "gg", "MP", "seat"):
        assert f">{term}</strong>" in text, term
    assert 'href="/rules/balance_of_powers/#s-10.62"' in text    # "final": the combat table
