import { LIVE_CLOSE_CODES } from "@shared/live/live-protocol";
import {
  dealArray,
  dealDocName,
  economicsDocName,
  privateDocName,
  readDoc,
  writeField,
} from "@shared/live/quote-doc";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTokenService } from "../auth/tokens";
import { createSqliteStores } from "../db/sqlite/stores";
import { createDealer } from "../test-support/fixtures";
import {
  connectClient,
  craftUpdate,
  createQuoteVia,
  destroyClient,
  eventually,
  type LiveHarness,
  rawSocket,
  startLiveHarness,
  synced,
  upgradeStatus,
} from "../test-support/live-test-kit";
import { accordBody } from "../test-support/stock-vehicles";

// Issue #38: the deal economics are dealer-private (the economics document), the gross follows the
// role rule in the REST answers, no shopper surface carries either, and the shopper's payment
// request is checked key by key on the server.

let h: LiveHarness;
beforeAll(async () => {
  // A request replacing the previous one at once: the caps (issue #47) have their own tests.
  h = await startLiveHarness({ env: { PAYMENT_REQUESTS_PER_MINUTE: "10", PAYMENT_REQUESTS_PER_HOUR: "10" } });
});
afterAll(async () => {
  await h.stop();
});

const settings = {
  pack: 500,
  participation: 75,
  buyRates: { excellent: { "72": 4.9 } },
  buyMoneyFactors: { excellent: 0.001 },
  salespeopleSeeGross: false,
};

type QuoteJson = {
  data: Record<string, unknown>;
  gross?: Record<string, number | null>;
  economics?: unknown;
};
const getQuote = async (id: string, token?: string) =>
  (await (await h.api("GET", `/api/quotes/${id}`, undefined, token)).json()) as QuoteJson;

/** Everything a value says, as text: no gross, cost, pack, buy rate or participation in it. */
const ECONOMIC_WORDS =
  /gross|economics|vehicleCost|"pack"|buyRate|buyMoneyFactor|participation|addOnCosts|26,?500/i;

async function ownerWithQuote() {
  const owner = await h.dealer();
  expect((await h.api("PUT", "/api/dealer-defaults/economics", settings, owner.token)).status).toBe(200);
  const id = await createQuoteVia(h, owner.token);
  const priv = connectClient(h, id, { token: owner.token, economics: true });
  await synced(priv);
  // The new quote's economics document starts from the dealership's defaults.
  expect(readDoc(priv.deal).economics).toMatchObject({ pack: 500, participation: 75 });
  writeField(priv.deal, "economics", { ...(readDoc(priv.deal).economics as object), vehicleCost: 20_000 });
  await eventually(async () => expect((await getQuote(id, owner.token)).gross?.front).toBe(4_000));
  return { owner, id, priv };
}

describe("deal economics and gross (issue #38)", () => {
  it("answers the gross to the owner: front = price - cost - pack; the economics beside it, never in data", async () => {
    const { owner, id, priv } = await ownerWithQuote();
    const quote = await getQuote(id, owner.token);
    // $25,000 - $500 discount - $20,000 cost - $500 pack; no add-ons; finance reserve at 72 months.
    expect(quote.gross).toMatchObject({ front: 4_000, addOns: 0 });
    expect(quote.gross?.total).toBe((quote.gross?.front ?? 0) + (quote.gross?.back ?? 0));
    expect(quote.economics).toMatchObject({ vehicleCost: 20_000, pack: 500 });
    expect(JSON.stringify(quote.data)).not.toMatch(ECONOMIC_WORDS);
    destroyClient(priv);
  });

  it("hides gross from a salesperson until the owner turns 'Salespeople see gross' on; only the owner turns it", async () => {
    const owner = await h.dealer();
    expect((await h.api("PUT", "/api/dealer-defaults/economics", settings, owner.token)).status).toBe(200);
    const tokens = createTokenService(createSqliteStores(h.db).users, h.server.config.jwtSecret);
    const sam = await createDealer(
      { db: h.db, tokens },
      { dealershipId: owner.user.dealershipId, role: "salesperson" },
    );
    const kim = await createDealer(
      { db: h.db, tokens },
      { dealershipId: owner.user.dealershipId, role: "manager" },
    );
    const id = await createQuoteVia(h, sam.token);
    const hidden = await getQuote(id, sam.token);
    expect(hidden.gross).toBeUndefined();
    expect(hidden.economics).toBeUndefined();
    expect(await (await h.api("GET", "/api/dealer-defaults/economics", undefined, sam.token)).json()).toEqual(
      {
        salespeopleSeeGross: false,
      },
    );
    // An add-on's cost is economics too: the salesperson reads the add-ons without it.
    const mats = await h.api(
      "POST",
      "/api/dealer-defaults/addons",
      { name: "Mats", description: "", price: 120, cost: 30 },
      owner.token,
    );
    expect(mats.status).toBe(201);
    const matsId = ((await mats.json()) as { addon: { id: string } }).addon.id;
    const addOnsOf = async (token: string) =>
      (await (await h.api("GET", "/api/dealer-defaults/addons", undefined, token)).json()) as {
        addons: Record<string, unknown>[];
      };
    expect((await addOnsOf(sam.token)).addons).toEqual([
      { id: matsId, name: "Mats", description: "", price: 120 },
    ]);
    expect(
      await (await h.api("GET", `/api/dealer-defaults/addons/${matsId}`, undefined, sam.token)).json(),
    ).toEqual({ addon: { id: matsId, name: "Mats", description: "", price: 120 } });
    expect((await addOnsOf(kim.token)).addons).toEqual([
      { id: matsId, name: "Mats", description: "", price: 120, cost: 30 },
    ]);
    // The manager sees gross but may not change who else does.
    expect((await getQuote(id, kim.token)).gross).toBeDefined();
    const managerTurn = await h.api(
      "PUT",
      "/api/dealer-defaults/economics",
      { ...settings, salespeopleSeeGross: true },
      kim.token,
    );
    expect(managerTurn.status).toBe(403);
    expect(((await managerTurn.json()) as { message: string }).message).toBe(
      "Only the owner can change whether salespeople see gross",
    );
    expect(
      (
        await h.api(
          "PUT",
          "/api/dealer-defaults/economics",
          { ...settings, salespeopleSeeGross: true },
          owner.token,
        )
      ).status,
    ).toBe(200);
    expect((await getQuote(id, sam.token)).gross).toMatchObject({ front: null, addOns: 0 });
    expect((await addOnsOf(sam.token)).addons[0]).toHaveProperty("cost", 30);
  });

  it("walks every shopper route and the shopper's live document: no gross, no cost, anywhere", async () => {
    const { owner, id, priv } = await ownerWithQuote();
    expect((await h.api("POST", `/api/quotes/${id}/versions`, {}, owner.token)).status).toBe(201);
    const shopperRoutes = [
      `/api/quotes/${id}`,
      `/api/quotes/${id}/versions`,
      `/api/quotes/${id}/versions/1`,
      `/api/quotes/${id}/sheet`,
      `/api/quotes/${id}/versions/1/sheet`,
      `/quote/${id}/sheet.pdf`,
      `/quote/${id}/versions/1/sheet.pdf`,
    ];
    for (const route of shopperRoutes) {
      const res = await h.api("GET", route);
      const body = Buffer.from(await res.arrayBuffer()).toString("latin1");
      expect(res.status, route).toBeLessThan(400);
      expect(body, route).not.toMatch(ECONOMIC_WORDS);
    }
    // The history is the dealer's: a shopper is refused.
    expect((await h.api("GET", `/api/quotes/${id}/history`)).status).toBeGreaterThanOrEqual(400);
    // The shopper's live document: the deal only; the private and economics documents refuse the shopper.
    const shopper = connectClient(h, id);
    await synced(shopper);
    expect(JSON.stringify(readDoc(shopper.deal))).not.toMatch(ECONOMIC_WORDS);
    expect(await upgradeStatus(h, privateDocName(id))).toBe(403);
    expect(await upgradeStatus(h, economicsDocName(id))).toBe(403);
    destroyClient(shopper);
    destroyClient(priv);
  });
});

