import { eq, getTableColumns, ilike, sql } from "drizzle-orm";
import { nextState } from "../queries/quotes";
import * as v from "../queries/vehicles";
import { DuplicateVehicleError, type VehicleStore } from "../repositories/vehicles";
import { importReports, quotes, vehicles } from "../schema.pg";
import type { PgDb } from "./connection";
import { insertHandoffEvents } from "./handoff";
import { isUniqueViolation } from "./rows";

// Issue #37: the dealership's stock on PostgreSQL; the drizzle text is queries/vehicles.ts, shared
// with SQLite.

async function refusingDuplicates<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, "vehicles_dealer_vin")) throw new DuplicateVehicleError("vin");
    if (isUniqueViolation(error, "vehicles_dealer_stock_number"))
      throw new DuplicateVehicleError("stockNumber");
    throw error;
  }
}

/** ILIKE: case-blind in every script (backslash is its default escape). */
const contains: v.Contains = (column, pattern) => ilike(column, pattern);

// (Table-qualified by hand: a one-table select names its columns bare, which the subquery would take as its own.)
// count(*) is a bigint on PostgreSQL: cast to int here and below, SQLite's integer.
const quoteCount = sql<number>`(SELECT count(*) FROM quotes q WHERE q.inventory_id = "vehicles"."id")::int`;

export function createVehicleStore(db: PgDb): VehicleStore {
  return {
    list: async (dealershipId, filter) =>
      db
        .select({ ...getTableColumns(vehicles), quoteCount })
        .from(vehicles)
        .where(v.listed(vehicles, dealershipId, filter, contains))
        // Byte order, as SQLite sorts: the two backends list stock numbers alike.
        .orderBy(sql`${vehicles.stockNumber} COLLATE "C"`),
    find: async (dealershipId, id) =>
      (
        await db
          .select()
          .from(vehicles)
          .where(v.own(vehicles, dealershipId, id))
      )[0],
    all: async (dealershipId) => db.select().from(vehicles).where(eq(vehicles.dealerId, dealershipId)),
    async create(row) {
      await refusingDuplicates(() => db.insert(vehicles).values(row));
    },
    update: (dealershipId, id, fields, at) =>
      refusingDuplicates(
        async () =>
          (
            await db
              .update(vehicles)
              .set({ ...fields, updatedAt: at })
              .where(v.own(vehicles, dealershipId, id))
              .returning()
          )[0],
      ),
    async delete(dealershipId, id) {
      const rows = await db
        .delete(vehicles)
        .where(v.own(vehicles, dealershipId, id))
        .returning({ id: vehicles.id });
      return rows.length > 0;
    },
    setStatus: async (dealershipId, id, change, at, handoff) =>
      db.transaction(async (tx) => {
        const [row] = await tx
          .update(vehicles)
          .set({ status: change.to, updatedAt: at })
          .where(v.atStatus(vehicles, dealershipId, id, change.from))
          .returning();
        if (row) {
          await insertHandoffEvents(tx, handoff);
          // Issue #48: the open pages of the deals made from it show its status (sqlite/vehicles.ts).
          await tx.update(quotes).set(nextState(quotes)).where(v.madeFrom(quotes, id));
        }
        return row;
      }),
    async importBatch(dealershipId, creates, updates, at) {
      await refusingDuplicates(() =>
        db.transaction(async (tx) => {
          for (const { id, fields } of updates)
            await tx
              .update(vehicles)
              .set({ ...fields, updatedAt: at })
              .where(v.own(vehicles, dealershipId, id));
          for (let i = 0; i < creates.length; i += 500)
            await tx.insert(vehicles).values(creates.slice(i, i + 500));
        }),
      );
    },
    async saveImportReport(dealershipId, importedAt, report) {
      await db
        .insert(importReports)
        .values({ dealerId: dealershipId, importedAt, report })
        .onConflictDoUpdate({ target: importReports.dealerId, set: { importedAt, report } });
    },
    async importReport(dealershipId) {
      const [row] = await db
        .select(v.reportColumns(importReports))
        .from(importReports)
        .where(eq(importReports.dealerId, dealershipId));
      return row;
    },
    quoteCount: async (id) =>
      (await db.select({ n: sql<number>`count(*)::int` }).from(quotes).where(v.madeFrom(quotes, id)))[0]?.n ??
      0,
    acceptedQuotes: async (id) =>
      db
        .select(v.acceptedColumns(quotes))
        .from(quotes)
        .where(v.acceptedFrom(quotes, id))
        .orderBy(v.byLock(quotes))
        .then((rows) => rows.map((row) => ({ id: row.id, lockedAt: Number(row.lockedAt) }))),
    async sameVehicleQuotes(dealershipId, quoteIds) {
      if (quoteIds.length === 0) return [];
      const theirVehicles = db
        .select(v.vehicleColumns(quotes))
        .from(quotes)
        .where(v.withVehicle(quotes, quoteIds));
      return db
        .select(v.sameVehicleColumns(quotes))
        .from(quotes)
        .where(v.sameVehicle(quotes, dealershipId, theirVehicles));
    },
  };
}
