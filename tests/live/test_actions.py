"""The action service (design §3) and its REST face, in process: verify_action-style patches
for every audience, idempotent cids, every refusal, undo, options, end of game, chat, clocks and
the deadline sweeper."""

from __future__ import annotations

import datetime as dt
import json

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from boardgame.play import actions, chat, deadlines, frames, options, votes
from boardgame.play.actions import ActionRejected
from boardgame.play.models import ActionRecord, ChatMessage, Game
from engine import rulesets
from engine.kernel import audience_of, decisions, state_hash, view
from engine.kernel.diff import apply_patch
from engine.kernel.record import replay

from . import helpers

TOY = rulesets.get("toy_skirmish")


def frames_by_group(messages):
    out = {}
    for group, message in messages:
        out.setdefault(group, []).append((message["v"], helpers.roundtrip(
            json.loads(message["text"]))))
    return out


def play_through(game, users, limit=80):
    """Play the scripted game to its end, checking the frames every step returns to be sent
    against fresh views."""
    stale = {a: view(TOY, game.state, a) for a in frames.live_audiences(game.state)}
    steps = 0
    while True:
        game.refresh_from_db()
        if game.is_over or steps > limit:
            break
        for seat, decision, action in helpers.next_moves(game.state)[:1]:
            committed = actions.submit_action(game.pk, users[seat], seat, decision, action,
                                              f"c{steps}")
            steps += 1
            game.refresh_from_db()
            assert committed.answer.v == game.version
            sent = frames_by_group(committed.messages)
            for audience in stale:
                patches = [f for v, f in sent[frames.group_name(game.pk, audience)]
                           if f["type"] == "patch"]
                assert [p["v"] for p in patches] == list(range(
                    patches[0]["v"], game.version + 1))
                for patch in patches:
                    stale[audience] = apply_patch(stale[audience], patch["ops"])
                assert stale[audience] == view(TOY, game.state, audience), audience
    return steps


def test_scripted_duel_patches_equal_fresh_views_for_every_audience(duel, hamlet, othello):
    steps = play_through(duel, {"red": hamlet, "blue": othello})
    duel.refresh_from_db()
    assert duel.is_over and duel.result["reason"] == "rounds_played"
    assert duel.table.state == "finished"
    assert steps == ActionRecord.objects.filter(game=duel).count() == duel.version
    # The last patch reveals the seed, and the record replays to the stored state.
    record = actions_record(duel, hamlet)
    assert record["seed"] == bytes(duel.seed).hex()
    assert replay(record, rulesets.get(record["ruleset"])).state_hash == state_hash(duel.state)


def actions_record(game, user):
    from boardgame.play.services import game_record
    return helpers.roundtrip(game_record(user, game))


def test_melee_side_audience_gets_both_seats_private_view(hamlet, othello, iago):
    game = helpers.start_game(hamlet, {"red": hamlet, "blue": hamlet, "green": othello},
                              scenario="melee", allow_multiple_seats=True)
    assert audience_of(game.state, ["blue", "red"]) == "side:alpha"
    assert "side:alpha" in frames.live_audiences(game.state)
    play_through(game, {"red": hamlet, "blue": hamlet, "green": othello}, limit=6)


def test_repeated_cid_returns_the_earlier_outcome(duel, hamlet):
    seat, decision, action = helpers.next_moves(duel.state)[0]
    first = actions.submit_action(duel.pk, hamlet, "red", "r1-bid-red", {"card": max(
        duel.state["secret"]["red"]["hand"])}, "same").answer
    again = actions.submit_action(duel.pk, hamlet, "red", "r1-bid-red", {"card": 999}, "same")
    assert (again.answer.v, again.answer.repeated) == (first.v, True)
    assert again.messages == [], "a repeat tells nobody anything"
    assert ActionRecord.objects.filter(game=duel).count() == 1


@pytest.mark.parametrize("case", ["not_your_seat", "stale", "illegal", "malformed", "no_game",
                                  "bad_cid", "unknown_seat", "anonymous"])
