import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { AnalyticsResponse } from "@shared/analytics/analytics";
import { ANALYTICS_MSG } from "@shared/analytics/analytics-text";
import { FIXTURE_DAYS, FIXTURE_EXPECTED, FIXTURE_EXPECTED_SAM, H } from "@shared/testing/analytics-fixture";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXPORT_HEADER } from "../analytics/desk-export";
import { buildServer } from "../build-server";
import { readConfig } from "../config";
import { closeDatabase, openDatabase } from "../db/connection";
import { closePostgres, openPostgres } from "../db/postgres/connection";
import { createLiveStore } from "../db/postgres/live-store";
import { createPostgresStores } from "../db/postgres/stores";
import { pendingBusEvents } from "../live/live-storage";
import { type Storage, sqliteStorage } from "../open-storage";
import { type AnalyticsDesk, writeAnalyticsDesk } from "../test-support/analytics-fixture";
import { type PostgresService, startPostgres } from "../test-support/services";
import { testVinDatabaseEnv } from "../test-support/vin-database-dir";

// Issue #40: every figure of GET /api/analytics against the hand-built desk of
// shared/testing/analytics-fixture.ts, and the desk log export, on SQLite and on PostgreSQL.

const START = Date.UTC(2026, 9, 5); // a Monday, 00:00 UTC
const END = START + FIXTURE_DAYS * 24 * H;
const iso = (ms: number) => new Date(ms).toISOString();

type Backend = {
  name: string;
  open(): Promise<{ storage: Storage; close(): Promise<void> }>;
};

let postgres: PostgresService | undefined;
afterAll(async () => {
  await postgres?.cleanup();
});

