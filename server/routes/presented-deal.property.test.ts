import { dealFingerprint, shownDeal as shownOf } from "@shared/deal/deal-fingerprint";
import type { DealSheet } from "@shared/deal/deal-sheet";
import { choiceOf, type PresentedDeal, presentedDeal } from "@shared/deal/presented-deal";
import { readDoc, writeField } from "@shared/live/quote-doc";
import { conform, quoteTemplate } from "@shared/schemas/quote-template";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shownDeal } from "../test-support/accept-quote";
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

// Issue #46: random sequences of shopper and dealer actions on a real server with real providers.
// After every step the dealer's page, the shopper's page (each from its own live document, read
// as the page reads it: the quote template) and GET /api/quotes/:id (dealer's and shopper's
// answers) present the same deal with the same fingerprint. After an acceptance with that
// fingerprint, the version and its sheet name that same deal; the dealer reopens and it goes on.

let h: LiveHarness;
beforeAll(async () => {
  h = await startLiveHarness();
});
afterAll(async () => {
  await h.stop();
});

type Action =
  | { kind: "pickCell"; months: 48 | 60 | 72; down: 0 | 2000 | 4000 }
  | { kind: "pickCash" }
  | { kind: "typeDown"; down: number }
  | { kind: "price"; price: number }
  | { kind: "discount"; discount: number }
  | { kind: "tier"; tier: "excellent" | "very-good" | "good" | "fair" | "poor" }
  | { kind: "trade"; value: number }
  | { kind: "payoff"; amount: number }
  | { kind: "hide"; hidden: "finance" | "lease" | null }
  | { kind: "rows"; downs: [number, number, number] }
  | { kind: "saveVersion" }
  | { kind: "acceptAndReopen" };

// Every value keeps the deal valid (a down below the balance, a trade below the price), so the
// guard takes each write and the two pages never diverge by a refusal.
const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({
    kind: fc.constant("pickCell" as const),
    months: fc.constantFrom(48 as const, 60 as const, 72 as const),
    down: fc.constantFrom(0 as const, 2000 as const, 4000 as const),
  }),
  fc.constant({ kind: "pickCash" as const }),
  fc.record({
    kind: fc.constant("typeDown" as const),
    down: fc.integer({ min: 0, max: 160 }).map((n) => n * 50),
  }),
  fc.record({
    kind: fc.constant("price" as const),
    price: fc.integer({ min: 220, max: 400 }).map((n) => n * 100),
  }),
  fc.record({
    kind: fc.constant("discount" as const),
    discount: fc.integer({ min: 0, max: 20 }).map((n) => n * 100),
  }),
  fc.record({
    kind: fc.constant("tier" as const),
    tier: fc.constantFrom(
      "excellent" as const,
      "very-good" as const,
      "good" as const,
      "fair" as const,
      "poor" as const,
    ),
  }),
  fc.record({
    kind: fc.constant("trade" as const),
    value: fc.integer({ min: 0, max: 50 }).map((n) => n * 100),
  }),
  fc.record({
    kind: fc.constant("payoff" as const),
    amount: fc.integer({ min: 0, max: 30 }).map((n) => n * 100),
  }),
  fc.record({
    kind: fc.constant("hide" as const),
    hidden: fc.constantFrom("finance" as const, "lease" as const, null),
  }),
  fc.record({
    kind: fc.constant("rows" as const),
    downs: fc.tuple(
      fc.constantFrom(0, 500, 1000),
      fc.constantFrom(1500, 2000, 2500),
      fc.constantFrom(3000, 4000, 5000),
    ),
  }),
  fc.constant({ kind: "saveVersion" as const }),
  fc.constant({ kind: "acceptAndReopen" as const }),
);

type Answer = { selected: PresentedDeal; fingerprint: string };

/** The deal a page presents, from its own live document read as the page reads it. */
function pageDeal(client: Client): Answer {
  const data = conform(readDoc(client.deal), quoteTemplate());
  return { selected: presentedDeal(shownOf(data)), fingerprint: dealFingerprint(data) };
}

const contact = { name: "Pat Shopper", phone: "15551234567", email: "pat@example.com" };

