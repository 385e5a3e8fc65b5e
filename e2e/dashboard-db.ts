// Test-only writes to the running server's SQLite file for the dashboard specs:
// a customer name (set by the quote page's live document in real use), a past
// expiry, a fixed creation time, or thousands of listing rows. WAL mode lets
// this second connection write while the server runs.

import { randomUUID } from "node:crypto";
import path from "node:path";
import Database from "better-sqlite3";
import { E2E_DATA_DIR } from "./fixtures";

const DAY = 86_400_000;

function withDb<T>(work: (db: Database.Database) => T): T {
  const db = new Database(path.join(E2E_DATA_DIR, "dealdesk.sqlite"));
  try {
    db.pragma("busy_timeout = 5000");
    return work(db);
  } finally {
    db.close();
  }
}

export function setCustomerName(quoteId: string, name: string): void {
  withDb((db) => db.prepare("UPDATE quotes SET customer_name = ? WHERE id = ?").run(name, quoteId));
}

export function setQuoteTimes(quoteId: string, times: { createdAt?: number; expiresAt?: number }): void {
  withDb((db) => {
    if (times.createdAt !== undefined)
      db.prepare("UPDATE quotes SET created_at = ? WHERE id = ?").run(times.createdAt, quoteId);
    if (times.expiresAt !== undefined)
      db.prepare("UPDATE quotes SET expires_at = ? WHERE id = ?").run(times.expiresAt, quoteId);
  });
}

/** Listing rows only (no documents): enough for the dashboard, which never reads documents. */
export function seedListingRows(userId: string, count: number, describe: (i: number) => string): number {
  const now = Date.now();
  withDb((db) => {
    // The quotes belong to the user's dealership, with the user as their salesperson.
    const { dealership_id: dealershipId } = db
      .prepare("SELECT dealership_id FROM users WHERE id = ?")
      .get(userId) as { dealership_id: string };
    const insert = db.prepare(
      `INSERT INTO quotes (id, dealer_id, salesperson_id, created_at, expires_at, updated_at, vehicle_description, customer_name)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    db.transaction(() => {
      for (let i = 0; i < count; i += 1) {
        // Newest first in index order, all still valid.
        const created = now - (i + 1) * 60_000;
        insert.run(randomUUID(), dealershipId, userId, created, created + 7 * DAY, created, describe(i), "");
      }
    })();
  });
  return count;
}
