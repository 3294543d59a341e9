"""The acceptance run of async play (issue #26, "Done when"): a seven-player game of Fatal
Alliances' 1914 campaign (eight powers: seven people who signed up over REST, one bot) played
at its own pace for three simulated weeks on 24-hour deadlines, driven by a controlled clock
(`helpers.ControlledClock`) and the real parts only — the REST API, the deadline sweeper
(`deadlines.run_due`, which also moves the bots), the notification outbox (`outbox.run_due`:
e-mail through Django's locmem backend, webhooks to a local receiver), the vacation bank, the
private press, the catch-up, the upgrade command a deploy runs, the rating job and the pages.
Nothing is set by hand in the database.

Who does what (UTC; one tick of the clock is an hour, a sweep and an outbox run each tick):
- Most players look in at 08:00 and 20:00 and answer whatever waits for them (with the move
  the rules offer as the default: their choices are not under test here, the pace is).
- haig (Britain) chose reminders 12 h and 2 h before a deadline and looks in at 07:00 only.
- joffre (France) is away from day 5 to day 8 with vacation on; back, he opens the catch-up
  and answers at once (his moved deadline may fall before his usual hour).
- franz (Austria-Hungary) stops answering on day 2: two missed deadlines put his seat in
  civil disorder and the table's bot takes it over; his record shows it.
- joffre, haig and nicholas (France, Britain, Russia) talk in private press.
- On day 10 a deploy bumps the ruleset's version; `upgrade_games` carries the game on.
- On day 21 the host (Germany) concedes: the game ends, the Allies win.
The game is unrated by the rule (a side with a seat mostly played by a bot is not rated, and
two sides are needed: the Ottoman bot and franz's lost seat leave the Central Powers out), so
the host and nicholas then play three short async games of East Prussia, which are rated: the
lobby then shows the host's rating, and franz's table is marked unreliable.

Run it: `pytest -q -s tests/live/test_async_acceptance.py` (`-s` prints the run's log).
"""

from __future__ import annotations

import datetime as dt
from collections import Counter

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.core.management import call_command
from django.test import Client
from rest_framework.test import APIClient

from boardgame.notifications import outbox
from boardgame.notifications.models import PUBLIC_EVENTS, Notice
from boardgame.play import clocks, deadlines
from boardgame.play.models import ActionRecord, Game
from boardgame.play.verify import verify_game
from boardgame.ratings import rate
from boardgame.ratings.models import RatedGame
from boardgame.vacation.models import VacationDay
from engine import rulesets
from engine.kernel import timeout_action
from engine.kernel.simultaneous import awaiting
from engine.kernel.versions import Migration
from engine.rulesets.fatal_alliances.ruleset import CAMPAIGN_POWERS

from . import helpers
from .receivers import Receiver

pytestmark = pytest.mark.django_db
HOUR = 3_600_000

PLAYERS = {"austria_hungary": "franz", "britain": "haig", "france": "joffre",
           "germany": "wilhelm", "italy": "cadorna", "russia": "nicholas", "usa": "pershing"}
BOT_SEAT = "ottoman"
HOST = "wilhelm"
LOOKS_IN = {name: (8, 20) for name in PLAYERS.values()} | {"haig": (7,)}
SECRET = "\u2063Galicia-for-the-Straits\u2063"   # the press text no one else may see


class Run:
    """The players' clients and the run's log."""

    def __init__(self, clock: helpers.ControlledClock) -> None:
        self.clock = clock
        self.api: dict[str, APIClient] = {}
        self.log: list[str] = []
        self.game_id = 0
        self.cid = 0

    def say(self, text: str) -> None:
        day = (self.clock.now - START).total_seconds() / 86400
        self.log.append(f"day {day:5.2f} {self.clock.now:%a %H:%M}  {text}")

    def sign_up(self, name: str) -> APIClient:
        made = APIClient().post("/api/auth/register", {"username": name,
                                                       "email": f"{name}@example.org",
                                                       "password": helpers.PASSWORD},
                                format="json")
        assert made.status_code == 201, made.json()
        api = APIClient()
        api.credentials(HTTP_AUTHORIZATION=f"Token {made.json()['token']}")
        self.api[name] = api
        return api

    def game(self) -> Game:
        return Game.objects.get(pk=self.game_id)

    def running(self) -> list[str]:
        """The seats the game waits for (its `live` column only: the campaign's state is
        large, and this is read every hour)."""
        live = Game.objects.filter(pk=self.game_id).values_list("live", flat=True)[0]
        return live.get("running", [])

    def answer(self, name: str, seat: str, game_id: int | None = None) -> int:
        """Answer, over REST, every decision that waits for `seat` (one at a time: each answer
        may open or close others). How many answers were sent."""
        game_id = game_id or self.game_id
        sent = 0
        for _ in range(40):
            game = Game.objects.get(pk=game_id)
            if game.is_over:
                break
            ruleset = rulesets.get(game.ruleset)
            open_now = awaiting(ruleset, game.state, seat)
            if not open_now:
                break
            decision = open_now[0]
            self.cid += 1
            response = self.api[name].post(f"/api/games/{game_id}/actions", {
                "seat": seat, "decision": decision.id, "cid": f"a{self.cid}",
                "action": timeout_action(ruleset, game.state, decision, seat)}, format="json")
            assert response.status_code == 200, response.json()
            sent += 1
        return sent

    def sweep(self) -> None:
        """The sweeper and the notification outbox run, as the task runner's beat runs them
        (every second in production; once an hour of the controlled clock here)."""
        deadlines.run_due()
        outbox.run_due()

    def tick(self) -> None:
        self.clock.advance(hours=1)
        self.sweep()


