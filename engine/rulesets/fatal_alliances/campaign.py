"""FA 22 — the 1914 campaign on fa-europe: set-up, the scripted opening (FA 22.3), the
Schlieffen rule (FA 21.14), the automatic entry dates (FA 22.6) and Salient's stand-ins for
Commonwealth and US entry (documented in docs/rules/fatal_alliances.md)."""

from __future__ import annotations

from typing import Any

from engine.board import Map
from engine.kernel import Event, Roller

from .charts import FACTORIES_AND_RESOURCES
from .minor_convoys import set_up_minor_convoys
from .position import is_active, is_home_country_hex
from .powers import POWER_SIDE
from .war import activate, declare_war, spread

CAMPAIGN_MAP = "fa-europe"
US_ENTRY_TURN = 17  # M/A 1917 — Salient's fixed stand-in for the US entry rules (FA 13.2)

# Turn 1 = J/A 1914. Impulses 1 and 3 are the Central Powers', 2 the Allies' (CP go first).
SCRIPT: list[dict[str, Any]] = [
    {"turn": 1, "impulse": 1, "rule": "FA 22.3", "declare": [["austria_hungary", "serbia"]],
     "align": {"serbia": "russia"}, "may_act": ["austria_hungary"],
     "forced_pass": ["germany", "ottoman"]},
    {"turn": 1, "impulse": 2, "rule": "FA 22.3", "declare": [["russia", "austria_hungary"]],
     "forced_pass": ["britain", "france", "italy", "usa"]},
    {"turn": 1, "impulse": 3, "rule": "FA 22.3 / 21.14",
     "declare": [["germany", "russia"], ["germany", "france"], ["austria_hungary", "france"],
                 ["germany", "belgium"]],
     "align": {"belgium": "france"}, "schlieffen": True,
     "activate": ["britain"]},  # stand-in: the CW enters on the DoW on Belgium
    {"turn": 3, "impulse": 1, "rule": "FA 22.6", "activate": ["ottoman"]},
    {"turn": 6, "impulse": 1, "rule": "FA 22.6", "activate": ["italy"]},
    # FA 22.6 minors (turn: S/O 1915 = 8, M/A 1916 = 11, J/A 1916 = 13, M/J 1918 = 24);
    # Brazil (S/O 1917) is not on fa-europe. The receiving major is Salient's choice.
    {"turn": 8, "impulse": 1, "rule": "FA 22.6", "enter": {"bulgaria": "germany"},
     "access": {"greece": "entente"}},
    {"turn": 11, "impulse": 1, "rule": "FA 22.6", "enter": {"portugal": "britain"}},
    {"turn": 13, "impulse": 1, "rule": "FA 22.6", "enter": {"romania": "russia"}},
    {"turn": 24, "impulse": 1, "rule": "FA 22.6", "enter": {"greece": "france"},
     "end_access": ["greece"]},
    {"turn": US_ENTRY_TURN, "impulse": 1, "rule": "FA 13.2 (stand-in)", "activate": ["usa"]},
]

# FA 13.7 — objectives (the map carries no red-print flags yet: Salient's list of capitals and
# the cities the 1914–1918 fighting turned on). The CP need OBJECTIVES_NEEDED at the end.
OBJECTIVES = ["berlin", "vienna", "budapest", "constantinople", "munich", "cologne", "breslau",
              "konigsberg", "prague", "cracow", "lemberg", "trieste", "sarajevo", "baghdad",
              "jerusalem", "damascus", "erzurum", "belgrade", "brussels", "antwerp", "paris",
              "lille", "verdun", "reims", "london", "rome", "milan", "venice", "warsaw", "riga",
              "kiev", "moscow", "petrograd", "odessa", "bucharest", "sofia", "cairo", "suez",
              "tiflis", "salonika"]
OBJECTIVES_NEEDED = 20
CAPITALS = ["berlin", "vienna", "constantinople", "london", "moscow", "paris", "rome"]

# FA 13.5.2 — each major's rows of the Factories and Resources chart. Resources reach
# factories overland only (convoys are the naval layer's): the first rows are its home country
# on fa-europe and what joins it by rail (Siberia; Russian Poland, which the map marks
# Russian); the CW's other home countries across the sea each feed only their own factories.
HOME_ROWS: dict[str, tuple[str, ...]] = {
    "germany": ("Germany",), "austria_hungary": ("Austria-Hungary",),
    "ottoman": ("Ottoman Empire",), "france": ("France",),
    "italy": ("Italy (and Sardinia)",), "britain": ("United Kingdom",),
    "russia": ("Russia (tot.)", "Poland"), "usa": ("US",)}
OVERSEAS_ROWS: dict[str, tuple[str, ...]] = {
    "britain": ("Canada", "Australia", "India", "S Africa/N. Rhod")}


