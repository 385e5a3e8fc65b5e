import type { QuoteListItem } from "@shared/core/api-types";
import { computeBreakdown, defaultDownPayment } from "@shared/deal/pricing";
import { readDoc, writeField } from "@shared/live/quote-doc";
import { type QuoteData, quoteDataSchema, SHOPPER_WRITABLE_FIELDS } from "@shared/schemas/quote-schema";
import { MSG } from "@shared/text/messages";
import { CORE_MSG } from "@shared/text/page-text";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  defaultAddons,
  defaultDealerFees,
  defaultGovernmentFees,
  defaultTaxes,
  interestRateDefaults,
  quotes,
  yjsDocuments,
  yjsUpdates,
} from "../db/schema";
import { createSqliteStores } from "../db/sqlite/stores";
import {
  connectClient,
  createQuoteVia,
  destroyClient,
  eventually,
  type LiveHarness,
  sampleQuote,
  startLiveHarness,
  synced,
} from "../test-support/live-test-kit";

let h: LiveHarness;
beforeAll(async () => {
  h = await startLiveHarness();
});
afterAll(async () => {
  await h.stop();
});

const DAY = 24 * 60 * 60 * 1000;

function seedDefaults(dealerId: string) {
  const now = Date.now();
  const row = { dealerId, createdAt: now, updatedAt: now };
  h.db
    .insert(defaultAddons)
    .values([
      { ...row, id: "a1", name: "Tint", description: "Ceramic", priceCents: 49_900 },
      { ...row, id: "a2", name: "Mats", description: "", priceCents: 12_050, createdAt: now + 1 },
      { ...row, id: "a3", name: "Gone", description: "", priceCents: 100, deletedAt: now },
    ])
    .run();
  h.db
    .insert(defaultDealerFees)
    .values([{ ...row, id: "f1", name: "Doc fee", description: "Paperwork", amountCents: 19_900 }])
    .run();
  h.db
    .insert(defaultGovernmentFees)
    .values([
      { ...row, id: "g1", name: "Title", description: "", amountCents: 7_500 },
      { ...row, id: "g2", name: "Old", description: "", amountCents: 1, deletedAt: now },
    ])
    .run();
  h.db
    .insert(defaultTaxes)
    .values([{ ...row, id: "t1", description: "State tax", rate: 6.25 }])
    .run();
  h.db
    .insert(interestRateDefaults)
    .values({ dealerId, tier: "good", termMonths: 60, rate: 5.55, updatedAt: now })
    .run();
}

