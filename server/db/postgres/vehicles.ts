import { and, asc, eq, getTableColumns, ilike, inArray, isNotNull, or, type SQL, sql } from "drizzle-orm";
import { DuplicateVehicleError, type VehicleFilter, type VehicleStore } from "../repositories/vehicles";
import { importReports, quotes, vehicles } from "../schema.pg";
import type { PgDb } from "./connection";
import { insertHandoffEvents } from "./handoff";
import { isUniqueViolation } from "./rows";

// Issue #37: the dealership's stock on PostgreSQL, the twin of sqlite-vehicles.ts.

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

/** ILIKE's wildcards taken literally (backslash is its default escape). */
const likePattern = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Each word of `q` in one of the searched columns, ignoring case. */
function matching(filter: VehicleFilter): SQL | undefined {
  const words = (filter.q ?? "").trim().split(/\s+/).filter(Boolean).slice(0, 8);
  return and(
    filter.status ? eq(vehicles.status, filter.status) : undefined,
    ...words.map((word) => {
      const pattern = likePattern(word);
      return or(
        ilike(vehicles.stockNumber, pattern),
        ilike(vehicles.vin, pattern),
        ilike(vehicles.make, pattern),
        ilike(vehicles.model, pattern),
        ilike(vehicles.trim, pattern),
      );
    }),
  );
}

// (Table-qualified by hand: a one-table select names its columns bare, which the subquery would take as its own.)
const quoteCount = sql<number>`(SELECT count(*) FROM quotes q WHERE q.inventory_id = "vehicles"."id")::int`;

export function createVehicleStore(db: PgDb): VehicleStore {
  const scoped = (dealershipId: string, id: string) =>
    and(eq(vehicles.dealerId, dealershipId), eq(vehicles.id, id));
  return {
    list: async (dealershipId, filter) =>
      db
        .select({ ...getTableColumns(vehicles), quoteCount })
        .from(vehicles)
        .where(and(eq(vehicles.dealerId, dealershipId), matching(filter)))
        // Byte order, as SQLite sorts: the two backends list stock numbers alike.
        .orderBy(sql`${vehicles.stockNumber} COLLATE "C"`),
    find: async (dealershipId, id) => (await db.select().from(vehicles).where(scoped(dealershipId, id)))[0],
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
              .where(scoped(dealershipId, id))
              .returning()
          )[0],
      ),
    async delete(dealershipId, id) {
      const rows = await db.delete(vehicles).where(scoped(dealershipId, id)).returning({ id: vehicles.id });
      return rows.length > 0;
    },
    setStatus: async (dealershipId, id, change, at, handoff) =>
      db.transaction(async (tx) => {
        const [row] = await tx
          .update(vehicles)
          .set({ status: change.to, updatedAt: at })
          .where(and(scoped(dealershipId, id), eq(vehicles.status, change.from)))
          .returning();
        if (row) {
          await insertHandoffEvents(tx, handoff);
          // Issue #48: the open pages of the deals made from it show its status (sqlite-vehicles.ts).
          await tx
            .update(quotes)
            .set({ stateSeq: sql`${quotes.stateSeq} + 1` })
            .where(eq(quotes.inventoryId, id));
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
              .where(scoped(dealershipId, id));
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
        .select({ importedAt: importReports.importedAt, report: importReports.report })
        .from(importReports)
        .where(eq(importReports.dealerId, dealershipId));
      return row;
    },
    quoteCount: async (id) =>
      (await db.select({ n: sql<number>`count(*)::int` }).from(quotes).where(eq(quotes.inventoryId, id)))[0]
        ?.n ?? 0,
    acceptedQuotes: async (id) =>
      db
        .select({ id: quotes.id, lockedAt: sql<number>`${quotes.lockedAt}` })
        .from(quotes)
        .where(and(eq(quotes.inventoryId, id), isNotNull(quotes.lockedAt), isNotNull(quotes.acceptedVersion)))
        .orderBy(asc(quotes.lockedAt))
        .then((rows) => rows.map((row) => ({ id: row.id, lockedAt: Number(row.lockedAt) }))),
    async sameVehicleQuotes(dealershipId, quoteIds) {
      if (quoteIds.length === 0) return [];
      const theirVehicles = db
        .select({ id: quotes.inventoryId })
        .from(quotes)
        .where(and(inArray(quotes.id, [...quoteIds]), isNotNull(quotes.inventoryId)));
      return db
        .select({ id: quotes.id, inventoryId: sql<string>`${quotes.inventoryId}` })
        .from(quotes)
        .where(and(eq(quotes.dealerId, dealershipId), inArray(quotes.inventoryId, theirVehicles)));
    },
  };
}