# A Monday of another year than today's: the run must not lean on the real calendar.
START = dt.datetime(2031, 3, 3, 6, 0, tzinfo=dt.timezone.utc)


@pytest.fixture
def run(monkeypatch, settings, nobody_on_the_page):
    settings.SALIENT_OUTBOUND_ALLOW_LOOPBACK = True   # the webhook receiver is on loopback
    settings.SALIENT_SITE_URL = "https://salient.test"
    settings.SALIENT_VACATION_DAYS = 10
    # Rate-limit windows run on real time, which is seconds here for weeks of play: the
    # sign-ups come from one address and a player's e-mails would bunch into one real hour.
    settings.SALIENT_RATE_LIMITS = {**settings.SALIENT_RATE_LIMITS, "register": (20, 3600),
                                    "notify_email": (10_000, 3600)}
    return Run(helpers.ControlledClock(monkeypatch, START))


def fa_version_bumped(monkeypatch) -> str:
    """The deploy: Fatal Alliances' version goes up one, with a one-step migration (its rules
    change from here on; the state carries over as it is)."""
    fa = rulesets.get("fatal_alliances")
    old = fa.version
    new = str(int(old) + 1)
    monkeypatch.setattr(type(fa), "version", new)
    monkeypatch.setattr(type(fa), "migrations", tuple(fa.migrations) + (
        Migration(old, new, lambda state: state, "the acceptance run's deploy"),))
    return new


def set_up_the_table(run: Run) -> int:
    for name in PLAYERS.values():
        run.sign_up(name)
    run.sign_up("observer")                                   # a spectator, seated nowhere
    host = run.api[HOST]
    made = host.post("/api/tables/", {
        "title": "The Long War", "ruleset": "fatal_alliances", "scenario": "campaign-1914",
        "pace": "async", "deadline_hours": 24, "disorder_after": 2, "disorder_bot": 0,
        "seat": "germany"}, format="json")
    assert made.status_code == 201, made.json()
    table = made.json()["id"]
    for seat, name in PLAYERS.items():
        if name != HOST:
            claimed = run.api[name].post(f"/api/tables/{table}/seats/{seat}/claim")
            assert claimed.status_code == 200, claimed.json()
    assert host.post(f"/api/tables/{table}/seats/{BOT_SEAT}/bot", {"level": 0},
                     format="json").status_code == 200
    for name in PLAYERS.values():
        assert run.api[name].post(f"/api/tables/{table}/ready", {"ready": True},
                                  format="json").status_code == 200
        # Everyone wants "your move" by e-mail too (the default mails the rarer events only).
        assert run.api[name].patch("/api/me/notifications", {
            "email": ["your_move", "deadline_near", "game_started", "game_ended",
                      "seat_handed", "press"]}, format="json").status_code == 200
    assert run.api["haig"].patch("/api/me/notifications", {
        "reminders": [{"before_hours": 12}, {"before_hours": 2}]},
        format="json").status_code == 200
    started = host.post(f"/api/tables/{table}/start")
    assert started.status_code == 200, started.json()
    return Game.objects.get(table_id=table).pk


