"""The War to End All Wars' bots (engine/bots/twteaw/, docs/bots.md): every seat filled by
bots plays whole games legally, level 2 reads only its seat's view (fog of war), its odds are
the resolver's own combat, it attacks only at the odds it declares, and a composed order set
passes only through the kernel's gate."""

from __future__ import annotations

from itertools import product
from typing import Any

import pytest

from engine import bots, kernel, rulesets
from engine.bots.match import match_seed, play_match
from engine.bots.protocol import Bot, BotRng, Budget
from engine.bots.runner import bot_turn
from engine.bots.twteaw import TwteawBot, odds
from engine.bots.twteaw.phases import choose_attacks
from engine.bots.twteaw.world import PLAN, build_context, position_from_view
from engine.kernel.canonical import canonical_json
from engine.rulesets.twteaw import combat as C
from engine.rulesets.twteaw.fog import band
from engine.rulesets.twteaw.world import world
from tests.engine.scripted_dice import FixedDice

RULESET = rulesets.get("twteaw")
SCENARIO = "europe-1914"
SEATS = {s["id"]: s["side"] for s in RULESET.scenario(SCENARIO)["seats"]}


def table(level: int, side: str | None = None) -> dict[str, Bot]:
    """`level` on `side` (every seat when None), level 1 elsewhere."""
    return {seat: bots.bot_for(RULESET, SCENARIO, level if side in (None, s) else 1)
            for seat, s in SEATS.items()}


def opening() -> dict[str, Any]:
    state, _ = kernel.new_game(RULESET, SCENARIO, {}, sorted(SEATS), match_seed(5, 0), "g-tw")
    return state


@pytest.mark.parametrize("level", [1, 2])
def test_twteaw_turn_bots_fill_every_seat_and_play_whole_games_legally(level):
    """TWTEAW "Sequence of Play": every seat's order set written by a bot, every turn resolved
    to the game's end, no answer refused, none replaced by the deadline's default."""
    report = play_match(RULESET, SCENARIO, table(level), seed=match_seed(3, level),
                        game_uid=f"tw-{level}", options={"turns": 4})
    assert report.status == "finished", report.problems
    assert (report.illegal, report.errors) == (0, 0), report.problems
    writers = {entry["by"] for entry in report.log}
    assert writers == {bots.bot_for(RULESET, SCENARIO, level).by}
    assert report.result is not None and report.final_state["board"]["turn"] == 4


def test_twteaw_turn_level2_everywhere_plays_the_same_game_from_the_same_seed():
    runs = [play_match(RULESET, SCENARIO, table(2), seed=match_seed(9, 0),
                       game_uid="same", options={"turns": 6}) for _ in range(2)]
    assert runs[0].final_hash == runs[1].final_hash
    assert canonical_json(runs[0].log) == canonical_json(runs[1].log)


class Spy(TwteawBot):
    """Level 2 that keeps what it was given."""

    seen: list[dict[str, Any]]

    def decide(self, view, offers, rng, budget):
        self.seen = [*getattr(self, "seen", []), view]
        return super().decide(view, offers, rng, budget)


def test_twteaw_fog_level2_is_given_its_seats_view_not_the_state():
    """TWTEAW fog of war: the bot's one input is the view of `seat:germany`; it holds the
    exact units of Germany and its ally only, and bands for everyone else."""
    state = opening()
    spy = Spy()
    bot_turn(RULESET, state, "germany", spy, game_uid="g-tw")
    (given,) = spy.seen
    expected = kernel.view(RULESET, state, "seat:germany")
    assert canonical_json(given) == canonical_json(expected)
    assert set(given["known"]) == {"germany", "austria_hungary"}
    assert "secret" not in given and "russia" not in given["known"]
    assert given["bands"]["warsaw"]["russia"] == band(
        sum(state["secret"]["russia"]["units"]["warsaw"].values()))


def test_twteaw_fog_level2_answer_does_not_move_when_hidden_enemies_change_within_a_band():
    """TWTEAW fog of war: enemy stacks next to Germany changed within their colour bands (what
    the seat cannot tell apart) leave Germany's orders byte for byte the same."""
    state = opening()
    clean = bot_turn(RULESET, state, "germany", TwteawBot(), game_uid="g-tw")
    poisoned = kernel.game.copy_json(state)
    changed = 0
    for nation in ("russia", "france"):
        for stack in poisoned["secret"][nation]["units"].values():
            total = sum(stack.values())
            # the far end of the same band: a 6-unit stack shows yellow as a 20-unit one does
            top = {"black": 5, "yellow": 20, "red": 40}[band(total)]
            stack.clear()
            stack["infantry"] = max(top, 1)
            changed += 1
    assert changed
    dirty = bot_turn(RULESET, poisoned, "germany", TwteawBot(), game_uid="g-tw")
    assert dirty.problem is None and clean.problem is None
    assert canonical_json(dirty.action) == canonical_json(clean.action)


