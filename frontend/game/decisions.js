// The decisions of a view (docs/protocol.md): `/decisions` is an object keyed by decision id,
// and an entry carries no `id` of its own (the key says it); `/game/paused_decisions` names
// the entries listed but paused — set aside while another question is asked, back later under
// the same id. A paused decision is never offered and never answered (the server refuses it
// with `action/paused`).

/** Write each entry's key into it as `id`, in place (the store does this on every view and
 * patch it applies, so the panels read `d.id` as before). Returns the view. */
export function restoreIds(view) {
  for (const [id, entry] of Object.entries(view?.decisions || {})) entry.id = id;
  return view;
}

/** The ids of the decisions listed but paused. */
export function pausedIds(view) {
  return new Set(view?.game?.paused_decisions || []);
}

/** The open decisions of a view, sorted by id, each with its `id` (paused ones left out). */
export function openDecisions(view) {
  const all = view?.decisions || {};
  const paused = pausedIds(view);
  return Object.keys(all).sort().filter((id) => !paused.has(id))
    .map((id) => (all[id].id === id ? all[id] : { ...all[id], id }));
}
