"""The compiler itself: determinism, the shapely boundary, load time."""
from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]


def test_runtime_package_does_not_import_shapely():
    code = "import sys, engine.maps; assert 'shapely' not in sys.modules and 'pyproj' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)


@pytest.mark.slow
def test_build_is_byte_for_byte_deterministic(tmp_path):
    from engine.maps.compiler import build

    build("test-benelux", out_dir=tmp_path / "a", static_dir=tmp_path / "sa")
    build("test-benelux", out_dir=tmp_path / "b", static_dir=tmp_path / "sb")
    a = (tmp_path / "a" / "test-benelux.json").read_bytes()
    b = (tmp_path / "b" / "test-benelux.json").read_bytes()
    assert a == b
    assert (tmp_path / "sa" / "test-benelux" / "map.svg").read_bytes() == \
        (tmp_path / "sb" / "test-benelux" / "map.svg").read_bytes()
    doc = json.loads(a)
    assert doc["places"]["brussels"]["hex"]


@pytest.mark.parametrize("name", ["bop-north-europe", "fa-europe"])
def test_compiled_map_loads_quickly(name):
    path = ROOT / "engine" / "maps" / "compiled" / f"{name}.json"
    best = 1e9
    for _ in range(3):
        t0 = time.perf_counter()
        json.loads(path.read_text(encoding="utf-8"))
        best = min(best, time.perf_counter() - t0)
    assert best < 0.2, best