def test_refusals_change_nothing(duel, hamlet, othello, case):
    from django.contrib.auth.models import AnonymousUser
    card = duel.state["secret"]["red"]["hand"][0]
    args = {"game_id": duel.pk, "user": hamlet, "seat": "red", "decision": "r1-bid-red",
            "action": {"card": card}, "cid": "x"}
    expected = {
        "not_your_seat": (dict(user=othello), "auth/not_your_seat"),
        "stale": (dict(decision="r2-bid-red"), "action/stale"),
        "illegal": (dict(action={"card": 99}), "action/illegal"),
        "malformed": (dict(action={"card": object()}), "action/malformed"),
        "no_game": (dict(game_id=999999), "game/not_found"),
        "bad_cid": (dict(cid=""), "request/invalid"),
        "unknown_seat": (dict(seat="mauve"), "auth/not_your_seat"),
        "anonymous": (dict(user=AnonymousUser()), "auth/not_authenticated"),
    }[case]
    args.update(expected[0])
    before = (duel.version, state_hash(duel.state))
    with pytest.raises(ActionRejected) as info:
        actions.submit_action(**args)
    assert info.value.code == expected[1]
    duel.refresh_from_db()
    assert (duel.version, state_hash(duel.state)) == before
    if case == "illegal":
        assert info.value.rule == "toy 1" and info.value.reason == "not_an_option"


def test_stale_is_judged_by_the_decision_not_the_version(duel, hamlet, othello):
    """Simultaneous bids: blue's answer after red's (version moved) is accepted."""
    red = actions.submit_action(duel.pk, hamlet, "red", "r1-bid-red",
                                {"card": duel.state["secret"]["red"]["hand"][0]}, "a")
    blue = actions.submit_action(duel.pk, othello, "blue", "r1-bid-blue",
                                 {"card": duel.state["secret"]["blue"]["hand"][0]}, "b")
    assert (red.answer.v, blue.answer.v) == (1, 2)
    with pytest.raises(ActionRejected) as info:
        actions.submit_action(duel.pk, hamlet, "red", "r1-bid-red",
                              {"card": duel.state["secret"]["red"]["hand"][1]}, "c")
    assert info.value.code == "action/stale"


def _to_move(game, users):
    """Play bids until someone must move; the mover's (user, seat, decision)."""
    for i in range(2):
        game.refresh_from_db()
        seat, decision, action = helpers.next_moves(game.state)[0]
        actions.submit_action(game.pk, users[seat], seat, decision, action, f"bid{i}")
    game.refresh_from_db()
    (decision,) = decisions(TOY, game.state)
    assert decision.kind == "move"
    seat = decision.seats[0]
    return users[seat], seat, decision.id


def test_options_undo_and_the_rest_api(duel, hamlet, othello):
    users = {"red": hamlet, "blue": othello}
    user, seat, decision = _to_move(duel, users)
    items = options.get_options(duel.pk, user, seat, decision)
    assert items and all("cost" in item for item in items)
    client = APIClient()
    client.force_authenticate(user)
    response = client.get(f"/api/games/{duel.pk}/options", {"seat": seat, "decision": decision})
    assert response.status_code == 200 and response.json()["items"] == helpers.roundtrip(items)
    response = client.post(f"/api/games/{duel.pk}/actions",
                           {"cid": "m1", "seat": seat, "decision": decision,
                            "action": items[0]["action"]}, format="json")
    assert response.status_code == 200, response.json()
    v = response.json()["v"]
    response = client.post(f"/api/games/{duel.pk}/actions",
                           {"cid": "m1", "seat": seat, "decision": decision,
                            "action": items[0]["action"]}, format="json")
    assert response.json() == {"cid": "m1", "v": v, "repeated": True}
    response = client.post(f"/api/games/{duel.pk}/actions",
                           {"cid": "m2", "seat": seat, "decision": decision,
                            "action": items[0]["action"]}, format="json")
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "action/stale"
    duel.refresh_from_db()
    if duel.state["flow"]["step"] == "bid":  # no reaction: the move can be taken back
        response = client.post(f"/api/games/{duel.pk}/undo", {"cid": "u1", "seat": seat},
                               format="json")
        assert response.status_code == 200, response.json()
        duel.refresh_from_db()
        assert duel.state["flow"]["step"] == "move"
        assert ActionRecord.objects.get(game=duel, seq=duel.version).kind == "undo"
    other = APIClient()
    other.force_authenticate(users["blue" if seat == "red" else "red"])
    response = other.get(f"/api/games/{duel.pk}/options", {"seat": seat, "decision": decision})
    assert response.status_code == 403
    assert response.json()["error"]["code"] == "auth/not_your_seat"
    response = APIClient().post(f"/api/games/{duel.pk}/actions", {}, format="json")
    assert response.status_code in (401, 403)