describe("POST /api/quotes", () => {
  it("creates the quote with the dealer's active defaults snapshotted and the default downpayment", async () => {
    const { user, token } = await h.dealer();
    seedDefaults(user.dealershipId);
    const before = Date.now();
    const id = await createQuoteVia(h, token);
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);

    const res = await h.api("GET", `/api/quotes/${id}`, undefined, token);
    expect(res.status).toBe(200);
    const quote = (await res.json()) as {
      id: string;
      created_at: string;
      expires_at: string;
      expired: boolean;
      data: QuoteData & { customerInfo?: unknown };
    };
    const created = Date.parse(quote.created_at);
    expect(created).toBeGreaterThanOrEqual(before - 5);
    expect(Date.parse(quote.expires_at) - created).toBe(7 * DAY);
    expect(quote.expired).toBe(false);
    const { data } = quote;
    // Issue #34: new or used is always stored; the sample's 12,000 miles default to used.
    expect(data.vehicle).toEqual({ ...sampleQuote.vehicle, isNew: false });
    expect(data.pricing).toEqual(sampleQuote.pricing);
    expect(data.addOns).toEqual([
      { id: "a1", name: "Tint", description: "Ceramic", price: 499, isSelected: false },
      { id: "a2", name: "Mats", description: "", price: 120.5, isSelected: false },
    ]);
    expect(data.dealerFeeItems).toEqual([
      { id: "f1", name: "Doc fee", description: "Paperwork", amount: 199 },
    ]);
    expect(data.governmentFeeItems).toEqual([{ id: "g1", name: "Title", description: "", amount: 75 }]);
    expect(data.taxItems).toEqual([{ id: "t1", name: "State tax", description: "", rate: 6.25 }]);
    expect(data.interestRates.good["60"]).toBe(5.55);
    expect(data.interestRates.excellent["24"]).toBeTypeOf("number");
    expect(data.selectedCreditTier).toBe("good");
    expect(data.tradeIn).toEqual({
      hasTradeIn: false,
      vehicle: { description: "", vin: "", mileage: 0, condition: "Good" },
    });
    expect(data.amountOwedOnTradeIn).toBe(0);
    expect(data.customInterestRates).toEqual({});
    // -10% of the total balance with these add-ons, fees and taxes, whole dollars, written once.
    const { customerInfo: _dealerOnly, ...deal } = data;
    expect(data.downPayment).toBe(defaultDownPayment(quoteDataSchema.parse({ ...deal, downPayment: 0 })));
    expect(data.downPayment).toBeLessThan(-2000);
    expect(data.customerInfo).toEqual({ name: "" });
  });

  it("answers 400 with field errors and creates nothing for a bad body", async () => {
    const { user, token } = await h.dealer();
    const res = await h.api(
      "POST",
      "/api/quotes",
      { vehicle: { description: "" }, pricing: { advertisedPrice: -1 } },
      token,
    );
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: { field: string; message: string }[] };
    expect(body.errors.map((e) => e.field)).toEqual(
      expect.arrayContaining(["vehicle.description", "pricing.advertisedPrice"]),
    );
    expect(body.errors.find((e) => e.field === "vehicle.description")?.message).toBe(MSG.descriptionRequired);
    expect(h.db.select().from(quotes).where(eq(quotes.dealerId, user.id)).all()).toHaveLength(0);
  });

  it("refuses a discount above the price with the form's message, never capping it", async () => {
    const { user, token } = await h.dealer();
    const res = await h.api(
      "POST",
      "/api/quotes",
      {
        vehicle: { description: "2024 Honda Civic" },
        pricing: { advertisedPrice: 25_000, discount: 25_000.01 },
      },
      token,
    );
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: { field: string; message: string }[] };
    expect(body.errors).toContainEqual({
      field: "pricing.discount",
      message: CORE_MSG.discountAboveAdvertised,
    });
    expect(h.db.select().from(quotes).where(eq(quotes.dealerId, user.id)).all()).toHaveLength(0);
  });

  it("takes new or used and the MSRP, and answers them with the vehicle (issue #34)", async () => {
    const { token } = await h.dealer();
    const create = async (vehicle: Record<string, unknown>) =>
      h.api(
        "POST",
        "/api/quotes",
        {
          vehicle: { description: "2026 Honda Civic", mileage: 12, ...vehicle },
          pricing: { advertisedPrice: 27_000 },
        },
        token,
      );
    const read = async (res: Response) => {
      const { id } = (await res.json()) as { id: string };
      const body = (await (await h.api("GET", `/api/quotes/${id}`, undefined, token)).json()) as {
        data: { vehicle: Record<string, unknown> };
      };
      return body.data.vehicle;
    };
    expect(await read(await create({ isNew: true, msrp: 28_450 }))).toMatchObject({
      isNew: true,
      msrp: 28_450,
    });
    // Without the field: the form's default, new at 1,000 miles or fewer, used above.
    expect(await read(await create({}))).toMatchObject({ isNew: true });
    const used = await read(await create({ mileage: 12_450 }));
    expect(used).toMatchObject({ isNew: false });
    expect(used).not.toHaveProperty("msrp");
    const bad = await create({ msrp: -1 });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: { field: string }[] }).errors[0]?.field).toBe("vehicle.msrp");
  });

  it("requires a signed-in dealer to create, list and delete", async () => {
    const { token } = await h.dealer();
    const id = await createQuoteVia(h, token);
    const calls: [string, string][] = [
      ["POST", "/api/quotes"],
      ["GET", "/api/quotes"],
      ["DELETE", `/api/quotes/${id}`],
    ];
    for (const [method, url] of calls) {
      const res = await h.api(method, url, method === "POST" ? sampleQuote : undefined);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ message: CORE_MSG.authenticationRequired });
    }
    const revoked = await h.api("GET", "/api/quotes", undefined, `${token}x`);
    expect(revoked.status).toBe(401);
    expect((await h.api("GET", `/api/quotes/${id}`)).status).toBe(200);
  });
});

