// Issue #48: the dealer's History panel stays complete while it is open. The panel's list is the
// history read once plus every push (use-quote-history.ts); after a counter-offer and a shopper's
// offline merge it must equal GET /api/quotes/:id/history, row for row, in order.
import "fake-indexeddb/auto";
import { applyHistoryPush, type HistoryPush } from "@shared/history/history-push";
import type { HistoryEvent } from "@shared/history/history-text";
import { liveServerUrl } from "@shared/live/live-protocol";
import { afterAll, beforeAll, expect, it } from "vitest";
import WebSocket from "ws";
import { acceptAsShown } from "../../../../server/test-support/accept-quote";
import {
  createQuoteVia,
  eventually,
  type LiveHarness,
  startLiveHarness,
} from "../../../../server/test-support/live-test-kit";
import { LiveQuote, type LiveQuoteOptions } from "../live/live-quote";

let h: LiveHarness;
let token: string;
const open: LiveQuote[] = [];

beforeAll(async () => {
  h = await startLiveHarness();
  token = (await h.dealer()).token;
});
afterAll(async () => {
  for (const live of open) live.destroy();
  await h.stop();
});

function openLive(quoteId: string, options: Partial<LiveQuoteOptions> = {}): LiveQuote {
  const live = new LiveQuote({
    quoteId,
    role: "shopper",
    serverUrl: liveServerUrl(h.server.url),
    WebSocketPolyfill: WebSocket as unknown as typeof globalThis.WebSocket,
    ...options,
  });
  open.push(live);
  return live;
}

async function storedHistory(quoteId: string): Promise<HistoryEvent[]> {
  const res = await h.api("GET", `/api/quotes/${quoteId}/history`, undefined, token);
  return ((await res.json()) as { events: HistoryEvent[] }).events;
}

const connected = (live: LiveQuote) =>
  eventually(() => expect(live.getSnapshot().status).toBe("connected"), 10_000);

it("the open panel holds every stored event, in order, through an acceptance, a counter-offer and an offline merge", async () => {
  const quoteId = await createQuoteVia(h, token);
  const dealer = openLive(quoteId, { role: "dealer", token });
  const shopper = openLive(quoteId, { device: "phone-of-the-customer-0001" });
  await Promise.all([connected(dealer), connected(shopper)]);

  // The panel: listening first, then the read, with the pushes of the read's time on top.
  const during: HistoryPush[] = [];
  let panel: HistoryEvent[] | null = null;
  dealer.onHistory((push) => {
    if (panel) panel = applyHistoryPush(panel, push);
    else during.push(push);
  });
  panel = during.reduce(applyHistoryPush, await storedHistory(quoteId));

  expect(await shopper.update("downPayment", -4_000)).toMatchObject({ ok: true });
  await eventually(() => expect(dealer.getSnapshot().data?.downPayment).toBe(-4_000));
  const accept = {
    name: "Sam Rivera",
    phone: "15551234567",
    email: "sam@example.com",
    structure: { structure: "cash" },
  };
  expect((await acceptAsShown(h.api, quoteId, accept)).status).toBe(201);
  expect((await h.api("POST", `/api/quotes/${quoteId}/unlock`, {}, token)).status).toBe(200);
  await eventually(async () => {
    expect(await dealer.update("downPayment", -3_000)).toMatchObject({ ok: true });
  });
  expect(await dealer.update("pricing", { advertisedPrice: 25_000, discount: 800 })).toMatchObject({
    ok: true,
  });
  await eventually(() => expect(shopper.getSnapshot().data?.downPayment).toBe(-3_000));
  expect((await h.api("POST", `/api/quotes/${quoteId}/versions`, {}, token)).status).toBe(201);
  expect(await dealer.update("pricing", { advertisedPrice: 25_000, discount: 900 })).toMatchObject({
    ok: true,
  });

  // The shopper's phone goes offline and changes the down payment the dealer changes too.
  const phone = (shopper as unknown as { deal: { provider: { disconnect(): void; connect(): void } } }).deal
    .provider;
  phone.disconnect();
  await connected(dealer);
  expect(await shopper.update("downPayment", -7_000)).toMatchObject({ ok: true });
  expect(await dealer.update("downPayment", -2_500)).toMatchObject({ ok: true });
  await new Promise((resolve) => setTimeout(resolve, 50));
  phone.connect();
  await eventually(() => expect(shopper.getSnapshot().conflicts).toHaveLength(1), 10_000);

  const stored = await storedHistory(quoteId);
  expect(stored.map((e) => e.field)).toEqual(
    expect.arrayContaining(["accepted", "unlocked", "counterOffer"]),
  );
  await eventually(() => expect(panel).toEqual(stored), 3_000);
});
