import { dealFingerprint } from "@shared/deal/deal-fingerprint";
import { presentedDeal } from "@shared/deal/presented-deal";
import type { HistoryEvent } from "@shared/history/history-text";
import type { WebhookEventType } from "@shared/schemas/handoff";
import { MSG } from "@shared/text/messages";
import type { QuoteRow } from "../../db/repositories/quotes";
import { ApiError } from "../../errors";
import { economicsOrNull, salespersonOf } from "../quote-events";
import type { VersionEvents } from "../versions";
import type { CommandDeps } from "./command-deps";

// The steps the version commands share: the events a version sends, the 409 of a deal that changed
// under the caller, and the history row pushed to the deal's dealers once committed.

/** Issue #39: the events a new version of the quote sends out, stored with it. */
export async function versionEvents(
  deps: Pick<CommandDeps, "stores" | "live" | "handoff">,
  quote: QuoteRow,
  types: Extract<WebhookEventType, "quote.accepted" | "quote.version_created">[],
): Promise<VersionEvents> {
  return {
    emitter: deps.handoff,
    quote: {
      id: quote.id,
      dealerId: quote.dealerId,
      salesperson: await salespersonOf(deps.stores, quote.salespersonId),
    },
    types,
    economics: await economicsOrNull(deps, quote.id),
  };
}

/** 409 (issue #46): the deal changed since the caller saw it; the deal as presented now and its fingerprint. */
export const dealChanged = (data: Parameters<typeof presentedDeal>[0]) =>
  new ApiError(409, MSG.dealChanged, undefined, {
    selected: presentedDeal(data),
    fingerprint: dealFingerprint(data),
  });

/** Pushes a committed history row to the deal's dealers (their History panels). */
export const pushHistory = (deps: Pick<CommandDeps, "live">, quoteId: string, event: HistoryEvent) =>
  deps.live.pushHistory(quoteId, { events: [event], removed: [] });
