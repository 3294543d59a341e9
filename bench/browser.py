"""`python -m bench browser` — the SVG map in headless Chromium: first render of the largest
compiled map and frame times of pan and zoom (figures, not assertions).

Serves the repository on a loopback port, opens `frontend/map/mapview.js` on each compiled map,
and measures: fetch + parse + inline + first paint (two animation frames after the view is
built), the number of SVG nodes, a patch's redraw of 300 counters with one moved (setUnits and
the style and layout it causes), the time of 60 wheel-zoom and 60 drag-pan steps measured as
the gap between animation frames (a gesture previews as a CSS transform of the composited
<svg>), and the one repaint when the resting gesture is committed to the SVG transform.
"""

from __future__ import annotations

import functools
import http.server
import statistics
import threading
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]

OPEN = """async ({mapUrl, svgUrl}) => {
  document.body.innerHTML = '<link rel="stylesheet" href="/frontend/map/mapview.css">'
    + '<div id="map" style="width:1280px;height:800px"></div>';
  const t0 = performance.now();
  const { openMap } = await import('/frontend/map/mapview.js');
  window.view = await openMap(document.getElementById('map'), {mapUrl, svgUrl});
  const built = performance.now();
  await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
  return {first_render_ms: performance.now() - t0, build_ms: built - t0,
          svg_nodes: document.querySelectorAll('#map svg *').length};
}"""

FRAMES = """async (kind) => {
  const svg = document.querySelector('.mapview-svg');
  const box = svg.getBoundingClientRect();
  const cx = box.left + box.width / 2, cy = box.top + box.height / 2;
  const times = [];
  let last = performance.now();
  for (let i = 0; i < 60; i++) {
    if (kind === 'zoom') {
      svg.dispatchEvent(new WheelEvent('wheel', {clientX: cx, clientY: cy, deltaY: i % 20 < 10 ? -100 : 100, bubbles: true, cancelable: true}));
    } else {
      window.view.panBy(i % 20 < 10 ? 6 : -6, 3 * (i % 2 ? 1 : -1), {preview: true});
    }
    await new Promise(r => requestAnimationFrame(r));
    const now = performance.now();
    times.push(now - last);
    last = now;
  }
  // The one repaint when the resting gesture is committed to the SVG transform.
  const t0 = performance.now();
  window.view.panBy(0, 0);
  await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
  return {times, commit_ms: performance.now() - t0};
}"""

# A patch as the page meets it: 300 counters on the map (a corps-scale position), then 60 new
# positions each moving one unit to the next land hex; the time of setUnits and the style and
# layout it leaves (forced at once by a geometry read), one frame apart.
PATCHES = """async () => {
  const hexes = Object.keys(window.view.map.hexes || {}).filter((id) => window.view.map.hexes[id].terrain !== 'sea').sort();
  if (!hexes.length) return null;                  // an area map: no hexes to move between
  const units = [];
  for (let i = 0; i < 300; i++) units.push({id: `u${i}`, hex: hexes[(i * 7) % hexes.length], label: `${i}`,
    symbol: 'infantry', factors: '4-3', colour: i % 2 ? '#8a8f6a' : '#5b7fbf', title: `corps ${i}`});
  window.view.setUnits(units);
  await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
  const times = [];
  for (let i = 0; i < 60; i++) {
    const moved = units[(i * 13) % units.length];
    moved.hex = hexes[(hexes.indexOf(moved.hex) + 1) % hexes.length];
    const t0 = performance.now();
    window.view.setUnits(units.map((u) => ({...u})));
    document.querySelector('#map svg').getBBox();          // style and layout now, not later
    times.push(performance.now() - t0);
    await new Promise(r => requestAnimationFrame(r));
  }
  return times;
}"""


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args: Any) -> None:
        pass


def _summary(times: list[float]) -> dict[str, float]:
    ordered = sorted(times)
    return {"median_ms": round(statistics.median(ordered), 2),
            "p95_ms": round(ordered[int(len(ordered) * 0.95) - 1], 2),
            "max_ms": round(ordered[-1], 2)}


def run() -> dict[str, Any]:
    from playwright.sync_api import sync_playwright
    maps = sorted((ROOT / "engine" / "maps" / "compiled").glob("*.json"),
                  key=lambda p: p.stat().st_size, reverse=True)
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(_Quiet, directory=str(ROOT)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    out: dict[str, Any] = {"largest_map": maps[0].stem if maps else None, "maps": {}}
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            for path in maps:
                name = path.stem
                page = browser.new_page(viewport={"width": 1280, "height": 800})
                page.goto(f"{base}/tests/browser/blank.html")
                figures = page.evaluate(OPEN, {"mapUrl": f"/engine/maps/compiled/{name}.json",
                                               "svgUrl": f"/static/maps/{name}/map.svg"})
                figures = {k: round(v, 1) if isinstance(v, float) else v
                           for k, v in figures.items()}
                figures["map_json_kb"] = round(path.stat().st_size / 1024)
                svg = ROOT / "static" / "maps" / name / "map.svg"
                figures["map_svg_kb"] = round(svg.stat().st_size / 1024) if svg.exists() else None
                for kind in ("zoom", "pan"):
                    measured = page.evaluate(FRAMES, kind)
                    figures[f"{kind}_frames"] = _summary(measured["times"])
                    figures[f"{kind}_commit_ms"] = round(measured["commit_ms"], 1)
                patches = page.evaluate(PATCHES)
                figures["patch_redraw"] = _summary(patches) if patches else None
                out["maps"][name] = figures
                page.close()
            browser.close()
    finally:
        server.shutdown()
    return out


if __name__ == "__main__":
    import json
    print(json.dumps(run(), indent=1))
