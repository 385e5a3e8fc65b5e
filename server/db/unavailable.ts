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

/**
 * Codes of storage that does not take writes: a full disk or quota, a read-only file system or
 * database file, an I/O error (SQLite), PostgreSQL's disk_full and read-only transaction.
 */
const NOT_WRITABLE = /^(SQLITE_FULL|SQLITE_READONLY.*|SQLITE_IOERR.*|ENOSPC|EROFS|EDQUOT|53100|25006)$/;

/** Whether the error says the storage cannot take writes now (issue #47: a 503, not a 500). */
export function isStorageNotWritable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && NOT_WRITABLE.test(code)) return true;
  }
  return false;
}
