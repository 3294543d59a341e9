"""DoD 8.2 / 8.7 — the option catalogue as data: one row per international option (8.7.1) and
per generic major-power option (8.7.2 MP 0(a)–(h), MP 1–5). Numbers and names as printed; the
rest in our words. `status` is "implemented" (a handler in options.HANDLERS plays it) or
"absent" (with the reason). The national options (GE 6–14 and the others' 6–8) are absent as a
block; docs/rules/days_of_decision.md lists them.

Costs, minor effects and US-entry effects are printed on the cards and the Status Display,
which the seed lacks: every such value here is authored (see PROVENANCE), except where the
rulebook's text gives it. The cards' own US-entry effects are absent for every row; the War
Chart's, for MP 4 (and an implicated IPO 9), are in war_chart.py, the Treaty Chart's, for MP 3
and IPO 11, in treaty_chart.py.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class OptionRow:
    id: str                 # the action's "option" value
    number: str             # as printed: "IPO 3", "MP 0(e)"
    name: str               # as printed
    kind: str               # "ipo" (anyone, once a turn), "mp0" (one MP 0 slot a turn), "mp"
    rule: str               # the section that explains it
    status: str             # "implemented" or "absent"
    cost: int = 0           # money, paid only on success (8.4.1); authored unless said
    one_shot: bool = False  # printed on a black background (8.2): once a game
    pending: str = ""       # "", "roll" (may fail on a die), "proposal" (needs a 0(f)) or
    #                         "vote" (the League votes on it, IPO 16)
    # minor effects on success, by outcome: {"make": 2} means +2 in the target minor (8.4.3)
    minor_effects: dict[str, int] = field(default_factory=dict)
    note: str = ""          # why it is absent, or what part of it is built


def _absent(id_: str, number: str, name: str, kind: str, rule: str, note: str,
            pending: str = "") -> OptionRow:
    return OptionRow(id_, number, name, kind, rule, "absent", pending=pending, note=note)


NO_MAP = "needs the map (territories, resources, factories), absent from the seed"

ROWS: tuple[OptionRow, ...] = (
    OptionRow("IPO1", "IPO 1", "New World Order", "ipo", "DoD 8.7.1 IPO 1", "implemented",
              note="US entry and the hostile-minors bar absent"),
    _absent("IPO2", "IPO 2", "Minor Economic Agreement", "ipo", "DoD 8.7.1 IPO 2", NO_MAP),
    OptionRow("IPO3", "IPO 3", "Minor Alliance", "ipo", "DoD 8.7.1 IPO 3", "implemented",
              cost=2, pending="roll",
              minor_effects={"make": 2, "break_other": 1, "break_own": -1},
              note="casus belli and the declarer's own PE loss on a war on the minor are built "
                   "(minor_war.py), and the PE loss when an ally is conquered and not avenged "
                   "(ruling 43); nobody is hostile (the War Chart's stability and hostility "
                   "are absent)"),
    OptionRow("IPO4", "IPO 4", "Coup", "ipo", "DoD 8.7.1 IPO 4", "implemented", cost=3,
              pending="roll",
              note="coup.py, rulings 90-96: the coup cell holders choose in a reaction window; "
                   "the table, stability and year modifier authored; a civil-war result "
                   "starts a minor civil war (civil_war.py); optional 4.1 absent"),
    OptionRow("IPO5", "IPO 5", "Minor Joins In", "ipo", "DoD 8.7.1 IPO 5", "implemented",
              cost=2,
              note="aligns an allied minor stacked with a power at war with a major power "
                   "(alignment.py, rulings 71-76); nobody is hostile (the War Chart's "
                   "hostility is absent); the card's minor effects and US entry are absent; "
                   "IPO 5.1 and 5.2 (optional, 5.2 World in Flames only) absent"),
    _absent("IPO6", "IPO 6", "Liberation", "ipo", "DoD 8.7.1 IPO 6",
            "needs the home country's capital on the map (minors are conquered only in the "
            "abstract, ruling 41)"),
    OptionRow("IPO7", "IPO 7", "Loyalist Support", "ipo", "DoD 8.7.1 IPO 7", "implemented",
              note="civil_war.py, rulings 96-104: army and naval points bought for the "
                   "government at once (1 money each, the cost), up to the limit, and up to 6 "
                   "of your army points transferred; the most plays direct the side"),
    OptionRow("IPO8", "IPO 8", "Rebel Support", "ipo", "DoD 8.7.1 IPO 8", "implemented",
              note="civil_war.py, rulings 96-104: as IPO 7 for the rebels (+1 to the limit on "
                   "a minor in another faction; the coup counts as one play)"),
    OptionRow("IPO9", "IPO 9", "Spies", "ipo", "DoD 8.7.1 IPO 9", "implemented", cost=1,
              pending="roll",
              note="13+ owes an IPO 1 in a direction, 11-12 a 0(f) (owed options, 8.2, ruling "
                   "60); 9-10, the target's intention told to the spy alone, is not built "
                   "and has no effect (ruling 61); 6 or less implicates the spy: the War "
                   "Chart and a casus belli lapsing after the next political step"),
    OptionRow("IPO10", "IPO 10", "Government Falls/Election Called", "ipo", "DoD 8.7.1 IPO 10",
              "implemented",
              note="on itself holds its election; on a Democrat ahead of it, at peace and due, "
                   "owes that power a 0(c) (rulings 65-69); the US's missed election brings "
                   "the Republicans (ruling 70); what an election does besides is unprinted"),
    OptionRow("IPO11", "IPO 11", "Treaty Torn Up", "ipo", "DoD 8.7.1 IPO 11", "implemented",
              cost=2, note="levels cancelled, the pact kept one step easier, the Treaty Chart's "
                           "minor effects reversed (ruling 63); trade absent"),
    OptionRow("IPO12", "IPO 12", "Guarantee", "ipo", "DoD 8.7.1 IPO 12", "implemented",
              cost=2, minor_effects={"guarantee": 1},
              note="casus belli and the declarer's own PE loss on a war on the minor are built "
                   "(minor_war.py), and the PE loss when it is conquered and not avenged "
                   "(ruling 43)"),
    OptionRow("IPO13", "IPO 13", "Combined War Aims", "ipo", "DoD 8.7.1 IPO 13", "implemented",
              pending="proposal",
              note="one partner a play, answered by its 0(f); repudiation; surrender to the "
                   "linked group (rulings 58-59); returning liberated colonies needs the map"),
    _absent("IPO14", "IPO 14", "Demand Vichy Territory", "ipo", "DoD 8.7.1 IPO 14",
            "needs Vichy surrender (MP 5), which needs the map's capitals"),
    OptionRow("IPO15", "IPO 15", "Naval Treaty", "ipo", "DoD 8.7.1 IPO 15", "implemented",
              cost=1, note="join or repudiate (naval_treaty.py, rulings 79-81); ratios after "
                           "production (10.3) turn PE markers; the strongest member at peace "
                           "builds no naval points; joining free by 0(f) absent"),
    OptionRow("IPO16", "IPO 16", "League of Nations", "ipo", "DoD 8.7.1 IPO 16",
              "implemented", cost=1, pending="vote",
              note="join, leave, credit, sanctions and their cancellation, voted in a sealed "
                   "reaction window on an authored councillors chart (league.py, rulings "
                   "82-89), a sanctioned power's peace with a minor; the embargo's halved "
                   "minor resources (map) and the card's US entry are absent"),
    OptionRow("IPO17", "IPO 17", "The Credit Card", "ipo", "DoD 8.7.1 IPO 17", "implemented",
              note="its minor effects fall on minors with economic agreements (IPO 2, absent): "
                   "none yet"),
    OptionRow("IPO18", "IPO 18", "Free Trade vs. Protection", "ipo", "DoD 8.7.1 IPO 18",
              "implemented", cost=1,
              note="its minor effects need economic agreements (IPO 2, absent) and its "
                   "production bonus 10.1.1 is not built"),
    OptionRow("IPO19", "IPO 19", "Embargo", "ipo", "DoD 8.7.1 IPO 19", "implemented", cost=1,
              note="trade agreements stand in as treaty levels and the printed JA-US one "
                   "(ruling 56); the lost trade is a flat income cut both ways and the halved "
                   "War Chart minor effects (ruling 57); optional 19.1 absent (needs 15.10)"),
    OptionRow("IPO20", "IPO 20", "National Effort", "ipo", "DoD 8.7.1 IPO 20", "implemented",
              cost=2, note="one PM level is a quarter of the flat income (ruling 54); six "
                           "turns up, then one level down for good (ruling 55)"),
    OptionRow("0a", "MP 0(a)", "Increase Political Effectiveness", "mp0", "DoD 8.7.2 MP 0(a)",
              "implemented", pending="roll", note="the five-turns-at-war discount waits for war"),
    OptionRow("0b", "MP 0(b)", "Purchase A Minor Unit", "mp0", "DoD 8.7.2 MP 0(b)",
              "implemented", note="secret while at peace; minors' maxima absent"),
    OptionRow("0c", "MP 0(c)", "Hold Election", "mp0", "DoD 8.7.2 MP 0(c)", "implemented",
              note="owed after IPO 10 against the power or a late election, or played when "
                   "due once IPO 10 was played this turn (ruling 68); owed, it may be any of "
                   "the options bid for (ruling 78)"),
    _absent("0d", "MP 0(d)", "Build a Factory/Oil", "mp0", "DoD 8.7.2 MP 0(d)", NO_MAP),
    OptionRow("0e", "MP 0(e)", "Place a Coup Cell", "mp0", "DoD 8.7.2 MP 0(e)", "implemented",
              cost=2, note="spent to neutralise another power's coup (IPO 4, ruling 91)"),
    OptionRow("0f", "MP 0(f)", "Agree to a proposal", "mp0", "DoD 8.7.2 MP 0(f)",
              "implemented", note="answers MP 3 treaty proposals (ruling 28), IPO 13 war aims "
                                  "and MP 5 offers; IPO 15's free joining is absent"),
    OptionRow("0g", "MP 0(g)", "Increase Bid Points", "mp0", "DoD 8.7.2 MP 0(g)",
              "implemented"),
    _absent("0h", "MP 0(h)", "Intelligence campaign", "mp0", "DoD 8.7.2 MP 0(h)",
            "World in Flames only (out of scope)"),
    _absent("MP1", "MP 1", "Disarmament", "mp", "DoD 8.7.2 MP 1",
            "needs the PM track (absent from the seed)"),
    _absent("MP2", "MP 2", "Gear Up", "mp", "DoD 8.7.2 MP 2",
            "needs the PM track and the cards' costs (absent from the seed)"),
    OptionRow("MP3", "MP 3", "Treaty", "mp", "DoD 8.7.2 MP 3", "implemented", cost=2,
              pending="proposal",
              note="treaty levels and pacts, the Treaty Chart's minor effects and US entry "
                   "(authored, rulings 62-63); trade terms and written conditions absent"),
    OptionRow("MP4", "MP 4", "ITS WAR!", "mp", "DoD 8.7.2 MP 4", "implemented", cost=4,
              note="declarations on major powers (ruling 29) and on minor countries (rulings "
                   "39-41); the War Chart's US entry and minor effects (authored, rulings 44, "
                   "51-53); closing passages and the card's own effects absent"),
    OptionRow("MP5", "MP 5", "Surrender", "mp", "DoD 8.7.2 MP 5", "implemented",
              pending="proposal",
              note="unconditional, or conditional answered by 0(f) (ruling 36: no negotiated "
                   "terms); incomplete conquest and Vichy need the map"),
)

CATALOGUE: dict[str, OptionRow] = {row.id: row for row in ROWS}

PROVENANCE: dict[str, str] = {
    "id, number, name, kind, rule, one_shot, pending": "printed (8.2, 8.7)",
    "cost": "authored (the cards and the Status Display are absent); 0(a), 0(b), 0(g) prices "
            "are in tables.py, printed",
    "minor_effects": "authored (the cards are absent)",
}
