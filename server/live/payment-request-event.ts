import { readPaymentRequest } from "@shared/payment-request";
import type { DocKind } from "@shared/permissions";
import type { FlatEntries } from "@shared/quote-doc";
import type { HandoffEventRecord } from "../db/stores";
import { PENDING_PAYMENT_REQUEST, type PendingPaymentRequest } from "../handoff/pending-events";
import type { QuoteRole } from "../policies/quote-access";
import { newEventId } from "../quotes/event-data";

// Issue #38/#39: the shopper's "Ask for a different payment" goes to the dealership's CRM (an ADF
// lead) and to webhooks (`quote.payment_requested`). The event is stored in the transaction that
// appends the update (both backends), so a committed request is never without its event. The live
// path judges synchronously, so the event stores the request alone; the delivery worker completes
// it with the deal as it stands, once, before its first delivery (handoff/pending-events.ts).

/**
 * The event of a shopper's update that sets a payment request (a new one replaces the previous),
 * or null. `createdAt` is set by the append, with its clock.
 */
export function paymentRequestEvent(
  room: { quoteId: string; dealerId: string; kind: DocKind },
  role: QuoteRole,
  /** The keys the update changed, as they were (`before`) and as it left them (`after`: absent, deleted). */
  verdict: { keys: readonly string[]; before: FlatEntries; after: FlatEntries },
  /** The room's entries (before or after the update: the keys it did not change are the same in both). */
  entries: FlatEntries,
): HandoffEventRecord | null {
  if (room.kind !== "deal" || role !== "SHOPPER") return null;
  if (!verdict.keys.some((key) => key.startsWith("paymentRequest."))) return null;
  const value = (key: string) =>
    verdict.after.has(key) ? verdict.after.get(key) : verdict.before.has(key) ? undefined : entries.get(key);
  const request = readPaymentRequest({
    amount: value("paymentRequest.amount"),
    structure: value("paymentRequest.structure"),
    note: value("paymentRequest.note"),
    asked: value("paymentRequest.asked"),
  });
  if (!request) return null;
  const payload: PendingPaymentRequest = { pending: PENDING_PAYMENT_REQUEST, paymentRequest: request };
  return {
    publicId: newEventId(),
    dealershipId: room.dealerId,
    type: "quote.payment_requested",
    quoteId: room.quoteId,
    createdAt: 0,
    payload: JSON.stringify(payload),
  };
}
