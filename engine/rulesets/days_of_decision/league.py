"""DoD 8.7.1 IPO 16 (League of Nations), with the League voting that control of a minor gives
(8.1.3, 8.1.4): membership, the motions a play may put, the sealed vote, and the sanctions.

A play of IPO 16 is one motion (action `league`): "join" (a power outside the League, or a
minor it controls), "leave" (no vote), "credit" (+10 credit limit), "sanction" (`kind`:
"embargo", "expulsion" or "enough", against `target` for its war on `cause`) or "cancel" (a
sanction in force, by its index). Every motion but leaving goes to a vote: a reaction window in
which each voting country's vote is one sealed decision of its caster (the kernel keeps every
vote from every other audience until the last is in), abstaining first and so the timeout
default (RULING 83). The vote is tallied in `resolve` (called from politics.py, which then
makes the end-of-step roll).

RULING 82: the councillors chart is on the absent Status Display; COUNCILLORS below is authored
(a d10 names six of our fifteen minors). RULING 84: the tally is literal: an uncontrolled minor
named to vote abstains, and in a sanctions vote any abstention defeats it; a vote nobody casts
fails. RULING 85: cost 1 (authored), paid only when the motion carries (8.4.1) or on leaving;
the card's US-entry effect is unprinted and not applied (as for every card, catalogue.py).
RULING 86: only the League's own increases revert when a power leaves or is expelled.
RULING 89: a sanction voted on a power for its war on a minor first asks that power (a second
reaction window, no peace first and the default) whether it makes peace with the minor at once.
RULING 87: a sanction in force lapses twelve turns (two years) after its subject is first found
at peace with the cause (or the cause conquered) at the end of a turn; at war again, the count
restarts. A conquered subject's sanctions end.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from engine.kernel import Decision, Event, IllegalAction, MalformedAction, Roller
from engine.kernel.flow import Answers

from . import markers, minor_army
from .catalogue import CATALOGUE
from .control import controller
from .minors import MINORS
from .powers import POWERS, SEATS
from .relations import conquered, still_at_war_with

State = dict[str, Any]
RULE = "DoD 8.7.1 IPO 16"
FOUNDING_POWERS = ("CH", "CW", "FR", "IT", "RU")            # printed
NOT_PERMANENT = ("CH",)                                    # printed: China is no permanent member
CREDIT_STEP = 10                                           # printed
MINOR_YES, MINOR_NO = 2, -3                                # printed: on the proposer only
SANCTIONS = ("embargo", "expulsion", "enough")
LAPSE_TURNS = 12                                           # printed: 2 years (RULING 87)
PASS_SHARE = Fraction(2, 3)                                # printed
ABSTAIN = {"vote": "abstain"}
VOTES = (ABSTAIN, {"vote": "yes"}, {"vote": "no"})        # abstain first: the timeout default
# RULING 82 — authored: the six minors a d10 roll names to the League council.
COUNCILLORS: dict[int, tuple[str, ...]] = {
    1: ("poland", "belgium", "spain", "sweden", "turkey", "yugoslavia"),
    2: ("czechoslovakia", "netherlands", "rumania", "greece", "finland", "austria"),
    3: ("poland", "rumania", "belgium", "hungary", "spain", "baltic_states"),
    4: ("sweden", "czechoslovakia", "turkey", "bulgaria", "netherlands", "greece"),
    5: ("yugoslavia", "finland", "poland", "austria", "belgium", "rumania"),
    6: ("spain", "hungary", "czechoslovakia", "baltic_states", "sweden", "turkey"),
    7: ("netherlands", "bulgaria", "yugoslavia", "poland", "greece", "finland"),
    8: ("belgium", "austria", "rumania", "sweden", "hungary", "czechoslovakia"),
    9: ("turkey", "spain", "baltic_states", "netherlands", "bulgaria", "poland"),
    10: ("greece", "yugoslavia", "finland", "belgium", "czechoslovakia", "spain"),
}
PROVENANCE = {"COUNCILLORS": "authored (the Status Display is absent; RULING 82)",
              "FOUNDING_POWERS, NOT_PERMANENT, CREDIT_STEP, MINOR_YES, MINOR_NO, LAPSE_TURNS, "
              "PASS_SHARE": "printed (8.7.1 IPO 16)"}


def initial() -> dict[str, Any]:
    """DoD 8.7.1 IPO 16 — CH, CW, FR, IT, RU and every minor but Switzerland (not one of ours)
    start in the League; no credit raised, no sanction."""
    return {"members": sorted((*FOUNDING_POWERS, *MINORS)), "credit": {}, "sanctions": []}


def member(board: dict[str, Any], country: str) -> bool:
    return country in board.get("league", {}).get("members", ())


# --- the motions a play may put ----------------------------------------------------------------

def _causes(board: dict[str, Any], target: str) -> list[str]:
    majors = [w["target"] for w in board["wars"] if w["aggressor"] == target]
    minors = [w["minor"] for w in board["minor_wars"] if w["power"] == target]
    return sorted(set(majors) | set(minors))


def _may_move_minor(board: dict[str, Any], power: str, minor: str) -> bool:
    """A minor the power controls, whose willpower is above the power's initiative position
    and not in civil war (IPO 4, IPO 16). An aligned minor votes but no option names it
    (RULING 72), so it is not moved in or out."""
    return (controller(board, minor) == power and minor not in board["minors_conquered"]
            and minor not in board.get("aligned", {})
            and minor not in board.get("civil_wars", {})
            and board["initiative"].index(power) + 1 < MINORS[minor].willpower)


def actions(board: dict[str, Any], power: str) -> list[dict[str, Any]]:
    """DoD 8.7.1 IPO 16 — outside the League only joining (itself or a minor); inside, leave,
    raise credit, move a controlled minor in or out, put a sanction or its cancellation."""
    out: list[dict[str, Any]] = []
    for minor in sorted(MINORS):
        if _may_move_minor(board, power, minor):
            verb = "leave" if member(board, minor) else "join"
            out.append({"option": "IPO16", "league": verb, "minor": minor})
    if not member(board, power):
        return [{"option": "IPO16", "league": "join"}] + out
    out += [{"option": "IPO16", "league": "leave"}, {"option": "IPO16", "league": "credit"}]
    in_force = board["league"]["sanctions"]
    for target in SEATS:
        if target == power or conquered(board, target):
            continue
        for cause in _causes(board, target):
            for kind in SANCTIONS:
                if kind == "expulsion" and not member(board, target):
                    continue
                if any(s["kind"] == kind and s["on"] == target and s["cause"] == cause
                       for s in in_force):
                    continue
                out.append({"option": "IPO16", "league": "sanction", "kind": kind,
                            "target": target, "cause": cause})
    out += [{"option": "IPO16", "league": "cancel", "sanction": i} for i in range(len(in_force))]
    return out


def play(state: State, power: str, action: dict[str, Any], roller: Roller) -> list[Event]:
    """Leaving takes effect at once; every other motion rolls for the council (not for
    "enough is enough": every member votes) and opens the vote."""
    board = state["board"]
    if action.get("league") not in ("join", "leave", "credit", "sanction", "cancel"):
        raise MalformedAction('IPO 16 names "league": join, leave, credit, sanction or cancel')
    if action not in actions(board, power):
        raise IllegalAction(RULE, "league_motion_not_open", {"league": action["league"]},
                            "That League of Nations motion cannot be put now.")
    if action["league"] == "leave":
        board["powers"][power]["money"] -= CATALOGUE["IPO16"].cost
        return _leave(board, action.get("minor", power), power)
    roll = None
    if action.get("kind") != "enough":
        roll = roller.d(10, f"IPO 16 councillors for {power}")
    voters = voting(board, roll, action.get("target"))
    silent = uncontrolled(board, roll, action.get("target"))
    motion = {key: value for key, value in action.items() if key != "option"}
    state["flow"]["league_vote"] = {"proposer": power, "motion": motion, "roll": roll,
                                    "voters": voters, "abstaining": silent,
                                    "number": board["powers"][power]["played"]}
    return [Event("league_motion", RULE, {"power": power, "motion": motion, "roll": roll,
                                          "voters": voters, "abstaining": silent})]


def _leave(board: dict[str, Any], country: str, power: str) -> list[Event]:
    board["league"]["members"].remove(country)
    events = [Event("league_left", RULE, {"power": power, "country": country})]
    return events + _revert_credit(board, country)


def _revert_credit(board: dict[str, Any], country: str) -> list[Event]:
    """RULING 86 — a power out of the League loses the credit the League gave it."""
    raised = board["league"]["credit"].pop(country, 0)
    if not raised:
        return []
    board["powers"][country]["credit_limit"] -= raised
    return [Event("league_credit_lost", RULE, {
        "power": country, "credit_limit": board["powers"][country]["credit_limit"]})]


# --- who votes ---------------------------------------------------------------------------------

def _named(board: dict[str, Any], roll: int | None,
           subject: str | None) -> list[tuple[str, str | None]]:
    """(country, caster or None): every League member on an "enough is enough" vote (roll
    None), else the council the roll names that are members and the permanent members (every
    League power but China); never the subject; conquered countries don't vote. A power casts
    its own vote and those of the minors it controls (8.1.3, 8.1.4: at peace or at war, any
    control gives the League vote; aligned minors too); an uncontrolled minor has no caster."""
    members = board["league"]["members"]
    if roll is None:
        named = list(members)
    else:
        council = [m for m in COUNCILLORS[roll] if m in members]
        named = council + [p for p in members if p in POWERS and p not in NOT_PERMANENT]
    out: list[tuple[str, str | None]] = []
    for country in sorted(set(named)):
        if country == subject:
            continue
        if country in POWERS:
            if not conquered(board, country):
                out.append((country, country))
        elif country not in board["minors_conquered"]:
            out.append((country, controller(board, country)))
    return out


def voting(board: dict[str, Any], roll: int | None, subject: str | None) -> list[list[str]]:
    """[[caster, country], ...]: the votes someone casts."""
    return [[caster, country] for country, caster in _named(board, roll, subject) if caster]


def uncontrolled(board: dict[str, Any], roll: int | None, subject: str | None) -> list[str]:
    """The named minors nobody controls: they always abstain (RULING 84)."""
    return [country for country, caster in _named(board, roll, subject) if caster is None]


def decisions(state: State) -> list[Decision]:
    """The `league` step: the sealed vote, then a sanctioned power's peace (RULING 89)."""
    return vote_decisions(state) + peace_decisions(state)


