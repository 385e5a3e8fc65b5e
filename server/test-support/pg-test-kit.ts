import { afterAll, beforeAll } from "vitest";
import type * as Y from "yjs";
import { closePostgres, openPostgres, type PgDb } from "../db/postgres/connection";
import { type PostgresService, startPostgres } from "./services";

// For the PostgreSQL store's tests: a database of the test file's own with one dealer row, opened
// by two pools that stand for two processes (they share nothing but the database).

export function postgresWithTwoPools(): {
  readonly db: PgDb;
  readonly other: PgDb;
  readonly postgres: PostgresService;
} {
  let postgres: PostgresService | undefined;
  let db: PgDb | undefined;
  let other: PgDb | undefined;
  beforeAll(async () => {
    postgres = await startPostgres();
    db = await openPostgres(postgres.url);
    other = await openPostgres(postgres.url);
    await seedDealer(db);
  });
  afterAll(async () => {
    if (db) await closePostgres(db);
    if (other) await closePostgres(other);
    await postgres?.cleanup();
  });
  const opened = (pool: PgDb | undefined) => {
    if (!pool) throw new Error("the database is not open yet (use it inside a test)");
    return pool;
  };
  return {
    get db() {
      return opened(db);
    },
    get other() {
      return opened(other);
    },
    get postgres() {
      if (!postgres) throw new Error("PostgreSQL is not started yet (use it inside a test)");
      return postgres;
    },
  };
}

/** The dealership and owner "dealer" that the tests' quotes belong to. */
export async function seedDealer(db: PgDb): Promise<void> {
  await db.$client.query(
    `WITH d AS (INSERT INTO dealerships (id, created_at, updated_at) VALUES ('dealer', 0, 0) RETURNING id)
     INSERT INTO users (id, email, password_hash, first_name, last_name, dealership_id, role, tokens_valid_after, created_at, updated_at)
     SELECT id, 'dealer@example.com', 'x', 'Dana', 'Dealer', id, 'owner', 0, 0, 0 FROM d`,
  );
}

/** The update that appends `value` to the array "items" of `writer`'s document, as V1 or V2. */
export function itemUpdate(writer: Y.Doc, value: number, format: "v1" | "v2" = "v1"): Uint8Array {
  let update: Uint8Array | undefined;
  const capture = (u: Uint8Array) => {
    update = u;
  };
  const event = format === "v1" ? "update" : "updateV2";
  writer.on(event, capture);
  writer.getArray<number>("items").push([value]);
  writer.off(event, capture);
  if (!update) throw new Error("the push produced no update");
  return update;
}
