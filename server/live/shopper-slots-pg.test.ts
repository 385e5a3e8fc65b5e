import { LIVE_CLOSE_CODES } from "@shared/live/live-protocol";
import { dealDocName, writeField } from "@shared/live/quote-doc";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Client,
  connectClient,
  createQuoteVia,
  destroyClient,
  eventually,
  type LiveHarness,
  startLiveHarness,
  synced,
  upgradeStatus,
} from "../test-support/live-test-kit";
import { type PostgresService, startPostgres } from "../test-support/services";

// Issue #47 across processes: two servers on one PostgreSQL (DATABASE_URL). The customer's phone
// wrote through one; eight strangers fill the other's shopper slots (the caps count per process),
// each with one edit; the phone comes back through the second and ranks by the first write
// PostgreSQL keeps, not by anything that process saw.

let postgres: PostgresService;
let first: LiveHarness;
let second: LiveHarness;
beforeAll(async () => {
  postgres = await startPostgres();
  const env = { DATABASE_URL: postgres.url, TRUST_PROXY: "true" };
  first = await startLiveHarness({ env });
  second = await startLiveHarness({ env });
}, 120_000);
afterAll(async () => {
  await first?.stop();
  await second?.stop();
  await postgres?.cleanup();
});

async function serverDeal(h: LiveHarness, id: string) {
  const res = await h.api("GET", `/api/quotes/${id}`);
  return ((await res.json()) as { data: Record<string, unknown> }).data;
}

async function writeOnce(h: LiveHarness, id: string, client: Client, key: string, value: unknown) {
  await synced(client);
  writeField(client.deal, key, value);
  await eventually(async () => expect((await serverDeal(h, id))[key]).toEqual(value));
}

describe("shopper slots on several processes (issue #47)", () => {
  it("the phone that wrote through one process takes the latest stranger's slot on the other", async () => {
    const registered = await first.api("POST", "/api/auth/register", {
      email: `slots-${Date.now()}@example.com`,
      password: "correct horse battery",
      firstName: "Dana",
      lastName: "Whitfield",
    });
    expect(registered.status).toBe(201);
    const { token } = (await registered.json()) as { token: string };
    const id = await createQuoteVia(first, token);

    const phone = connectClient(first, id, { device: `customer-phone-${id}`, ip: "203.0.113.7" });
    await writeOnce(first, id, phone, "selectedCreditTier", "excellent");
    destroyClient(phone);

    const strangers: Client[] = [];
    for (let i = 0; i < 8; i++) {
      const client = connectClient(second, id, { device: `stranger-${i}-${id}`, ip: `198.51.100.${i + 1}` });
      await writeOnce(second, id, client, "selectedCreditTier", i % 2 === 0 ? "fair" : "poor");
      strangers.push(client);
    }
    expect(await upgradeStatus(second, dealDocName(id), { ip: "192.0.2.50" })).toBe(429);
    // Each first write was kept by the append itself, by the database's clock (not at 0, as a
    // device that wrote before the records would be).
    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    const { rows } = await client
      .query<{ principal: string; written_at: string }>(
        "SELECT principal, written_at FROM live_first_writes WHERE quote_id = $1",
        [id],
      )
      .finally(() => client.end());
    const kept = new Map(rows.map((row) => [row.principal, Number(row.written_at)]));
    const phoneWrote = kept.get(`shopper:customer-phone-${id}`) as number;
    expect(phoneWrote).toBeGreaterThan(0);
    for (let i = 0; i < 8; i++) expect(kept.get(`shopper:stranger-${i}-${id}`)).toBeGreaterThan(phoneWrote);

    const back = connectClient(second, id, { device: `customer-phone-${id}`, ip: "203.0.113.7" });
    await synced(back);
    expect(back.closed).toEqual([]);
    const replaced = (client: Client) => client.closed.some((c) => c.code === LIVE_CLOSE_CODES.replaced);
    await eventually(() => expect(replaced(strangers[7] as Client)).toBe(true));
    for (const client of strangers.slice(0, 7)) expect(replaced(client)).toBe(false);
    // The phone writes again through the second process.
    await writeOnce(second, id, back, "downPayment", -900);
    for (const client of [back, ...strangers]) destroyClient(client);
  });
});
