// Home page: keep "Open tables" and "Games to watch" current by re-reading the page every few
// seconds (same filters) and swapping those two sections when they changed. Paused while the
// tab is hidden or a filter control has focus.

const SECTIONS = ["#open-tables", "#games-to-watch"];
const PERIOD = 8000;

async function refresh() {
  if (document.hidden || document.activeElement?.closest?.(".filters")) return;
  try {
    const response = await fetch(location.href, { credentials: "same-origin", headers: { "X-Requested-With": "poll" } });
    if (!response.ok) return;
    const doc = new DOMParser().parseFromString(await response.text(), "text/html");
    for (const selector of SECTIONS) {
      const fresh = doc.querySelector(selector);
      const current = document.querySelector(selector);
      if (fresh && current && fresh.innerHTML !== current.innerHTML) current.innerHTML = fresh.innerHTML;
    }
    document.body.dataset.refreshed = String(Date.now());
  } catch {
    /* offline: try again later */
  }
}

setInterval(refresh, PERIOD);
document.addEventListener("visibilitychange", () => { if (!document.hidden) refresh(); });
