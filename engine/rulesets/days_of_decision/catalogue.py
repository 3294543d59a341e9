"""DoD 8.2 / 8.7 — the option catalogue as data: one row per international option (8.7.1) and
per generic major-power option (8.7.2 MP 0(a)–(h), MP 1–5) and one per national option (8.7.2
GE 6–14, IT/FR/RU/JA/CH/US/CW 6–8; version 18). Numbers and names as printed; the rest in our
words. `status` is "implemented" (a handler in options.HANDLERS plays it) or "absent" (with
the reason). A national row names its `power`, what it `needs`, a `description` and the
`effect` (the event its handler writes, national.py). The national variants of MP 2–5 (GE 2,
US 3, RU 4, CH 5(a) …) are folded into their MP rows (war.py's national limits, ruling 29).

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
    power: str = ""         # a national option (8.7.2 6-14): the one power that may play it
    needs: str = ""         # a national option's prerequisites, in our words
    description: str = ""   # a national option's effect, in our words
    effect: str = ""        # the event kind its handler writes ("" while absent)


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



def _national(id_: str, name: str, status: str, cost: int, one_shot: bool, needs: str,
              description: str, effect: str = "", note: str = "",
              pending: str = "") -> OptionRow:
    power, number = id_[:2], id_[2:]
    return OptionRow(id_, f"{power} {number}", name, "mp", f"DoD 8.7.2 {power} {number}", status,
                     cost=cost, one_shot=one_shot, pending=pending, note=note, power=power,
                     needs=needs, description=description, effect=effect)


# The PM prerequisites are read since version 19 (ruling 118); what these options lack is named
# in each row.
NO_COMMUNIST_CHINA = ("needs Communist China as a separate force (its army points, territory "
                      "and production; 10.2), absent")

# DoD 8.7.2 — the national options, GE 6-14 and the others' 6-8 (version 18, rulings 105-112).
# Costs are authored (the cards are absent). One-shot: RULING 112.
NATIONAL_ROWS: tuple[OptionRow, ...] = (
    _national("GE6", "Occupy Rhineland", "implemented", 2, True,
              "France not occupying the Rhineland; Germany ahead of France on the track",
              "the Rhineland becomes German home country; France's alliances with Belgium end",
              "rhineland", note="the territory, its resources and factories are on the absent "
                                "map; the Belgian alliances and the bar on FR 6 are built "
                                "(ruling 108)"),
    _national("GE7", "Anschluss", "implemented", 2, True,
              "IT 7 never played; PM 3/4 or more; ahead of every power allied to Austria; "
              "Austria not at war, in civil war, conquered or aligned",
              "Austria becomes German home country with 7 German army points",
              "anschluss", note="Austria's territory from the political map (its conquest "
                                "level and production join Germany's); the PM read off the "
                                "flat income and IPO 20 (rulings 118-120)"),
    _national("GE8", "Demand Sudetenland", "implemented", 2, True,
              "PM 3/4 or more; Czechoslovakia not in civil war, conquered, at war or aligned",
              "the Sudetenland becomes German at the end of the step unless CW 6 or FR 8 "
              "(each with the other's 0(f)) succeeds; if blocked, no replay",
              "demand_granted",
              note="a demand settled after the 0(f) answers at the end of political affairs; "
                   "the Sudetenland's production joins Germany's from the political map; "
                   "paid on success (rulings 129-131)"),
    _national("GE9", "Czech. Rump Occupied", "implemented", 2, True,
              "GE 8 succeeded in an earlier turn; Czechoslovakia free as for GE 8",
              "Czechoslovakia becomes a German colony with 21 German army points; the CW +3 "
              "PE and France +1 PE if Democratic",
              "czech_rump_occupied",
              note="Czechoslovakia off the display as Austria under GE 7; what is left of it on "
                   "the political map a German colony (its production Germany's, its level "
                   "not); the CW and France always Democratic here (rulings 136-137)"),
    _national("GE10", "Demand Danzig Corridor", "implemented", 2, True,
              "PM 3/4 or more; Poland not in civil war, conquered, at war or aligned",
              "the corridor becomes German unless CW 7 (with France's 0(f)) succeeds; Poland "
              "then pays Germany a resource a turn",
              "demand_granted",
              note="as GE 8; Poland's resource counts in Germany's map production until a "
                   "major power is at war with or aligns Poland (rulings 129-131)"),
    _national("GE11", "Recognise the Ukraine", "implemented", 3, True,
              "Germany holds Kiev, or Poland stacked with or aligned to Germany, no "
              "German-Soviet treaty and Germany at least 3 places ahead of the Soviet Union",
              "Germany -2 PE, the Soviet Union +1 PE; the Ukraine a German colony with 6 army "
              "points; the Soviet Union's casus belli against Germany for good",
              "ukraine", note="the Kiev branch and the colony's territory and factories need "
                              "the map; the political branch, PE, army and casus belli built "
                              "(ruling 109)"),
    _national("GE12", "Create the Waffen SS Corps", "absent", 0, True, "PM 3/4 or more",
              "Germany's national army bonus (9.3.3) +1 for the game",
              note="9.3.3's national army bonus is printed on the PM track, absent from the "
                   "seed, and the abstract war adds no national bonus to a commitment (military."
                   "fight, minor_army.fight): a +1 to it would change nothing (ruling 141)"),
    _national("GE13", "Support Hungarian and Bulgarian land claims", "implemented", 2, True,
              "GE 14 never played; Italy's 0(f) this turn",
              "Transylvania to Hungary, South Dobruja to Bulgaria; German resource markers "
              "move from Rumania to them", "land_claims_granted", pending="proposal",
              note="a national proposal answered by Italy's 0(f) (ruling 122), offered while "
                   "Rumania is free and the three minors are on the display; the territories "
                   "move the minors' conquest levels, the markers Germany's map production "
                   "(one resource more, net); the IPO 5 bar after RU 4's land claim is absent "
                   "(rulings 142-143)"),
    _national("GE14", "Support Rumanian land claims", "implemented", 2, True,
              "GE 13 never played; ahead of every power allied to Rumania, Hungary or Bulgaria",
              "a German 2-resource marker in Rumania; aligned Rumania moves freely, aligned "
              "Hungary and Bulgaria keep at most 4 army points abroad",
              "rumanian_claims",
              note="the marker replaces the 1936 set-up's German 1 (one resource more in "
                   "Germany's map production) until a war on, civil war in or another power's "
                   "alignment of Rumania; the movement clauses need minor army positions and "
                   "the IPO 5 bar RU 4's land claim, both absent (rulings 138-141)"),
    _national("IT6", "French Land Grab", "absent", 0, False,
              "PM 3/4 or more; ahead of France; France not Vichy or conquered",
              "Savoy, Corsica and Tunisia to Italy (at once if Italy holds Savoy, else with "
              "FR 7); peace and a non-aggression pact; France pays a resource a turn",
              note="Savoy, Corsica and Tunisia are on the political map, but Italy never "
                   "controls Savoy (the abstract war takes no territory short of a whole "
                   "conquest), the failed offer is still paid (unlike ruling 122's national "
                   "proposals), and the forced peace with a pact and France's resource a turn "
                   "are not built"),
    _national("IT7", "Italian Anschluss", "implemented", 2, True,
              "GE 7 never played; PM 3/4 or more; ahead of every power allied to Austria; "
              "Austria not at war, in civil war, conquered or aligned",
              "Austria becomes Italian home country with 7 Italian army points",
              "anschluss", note="GE 7 for Italy (one function with the power as parameter): "
                                "Austria's territory, conquest level and production join "
                                "Italy's from the political map (rulings 118-121)"),
    _national("IT8", "Occupy Albania", "implemented", 1, True,
              "Albania free; PM 3/4 or more; ahead of the Commonwealth",
              "Albania becomes an Italian colony", "albania_occupied",
              note="Albania's territory from the political map becomes an Italian colony (its "
                   "production Italy's); Albania is not a display minor, so it is always free "
                   "until then (ruling 128)"),
    _national("FR6", "Occupy the Rhineland", "implemented", 2, True,
              "GE 6 never played; France ahead of Germany",
              "France occupies the Rhineland; Germany's alliances with Belgium end; +3 to "
              "France's US entry each turn it stays there at peace with Germany",
              "rhineland", note="the territory is on the absent map, so the occupation is "
                                "never withdrawn while France stands (ruling 108)"),
    _national("FR7", "Italian Land Grab", "absent", 0, False,
              "IT 6 played this turn; France holds Savoy; France not conquered or Vichy",
              "France accepts IT 6",
              note="only answers IT 6, absent (Savoy is on the political map; IT 6's reasons)"),
    _national("FR8", "Little Entente Backed", "implemented", 2, True,
              "GE 8 this turn, or Germany declared war on Czechoslovakia, Rumania or "
              "Yugoslavia in an earlier turn; the CW's 0(f) this turn",
              "blocks GE 8; France and the CW guarantee Czechoslovakia, Rumania and Yugoslavia",
              "demand_backed", pending="proposal",
              note="a national proposal answered by the CW's 0(f) (ruling 122); the war branch "
                   "reads Germany's open minor wars and conquests (rulings 131-133)"),
    _national("RU6", "Purge", "implemented", 2, True, "the Soviet Union not at war with Germany",
              "+2 PE, 17 army points removed; opens Soviet declarations of war (RU 4)",
              "purge", note="RU 4 (a): Soviet declarations from the next turn on (ruling 107); "
                            "WiFFE units absent"),
    _national("RU7", "Chinese Civil War", "absent", 0, True,
              "RU 6 played; no RU 8 in the last 60 turns; PM 1/2 or more; China not at war "
              "with a major power; Soviet position less than half China's",
              "Communist and Nationalist China at war with each other",
              note=NO_COMMUNIST_CHINA),
    _national("RU8", "Abduct Chiang Kai Shek", "absent", 0, True,
              "RU 7 never played; Soviet position less than half China's",
              "no Chinese civil war for 60 turns",
              note="its only effect bars RU 7 and CH 7, both absent: " + NO_COMMUNIST_CHINA),
    _national("JA6", "Peking Bridge Incident", "implemented", 2, True,
              "Japan ahead of China, or JA 8 played",
              "a limited war with China (a fifth of the offensives); China's PM at least 1/4 "
              "and no PE for China", "peking_bridge",
              note="the war edge is marked limited: a fifth of the offensives, 11.2's roll one "
                   "less; China's PM from IPO 20's levels; the limited war's US entry options "
                   "and WiFFE limits absent (rulings 124-127)"),
    _national("JA7", "Manchuria Abandoned", "implemented", 1, True,
              "JA 8 never played; Japan behind China on the track",
              "-1 PE; Japanese Manchuria passes to China", "manchuria_abandoned",
              note="Manchuria is on the absent map: the PE loss is built (ruling 110)"),
    _national("JA8", "Tojo Takes Over", "implemented", 2, True,
              "JA 7 played, or Japan behind two of the CW, the Soviet Union, China and the US",
              "+2 PE; Japan's marker marches toward the Fascist centre with 8 less its position "
              "in movement points", "tojo",
              note="the march follows ruling 111; no minor is carried along"),
    _national("CH6", "Modernize Army", "implemented", 2, True,
              "China ahead of the Soviet Union and Japan; the US's 0(f) this turn",
              "15 Nationalist army points at the next production", "modernize_army",
              pending="proposal",
              note="a proposal of kind national answered by the US's 0(f), settled at the end "
                   "of political affairs; cost paid on success; the army points arrive at the "
                   "next production (rulings 122-123); WiFFE force pools absent"),
    _national("CH7", "Chinese Civil War", "absent", 0, True,
              "no RU 8 in the last 60 turns; China's position less than half the Soviet Union's",
              "as RU 7", note=NO_COMMUNIST_CHINA),
    _national("CH8", "Chiang and Mao Share Power", "absent", 0, True,
              "RU 8 played; China at war with a major power; the Soviet Union's 0(f)",
              "Communist army points and territory become Nationalist; half of Nationalist "
              "China's victory points go to the Soviet Union", note=NO_COMMUNIST_CHINA),
    _national("US6", "Revise Neutrality Act", "implemented", 1, False,
              "the US at war with no major power; no veto taking its modified PE below zero",
              "pass: +1 PE and every later US entry effect one toward zero; veto: -1 PE and "
              "every later non-zero effect one away from zero; cumulative", "neutrality_act",
              note="ruling 105"),
    _national("US7", "Hawaii becomes the 49th State", "absent", 0, True,
              "PM 1/5 or more; half the US naval points at Honolulu",
              "Hawaii becomes US home country; half the naval points stay there at peace",
              note="Hawaii is on the political map, but naval points are a national total "
                   "with no position (ruling 79), so none can be at Honolulu"),
    _national("US8", "Monroe Doctrine Invoked", "absent", 0, False,
              "an American minor allied only to powers behind the US on the track",
              "the US at war with that minor",
              note="no American minor is among this package's 15 display minors (ruling 45)"),
    _national("CW6", "Back the Czechs", "implemented", 2, True,
              "GE 8 played this turn; France's 0(f) this turn",
              "blocks GE 8; France and the CW guarantee Czechoslovakia",
              "demand_backed", pending="proposal",
              note="a national proposal answered by France's 0(f) (ruling 122; rulings "
                   "131, 133)"),
    _national("CW7", "Back Poland", "implemented", 2, True,
              "GE 10 played this turn; France's 0(f) this turn",
              "blocks GE 10; France and the CW guarantee Poland",
              "demand_backed", pending="proposal",
              note="a national proposal answered by France's 0(f) (ruling 122; rulings "
                   "131, 133)"),
    _national("CW8", "India Independent", "absent", 0, True,
              "the CW at war with no major power and holding India",
              "India a neutral minor guaranteed by the CW, with no CW income from it",
              note="India is a CW colony on the political map, but not among this package's "
                   "15 display minors: CW 8 makes it one (its own army, stability, guarantee "
                   "and war rules), which the display has no place for"),
)

ROWS = ROWS + NATIONAL_ROWS
CATALOGUE: dict[str, OptionRow] = {row.id: row for row in ROWS}

PROVENANCE: dict[str, str] = {
    "id, number, name, kind, rule, one_shot, pending": "printed (8.2, 8.7)",
    "cost": "authored (the cards and the Status Display are absent); 0(a), 0(b), 0(g) prices "
            "are in tables.py, printed",
    "minor_effects": "authored (the cards are absent)",
}
