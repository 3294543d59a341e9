"""Balance of Powers level 2 at sea (engine/bots/balance_of_powers/naval.py; BoP 7, 8, 12.6):
until version 9 the bot had no phase for `naval_move` and never sailed, so a table of 12.6
with a bot at one seat was a game against nobody. On 12.6's own position and moves."""

from __future__ import annotations

from engine.bots.balance_of_powers import BalanceOfPowersBot
from engine.bots.balance_of_powers.naval import _distance
from engine.bots.balance_of_powers.world import build_context, position_from_view
from engine.kernel import apply, decisions, expand_options, new_game, view
from engine.rulesets.balance_of_powers.price_of_admiralty import NORWEGIAN_SEA, SCENARIO
from engine.rulesets.balance_of_powers.ruleset import RULESET

SEED = b"n" * 32
MEET = "10,6"                        # hex 1011 of the North Sea, in reach of both fleets
GRAND_FLEET = ["bri-bb1", "bri-bb2", "bri-bb3", "bri-bb4", "bri-bb5", "bri-ca1", "bri-ca2"]
BEATTY = ["bri-bb6", "bri-bb7", "bri-bc1", "bri-bc2", "bri-cl1"]
PHASE = BalanceOfPowersBot().phase("naval_move")


def start():
    state, _ = new_game(RULESET, SCENARIO, {}, ["britain", "germany"], SEED, "tbn")
    return state


def scored(state, seat):
    """Every listed naval move of `seat` with level 2's score, as the bot sees its view."""
    decision = next(d for d in decisions(RULESET, state) if d.kind == "naval_move" and seat in d.seats)
    ctx = build_context(position_from_view(view(RULESET, state, f"seat:{seat}")), seat)
    items = expand_options(RULESET, state, seat, decision.id, None)
    return ctx, [(PHASE(ctx, decision, item), item["action"]) for item in items]


def german_half(state, moves):
    """Germany's GQ I half: the given moves, then the end of its half."""
    for units, to in moves:
        move = next(d for d in decisions(RULESET, state) if d.kind == "naval_move")
        state = apply(RULESET, state, "germany", move.id, {"units": units, "to": to}, seed=SEED).state
    done = next(d for d in decisions(RULESET, state) if d.kind == "done" and "germany" in d.seats)
    return apply(RULESET, state, "germany", done.id, {"done": True}, seed=SEED).state


def test_bop_8_3_level2_fights_a_force_it_outguns_when_no_stronger_one_can_reach_it():
    state = start()
    for uid in list(state["board"]["fleets"]):
        if uid.startswith("ger-") and uid != "ger-cl1":
            del state["board"]["fleets"][uid]       # the High Seas Fleet gone: CL 1 alone
    state = german_half(state, [(["ger-cl1"], MEET)])
    _, moves = scored(state, "britain")
    best = max(((s, a) for s, a in moves if s is not None), key=lambda x: x[0])
    # in its hex, or beside it with the Grand Fleet's zone of patrol over it (6.42, 8.1)
    from engine.rulesets.balance_of_powers.contact import zone
    assert best[1]["units"] == GRAND_FLEET and best[1]["to"] in {MEET} | zone(
        build_context(position_from_view(view(RULESET, state, "seat:britain")), "britain").th,
        MEET), best
    assert all(s is not None and s > 0 for s, a in moves
               if a["to"] == MEET and a["units"] in (GRAND_FLEET, BEATTY)), moves


def test_bop_8_3_level2_never_ends_where_a_stronger_force_can_reach_it():
    """CL 1 as bait in the North Sea with the High Seas Fleet (30 gunnery) in reach of it: no
    British force (24 and 15) sinks it, and none sails anywhere that fleet can reach."""
    state = german_half(start(), [(["ger-cl1"], MEET)])
    _, moves = scored(state, "britain")
    # (a submarine may strike it: no one can search for a submarine, 8.21; version 12)
    assert all(s is None for s, a in moves if a["to"] == MEET and a["units"] != ["bri-ss1"]), moves
    ctx, _ = scored(state, "britain")
    from engine.bots.balance_of_powers.naval import own_port, threat_at
    for s, a in moves:
        if s is not None and not own_port(ctx, a["to"], "entente") and a["units"] != ["bri-ss1"]:
            assert threat_at(ctx, a["to"], "entente") <= 24, a


