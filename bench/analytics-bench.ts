import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildServer } from "../server/build-server";
import { readConfig } from "../server/config";
import { closeDatabase, openDatabase } from "../server/db/connection";
import { closePostgres, openPostgres } from "../server/db/postgres/connection";
import { createLiveStore } from "../server/db/postgres/live-store";
import { createPostgresStores } from "../server/db/postgres/stores";
import { pendingBusEvents } from "../server/live/live-storage";
import { type Storage, sqliteStorage } from "../server/open-storage";
import { startPostgres } from "../server/test-support/services";
import { DAY_MS } from "../shared/analytics/analytics";

// Issue #40's scale check: 50,000 quotes over two years for 20 salespeople, with their history
// (edits, shares, the shopper's opens, acceptances, reopenings) and versions, on SQLite and on
// PostgreSQL. Prints GET /api/analytics's p50/p95 through the real app for a 30-day and a
// one-year range, and the time of GET /api/quotes/export.csv over all 50,000 rows.
// Targets: p95 <= 300 ms for a year; export <= 5 s. A benchmark, not a timed test.
// Usage: npm run bench:analytics [-- QUOTES RUNS] [-- --sqlite | --postgres]

const args = process.argv.slice(2);
const numbers = args.filter((a) => /^\d+$/.test(a)).map(Number);
const QUOTES = numbers[0] ?? 50_000;
const RUNS = numbers[1] ?? 40;
const SALESPEOPLE = 20;
const only = args.find((a) => a === "--sqlite" || a === "--postgres");

