import type { WebhookEventType } from "@shared/schemas/handoff";
import type { HandoffEventRecord } from "../db/repositories/handoff";
import type { QuoteRow } from "../db/repositories/quotes";
import type { Stores } from "../db/stores";
import {
  type DealSnapshot,
  type EventQuote,
  eventGross,
  quoteEventData,
  quoteEventRecord,
  withGross,
} from "./event-data";
import type { HandoffEmitter } from "./handoff-emitter";
import type { LiveControl } from "./live-control";
import { storedEconomics } from "./read-quote";
import { currentSnapshot } from "./versions";

// Issue #39: the outbox record of a quote's lifecycle event. The services that change a quote
// build it and hand it to the store call that makes the change, which stores it in the same
// transaction: an event is never lost after its answer went out, and never sent for a change that
// did not commit.

export type EventDeps = { stores: Stores; live: LiveControl; handoff: HandoffEmitter };

export async function salespersonOf(stores: Stores, id: string) {
  const row = await stores.users.byId(id);
  return { id, name: row ? `${row.firstName} ${row.lastName}`.trim() : "", email: row?.email ?? null };
}

/** The deal as it stands, or null when it cannot be read (the event still goes out, with less). */
export async function snapshotOrNull(stores: Stores, live: LiveControl, quote: QuoteRow) {
  try {
    return await currentSnapshot(stores, live, quote);
  } catch {
    return null;
  }
}

/** The quote's deal economics (issue #38), or null when they cannot be read. */
export async function economicsOrNull(deps: Pick<EventDeps, "stores" | "live">, quoteId: string) {
  try {
    return await storedEconomics(deps.stores, deps.live, quoteId);
  } catch {
    return null;
  }
}

export async function quoteEvent(
  deps: EventDeps,
  quote: QuoteRow,
  type: WebhookEventType,
  options: {
    snapshot?: DealSnapshot | null;
    version?: EventQuote["version"];
    extra?: Record<string, unknown>;
    at?: number;
  } = {},
): Promise<HandoffEventRecord> {
  const snapshot =
    options.snapshot !== undefined ? options.snapshot : await snapshotOrNull(deps.stores, deps.live, quote);
  const facts = {
    id: quote.id,
    dealerId: quote.dealerId,
    salesperson: await salespersonOf(deps.stores, quote.salespersonId),
  };
  const data = withGross(
    quoteEventData(deps.handoff.appUrl, facts, snapshot, options.version ?? null),
    eventGross(snapshot, snapshot ? await economicsOrNull(deps, quote.id) : null),
  );
  return quoteEventRecord(type, facts, data, options.at ?? Date.now(), options.extra);
}

/** Midnight UTC before `at`: quote.opened goes out for the first visit of each (UTC) day. */
export const startOfDay = (at: number) => at - (at % 86_400_000);
