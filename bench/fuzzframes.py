"""Hostile websocket frames for the fuzz scenario (bench/faultfuzz.py), from a seeded random
stream: the same seed gives the same frames. Every kind is something a browser could never
send: NUL characters, lone surrogates (as JSON escapes, so the wire stays valid UTF-8), deep
nesting, fields of the wrong type, huge numbers, non-JSON, binary and oversized frames, and
legal-looking answers to real open decisions with one part broken. `Fuzzer.last` names the
kind of the last frame made (the scenario reports which kinds preceded a 1011 close)."""

from __future__ import annotations

import json
import random
from typing import Any

from bench.decisions import open_decisions

JUNK: list[Any] = [None, True, 0, -1, 2 ** 63, 10 ** 40, 1.5, "", "\x00", "\ud800", "a" * 300,
                   [], {}, [None], {"": None}, [[[]]], "red\x00", "\udfff\ud800"]


class Fuzzer:
    """Hostile frames from a seeded random stream (the same seed, the same frames)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.last = "hello"

    def junk(self) -> Any:
        return self.rng.choice(JUNK)

    def text(self, frame: Any) -> str:
        # ensure_ascii: a lone surrogate travels as its \\u escape (valid UTF-8 on the wire).
        return json.dumps(frame, allow_nan=True)

    def nested(self, depth: int) -> str:
        return "[" * depth + "]" * depth

    def hello(self, token: str | None) -> str | bytes:
        pick = self.rng.randrange(6)
        if pick == 0:
            return self.text({"type": "hello", "token": (token or "x") + "\x00"})
        if pick == 1:
            return self.text({"type": "hello", "token": "\ud800", "since": 3})
        if pick == 2:
            return self.text({"type": "hello", "since": self.rng.choice(
                [-1, 10 ** 30, "7", 1.5, [], 2 ** 63]), **({"token": token} if token else {})})
        if pick == 3:
            return self.text({"type": "hello", "invite": "\x00" * 40, "protocol": self.junk()})
        if pick == 4:
            return '{"type":"hello","since":' + "9" * 5000 + "}"
        return self.text({"type": "hello", "token": self.junk()})

    def frame(self, seat: str | None, view: dict[str, Any] | None) -> str | bytes:
        """One hostile frame; `seat` and `view` aim it at the decisions open to the socket."""
        makers = [self._raw, self._nul, self._surrogate, self._deep, self._wrong_type,
                  self._huge, self._garbage_action, self._garbage_action, self._protocol]
        maker = self.rng.choice(makers)
        self.last = maker.__name__.strip("_")
        return maker(seat, view)

    def _decision(self, seat: str | None, view: dict[str, Any] | None) -> tuple[str, Any]:
        """A real open decision of `seat` and one of its legal answers (listed in the view,
        or from the server's `options`, kept in view["legal"]), or made-up ones."""
        mine = [d for d in open_decisions(view)
                if seat is not None and seat in d["seats"]]
        if not mine:
            return self.rng.choice(["r1-bid-red", "x", "setup-germany"]), {}
        decision = self.rng.choice(mine)
        options = decision.get("options") or (view or {}).get("legal", {}).get(
            decision["id"]) or [{}]
        return decision["id"], self.rng.choice(options)

    def _raw(self, seat: str | None, view: dict[str, Any] | None) -> str | bytes:
        return self.rng.choice([
            "", "not json", "[1,2,3]", "null", '{"type": "act", "cid": "\x00"}',
            '{"type":"ping","t":1e400}', '{"type":"ping","t":NaN}', b"\x00\xff binary",
            "x" * 70_000, '{"type":' + '"a"' * 10 + "}", "\ufeff{}", '{"type":"ping"' * 50])

    def _nul(self, seat: str | None, view: dict[str, Any] | None) -> str | bytes:
        decision, action = self._decision(seat, view)
        return self.text(self.rng.choice([
            {"type": "act", "cid": "c\x00", "seat": seat or "red", "decision": decision,
             "action": action},
            {"type": "act", "cid": f"n{self.rng.random()}", "seat": f"{seat}\x00",
             "decision": decision, "action": action},
            {"type": "options", "decision": decision + "\x00", "seat": seat or "red"},
            {"type": "options", "decision": decision, "seat": "\x00"},
            {"type": "chat", "channel": "table\x00", "text": "hi"},
            {"type": "chat", "channel": "table", "text": "a\x00b"},
            {"type": "undo", "cid": "\x00", "seat": seat or "red"}]))

    def _surrogate(self, seat: str | None, view: dict[str, Any] | None) -> str | bytes:
        decision, action = self._decision(seat, view)
        return self.text(self.rng.choice([
            {"type": "chat", "channel": "table", "text": "\ud800"},
            {"type": "chat", "channel": "spectators", "text": "x\udfffy"},
            {"type": "act", "cid": "\ud800", "seat": seat or "red", "decision": decision,
             "action": action},
            {"type": "act", "cid": f"s{self.rng.random()}", "seat": seat or "red",
             "decision": decision, "action": {"to": "\ud800", "units": ["\udfff"]}},
            {"type": "options", "decision": "\ud800", "query": {"\ud800": 1}}]))

    def _deep(self, seat: str | None, view: dict[str, Any] | None) -> str | bytes:
        decision, _ = self._decision(seat, view)
        depth = self.rng.choice([100, 1000, 5000, 20000])
        head = self.rng.choice([
            f'{{"type":"act","cid":"d{self.rng.random()}","seat":"{seat or "red"}",'
            f'"decision":"{decision}","action":',
            f'{{"type":"options","decision":"{decision}","query":{{"q":',
            '{"type":"ping","t":'])
        tail = "}}" if '"query"' in head else "}"
        return head + self.nested(depth) + tail

    def _wrong_type(self, seat: str | None, view: dict[str, Any] | None) -> str | bytes:
        decision, action = self._decision(seat, view)
        frame = self.rng.choice([
            {"type": "act", "cid": "w", "seat": seat, "decision": decision, "action": action},
            {"type": "options", "decision": decision, "seat": seat, "query": None, "ref": 1},
            {"type": "undo", "cid": "w", "seat": seat}, {"type": "sync", "since": 0},
            {"type": "chat", "channel": "table", "text": "x"}, {"type": "pause", "pause": False},
            {"type": "ping", "t": 1}])
        field = self.rng.choice(list(frame))
        frame[field] = self.junk()
        return self.text(frame)

    def _huge(self, seat: str | None, view: dict[str, Any] | None) -> str | bytes:
        decision, _ = self._decision(seat, view)
        number = self.rng.choice(["1e400", "-1e400", "9" * 4000, str(2 ** 64), "-0", "1e-400"])
        return self.rng.choice([
            f'{{"type":"sync","since":{number}}}', f'{{"type":"ping","t":{number}}}',
            f'{{"type":"options","decision":"{decision}","ref":{number}}}',
            f'{{"type":"act","cid":"h{self.rng.random()}","seat":"{seat or "red"}",'
            f'"decision":"{decision}","action":{{"to":{number},"units":[{number}]}}}}'])

    def _garbage_action(self, seat: str | None, view: dict[str, Any] | None) -> str | bytes:
        decision, action = self._decision(seat, view)
        garbage = self._mutate(action)
        return self.text({"type": "act", "cid": f"g{self.rng.random()}",
                          "seat": seat or "red", "decision": decision, "action": garbage})

    def _mutate(self, action: Any) -> Any:
        """A legal-looking answer with one part replaced by junk, or a shape of its own."""
        if isinstance(action, dict) and action and self.rng.random() < 0.6:
            out = dict(action)
            key = self.rng.choice(list(out))
            out[key] = self.rng.choice([self.junk(), [self.junk()], {"x": self.junk()},
                                        [out[key], out[key]], [], [None]])
            return out
        return self.rng.choice([
            self.junk(), {"units": [None, 1], "to": []}, {"units": ["x"], "to": [[]]},
            {"to": {"q": 1}}, {"bid": [1]}, {"choice": {}}, [action], {"": action},
            {"units": list(range(200)), "to": "0,0"}])

    def _protocol(self, seat: str | None, view: dict[str, Any] | None) -> str | bytes:
        return self.text(self.rng.choice([
            {"type": "hello"}, {"type": "nope"}, {}, {"type": None},
            {"type": "sync", "since": -5}, {"type": "sync", "since": 10 ** 9},
            {"type": "undo", "cid": "u", "seat": "nobody"},
            {"type": "options", "decision": "nope", "seat": "red"},
            {"type": "chat", "channel": "side:nowhere", "text": "x"},
            {"type": "pause", "pause": True}, {"type": "pause", "pause": False}]))