describe("GET /api/quotes", () => {
  it("lists the dealer's own quotes from the listing columns, newest first, following live edits", async () => {
    const { token } = await h.dealer();
    const other = await h.dealer();
    const first = await createQuoteVia(h, token);
    const second = await createQuoteVia(h, token, {
      ...sampleQuote,
      vehicle: { ...sampleQuote.vehicle, description: "2019 Ford F-150" },
    });
    await createQuoteVia(h, other.token);

    const dealer = connectClient(h, first, { token });
    const priv = connectClient(h, first, { token, private: true });
    await Promise.all([synced(dealer), synced(priv)]);
    writeField(dealer.deal, "vehicle", { ...sampleQuote.vehicle, description: "2022 Honda Civic Sport" });
    writeField(priv.deal, "customerInfo", { name: "Pat Shopper", email: "pat@example.com", phone: "" });

    await eventually(async () => {
      const res = await h.api("GET", "/api/quotes", undefined, token);
      expect(res.status).toBe(200);
      const list = (await res.json()) as Record<string, string>[];
      expect(list.map((q) => q.id)).toEqual([second, first]);
      expect(list[1]).toEqual({
        id: first,
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        expires_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        vehicleDescription: "2022 Honda Civic Sport",
        customerName: "Pat Shopper",
        salesperson: { id: expect.any(String), name: "Dana Dealer" },
        outTheDoorPrice: expect.any(Number),
        accepted: false,
        // Issue #38: the owner sees gross; not known while the vehicle's cost is not entered.
        gross: null,
      });
    });
    destroyClient(dealer);
    destroyClient(priv);
  });

  it("gives the desk log each deal's out-the-door price, the quote page's own figure, live and after the room unloads", async () => {
    const { token } = await h.dealer();
    const id = await createQuoteVia(h, token);
    const pageFigure = async () => {
      const res = await h.api("GET", `/api/quotes/${id}`, undefined, token);
      const { customerInfo: _private, ...deal } = ((await res.json()) as { data: Record<string, unknown> })
        .data;
      const data = quoteDataSchema.parse(deal);
      return computeBreakdown(data).outTheDoorPrice / 100;
    };
    const listed = async () => {
      const list = (await (await h.api("GET", "/api/quotes", undefined, token)).json()) as QuoteListItem[];
      return list.find((row) => row.id === id)?.outTheDoorPrice;
    };
    const atCreation = await pageFigure();
    expect(atCreation).toBeGreaterThan(0);
    expect(await listed()).toBe(atCreation);

    // While the deal is edited live, the listing follows the room.
    const dealer = connectClient(h, id, { token });
    await synced(dealer);
    writeField(dealer.deal, "pricing", { ...sampleQuote.pricing, discount: 1234.56 });
    await eventually(async () => expect(await listed()).toBeLessThan(atCreation - 734)); // 500 → 1,234.56 off
    const edited = await pageFigure();
    expect(await listed()).toBe(edited);

    // The last one out compacts: the stored column holds the same figure for the next listing.
    destroyClient(dealer);
    await eventually(() =>
      expect(h.db.select().from(quotes).where(eq(quotes.id, id)).get()?.outTheDoorCents).toBe(
        Math.round(edited * 100),
      ),
    );
    expect(await listed()).toBe(edited);
  });

  it("answers in under 200 ms for a dealer with 5,000 quotes", async () => {
    const { user, token } = await h.dealer();
    const now = Date.now();
    const insert = h.db.$client.prepare(
      "INSERT INTO quotes (id, dealer_id, salesperson_id, created_at, expires_at, updated_at, vehicle_description, customer_name) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
    );
    h.db.$client.transaction(() => {
      for (let i = 0; i < 5000; i++)
        insert.run(
          `bulk-${user.id}-${i}`,
          user.dealershipId,
          user.id,
          now - i,
          now + DAY,
          now,
          `Car ${i}`,
          `Buyer ${i}`,
        );
    })();
    await h.api("GET", "/api/quotes", undefined, token); // warm-up
    // The best of three: vitest runs other files on the same 2 cores meanwhile, and one slice of
    // their work must not decide a figure of this server.
    const times: number[] = [];
    for (let round = 0; round < 3; round++) {
      const started = performance.now();
      const res = await h.api("GET", "/api/quotes", undefined, token);
      const list = (await res.json()) as unknown[];
      times.push(performance.now() - started);
      expect(list).toHaveLength(5000);
    }
    expect(Math.min(...times)).toBeLessThan(200);
  });
});