def captures_by_the_resolver(attackers: int, defenders: int, city: bool) -> float:
    """The share of all D10 outcomes of one round in which the ruleset's own `combat.fight`
    captures the territory."""
    dice = attackers + defenders + city
    won = 0
    for faces in product(range(1, 11), repeat=dice):
        b = C.Battle("x", [C.Fighter("me", "infantry", 0) for _ in range(attackers)],
                     [C.Fighter("them", "infantry", -1) for _ in range(defenders)],
                     [C.Group("me", "y", rounds=1)], city=city)
        won += C.fight(b, FixedDice(list(faces))) == "captured"
    return won / 10 ** dice


@pytest.mark.parametrize("attackers,defenders,city", [(1, 1, False), (2, 1, True), (3, 1, False)])
def test_twteaw_4_6_bot_odds_are_the_resolvers_combat_enumerated(attackers, defenders, city):
    """TWTEAW Phase 4.6: one round of a battle, every outcome of the dice through the ruleset's
    own `combat.fight`, and the bot's exact odds agree."""
    exact = odds.battle(tuple(odds.attack_values({"infantry": attackers}, {})), (), defenders,
                        city, 1)
    assert exact.capture == pytest.approx(captures_by_the_resolver(attackers, defenders, city),
                                          abs=1e-9)


def test_twteaw_4_6_level2_attacks_only_at_or_above_its_declared_threshold():
    """Every attack level 2 chooses over a game's first turns, scored again from the seat's
    view, is at or above `PLAN["attack_threshold"]`; and it does attack."""
    states = [opening()] + [play_match(RULESET, SCENARIO, table(2), seed=match_seed(4, t),
                                       game_uid=f"adv-{t}", options={"turns": t}).final_state
                            for t in (2, 4)]
    attacks = 0
    for n, state in enumerate(states):
        for seat in ("germany", "france", "russia", "austria_hungary"):
            seen = kernel.view(RULESET, state, f"seat:{seat}")
            ctx = build_context(position_from_view(seen), seat)
            for attack in choose_attacks(ctx, BotRng(bytes([n]) * 32)):
                attacks += 1
                assert attack.chance >= PLAN["attack_threshold"], attack
                assert attack.score > 0, attack
    assert attacks


class Forger(Bot):
    """Answers an order set that is not listed: legal (hold, dig one trench) or not."""

    id, version, level = "forger", "1", 2

    def __init__(self, legal: bool) -> None:
        self.legal = legal

    def decide(self, view, offers, rng, budget):
        area = "cologne" if self.legal else "paris"
        return 0, {"trench": [{"area": area, "facing": "belgium"}]}


def test_twteaw_turn_a_composed_order_set_passes_only_through_the_kernels_gate():
    """Written orders are composed as a person composes them: the runner takes an unlisted
    set the kernel accepts, and replaces one it refuses by the deadline's default."""
    state = opening()
    listed = [canonical_json(i["action"]) for i in kernel.game.expand_options(
        RULESET, state, "germany", "t1-orders-germany", None)]
    good = bot_turn(RULESET, state, "germany", Forger(True), game_uid="g-tw")
    assert canonical_json(good.action) not in listed
    assert good.problem is None and good.action["trench"] == [{"area": "cologne",
                                                              "facing": "belgium"}]
    bad = bot_turn(RULESET, state, "germany", Forger(False), game_uid="g-tw")
    assert bad.problem == "not_an_option"
    assert bad.action == RULESET.timeout_default(state, kernel.decisions_for(
        RULESET, state, "germany")[0], "germany")


def test_twteaw_level2_counts_its_work_and_answers_legally_when_it_runs_out():
    """Issue #25's budget in work: scoring an attack is charged; with one unit of work the bot
    scores nothing and still answers a legal order set (hold, dig, buy)."""
    state = opening()
    seen = kernel.view(RULESET, state, "seat:germany")
    offers = bots.offers_for(RULESET, state, "germany")
    full = Budget(TwteawBot.work)
    TwteawBot().decide(seen, offers, BotRng(b"k" * 32), full)
    assert 0 < full.used <= TwteawBot.work
    starved = Budget(1)
    _, action = TwteawBot().decide(seen, offers, BotRng(b"k" * 32), starved)
    assert starved.used == 0 and action["moves"] is not None
    kernel.game.check_action(RULESET, state, "germany", offers[0].decision, action)


def test_twteaw_victory_conditions_the_arena_counts_a_camp_joined_by_neutrals_as_its_win():
    """TWTEAW's result names every winning seat, neutrals that joined a camp included: the
    arena (`bench bots`) counts it for the camp most of them started in, not as a draw."""
    from bench.bots import winning_side
    allied = {"winners": ["britain", "france", "italy", "russia", "serbia"], "reason": "score"}
    central = {"winners": ["austria_hungary", "germany", "ottoman_empire"], "reason": "score"}
    assert winning_side(allied, SEATS) == "allied"
    assert winning_side(central, SEATS) == "central"
    assert winning_side({"winners": [], "reason": "draw"}, SEATS) is None
    assert winning_side({"winners": ["germany"], "side": "central", "reason": "conquest"},
                        SEATS) == "central"


