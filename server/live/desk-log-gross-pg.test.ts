import { readDoc, writeField } from "@shared/live/quote-doc";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  connectClient,
  createQuoteVia,
  destroyClient,
  eventually,
  type LiveHarness,
  startLiveHarness,
  synced,
} from "../test-support/live-test-kit";
import { type PostgresService, startPostgres } from "../test-support/services";

// Issue #38 on PostgreSQL (the rooms' shared mode): the desk log's Gross column follows a change
// of the economics document alone, written by the room's compaction through the shared live store.

let postgres: PostgresService;
let h: LiveHarness;
beforeAll(async () => {
  postgres = await startPostgres();
  h = await startLiveHarness({ env: { DATABASE_URL: postgres.url } });
}, 120_000);
afterAll(async () => {
  await h?.stop();
  await postgres?.cleanup();
});

describe("the desk log's Gross column on PostgreSQL (issue #38)", () => {
  it("is written when the economics document's room compacts, and answered to the owner", async () => {
    const registered = await h.api("POST", "/api/auth/register", {
      email: `gross-${Date.now()}@example.com`,
      password: "correct horse battery",
      firstName: "Dana",
      lastName: "Whitfield",
      dealershipName: "Example Motors",
    });
    expect(registered.status).toBe(201);
    const { token } = (await registered.json()) as { token: string };
    const settings = {
      pack: 500,
      participation: 0,
      buyRates: {},
      buyMoneyFactors: {},
      salespeopleSeeGross: false,
    };
    expect((await h.api("PUT", "/api/dealer-defaults/economics", settings, token)).status).toBe(200);
    const id = await createQuoteVia(h, token);
    const listed = async () =>
      (
        (await (await h.api("GET", "/api/quotes", undefined, token)).json()) as {
          id: string;
          gross?: number | null;
        }[]
      ).find((q) => q.id === id);
    expect(await listed()).toMatchObject({ gross: null });

    const priv = connectClient(h, id, { token, economics: true });
    await synced(priv);
    writeField(priv.deal, "economics", { ...(readDoc(priv.deal).economics as object), vehicleCost: 20_000 });
    const gross = async () =>
      (
        (await (await h.api("GET", `/api/quotes/${id}`, undefined, token)).json()) as {
          gross?: { total: number | null };
        }
      ).gross?.total;
    await eventually(async () => expect(await gross()).toEqual(expect.any(Number)));
    const total = await gross();
    destroyClient(priv);
    await eventually(async () => expect((await listed())?.gross).toBe(total), 10_000);
    // It was PostgreSQL's row: the data dir's SQLite file holds no quote.
    expect(h.db.$client.prepare("SELECT count(*) AS n FROM quotes").get()).toEqual({ n: 0 });
  });
});
