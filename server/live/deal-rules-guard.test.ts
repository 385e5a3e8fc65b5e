// Issue #34: the live guard applies the deal's rules between fields (shared/deal/deal-rules.ts),
// the same the dialogs and REST routes apply: a down payment above the balance due and a lease
// that is not offered are refused; a concurrent edit that pushes a standing down payment over
// the bound is not (the page shows the down capped, with a notice).

import { LIVE_CLOSE_CODES } from "@shared/live/live-protocol";
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

let h: LiveHarness;
beforeAll(async () => {
  h = await startLiveHarness();
});
afterAll(async () => {
  await h.stop();
});

async function serverDeal(id: string, token: string) {
  const res = await h.api("GET", `/api/quotes/${id}`, undefined, token);
  return ((await res.json()) as { data: Record<string, unknown> }).data;
}

/** A $20,000 car (no fees or taxes: the balance due is the price), dealer connected. */
async function openQuote(vehicle: Record<string, unknown> = {}) {
  const { token } = await h.dealer();
  const id = await createQuoteVia(h, token, {
    vehicle: {
      description: "2026 Honda Civic",
      color: "",
      mileage: 5,
      stockNumber: "",
      advertisedUrl: "",
      ...vehicle,
    },
    pricing: { advertisedPrice: 20_000, discount: 0 },
  });
  const dealer = connectClient(h, id, { token });
  await synced(dealer);
  return { id, token, dealer };
}

describe("the live guard reads the deal's rules", () => {
  it("refuses a shopper's down payment above the balance due; one at the balance is accepted", async () => {
    const { id, token, dealer } = await openQuote();
    const shopper = connectClient(h, id);
    await synced(shopper);
    writeField(shopper.deal, "downPayment", -20_000);
    await eventually(async () => expect((await serverDeal(id, token)).downPayment).toBe(-20_000));
    writeField(shopper.deal, "downPayment", -20_000.01);
    await eventually(() =>
      expect(shopper.closed.map((c) => c.code)).toContain(LIVE_CLOSE_CODES.changeRefused),
    );
    expect((await serverDeal(id, token)).downPayment).toBe(-20_000);
    expect(readDoc(dealer.deal).downPayment).toBe(-20_000);
    destroyClient(shopper);
    destroyClient(dealer);
  });

  it("lets the dealer raise the discount under a standing down payment (the page then caps it)", async () => {
    const { id, token, dealer } = await openQuote();
    writeField(dealer.deal, "downPayment", -15_000);
    await eventually(async () => expect((await serverDeal(id, token)).downPayment).toBe(-15_000));
    writeField(dealer.deal, "pricing", { advertisedPrice: 20_000, discount: 8_000 });
    await eventually(async () =>
      expect((await serverDeal(id, token)).pricing).toEqual({ advertisedPrice: 20_000, discount: 8_000 }),
    );
    expect(dealer.closed).toEqual([]);
    destroyClient(dealer);
  });

  it("refuses a shopper's choice of a lease that is not offered", async () => {
    const { id, token, dealer } = await openQuote({ isNew: true, msrp: 20_000 });
    writeField(dealer.deal, "leaseProgram", {
      residuals: { "36": 85 },
      moneyFactors: { excellent: 0.001, "very-good": 0.001, good: 0.001, fair: 0.001, poor: 0.001 },
      acquisitionFee: 0,
      dispositionFee: 0,
      securityDeposit: 0,
    });
    await eventually(async () => expect((await serverDeal(id, token)).leaseProgram).toBeDefined());
    // Issue #46: a pick names a structure and a term; the lease is judged at the deal's one down
    // payment. $4,000 down (a row of the grid): $16,000 against a $17,000 residual, not offered.
    writeField(dealer.deal, "downPayment", -4_000);
    await eventually(async () => expect((await serverDeal(id, token)).downPayment).toBe(-4_000));
    const refused = connectClient(h, id);
    await synced(refused);
    writeField(refused.deal, "shopperChoice", { structure: "lease", months: 36 });
    await eventually(() =>
      expect(refused.closed.map((c) => c.code)).toContain(LIVE_CLOSE_CODES.changeRefused),
    );
    expect((await serverDeal(id, token)).shopperChoice).toBeUndefined();
    destroyClient(refused);
    // $2,000 down: $18,000 against $17,000, offered; an older page's `down` with it is not read.
    writeField(dealer.deal, "downPayment", -2_000);
    await eventually(async () => expect((await serverDeal(id, token)).downPayment).toBe(-2_000));
    const shopper = connectClient(h, id);
    await synced(shopper);
    writeField(shopper.deal, "shopperChoice", { structure: "lease", down: 4_000, months: 36 });
    await eventually(async () =>
      expect((await serverDeal(id, token)).shopperChoice).toMatchObject({ structure: "lease", months: 36 }),
    );
    expect(shopper.closed).toEqual([]);
    destroyClient(shopper);
    destroyClient(dealer);
  });
});
