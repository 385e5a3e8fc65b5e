import type { FlatEntries } from "@shared/live/quote-doc";
import type { DocKind } from "@shared/rules/permissions";
import { paymentRequestLimitReason, readPaymentRequest } from "@shared/schemas/payment-request";
import type { RateCap } from "../../config";
import type { PaymentRequestRecord, RecentRequests } from "../../db/repositories/payment-requests";
import type { PendingPaymentRequest } from "../../handoff/pending-events";
import type { QuoteRole } from "../../policies/quote-access";
import type { Conn, Refusal } from "./room-types";

// Issue #38/#39/#47: the shopper's "Ask for a different payment" on the live path. An accepted
// update that sets a payment request (a new one replaces the previous) is stored with a row of its
// own, in the append's transaction (both backends): the caps read those rows, and the CRM hand-off
// turns them into at most one lead per quote per window (handoff/payment-request-leads.ts).
//
// Guarantees:
// - A payment request is accepted only while the quote's requests, and the requester's (the
//   device, or the address of a page that names none), fit every cap (LiveBounds.paymentRequestCaps)
//   counting the rows stored and, on SQLite, the accepted ones still waiting for the group commit.
// - A refused one changes nothing: the caller puts the workspace back (undoJudgement) and the
//   socket closes with 4403 and a reason that says how long to wait (shared/schemas/payment-request.ts).

/**
 * Who a request counts against besides its quote: the device that names itself on the socket,
 * or the address of a page that names none (a stock y-websocket client). Device ids are chosen
 * by the browser, so this catches one device spreading requests over quotes; the per-quote cap is
 * what holds against a holder of one link, whatever it calls itself.
 */
export const requesterOf = (conn: Pick<Conn, "principal" | "ip">): string =>
  conn.principal.startsWith("shopper:") ? conn.principal : `ip:${conn.ip}`;

/**
 * The payment request a shopper's accepted update sets, or null when it sets none (another
 * field, a dealer, a request cleared or unreadable).
 */
export function paymentRequestOf(
  room: { kind: DocKind },
  role: QuoteRole,
  /** The keys the update changed, as they were (`before`) and as it left them (`after`: absent, deleted). */
  verdict: { keys: readonly string[]; before: FlatEntries; after: FlatEntries },
  /** The room's entries (before or after the update: the keys it did not change are the same in both). */
  entries: FlatEntries,
): PendingPaymentRequest["paymentRequest"] | null {
  if (room.kind !== "deal" || role !== "SHOPPER") return null;
  if (!verdict.keys.some((key) => key.startsWith("paymentRequest."))) return null;
  const value = (key: string) =>
    verdict.after.has(key) ? verdict.after.get(key) : verdict.before.has(key) ? undefined : entries.get(key);
  return readPaymentRequest({
    amount: value("paymentRequest.amount"),
    structure: value("paymentRequest.structure"),
    note: value("paymentRequest.note"),
    asked: value("paymentRequest.asked"),
  });
}

/** The longest window of the caps: older requests never count. */
export const capWindowMs = (caps: readonly RateCap[]) => Math.max(0, ...caps.map((cap) => cap.windowMs));

/** How long until one more request fits every cap, for the quote and the requester alike; 0: it fits now. */
export function capWaitMs(caps: readonly RateCap[], recent: RecentRequests): number {
  let wait = 0;
  for (const ages of [recent.quote, recent.requester]) {
    const youngestFirst = [...ages].sort((a, b) => a - b);
    for (const { max, windowMs } of caps) {
      const within = youngestFirst.filter((age) => age < windowMs);
      // One more fits once all but the `max - 1` youngest have left the window.
      const blocking = within[max - 1];
      if (blocking !== undefined) wait = Math.max(wait, windowMs - blocking);
    }
  }
  return wait;
}

/** The refusal of a request over a cap (closes the socket with 4403 and says how long to wait), or null. */
export function capRefusal(caps: readonly RateCap[], recent: RecentRequests): Refusal | null {
  const waitMs = capWaitMs(caps, recent);
  if (waitMs <= 0) return null;
  return { ok: false, reason: "too many payment requests", closeReason: paymentRequestLimitReason(waitMs) };
}

/** The row the append stores for an accepted request. */
export const paymentRequestRecord = (
  room: { dealerId: string },
  conn: Pick<Conn, "principal" | "ip">,
  request: PendingPaymentRequest["paymentRequest"],
): PaymentRequestRecord => ({
  dealershipId: room.dealerId,
  requester: requesterOf(conn),
  request: JSON.stringify(request),
});
