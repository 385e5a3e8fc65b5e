import { requestContext } from "@shared/deal/quote-solve";
import { formatMoney, toCents } from "@shared/money";
import { DESK_TEXT, PAYMENT_REQUEST_TEXT, shortMoney } from "@shared/solve-text";
import type { LeasedDelivery } from "../db/stores";
import { quoteEventData, quoteEventRecord } from "../quotes/event-data";
import { type EventDeps, quoteEvent, snapshotOrNull } from "../quotes/quote-events";

// Issue #38/#39: a payment request's event is stored by the live channel's append with the request
// alone (server/live/payment-request-event.ts). Before its first delivery, the worker completes it
// here with the deal as it stands, as every quote event carries it, and stores that payload: every
// attempt and resend, from any process, sends the same body.

/** The payload's mark of an event the delivery worker completes before sending it. */
export const PENDING_PAYMENT_REQUEST = "paymentRequest";

export type PendingPaymentRequest = {
  pending: typeof PENDING_PAYMENT_REQUEST;
  paymentRequest: {
    amount: number;
    structure: "finance" | "lease";
    note: string;
    /** Issue #46: the term, down and payment the shopper was shown when asking. */
    asked?: { months: number; down: number; payment: number } | undefined;
  };
};

type StoredEvent = LeasedDelivery["event"];

/** Whether the event still waits for its full payload. */
export function isPending(payload: Record<string, unknown>): boolean {
  return payload.pending === PENDING_PAYMENT_REQUEST;
}

/** "Customer asks for $450.00/mo (Finance, 72 mo, $2,000 down): 'Can you do 450?'", as the dealer's page says it. */
function requestText(request: PendingPaymentRequest["paymentRequest"], context: string | null): string {
  const amount = formatMoney(toCents(request.amount));
  // Issue #46: the terms the request was asked at, as stored with it.
  const asked = request.asked
    ? PAYMENT_REQUEST_TEXT.context(
        DESK_TEXT.structureNames[request.structure],
        request.asked.months,
        shortMoney(formatMoney(toCents(request.asked.down))),
      )
    : null;
  return PAYMENT_REQUEST_TEXT.customerAsks(
    amount,
    asked ?? context ?? DESK_TEXT.structureNames[request.structure],
    request.note,
  );
}

/** The event's full payload (JSON): the quote event data, with `paymentRequest` and its words. */
async function fullPayload(
  deps: EventDeps,
  event: StoredEvent,
  pending: PendingPaymentRequest,
): Promise<string> {
  const request = pending.paymentRequest;
  const quote = event.quoteId ? await deps.stores.quotes.find(event.quoteId) : undefined;
  if (!quote) {
    // Deleted since: the request goes out with what the event knows.
    const facts = { id: event.quoteId ?? "", dealerId: "", salesperson: { id: "", name: "", email: null } };
    const data = quoteEventData(deps.handoff.appUrl, facts, null);
    return quoteEventRecord(event.type, facts, data, event.createdAt, {
      paymentRequest: { ...request, text: requestText(request, null) },
    }).payload;
  }
  const snapshot = await snapshotOrNull(deps.stores, deps.live, quote);
  const context = snapshot
    ? requestContext(snapshot.data, request, {
        names: DESK_TEXT.structureNames,
        context: PAYMENT_REQUEST_TEXT.context,
        money: (cents) => shortMoney(formatMoney(cents)),
      })
    : null;
  const record = await quoteEvent(deps, quote, "quote.payment_requested", {
    snapshot,
    at: event.createdAt,
    extra: { paymentRequest: { ...request, text: requestText(request, context) } },
  });
  return record.payload;
}

/**
 * The event's payload to send: as stored, or, while it is pending, completed and stored (the
 * first process to complete it wins; the others send what it stored).
 */
export async function payloadToSend(deps: EventDeps, event: StoredEvent): Promise<Record<string, unknown>> {
  const stored = JSON.parse(event.payload) as Record<string, unknown>;
  if (!isPending(stored)) return stored;
  const full = await fullPayload(deps, event, stored as PendingPaymentRequest);
  const kept = await deps.stores.handoff.completePayload(event.publicId, event.payload, full);
  return JSON.parse(kept ?? full) as Record<string, unknown>;
}
