import { choiceOf } from "@shared/deal/presented-deal";
import { readDoc, writeField } from "@shared/live/quote-doc";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXPORT_HEADER } from "../analytics/desk-export";
import { createTokenService } from "../auth/tokens";
import { createSqliteStores } from "../db/sqlite/stores";
import { acceptAsShown, shownDeal } from "../test-support/accept-quote";
import { createDealer } from "../test-support/fixtures";
import {
  type Client,
  connectClient,
  createQuoteVia,
  destroyClient,
  eventually,
  type LiveHarness,
  startLiveHarness,
  synced,
} from "../test-support/live-test-kit";

// Issue #38: the desk log's Gross column (a listing column written by the rooms' compactions, from
// the deal and the economics document) and the gross on the dealer's copy of a version.
// Both follow the gross right; neither reaches a shopper.

let h: LiveHarness;
beforeAll(async () => {
  h = await startLiveHarness();
});
afterAll(async () => {
  await h.stop();
});

const settings = {
  pack: 500,
  participation: 75,
  buyRates: {},
  buyMoneyFactors: {},
  salespeopleSeeGross: false,
};

/** The owner turns "Salespeople see gross" on. */
async function salespeopleSeeGross(ownerToken: string) {
  const res = await h.api(
    "PUT",
    "/api/dealer-defaults/economics",
    { ...settings, salespeopleSeeGross: true },
    ownerToken,
  );
  expect(res.status).toBe(200);
}

type Listed = { id: string; gross?: number | null };
const list = async (token: string) =>
  (await (await h.api("GET", "/api/quotes", undefined, token)).json()) as Listed[];
const listedGross = async (token: string, id: string) => (await list(token)).find((q) => q.id === id);
const quoteGross = async (id: string, token: string) =>
  (
    (await (await h.api("GET", `/api/quotes/${id}`, undefined, token)).json()) as {
      gross?: { front: number | null; back: number; total: number | null };
    }
  ).gross;

/** Everything a shopper's answer says, as text: no gross, cost or economics. */
const ECONOMIC_WORDS = /gross|economics|vehicleCost|"pack"|buyRate|participation|addOnCosts/i;

/** The dealer edits only the economics document (the vehicle's cost), then leaves: the room compacts. */
async function setVehicleCost(id: string, token: string, cost: number) {
  const priv: Client = connectClient(h, id, { token, economics: true });
  await synced(priv);
  writeField(priv.deal, "economics", { ...(readDoc(priv.deal).economics as object), vehicleCost: cost });
  await eventually(async () => expect((await quoteGross(id, token))?.front).not.toBeNull());
  destroyClient(priv);
}

async function dealership() {
  const owner = await h.dealer();
  expect((await h.api("PUT", "/api/dealer-defaults/economics", settings, owner.token)).status).toBe(200);
  const tokens = createTokenService(createSqliteStores(h.db).users, h.server.config.jwtSecret);
  const sam = await createDealer(
    { db: h.db, tokens },
    { dealershipId: owner.user.dealershipId, role: "salesperson" },
  );
  return { owner, sam };
}

describe("the desk log's Gross column (issue #38)", () => {
  it("follows a change of the economics document alone, for the owner; null until the cost is known", async () => {
    const { owner } = await dealership();
    const id = await createQuoteVia(h, owner.token);
    // A new quote has no vehicle cost: its gross is not known, and the column says so (null).
    expect(await listedGross(owner.token, id)).toMatchObject({ gross: null });
    await setVehicleCost(id, owner.token, 20_000);
    const total = (await quoteGross(id, owner.token))?.total;
    expect(total).toEqual(expect.any(Number));
    // The room compacts when its last connection leaves: the column holds the Desk panel's own figure.
    await eventually(async () => expect((await listedGross(owner.token, id))?.gross).toBe(total));
    const stored = (await createSqliteStores(h.db).quotes.find(id))?.grossCents;
    expect(stored).toBe(Math.round((total ?? 0) * 100));
    // A second change moves it again.
    await setVehicleCost(id, owner.token, 21_000);
    await eventually(async () =>
      expect((await listedGross(owner.token, id))?.gross).toBe((total ?? 0) - 1000),
    );
    // The desk log's CSV carries it too (owners and managers only).
    const csv = await (await h.api("GET", "/api/quotes/export.csv", undefined, owner.token)).text();
    const [header, row] = csv.split("\r\n");
    expect(header?.split(",").at(-1)).toBe(EXPORT_HEADER.at(-1));
    expect(EXPORT_HEADER.at(-1)).toBe("Gross");
    expect(row?.split(",").at(-1)).toBe(((total ?? 0) - 1000).toFixed(2));
  });

  it("is absent for a salesperson until the owner turns 'Salespeople see gross' on; never for a shopper", async () => {
    const { owner, sam } = await dealership();
    const id = await createQuoteVia(h, sam.token);
    await setVehicleCost(id, owner.token, 20_000);
    const total = (await quoteGross(id, owner.token))?.total;
    await eventually(async () => expect((await listedGross(owner.token, id))?.gross).toBe(total));
    const hidden = await listedGross(sam.token, id);
    expect(hidden).toBeDefined();
    expect(hidden && "gross" in hidden).toBe(false);
    await salespeopleSeeGross(owner.token);
    expect(await listedGross(sam.token, id)).toMatchObject({ gross: total });
    // The list is the dealer's: a shopper (no token) is refused, and learns nothing of gross.
    const shopper = await h.api("GET", "/api/quotes");
    expect(shopper.status).toBe(401);
    expect(await shopper.text()).not.toMatch(ECONOMIC_WORDS);
  });
});

