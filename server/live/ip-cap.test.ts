import { dealDocName } from "@shared/live/quote-doc";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  createQuoteVia,
  type LiveHarness,
  rawSocket,
  startLiveHarness,
  upgradeStatus,
} from "../test-support/live-test-kit";

// Own server: a per-IP cap of 5 (LIVE_MAX_CONNECTIONS_PER_IP), read with the other settings at start.
let h: LiveHarness;
beforeAll(async () => {
  h = await startLiveHarness({ env: { LIVE_MAX_CONNECTIONS_PER_IP: "5" } });
});
afterAll(async () => {
  await h.stop();
});

it("refuses connections past the per-IP cap with 429, across quotes", async () => {
  const { token } = await h.dealer();
  const ids = [await createQuoteVia(h, token), await createQuoteVia(h, token)];
  const sockets = await Promise.all(
    Array.from({ length: 5 }, (_, i) => rawSocket(h, dealDocName(ids[i % 2] as string))),
  );
  expect(await upgradeStatus(h, dealDocName(ids[0] as string))).toBe(429);
  expect(await upgradeStatus(h, dealDocName(ids[1] as string))).toBe(429);
  for (const socket of sockets) socket.ws.close();
});
