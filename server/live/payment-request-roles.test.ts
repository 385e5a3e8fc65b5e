import { LIVE_CLOSE_CODES } from "@shared/live/live-protocol";
import { dealArray, dealDocName, writeField } from "@shared/live/quote-doc";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { yjsUpdates } from "../db/schema";
import {
  craftUpdate,
  createQuoteVia,
  type LiveHarness,
  rawSocket,
  startLiveHarness,
} from "../test-support/live-test-kit";

// Issue #47: the payment request is the shopper's words. A dealer's socket that writes it is
// refused like any other key outside its role, and nothing is stored or shown.

let h: LiveHarness;
beforeAll(async () => {
  h = await startLiveHarness();
});
afterAll(async () => {
  await h.stop();
});

const logRows = (id: string) => h.db.select().from(yjsUpdates).where(eq(yjsUpdates.quoteId, id)).all().length;

it("refuses a dealer's write of paymentRequest with 4403 and changes nothing", async () => {
  const { token } = await h.dealer();
  const id = await createQuoteVia(h, token);
  const rows = logRows(id);
  const dealer = await rawSocket(h, dealDocName(id), { token });
  dealer.ws.send(
    craftUpdate(dealer.doc, (copy) =>
      writeField(dealArray(copy), "paymentRequest", { amount: 300, structure: "finance", note: "" }),
    ),
  );
  expect((await dealer.closed).code).toBe(LIVE_CLOSE_CODES.changeRefused);
  expect(logRows(id)).toBe(rows);
  const res = await h.api("GET", `/api/quotes/${id}`, undefined, token);
  expect(((await res.json()) as { data: { paymentRequest?: unknown } }).data.paymentRequest).toBeUndefined();

  // The shopper's own request is taken.
  const shopper = await rawSocket(h, dealDocName(id));
  shopper.ws.send(
    craftUpdate(shopper.doc, (copy) =>
      writeField(dealArray(copy), "paymentRequest", { amount: 300, structure: "finance", note: "" }),
    ),
  );
  await expect.poll(() => logRows(id)).toBe(rows + 1);
  shopper.ws.close();
});