describe("GET /api/quotes/{id}", () => {
  it("gives customerInfo to its dealer only, 404 to other dealers and for unknown ids", async () => {
    const { token } = await h.dealer();
    const other = await h.dealer();
    const id = await createQuoteVia(h, token);
    const priv = connectClient(h, id, { token, private: true });
    await synced(priv);
    writeField(priv.deal, "customerInfo", {
      name: "Pat Shopper",
      email: "pat@example.com",
      phone: "15551234567",
    });
    await eventually(async () => {
      const mine = (await (await h.api("GET", `/api/quotes/${id}`, undefined, token)).json()) as {
        data: Record<string, unknown>;
      };
      expect(mine.data.customerInfo).toEqual({
        name: "Pat Shopper",
        email: "pat@example.com",
        phone: "15551234567",
      });
    });
    destroyClient(priv);

    const shopper = await h.api("GET", `/api/quotes/${id}`);
    expect(shopper.status).toBe(200);
    const shopperBody = (await shopper.json()) as { data: Record<string, unknown> };
    expect(shopperBody.data).not.toHaveProperty("customerInfo");
    expect(JSON.stringify(shopperBody)).not.toContain("Pat Shopper");
    expect(shopperBody.data.vehicle).toEqual({ ...sampleQuote.vehicle, isNew: false });

    const foreign = await h.api("GET", `/api/quotes/${id}`, undefined, other.token);
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({ message: CORE_MSG.quoteNotFound });
    const unknown = await h.api("GET", "/api/quotes/AAAAAAAAAAAAAAAAAAAAAA");
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: CORE_MSG.quoteNotFound });
  });

  it("names the dealership and consultant to every viewer, the shopper included", async () => {
    const { user, token } = await h.dealer();
    await createSqliteStores(h.db).dealerships.updateProfile(user.dealershipId, {
      dealershipName: "Example Motors",
      streetAddress: "1 Main St",
      city: "Springfield",
      state: "IL",
      zipCode: "62701",
      phoneNumber: "5551234567",
    });
    const id = await createQuoteVia(h, token);
    const body = (await (await h.api("GET", `/api/quotes/${id}`)).json()) as { dealership: unknown };
    expect(body.dealership).toEqual({
      dealershipName: "Example Motors",
      streetAddress: "1 Main St",
      city: "Springfield",
      state: "IL",
      zipCode: "62701",
      phoneNumber: "5551234567",
      consultant: `${user.firstName} ${user.lastName}`,
    });
  });

  it("reads the live document while its room is loaded", async () => {
    const { token } = await h.dealer();
    const id = await createQuoteVia(h, token);
    const dealer = connectClient(h, id, { token });
    await synced(dealer);
    writeField(dealer.deal, "downPayment", -4321);
    await eventually(async () => {
      const body = (await (await h.api("GET", `/api/quotes/${id}`)).json()) as {
        data: Record<string, unknown>;
      };
      expect(body.data.downPayment).toBe(-4321);
    });
    destroyClient(dealer);
  });
});

describe("DELETE /api/quotes/{id}", () => {
  it("removes the row and the documents and closes the rooms; another dealer gets 404 and changes nothing", async () => {
    const { token } = await h.dealer();
    const other = await h.dealer();
    const id = await createQuoteVia(h, token);
    const dealer = connectClient(h, id, { token });
    const shopper = connectClient(h, id);
    await Promise.all([synced(dealer), synced(shopper)]);
    writeField(shopper.deal, "downPayment", -1000);
    await eventually(() =>
      expect(h.db.select().from(yjsUpdates).where(eq(yjsUpdates.quoteId, id)).all().length).toBeGreaterThan(
        0,
      ),
    );

    const foreign = await h.api("DELETE", `/api/quotes/${id}`, undefined, other.token);
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({ message: CORE_MSG.quoteNotFound });
    expect(h.db.select().from(quotes).where(eq(quotes.id, id)).all()).toHaveLength(1);
    expect(shopper.provider.wsconnected).toBe(true);

    const res = await h.api("DELETE", `/api/quotes/${id}`, undefined, token);
    expect(res.status).toBe(204);
    expect(h.db.select().from(quotes).where(eq(quotes.id, id)).all()).toHaveLength(0);
    expect(h.db.select().from(yjsDocuments).where(eq(yjsDocuments.quoteId, id)).all()).toHaveLength(0);
    expect(h.db.select().from(yjsUpdates).where(eq(yjsUpdates.quoteId, id)).all()).toHaveLength(0);
    await eventually(() => {
      expect(shopper.closed.map((c) => c.code)).toContain(4404);
      expect(dealer.closed.map((c) => c.code)).toContain(4404);
    });
    expect((await h.api("GET", `/api/quotes/${id}`, undefined, token)).status).toBe(404);
    expect((await h.api("DELETE", `/api/quotes/${id}`, undefined, token)).status).toBe(404);
    expect(readDoc(shopper.deal).downPayment).toBe(-1000);
    destroyClient(dealer);
    destroyClient(shopper);
  });
});

