import type { QuoteRow } from "../../db/repositories/quotes";
import type { Stores } from "../../db/stores";
import { latestVersionKind, type VersionRow } from "../versions";
import type { CommandDeps } from "./command-deps";
import { type DealerVersionInput, storeDealerVersion } from "./dealer-version";
import { pushHistory } from "./version-steps";

/** After an acceptance, the dealer's next version is a counter-offer (while locked, or reopened since). */
export async function isCounterOffer(stores: Stores, quote: QuoteRow): Promise<boolean> {
  return quote.lockedAt !== null || (await latestVersionKind(stores, quote.id)) === "accepted";
}

/**
 * POST /api/quotes/:id/versions after an acceptance: the dealer's version is a counter-offer. It is
 * stored with its history row, `quote.version_created` and the unlock in one transaction; the
 * rooms reopen the deal for both sides, and (issue #37) the stock vehicle is free again unless
 * another deal holds it.
 */
export async function counterOffer(deps: CommandDeps, input: DealerVersionInput): Promise<VersionRow> {
  const { quote } = input;
  const { version, event } = await storeDealerVersion(deps, input, "counter");
  deps.live.setDealState(quote.id, {
    locked: false,
    acceptedVersion: quote.acceptedVersion,
    counterOffer: version.number,
  });
  await deps.stock.afterReopen(quote);
  await deps.live.stateChanged(quote.id);
  pushHistory(deps, quote.id, event);
  return version;
}