def test_bop_8_level2_a_force_too_weak_alone_joins_friends_that_together_outgun():
    state = german_half(start(), [])
    _, moves = scored(state, "britain")
    chosen = [a for s, a in moves if s is not None]
    assert chosen, "Britain never concentrates"
    assert all(a in ({"units": BEATTY, "to": "scapa-flow-box"}, {"units": GRAND_FLEET, "to": "1,7"})
               for a in chosen), chosen


def test_bop_12_6_level2_germany_steers_its_dreadnoughts_towards_the_norwegian_sea():
    ctx, moves = scored(start(), "germany")
    best = max(((s, a) for s, a in moves if s is not None), key=lambda x: x[0])[1]
    assert "ger-bb1" in best["units"]
    here = ctx.position["board"]["fleets"]["ger-bb1"]["at"]
    assert _distance(ctx, NORWEGIAN_SEA, best["to"]) < _distance(ctx, NORWEGIAN_SEA, here)


def test_bop_7_35_level2_declares_the_coastal_raid_its_chosen_move_offers_and_greedy_does_not():
    """Ruling 110: a move the server offers with `raids` carries the raid when level 2 picks
    it; the greedy baseline (version 1) keeps to the move alone. Germany's BC 1 off Hull."""
    from engine.bots.balance_of_powers import GreedyBot
    from engine.bots.protocol import BotRng, Budget, Offer
    from engine.rulesets.balance_of_powers.theatre import SCENARIO_MAP, theatre

    th = theatre(SCENARIO_MAP)
    hexes = {label: loc for loc, label in th.label.items()}
    off_hull, hull = hexes["0309"], hexes["0210"]
    state = start()
    decision = next(d for d in decisions(RULESET, state) if d.kind == "naval_move")
    items = expand_options(RULESET, state, "germany", decision.id, {"units": ["ger-bc1"]})
    offered = [i for i in items if i["action"]["to"] == off_hull]
    assert offered and offered[0]["raids"] == [hull]
    seen = view(RULESET, state, "seat:germany")
    for bot, raid in ((BalanceOfPowersBot(), hull), (GreedyBot(), None)):
        offer = Offer(decision, tuple(offered), "germany")
        _, action = bot.decide(seen, [offer], BotRng(b"k"), Budget(6000))
        assert action.get("raid") == raid, (bot.id, action)
        assert {k: v for k, v in action.items() if k != "raid"} == offered[0]["action"]


def test_bop_7_35_the_runner_takes_level2s_raid_through_the_kernels_gate():
    """The raid is an order a person adds to a listed move (the schema decision's gate checks
    it): the runner plays it, not the timeout default (the arena counted it off the list)."""
    from engine.bots.runner import bot_turn
    from engine.rulesets.balance_of_powers.theatre import SCENARIO_MAP, theatre

    th = theatre(SCENARIO_MAP)
    hexes = {label: loc for loc, label in th.label.items()}

    class OffHull(BalanceOfPowersBot):
        """Level 2 pointed at the water off Hull (its own choice of move is not under test)."""

        def phase(self, kind):
            return lambda ctx, d, item: 1.0 if item["action"].get("to") == hexes["0309"] and (
                item.get("raids")) else None

    move = bot_turn(RULESET, start(), "germany", OffHull(), game_uid="g-raid")
    assert move.problem is None, move
    assert move.action["to"] == hexes["0309"] and move.action["raid"] == hexes["0210"], move


