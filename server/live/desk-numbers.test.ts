import { LIVE_CLOSE_CODES } from "@shared/live/live-protocol";
import { economicsArray, economicsDocName, readDoc, writeField } from "@shared/live/quote-doc";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
} from "../test-support/live-test-kit";

// Issue #49 through the live economics document: the trade's actual cash value takes the
// over-allowance out of front gross, the fees marked in the defaults count as front gross, and a
// reserve rule is checked leaf by leaf by the guard.

let h: LiveHarness;
beforeAll(async () => {
  h = await startLiveHarness();
});
afterAll(async () => {
  await h.stop();
});

type QuoteJson = { data: Record<string, unknown>; gross?: Record<string, number | null> };
const getQuote = async (id: string, token?: string) =>
  (await (await h.api("GET", `/api/quotes/${id}`, undefined, token)).json()) as QuoteJson;

describe("desk numbers through the live economics document (issue #49)", () => {
  it("takes the over-allowance out of front gross once the ACV is entered, and counts a doc fee marked in the defaults", async () => {
    const owner = await h.dealer();
    const created = await h.api(
      "POST",
      "/api/dealer-defaults/dealer-fees",
      { name: "Doc fee", amount: 699 },
      owner.token,
    );
    expect(created.status).toBe(201);
    const { dealerFees: fees } = (await (
      await h.api("GET", "/api/dealer-defaults/dealer-fees", undefined, owner.token)
    ).json()) as { dealerFees: { id: string }[] };
    expect(fees).toHaveLength(1);
    const put = await h.api(
      "PUT",
      "/api/dealer-defaults/economics",
      {
        pack: 0,
        participation: 75,
        buyRates: {},
        buyMoneyFactors: {},
        reserveRules: { good: { method: "flat", flatAmount: 250 } },
        feesInGross: fees.slice(0, 1).map((fee) => fee.id),
        salespeopleSeeGross: false,
      },
      owner.token,
    );
    expect(put.status).toBe(200);
    const id = await createQuoteVia(h, owner.token);

    const deal = connectClient(h, id, { token: owner.token });
    const econ = connectClient(h, id, { token: owner.token, economics: true });
    await Promise.all([synced(deal), synced(econ)]);
    const economics = readDoc(econ.deal).economics as Record<string, unknown>;
    expect(economics.reserveRules).toEqual({ good: { method: "flat", flatAmount: 250 } });
    expect(economics.feesInGross).toEqual(fees.slice(0, 1).map((fee) => fee.id));

    // $25,000 - $500 discount = $24,500 selling price; the trade allowed at $6,000.
    const tradeIn = readDoc(deal.deal).tradeIn as { vehicle: Record<string, unknown> };
    writeField(deal.deal, "tradeIn", {
      ...tradeIn,
      hasTradeIn: true,
      vehicle: { ...tradeIn.vehicle, value: 6_000 },
    });
    writeField(econ.deal, "economics", { ...economics, vehicleCost: 22_500 });
    const docFee = 699;
    expect(readDoc(deal.deal).dealerFeeItems).toMatchObject([{ name: "Doc fee", amount: 699 }]);
    await eventually(async () =>
      expect((await getQuote(id, owner.token)).gross).toMatchObject({
        front: 2_000 + docFee,
        tradeOverAllowance: 0,
        feesInGross: docFee,
      }),
    );
    // The appraisal says $4,500: the $1,500 over-allowance is a cost of this deal.
    writeField(econ.deal, "economics", { ...economics, vehicleCost: 22_500, tradeInAcv: 4_500 });
    await eventually(async () =>
      expect((await getQuote(id, owner.token)).gross).toMatchObject({
        front: 500 + docFee,
        tradeOverAllowance: 1_500,
      }),
    );
    destroyClient(deal);
    destroyClient(econ);
  });

  it("refuses a reserve rule without its amount, or with an unknown part, changing nothing", async () => {
    const owner = await h.dealer();
    const id = await createQuoteVia(h, owner.token);
    for (const pairs of [
      [{ key: "economics.reserveRules.good.method", val: "flat" }],
      [
        { key: "economics.reserveRules.good.method", val: "markup" },
        { key: "economics.reserveRules.good.bonus", val: 5 },
      ],
      [{ key: "economics.tradeInAcv", val: -1 }],
    ]) {
      const socket = await rawSocket(h, economicsDocName(id), { token: owner.token });
      socket.ws.send(craftUpdate(socket.doc, (copy) => economicsArray(copy).push(pairs)));
      expect((await socket.closed).code).toBe(LIVE_CLOSE_CODES.changeRefused);
    }
    const econ = connectClient(h, id, { token: owner.token, economics: true });
    await synced(econ);
    const stored = readDoc(econ.deal).economics as Record<string, unknown>;
    expect(stored.reserveRules).toBeUndefined();
    expect(stored.tradeInAcv).toBeUndefined();
    destroyClient(econ);
  });
});
