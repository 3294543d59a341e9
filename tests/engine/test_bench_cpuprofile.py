"""The live bench's CPU split by layer (bench/cpuprofile.py, issue #27): py-spy's raw stacks are
bucketed by the innermost frame that belongs to a layer, so a JSON encoder called from the
differ counts as encoding and a psycopg wait under the ORM as the database."""

from bench import cpuprofile

RAW = "\n".join([
    # a database wait under the service: the database's, not the platform's
    "run (asyncio/events.py:80);act (boardgame/play/services.py:10);"
    "execute (django/db/backends/utils.py:5);wait (psycopg/connection.py:495) 6",
    # the encoder called from the differ: encoding
    "patch (engine/kernel/diff.py:40);encode (json/encoder.py:200) 3",
    # the differ itself
    "run (asyncio/events.py:80);patch (engine/kernel/diff.py:40) 2",
    # a frame of no layer under the event loop: the loop's
    "run (asyncio/events.py:80);helper (somewhere/else.py:1) 1",
    # nothing known at all: other, named by its innermost frame
    "main (<frozen runpy>:1);mystery (nowhere.py:3) 1",
    "not a sample line",
])


def test_innermost_layer_decides_the_bucket() -> None:
    counts = cpuprofile.bucket_counts(RAW)
    assert counts["database (psycopg, Django ORM)"] == 6
    assert counts["json encoding"] == 3
    assert counts["engine: diff"] == 2
    assert counts["event loop (asyncio)"] == 1
    assert counts["other: mystery (nowhere.py:3)"] == 1
    assert sum(counts.values()) == 13


def test_breakdown_splits_the_measured_cpu_by_share() -> None:
    figures = cpuprofile.breakdown(cpuprofile.bucket_counts(RAW), 13.0)
    layers = {x["layer"]: x for x in figures["layers"]}
    assert figures["samples"] == 13
    assert layers["database (psycopg, Django ORM)"]["ms_per_action"] == 6.0
    assert layers["other"]["ms_per_action"] == 1.0
    assert figures["layers"][0]["layer"] == "database (psycopg, Django ORM)"
    assert figures["other_top"] == [{"frame": "mystery (nowhere.py:3)", "share": 0.077}]
    assert sum(x["ms_per_action"] for x in figures["layers"]) == 13.0


def test_no_samples_says_why() -> None:
    assert cpuprofile.breakdown(cpuprofile.bucket_counts(""), 5.0, "no ptrace") == {
        "error": "no ptrace"}
