import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { afterEach, expect, it } from "vitest";
import { migrationsUpTo } from "../test-support/migrations";
import { closeDatabase, openDatabase } from "./connection";
import { createSqliteStores } from "./sqlite/stores";

// Issue #40's migration on a database from before it (drizzle/ up to 0009): each quote gets the
// first share, open and acceptance of its stored history and versions, and each accepted version
// the chosen structure and figures of its snapshot, so analytics counts deals made before the
// upgrade. The listing's new columns stay empty for the start-up backfill.

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

it("fills the steps and the accepted versions' figures from what was stored before", async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "dealdesk-analytics-migration-"));
  dirs.push(dataDir);
  const sqlite = new Database(path.join(dataDir, "dealdesk.sqlite"));
  migrate(drizzle(sqlite), { migrationsFolder: migrationsUpTo(dataDir, "0009_deal_state_seq") });
  const t0 = 1_790_000_000_000;
  sqlite.exec(`INSERT INTO dealerships (id, created_at, updated_at) VALUES ('d1', ${t0}, ${t0});
    INSERT INTO users (id, email, password_hash, first_name, last_name, dealership_id, role, tokens_valid_after, created_at, updated_at)
      VALUES ('u1', 'ann@example.com', 'x', 'Ann', 'Lee', 'd1', 'owner', 0, ${t0}, ${t0});`);
  const quote = sqlite.prepare(
    `INSERT INTO quotes (id, dealer_id, salesperson_id, created_at, expires_at, updated_at, vehicle_description, out_the_door_cents, locked_at, accepted_version)
     VALUES (?, 'd1', 'u1', ?, ?, ?, 'Car', 100, ?, ?)`,
  );
  quote.run("q1", t0, t0 + 1e9, t0, t0 + 900, 2);
  quote.run("q2", t0, t0 + 1e9, t0, null, null);
  const event = sqlite.prepare(
    "INSERT INTO quote_events (quote_id, at, role, field, new_value) VALUES ('q1', ?, ?, ?, ?)",
  );
  event.run(t0 + 300, "DEALER", "shared", "email");
  event.run(t0 + 100, "DEALER", "shared", "link");
  event.run(t0 + 200, "DEALER", "pricing.discount", "-$5.00");
  event.run(t0 + 400, "SHOPPER", "opened", null);
  const version = sqlite.prepare(
    "INSERT INTO quote_versions (quote_id, number, kind, created_at, actor, fingerprint, snapshot) VALUES ('q1', ?, ?, ?, 'Shopper', 'f', ?)",
  );
  const snapshot = (choice: unknown, cents: number) =>
    JSON.stringify({ choice, breakdown: { outTheDoorPrice: cents } });
  version.run(1, "accepted", t0 + 500, snapshot({ structure: "cash" }, 2_000_000));
  version.run(
    2,
    "accepted",
    t0 + 900,
    snapshot({ structure: "lease", down: 1999.99, months: 36 }, 2_100_000),
  );
  sqlite.close();

  const db = openDatabase(dataDir);
  try {
    const stores = createSqliteStores(db);
    const row = db.$client
      .prepare("SELECT shared_at, opened_at, accepted_at, stock_number FROM quotes WHERE id = ?")
      .get("q1");
    expect(row).toEqual({
      shared_at: t0 + 100,
      opened_at: t0 + 400,
      accepted_at: t0 + 500,
      stock_number: null,
    });
    expect(
      db.$client.prepare("SELECT shared_at, opened_at, accepted_at FROM quotes WHERE id = 'q2'").get(),
    ).toEqual({
      shared_at: null,
      opened_at: null,
      accepted_at: null,
    });
    const first = await stores.versions.read("q1", 1);
    const second = await stores.versions.read("q1", 2);
    expect(first).toMatchObject({
      choiceStructure: "cash",
      choiceMonths: null,
      choiceDownCents: null,
      outTheDoorCents: 2_000_000,
    });
    expect(second).toMatchObject({
      choiceStructure: "lease",
      choiceMonths: 36,
      choiceDownCents: 199_999,
      outTheDoorCents: 2_100_000,
      monthlyCents: null,
    });
  } finally {
    closeDatabase(db);
  }
});
