"""Days of Decision III, level 2: a value of the political position read from the public
board, and one scorer per decision kind (docs/bots.md).

The book wins by ideology on its 67 objectives (DoD 4; since v16 the ruleset's own count,
objectives.held, DoD version 25): the value counts the objectives the bot's power and, less,
its ideology's other powers control now, less the rivals'; and, as before, minors controlled by
the bot's power and, less, by its ideology's other powers (DoD 8.1.2, the derived `control`
table: a minor is income and the way to the objectives in it), its markers waiting on
minors (8.4.3: an activation moves the minor towards it), its alliances and guarantees, and its
tracks (PE, money, bid points), less its own US entry total (DoD 8.4.4: a declaration's War
Chart value brings the US nearer war on it). An option is scored by playing it on a copy of the public board
with the ruleset's own handlers: a roll's outcomes are weighed by their exact chances (MP 0(a),
IPO 3), a roll that only decides a remainder (IPO 17) is taken at its middle. At war it offers a
conditional surrender once the enemies' offensives pass half its conquest level, never an
unconditional one, and agrees to an enemy's surrender (MP 5). A war on a minor is scored with
the turn's combat against the minor's own army and the conquest step played on the copy (the
minor held, less the card, the army lost and each casus belli it hands out); it directs a minor when asked and makes peace for it when it may. Bids are budgeted
(a share of the bid points for one or two options); spending keeps money for the options that
cost it. The bot reads only its seat's view: the sealed bids of others never reach it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

from engine.kernel.game import copy_json
from engine.kernel.model import Decision
from engine.rulesets.days_of_decision.alignment import align
from engine.rulesets.days_of_decision.alliances import alliance_modifier
from engine.rulesets.days_of_decision.catalogue import CATALOGUE
from engine.rulesets.days_of_decision.cession import BLOCKS, DEMANDS, settle_demands
from engine.rulesets.days_of_decision.control import control_table
from engine.rulesets.days_of_decision.military import against, conquest_level
from engine.rulesets.days_of_decision.minor_army import fight
from engine.rulesets.days_of_decision.minor_war import conquer_minors, minor_at_war, war_on
from engine.rulesets.days_of_decision.minors import MINORS
from engine.rulesets.days_of_decision.national import ANSWERED_BY, MODERNIZE_ARMY, SUCCEEDS
from engine.rulesets.days_of_decision.objectives import held as objectives_held
from engine.rulesets.days_of_decision.options import HANDLERS, pe_die_cost
from engine.rulesets.days_of_decision.peace import make_peace
from engine.rulesets.days_of_decision.powers import POWERS
from engine.rulesets.days_of_decision.production import PML_VALUE, breakdown
from engine.rulesets.days_of_decision.production import income as income_of
from engine.rulesets.days_of_decision.relations import enemies
from engine.rulesets.days_of_decision.war import GEARED_UP_TURN
from engine.rulesets.days_of_decision.war_economy import EFFORT_TURNS, EMBARGO_CUT

from ..heuristic import HeuristicBot, Score
from ..protocol import BotRng, Budget, Offer

# The weights of the value (authored; docs/bots.md).
OWN_MINOR, IDEOLOGY_MINOR, RIVAL_MINOR = 2.0, 1.0, -0.5
# v16: an objective (DoD 4) the bot's power controls, one its ideology's other powers control,
# one a rival controls (the ideology's score decides the winner, the power's own its place).
OWN_OBJECTIVE, IDEOLOGY_OBJECTIVE, RIVAL_OBJECTIVE = 3.0, 2.0, -1.0
MARKER, ALLIANCE, GUARANTEE = 0.4, 0.5, 0.3
PE, MONEY, BID_POINT = 10.0, 0.25, 0.3
# Bidding: the share of the bid points put on the options, and the most options bid for.
BID_SHARE, MOST_OPTIONS = 0.5, 2
# Surrender (MP 5): the chance an enemy accepts a conditional offer, and what being conquered
# costs beyond the board's value (the power leaves the game).
ACCEPT_CHANCE, OUT_OF_THE_GAME = 0.5, 100.0
# War on a minor (MP 4): what each casus belli handed to the minor's allies costs.
CASUS_BELLI = 2.0
# US entry (DoD 8.4.4, the War Chart of a declaration): each point of its own total brings the
# US nearer a war on the bot's power (US 4: 60 a war).
US_ENTRY = 0.1
# Embargo (IPO 19): what a money of income a rival loses is worth to the bot.
RIVAL_MONEY = 0.25
# Combined war aims (IPO 13): what each aim against an enemy is worth (an enemy's surrender to
# a partner then reaches the bot too, with its PE, ruling 59).
WAR_AIM = 0.5
# League of Nations (IPO 16): what a motion for credit is worth, in money (its +10 weighed by
# the chance the council carries it).
LEAGUE_CREDIT_WORTH = 3
# National options answered by a 0(f) (CH 6, v11): an army point is worth what it costs at
# spending (10.2: 1 money), and a 0(f) naming a waiting proposer of the bot's ideology this much.
NATIONAL_ANSWER = 0.5
# v12: blocking a rival's demand (CW 6, CW 7, FR 8) and the guarantees that come with it, in
# money beside the card's price.
BACKING = 3.0
# v14: an option that raises the bot's income for good (GE 13's and GE 14's resource markers,
# rulings 139 and 143) is worth that income over the turns a national effort lasts (IPO 20:
# six), as IPO 19's trade.
# v15: income is the ruleset's 10.1 (production.py): IPO 20's level is a quarter of the bot's
# production points off the map (not ruling 54's flat step), and an option's lasting income is
# the computed income's change (minors, markers, PM), not the map production's.
# Spending: bid points are bought only while fewer than this are held.
WANTED_BID_POINTS = 6


def minor_weight(minor: str) -> float:
    """A stronger minor is worth more to hold (its willpower stands in for its army)."""
    return 1.0 + MINORS[minor].willpower / 2


def value(board: dict[str, Any], me: str) -> float:
    """The worth of the public board to power `me`."""
    mine = POWERS[me].ideology
    total = 0.0
    for power, count in objectives_held(board).items():     # DoD 4 (v16)
        weight = OWN_OBJECTIVE if power == me else (
            IDEOLOGY_OBJECTIVE if POWERS[power].ideology == mine else RIVAL_OBJECTIVE)
        total += weight * float(count)
    for minor, holder in control_table(board).items():
        if holder == me:
            total += OWN_MINOR * minor_weight(minor)
        elif holder is not None:
            same = POWERS[holder].ideology == mine
            total += (IDEOLOGY_MINOR if same else RIVAL_MINOR) * minor_weight(minor)
    total += MARKER * sum(held.get(me, 0) for held in board["modifiers"].values())
    total += ALLIANCE * sum(me in allies for allies in board["alliances"].values())
    total += GUARANTEE * sum(me in held for held in board["guarantees"].values())
    if me != "US":
        total -= US_ENTRY * float(Fraction(board["us_entry"][me]))
    entry = board["powers"][me]
    return total + PE * entry["pe"] + MONEY * entry["money"] + BID_POINT * entry["bid_points"]


class FixedRoller:
    """Stands in for the dice when an option is tried on a copy: every die shows `face`."""

    def __init__(self, face: int) -> None:
        self.face = face

    def d(self, sides: int, label: str = "") -> int:
        return self.face

    def roll(self, sides: int, label: str, count: int) -> list[int]:
        return [self.face] * count


class Context:
    def __init__(self, view: dict[str, Any], me: str) -> None:
        self.view = view
        self.me = me
        self.board: dict[str, Any] = view["board"]
        self.base = value(self.board, me)

    def tried(self, action: dict[str, Any], face: int) -> float:
        """The value after playing option `action` on a copy with every die showing `face`."""
        # an empty flow: a coup facing coup cells opens its window there and rolls nothing
        state = {"board": copy_json(self.board), "flow": {},
                 "secret": {self.me: copy_json(self.view["secret"].get(self.me, {"minor_ap": {}}))}}
        HANDLERS[action["option"]](state, self.me, action, FixedRoller(face))
        return value(state["board"], self.me) - self.base


def score_option(ctx: Context, decision: Decision, item: dict[str, Any]) -> Score:
    action = item["action"]
    option = action["option"]
    if option == "0a":
        # DoD 8.7.2 MP 0(a): any 10 among the dice raises PE by one.
        dice = int(action["dice"])
        chance = 1 - 0.9 ** dice
        return chance * PE - MONEY * pe_die_cost(ctx.board, ctx.me) * dice
    if option == "IPO3" and not (action["mode"] == "break" and action["ally"] == ctx.me):
        # DoD 8.7.1 IPO 3: d10 + modifier above 0 succeeds; a failure costs nothing.
        modifier = alliance_modifier(ctx.board, ctx.me, action["minor"], action["mode"] == "break")
        chance = min(10, max(0, 10 + modifier)) / 10
        return chance * ctx.tried(action, 10)
    if option == "MP5":
        return score_surrender(ctx, action)
    if option == "IPO13" and "repudiate" in action:
        return -WAR_AIM * sum(sorted((ctx.me, action["repudiate"])) == e["powers"]
                              for e in ctx.board["war_aims"])
    if option == "IPO13":
        # DoD 8.7.1 IPO 13: with a partner of the bot's own ideology only
        same = POWERS[action["with"]].ideology == POWERS[ctx.me].ideology
        return WAR_AIM * len(action["against"]) if same else None
    if option == "IPO20":
        return score_national_effort(ctx) + ctx.tried(action, 5)
    if option == "IPO19":
        # DoD 8.7.1 IPO 19 (rulings 56-57): the card and the halved chart on the copy, and over
        # the next turns the rival's lost income against ours.
        turns = min(EFFORT_TURNS, remaining(ctx.board))
        return ctx.tried(action, 5) + turns * (RIVAL_MONEY * EMBARGO_CUT["target"]
                                               - MONEY * EMBARGO_CUT["embargoer"])
    if option == "0f":
        # DoD 8.7.2 MP 5: agreeing to an enemy's conditional surrender brings +1 PE and peace;
        # v11: a national option of its own ideology waiting for its 0(f) (CH 6, ruling 122)
        offers = {p["from"] for p in ctx.board["proposals"]
                  if p["to"] == ctx.me and p.get("kind") == "surrender"}
        friends = {p["from"] for p in ctx.board["proposals"]
                   if p["to"] == ctx.me and p.get("kind") == "national"
                   and POWERS[p["from"]].ideology == POWERS[ctx.me].ideology}
        return ctx.tried(action, 5) + PE * len(offers & set(action["agree"])) + \
            NATIONAL_ANSWER * len(friends & set(action["agree"]))
    if option in ("GE13", "GE14"):            # v14, before the 0(f)-answered rows (GE 13)
        return score_lasting_income(ctx, action)
    if option in ANSWERED_BY:
        return score_answered(ctx, action)
    if option in DEMANDS:
        return score_demand(ctx, action)
    if option == "JA6":
        # DoD 8.7.2 JA 6 (v11): a war on China, weighed as a declaration on a major (MP 4)
        return ctx.tried(action, 5) - 1.0
    if option == "IPO16":
        return score_league(ctx, action)
    if option == "MP4" and "minor" in action:
        return score_war_on_minor(ctx, action)
    if option == "MP4":
        # DoD 8.7.2 MP 4: a war costs money and arms the target (+1 PE); the proxy of the
        # objectives (minors controlled) gains nothing from it, so the bot stays at peace.
        return ctx.tried(action, 5) - 1.0
    return ctx.tried(action, 5)


def score_answered(ctx: Context, action: dict[str, Any]) -> Score:
    """DoD 8.7.2 CH 6 (v11, ruling 122): the handler only proposes, so the copy shows nothing;
    the bot counts on an answerer of its own ideology (the bot agrees to such proposals) and
    weighs the army points at their spending price less the card, else nothing."""
    answerer = ANSWERED_BY[action["option"]]
    if POWERS[answerer].ideology != POWERS[ctx.me].ideology:
        return 0.0
    if action["option"] in BLOCKS:             # v12: CW 6, CW 7, FR 8 (rulings 129-133)
        return MONEY * (BACKING - CATALOGUE[action["option"]].cost)
    return MONEY * (MODERNIZE_ARMY - CATALOGUE[action["option"]].cost)


def score_demand(ctx: Context, action: dict[str, Any]) -> float:
    """DoD 8.7.2 GE 8 / GE 10 (v12): the demand only waits when played, so the copy settles it
    as if nobody blocked it (the territory's production, the price)."""
    state = {"board": copy_json(ctx.board), "flow": {}, "secret": {}}
    HANDLERS[action["option"]](state, ctx.me, action, FixedRoller(5))
    settle_demands(state)
    return value(state["board"], ctx.me) - ctx.base


def score_lasting_income(ctx: Context, action: dict[str, Any]) -> float:
    """DoD 8.7.2 GE 13 / GE 14 (v14, rulings 139, 143): the option applied on a copy (the card's
    price) and the income it adds, each turn of the IPO 20 horizon left (the proxy holds no
    income). GE 13 waits for Italy's 0(f): applied as if agreed when Italy shares the bot's
    ideology (the bot agrees to such proposals, v11), else worth nothing."""
    option = action["option"]
    state = {"board": copy_json(ctx.board), "flow": {}, "secret": {}}
    if option in ANSWERED_BY:
        if POWERS[ANSWERED_BY[option]].ideology != POWERS[ctx.me].ideology:
            return 0.0
        SUCCEEDS[option](state, ctx.me)
    else:
        HANDLERS[option](state, ctx.me, action, FixedRoller(5))
    added = income_of(state["board"], ctx.me) - income_of(ctx.board, ctx.me)
    turns = min(EFFORT_TURNS, remaining(ctx.board))
    return value(state["board"], ctx.me) - ctx.base + MONEY * added * turns


def score_league(ctx: Context, action: dict[str, Any]) -> Score:
    """DoD 8.7.1 IPO 16 (v8): the bot asks the League only for credit, and to join when it is
    outside; it never leaves, sanctions or moves a minor (a vote it cannot count on)."""
    if action["league"] == "credit":
        return MONEY * LEAGUE_CREDIT_WORTH - MONEY
    if action["league"] == "join" and "minor" not in action:
        return MONEY * LEAGUE_CREDIT_WORTH
    return None


def score_league_vote(ctx: Context, decision: Decision, item: dict[str, Any]) -> Score:
    """DoD 8.7.1 IPO 16 (v8): yes to its own and its ideology's motions, no to a sanction on
    its own ideology, else abstain (the first answer)."""
    vote, motion = item["action"]["vote"], decision.data["motion"]
    mine = POWERS[ctx.me].ideology
    friend = POWERS[str(decision.data["proposer"])].ideology == mine
    shielded = motion["league"] == "sanction" and POWERS[motion["target"]].ideology == mine
    wanted = "no" if shielded else "yes" if friend else "abstain"
    return 1.0 if vote == wanted else 0.0


def score_league_peace(ctx: Context, decision: Decision, item: dict[str, Any]) -> Score:
    """DoD 8.7.1 IPO 16 (v8, ruling 89): peace with the minor rather than 'enough is enough'
    (every League power's casus belli); it keeps its war under an embargo or expulsion."""
    peace = bool(item["action"]["peace"])
    return 1.0 if peace == (decision.data["motion"]["kind"] == "enough") else 0.0


def score_coup_cell(ctx: Context, decision: Decision, item: dict[str, Any]) -> Score:
    """DoD 8.7.1 IPO 4 (ruling 91): spend the cell against a power of another ideology; let a
    power of its own ideology's coup go ahead (it keeps the cell for a rival)."""
    rival = POWERS[str(decision.data["power"])].ideology != POWERS[ctx.me].ideology
    return 1.0 if bool(item["action"]["use"]) == rival else 0.0


def remaining(board: dict[str, Any]) -> int:
    """Turns left to play, this one included."""
    return int(board["last_turn"]) - int(board["turn"]) + 1


def score_national_effort(ctx: Context) -> float:
    """DoD 8.7.1 IPO 20 (rulings 55, 145): one PM level more for six turns, one less for every
    turn after, so it pays near the game's end, or when the war may end the power first; a
    level is a quarter of the production points (v15: read off the map, 10.1)."""
    left = remaining(ctx.board)
    up, down = min(EFFORT_TURNS, left), max(0, left - EFFORT_TURNS) * (1 - danger(ctx.board, ctx.me))
    step = float(PML_VALUE) * int(breakdown(ctx.board, ctx.me).get("points", 0))
    return MONEY * step * (up - down)


def score_war_on_minor(ctx: Context, action: dict[str, Any]) -> Score:
    """DoD 8.7.2 MP 4 on a minor, DoD 9.3, DoD 12.2: the declaration is played on a copy, the
    turn's combat on the new front fought on it (the bot's army less one for each enemy major
    power against the minor's whole army, as its director's default commits it: RULINGS 47-49)
    and the turn's conquest step run: the minor falls if the offensives reach its conquest
    level or its army is gone. The gain is the minor held (the proxy of the objectives) less
    the card, the army lost, the PE and markers of a war on one's own ally or guarantee, and
    each casus belli the war hands to the minor's other allies and guarantors."""
    state = {"board": copy_json(ctx.board),
             "secret": {ctx.me: copy_json(ctx.view["secret"].get(ctx.me, {"minor_ap": {}}))}}
    board = state["board"]
    before = {p for p, targets in ctx.board["casus_belli"].items() if ctx.me in targets}
    HANDLERS["MP4"](state, ctx.me, action, FixedRoller(5))
    after = {p for p, targets in board["casus_belli"].items() if ctx.me in targets}
    minor, army = action["minor"], int(board["powers"][ctx.me]["army"])
    if minor_at_war(board, minor):
        attack = max(0, army - len(enemies(board, ctx.me)))
        fight(board, war_on(board, minor, ctx.me), attack,
              int(board["minor_forces"][minor]["army"]))
    conquer_minors(state)
    lost = army - int(board["powers"][ctx.me]["army"])
    return value(board, ctx.me) - ctx.base - CASUS_BELLI * len(after - before) - MONEY * lost


def danger(board: dict[str, Any], me: str) -> float:
    """How near the enemies' offensives are to conquering `me` (DoD 12), 0 to 1."""
    return against(board, me) / conquest_level(board, me)


def score_surrender(ctx: Context, action: dict[str, Any]) -> Score:
    """DoD 8.7.2 MP 5: a conditional offer is worth the peace it may bring (the PE lost, the
    offensives against us gone) once the war goes badly; unconditional surrender is the end of
    the bot's power, never chosen while anything else is offered."""
    if action["terms"] == "unconditional":
        return -OUT_OF_THE_GAME
    board = copy_json(ctx.board)
    at_risk = danger(board, ctx.me)
    make_peace(board, ctx.me, action["to"])
    gain = value(board, ctx.me) - ctx.base + OUT_OF_THE_GAME * at_risk
    return ACCEPT_CHANCE * gain if at_risk >= 0.5 else None


def score_bid(ctx: Context, decision: Decision, item: dict[str, Any]) -> Score:
    """DoD 6: bid about a share of the bid points, for one option or, when rich, two."""
    points = ctx.board["powers"][ctx.me]["bid_points"]
    bid, options = item["action"]["bid"], item["action"]["options"]
    wanted_options = max(1, min(MOST_OPTIONS, points // 4))
    wanted_bid = round(points * BID_SHARE)
    if options == 0:
        return -1.0 if points else 0.0
    return -abs(options - wanted_options) * 2 - abs(bid - wanted_bid) * 0.5


def score_drop(ctx: Context, decision: Decision, item: dict[str, Any]) -> Score:
    """DoD 6: a Democrat keeps its place (an earlier position picks options first)."""
    return -float(item["action"]["position"])


def score_spend(ctx: Context, decision: Decision, item: dict[str, Any]) -> Score:
    """DoD 10.2: bid points while short of them; money is kept for options otherwise; army
    points once, when war may come and the bot has none (a war on a minor needs one)."""
    action = item["action"]
    if unarmed_for_war(ctx) and action["army"] and action["bid_points"]:
        # DoD 8.7.2 MP 4: no declaration without an army point (ruling 40); once war may
        # come (1938, ruling 29) an unarmed bot takes the mixed purchase, once
        return 1.0 + float(action["army"])
    if action["army"] or action["naval"]:
        return None
    short = ctx.board["powers"][ctx.me]["bid_points"] < WANTED_BID_POINTS
    return float(action["bid_points"]) if short else -float(action["bid_points"])


def unarmed_for_war(ctx: Context) -> bool:
    """No army point yet, and the turn before the powers gear up has come (ruling 29)."""
    return (ctx.board["powers"][ctx.me]["army"] < 1
            and int(ctx.board["turn"]) >= GEARED_UP_TURN - 1)


def score_activate(ctx: Context, decision: Decision, item: dict[str, Any]) -> Score:
    """DoD 8.5: activate the minor whose markers pull hardest towards this power."""
    held = ctx.board["modifiers"].get(item["action"]["minor"], {})
    return held.get(ctx.me, 0) - 0.5 * sum(v for p, v in held.items() if p != ctx.me)


def score_shift(ctx: Context, decision: Decision, item: dict[str, Any]) -> Score:
    """DoD 8.5: move the minor where the board is worth most to this power."""
    minor = decision.data["minor"] if decision.data else ctx.view["activation"]["minor"]
    board = copy_json(ctx.board)
    board["display"][minor] = item["action"]["to"]
    return value(board, ctx.me) - ctx.base


def score_commit(ctx: Context, decision: Decision, item: dict[str, Any]) -> Score:
    """DoD 9.3: the side with more committed wins the front, so commit the whole army, spread
    evenly over the fronts (the offered split with the smallest largest share)."""
    commit = item["action"]["commit"]
    return float(sum(commit.values())) - 0.1 * max(commit.values(), default=0)


def aligned_gain(ctx: Context, minor: str) -> float:
    """DoD 8.7.2 MP 4, 8.1.4 (v7): the proxy's change when the bot aligns a minor it directs,
    free, tried on a copy (it becomes the bot's controlled minor; its markers and other ties
    go)."""
    state = {"board": copy_json(ctx.board), "secret": {}}
    align(state, ctx.me, minor, "bot")
    return value(state["board"], ctx.me) - ctx.base


def score_direct(ctx: Context, decision: Decision, item: dict[str, Any]) -> Score:
    """DoD 8.7.2 MP 4: directing never loses the minor sooner than declining (if every power
    declines, it falls at once), so the bot directs; it aligns the minor free too when that
    raises its proxy (v7)."""
    action = item["action"]
    if action.get("align"):
        return 1.0 + aligned_gain(ctx, str(decision.data["minor"]))
    return 1.0 if action["direct"] else 0.0


def score_minor_peace(ctx: Context, decision: Decision, item: dict[str, Any]) -> Score:
    """DoD 8.7.2 MP 4: peace for a directed minor takes it out of the war, so it cannot fall
    to the declarer later (when the bot's own war with it ends); the bot makes it. A free
    alignment (v7) is taken when it raises the proxy, below peace."""
    action = item["action"]
    if action.get("align"):
        return min(0.9, aligned_gain(ctx, str(action["align"])))
    return 1.0 if action["peace"] else 0.0


def passive(ctx: Context, decision: Decision, item: dict[str, Any]) -> Score:
    return 0.0


PHASES: dict[str, Callable[[Context, Decision, dict[str, Any]], Score]] = {
    "option": score_option, "bid": score_bid, "drop": score_drop, "spend": score_spend,
    "activate": score_activate, "shift": score_shift, "commit": score_commit,
    "minor_commit": score_commit,
    "direct": score_direct, "minor_peace": score_minor_peace, "league_vote": score_league_vote,
    "league_peace": score_league_peace, "coup_cell": score_coup_cell}


class DaysOfDecisionBot(HeuristicBot):
    id, version = "dod-heuristic", "16"
    work = 2000

    def context(self, view: dict[str, Any], offers: Sequence[Offer], rng: BotRng,
                budget: Budget) -> Context:
        return Context(view, offers[0].me)

    def phase(self, kind: str) -> Callable[[Context, Decision, dict[str, Any]], Score]:
        return PHASES.get(kind, passive)


def heuristic(scenario: str) -> DaysOfDecisionBot:
    return DaysOfDecisionBot()


__all__ = ["DaysOfDecisionBot", "heuristic", "value"]