describe("POST /api/quotes/{id}/renew (issue #14)", () => {
  it("gives an expired quote a new expiry: the shopper may write again at once, and the history says so", async () => {
    const { token } = await h.dealer();
    const other = await h.dealer();
    const id = await createQuoteVia(h, token);
    const past = Date.now() - DAY;
    h.db.update(quotes).set({ expiresAt: past }).where(eq(quotes.id, id)).run();
    // The room is loaded (the dealer is in it) while it is renewed.
    const dealer = connectClient(h, id, { token });
    await synced(dealer);

    for (const [who, status] of [
      [other.token, 404],
      [undefined, 401],
    ] as const) {
      const refused = await h.api("POST", `/api/quotes/${id}/renew`, undefined, who);
      expect(refused.status).toBe(status);
    }
    expect(h.db.select().from(quotes).where(eq(quotes.id, id)).get()?.expiresAt).toBe(past);

    const before = Date.now();
    const res = await h.api("POST", `/api/quotes/${id}/renew`, undefined, token);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { id: string; expires_at: string };
    expect(body.id).toBe(id);
    const renewed = Date.parse(body.expires_at);
    const days = h.server.config.quoteValidityDays;
    expect(renewed).toBeGreaterThanOrEqual(before + days * DAY);
    expect(renewed).toBeLessThanOrEqual(Date.now() + days * DAY);
    expect(h.db.select().from(quotes).where(eq(quotes.id, id)).get()?.expiresAt).toBe(renewed);
    const read = (await (await h.api("GET", `/api/quotes/${id}`)).json()) as { expired: boolean };
    expect(read.expired).toBe(false);

    const shopper = connectClient(h, id);
    await synced(shopper);
    writeField(shopper.deal, "downPayment", -2468);
    await eventually(() => expect(readDoc(dealer.deal).downPayment).toBe(-2468));
    expect(shopper.closed).toEqual([]);

    const history = (await (await h.api("GET", `/api/quotes/${id}/history`, undefined, token)).json()) as {
      events: { field: string; oldValue: string; newValue: string }[];
    };
    const event = history.events.find((e) => e.field === "expiresAt");
    expect(event?.oldValue).toBe(new Date(past).toISOString());
    expect(event?.newValue).toBe(body.expires_at);
    destroyClient(shopper);
    destroyClient(dealer);
  });
});

