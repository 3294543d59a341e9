// One presentation adapter per ruleset; unknown rulesets get the generic one.

import { BalanceOfPowersAdapter } from "./balance_of_powers.js";
import { DaysOfDecisionAdapter } from "./days_of_decision.js";
import { FatalAlliancesAdapter } from "./fatal_alliances.js";
import { GenericAdapter } from "./generic.js";
import { ToySkirmishAdapter } from "./toy_skirmish.js";
import { TwteawAdapter } from "./twteaw.js";

const ADAPTERS = {
  balance_of_powers: BalanceOfPowersAdapter,
  days_of_decision: DaysOfDecisionAdapter,
  fatal_alliances: FatalAlliancesAdapter,
  toy_skirmish: ToySkirmishAdapter,
  twteaw: TwteawAdapter,
};

/** @returns {GenericAdapter} */
export function adapterFor(ruleset, config) {
  const Adapter = ADAPTERS[ruleset] || GenericAdapter;
  return new Adapter(config);
}
