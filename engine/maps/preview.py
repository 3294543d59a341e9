"""PNG previews of the SVG maps with headless Chromium (``/usr/bin/chromium``)."""
from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
from pathlib import Path

from .compiler import STATIC


def preview(name: str, out: Path, width: int = 1600, hex_labels: bool = False, grid: bool = False) -> Path:
    """Screenshot the map; the hex grid is left out unless asked for (it triples the PNG size)."""
    svg_path = STATIC / name / "map.svg"
    svg = svg_path.read_text(encoding="utf-8")
    m = re.search(r'viewBox="0 0 (\d+) (\d+)"', svg)
    if m is None:
        raise ValueError(f"{svg_path} has no viewBox")
    w, h = int(m.group(1)), int(m.group(2))
    height = round(width * h / w)
    if hex_labels:
        svg = svg.replace('class="hl" text-anchor="middle" display="none"', 'class="hl" text-anchor="middle"')
    if not grid:
        svg = svg.replace('<g id="layer-grid"', '<g id="layer-grid" display="none"')
    svg = re.sub(r'width="\d+" height="\d+" data-map', f'width="{width}" height="{height}" data-map', svg, count=1)
    browser = shutil.which("chromium") or shutil.which("chromium-browser") or "/usr/bin/chromium"
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        page = Path(tmp) / "map.html"
        page.write_text('<!doctype html><html><head><meta charset="utf-8"></head><body style="margin:0">' + svg + "</body></html>", encoding="utf-8")
        subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                        f"--user-data-dir={tmp}/profile", f"--screenshot={out.resolve()}",
                        f"--window-size={width},{height}", page.as_uri()],
                       check=True, capture_output=True, timeout=180)
    _shrink(out)
    return out


def _shrink(path: Path) -> None:
    """Quantise the screenshot to a palette when Pillow is available (keeps previews small)."""
    try:
        from PIL import Image
    except ImportError:
        return
    img = Image.open(path).convert("RGB")
    img.quantize(colors=64, method=Image.Quantize.MEDIANCUT).save(path, optimize=True)
