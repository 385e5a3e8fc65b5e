import type { HistoryPush } from "@shared/history/history-push";
import { conflictValue, STALE_EDIT_FIELD_PREFIX } from "@shared/history/offline-conflicts";
import type { FlatEntries } from "@shared/live/quote-doc";
import type { OfflineConflict } from "@shared/live/stale-edits-wire";
import type { Role as QuoteRole } from "@shared/rules/permissions";
import type { Db } from "../connection";
import { displayValue } from "./display";

// The deal's history (issue #9): one quote_events row per changed document key, written inside
// the transaction that appends the update (server/db/sqlite/document-store.ts), so an update is stored
// with its history or not at all. Typing in a field is one event, not one per keystroke: a change
// of the same key by the same role within HISTORY_MERGE_MS of that key's last event extends it
// (new value and time move on, the first old value stays); one that lands back on the old value
// removes the event, as nothing changed. A payment request is never merged (issue #47).

export const HISTORY_MERGE_MS = 10_000;

/**
 * Issue #47: a payment request is an act, not typing: its change never extends an earlier event,
 * so the history keeps each request (dealdesk_live_append, drizzle-pg/0018, has the same rule).
 */
const mayMerge = (field: string) => !field.startsWith("paymentRequest.");

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
  /**
   * Issue #36: the update's stale edits that were not applied, each with who had set the value
   * that stayed ("the dealer"): one history row each, "Shopper's offline change to ... was not applied".
   */
  conflicts?: readonly OfflineConflict[];
};

/** The newest event of one field of the quote (a candidate to merge into). */
type LastEvent = {
  id: number;
  at: number;
  role: string;
  actor: string | null;
  oldValue: string | null;
};

/** What one change does to the stored history, in push order. */
export type HistoryOp =
  | { op: "insert"; field: string; oldValue: string | null; newValue: string | null }
  | { op: "extend"; id: number; field: string; oldValue: string | null; newValue: string | null }
  | { op: "remove"; id: number };

/** The actor stored with a change: the staff member's label; null for the shopper. */
export const actorOf = (change: Pick<RecordedChange, "role" | "actor">): string | null =>
  change.role === "DEALER" ? (change.actor ?? null) : null;

/** The fields one change shows in the history, in push order, each with its values as displayed. */
export function historyChanges(
  change: Pick<RecordedChange, "keys" | "before" | "after" | "conflicts">,
): { field: string; oldValue: string | null; newValue: string | null }[] {
  const changes: { field: string; oldValue: string | null; newValue: string | null }[] = [];
  // Reverse key order, so that newest-first reads "added a trade-in" before its details.
  for (const field of [...change.keys].sort().reverse()) {
    const oldValue = displayValue(field, change.before.get(field));
    const newValue = displayValue(field, change.after.get(field));
    // Invisible changes (an unselected add-on's description, a value re-typed the same) are no history.
    if (oldValue !== newValue) changes.push({ field, oldValue, newValue });
  }
  // The stale edits: the value not applied, and who had set the one that stayed.
  for (const conflict of change.conflicts ?? [])
    changes.push({
      field: `${STALE_EDIT_FIELD_PREFIX}${conflict.key}`,
      oldValue: conflictValue(conflict.key, conflict.mine),
      newValue: `${conflict.by} had set ${conflictValue(conflict.key, conflict.theirs)}`,
    });
  return changes;
}

/**
 * The rows one change inserts, extends or removes, given each field's newest event. SQLite's
 * recorder below runs these steps; PostgreSQL's append runs the same rule in the database
 * (dealdesk_live_append, drizzle-pg/0008), so history merges alike on both backends.
 */
function planHistory(change: RecordedChange, lastOf: (field: string) => LastEvent | null): HistoryOp[] {
  const ops: HistoryOp[] = [];
  const actor = actorOf(change);
  for (const { field, oldValue, newValue } of historyChanges(change)) {
    const last = lastOf(field);
    // Only the same person's edits merge: a manager's change never extends the salesperson's event.
    if (
      last &&
      last.role === change.role &&
      last.actor === actor &&
      change.at - last.at <= HISTORY_MERGE_MS &&
      mayMerge(field)
    ) {
      if (last.oldValue === newValue) ops.push({ op: "remove", id: last.id });
      else ops.push({ op: "extend", id: last.id, field, oldValue: last.oldValue, newValue });
      continue;
    }
    ops.push({ op: "insert", field, oldValue, newValue });
  }
  return ops;
}

/** The push for the dealer's page once the ops are stored; `insertedIds` in the order of the inserts. */
export function historyPushOf(
  change: RecordedChange,
  ops: readonly HistoryOp[],
  insertedIds: readonly number[],
): HistoryPush {
  const pushed: HistoryPush = { events: [], removed: [] };
  const actor = actorOf(change);
  let inserted = 0;
  for (const op of ops) {
    if (op.op === "remove") {
      pushed.removed.push(op.id);
      continue;
    }
    const id = op.op === "extend" ? op.id : (insertedIds[inserted++] as number);
    pushed.events.push({
      id,
      at: change.at,
      role: change.role,
      actor,
      field: op.field,
      oldValue: op.oldValue,
      newValue: op.newValue,
    });
  }
  return pushed;
}

/**
 * Issue #52: a quote's newest event of each field as this recorder last wrote or read it (null: the
 * field has none), so that a burst of typing extends its event without reading it back first. Only
 * the deal's live room records its fields, so the room keeps one and drops it with itself: after
 * a failed commit (the room is discarded and loads again) the next room reads the table anew.
 */
export type HistoryTail = Map<string, LastEvent | null>;

/**
 * Records one change on SQLite; returns the rows it inserted, extended or removed (pushed to the
 * dealer's page). Each field's newest event is read from the table once per `tail`, then kept there.
 */
export function createHistoryRecorder(db: Db): (change: RecordedChange, tail: HistoryTail) => HistoryPush {
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

  return (change, tail) => {
    const lastOf = (field: string): LastEvent | null => {
      let last = tail.get(field);
      if (last === undefined) {
        last = lastOfField.get(change.quoteId, field) ?? null;
        tail.set(field, last);
      }
      return last;
    };
    const ops = planHistory(change, lastOf);
    const actor = actorOf(change);
    const ids: number[] = [];
    for (const op of ops) {
      if (op.op === "remove") {
        remove.run(op.id);
        // The field's newest event is now an older one: read it again when it is next needed.
        for (const [field, last] of tail) if (last?.id === op.id) tail.delete(field);
      } else if (op.op === "extend") {
        extend.run(op.newValue, change.at, op.id);
        const last = tail.get(op.field);
        if (last) last.at = change.at;
      } else {
        const id = Number(
          insert.run(change.quoteId, change.at, change.role, actor, op.field, op.oldValue, op.newValue)
            .lastInsertRowid,
        );
        ids.push(id);
        tail.set(op.field, { id, at: change.at, role: change.role, actor, oldValue: op.oldValue });
      }
    }
    return historyPushOf(change, ops, ids);
  };
}