def test_resign_reveals_seed_and_rejects_later_actions(duel, hamlet, othello):
    committed = actions.do_resign(duel.pk, hamlet, "red")
    duel.refresh_from_db()
    assert duel.result == {"winners": ["blue"], "reason": "resignation", "resigned": "red"}
    last = [m for g, m in committed.messages
            if g.endswith(".public") and m["v"] == committed.answer.v]
    frame = json.loads(last[0]["text"])
    assert frame["seed"] == bytes(duel.seed).hex()
    with pytest.raises(ActionRejected) as info:
        actions.submit_action(duel.pk, othello, "blue", "r1-bid-blue", {"card": 1}, "late")
    assert info.value.code == "game/over"


def test_draw_needs_every_seat_and_abandon_needs_the_host(duel, hamlet, othello):
    assert votes.do_vote_draw(duel.pk, hamlet, True).answer is None
    with pytest.raises(ActionRejected):
        actions.do_abandon_game(duel.pk, othello)
    accepted = votes.do_vote_draw(duel.pk, othello, True).answer
    duel.refresh_from_db()
    assert accepted is not None and duel.result["reason"] == "draw_agreed"


def test_host_abandons(duel, hamlet):
    actions.do_abandon_game(duel.pk, hamlet)
    duel.refresh_from_db()
    assert duel.result["reason"] == "abandoned" and duel.table.state == "abandoned"


def test_side_chat_reaches_only_that_side(duel, hamlet, othello, iago):
    posted = chat.do_post_chat(duel.pk, hamlet, "side:north", "flank <b>left</b>")
    groups = {g for g, _ in posted.messages}
    assert groups == {frames.group_name(duel.pk, "seat:red")}
    with pytest.raises(ActionRejected):
        chat.do_post_chat(duel.pk, othello, "side:north", "spy")
    with pytest.raises(ActionRejected):
        chat.do_post_chat(duel.pk, iago, "table", "kibitz")
    chat.do_post_chat(duel.pk, iago, "spectators", "nice")
    assert ChatMessage.objects.filter(game=duel).count() == 2
    blue_history = chat.chat_history(duel, "seat:blue")
    assert [m["text"] for m in blue_history] == []
    assert [m["text"] for m in chat.chat_history(duel, "seat:red")] == ["flank <b>left</b>"]


def test_catch_up_rebuilds_patches_from_records(duel, hamlet, othello):
    users = {"red": hamlet, "blue": othello}
    views = {}
    for i in range(5):
        duel.refresh_from_db()
        views[duel.version] = view(TOY, duel.state, "public")
        moves = helpers.next_moves(duel.state)
        if not moves:
            break
        seat, decision, action = moves[0]
        actions.submit_action(duel.pk, users[seat], seat, decision, action, f"k{i}")
    duel.refresh_from_db()
    for since, old in views.items():
        state = old
        for frame in frames.catch_up(duel.pk, "public", since):
            assert frame["type"] == "patch"
            state = apply_patch(state, frame["ops"])
        assert state == view(TOY, duel.state, "public")
    assert frames.catch_up(duel.pk, "public", 10_000)[0]["type"] == "snapshot"


