// Telling "the database is down or restarting" from "the query was wrong", without loading any
// database driver (the SQLite-only process never loads node-postgres).

/** Codes of a database that is down or restarting (node-postgres and PostgreSQL's class 08 / 57P0x). */
const UNAVAILABLE = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "57P01",
  "57P02",
  "57P03",
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
]);

/** Whether the error says PostgreSQL is unreachable (the request may be retried), not that the query was wrong. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && UNAVAILABLE.has(code)) return true;
    if (/Connection terminated|connection timeout|Client has encountered a connection error/i.test(e.message))
      return true;
  }
  return false;
}
