import type { HistoryPush } from "@shared/history-push";
import type { FlatEntries } from "@shared/quote-doc";
import type { Db } from "../db/connection";
import type { QuoteRole } from "../policies/quote-access";
import { displayValue } from "./display";

// The deal's history (issue #9): one quote_events row per changed document key, written inside
// the transaction that appends the update (server/live/persistence.ts), so an update is stored
// with its history or not at all. Typing in a field is one event, not one per keystroke: a change
// of the same key by the same role within HISTORY_MERGE_MS of that key's last event extends it
// (new value and time move on, the first old value stays); one that lands back on the old value
// removes the event, as nothing changed.

export const HISTORY_MERGE_MS = 10_000;

/** One accepted update of a deal document, as the live server hands it over. */
export type RecordedChange = {
  quoteId: string;
  role: QuoteRole;
  before: FlatEntries;
  after: FlatEntries;
  /** The document keys whose values differ between before and after. */
  keys: readonly string[];
  /** When the update reached the server (the append's own clock): offline edits get their arrival time. */
  at: number;
  /** The staff member who made it, as "Dana (manager)"; undefined for the shopper. */
  actor?: string;
};

type LastEvent = { id: number; at: number; role: string; actor: string | null; oldValue: string | null };

/** Records one change; returns the rows it inserted, extended or removed (pushed to the dealer's page). */
export function createHistoryRecorder(db: Db): (change: RecordedChange) => HistoryPush {
  const sql = db.$client;
  const lastOfField = sql.prepare<[string, string], LastEvent>(
    `SELECT id, at, role, actor_name AS actor, old_value AS oldValue FROM quote_events
     WHERE quote_id = ? AND field = ? ORDER BY id DESC LIMIT 1`,
  );
  const insert = sql.prepare<[string, number, string, string | null, string, string | null, string | null]>(
    "INSERT INTO quote_events (quote_id, at, role, actor_name, field, old_value, new_value) VALUES (?, ?, ?, ?, ?, ?, ?)",
  );
  const extend = sql.prepare<[string | null, number, number]>(
    "UPDATE quote_events SET new_value = ?, at = ? WHERE id = ?",
  );
  const remove = sql.prepare<[number]>("DELETE FROM quote_events WHERE id = ?");

  return (change) => {
    const pushed: HistoryPush = { events: [], removed: [] };
    const actor = change.role === "DEALER" ? (change.actor ?? null) : null;
    const row = (id: number, key: string, oldValue: string | null, newValue: string | null) =>
      pushed.events.push({ id, at: change.at, role: change.role, actor, field: key, oldValue, newValue });
    // Reverse key order, so that newest-first reads "added a trade-in" before its details.
    for (const key of [...change.keys].sort().reverse()) {
      const oldValue = displayValue(key, change.before.get(key));
      const newValue = displayValue(key, change.after.get(key));
      // Invisible changes (an unselected add-on's description, a value re-typed the same) are no history.
      if (oldValue === newValue) continue;
      const last = lastOfField.get(change.quoteId, key);
      // Only the same person's edits merge: a manager's change never extends the salesperson's event.
      if (
        last &&
        last.role === change.role &&
        last.actor === actor &&
        change.at - last.at <= HISTORY_MERGE_MS
      ) {
        if (last.oldValue === newValue) {
          remove.run(last.id);
          pushed.removed.push(last.id);
        } else {
          extend.run(newValue, change.at, last.id);
          row(last.id, key, last.oldValue, newValue);
        }
        continue;
      }
      const id = Number(
        insert.run(change.quoteId, change.at, change.role, actor, key, oldValue, newValue).lastInsertRowid,
      );
      row(id, key, oldValue, newValue);
    }
    return pushed;
  };
}
