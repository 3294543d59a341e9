"""Fatal Alliances level 2 on the version-6 decisions (#25): the order of the declared
combats (FA 11.12), HQ support (FA 11.12.3), liberation (FA 13.6.3.1) and never leaving its
own units beyond the commitment limit (FA 19.2.1)."""

from engine import bots, kernel
from engine.bots.fatal_alliances import FatalAlliancesBot, phases
from engine.bots.fatal_alliances.world import build_context, position_from_view
from engine.bots.protocol import Budget
from engine.kernel.model import Decision

from .test_play import level2_positions

SCENARIO = "east-prussia-1914"


def offered(kind):
    """(decision, state, seat, chosen action) where level 2 answered a `kind` decision."""
    # Seed 6: with version 7's partisan rolls at each end of turn the default sample game
    # (seed 4) no longer meets a defending HQ with a choice in its first 400 actions, and
    # since bot version 4 (the threatened capital's HQ keeps out of attacks) seed 5's game
    # meets none either.
    ruleset, _, found = level2_positions("fatal_alliances", SCENARIO, 400, seed=6)
    out = []
    for seat, state, move in found:
        for d in kernel.decisions(ruleset, state):
            if seat in d.seats and d.kind == kind and len(d.options or ()) > 1:
                out.append((ruleset, d, state, seat, move.action))
    assert out, f"no {kind} decision with a choice in the sample game"
    return out


def context(ruleset, state, seat):
    view = kernel.view(ruleset, state, f"seat:{seat}")
    ctx = build_context(position_from_view(view), seat)
    ctx.budget = Budget(10**6)
    return ctx


def test_fa_11_12_combat_order_resolves_the_most_valuable_declared_attack_first():
    for ruleset, d, state, seat, chosen in offered("combat_order"):
        ctx = context(ruleset, state, seat)
        values = {o["action"]["target"] if "action" in o else o["target"]:
                  phases.combat_order(ctx, d, o if "action" in o else {"action": o})
                  for o in d.options}
        best = max(values.values())
        margin = max(FatalAlliancesBot.tie_absolute, FatalAlliancesBot.tie_relative * abs(best))
        assert values[chosen["target"]] >= best - margin     # the best, or a near-tie of it


def test_fa_11_12_3_hq_support_commits_an_hq_rather_than_none():
    for _, _, _, _, chosen in offered("hq_support"):
        assert chosen["hq"] is not None


def test_fa_11_12_3_defending_hq_weighs_the_hex_at_stake():
    ruleset, d, state, seat, _ = offered("hq_support")[0]
    ctx = context(ruleset, state, seat)
    hq = next(o for o in d.options if (o.get("action", o))["hq"])
    item = {"action": hq.get("action", hq)}
    reaction = Decision(id="x", seats=(seat,), kind="hq_support", rule="FA 11.12.3",
                        prompt="", waiting="", reaction=True, options=d.options,
                        data={"target": "T"})
    ctx.value["T"] = 0.0
    low = phases.hq_support(ctx, reaction, item)
    ctx.value["T"] = 5.0
    assert phases.hq_support(ctx, reaction, item) > low > phases.hq_support(
        ctx, reaction, {"action": {"hq": None}})


def test_fa_13_6_3_1_liberates_and_gives_the_hexes_back():
    bot = bots.bot_for(kernel_ruleset(), SCENARIO, 2)
    assert bot.phase("liberation") is phases.liberation
    assert phases.liberation(None, None, {"action": {"country": "SE", "liberate": True}}) > \
        phases.liberation(None, None, {"action": {"country": "SE", "liberate": False}})
    assert phases.liberation(None, None, {"action": {"country": "SE", "give_back": True}}) > \
        phases.liberation(None, None, {"action": {"country": "SE", "give_back": False}})


def kernel_ruleset():
    from engine import rulesets
    return rulesets.get("fatal_alliances")


def test_fa_19_2_1_never_moves_an_hq_out_so_its_newcomers_are_destroyed(monkeypatch):
    """A stand-in host: every hex but the destination is in the host's country, and the
    contingent fails the limit once the HQ has left; the move is vetoed (and allowed when
    the limit still holds)."""
    ruleset, d, state, seat, _ = offered("hq_support")[0]
    ctx = context(ruleset, state, seat)
    hq = next(u for u in ctx.position["board"]["units"].values()
              if u["type"] == "HQ" and u["hex"] is not None)
    here = hq["hex"]
    monkeypatch.setattr(phases, "foreign_host",
                        lambda pos, power, hex_id: None if hex_id == "OUT" else "HOST")
    ctx.position["flow"]["foreign_start"] = {}
    monkeypatch.setattr(phases, "commitment_met",
                        lambda pos, host, units: any(u["type"] == "HQ" for u in units))
    assert phases.strands(ctx, [hq], "OUT")
    assert hq["hex"] == here                 # the trial move was undone
    assert not phases.strands(ctx, [hq], here)      # staying in the host's country
    monkeypatch.setattr(phases, "commitment_met", lambda pos, host, units: True)
    assert not phases.strands(ctx, [hq], "OUT")


def test_fa_11_12_combat_order_puts_the_attack_on_a_valuable_hex_first():
    """Raise the value of one declared hex the attack can clear: its combat goes first."""
    ruleset, d, state, seat, _ = offered("combat_order")[0]
    ctx = context(ruleset, state, seat)
    items = [{"action": o.get("action", o)} for o in d.options]
    declared = {a["target"]: a for a in ctx.position["flow"]["declared"]}
    prize = next(i["action"]["target"] for i in items if phases.odds_of(ctx, {
        "target": i["action"]["target"],
        "units": list(declared[i["action"]["target"]]["attackers"])}).cleared > 0)
    ctx.value[prize] = 100.0
    scores = {i["action"]["target"]: phases.combat_order(ctx, d, i) for i in items}
    assert max(scores, key=scores.__getitem__) == prize
    assert all(scores[prize] > s + 1.0 for t, s in scores.items() if t != prize)
