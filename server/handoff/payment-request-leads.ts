import type { HandoffEventRecord } from "../db/repositories/handoff";
import type { HeldPaymentRequests } from "../db/repositories/payment-requests";
import type { Stores } from "../db/stores";
import { newEventId } from "../quotes/event-data";
import { PENDING_PAYMENT_REQUEST, type PendingPaymentRequest } from "./pending-events";

// Issue #47: nothing a link holder does multiplies mail or webhooks. A shopper's payment request is
// stored with its live update and held (payment_requests); the delivery worker sends a quote's held
// requests as one quote.payment_requested event (one ADF lead, one webhook per endpoint) when none
// of the quote's went out within the window (HandoffSettings.paymentRequestWindowMs, 10 minutes):
// at once after a quiet spell, otherwise when the window ends, carrying the latest request and
// every one held since the last lead. The quote's history keeps each request as it came.
//
// Guarantees:
// - At most one event per quote per window, however many processes release (the store's release
//   is a compare-and-set on the held rows and the window, under the quote's row lock).
// - A held request survives a restart: it is a row until its event is stored, in the same
//   transaction that marks it sent; the event then has the outbox's retries (decision 020).

/** How many quotes one pass releases. */
const BATCH = 20;

/** The event that carries a quote's held requests: the latest as `paymentRequest`, all of them as `paymentRequests`. */
function leadEventOf(held: HeldPaymentRequests): HandoffEventRecord {
  const requests = held.requests.map((row) => ({
    ...(JSON.parse(row.request) as PendingPaymentRequest["paymentRequest"]),
    at: row.at,
  }));
  const latest = requests.at(-1);
  if (!latest) throw new Error(`no held payment request of quote ${held.quoteId}`);
  const { at: _at, ...paymentRequest } = latest;
  const payload: PendingPaymentRequest = {
    pending: PENDING_PAYMENT_REQUEST,
    paymentRequest,
    paymentRequests: requests,
  };
  return {
    publicId: newEventId(),
    dealershipId: held.dealershipId,
    type: "quote.payment_requested",
    quoteId: held.quoteId,
    // The store's clock, when it stores the event.
    createdAt: 0,
    payload: JSON.stringify(payload),
  };
}

/** Sends the held requests whose window is over; answers how many events were stored. */
export async function releaseHeldRequests(
  stores: Pick<Stores, "handoff">,
  windowMs: number,
): Promise<number> {
  const due = await stores.handoff.heldPaymentRequests(windowMs, BATCH);
  let released = 0;
  for (const held of due)
    if (await stores.handoff.releasePaymentRequests(held, windowMs, leadEventOf(held))) released += 1;
  return released;
}
