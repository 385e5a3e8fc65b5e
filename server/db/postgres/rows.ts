import type { HistoryEvent } from "@shared/history/history-text";
import type { AuditEntry } from "../repositories/dealerships";
import { type RestEvent, restEventRow } from "../repositories/history";
import { quoteEvents, teamEvents } from "../schema.pg";
import type { PgDb } from "./connection";

// Rows that several PostgreSQL stores write inside their own transactions: the team audit line,
// a REST history row, and how a refused unique index shows itself.

/** The pool or a transaction on one of its clients: both offer the query builder. */
type PgWriter = Pick<PgDb, "select" | "insert" | "update" | "delete">;

export async function insertAudit(db: PgWriter, entry: AuditEntry): Promise<void> {
  await db.insert(teamEvents).values(entry);
}

/** The history row of a REST call, answered as the HistoryEvent the live channel pushes. */
export async function insertRestEvent(
  db: PgWriter,
  quoteId: string,
  event: RestEvent,
): Promise<HistoryEvent> {
  const row = restEventRow(quoteId, event);
  const [inserted] = await db.insert(quoteEvents).values(row.values).returning({ id: quoteEvents.id });
  if (!inserted) throw new Error("quote_events insert returned no row");
  return row.answer(inserted.id);
}

/**
 * PostgreSQL's unique_violation (23505) of the named index. drizzle wraps the driver's error
 * (DrizzleQueryError), so the code is looked for on the error and on its causes.
 */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 3; e = e.cause, depth += 1) {
    if ("code" in e && e.code === "23505" && "constraint" in e && e.constraint === constraint) return true;
  }
  return false;
}
