import { historySentence } from "@shared/history/history-sentence";
import type { HistoryResponse } from "@shared/history/history-text";
import { LIVE_CLOSE_CODES } from "@shared/live/live-protocol";
import { privateDocName, readDoc, writeField } from "@shared/live/quote-doc";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTokenService } from "../auth/tokens";
import { createSqliteStores } from "../db/sqlite/stores";
import { createDealer } from "../test-support/fixtures";
import {
  connectClient,
  createQuoteVia,
  destroyClient,
  eventually,
  type LiveHarness,
  startLiveHarness,
  synced,
  upgradeStatus,
} from "../test-support/live-test-kit";

// Roles on the live channel (#20), real server and real y-websocket clients: a manager works
// any quote of the dealership as its DEALER, another salesperson is a shopper at most, and a
// removed member's live connection ends within a second.

let h: LiveHarness;
beforeAll(async () => {
  h = await startLiveHarness();
});
afterAll(async () => h.stop());

it("a manager edits a salesperson's quote live as DEALER; a removed manager is cut off within 1 s", async () => {
  const owner = await h.dealer();
  const services = {
    db: h.db,
    tokens: createTokenService(createSqliteStores(h.db).users, h.server.config.jwtSecret),
  };
  const member = (role: "manager" | "salesperson", firstName: string) =>
    createDealer(services, { dealershipId: owner.user.dealershipId, role, firstName });
  const sam = await member("salesperson", "Sam");
  const kim = await member("salesperson", "Kim");
  const mia = await member("manager", "Mia");
  const quoteId = await createQuoteVia(h, sam.token);

  // Customer info (the private document) admits the quote's DEALER only.
  expect(await upgradeStatus(h, privateDocName(quoteId), { token: kim.token })).toBe(403);
  const manager = connectClient(h, quoteId, { token: mia.token, private: true });
  const seller = connectClient(h, quoteId, { token: sam.token, private: true });
  await synced(manager);
  await synced(seller);
  writeField(manager.deal, "customerInfo", { name: "Pat Shopper", email: "", phone: "" });
  await eventually(() => expect(readDoc(seller.deal).customerInfo).toMatchObject({ name: "Pat Shopper" }));

  // On the deal itself, the history names the manager to the salesperson who reads it.
  const managerDeal = connectClient(h, quoteId, { token: mia.token });
  await synced(managerDeal);
  writeField(managerDeal.deal, "downPayment", -4200);
  const history = await eventually(async () => {
    const res = await h.api("GET", `/api/quotes/${quoteId}/history`, undefined, sam.token);
    const { events } = (await res.json()) as HistoryResponse;
    const event = events.find((e) => e.field === "downPayment");
    if (!event) throw new Error("no history yet");
    return event;
  });
  expect(history.actor).toBe("Mia (manager)");
  expect(historySentence(history, "Sam (salesperson)")).toBe(
    "Mia (manager) changed Downpayment from $2,450.00 to $4,200.00",
  );
  expect(historySentence(history, "Mia (manager)")).toMatch(/^You changed Downpayment/);
  destroyClient(managerDeal);

  const removed = await h.api("DELETE", `/api/team/members/${mia.user.id}`, undefined, owner.token);
  expect(removed.status).toBe(204);
  const started = Date.now();
  await eventually(
    () => expect(manager.closed.map((c) => c.code)).toContain(LIVE_CLOSE_CODES.tokenRevoked),
    1000,
  );
  expect(Date.now() - started).toBeLessThan(1000);
  expect(seller.closed).toEqual([]);
  destroyClient(manager);
  destroyClient(seller);
});
