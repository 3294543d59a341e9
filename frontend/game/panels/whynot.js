// "Why not?" inside an editor (issue #18): a click the decision does not offer is asked of the
// engine (the kernel's explain runs the same legality gate as the order itself), and its
// answer is shown with the rule. Shared by the editors that answer a decision on the map (BoP's
// air editor, BoP's loss picker): the page never guesses a reason.

import { cite, h } from "./dom.js";

/** Ask the engine why `action` is refused for the editor's decision; set `editor.why` to
 * `{hex, unit, message, rule, code}` (message through `say(answer)`) and redraw. A later click
 * wins over an answer still on its way. */
export async function askWhy(editor, action, { hex = null, unit = null, say = (answer) => answer.message, legal = "The server would accept it: click it again." } = {}) {
  const orders = editor.orders;
  const token = (editor.token = (editor.token || 0) + 1);
  editor.why = { hex, unit, message: "Asking the server why…", rule: null, asking: true };
  orders.changed();
  let why;
  try {
    const answer = await orders.ask("explain", orders.seat, editor.id, action);
    why = answer.legal ? { hex, unit, message: legal, legal: true }
      : { hex, unit, message: say(answer), rule: answer.rule, code: answer.code };
  } catch (error) {
    why = { hex, unit, message: error.message || "The server could not say why.", rule: null };
  }
  if (token !== editor.token) return;
  editor.why = why;
  orders.changed();
}

/** The answer, under a title ("Why not Verdun?"), with its rule. */
export function whyBox(title, why) {
  return h("div", { class: `why-not${why.legal ? " legal" : ""}`, id: "why-not", role: "status", dataset: { code: why.code || "" } },
    h("strong", {}, `${title} `), why.message, why.rule ? cite(why.rule) : null);
}
