import type { HistoryEvent } from "@shared/history/history-text";
import type { AuditEntry } from "../db/repositories/dealerships";
import type { RestEvent } from "../db/repositories/history";
import type { FunnelEvent, QuoteRow } from "../db/repositories/quotes";
import { type EventDeps, quoteEvent, salespersonOf, startOfDay } from "./quote-events";

// Issue #39: the changes of a quote's lifecycle that the dealership's other systems hear about,
// each stored with its outbox event in one transaction (the store call takes both), then the
// delivery worker of this process is woken. Versions and acceptance: storeVersion (versions.ts);
// creation: create-quote.ts. The commands of ./commands/ call these.

/** The dealer reopens an accepted deal. */
export async function unlockQuote(deps: EventDeps, quote: QuoteRow, event: RestEvent): Promise<HistoryEvent> {
  const handoff = await quoteEvent(deps, { ...quote, lockedAt: null }, "quote.unlocked", {
    at: event.at,
    extra: { acceptedVersion: quote.acceptedVersion },
  });
  const recorded = await deps.stores.quotes.unlock(quote.id, event, [handoff]);
  deps.handoff.wake();
  return recorded;
}

/** The quote and everything of it go; the event keeps what the deal was. */
export async function deleteQuote(deps: EventDeps, quote: QuoteRow): Promise<void> {
  const handoff = await quoteEvent(deps, quote, "quote.deleted");
  await deps.stores.quotes.delete(quote.id, [handoff]);
  deps.handoff.wake();
}

/**
 * A step of the funnel (shared, opened) with its history row; quote.shared for every share the
 * history records, quote.opened for the first visit of each day (UTC).
 */
export async function recordStep(
  deps: EventDeps,
  quote: QuoteRow,
  event: RestEvent & { field: FunnelEvent },
  unlessWithinMs: number,
  extra: Record<string, unknown> = {},
): Promise<HistoryEvent | null> {
  const type = event.field === "shared" ? "quote.shared" : "quote.opened";
  const handoff = await quoteEvent(deps, quote, type, { at: event.at, extra });
  const recorded = await deps.stores.quotes.recordStep(quote.id, event, unlessWithinMs, {
    ...handoff,
    onlyFirstSince: event.field === "opened" ? startOfDay(event.at) : undefined,
  });
  if (recorded) deps.handoff.wake();
  return recorded;
}

/**
 * A new salesperson for the quote, with its history row, audit line and `quote.reassigned` in one
 * transaction (the command: server/teams/commands/reassign-quote.ts).
 */
export async function storeReassignment(
  deps: EventDeps,
  {
    quote,
    salespersonId,
    event,
    audit,
  }: { quote: QuoteRow; salespersonId: string; event: RestEvent; audit: AuditEntry },
): Promise<void> {
  const previous = await salespersonOf(deps.stores, quote.salespersonId);
  const handoff = await quoteEvent(deps, { ...quote, salespersonId }, "quote.reassigned", {
    at: event.at,
    extra: { previousSalesperson: previous, reason: "reassigned" },
  });
  await deps.stores.quotes.reassign(quote.id, salespersonId, event, audit, [handoff]);
  deps.handoff.wake();
}