def test_clock_runs_out_plays_the_default_and_civil_disorder_follows(
        hamlet, othello, settings):
    settings.SALIENT_CIVIL_DISORDER_AFTER = 2
    game = helpers.start_game(hamlet, {"red": hamlet, "blue": othello}, pace="async",
                              deadline_hours=1)
    assert deadlines.run_due()["initialised"] == 1
    game.refresh_from_db()
    assert game.live["mode"] == "deadline" and game.due is not None
    later = timezone.now() + dt.timedelta(hours=2)
    deadlines.run_due(later)
    game.refresh_from_db()
    assert game.live["missed"] == {"blue": 1, "red": 1}
    assert ActionRecord.objects.filter(game=game, by="timeout").count() >= 2
    for hours in range(4, 60, 2):
        deadlines.run_due(timezone.now() + dt.timedelta(hours=hours))
        game.refresh_from_db()
        if game.is_over:
            break
    assert game.live["disorder"]  # K = 2 misses → civil disorder, defaults play for it
    assert game.is_over  # the defaults played the game to its end
    assert replay(actions_record(game, hamlet), rulesets.get(game.ruleset)).state_hash == state_hash(game.state)


def test_a_game_started_under_other_rules_is_read_but_not_played_on(duel, hamlet, othello):
    duel.versions = {**duel.versions, "ruleset": "0-older"}
    duel.save(update_fields=["versions"])
    seat, decision, action = helpers.next_moves(duel.state)[0]
    player = {"red": hamlet, "blue": othello}[seat]
    with pytest.raises(ActionRejected) as refused:
        actions.submit_action(duel.pk, player, seat, decision, action, "c-old")
    assert refused.value.code == "game/outdated"
    assert refused.value.data["started"] == "0-older"
    with pytest.raises(ActionRejected) as listing:
        options.get_options(duel.pk, player, seat, decision)
    assert listing.value.code == "game/outdated"
    duel.refresh_from_db()
    assert duel.version == 0 and not ActionRecord.objects.filter(game=duel).exists()
    # Its players may still end it.
    actions.do_resign(duel.pk, hamlet, "red")
    duel.refresh_from_db()
    assert duel.is_over and duel.result["reason"] == "resignation"


def test_the_sweeper_plays_no_defaults_for_a_game_under_other_rules(hamlet, othello):
    game = helpers.start_game(hamlet, {"red": hamlet, "blue": othello}, pace="async",
                              deadline_hours=1)
    deadlines.run_due()
    Game.objects.filter(pk=game.pk).update(versions={"ruleset": "0-older"})
    assert deadlines.resolve_game(game.pk, timezone.now() + dt.timedelta(hours=2)) == []
    game.refresh_from_db()
    assert game.version == 0 and game.due is None


def test_a_paused_game_takes_no_undo(duel, hamlet, othello):
    users = {"red": hamlet, "blue": othello}
    for step in range(20):  # play until a seat could take its step back
        duel.refresh_from_db()
        # Only the seat that may take its step back sees its name there.
        undoer = next((s for s in users
                       if view(TOY, duel.state, f"seat:{s}")["game"]["undo"] == s), None)
        if undoer is not None:
            break
        seat, decision, action = helpers.next_moves(duel.state)[0]
        actions.submit_action(duel.pk, users[seat], seat, decision, action, f"p{step}")
    assert undoer is not None
    votes.do_vote_pause(duel.pk, hamlet, True)
    votes.do_vote_pause(duel.pk, othello, True)
    with pytest.raises(ActionRejected) as refused:
        actions.submit_undo(duel.pk, users[undoer], undoer, "u-paused")
    assert refused.value.code == "game/paused"
    duel.refresh_from_db()
    assert view(TOY, duel.state, f"seat:{undoer}")["game"]["undo"] == undoer
