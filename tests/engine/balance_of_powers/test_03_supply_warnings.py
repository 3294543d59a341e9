"""BoP 3.12, 6.6 — a march or rail move that would end out of supply is marked on the listed
option (`supplied: False`, issue #18's supply warning before Confirm), judged on the position
the move leaves behind: the infantry takes control of what it enters on the way (2.53), which
can lengthen its own supply line. Checked against the view after each move is made, in the
first half of 12.1."""

from engine import kernel, rulesets

SEED = bytes(range(32))


def _first_central_half():
    bop = rulesets.get("balance_of_powers")
    seats = [s["id"] for s in bop.scenario("before-the-leaves-fall")["seats"]]
    state, _ = kernel.new_game(bop, "before-the-leaves-fall", {}, seats, SEED, "g-warn")
    for _ in range(400):
        if state["flow"]["step"] == "half":
            break
        decision = kernel.decisions(bop, state)[0]
        seat = decision.seats[0]
        items = kernel.expand_options(bop, state, seat, decision.id, None)
        state = kernel.apply(bop, state, seat, decision.id, items[0]["action"], seed=SEED).state
    assert state["flow"]["step"] == "half" and state["flow"]["side"] == "central"
    return bop, state


def test_bop_3_12_a_march_marked_out_of_supply_ends_out_of_supply_and_no_other_does():
    bop, state = _first_central_half()
    d = next(d for d in kernel.decisions(bop, state) if d.id.endswith("march-whole"))
    seat = d.seats[0]
    items = kernel.expand_options(bop, state, seat, d.id, None)
    marked = [i for i in items if i.get("supplied") is False]
    unmarked = [i for i in items if "supplied" not in i]
    assert marked and unmarked and len(marked) + len(unmarked) == len(items)
    # Every marked march, and a spread of the others, against the view once it is made.
    for item in marked + unmarked[::10]:
        after = kernel.apply(bop, state, seat, d.id, item["action"], seed=SEED).state
        judged = kernel.view(bop, after, "public")["flow"]["supplied"]
        corps = [u for u in item["action"]["units"] if "-ldr-" not in u]
        assert all(judged[u] for u in corps) == ("supplied" not in item), item
