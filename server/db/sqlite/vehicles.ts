import { asc, eq, getTableColumns, sql } from "drizzle-orm";
import type { Db } from "../connection";
import { nextState } from "../queries/quotes";
import * as v from "../queries/vehicles";
import { DuplicateVehicleError, type VehicleStore } from "../repositories/vehicles";
import { importReports, quotes, vehicles } from "../schema";
import { insertHandoffEvents } from "./handoff";

// Issue #37: the dealership's stock on SQLite (see users.ts on the synchronous driver behind the
// promises); the drizzle text is queries/vehicles.ts, shared with PostgreSQL.

/** A unique index's refusal as the field it guards; anything else is rethrown as it is. */
function duplicateOf(error: unknown): DuplicateVehicleError | undefined {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 3; e = e.cause, depth += 1)
    if ("code" in e && String(e.code).startsWith("SQLITE_CONSTRAINT_UNIQUE"))
      return new DuplicateVehicleError(e.message.includes("vehicles.vin") ? "vin" : "stockNumber");
  return undefined;
}

function refusingDuplicates<T>(write: () => T): T {
  try {
    return write();
  } catch (error) {
    throw duplicateOf(error) ?? error;
  }
}

/** SQLite's LIKE ignores ASCII case; the backslash escapes only when ESCAPE says so. */
const contains: v.Contains = (column, pattern) => sql`${column} LIKE ${pattern} ESCAPE '\\'`;

// (Table-qualified by hand: a one-table select names its columns bare, which the subquery would take as its own.)
const quoteCount = sql<number>`(SELECT count(*) FROM quotes q WHERE q.inventory_id = "vehicles"."id")`;

export function createVehicleStore(db: Db): VehicleStore {
  return {
    list: async (dealershipId, filter) =>
      db
        .select({ ...getTableColumns(vehicles), quoteCount })
        .from(vehicles)
        .where(v.listed(vehicles, dealershipId, filter, contains))
        .orderBy(asc(vehicles.stockNumber))
        .all(),
    find: async (dealershipId, id) =>
      db
        .select()
        .from(vehicles)
        .where(v.own(vehicles, dealershipId, id))
        .get(),
    all: async (dealershipId) => db.select().from(vehicles).where(eq(vehicles.dealerId, dealershipId)).all(),
    async create(row) {
      refusingDuplicates(() => db.insert(vehicles).values(row).run());
    },
    async update(dealershipId, id, fields, at) {
      return refusingDuplicates(() =>
        db
          .update(vehicles)
          .set({ ...fields, updatedAt: at })
          .where(v.own(vehicles, dealershipId, id))
          .returning()
          .get(),
      );
    },
    async delete(dealershipId, id) {
      const result = db
        .delete(vehicles)
        .where(v.own(vehicles, dealershipId, id))
        .run();
      return result.changes > 0;
    },
    async saveImportReport(dealershipId, importedAt, report) {
      db.insert(importReports)
        .values({ dealerId: dealershipId, importedAt, report })
        .onConflictDoUpdate({ target: importReports.dealerId, set: { importedAt, report } })
        .run();
    },
    importReport: async (dealershipId) =>
      db
        .select(v.reportColumns(importReports))
        .from(importReports)
        .where(eq(importReports.dealerId, dealershipId))
        .get(),
    setStatus: async (dealershipId, id, change, at, handoff) =>
      db.transaction((tx) => {
        const row = tx
          .update(vehicles)
          .set({ status: change.to, updatedAt: at })
          .where(v.atStatus(vehicles, dealershipId, id, change.from))
          .returning()
          .get();
        if (row) {
          insertHandoffEvents(tx, handoff);
          // Issue #48: the open pages of the deals made from it show its status: their state moves
          // (every process's lifecycle watch reads it within its poll and the pages read the quote again).
          tx.update(quotes).set(nextState(quotes)).where(v.madeFrom(quotes, id)).run();
        }
        return row;
      }),
    async importBatch(dealershipId, creates, updates, at) {
      refusingDuplicates(() =>
        db.transaction((tx) => {
          for (const { id, fields } of updates)
            tx.update(vehicles)
              .set({ ...fields, updatedAt: at })
              .where(v.own(vehicles, dealershipId, id))
              .run();
          // Batches keep each statement under SQLite's bound-parameter limit.
          for (let i = 0; i < creates.length; i += 500)
            tx.insert(vehicles)
              .values(creates.slice(i, i + 500))
              .run();
        }),
      );
    },
    quoteCount: async (id) =>
      db.select({ n: sql<number>`count(*)` }).from(quotes).where(v.madeFrom(quotes, id)).get()?.n ?? 0,
    acceptedQuotes: async (id) =>
      db
        .select(v.acceptedColumns(quotes))
        .from(quotes)
        .where(v.acceptedFrom(quotes, id))
        .orderBy(v.byLock(quotes))
        .all(),
    async sameVehicleQuotes(dealershipId, quoteIds) {
      if (quoteIds.length === 0) return [];
      const theirVehicles = db
        .select(v.vehicleColumns(quotes))
        .from(quotes)
        .where(v.withVehicle(quotes, quoteIds));
      return db
        .select(v.sameVehicleColumns(quotes))
        .from(quotes)
        .where(v.sameVehicle(quotes, dealershipId, theirVehicles))
        .all();
    },
  };
}