/** A small deterministic generator (mulberry32), so both backends get the same desk. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type Rows = {
  users: unknown[][];
  quotes: unknown[][];
  events: unknown[][];
  versions: unknown[][];
};

const DEALERSHIP = "bench-dealership";
const EDIT_FIELDS = [
  "pricing.discount",
  "downPayment",
  "tradeIn.vehicle.value",
  "addOns",
  "selectedCreditTier",
];
const SNAPSHOT = JSON.stringify({
  data: {
    vehicle: { description: "2024 Honda Accord EX", mileage: 12 },
    pricing: { advertisedPrice: 32000 },
  },
  breakdown: { lines: Array.from({ length: 30 }, (_, i) => ({ id: `line-${i}`, cents: i * 1000 })) },
});

function generate(now: number): Rows {
  const rand = random(40);
  const pick = <T>(items: readonly T[]) => items[Math.floor(rand() * items.length)] as T;
  const rows: Rows = { users: [], quotes: [], events: [], versions: [] };
  const people = Array.from({ length: SALESPEOPLE }, (_, i) => `bench-sp-${i}`);
  rows.users.push([
    "bench-manager",
    "manager@bench.example",
    "x",
    "Mia",
    "Manager",
    DEALERSHIP,
    "manager",
    0,
    0,
    0,
  ]);
  people.forEach((id, i) => {
    rows.users.push([
      id,
      `sp${i}@bench.example`,
      "x",
      `Seller${i}`,
      "Bench",
      DEALERSHIP,
      "salesperson",
      0,
      0,
      0,
    ]);
  });
  const span = 730 * DAY_MS;
  for (let i = 0; i < QUOTES; i++) {
    const id = `bench-q-${String(i).padStart(6, "0")}`;
    const created = Math.round(now - span + (i / QUOTES) * span);
    const salesperson = pick(people);
    let t = created;
    const later = (maxHours: number) => {
      t += Math.round(rand() * maxHours * 3_600_000) + 60_000;
      return t;
    };
    for (let e = 0; e < 4 + Math.floor(rand() * 6); e++)
      rows.events.push([id, later(2), "DEALER", "Bench (salesperson)", pick(EDIT_FIELDS), "$1.00", "$2.00"]);
    let number = 0;
    let lockedAt: number | null = null;
    // The first time of each step, as the routes write it on the quote with the step.
    let sharedAt: number | null = null;
    let openedAt: number | null = null;
    let acceptedAt: number | null = null;
    let acceptedVersion: number | null = null;
    if (rand() < 0.75) {
      sharedAt = later(24);
      rows.events.push([id, sharedAt, "DEALER", "Bench (salesperson)", "shared", null, "link"]);
      if (rand() < 0.2)
        rows.events.push([id, later(24), "DEALER", "Bench (salesperson)", "shared", null, "email"]);
      if (rand() < 0.65) {
        openedAt = later(48);
        rows.events.push([id, openedAt, "SHOPPER", null, "opened", null, null]);
        if (rand() < 0.5) rows.events.push([id, later(72), "SHOPPER", null, "opened", null, null]);
        for (let e = 0; e < Math.floor(rand() * 4); e++)
          rows.events.push([id, later(1), "SHOPPER", null, "downPayment", "-$1,000.00", "-$2,000.00"]);
        if (rand() < 0.3) {
          number += 1;
          rows.versions.push(version(id, number, "saved", later(24), null));
        }
        if (rand() < 0.45) {
          const structure = pick(["cash", "finance", "finance", "lease"] as const);
          const accept = () => {
            number += 1;
            const at = later(96);
            rows.versions.push(version(id, number, "accepted", at, structure));
            rows.events.push([id, at, "SHOPPER", null, "accepted", null, `version ${number}`]);
            lockedAt = at;
            acceptedAt ??= at;
            acceptedVersion = number;
          };
          accept();
          if (rand() < 0.1) {
            rows.events.push([
              id,
              later(24),
              "DEALER",
              "Bench (salesperson)",
              "unlocked",
              null,
              `version ${number}`,
            ]);
            lockedAt = null;
            accept();
          }
        }
      }
    }
    const otd = 1_500_000 + Math.floor(rand() * 5_000_000);
    rows.quotes.push([
      id,
      DEALERSHIP,
      salesperson,
      created,
      created + 7 * DAY_MS,
      t,
      `Bench vehicle ${i % 997}`,
      `Customer ${i}`,
      otd,
      `S-${i}`,
      null,
      null,
      lockedAt,
      acceptedVersion,
      sharedAt,
      openedAt,
      acceptedAt,
    ]);
  }
  return rows;

  function version(
    quoteId: string,
    n: number,
    kind: string,
    at: number,
    structure: string | null,
  ): unknown[] {
    const financed = structure === "finance" || structure === "lease";
    return [
      quoteId,
      n,
      kind,
      at,
      kind === "accepted" ? "Shopper" : "Bench (salesperson)",
      "0000-0000-0000",
      SNAPSHOT,
      structure,
      financed ? pick([36, 48, 60, 72]) : null,
      financed ? pick([0, 200_000, 400_000]) : null,
      1_500_000 + Math.floor(rand() * 5_000_000),
      financed ? 30_000 + Math.floor(rand() * 50_000) : null,
    ];
  }
}

const QUOTE_COLUMNS =
  "id, dealer_id, salesperson_id, created_at, expires_at, updated_at, vehicle_description, customer_name, out_the_door_cents, stock_number, selected_structure, monthly_cents, locked_at, accepted_version, shared_at, opened_at, accepted_at";
const EVENT_COLUMNS = "quote_id, at, role, actor_name, field, old_value, new_value";
const VERSION_COLUMNS =
  "quote_id, number, kind, created_at, actor, fingerprint, snapshot, choice_structure, choice_months, choice_down_cents, out_the_door_cents, monthly_cents";
const USER_COLUMNS =
  "id, email, password_hash, first_name, last_name, dealership_id, role, tokens_valid_after, created_at, updated_at";

type Backend = { name: string; storage: Storage; close(): Promise<void>; seed(rows: Rows): Promise<void> };

async function sqliteBackend(): Promise<Backend> {
  const dir = mkdtempSync(path.join(tmpdir(), "dealdesk-analytics-bench-"));
  const db = openDatabase(dir);
  const sql = db.$client;
  return {
    name: "SQLite",
    storage: sqliteStorage(db),
    async seed(rows) {
      const insert = (table: string, columns: string, data: unknown[][]) => {
        const count = columns.split(",").length;
        const statement = sql.prepare(
          `INSERT INTO ${table} (${columns}) VALUES (${Array(count).fill("?").join(", ")})`,
        );
        sql.transaction(() => {
          for (const row of data) statement.run(...row);
        })();
      };
      sql.prepare("INSERT INTO dealerships (id, created_at, updated_at) VALUES (?, 0, 0)").run(DEALERSHIP);
      insert("users", USER_COLUMNS, rows.users);
      insert("quotes", QUOTE_COLUMNS, rows.quotes);
      insert("quote_events", EVENT_COLUMNS, rows.events);
      insert("quote_versions", VERSION_COLUMNS, rows.versions);
      sql.exec("ANALYZE");
    },
    async close() {
      closeDatabase(db);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function postgresBackend(): Promise<Backend> {
  const service = await startPostgres();
  const db = await openPostgres(service.url, 8);
  const pool = db.$client;
  // Column types for unnest, per table, in column order.
  const types = {
    users: ["text", "text", "text", "text", "text", "text", "text", "bigint", "bigint", "bigint"],
    quotes: [
      "text",
      "text",
      "text",
      "bigint",
      "bigint",
      "bigint",
      "text",
      "text",
      "int",
      "text",
      "text",
      "int",
      "bigint",
      "int",
      "bigint",
      "bigint",
      "bigint",
    ],
    quote_events: ["text", "bigint", "text", "text", "text", "text", "text"],
    quote_versions: [
      "text",
      "int",
      "text",
      "bigint",
      "text",
      "text",
      "jsonb",
      "text",
      "int",
      "int",
      "int",
      "int",
    ],
  };
  return {
    name: "PostgreSQL",
    storage: {
      stores: createPostgresStores(db),
      live: { kind: "shared", store: createLiveStore(db), bus: null, events: pendingBusEvents() },
    },
    async seed(rows) {
      const insert = async (table: keyof typeof types, columns: string, data: unknown[][]) => {
        const t = types[table];
        for (let start = 0; start < data.length; start += 5_000) {
          const chunk = data.slice(start, start + 5_000);
          const arrays = t.map((_, c) => chunk.map((row) => row[c]));
          const args = t.map((type, c) => `$${c + 1}::${type === "jsonb" ? "text" : type}[]`).join(", ");
          const select = t.map((type, c) => (type === "jsonb" ? `c${c}::jsonb` : `c${c}`)).join(", ");
          const names = t.map((_, c) => `c${c}`).join(", ");
          await pool.query(
            `INSERT INTO ${table} (${columns}) SELECT ${select} FROM unnest(${args}) AS u(${names})`,
            arrays,
          );
        }
      };
      await pool.query("INSERT INTO dealerships (id, created_at, updated_at) VALUES ($1, 0, 0)", [
        DEALERSHIP,
      ]);
      await insert("users", USER_COLUMNS, rows.users);
      await insert("quotes", QUOTE_COLUMNS, rows.quotes);
      await insert("quote_events", EVENT_COLUMNS, rows.events);
      await insert("quote_versions", VERSION_COLUMNS, rows.versions);
      await pool.query("ANALYZE");
    },
    async close() {
      await closePostgres(db);
      await service.cleanup();
    },
  };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
};
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function run(open: () => Promise<Backend>, rows: Rows, now: number) {
  const backend = await open();
  const dataDir = mkdtempSync(path.join(tmpdir(), "dealdesk-analytics-bench-app-"));
  const built = buildServer(readConfig({ LOG_REQUESTS: "false" }, { dataDir }), backend.storage, {
    log: () => {},
  });
  try {
    const seedStart = performance.now();
    await backend.seed(rows);
    console.log(`${backend.name}: seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);
    const manager = await built.stores.users.byId("bench-manager");
    if (!manager) throw new Error(`${backend.name}: the seeded manager is missing`);
    const managerToken = await built.tokens.issue(manager);
    const get = async (url: string) => {
      const started = performance.now();
      const res = await built.app.request(url, { headers: { Authorization: `Bearer ${managerToken}` } });
      const body = await res.text();
      if (res.status !== 200) throw new Error(`${url}: ${res.status} ${body.slice(0, 200)}`);
      return { ms: performance.now() - started, body };
    };
    for (const [label, days] of [
      ["30 days", 30],
      ["one year", 365],
    ] as const) {
      const url = `/api/analytics?from=${new Date(now - days * DAY_MS).toISOString()}&to=${new Date(now).toISOString()}`;
      for (let i = 0; i < 3; i++) await get(url);
      const times: number[] = [];
      let created = 0;
      for (let i = 0; i < RUNS; i++) {
        const answer = await get(url);
        times.push(answer.ms);
        created = (JSON.parse(answer.body) as { funnel: { created: number } }).funnel.created;
      }
      console.log(
        `${backend.name}: GET /api/analytics ${label} (${created} quotes): p50 ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))} over ${RUNS} runs`,
      );
    }
    const exports: number[] = [];
    let lines = 0;
    for (let i = 0; i < 3; i++) {
      const answer = await get("/api/quotes/export.csv");
      exports.push(answer.ms);
      lines = answer.body.split("\r\n").length - 2;
    }
    console.log(
      `${backend.name}: GET /api/quotes/export.csv (${lines} rows): ${exports.map((t) => ms(t)).join(", ")} (best ${ms(Math.min(...exports))})`,
    );
  } finally {
    await built.close();
    await backend.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const now = Date.now();
const genStart = performance.now();
const rows = generate(now);
console.log(
  `Desk: ${rows.quotes.length} quotes, ${rows.events.length} history rows, ${rows.versions.length} versions, ${SALESPEOPLE} salespeople over two years (generated in ${((performance.now() - genStart) / 1000).toFixed(1)} s)`,
);
if (only !== "--postgres") await run(sqliteBackend, rows, now);
if (only !== "--sqlite") await run(postgresBackend, rows, now);