describe("the deal as presented, under random shopper and dealer actions", () => {
  it("is the same on both pages and both API answers after every step, and is what an acceptance records", async () => {
    const { token } = await h.dealer();
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 3, maxLength: 7 }), async (actions) => {
        const id = await createQuoteVia(h, token);
        const dealer = connectClient(h, id, { token });
        const shopper = connectClient(h, id);
        try {
          await Promise.all([synced(dealer), synced(shopper)]);
          let hidden: "finance" | "lease" | null = null;
          let downs: [number, number, number] = [0, 2000, 4000];
          const agree = async (): Promise<Answer> =>
            eventually(async () => {
              const dealers = await shownDeal(h.api, id, token);
              const shoppers = await shownDeal(h.api, id);
              expect(shoppers).toEqual(dealers);
              expect(pageDeal(dealer)).toEqual(dealers);
              expect(pageDeal(shopper)).toEqual(dealers);
              return dealers;
            }, 5000);
          for (const step of actions) {
            switch (step.kind) {
              case "pickCell":
                if (hidden === "finance") break;
                {
                  // The cell of the grid's first, second or third row: the term, and that row's down.
                  const rowDown = downs[step.down / 2000] ?? 0;
                  shopper.doc.transact(() => {
                    writeField(shopper.deal, "shopperChoice", { structure: "finance", months: step.months });
                    writeField(shopper.deal, "downPayment", rowDown === 0 ? 0 : -rowDown);
                  });
                }
                break;
              case "pickCash":
                writeField(shopper.deal, "shopperChoice", { structure: "cash" });
                break;
              case "typeDown":
                writeField(shopper.deal, "downPayment", step.down === 0 ? 0 : -step.down);
                break;
              case "price":
                writeField(dealer.deal, "pricing.advertisedPrice", step.price);
                break;
              case "discount":
                writeField(dealer.deal, "pricing.discount", step.discount);
                break;
              case "tier":
                writeField(dealer.deal, "selectedCreditTier", step.tier);
                break;
              case "trade":
                writeField(dealer.deal, "tradeIn", {
                  hasTradeIn: step.value > 0,
                  vehicle: {
                    description: "2015 Ford Focus SE",
                    vin: "",
                    mileage: 91_000,
                    condition: "Good",
                    value: step.value,
                  },
                });
                break;
              case "payoff":
                writeField(dealer.deal, "amountOwedOnTradeIn", step.amount);
                break;
              case "hide":
                hidden = step.hidden;
                writeField(dealer.deal, "structures", {
                  downs,
                  financeTerms: [48, 60, 72],
                  leaseTerms: [24, 36, 48],
                  hidden: hidden ? [hidden] : [],
                });
                break;
              case "rows":
                downs = step.downs;
                writeField(dealer.deal, "structures", {
                  downs,
                  financeTerms: [48, 60, 72],
                  leaseTerms: [24, 36, 48],
                  hidden: hidden ? [hidden] : [],
                });
                break;
              case "saveVersion": {
                const { fingerprint } = await agree();
                const saved = await h.api("POST", `/api/quotes/${id}/versions`, { fingerprint }, token);
                expect(saved.status, await saved.clone().text()).toBe(201);
                expect(((await saved.json()) as { fingerprint: string }).fingerprint).toBe(fingerprint);
                break;
              }
              case "acceptAndReopen": {
                const seen = await agree();
                const accepted = await h.api("POST", `/api/quotes/${id}/accept`, {
                  ...contact,
                  structure: choiceOf(seen.selected),
                  fingerprint: seen.fingerprint,
                });
                expect(accepted.status, await accepted.clone().text()).toBe(201);
                const { version } = (await accepted.json()) as { version: number };
                const stored = (await (
                  await h.api("GET", `/api/quotes/${id}/versions/${version}`, undefined, token)
                ).json()) as { fingerprint: string; snapshot: { selected: PresentedDeal } };
                expect(stored.fingerprint).toBe(seen.fingerprint);
                expect(stored.snapshot.selected).toMatchObject(seen.selected);
                const sheet = (
                  (await (await h.api("GET", `/api/quotes/${id}/versions/${version}/sheet`)).json()) as {
                    sheet: DealSheet;
                  }
                ).sheet;
                expect(sheet.agreement.text).toBe(seen.selected.text);
                // The dealer reopens (a counter-offer follows): the pages edit again.
                expect((await h.api("POST", `/api/quotes/${id}/unlock`, {}, token)).status).toBe(200);
                await eventually(async () =>
                  expect(
                    ((await (await h.api("GET", `/api/quotes/${id}`)).json()) as { locked: boolean }).locked,
                  ).toBe(false),
                );
                break;
              }
            }
            await agree();
          }
        } finally {
          destroyClient(dealer);
          destroyClient(shopper);
        }
      }),
      { numRuns: 12, seed: 46_2026, endOnFailure: true },
    );
  }, 120_000);
});
