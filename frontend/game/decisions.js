// The decisions of a view (docs/protocol.md): `/decisions` is an object keyed by decision id,
// and an entry carries no `id` of its own (the key says it) — except a question asked again
// after every answer, keyed without its count, which its `asked` gives as `/game/seq` less
// the count: its id is `<key>-<seq - asked>`; `/game/paused_decisions` names
// the keys of the entries listed but paused — set aside while another question is asked,
// back later under the same id. A paused decision is never offered and never answered (the
// server refuses it with `action/paused`).

/** The id of the entry `entry` under `key` of the view's `/decisions`. */
export function decisionId(view, key, entry) {
  return Number.isInteger(entry?.asked) ? `${key}-${view.game.seq - entry.asked}` : key;
}

/** Write each entry's id into it as `id`, in place (the store does this on every view and
 * patch it applies, so the panels read `d.id` as before). Returns the view. */
export function restoreIds(view) {
  for (const [key, entry] of Object.entries(view?.decisions || {})) entry.id = decisionId(view, key, entry);
  return view;
}

/** The keys of the decisions listed but paused. */
export function pausedIds(view) {
  return new Set(view?.game?.paused_decisions || []);
}

/** The open decisions of a view, sorted by key, each with its `id` (paused ones left out). */
export function openDecisions(view) {
  const all = view?.decisions || {};
  const paused = pausedIds(view);
  return Object.keys(all).sort().filter((key) => !paused.has(key))
    .map((key) => {
      const id = decisionId(view, key, all[key]);
      return all[key].id === id ? all[key] : { ...all[key], id };
    });
}
