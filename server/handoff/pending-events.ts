import { formatMoney, toCents } from "@shared/core/money";
import { requestContext } from "@shared/deal/quote-solve";
import { DESK_TEXT, PAYMENT_REQUEST_TEXT, shortMoney } from "@shared/text/solve-text";
import type { LeasedDelivery } from "../db/repositories/handoff";
import { quoteEventData, quoteEventRecord } from "../quotes/event-data";
import { type EventDeps, quoteEvent, snapshotOrNull } from "../quotes/quote-events";

// Issue #38/#39: a payment request's event is stored with the requests alone (issue #47: by the
// delivery worker, once per quote and window, from the rows the live append stored:
// payment-request-leads.ts). Before its first delivery, the worker completes it here with the deal
// as it stands, as every quote event carries it, and stores that payload: every attempt and
// resend, from any process, sends the same body.

/** The payload's mark of an event the delivery worker completes before sending it. */
export const PENDING_PAYMENT_REQUEST = "paymentRequest";

type RequestFigures = {
  amount: number;
  structure: "finance" | "lease";
  note: string;
  /** Issue #46: the term, down and payment the shopper was shown when asking. */
  asked?: { months: number; down: number; payment: number } | undefined;
};

export type PendingPaymentRequest = {
  pending: typeof PENDING_PAYMENT_REQUEST;
  /** The latest request. */
  paymentRequest: RequestFigures;
  /**
   * Issue #47: every request the event carries (held since the quote's last lead), oldest first,
   * each with when it came; absent in events stored before it (one request each).
   */
  paymentRequests?: (RequestFigures & { at: number })[];
};

type StoredEvent = LeasedDelivery["event"];

/** Whether the event still waits for its full payload. */
function isPending(payload: Record<string, unknown>): boolean {
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

/**
 * The event's full payload (JSON): the quote event data, with `paymentRequest` (the latest) and
 * `paymentRequests` (each one the event carries, issue #47), each with its words.
 */
async function fullPayload(
  deps: EventDeps,
  event: StoredEvent,
  pending: PendingPaymentRequest,
): Promise<string> {
  const request = pending.paymentRequest;
  const all = pending.paymentRequests ?? [{ ...request, at: event.createdAt }];
  const withText = (context: string | null) => ({
    paymentRequest: { ...request, text: requestText(request, context) },
    // The deal's context fits a request without its own terms only when it asked for the same structure.
    paymentRequests: all.map((each) => ({
      ...each,
      text: requestText(each, each.structure === request.structure ? context : null),
    })),
  });
  const quote = event.quoteId ? await deps.stores.quotes.find(event.quoteId) : undefined;
  if (!quote) {
    // Deleted since: the request goes out with what the event knows.
    const facts = { id: event.quoteId ?? "", dealerId: "", salesperson: { id: "", name: "", email: null } };
    const data = quoteEventData(deps.handoff.appUrl, facts, null);
    return quoteEventRecord(event.type, facts, data, event.createdAt, withText(null)).payload;
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
    extra: withText(context),
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