describe("the gross on the dealer's copy of a version (issue #38)", () => {
  it("stores the economics with a saved version; answers its gross to a dealer who sees gross only", async () => {
    const { owner, sam } = await dealership();
    const id = await createQuoteVia(h, sam.token);
    await setVehicleCost(id, owner.token, 20_000);
    const atSave = await quoteGross(id, owner.token);
    expect((await h.api("POST", `/api/quotes/${id}/versions`, {}, sam.token)).status).toBe(201);
    // The cost changes after the version: the version keeps the gross it was saved with.
    await setVehicleCost(id, owner.token, 22_000);
    type Version = { snapshot: unknown; gross?: unknown; economics?: unknown };
    const version = async (token?: string) =>
      (await (await h.api("GET", `/api/quotes/${id}/versions/1`, undefined, token)).json()) as Version;
    const owners = await version(owner.token);
    expect(owners.gross).toEqual(atSave);
    expect(owners.economics).toMatchObject({ vehicleCost: 20_000, pack: 500, participation: 75 });
    expect(JSON.stringify(owners.snapshot)).not.toMatch(ECONOMIC_WORDS);
    // The salesperson's copy (the setting is off): no gross, no economics.
    const sams = await version(sam.token);
    expect(sams.snapshot).toEqual(owners.snapshot);
    expect(JSON.stringify(sams)).not.toMatch(ECONOMIC_WORDS);
    // The shopper's copy, the version list and both sheets: nothing of it.
    for (const route of [
      `/api/quotes/${id}/versions/1`,
      `/api/quotes/${id}/versions`,
      `/api/quotes/${id}/versions/1/sheet`,
      `/quote/${id}/versions/1/sheet.pdf`,
    ]) {
      const res = await h.api("GET", route);
      expect(res.status, route).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).toString("latin1"), route).not.toMatch(ECONOMIC_WORDS);
    }
    // The dealer's sheet of the version is a sheet: no economics in it either.
    const dealerSheet = await h.api("GET", `/api/quotes/${id}/versions/1/sheet`, undefined, owner.token);
    expect(await dealerSheet.text()).not.toMatch(ECONOMIC_WORDS);
    // Once the owner turns the setting on, the salesperson's copy carries the gross.
    await salespeopleSeeGross(owner.token);
    expect((await version(sam.token)).gross).toEqual(atSave);
  });

  it("keeps the accepted deal's gross on the accepted version, never in the shopper's answer", async () => {
    const { owner } = await dealership();
    const id = await createQuoteVia(h, owner.token);
    await setVehicleCost(id, owner.token, 20_000);
    // Issue #46: the deal as presented, accepted with its fingerprint.
    const { selected } = await shownDeal(h.api, id);
    const accept = await acceptAsShown(h.api, id, {
      name: "Pat Doe",
      phone: "15551234567",
      email: "pat@example.com",
      structure: choiceOf(selected),
    });
    const answer = await accept.text();
    expect(accept.status, answer).toBe(201);
    expect(answer).not.toMatch(ECONOMIC_WORDS);
    const owners = (await (
      await h.api("GET", `/api/quotes/${id}/versions/1`, undefined, owner.token)
    ).json()) as {
      kind: string;
      gross?: { front: number | null };
    };
    expect(owners.kind).toBe("accepted");
    expect(owners.gross?.front).toEqual(expect.any(Number));
  });
});