def vote_decisions(state: State) -> list[Decision]:
    """The reaction window: one sealed decision a voting country, answered by its caster."""
    vote = state["flow"].get("league_vote")
    if not vote:
        return []
    board = state["board"]
    group = group_id(board, vote)
    return [Decision(
        id=f"{group}-{country}", seats=(caster,), kind="league_vote", rule=RULE,
        prompt=(f"League of Nations, the vote of {_name(country)}: "
                f"{POWERS[vote['proposer']].title} moves to {describe_motion(vote['motion'])}"),
        waiting=f"{POWERS[caster].title} is voting in the League",
        options=VOTES, group=group, reaction=True,
        data={"country": country, "proposer": vote["proposer"], "motion": vote["motion"]})
        for caster, country in vote["voters"]]


def group_id(board: dict[str, Any], vote: dict[str, Any]) -> str:
    return f"t{board['turn']}-league-{vote['proposer']}-{vote['number']}"


# --- the tally and the motions' effects --------------------------------------------------------

def carried(motion: dict[str, Any], ballots: dict[str, str]) -> bool:
    """Sanctions need every vote cast for them (an abstention is against); any other motion
    two thirds of the votes cast, abstentions ignored (RULING 84: nobody voting fails)."""
    yes = sum(1 for v in ballots.values() if v == "yes")
    if motion["league"] == "sanction":
        return bool(ballots) and yes == len(ballots)
    cast = sum(1 for v in ballots.values() if v != "abstain")
    return cast > 0 and Fraction(yes, cast) >= PASS_SHARE


