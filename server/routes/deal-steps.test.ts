import { OPENED_GAP_MS } from "@shared/analytics/analytics";
import { ANALYTICS_MSG } from "@shared/analytics/analytics-text";
import { formatMoney } from "@shared/core/money";
import { historySentence } from "@shared/history/history-sentence";
import type { HistoryResponse } from "@shared/history/history-text";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { acceptAsShown, shownDeal } from "../test-support/accept-quote";
import { createDealer } from "../test-support/fixtures";
import { createTestApp, type TestApp } from "../test-support/test-app";

// Issue #40: the steps analytics counts are stored as history rows as they happen: the dealer
// sharing the link, the shopper's page opening it; an acceptance stores its chosen structure and
// figures with the version.

let t: TestApp;
beforeEach(() => {
  t = createTestApp();
});
afterEach(async () => {
  await t.cleanup();
});

const vehicle = { description: "2024 Kia Telluride", mileage: 10, stockNumber: "K-77" };

async function newQuote(token: string): Promise<string> {
  const res = await t.call(
    "POST",
    "/api/quotes",
    { vehicle, pricing: { advertisedPrice: 40_000, discount: 0 } },
    token,
  );
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

const historyOf = async (id: string, token: string) =>
  ((await (await t.call("GET", `/api/quotes/${id}/history`, undefined, token)).json()) as HistoryResponse)
    .events;

describe("shared and opened", () => {
  it("records the dealer's share and the shopper's open once per visit, and says so in the history", async () => {
    const { token } = await createDealer(t);
    const id = await newQuote(token);
    expect((await t.call("POST", `/api/quotes/${id}/shared`, { via: "email" }, token)).status).toBe(204);
    // Copy, then email a moment later: one share.
    expect((await t.call("POST", `/api/quotes/${id}/shared`, { via: "link" }, token)).status).toBe(204);
    expect((await t.call("POST", `/api/quotes/${id}/opened`)).status).toBe(204);
    expect((await t.call("POST", `/api/quotes/${id}/opened`)).status).toBe(204);
    // The dealer looking at the shopper's view is not the shopper opening it.
    expect((await t.call("POST", `/api/quotes/${id}/opened`, undefined, token)).status).toBe(204);
    const events = await historyOf(id, token);
    expect(events.map((e) => historySentence(e, "Dana (owner)"))).toEqual([
      "Shopper opened the quote",
      "You shared the quote by email",
    ]);
    expect(OPENED_GAP_MS).toBe(30 * 60_000);
  });

  it("refuses a share of someone else's quote, an unknown channel and an unknown quote", async () => {
    const { token } = await createDealer(t);
    const other = await createDealer(t);
    const id = await newQuote(token);
    expect((await t.call("POST", `/api/quotes/${id}/shared`, { via: "link" }, other.token)).status).toBe(404);
    const bad = await t.call("POST", `/api/quotes/${id}/shared`, { via: "pigeon" }, token);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain(ANALYTICS_MSG.shareChannelInvalid);
    expect((await t.call("POST", "/api/quotes/nope/opened")).status).toBe(404);
    expect(await historyOf(id, token)).toEqual([]);
  });

  it("keeps the stock number with the listing and the accepted structure with the version", async () => {
    const { token } = await createDealer(t);
    const id = await newQuote(token);
    expect((await t.stores.quotes.find(id))?.stockNumber).toBe("K-77");
    // Issue #46: the down payment is the deal's one (the quote's); an older page's `down` in the
    // choice ($2,000) is not read.
    const shown = await shownDeal(t.call, id);
    expect(shown.selected.down).toBe(4_000);
    const accepted = await acceptAsShown(t.call, id, {
      name: "Pat Shopper",
      phone: "15551234567",
      email: "pat@example.com",
      structure: { structure: "finance", down: 2000, months: 60 },
    });
    expect(accepted.status).toBe(201);
    const version = await t.stores.versions.read(id, 1);
    expect(version).toMatchObject({ choiceStructure: "finance", choiceMonths: 60, choiceDownCents: 400_000 });
    // The columns are the figures of the deal as the version presents it.
    const stored = (await (await t.call("GET", `/api/quotes/${id}/versions/1`, undefined, token)).json()) as {
      snapshot: {
        selected: { monthlyPayment: number; text: string };
        breakdown: { outTheDoorPrice: number };
      };
    };
    expect(stored.snapshot.selected.text).toBe(
      `Finance, 60 months, $4,000.00 down, ${formatMoney(version?.monthlyCents ?? 0)}/mo (Good credit, 8.5% APR)`,
    );
    expect(version?.monthlyCents).toBe(Math.round(stored.snapshot.selected.monthlyPayment * 100));
    expect(version?.outTheDoorCents).toBe(stored.snapshot.breakdown.outTheDoorPrice);
    expect(version?.monthlyCents).toBeGreaterThan(0);
  });
});