def test_twteaw_conquest_level2_never_leaves_a_threatened_capital_without_infantry():
    """Issue #25's sanity check on TWTEAW's conquest rule (a nation falls with its capital):
    wherever a level-2 nation's capital has an enemy next door, its orders leave infantry in
    it — over the opening and the positions of two whole level-2 games."""
    from engine.rulesets.twteaw.war import at_war, controller
    w = world()
    states = [opening()] + [play_match(RULESET, SCENARIO, table(2), seed=match_seed(6, t),
                                       game_uid=f"cap-{t}", max_actions=9 * t).final_state
                            for t in (3, 6)]
    checked = 0
    for n, state in enumerate(states):
        for seat in sorted(SEATS):
            capital = next((a for a in w.originals(seat) if w.areas[a].capital), None)
            units = state["secret"][seat]["units"]
            threatened = capital is not None and any(
                at_war(state, seat, controller(state, b)) for b in w.neighbours(capital))
            if not threatened or not units.get(capital, {}).get("infantry"):
                continue
            seen = kernel.view(RULESET, state, f"seat:{seat}")
            offers = bots.offers_for(RULESET, state, seat)
            _, orders = TwteawBot().decide(seen, offers, BotRng(bytes([n]) * 32),
                                           Budget(TwteawBot.work))
            leaving = sum(m["units"].get("infantry", 0) for m in orders["moves"] + orders["rail"]
                          if m["from"] == capital)
            assert units[capital]["infantry"] - leaving >= 1, (seat, capital, orders["moves"])
            checked += 1
    assert checked


def test_twteaw_1_3_level2_answers_an_offer_of_surrender_by_accepting():
    """TWTEAW 1.3: a seat offered a surrender writes its ballot (accept, the rulebook's default)
    and the order set passes the ruleset's check; with no offer it writes no ballot."""
    state = opening()
    before = bot_turn(RULESET, state, "germany", TwteawBot(), game_uid="g-tw")
    assert before is not None and before.action["surrender_votes"] == {}
    state["secret"]["germany"]["offers_received"] = ["serbia"]
    state["secret"]["serbia"]["offer_made"] = 1
    move = bot_turn(RULESET, state, "germany", TwteawBot(), game_uid="g-tw")
    assert move is not None and move.problem is None
    assert move.action["surrender_votes"] == {"serbia": "accept"}


def test_twteaw_1_3_level2_offers_surrender_only_when_hopeless():
    """TWTEAW 1.3 (bot v3): a seat whose side holds under half its own areas, capital standing,
    offers surrender; at half or more (rounded up), or with its capital fallen, it does not."""
    from engine.bots.twteaw.phases import hopeless
    w = world()
    state = opening()
    own = sorted(w.originals("france"))
    others = [a for a in own if not w.areas[a].capital]
    keep = (len(own) + 1) // 2 - 1     # the capital and these French: half, rounded up
    assert not hopeless(state, "france")
    for n, a in enumerate(others):     # (15 originals with the Africa sheet: 8 of 15)
        state["board"]["control"][a] = "france" if n < keep else "germany"
    assert not hopeless(state, "france")
    quiet = bot_turn(RULESET, state, "france", TwteawBot(), game_uid="g-tw")
    assert quiet is not None and not quiet.action.get("surrender")
    state["board"]["control"][others[0]] = "germany"     # one fewer: under half
    assert hopeless(state, "france")
    move = bot_turn(RULESET, state, "france", TwteawBot(), game_uid="g-tw")
    assert move is not None and move.problem is None and move.action["surrender"] is True
    state["board"]["control"]["paris"] = "germany"
    assert not hopeless(state, "france")


def test_twteaw_1_3_level2_declines_an_offer_whose_capital_its_side_holds():
    """TWTEAW 1.3 (bot v3): the ballot accepts unless the offerer's capital is in the voter's
    side's hands (the terms would hand it back)."""
    w = world()
    state = opening()
    state["secret"]["austria_hungary"]["offers_received"] = ["serbia"]
    state["secret"]["serbia"]["offer_made"] = 1
    move = bot_turn(RULESET, state, "austria_hungary", TwteawBot(), game_uid="g-tw")
    assert move is not None and move.action["surrender_votes"] == {"serbia": "accept"}
    capital = next(a for a in w.originals("serbia") if w.areas[a].capital)
    state["board"]["control"][capital] = "austria_hungary"
    move = bot_turn(RULESET, state, "austria_hungary", TwteawBot(), game_uid="g-tw")
    assert move is not None and move.problem is None
    assert move.action["surrender_votes"] == {"serbia": "decline"}