def resolve(state: State, answers: Answers) -> list[Event]:
    """Reveal (the kernel has) and count the votes; the proposer's markers for the minors'
    votes; the motion's effect if it carried."""
    board, vote = state["board"], state["flow"]["league_vote"]
    state["flow"]["league_vote"] = None
    ballots = {country: "abstain" for country in vote.get("abstaining", [])}
    ballots.update({str(d.data["country"]): str(a["vote"]) for d, _, a in answers})
    motion = vote["motion"]
    if motion["league"] == "sanction" and motion["cause"] in MINORS and carried(motion, ballots):
        # the subject may first make peace with the minor to lift them (RULING 89)
        state["flow"]["league_peace"] = {"proposer": vote["proposer"], "motion": motion,
                                         "played_before": vote.get("played_before", 0)}
        return tally(board, vote["proposer"], motion, ballots, effect=False)
    return tally(board, vote["proposer"], motion, ballots)


def tally(board: dict[str, Any], proposer: str, motion: dict[str, Any],
          ballots: dict[str, str], effect: bool = True) -> list[Event]:
    """The vote made public, the proposer's markers, the cost and the effect if it carried
    (`effect` False: the subject's choice of peace comes first)."""
    passed = carried(motion, ballots)
    events = [Event("league_vote", RULE, {"power": proposer, "motion": motion,
                                          "votes": dict(sorted(ballots.items())),
                                          "carried": passed})]
    effects = {c: MINOR_YES if v == "yes" else MINOR_NO for c, v in ballots.items()
               if c in MINORS and v != "abstain"}
    events += markers.add_markers(board, proposer, effects)
    if passed:
        board["powers"][proposer]["money"] -= CATALOGUE["IPO16"].cost
        if effect:
            events += EFFECTS[motion["league"]](board, proposer, motion)
    return events


