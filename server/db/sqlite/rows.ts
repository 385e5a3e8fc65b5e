import type { HistoryEvent } from "@shared/history/history-text";
import type { Db } from "../connection";
import type { AuditEntry } from "../repositories/dealerships";
import { type RestEvent, restEventRow } from "../repositories/history";
import { EmailTakenError } from "../repositories/users";
import { quoteEvents, teamEvents } from "../schema";

// Rows that several SQLite stores write inside their own transactions: the team audit line, a REST
// history row, and how a refused unique index shows itself (postgres/rows.ts is its twin).

export const insertAudit = (db: Pick<Db, "insert">, entry: AuditEntry) =>
  db.insert(teamEvents).values(entry).run();

/** A history row written by a REST call, inside the caller's transaction; answered as pushed. */
export function insertRestEvent(db: Pick<Db, "insert">, quoteId: string, event: RestEvent): HistoryEvent {
  const row = restEventRow(quoteId, event);
  return row.answer(db.insert(quoteEvents).values(row.values).returning({ id: quoteEvents.id }).get().id);
}

/** SQLite's answer when a unique index refuses a row. */
export const isUniqueViolation = (error: unknown): boolean =>
  error instanceof Error && "code" in error && String(error.code).startsWith("SQLITE_CONSTRAINT");

/** Runs `write`, turning a unique-index refusal into EmailTakenError (the only unique user column). */
export function orEmailTaken<T>(write: () => T): T {
  try {
    return write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new EmailTakenError();
    throw error;
  }
}
