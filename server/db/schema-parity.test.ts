import { PgTable, getTableConfig as pgTableConfig } from "drizzle-orm/pg-core";
import { SQLiteTable, getTableConfig as sqliteTableConfig } from "drizzle-orm/sqlite-core";
import { expect, expectTypeOf, it } from "vitest";
import type { DealershipRow } from "./repositories/dealerships";
import type { HandoffEndpointRow } from "./repositories/handoff";
import type { QuoteRow } from "./repositories/quotes";
import type { UserRow } from "./repositories/users";
import type { VehicleRow } from "./repositories/vehicles";
import * as sqlite from "./schema";
import * as postgres from "./schema.pg";

// Both databases hold the same tables and columns, so that one set of stores serves either. The
// differences below are on purpose; anything else means one schema changed without the other.

/** Columns only PostgreSQL has. */
const POSTGRES_ONLY_COLUMNS: Record<string, string[]> = {
  // No rowid in PostgreSQL: an identity column keeps the lists in insertion order.
  default_addons: ["ord"],
  default_taxes: ["ord"],
  default_dealer_fees: ["ord"],
  default_government_fees: ["ord"],
  // The per-document ordered log (SCALE.md §3); SQLite numbers updates with its rowid.
  yjs_documents: ["head_seq", "snapshot_seq"],
};

/** Columns only SQLite has. */
const SQLITE_ONLY_COLUMNS: Record<string, string[]> = {
  // SQLite's log keeps updates as received (V1) since migration 0008, beside older V2 rows;
  // PostgreSQL's shared log is V2 only (docs/decisions/004-quote-document-layout.md).
  yjs_updates: ["format"],
};
/** Tables only PostgreSQL has: with one process they are a file in DATA_DIR or memory. */
const POSTGRES_ONLY_TABLES = ["app_secrets", "auth_attempts", "quote_visits"];

function columnsByTable(): { sqlite: Map<string, string[]>; postgres: Map<string, string[]> } {
  const fromSqlite = new Map<string, string[]>();
  for (const value of Object.values(sqlite)) {
    if (!(value instanceof SQLiteTable)) continue;
    const config = sqliteTableConfig(value);
    fromSqlite.set(config.name, config.columns.map((c) => c.name).sort());
  }
  const fromPostgres = new Map<string, string[]>();
  for (const value of Object.values(postgres)) {
    if (!(value instanceof PgTable)) continue;
    const config = pgTableConfig(value);
    fromPostgres.set(config.name, config.columns.map((c) => c.name).sort());
  }
  return { sqlite: fromSqlite, postgres: fromPostgres };
}

it("PostgreSQL has every SQLite table, plus only its own listed tables", () => {
  const { sqlite: s, postgres: p } = columnsByTable();
  expect(s.size).toBeGreaterThan(0);
  expect([...p.keys()].sort()).toEqual([...s.keys(), ...POSTGRES_ONLY_TABLES].sort());
});

it("each table has the same columns in both schemas, apart from the listed ones only one of them has", () => {
  const { sqlite: s, postgres: p } = columnsByTable();
  for (const [table, columns] of s) {
    const extra = POSTGRES_ONLY_COLUMNS[table] ?? [];
    const sqliteOnly = SQLITE_ONLY_COLUMNS[table] ?? [];
    for (const column of sqliteOnly) expect(columns).toContain(column);
    const shared = columns.filter((column) => !sqliteOnly.includes(column));
    expect({ table, columns: p.get(table) }).toEqual({ table, columns: [...shared, ...extra].sort() });
  }
});

// Issue #53: the row types are the repositories' own (server/db/repositories/), written out, not
// read from one backend's schema; both schemas must still produce exactly them (npm run typecheck).
it("has row types that both schemas produce exactly", () => {
  expectTypeOf<typeof sqlite.users.$inferSelect>().toEqualTypeOf<UserRow>();
  expectTypeOf<typeof postgres.users.$inferSelect>().toEqualTypeOf<UserRow>();
  expectTypeOf<typeof sqlite.quotes.$inferSelect>().toEqualTypeOf<QuoteRow>();
  expectTypeOf<typeof postgres.quotes.$inferSelect>().toEqualTypeOf<QuoteRow>();
  expectTypeOf<typeof sqlite.dealerships.$inferSelect>().toEqualTypeOf<DealershipRow>();
  expectTypeOf<typeof postgres.dealerships.$inferSelect>().toEqualTypeOf<DealershipRow>();
  expectTypeOf<typeof sqlite.vehicles.$inferSelect>().toEqualTypeOf<VehicleRow>();
  expectTypeOf<typeof postgres.vehicles.$inferSelect>().toEqualTypeOf<VehicleRow>();
  expectTypeOf<typeof sqlite.handoffEndpoints.$inferSelect>().toEqualTypeOf<HandoffEndpointRow>();
  expectTypeOf<typeof postgres.handoffEndpoints.$inferSelect>().toEqualTypeOf<HandoffEndpointRow>();
});
