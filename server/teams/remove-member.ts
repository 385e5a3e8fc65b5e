import { type AuditEntry, QuotesChangedError } from "../db/repositories/dealerships";
import type { HandoffEventRecord } from "../db/repositories/handoff";
import { type EventDeps, quoteEvent, salespersonOf } from "../quotes/quote-events";

// Issue #33/#39: the owner removes a member. Their deals stay with the dealership: each passes to
// the owner, and each sends `quote.reassigned` (reason "memberRemoved"), stored in the transaction
// that removes the member. A quote the member made while the events were being built makes the
// store refuse (QuotesChangedError, nothing changed): the quotes are read again.

const ATTEMPTS = 5;

export async function removeMember(
  deps: EventDeps,
  member: { id: string; dealershipId: string },
  heirId: string,
  audit: AuditEntry,
): Promise<void> {
  const previous = await salespersonOf(deps.stores, member.id);
  for (let attempt = 1; ; attempt += 1) {
    const listed = await deps.stores.quotes.list({
      dealershipId: member.dealershipId,
      salespersonId: member.id,
    });
    const at = Date.now();
    const quoteIds: string[] = [];
    const events: HandoffEventRecord[] = [];
    for (const { id } of listed) {
      const quote = await deps.stores.quotes.find(id);
      if (!quote) continue;
      quoteIds.push(id);
      events.push(
        await quoteEvent(deps, { ...quote, salespersonId: heirId }, "quote.reassigned", {
          at,
          extra: { previousSalesperson: previous, reason: "memberRemoved" },
        }),
      );
    }
    try {
      await deps.stores.users.remove(member.id, heirId, audit, { quoteIds, events });
      if (events.length > 0) deps.handoff.wake();
      return;
    } catch (error) {
      if (!(error instanceof QuotesChangedError) || attempt >= ATTEMPTS) throw error;
    }
  }
}
