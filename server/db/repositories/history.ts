import type { HistoryEvent } from "@shared/history/history-text";

// A quote's history rows (the REST calls' rows are written by the stores that make the change). One repository of the storage seam (server/db/stores.ts).

/** A history row written by a REST call (versions, acceptance, renewal, reassignment). */
export type RestEvent = Omit<HistoryEvent, "id" | "oldValue"> & { oldValue?: string | null };

/** The quote_events columns of a REST history row, and the event it answers once stored with its id. */
export function restEventRow(quoteId: string, event: RestEvent) {
  const oldValue = event.oldValue ?? null;
  return {
    values: {
      quoteId,
      at: event.at,
      role: event.role,
      actorName: event.actor ?? null,
      field: event.field,
      oldValue,
      newValue: event.newValue,
    },
    answer: (id: number): HistoryEvent => ({ ...event, oldValue, id }),
  };
}

/** A stored history row's role: anything other than DEALER reads as the shopper. */
export const historyRole = (role: string): HistoryEvent["role"] => (role === "DEALER" ? "DEALER" : "SHOPPER");

export interface HistoryStore {
  /** Newest first (a merged burst sorts by its last keystroke), at most `limit`. */
  read(quoteId: string, limit: number): Promise<HistoryEvent[]>;
}
