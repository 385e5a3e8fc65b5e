import type { HistoryEvent } from "@shared/history-text";
import type { Db } from "../db/connection";
import { quoteEvents } from "../db/schema";

// History rows written by REST calls rather than by a live update (versions, acceptance, renewal):
// inserted inside the caller's transaction, answered as the HistoryEvent the live channel pushes.

export type RestEvent = Omit<HistoryEvent, "id" | "oldValue"> & { oldValue?: string | null };

export function recordRestEvent(db: Pick<Db, "insert">, quoteId: string, event: RestEvent): HistoryEvent {
  const row = { ...event, oldValue: event.oldValue ?? null };
  const { id } = db
    .insert(quoteEvents)
    .values({
      quoteId,
      at: row.at,
      role: row.role,
      actorName: row.actor ?? null,
      field: row.field,
      oldValue: row.oldValue,
      newValue: row.newValue,
    })
    .returning({ id: quoteEvents.id })
    .get();
  return { ...row, id };
}