def offmap_from_chart(m: Map, powers: list[str]) -> tuple[dict[str, int], dict[str, int]]:
    """FA 13.5.2 — the factories and resources each major has off the map: its chart rows
    less the factory and resource hexes the map shows in its home country (one each; the chart
    allows up to three per hex, the map flags a hex), plus, for the CW, what each overseas home
    country makes from its own resources."""
    factories: dict[str, int] = {}
    resources: dict[str, int] = {}
    for power in powers:
        rows = [FACTORIES_AND_RESOURCES[r] for r in HOME_ROWS.get(power, ())]
        on_map = [h for h in m.ids if is_home_country_hex(m, h, power)]
        fac = sum(b + r for b, r, _, _ in rows) - sum(
            1 for h in on_map if m.hex(h).has_feature("factory"))
        res = sum(o + oil for _, _, o, oil in rows) - sum(
            1 for h in on_map if m.hex(h).has_feature("resource"))
        for b, r, o, oil in (FACTORIES_AND_RESOURCES[x] for x in OVERSEAS_ROWS.get(power, ())):
            made = min(b + r, o + oil)
            fac, res = fac + made, res + made
        factories[power], resources[power] = max(0, fac), max(0, res)
    return factories, resources


def campaign_spec() -> dict[str, Any]:
    return {
        "map": CAMPAIGN_MAP, "oob": "oob_campaign_1914.csv", "start": ("J/A", 1914),
        "last_turn": 30, "first_side": "central", "initiative_track": 0,
        "weather_before": ["M/J", 5],   # FA 22.3: "weather roll = 5" (for its asterisks)
        "active": [], "wars": [], "offmap": "chart",
        "forts": [
            {"power": "france", "place": "verdun", "toward": ["27,10", "27,11", "26,10"]},
            {"power": "belgium", "place": "liege", "toward": ["27,8", "27,9"]},
            {"power": "germany", "place": "metz", "toward": ["26,10", "26,11"]},
            {"power": "germany", "place": "lotzen", "toward": ["40,0", "39,1"]}],
        "victory": {"kind": "campaign", "objectives": OBJECTIVES, "automatic": CAPITALS,
                    "central_needs": OBJECTIVES_NEEDED},
        "script": SCRIPT, "face_down": ["belgium"],
        "fleets": True,   # FA 22.2: the 1914 naval order of battle (naval_oob.py) at its bases
    }


def run_script(state: dict[str, Any], roller: Roller | None = None) -> list[Event]:
    """FA 22.3 / 22.6 — apply the scripted declarations and entries due this impulse.

    An entry whose impulse never comes (the last-impulse test ended its turn first) happens at
    the first impulse after it; its forced passes and extra land action apply only in the
    impulse it names."""
    flow = state["flow"]
    board = state["board"]
    events: list[Event] = []
    flow["forced_pass"] = []
    flow["may_act"] = []
    done = flow.setdefault("script_done", [])
    changed: set[str] = set()
    for n, entry in enumerate(flow.get("script", [])):
        if n in done or (entry["turn"], entry["impulse"]) > (flow["turn"], flow["impulse"]):
            continue
        done.append(n)
        done.sort()
        exact = (entry["turn"], entry["impulse"]) == (flow["turn"], flow["impulse"])
        changed.update(entry.get("align", {}), entry.get("enter", {}), entry.get("access", {}),
                       entry.get("activate", []))
        for minor, major in sorted(entry.get("align", {}).items()):
            board["aligned"][minor] = major
            # FA 20.5.1 E: an aligning minor sets up its convoy points (R-N51)
            events.extend(set_up_minor_convoys(state, minor, major))
        for a, b in entry.get("declare", []):
            declare_war(state, a, b)
        for p in entry.get("activate", []):
            if p in board["sides"] and not is_active(state, p):
                activate(state, p)
                spread(state, set(board["wars"]))
        for minor, major in sorted(entry.get("enter", {}).items()):
            events.extend(enter_minor(state, minor, major))
        for minor, side in sorted(entry.get("access", {}).items()):
            board.setdefault("access", {})[minor] = side
        for minor in entry.get("end_access", []):
            board.setdefault("access", {}).pop(minor, None)
        if entry.get("schlieffen"):
            board["zoc_silenced"] = {"belgium": ["germany"]}
        if exact:
            flow["forced_pass"] = sorted(entry.get("forced_pass", []))
            flow["may_act"] = sorted(entry.get("may_act", []))
        events.append(Event("scripted_entry", entry["rule"], {
            k: v for k, v in sorted(entry.items()) if k not in ("turn", "impulse")}))
    if changed and "fleets" in board:
        # FA 2.4.3: ships based in a neutral that joined a side or gave the other side access
        from .return_to_base import evict_from_ports
        events.extend(evict_from_ports(state, changed, roller))
    return events


def enter_minor(state: dict[str, Any], minor: str, major: str) -> list[Event]:
    """FA 22.6 — a minor aligns on its date with the listed major if it is active, else with
    the first active major of that side; it is then at war with that side's enemies (through
    its major, FA 9.3). A minor already at war or conquered does not enter."""
    board = state["board"]
    if minor in board["aligned"] or minor in board.get("conquered", {}) or any(
            minor in w.split("|") for w in board["wars"]):
        return []
    side = POWER_SIDE[major]
    candidates = [major] + sorted(p for p in board["active"] if POWER_SIDE.get(p) == side)
    chosen = next((p for p in candidates if p in board["active"]
                   and p not in board.get("out", [])), None)
    if chosen is None:
        return [Event("entry_lapsed", "FA 22.6", {"minor": minor, "side": side})]
    board["aligned"][minor] = chosen
    return [Event("minor_entered", "FA 22.6", {"minor": minor, "major": chosen}),
            *set_up_minor_convoys(state, minor, chosen)]      # FA 20.5.1 E (R-N51)