def test_26_a_seven_player_async_game_runs_for_weeks(run, monkeypatch):
    run.game_id = set_up_the_table(run)
    seats = {name: seat for seat, name in PLAYERS.items()}
    assert sorted([*PLAYERS, BOT_SEAT]) == sorted(CAMPAIGN_POWERS)
    run.say(f"game {run.game_id}: 7 players and a bot ({BOT_SEAT}), 24 h deadlines")
    with Receiver() as hooks:
        assert run.api[HOST].post(f"/api/games/{run.game_id}/webhooks",
                                  {"url": hooks.url + "/game"}, format="json").status_code == 201
        assert run.api["cadorna"].post("/api/me/webhooks", {"url": hooks.url + "/cadorna"},
                                       format="json").status_code == 201
        play_three_weeks(run, monkeypatch, seats, hooks)
        game = run.game()
        assert game.is_over and game.result["reason"] == "resignation"
        run.say(f"game over at step {game.version}: {game.result['winners']} win")
        outbox.run_due()
        check_notifications(run, seats, hooks)
    check_reminders(run)
    check_the_deploy(run, game)
    check_ratings_and_reliability(run, game)
    print("\n".join(run.log))


def play_three_weeks(run: Run, monkeypatch, seats: dict[str, str], hooks: Receiver) -> None:
    answered: Counter[str] = Counter()
    badges: set[int] = set()
    joffre_away = (START + dt.timedelta(days=5), START + dt.timedelta(days=8))
    bumped = None
    while run.clock.now < START + dt.timedelta(days=21):
        # Each hour: whoever looks in now answers, then the sweeper runs — a deadline falling
        # on the hour someone looks in is met (a player who looks in every 24 h exactly, as
        # haig does, is never late on a 24 h deadline).
        now = run.clock.advance(hours=1)
        day = (now - START).days
        if now == START + dt.timedelta(days=1, hours=9):
            private_press(run, hooks)
        if now == joffre_away[0]:
            assert run.api["joffre"].post("/api/me/vacation", {"away": True},
                                          format="json").json()["away"] is True
            run.say("joffre goes on vacation")
        if joffre_away[0] <= now < joffre_away[1]:
            badges.add(clocks.clock_frame(run.game()).get("vacation", {}).get("france", 0))
        if now == joffre_away[1]:
            run.api["joffre"].post("/api/me/vacation", {"away": False}, format="json")
            catch_up(run)
            answered["joffre"] += run.answer("joffre", "france")    # and answers at once
        if now == START + dt.timedelta(days=10):
            bumped = fa_version_bumped(monkeypatch)
            call_command("upgrade_games", verbosity=0)
            run.say(f"deploy: fatal_alliances version {bumped}; upgrade_games ran")
            assert run.game().versions["playing"] == bumped
        for name, hours in LOOKS_IN.items():
            if now.hour not in hours:
                continue
            if name == "franz" and day >= 2:
                continue                       # franz has stopped playing
            if name == "joffre" and joffre_away[0] <= now < joffre_away[1]:
                continue
            if seats[name] not in run.running():
                continue
            answered[name] += run.answer(name, seats[name])
        run.sweep()
        if Game.objects.filter(pk=run.game_id, finished__isnull=False).exists():
            break
    game = run.game()
    assert not game.is_over, "the campaign ended by itself within three weeks"
    assert bumped is not None
    run.say(f"three weeks: step {game.version}, turn {game.state['flow'].get('turn')}, "
            f"answers {dict(answered)}")
    assert set(answered) == set(PLAYERS.values())     # everyone, franz included, moved
    assert max(badges) >= 1                           # the public badge while he was away
    missed = {seat: n for seat, n in game.live["missed"].items() if n}
    late = list(ActionRecord.objects.filter(game=game, by="timeout").exclude(
        seat="austria_hungary").values_list("seq", "seat", "decision", "created"))
    assert missed == {}, (missed, late)  # no one but franz (whose seat the bot holds now)
    conceded = run.api[HOST].post(f"/api/games/{run.game_id}/resign", {"seat": "germany"},
                                  format="json")
    assert conceded.status_code == 200, conceded.json()
    run.say("wilhelm concedes for Germany")


