import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { afterEach, expect, it } from "vitest";
import { migrationsUpTo } from "../test-support/migrations";
import { closeDatabase, openDatabase } from "./connection";

// Migration 0001 (dealership teams) on a copy of a database from before the change: the
// database is built with the migrations as they were (0000 only) and real rows, then opened the
// way the server opens it, which applies 0001. Every account must own its dealership, and
// nothing may be lost: profile, defaults, quotes, documents, updates, history, reset tokens.

let dir: string;

afterEach(() => rmSync(dir, { recursive: true, force: true }));

it("turns each account into the owner of its own dealership with its profile, defaults and quotes", () => {
  dir = mkdtempSync(path.join(tmpdir(), "dealdesk-migrate-"));
  const file = "old.sqlite";
  const old = new Database(path.join(dir, file));
  old.pragma("foreign_keys = ON");
  migrate(drizzle(old), { migrationsFolder: migrationsUpTo(dir, "0000_init") });
  const now = 1_790_000_000_000;
  const user = old.prepare(
    "INSERT INTO users (id, email, password_hash, first_name, last_name, dealership_name, street_address, city, state, zip_code, phone_number, tokens_valid_after, created_at, updated_at) VALUES (?, ?, 'hash', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
  );
  user.run(
    "u-ann",
    "ann@example.com",
    "Ann",
    "Lee",
    "Lee Motors",
    "1 Main St",
    "Austin",
    "TX",
    "78701",
    "5125550100",
    now,
    now,
    now,
  );
  user.run("u-bob", "bob@example.com", "Bob", "Ray", "", "", "", "", "", "", now, now, now);
  old
    .prepare(
      "INSERT INTO default_addons (id, dealer_id, created_at, updated_at, deleted_at, name, description, price_cents) VALUES ('a1', 'u-ann', ?, ?, NULL, 'Tint', 'Ceramic', 49900)",
    )
    .run(now, now);
  old
    .prepare(
      "INSERT INTO default_addons (id, dealer_id, created_at, updated_at, deleted_at, name, description, price_cents) VALUES ('a2', 'u-ann', ?, ?, ?, 'Gone', '', 100)",
    )
    .run(now, now, now);
  old
    .prepare(
      "INSERT INTO default_taxes (id, dealer_id, created_at, updated_at, description, rate) VALUES ('t1', 'u-bob', ?, ?, 'State', 6.25)",
    )
    .run(now, now);
  old
    .prepare(
      "INSERT INTO default_dealer_fees (id, dealer_id, created_at, updated_at, name, description, amount_cents) VALUES ('f1', 'u-ann', ?, ?, 'Doc fee', '', 19900)",
    )
    .run(now, now);
  old
    .prepare(
      "INSERT INTO default_government_fees (id, dealer_id, created_at, updated_at, name, description, amount_cents) VALUES ('g1', 'u-ann', ?, ?, 'Title', '', 3300)",
    )
    .run(now, now);
  old
    .prepare(
      "INSERT INTO interest_rate_defaults (dealer_id, tier, term_months, rate, updated_at) VALUES ('u-ann', 'Excellent', 60, 4.9, ?)",
    )
    .run(now);
  const quote = old.prepare(
    "INSERT INTO quotes (id, dealer_id, created_at, expires_at, updated_at, vehicle_description, customer_name) VALUES (?, ?, ?, ?, ?, ?, ?)",
  );
  quote.run("quote-ann-0000000001", "u-ann", now, now + 7, now, "2022 Honda Civic", "Pat Shopper");
  quote.run("quote-bob-0000000001", "u-bob", now, now + 7, now, "2019 Ford F-150", "");
  old
    .prepare(
      "INSERT INTO yjs_documents (doc_name, quote_id, state, updated_at) VALUES ('quote/quote-ann-0000000001', 'quote-ann-0000000001', ?, ?)",
    )
    .run(Buffer.from([1, 2, 3]), now);
  old
    .prepare(
      "INSERT INTO yjs_updates (doc_name, quote_id, \"update\", created_at) VALUES ('quote/quote-ann-0000000001', 'quote-ann-0000000001', ?, ?)",
    )
    .run(Buffer.from([4, 5]), now);
  old
    .prepare(
      "INSERT INTO quote_events (quote_id, at, role, field, old_value, new_value) VALUES ('quote-ann-0000000001', ?, 'DEALER', 'pricing', '1', '2')",
    )
    .run(now);
  old
    .prepare(
      "INSERT INTO password_reset_tokens (id, user_id, token_hash, expires_at, created_at) VALUES ('r1', 'u-bob', 'h', ?, ?)",
    )
    .run(now + 1, now);
  old.close();

  const db = openDatabase(dir, file);
  const sql = db.$client;
  try {
    expect(
      sql
        .prepare(
          "SELECT id, dealership_name, street_address, city, state, zip_code, phone_number, created_at, updated_at FROM dealerships ORDER BY id",
        )
        .all(),
    ).toEqual([
      {
        id: "u-ann",
        dealership_name: "Lee Motors",
        street_address: "1 Main St",
        city: "Austin",
        state: "TX",
        zip_code: "78701",
        phone_number: "5125550100",
        created_at: now,
        updated_at: now,
      },
      {
        id: "u-bob",
        dealership_name: "",
        street_address: "",
        city: "",
        state: "",
        zip_code: "",
        phone_number: "",
        created_at: now,
        updated_at: now,
      },
    ]);
    expect(
      sql
        .prepare("SELECT id, email, password_hash, first_name, dealership_id, role FROM users ORDER BY id")
        .all(),
    ).toEqual([
      {
        id: "u-ann",
        email: "ann@example.com",
        password_hash: "hash",
        first_name: "Ann",
        dealership_id: "u-ann",
        role: "owner",
      },
      {
        id: "u-bob",
        email: "bob@example.com",
        password_hash: "hash",
        first_name: "Bob",
        dealership_id: "u-bob",
        role: "owner",
      },
    ]);
    expect(
      sql
        .prepare(
          "SELECT id, dealer_id, salesperson_id, vehicle_description, customer_name FROM quotes ORDER BY id",
        )
        .all(),
    ).toEqual([
      {
        id: "quote-ann-0000000001",
        dealer_id: "u-ann",
        salesperson_id: "u-ann",
        vehicle_description: "2022 Honda Civic",
        customer_name: "Pat Shopper",
      },
      {
        id: "quote-bob-0000000001",
        dealer_id: "u-bob",
        salesperson_id: "u-bob",
        vehicle_description: "2019 Ford F-150",
        customer_name: "",
      },
    ]);
    expect(sql.prepare("SELECT id, dealer_id, deleted_at FROM default_addons ORDER BY id").all()).toEqual([
      { id: "a1", dealer_id: "u-ann", deleted_at: null },
      { id: "a2", dealer_id: "u-ann", deleted_at: now },
    ]);
    expect(sql.prepare("SELECT id, dealer_id, rate FROM default_taxes").all()).toEqual([
      { id: "t1", dealer_id: "u-bob", rate: 6.25 },
    ]);
    expect(
      sql.prepare("SELECT count(*) AS n FROM default_dealer_fees WHERE dealer_id = 'u-ann'").get(),
    ).toEqual({ n: 1 });
    expect(
      sql.prepare("SELECT count(*) AS n FROM default_government_fees WHERE dealer_id = 'u-ann'").get(),
    ).toEqual({ n: 1 });
    expect(sql.prepare("SELECT dealer_id, rate FROM interest_rate_defaults").all()).toEqual([
      { dealer_id: "u-ann", rate: 4.9 },
    ]);
    // The documents, their update log, the history and reset tokens survive the table rebuilds.
    expect(sql.prepare("SELECT state FROM yjs_documents").all()).toEqual([{ state: Buffer.from([1, 2, 3]) }]);
    expect(sql.prepare('SELECT "update" FROM yjs_updates').all()).toEqual([{ update: Buffer.from([4, 5]) }]);
    expect(sql.prepare("SELECT field, actor_name FROM quote_events").all()).toEqual([
      { field: "pricing", actor_name: null },
    ]);
    expect(sql.prepare("SELECT id FROM password_reset_tokens").all()).toEqual([{ id: "r1" }]);
    // Foreign keys are on again and hold: a quote for a dealership that does not exist is refused.
    expect(sql.pragma("foreign_keys", { simple: true })).toBe(1);
    expect(() =>
      sql
        .prepare(
          "INSERT INTO quotes (id, dealer_id, salesperson_id, created_at, expires_at, updated_at, vehicle_description) VALUES ('x', 'nobody', 'u-ann', 1, 1, 1, 'car')",
        )
        .run(),
    ).toThrow(/FOREIGN KEY/);
  } finally {
    closeDatabase(db);
  }
});