describe("the vehicle's cost from stock (issues #37 and #38)", () => {
  it("copies the stock vehicle's cost into the new quote's economics document, never into the deal", async () => {
    const owner = await h.dealer();
    const created = await h.api("POST", "/api/inventory", accordBody(), owner.token);
    expect(created.status).toBe(201);
    const vehicle = (await created.json()) as { id: string };
    const res = await h.api("POST", "/api/quotes", { inventoryId: vehicle.id }, owner.token);
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const quote = await getQuote(id, owner.token);
    expect(quote.economics).toMatchObject({ vehicleCost: 4800.5 });
    // $6,995 - $4,800.50, no pack.
    expect(quote.gross?.front).toBe(2194.5);
    expect(JSON.stringify((await getQuote(id)).data)).not.toMatch(/4,?800/);
  });
});

describe("the shopper's payment request (issue #38)", () => {
  it("takes the exact keys from the shopper; refuses a stamped time, a long note, a dealer's answer or a bad structure, changing nothing", async () => {
    const owner = await h.dealer();
    const id = await createQuoteVia(h, owner.token);
    const shopper = connectClient(h, id);
    await synced(shopper);
    writeField(shopper.deal, "paymentRequest", {
      amount: 450,
      structure: "finance",
      note: "Can you do 450?",
    });
    await eventually(async () =>
      expect((await getQuote(id)).data.paymentRequest).toEqual({
        amount: 450,
        structure: "finance",
        note: "Can you do 450?",
      }),
    );
    const before = await getQuote(id);
    const attacks: [string, unknown][] = [
      ["paymentRequest.at", Date.now()],
      ["paymentRequest.note", "x".repeat(281)],
      ["paymentRequest.note", "line\u0007bell"],
      ["paymentRequest.structure", "cash"],
      ["paymentRequest.amount", -450],
      ["paymentRequest", { amount: 1, structure: "finance", note: "" }],
      [
        "paymentAnswer",
        { version: 1, request: { amount: 450, structure: "finance", note: "Can you do 450?" } },
      ],
    ];
    for (const [key, val] of attacks) {
      const raw = await rawSocket(h, dealDocName(id));
      raw.ws.send(craftUpdate(raw.doc, (copy) => dealArray(copy).push([{ key, val }])));
      expect((await raw.closed).code, key).toBe(LIVE_CLOSE_CODES.changeRefused);
    }
    expect(await getQuote(id)).toEqual(before);
    // A new request replaces the previous one; the history records it with the server's time.
    writeField(shopper.deal, "paymentRequest", { amount: 425, structure: "lease", note: "" });
    await eventually(async () =>
      expect((await getQuote(id)).data.paymentRequest).toMatchObject({ amount: 425 }),
    );
    const history = (await (
      await h.api("GET", `/api/quotes/${id}/history`, undefined, owner.token)
    ).json()) as {
      events: { field: string; newValue: string | null; role: string; at: number }[];
    };
    const asked = history.events.find((event) => event.field === "paymentRequest.amount");
    expect(asked).toMatchObject({ role: "SHOPPER", newValue: "$425.00/mo" });
    expect(Math.abs((asked?.at ?? 0) - Date.now())).toBeLessThan(60_000);
    destroyClient(shopper);
  });
});
