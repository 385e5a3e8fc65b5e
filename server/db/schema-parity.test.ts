import { PgTable, getTableConfig as pgTableConfig } from "drizzle-orm/pg-core";
import { SQLiteTable, getTableConfig as sqliteTableConfig } from "drizzle-orm/sqlite-core";
import { expect, it } from "vitest";
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

it("each table has the same columns in both schemas, apart from the listed PostgreSQL-only ones", () => {
  const { sqlite: s, postgres: p } = columnsByTable();
  for (const [table, columns] of s) {
    const extra = POSTGRES_ONLY_COLUMNS[table] ?? [];
    expect({ table, columns: p.get(table) }).toEqual({ table, columns: [...columns, ...extra].sort() });
  }
});