def private_press(run: Run, hooks: Receiver) -> None:
    """France, Britain and Russia open a channel; the other players and the spectator never
    see it, not even that it exists."""
    url = f"/api/games/{run.game_id}/press"
    made = run.api["joffre"].post(url, {"seats": ["britain", "france", "russia"]},
                                  format="json")
    assert made.status_code == 201, made.json()
    cid = made.json()["id"]
    assert run.api["joffre"].post(f"{url}/{cid}", {"text": SECRET},
                                  format="json").status_code == 201
    run.sweep()
    for name in ("haig", "nicholas"):
        listed = run.api[name].get(url).json()["channels"]
        assert [(c["id"], c["unread"]) for c in listed] == [(cid, 1)]
        assert [m["text"] for m in run.api[name].get(f"{url}/{cid}").json()["messages"]] \
            == [SECRET]
        assert Notice.objects.filter(user__username=name, kind="press").count() == 1
    assert run.api["nicholas"].post(f"{url}/{cid}", {"text": "Agreed."},
                                    format="json").status_code == 201
    for name in ("franz", "wilhelm", "cadorna", "pershing", "observer"):
        assert run.api[name].get(url).json() == {"channels": []}
        assert run.api[name].get(f"{url}/{cid}").status_code == 404
        assert not Notice.objects.filter(user__username=name, kind="press").exists()
        inbox = run.api[name].get("/api/me/inbox").json()
        assert all(g["unread_press"] == 0 for g in inbox["games"])
    run.say("private press: joffre, haig and nicholas (france, britain, russia); "
            "no one else sees the channel")


def catch_up(run: Run) -> None:
    """joffre, back after three days, opens "since your last move": the steps of his audience
    from his last action to now, and the replay page stepping through them."""
    api = run.api["joffre"]
    game = run.game()
    last = ActionRecord.objects.filter(game=game, by_user__username="joffre").order_by(
        "-seq").first()
    assert last is not None
    data = api.get(f"/api/games/{game.pk}/catch-up").json()
    assert data["since"] == last.seq and data["audience"] == "seat:france"
    steps = [s["seq"] for s in data["steps"]]
    assert steps == list(range(last.seq + 1, game.version + 1)) and len(steps) > 3
    assert data["replay"] == f"/api/games/{game.pk}/replay/{last.seq}?through={game.version}"
    replay = api.get(data["replay"])
    assert replay.status_code == 200, replay.json()
    inbox = api.get("/api/me/inbox").json()
    row = next(g for g in inbox["games"] if g["game"] == game.pk)
    assert row["my_last_step"] == last.seq and row["steps_since"] == len(steps)
    spent = VacationDay.objects.filter(user__username="joffre", game=game).count()
    missed = game.live["missed"]["france"]
    status = api.get("/api/me/vacation").json()
    assert spent >= 1 and missed == 0, (spent, missed)
    assert status["days_left"] == 10 - spent
    run.say(f"joffre back: {spent} vacation day(s) spent, no deadline missed; catch-up shows "
            f"steps {steps[0]}..{steps[-1]} since his move {last.seq}")
    browser = Client()
    browser.force_login(get_user_model().objects.get(username="joffre"))
    page = browser.get(f"/games/{game.pk}/replay/?since={last.seq}")
    assert page.status_code == 200


def check_notifications(run: Run, seats: dict[str, str], hooks: Receiver) -> None:
    game_id = run.game_id
    for name in PLAYERS.values():
        told = Notice.objects.filter(user__username=name, game_id=game_id, kind="your_move")
        mails = [m for m in mail.outbox if m.to == [f"{name}@example.org"]
                 and "your move" in m.subject.lower()]
        assert told.exists() and mails, name
        assert all(f"The Long War (game {game_id})" in m.subject for m in mails)
        inbox = run.api[name].get("/api/me/notices").json()
        assert any(n["kind"] == "your_move" for n in inbox["notices"]), name
    mine = [r.json() for r in hooks.got if r.path == "/cadorna"]
    assert any(b["event"] == "your_move" and b["game"] == game_id for b in mine)
    public = [r for r in hooks.got if r.path == "/game"]
    events = Counter(r.json()["event"] for r in public)
    assert set(events) <= set(PUBLIC_EVENTS) and events["your_move"] > 10
    assert events["game_ended"] == 1
    for text in [r.body.decode() for r in public] + [
            m.subject + m.body for m in mail.outbox
            if m.to[0].split("@")[0] not in ("joffre", "haig", "nicholas")]:
        assert SECRET not in text
    assert not any(SECRET in m.body for m in mail.outbox)      # not even to its readers
    handed = Notice.objects.filter(game_id=game_id, kind="seat_handed")
    run.say(f"notices: {Notice.objects.filter(game_id=game_id).count()}, e-mails "
            f"{len(mail.outbox)}, game webhook {dict(events)}; seat handed {handed.count()}")


