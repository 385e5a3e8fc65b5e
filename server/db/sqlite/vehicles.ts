import { and, asc, eq, getTableColumns, inArray, isNotNull, or, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Db } from "../connection";
import { DuplicateVehicleError, type VehicleFilter, type VehicleStore } from "../repositories/vehicles";
import { importReports, quotes, vehicles } from "../schema";
import { insertHandoffEvents } from "./handoff";

// Issue #37: the dealership's stock on SQLite (see sqlite-users.ts on the synchronous driver
// behind the promises).

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

/** LIKE's wildcards taken literally. */
export const likePattern = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Each word of `q` in one of the searched columns (SQLite's LIKE ignores ASCII case). */
function matching(filter: VehicleFilter): SQL | undefined {
  const words = (filter.q ?? "").trim().split(/\s+/).filter(Boolean).slice(0, 8);
  return and(
    filter.status ? eq(vehicles.status, filter.status) : undefined,
    ...words.map((word) => {
      const pattern = likePattern(word);
      const cell = (column: SQL | SQLiteColumn) => sql`${column} LIKE ${pattern} ESCAPE '\\'`;
      return or(
        cell(vehicles.stockNumber),
        cell(vehicles.vin),
        cell(vehicles.make),
        cell(vehicles.model),
        cell(vehicles.trim),
      );
    }),
  );
}

// (Table-qualified by hand: a one-table select names its columns bare, which the subquery would take as its own.)
const quoteCount = sql<number>`(SELECT count(*) FROM quotes q WHERE q.inventory_id = "vehicles"."id")`;

export function createVehicleStore(db: Db): VehicleStore {
  return {
    list: async (dealershipId, filter) =>
      db
        .select({ ...getTableColumns(vehicles), quoteCount })
        .from(vehicles)
        .where(and(eq(vehicles.dealerId, dealershipId), matching(filter)))
        .orderBy(asc(vehicles.stockNumber))
        .all(),
    find: async (dealershipId, id) =>
      db
        .select()
        .from(vehicles)
        .where(and(eq(vehicles.dealerId, dealershipId), eq(vehicles.id, id)))
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
          .where(and(eq(vehicles.dealerId, dealershipId), eq(vehicles.id, id)))
          .returning()
          .get(),
      );
    },
    async delete(dealershipId, id) {
      const result = db
        .delete(vehicles)
        .where(and(eq(vehicles.dealerId, dealershipId), eq(vehicles.id, id)))
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
        .select({ importedAt: importReports.importedAt, report: importReports.report })
        .from(importReports)
        .where(eq(importReports.dealerId, dealershipId))
        .get(),
    setStatus: async (dealershipId, id, change, at, handoff) =>
      db.transaction((tx) => {
        const row = tx
          .update(vehicles)
          .set({ status: change.to, updatedAt: at })
          .where(
            and(eq(vehicles.dealerId, dealershipId), eq(vehicles.id, id), eq(vehicles.status, change.from)),
          )
          .returning()
          .get();
        if (row) {
          insertHandoffEvents(tx, handoff);
          // Issue #48: the open pages of the deals made from it show its status: their state moves
          // (every process's lifecycle watch reads it within its poll and the pages read the quote again).
          tx.update(quotes)
            .set({ stateSeq: sql`${quotes.stateSeq} + 1` })
            .where(eq(quotes.inventoryId, id))
            .run();
        }
        return row;
      }),
    async importBatch(dealershipId, creates, updates, at) {
      refusingDuplicates(() =>
        db.transaction((tx) => {
          for (const { id, fields } of updates)
            tx.update(vehicles)
              .set({ ...fields, updatedAt: at })
              .where(and(eq(vehicles.dealerId, dealershipId), eq(vehicles.id, id)))
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
      db.select({ n: sql<number>`count(*)` }).from(quotes).where(eq(quotes.inventoryId, id)).get()?.n ?? 0,
    acceptedQuotes: async (id) =>
      db
        .select({ id: quotes.id, lockedAt: sql<number>`${quotes.lockedAt}` })
        .from(quotes)
        .where(and(eq(quotes.inventoryId, id), isNotNull(quotes.lockedAt), isNotNull(quotes.acceptedVersion)))
        .orderBy(asc(quotes.lockedAt))
        .all(),
    async sameVehicleQuotes(dealershipId, quoteIds) {
      if (quoteIds.length === 0) return [];
      const theirVehicles = db
        .select({ id: quotes.inventoryId })
        .from(quotes)
        .where(and(inArray(quotes.id, [...quoteIds]), isNotNull(quotes.inventoryId)));
      return db
        .select({ id: quotes.id, inventoryId: sql<string>`${quotes.inventoryId}` })
        .from(quotes)
        .where(and(eq(quotes.dealerId, dealershipId), inArray(quotes.inventoryId, theirVehicles)))
        .all();
    },
  };
}