def test_bop_8_1_level2_strikes_a_weaker_stack_from_next_door_by_the_zone_of_patrol():
    """A German pair of light cruisers in the North Sea, the High Seas Fleet gone: the Grand
    Fleet may now fight them from a hex beside theirs (6.42, 8.1: its stack's zone covers
    them), which version 10 never counted as a battle (it scored only their own hex)."""
    state = start()
    for uid in list(state["board"]["fleets"]):
        if uid.startswith("ger-") and uid not in ("ger-cl1", "ger-cl2"):
            del state["board"]["fleets"][uid]
    state = german_half(state, [(["ger-cl1", "ger-cl2"], MEET)])
    ctx, moves = scored(state, "britain")
    from engine.bots.balance_of_powers.naval import enemy_in_contact
    from engine.rulesets.balance_of_powers.contact import zone
    beside = sorted(zone(ctx.th, MEET))
    assert enemy_in_contact(ctx, beside[0], "entente", 7) == ["ger-cl1", "ger-cl2"]
    assert enemy_in_contact(ctx, "scapa-flow-box", "entente", 7) == []
    strikes = [(s, a["to"]) for s, a in moves if a["units"] == GRAND_FLEET and a["to"] in beside]
    assert strikes and all(s is not None and s > 0 for s, _ in strikes), strikes


def test_bop_8_1_level2_never_sails_past_a_stronger_force_it_would_meet_on_its_way():
    """Ruling 118: a force stops wherever it meets the enemy on its way, so version 12 refuses a
    way past a force that outguns it, as it refuses such a destination. Beatty (15 gunnery)
    from 0107 to 1011 passes 0709; four German dreadnoughts (16) beside it at 0710 would
    stop and fight it there; in their port at Wilhelmshaven they decline contact."""
    from engine.bots.balance_of_powers.naval import _stronger_on_the_way, strength
    state = start()
    fleets = state["board"]["fleets"]
    for uid in list(fleets):
        if uid.startswith("ger-") and uid not in ("ger-bb1", "ger-bb2", "ger-bb3", "ger-bb4"):
            del fleets[uid]
    ctx = build_context(position_from_view(view(RULESET, state, "seat:britain")), "britain")
    assert not _stronger_on_the_way(ctx, BEATTY, MEET, strength(ctx, BEATTY))     # at home
    label = {v: k for k, v in ctx.th.label.items()}
    for uid in ("ger-bb1", "ger-bb2", "ger-bb3", "ger-bb4"):
        fleets[uid]["at"] = label["0710"]
    ctx = build_context(position_from_view(view(RULESET, state, "seat:britain")), "britain")
    assert _stronger_on_the_way(ctx, BEATTY, MEET, strength(ctx, BEATTY))
    assert not _stronger_on_the_way(ctx, GRAND_FLEET, MEET, strength(ctx, GRAND_FLEET))  # 24


def _u_boat_moves(state):
    ctx, moves = scored(state, "germany")
    return [(s, a) for s, a in moves if a["units"][0].startswith("ger-ub")]


def test_bop_8_4_level2_strikes_with_a_u_boat_at_its_exact_odds():
    """Version 12 plays submarines (8.21, 8.23, 8.41, 5.324). Beatty at sea in 1011: a lone
    U-boat (torpedo 4) sailing into contact finds his five ships on 1d6 − 1 < 5 (5/6), hits
    his highest-gunnery ship, a dreadnought (armor 10), on 2d6 + 4 > 10 (21/36), which costs
    it 1 gunnery (4 → 3); then the ASW roll at track 8 costs the boat 60/216 of a step on
    average (3d6 below 8: 35 rolls, 21 of them doubles and 2 triples), worth 1 gunnery."""
    state = start()
    for uid in BEATTY:
        state["board"]["fleets"][uid]["at"] = MEET
    strikes = [(s, a) for s, a in _u_boat_moves(state) if s is not None]
    assert strikes and all(abs(s - 5 / 6 * (21 / 36 - 60 / 216)) < 1e-9 for s, _ in strikes)
    assert any(a["to"] == MEET for _, a in strikes)
    # ships in their own port decline contact (6.41): at the start nothing is worth a strike
    assert all(s is None for s, _ in _u_boat_moves(start()))


def test_bop_5_324_level2_keeps_its_u_boats_home_when_the_asw_track_is_high():
    state = start()
    for uid in BEATTY:
        state["board"]["fleets"][uid]["at"] = MEET
    state["naval"]["asw"] = 12          # 3d6 below 12: the boat's step is likelier lost
    assert all(s is None for s, _ in _u_boat_moves(state))