# --- the subject's peace with a minor (RULING 89) ------------------------------------------------

PEACE_CHOICES = ({"peace": False}, {"peace": True})    # no peace first: the timeout default


def peace_decisions(state: State) -> list[Decision]:
    """DoD 8.7.1 IPO 16 — sanctions voted on a power for its war on a minor: it may at once
    make peace with the minor, and the sanctions never come into effect."""
    pending = state["flow"].get("league_peace")
    if not pending:
        return []
    board, motion = state["board"], pending["motion"]
    target, minor = motion["target"], motion["cause"]
    return [Decision(
        id=f"t{board['turn']}-league-peace-{target}-{minor}", seats=(target,),
        kind="league_peace", rule=RULE,
        prompt=(f"The League has voted {describe_motion(motion)}: make peace with "
                f"{MINORS[minor].title} now (give back what you hold there) to lift it, or not"),
        waiting=f"{POWERS[target].title} is deciding on peace with {MINORS[minor].title}",
        options=PEACE_CHOICES, reaction=True, data={"minor": minor, "motion": motion})]


def answer_peace(state: State, power: str, action: dict[str, Any]) -> list[Event]:
    """Peace: the power's war on the minor ends, its offensives into it are removed and the
    minor stands down if no longer at war (minor_army.stand_down); the sanction is not
    imposed. No peace: the sanction comes into effect."""
    board, pending = state["board"], state["flow"]["league_peace"]
    state["flow"]["league_peace"] = None
    motion, minor = pending["motion"], pending["motion"]["cause"]
    if not action["peace"]:
        return _sanction(board, pending["proposer"], motion)
    board["minor_wars"] = [w for w in board["minor_wars"]
                           if not (w["minor"] == minor and w["power"] == power)]
    board["minor_offensives"].pop(minor_army.key(power, minor), None)
    minor_army.stand_down(board, minor)
    return [Event("league_peace", RULE, {"power": power, "minor": minor,
                                         "kind": motion["kind"]})]


def _join(board: dict[str, Any], proposer: str, motion: dict[str, Any]) -> list[Event]:
    country = motion.get("minor", proposer)
    board["league"]["members"] = sorted({*board["league"]["members"], country})
    return [Event("league_joined", RULE, {"power": proposer, "country": country})]


