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
