import { randomUUID } from "node:crypto";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/connection";
import type { defaultAddons, defaultDealerFees, defaultGovernmentFees, defaultTaxes } from "../db/schema";

/** The four soft-deletable default lists share these columns (server/db/schema.ts). */
export type DefaultListTable =
  | typeof defaultAddons
  | typeof defaultTaxes
  | typeof defaultDealerFees
  | typeof defaultGovernmentFees;

/** Reads and writes one dealer's items of one list; every call is scoped to that dealer. */
export interface ListStore<Body, Item> {
  /** Active items, oldest first. */
  active(dealerId: string): Item[];
  /** The dealer's own active item, or undefined (another dealer's or a deleted id). */
  find(dealerId: string, id: string): Item | undefined;
  create(dealerId: string, body: Body): Item;
  /** Undefined when the id is not the dealer's own active item; nothing is written then. */
  update(dealerId: string, id: string, body: Body): Item | undefined;
  /** Sets deleted_at; existing quotes keep their own copies. False when not found. */
  softDelete(dealerId: string, id: string): boolean;
}

export function createListStore<T extends DefaultListTable, Body, Item>(
  db: Db,
  table: T,
  toItem: (row: T["$inferSelect"]) => Item,
  toColumns: (body: Body) => Partial<T["$inferInsert"]>,
): ListStore<Body, Item> {
  // Drizzle's column types do not survive a union of tables, so the shared columns are read
  // through one member's type, and the list's own columns (typed by `toColumns`) pass as `never`.
  const cols = table as unknown as typeof defaultTaxes;
  const own = (dealerId: string, id: string) =>
    and(eq(cols.id, id), eq(cols.dealerId, dealerId), isNull(cols.deletedAt));

  const select = (where: ReturnType<typeof own>) =>
    db
      .select()
      .from(cols)
      .where(where)
      // rowid breaks ties between items created within the same millisecond.
      .orderBy(asc(cols.createdAt), sql`rowid`)
      .all() as T["$inferSelect"][];

  const find = (dealerId: string, id: string): Item | undefined => {
    const [row] = select(own(dealerId, id));
    return row === undefined ? undefined : toItem(row);
  };

  return {
    active(dealerId) {
      return select(and(eq(cols.dealerId, dealerId), isNull(cols.deletedAt))).map(toItem);
    },
    find,
    create(dealerId, body) {
      const now = Date.now();
      const id = randomUUID();
      db.insert(table)
        .values({ ...toColumns(body), id, dealerId, createdAt: now, updatedAt: now } as never)
        .run();
      // Read back, so the answer is exactly what was stored (cents rounded, defaults applied).
      return find(dealerId, id) as Item;
    },
    update(dealerId, id, body) {
      const result = db
        .update(cols)
        .set({ ...toColumns(body), updatedAt: Date.now() } as never)
        .where(own(dealerId, id))
        .run();
      return result.changes === 0 ? undefined : find(dealerId, id);
    },
    softDelete(dealerId, id) {
      const result = db.update(cols).set({ deletedAt: Date.now() }).where(own(dealerId, id)).run();
      return result.changes > 0;
    },
  };
}