def _credit(board: dict[str, Any], proposer: str, motion: dict[str, Any]) -> list[Event]:
    """+10 to the credit limit each time it carries (8.4.2, 10.2)."""
    credit = board["league"]["credit"]
    credit[proposer] = credit.get(proposer, 0) + CREDIT_STEP
    board["powers"][proposer]["credit_limit"] += CREDIT_STEP
    return [Event("league_credit", RULE, {
        "power": proposer, "credit_limit": board["powers"][proposer]["credit_limit"]})]


def _sanction(board: dict[str, Any], proposer: str, motion: dict[str, Any]) -> list[Event]:
    """Expulsion takes the subject out at once (it may ask to join again); an embargo and
    "enough is enough" stay in force (RULING 87)."""
    target = motion["target"]
    if motion["kind"] == "expulsion":
        board["league"]["members"].remove(target)
        return [Event("league_expelled", RULE, {"power": target, "by": proposer}),
                *_revert_credit(board, target)]
    board["league"]["sanctions"].append({"kind": motion["kind"], "on": target,
                                         "cause": motion["cause"], "since": board["turn"],
                                         "lapses": None})
    return [Event("league_sanction", RULE, {"power": target, "kind": motion["kind"],
                                            "cause": motion["cause"], "by": proposer})]


def _cancel(board: dict[str, Any], proposer: str, motion: dict[str, Any]) -> list[Event]:
    gone = board["league"]["sanctions"].pop(int(motion["sanction"]))
    return [Event("league_sanction_cancelled", RULE, {**gone, "by": proposer})]


EFFECTS = {"join": _join, "credit": _credit, "sanction": _sanction, "cancel": _cancel}


# --- sanctions in force --------------------------------------------------------------------------

def embargoed(board: dict[str, Any], power: str) -> bool:
    return any(s["kind"] == "embargo" and s["on"] == power
               for s in board.get("league", {}).get("sanctions", []))


def barred_partner(board: dict[str, Any], power: str, other: str) -> bool:
    """Embargo (c): an embargoed power still in the League may not propose a treaty to, nor
    accept one from, a League major power."""
    return embargoed(board, power) and member(board, power) and member(board, other)


def lost_trade(board: dict[str, Any], power: str) -> list[str]:
    """Embargo (a): the League powers an embargoed power may not trade with, or, for a League
    power, the embargoed powers it loses its trade with (the caller checks the trade)."""
    league_powers = [p for p in SEATS if member(board, p)]
    if embargoed(board, power):
        return [p for p in league_powers if p != power]
    if member(board, power):
        return [p for p in SEATS if p != power and embargoed(board, p)]
    return []


def lapse(board: dict[str, Any]) -> list[Event]:
    """DoD 8.7.1 IPO 16 — at the end of a turn (RULING 87)."""
    kept, events = [], []
    for sanction in board["league"]["sanctions"]:
        on, cause = sanction["on"], sanction["cause"]
        fighting = still_at_war_with(board, on, cause)
        if fighting:
            sanction["lapses"] = None
        elif sanction["lapses"] is None:
            sanction["lapses"] = int(board["turn"]) + LAPSE_TURNS
        if conquered(board, on) or (not fighting and int(board["turn"]) >= sanction["lapses"]):
            events.append(Event("league_sanction_lapsed", RULE, dict(sanction)))
            continue
        kept.append(sanction)
    board["league"]["sanctions"] = kept
    return events


def describe_motion(motion: dict[str, Any]) -> str:
    verb = motion["league"]
    if verb in ("join", "leave"):
        who = MINORS[motion["minor"]].title if "minor" in motion else "its own power"
        return f"{verb} the League: {who}"
    if verb == "credit":
        return "raise its credit limit"
    if verb == "sanction":
        name = {"embargo": "a trade embargo", "expulsion": "expulsion",
                "enough": "'enough is enough'"}[motion["kind"]]
        return (f"{name} on {POWERS[motion['target']].title} for its war on "
                f"{_name(motion['cause'])}")
    return f"cancel sanction {motion['sanction']}"


def _name(country: str) -> str:
    return POWERS[country].title if country in POWERS else MINORS[country].title