def check_reminders(run: Run) -> None:
    """haig's reminders came 12 h and 2 h before his deadlines, never at the default quarter
    (6 h); the others' at the default."""
    mine = Notice.objects.filter(user__username="haig", kind="deadline_near")
    offsets = Counter(round((n.data["deadline"] - clocks.now_ms(n.created)) / HOUR)
                      for n in mine)
    assert set(offsets) <= {12, 11, 2, 1}, offsets      # sent within the hour of their time
    assert set(offsets) & {12, 11} and set(offsets) & {2, 1}
    others = Notice.objects.filter(user__username="cadorna", kind="deadline_near")
    assert {round((n.data["deadline"] - clocks.now_ms(n.created)) / HOUR) for n in others} \
        <= {6, 5}
    emailed = [m for m in mail.outbox if m.to == ["haig@example.org"]
               and "deadline" in m.subject.lower()]
    assert len(emailed) == mine.count()
    run.say(f"haig's reminders (hours before the deadline): {dict(offsets)}")


def check_the_deploy(run: Run, game: Game) -> None:
    upgrade = ActionRecord.objects.get(game=game, kind="upgrade")
    after = ActionRecord.objects.filter(game=game, seq__gt=upgrade.seq, kind="act").count()
    assert after > 5 and verify_game(game).status == "ok"
    run.say(f"the deploy's upgrade is step {upgrade.seq} ({upgrade.action}); {after} moves "
            f"after it; verify_game: ok")


def rematch(run: Run, number: int) -> Game:
    """An async East Prussia game, wilhelm (Germany) against nicholas (Russia): both answer at
    once for a while, then Russia concedes."""
    made = run.api[HOST].post("/api/tables/", {
        "title": f"Rematch {number}", "ruleset": "fatal_alliances",
        "scenario": "east-prussia-1914", "pace": "async", "deadline_hours": 24,
        "seat": "germany"}, format="json").json()
    run.api["nicholas"].post(f"/api/tables/{made['id']}/seats/russia/claim")
    for name in (HOST, "nicholas"):
        run.api[name].post(f"/api/tables/{made['id']}/ready", {"ready": True}, format="json")
    run.api[HOST].post(f"/api/tables/{made['id']}/start")
    game_id = Game.objects.get(table_id=made["id"]).pk
    moves = 0
    for _ in range(30):
        run.tick()
        moves += run.answer(HOST, "germany", game_id) + run.answer("nicholas", "russia",
                                                                    game_id)
        if moves >= 10:
            break
    run.api["nicholas"].post(f"/api/games/{game_id}/resign", {"seat": "russia"},
                             format="json")
    return Game.objects.get(pk=game_id)


def check_ratings_and_reliability(run: Run, game: Game) -> None:
    assert rate.rate_due()["unrated"] == 1
    verdict = RatedGame.objects.get(game=game)
    assert not verdict.rated and verdict.reason == "fewer than two sides played by people"
    run.say(f"the long game is unrated: {verdict.reason}")
    for number in (1, 2, 3):
        assert rematch(run, number).result["winners"] == ["germany"]
    assert rate.rate_due() == {"rated": 3, "unrated": 0}
    profile = APIClient().get(f"/api/players/{HOST}").json()
    rating = next(r for r in profile["ratings"] if r["scope"] == "overall")
    assert rating["games"] == 3 and rating["rating"] is not None
    franz = APIClient().get("/api/players/franz").json()["reliability"]
    assert franz["civil_disorder"] == 1 and franz["missed_deadlines"] == 2
    page = APIClient().get("/players/franz/").content.decode()
    assert "<dd>2</dd>" in page.split('id="player-reliability"')[1].split("</dl>")[0]
    host_table = run.api[HOST].post("/api/tables/", {
        "title": "Another war", "ruleset": "fatal_alliances", "scenario": "campaign-1914",
        "pace": "async", "deadline_hours": 48}, format="json").json()
    franz_table = run.api["franz"].post("/api/tables/", {
        "title": "Franz's war", "ruleset": "fatal_alliances", "scenario": "campaign-1914",
        "pace": "async", "deadline_hours": 48}, format="json").json()
    lobby = APIClient().get("/").content.decode()
    row = lobby.split(f'href="/tables/{host_table["id"]}/"')[1].split("</tr>")[0]
    assert f'title="Overall rating">{rating["rating"]}</span>' in row
    franz_row = lobby.split(f'href="/tables/{franz_table["id"]}/"')[1].split("</tr>")[0]
    assert "unreliable" in franz_row
    reliable = APIClient().get("/?reliable=1").content.decode()
    assert f'/tables/{franz_table["id"]}/' not in reliable
    assert f'/tables/{host_table["id"]}/' in reliable
    run.say(f"lobby: {HOST} rated {rating['rating']} after three rated rematches; franz "
            f"marked unreliable ({franz})")
