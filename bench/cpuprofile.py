"""Where one action's server CPU goes: a sampling profile of daphne, bucketed by layer.

`python -m bench live --profile` (and `bench compare`, once per run length after its timed
rounds) attaches py-spy to the first daphne for the timed loop only, without pausing it
(`--nonblocking`), and counts samples of running code (idle waits in the selector are not
sampled). Each sample goes to the bucket of the innermost frame that matches a layer below —
a JSON encoder called from the differ counts as encoding, a psycopg read under the ORM as the
database — so the buckets add up to the whole. Each bucket's share of the samples, times the
CPU per action that `bench live` measures from /proc, gives milliseconds per action.

py-spy is a bench dependency (requirements-test.txt): a Rust sampler that reads the process
from outside, so the profiled server runs its usual code; cProfile inside daphne would slow
every Python call and skew the split towards the many small ones. Without py-spy (or without
ptrace rights) the figures say why and the run goes on. Sampling costs CPU on this 2-core
machine, so a profiled run's throughput is not one of the timed figures.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

# (bucket, substrings of a frame's file path); the innermost matching frame decides, and the
# first matching rule wins within a frame, so more specific paths come first.
LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("json encoding", ("/json/", "/orjson", "/engine/kernel/canonical.py")),
    ("engine: diff", ("/engine/kernel/diff.py",)),
    ("engine: apply, views (the bench's toy ruleset included)", ("/engine/", "/tests/toy/")),
    ("database (psycopg, Django ORM)", ("/psycopg/", "/psycopg_pool/", "/django/db/")),
    ("redis (channel layer)", ("/channels_redis/", "/redis/", "/msgpack/")),
    ("frames and fan-out (platform)", ("/boardgame/play/broadcast.py", "/boardgame/play/frames.py",
                                       "/boardgame/wsfast.py", "/boardgame/play/socketbase.py")),
    ("platform services", ("/boardgame/",)),
    ("websocket and TCP (daphne, autobahn, twisted)", ("/autobahn/", "/twisted/", "/daphne/",
                                                       "/txaio/")),
    ("channels and asgiref", ("/channels/", "/asgiref/")),
    ("Django (other)", ("/django/",)),
    ("thread pool (sync_to_async)", ("/concurrent/futures/", "/threading.py")),
    ("event loop (asyncio)", ("/asyncio/", "/selectors.py")),
)


def available() -> str | None:
    """None when py-spy can run here, else why not."""
    if _executable() is None:
        return "py-spy is not installed (pip install -r requirements-test.txt)"
    return None


def _executable() -> str | None:
    beside = Path(sys.executable).parent / "py-spy"
    return str(beside) if beside.exists() else shutil.which("py-spy")


class Sampler:
    """py-spy recording one process until `stop()`."""

    def __init__(self, pid: int, rate: int = 250) -> None:
        self.path = Path(tempfile.mkstemp(prefix="salient-profile-", suffix=".txt")[1])
        exe = _executable()
        self.error = available()
        self.proc: subprocess.Popen[bytes] | None = None
        if exe is not None:
            self.proc = subprocess.Popen(
                [exe, "record", "--pid", str(pid), "--rate", str(rate), "--nonblocking",
                 "--format", "raw", "--output", str(self.path)],
                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)

    def stop(self) -> Counter[str]:
        """Stop sampling and return the samples per bucket."""
        if self.proc is None:
            return Counter()
        self.proc.send_signal(2)  # SIGINT: py-spy writes what it has and exits
        try:
            _, err = self.proc.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            _, err = self.proc.communicate()
        text = self.path.read_text() if self.path.exists() else ""
        os.unlink(self.path)
        if not text.strip():
            self.error = f"py-spy recorded nothing: {err.decode(errors='replace')[-300:]}"
        return bucket_counts(text)


def bucket_of(stack: str) -> str:
    """The bucket of one raw stack (`outer;…;inner`, frames `name (path:line)`)."""
    for frame in reversed(stack.split(";")):
        # py-spy names a frame `function (path:line)`, the path relative to sys.path
        path = "/" + frame[frame.rfind("(") + 1:frame.rfind(":")]
        for bucket, needles in LAYERS:
            if any(needle in path for needle in needles):
                return bucket
    return "other"


def bucket_counts(raw: str) -> Counter[str]:
    """Samples per bucket; the innermost frames of unbucketed samples count as `other: <frame>`
    so that the figures show what the layers miss."""
    counts: Counter[str] = Counter()
    for line in raw.splitlines():
        stack, _, number = line.rpartition(" ")
        if stack and number.isdigit():
            bucket = bucket_of(stack)
            if bucket == "other":
                bucket = f"other: {stack.rsplit(';', 1)[-1]}"
            counts[bucket] += int(number)
    return counts


def breakdown(counts: Counter[str], cpu_ms_per_action: float,
              error: str | None = None) -> dict[str, Any]:
    """Each bucket's share of the samples and its part of the CPU per action, largest first."""
    total = sum(counts.values())
    if not total:
        return {"error": error or "no samples"}
    layers: Counter[str] = Counter()
    for bucket, n in counts.items():
        layers[bucket.split(":", 1)[0] if bucket.startswith("other:") else bucket] += n
    return {
        "samples": total,
        "cpu_ms_per_action": cpu_ms_per_action,
        "layers": [{"layer": bucket, "share": round(n / total, 3),
                    "ms_per_action": round(cpu_ms_per_action * n / total, 2)}
                   for bucket, n in layers.most_common()],
        "other_top": [{"frame": bucket[len("other: "):], "share": round(n / total, 3)}
                      for bucket, n in counts.most_common() if bucket.startswith("other:")][:8],
    }
