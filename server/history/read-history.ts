import { HISTORY_LIMIT } from "@shared/history-push";
import type { HistoryEvent, HistoryRole } from "@shared/history-text";
import type { Db } from "../db/connection";

// The most a history answer holds (500): a deal worked on for a week stays far below it.

type Row = Omit<HistoryEvent, "role"> & { role: string };

/** A quote's history, newest first (a merged burst sorts by its last keystroke). */
export function readHistory(db: Db, quoteId: string): HistoryEvent[] {
  const rows = db.$client
    .prepare<[string, number], Row>(
      `SELECT id, at, role, actor_name AS actor, field, old_value AS oldValue, new_value AS newValue FROM quote_events
       WHERE quote_id = ? ORDER BY at DESC, id DESC LIMIT ?`,
    )
    .all(quoteId, HISTORY_LIMIT);
  return rows.map((row) => ({ ...row, role: row.role === "DEALER" ? "DEALER" : ("SHOPPER" as HistoryRole) }));
}
