import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, expect, it } from "vitest";
import { quotes } from "../db/schema";
import { createQuoteVia, eventually, startLiveHarness } from "../test-support/live-test-kit";

// Quotes stored before the desk log's out-the-door column (migration 0004) have it empty: the
// server fills it in after start-up from the stored deal, and a quote without a stored document
// keeps the dash.

const dir = mkdtempSync(path.join(tmpdir(), "dealdesk-backfill-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it("fills in the out-the-door price of quotes from before the column, after start-up", async () => {
  const first = await startLiveHarness({ dataDir: dir });
  const { token, user } = await first.dealer();
  const ids = [await createQuoteVia(first, token), await createQuoteVia(first, token)];
  const stored = (id: string) =>
    first.db.select().from(quotes).where(eq(quotes.id, id)).get()?.outTheDoorCents;
  const figures = ids.map(stored);
  expect(figures[0]).toBeGreaterThan(0);
  // As a database from before the column: empty, plus a listing row with no document at all.
  first.db.update(quotes).set({ outTheDoorCents: null }).run();
  first.db.$client
    .prepare(
      "INSERT INTO quotes (id, dealer_id, salesperson_id, created_at, expires_at, updated_at, vehicle_description, customer_name) VALUES ('no-doc', ?, ?, 1, 2, 1, 'Row only', '')",
    )
    .run(user.dealershipId, user.id);
  await first.stop();

  const second = await startLiveHarness({ dataDir: dir });
  try {
    const read = (id: string) =>
      second.db.select().from(quotes).where(eq(quotes.id, id)).get()?.outTheDoorCents;
    await eventually(() => expect(ids.map(read)).toEqual(figures));
    expect(read("no-doc")).toBeNull();
    // The line comes once the backfill has found nothing more to fill.
    await eventually(() =>
      expect(second.logs).toContain("desk log: out-the-door price filled in for 2 quotes"),
    );
    const list = (await (await second.api("GET", "/api/quotes", undefined, token)).json()) as {
      id: string;
      outTheDoorPrice: number | null;
    }[];
    expect(list.find((row) => row.id === ids[0])?.outTheDoorPrice).toBe((figures[0] as number) / 100);
    expect(list.find((row) => row.id === "no-doc")?.outTheDoorPrice).toBeNull();
  } finally {
    await second.stop();
  }
});
