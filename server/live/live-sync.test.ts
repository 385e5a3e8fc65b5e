import { readDoc, writeField } from "@shared/quote-doc";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  connectClient,
  createQuoteVia,
  destroyClient,
  eventually,
  type LiveHarness,
  startLiveHarness,
  synced,
} from "./live-test-kit";

let h: LiveHarness;
beforeAll(async () => {
  h = await startLiveHarness();
});
afterAll(async () => {
  await h.stop();
});

describe("dealer and shopper on one quote", () => {
  it("each edit reaches the other side", async () => {
    const { token } = await h.dealer();
    const id = await createQuoteVia(h, token);
    const dealer = connectClient(h, id, { token });
    const shopper = connectClient(h, id);
    await Promise.all([synced(dealer), synced(shopper)]);
    expect(readDoc(shopper.deal).pricing).toEqual({ advertisedPrice: 25000, discount: 500 });

    writeField(dealer.deal, "pricing", { advertisedPrice: 25000, discount: 750 });
    await eventually(() => expect(readDoc(shopper.deal).pricing).toMatchObject({ discount: 750 }));
    writeField(shopper.deal, "downPayment", -3000);
    await eventually(() => expect(readDoc(dealer.deal).downPayment).toBe(-3000));
    destroyClient(dealer);
    destroyClient(shopper);
  });
});