const backends: Backend[] = [
  {
    name: "SQLite",
    async open() {
      const dir = mkdtempSync(path.join(tmpdir(), "dealdesk-analytics-"));
      const db = openDatabase(dir);
      return {
        storage: sqliteStorage(db),
        async close() {
          closeDatabase(db);
          rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  },
  {
    name: "PostgreSQL",
    async open() {
      postgres ??= await startPostgres();
      const db = await openPostgres(await postgres.createDatabase("analytics"), 4);
      return {
        storage: {
          stores: createPostgresStores(db),
          live: { kind: "shared", store: createLiveStore(db), bus: null, events: pendingBusEvents() },
        },
        close: () => closePostgres(db),
      };
    },
  },
];

describe.each(backends)("analytics on $name", (backend) => {
  let opened: Awaited<ReturnType<Backend["open"]>>;
  let built: ReturnType<typeof buildServer>;
  let desk: AnalyticsDesk;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    opened = await backend.open();
    const dataDir = mkdtempSync(path.join(tmpdir(), "dealdesk-analytics-app-"));
    const config = readConfig({ LOG_REQUESTS: "false", ...testVinDatabaseEnv }, { dataDir });
    built = buildServer(config, opened.storage, { log: () => {} });
    desk = await writeAnalyticsDesk(opened.storage.stores, START);
    for (const [name, user] of Object.entries({
      owner: desk.owner,
      manager: desk.manager,
      sam: desk.people.sam,
      sue: desk.people.sue,
    }))
      tokens[name] = await built.tokens.issue(user);
  }, 120_000);
  afterAll(async () => {
    await built?.close();
    await opened?.close();
  });

  const get = (url: string, who: string) =>
    built.app.request(url, { headers: { Authorization: `Bearer ${tokens[who]}` } });
  const figures = async (query: string, who = "manager"): Promise<AnalyticsResponse> => {
    const res = await get(`/api/analytics?${query}`, who);
    expect(res.status).toBe(200);
    return (await res.json()) as AnalyticsResponse;
  };
  const range = `from=${iso(START)}&to=${iso(END)}`;

  it("answers every figure of the fixture for the whole dealership", async () => {
    const body = await figures(range);
    expect(body.from).toBe(iso(START));
    expect(body.to).toBe(iso(END));
    expect(body.salesperson).toBeNull();
    expect(body.funnel).toEqual(FIXTURE_EXPECTED.funnel);
    expect(body.weeks).toEqual(
      FIXTURE_EXPECTED.weeks.map((week, i) => ({ start: iso(START + i * 7 * 24 * H), ...week })),
    );
    expect(body.salespeople).toEqual(
      FIXTURE_EXPECTED.salespeople.map(({ person, ...counts }) => ({
        id: desk.people[person].id,
        name: `${desk.people[person].firstName} ${desk.people[person].lastName}`,
        ...counts,
      })),
    );
    expect(body.timing).toEqual(FIXTURE_EXPECTED.timing);
    expect(body.outTheDoor).toEqual(FIXTURE_EXPECTED.outTheDoor);
    expect(body.structures).toEqual(FIXTURE_EXPECTED.structures);
    expect(body.terms).toEqual(FIXTURE_EXPECTED.terms);
    expect(body.downs).toEqual(FIXTURE_EXPECTED.downs);
  });

  it("limits the figures to one salesperson for a manager, and to their own for a salesperson", async () => {
    const forManager = await figures(`${range}&salesperson=${desk.people.sam.id}`, "owner");
    const own = await figures(range, "sam");
    for (const body of [forManager, own]) {
      expect(body.salesperson).toBe(desk.people.sam.id);
      expect(body.funnel).toEqual(FIXTURE_EXPECTED_SAM.funnel);
      expect(body.weeks.map(({ start: _, ...counts }) => counts)).toEqual(FIXTURE_EXPECTED_SAM.weeks);
      expect(body.salespeople.map((p) => p.id)).toEqual([desk.people.sam.id]);
      expect(body.timing).toEqual(FIXTURE_EXPECTED_SAM.timing);
      expect(body.outTheDoor).toEqual(FIXTURE_EXPECTED_SAM.outTheDoor);
      expect(body.structures).toEqual(FIXTURE_EXPECTED_SAM.structures);
      expect(body.terms).toEqual(FIXTURE_EXPECTED_SAM.terms);
      expect(body.downs).toEqual(FIXTURE_EXPECTED_SAM.downs);
    }
  });

  it("counts by creation: a one-week range holds the first week's quotes", async () => {
    const body = await figures(`from=${iso(START)}&to=${iso(START + 7 * 24 * H)}`);
    expect(body.funnel).toMatchObject(FIXTURE_EXPECTED.weeks[0] as object);
    expect(body.weeks).toHaveLength(1);
  });

  it("refuses bad ranges and someone else's figures with a clear message", async () => {
    const cases: [string, string, number, string][] = [
      ["from=yesterday", "manager", 400, ANALYTICS_MSG.fromInvalid],
      ["to=2026-13-45", "manager", 400, ANALYTICS_MSG.toInvalid],
      [`from=${iso(END)}&to=${iso(START)}`, "manager", 400, ANALYTICS_MSG.rangeBackwards],
      ["from=2020-01-01&to=2026-01-01", "manager", 400, ANALYTICS_MSG.rangeTooLong],
      [`${range}&salesperson=nobody`, "manager", 400, ANALYTICS_MSG.salespersonUnknown],
      [`${range}&salesperson=${desk.people.sue.id}`, "sam", 403, ANALYTICS_MSG.ownFiguresOnly],
    ];
    for (const [query, who, status, message] of cases) {
      const res = await get(`/api/analytics?${query}`, who);
      expect(res.status, query).toBe(status);
      expect(((await res.json()) as { message: string }).message).toBe(message);
    }
    expect((await built.app.request(`/api/analytics?${range}`)).status).toBe(401);
  });

  it("exports the desk log as RFC 4180 CSV with formulas neutralised, for owners and managers", async () => {
    const res = await get(`/api/quotes/export.csv?${range}`, "manager");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^text\/csv/);
    expect(res.headers.get("Content-Disposition")).toMatch(/^attachment; filename="desk-log-/);
    const text = await res.text();
    const lines = text.split("\r\n");
    expect(lines[0]).toBe(EXPORT_HEADER.join(","));
    expect(lines.at(-1)).toBe("");
    // The last column, Gross (issue #38), is empty while a deal's gross is not known.
    // Newest first: e, d, c, b, a (the quote from before the range is not in it).
    expect(lines).toHaveLength(7);
    const { quoteIds: ids } = desk;
    expect(lines[1]).toBe(
      `${ids.e},${iso(START + 241 * H)},Sue Seller,Emery Lane,2025 BMW X3,E-500,Accepted,"Lease 36 mo, $0.00 down",610.00,40000.00,${iso(START + 274 * H)},`,
    );
    // A comma and doubled quotes inside quoted fields.
    expect(lines[2]).toBe(
      `${ids.d},${iso(START + 216 * H)},Sue Seller,"Dana ""DJ"" Jones","2021 Subaru Outback, Limited",D-400,Expired,,,31000.00,,`,
    );
    // A customer name that is a formula and a stock number starting with "-".
    expect(lines[3]).toBe(
      `${ids.c},${iso(START + 192 * H)},Sue Seller,"'=HYPERLINK(""http://x"",""Casey"")",2022 Ford F-150 XLT,'-C300,Accepted,Cash,,20000.00,${iso(START + 197 * H)},`,
    );
    expect(lines[4]).toBe(
      `${ids.b},${iso(START + 48 * H)},Sam Seller,Blake Ortiz,2023 Toyota Camry SE,B-200,Expired,,,26000.00,,`,
    );
    // Accepted, reopened and accepted again: the newest acceptance.
    expect(lines[5]).toBe(
      `${ids.a},${iso(START + 10 * H)},Sam Seller,Avery Park,2024 Honda Accord EX,A-100,Accepted,"Finance 72 mo, $4,000.00 down",412.34,29500.00,${iso(START + 106 * H)},`,
    );
  });

  it("exports with the desk log's filters, and refuses salespeople", async () => {
    const rowsOf = async (query: string) =>
      (await (await get(`/api/quotes/export.csv?${query}`, "owner")).text())
        .split("\r\n")
        .slice(1, -1)
        .map((line) => line.split(",")[0]);
    const { quoteIds: ids } = desk;
    expect(await rowsOf(`salesperson=${desk.people.sam.id}`)).toEqual([ids.b, ids.a, ids.before]);
    expect(await rowsOf(`${range}&accepted=true`)).toEqual([ids.e, ids.c, ids.a]);
    expect(await rowsOf(`${range}&q=subaru`)).toEqual([ids.d]);
    expect(await rowsOf(`${range}&expired=false`)).toEqual([]);
    const refused = await get("/api/quotes/export.csv", "sam");
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe(ANALYTICS_MSG.exportForbidden);
    const bad = await get("/api/quotes/export.csv?accepted=yes", "owner");
    expect(bad.status).toBe(400);
  });
});
