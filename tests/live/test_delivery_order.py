"""A socket's delivery order (GameConsumer.deliver) without a server: a frame that overtakes
its predecessor (steps of one game return from parallel database threads) waits for it for
GAP_GRACE, and only a gap that stays open costs a catch-up from the database."""

from __future__ import annotations

import asyncio


class _Socket:
    """A GameConsumer's delivery state without a connection: what it sends and whether it
    asked the database to catch it up."""

    def __init__(self, v: int) -> None:
        from boardgame.play.consumers import GameConsumer
        self.consumer = consumer = GameConsumer()
        consumer.closed, consumer.syncing, consumer.ready = False, False, True
        consumer.v, consumer.buffer, consumer.gap_timer = v, [], None
        self.sent: list[str] = []
        self.caught_up = 0

        async def send_text(text: str) -> None:
            self.sent.append(text)

        def nudge() -> None:
            self.caught_up += 1
        consumer.send_text, consumer.nudge = send_text, nudge


async def test_a_frame_that_overtakes_its_predecessor_waits_for_it_not_for_the_database():
    from boardgame.play.consumers import GAP_GRACE
    socket = _Socket(v=4)
    await socket.consumer.deliver(6, "six")
    await socket.consumer.deliver(7, "seven")
    assert socket.sent == []
    await socket.consumer.deliver(5, "five")
    assert socket.sent == ["five", "six", "seven"] and socket.consumer.v == 7
    await asyncio.sleep(GAP_GRACE * 2)
    assert socket.caught_up == 0, "the gap closed in time: no database catch-up"


async def test_a_gap_that_stays_open_is_caught_up_from_the_database():
    from boardgame.play.consumers import GAP_GRACE
    socket = _Socket(v=4)
    await socket.consumer.deliver(6, "six")
    await socket.consumer.deliver(5, "five")
    await socket.consumer.deliver(8, "eight")  # 7 never comes
    assert socket.sent == ["five", "six"] and socket.caught_up == 0
    await asyncio.sleep(GAP_GRACE * 3)
    assert socket.caught_up == 1 and socket.consumer.buffer == [(8, "eight")]


async def test_the_fan_out_writes_only_the_next_version_at_once_and_leaves_the_rest_to_deliver():
    """`deliver_now` (the hub's fan-out with a direct writer) takes only the plain case; a
    frame ahead of its turn, a socket catching up, one with frames buffered or one closing
    are left to `deliver`, so the order and the gap repair stay deliver's."""
    from boardgame.play.broadcast import Hub
    socket = _Socket(v=4)
    consumer = socket.consumer
    consumer.user_group = "user.1"
    written: list[str] = []
    consumer.write_now = written.append
    assert consumer.deliver_now(5, "five", "game.1.public")
    assert (written, consumer.v) == (["five"], 5)
    assert not consumer.deliver_now(7, "seven", "game.1.public")   # ahead: deliver holds it
    assert not consumer.deliver_now(None, "clock", "game.1.public")  # outside the stream
    assert not consumer.deliver_now(6, "news", "user.1")             # the user's own group
    consumer.buffer = [(7, "seven")]
    assert not consumer.deliver_now(6, "six", "game.1.public")       # something buffered
    consumer.buffer, consumer.syncing = [], True
    assert not consumer.deliver_now(6, "six", "game.1.public")       # catching up
    consumer.syncing, consumer.closed = False, True
    assert not consumer.deliver_now(6, "six", "game.1.public")       # closing
    consumer.closed = False
    hub = Hub()
    hub.members["game.1.public"] = {consumer}
    await hub.dispatch_frame("game.1.public", 7, "seven")            # ahead: buffered
    await hub.dispatch_frame("game.1.public", 6, "six")
    assert written == ["five"] and socket.sent == ["six", "seven"] and consumer.v == 7
    if consumer.gap_timer is not None:
        consumer.gap_timer.cancel()
