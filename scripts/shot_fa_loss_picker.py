"""Screenshot of the FA loss picker (issue #18) for docs/screenshots/fa-loss-picker.png.

The position is the real one of tests/browser/test_fa_loss_picker.py: East Prussia played by the
level-2 bots from a fixed seed until Russia must choose the attacker's loss (FA 11.12.5.4). The
picker module draws its panel on a blank page with the game's stylesheets; the first listed
allocation is marked unit by unit, as a player would, so the tally and the pending order show.

    /work/main/.venv/bin/python scripts/shot_fa_loss_picker.py [out.png]
"""

from __future__ import annotations

import functools
import http.server
import sys
import threading
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from tests.browser.test_fa_loss_picker import losses_position  # noqa: E402

DRAW = """async ([view, decision, items]) => {
  for (const href of ['/static/css/salient.css', '/static/css/game.css',
                      '/frontend/game/rulesets/fatal_alliances.css']) {
    const link = document.createElement('link'); link.rel = 'stylesheet'; link.href = href;
    document.head.append(link); await new Promise((ok) => { link.onload = ok; link.onerror = ok; });
  }
  const { FatalAlliancesAdapter } = await import('/frontend/game/rulesets/fatal_alliances.js');
  const adapter = new FatalAlliancesAdapter({ map: 'fa-east-prussia', seats: [] });
  // The compiled map, as the game page gives it: places are named as on the map.
  adapter.setMap(await (await fetch('/engine/maps/compiled/fa-europe.json')).json());
  const orders = { store: { view }, status: 'ready', decision, pending: null,
    entries: items.map((item, index) => ({ item, index, p: adapter.present(decision, item, view) })),
    previews: new Map(), changed() {}, describePending() { return this.pending ? this.pending.p.label : ''; } };
  const picker = adapter.editor(decision, orders);
  picker.attach(orders);
  const a = orders.entries[0].item.action;
  for (const id of a.destroy || []) picker.toggle(id, 'destroy');
  if (a.break) picker.toggle(a.break, 'break');
  if (a.keep) picker.setKeep(a.keep);
  const box = document.createElement('aside');
  box.id = 'shot'; box.className = 'side-panel';
  box.style.cssText = 'width: 24rem; padding: 12px; background: #fff';
  box.append(Object.assign(document.createElement('p'), { textContent: adapter.text(decision.prompt) }),
             ...picker.panel());
  document.body.append(box);
  return !!orders.pending;
}"""


def main(out: str) -> None:
    view, decision, items = losses_position()
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(ROOT))
    handler.log_message = lambda *args: None  # type: ignore[method-assign]
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 900, "height": 900})
            page.goto(f"http://127.0.0.1:{server.server_address[1]}/tests/browser/blank.html")
            pending = page.evaluate(DRAW, [view, decision, items])
            page.locator("#shot").screenshot(path=out)
            browser.close()
        print(f"{out}: {len(items)} listed allocations; first one marked, pending: {pending}")
    finally:
        server.shutdown()


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else str(ROOT / "docs/screenshots/fa-loss-picker.png"))