describe("POST /api/quotes/{id}/duplicate (issue #14)", () => {
  it("copies only the dealer's side for another shopper: fresh id and link, no customer info, no shopper-written key (issue #34)", async () => {
    const { token } = await h.dealer();
    const other = await h.dealer();
    const id = await createQuoteVia(h, token);
    const dealer = connectClient(h, id, { token });
    const privateDoc = connectClient(h, id, { token, private: true });
    const shopper = connectClient(h, id);
    await Promise.all([synced(dealer), synced(privateDoc), synced(shopper)]);
    const firstShopper = {
      tradeIn: {
        hasTradeIn: true,
        vehicle: { description: "2015 Toyota Camry", vin: "", mileage: 98_000, condition: "Good" },
      },
      amountOwedOnTradeIn: 4200,
      downPayment: -3100,
      selectedCreditTier: "fair",
      shopperChoice: { structure: "cash" },
      // Issue #38: the first shopper's payment request is theirs too.
      paymentRequest: { amount: 450, structure: "finance", note: "Can you do 450?" },
    } as const;
    for (const [field, value] of Object.entries(firstShopper)) writeField(shopper.deal, field, value);
    await eventually(() => expect(readDoc(dealer.deal).selectedCreditTier).toBe("fair"));
    // The dealer appraises the first shopper's car and prices the deal.
    writeField(dealer.deal, "tradeIn", {
      ...firstShopper.tradeIn,
      vehicle: { ...firstShopper.tradeIn.vehicle, value: 14_000 },
    });
    writeField(dealer.deal, "pricing", { advertisedPrice: 25_000, discount: 1_250 });
    writeField(privateDoc.deal, "customerInfo", { name: "Pat Shopper", email: "pat@example.com" });
    await eventually(async () => {
      const body = (await (await h.api("GET", `/api/quotes/${id}`, undefined, token)).json()) as {
        data: {
          customerInfo: { name: string };
          downPayment: number;
          tradeIn: { vehicle: { value?: number } };
        };
      };
      expect(body.data.customerInfo.name).toBe("Pat Shopper");
      expect(body.data.downPayment).toBe(-3100);
      expect(body.data.tradeIn.vehicle.value).toBe(14_000);
      expect(body.data).toHaveProperty("shopperChoice");
    });

    const foreign = await h.api("POST", `/api/quotes/${id}/duplicate`, undefined, other.token);
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({ message: CORE_MSG.quoteNotFound });
    expect((await h.api("POST", `/api/quotes/${id}/duplicate`)).status).toBe(401);

    const res = await h.api("POST", `/api/quotes/${id}/duplicate`, undefined, token);
    expect(res.status).toBe(201);
    const copyId = ((await res.json()) as { id: string }).id;
    expect(copyId).not.toBe(id);
    expect(copyId).toMatch(/^[A-Za-z0-9_-]{22}$/);

    type Read = { data: Record<string, unknown> & { customerInfo: unknown }; expired: boolean };
    const original = (await (await h.api("GET", `/api/quotes/${id}`, undefined, token)).json()) as Read;
    const copy = (await (await h.api("GET", `/api/quotes/${copyId}`, undefined, token)).json()) as Read;
    // Every key a shopper may write (the permissions table) starts from the defaults of a new quote.
    const { customerInfo: _none, ...copiedDeal } = copy.data;
    const fresh = quoteDataSchema.parse(copiedDeal);
    for (const field of SHOPPER_WRITABLE_FIELDS) {
      expect(copy.data[field], field).not.toEqual(original.data[field]);
    }
    expect(copy.data.shopperChoice).toBeUndefined();
    expect(copy.data.paymentRequest).toBeUndefined();
    expect(copy.data.tradeIn).toEqual({
      hasTradeIn: false,
      vehicle: { description: "", vin: "", mileage: 0, condition: "Good" },
    });
    expect(copy.data.amountOwedOnTradeIn).toBe(0);
    expect(copy.data.selectedCreditTier).toBe("good");
    expect(copy.data.downPayment).toBe(defaultDownPayment(fresh));
    // The dealer's side is copied as it stands.
    const dealerSide = (data: Record<string, unknown>) =>
      Object.fromEntries(
        Object.entries(data).filter(
          ([field]) =>
            !(SHOPPER_WRITABLE_FIELDS as readonly string[]).includes(field) && field !== "customerInfo",
        ),
      );
    expect(dealerSide(copy.data)).toEqual(dealerSide(original.data));
    expect(copy.data.pricing).toEqual({ advertisedPrice: 25_000, discount: 1_250 });
    expect(copy.data.customerInfo).toEqual({ name: "" });
    expect(copy.expired).toBe(false);

    const list = (await (await h.api("GET", "/api/quotes", undefined, token)).json()) as QuoteListItem[];
    const row = list.find((q) => q.id === copyId);
    expect(row?.customerName).toBe("");
    expect(row?.vehicleDescription).toBe(sampleQuote.vehicle.description);
    expect(row?.outTheDoorPrice).toBe(computeBreakdown(fresh).outTheDoorPrice / 100);
    destroyClient(shopper);
    destroyClient(dealer);
    destroyClient(privateDoc);
  });
});
