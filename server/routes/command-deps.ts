import type { AppDeps } from "../app-deps";
import { stockAfterAcceptance, stockAfterReopen } from "../inventory/stock-status";
import { acceptanceEmail } from "../mail/acceptance-email";
import type { CommandDeps } from "../quotes/commands/command-deps";

/**
 * The commands' dependencies from the app's: the stock and the mail they reach through interfaces
 * (server/quotes/commands/command-deps.ts), since the inventory and the mail import the quotes.
 */
export function commandDeps(deps: AppDeps): CommandDeps {
  return {
    stores: deps.stores,
    live: deps.live,
    handoff: deps.handoff,
    config: deps.config,
    log: deps.log,
    stock: {
      afterAcceptance: (quote) => stockAfterAcceptance(deps, quote),
      afterReopen: (quote) => stockAfterReopen(deps, quote),
    },
    mail: {
      async accepted(to, deal) {
        await deps.mailer.send(acceptanceEmail(to, deal));
      },
    },
  };
}
