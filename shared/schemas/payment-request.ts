// Issue #38: the shopper's payment request and the dealer's answer, read tolerantly where they are
// used (the quote template passes them on as stored, so the shopper's opening page carries no
// reader for them). Every stored value passed the schema (quote-schema.ts) in the live guard.

import type { PaymentAnswer, PaymentRequest, QuoteData } from "./quote-schema";

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The request as stored, or null when there is none (or it does not read as one). */
export function readPaymentRequest(value: unknown): PaymentRequest | null {
  if (!isRecord(value)) return null;
  const { amount, structure, note, asked } = value;
  if (typeof amount !== "number" || !(amount > 0)) return null;
  if (structure !== "finance" && structure !== "lease") return null;
  const request: PaymentRequest = { amount, structure, note: typeof note === "string" ? note : "" };
  // Issue #46: what the shopper was shown when asking (absent in requests from before it).
  if (
    isRecord(asked) &&
    typeof asked.months === "number" &&
    typeof asked.down === "number" &&
    typeof asked.payment === "number"
  )
    request.asked = {
      months: asked.months,
      down: asked.down,
      payment: asked.payment,
    } as PaymentRequest["asked"];
  return request;
}

/** The dealer's answer as stored, or null. */
function readPaymentAnswer(value: unknown): PaymentAnswer | null {
  if (!isRecord(value) || typeof value.version !== "number") return null;
  const request = readPaymentRequest(value.request);
  return request ? { version: value.version, request } : null;
}

const sameRequest = (a: PaymentRequest, b: PaymentRequest) =>
  a.amount === b.amount &&
  a.structure === b.structure &&
  a.note === b.note &&
  JSON.stringify(a.asked ?? null) === JSON.stringify(b.asked ?? null);

/** The standing request, and the dealer's answer when it answers that very request (a new request replaces it). */
export function paymentRequestState(data: Pick<QuoteData, "paymentRequest" | "paymentAnswer">): {
  request: PaymentRequest | null;
  answer: PaymentAnswer | null;
} {
  const request = readPaymentRequest(data.paymentRequest);
  const answer = readPaymentAnswer(data.paymentAnswer);
  return { request, answer: request && answer && sameRequest(answer.request, request) ? answer : null };
}

/**
 * Issue #47: the close reason of a payment request refused over its cap (live code 4403, "the
 * server refused an update"), naming how long until one more fits: "Too many payment requests:
 * wait 540 s". The shopper's page reads the wait back to say when it may ask again.
 */
export const paymentRequestLimitReason = (waitMs: number) =>
  `Too many payment requests: wait ${Math.max(1, Math.ceil(waitMs / 1000))} s`;

/** The wait (ms) a close reason names, or null when it is not a payment request's refusal. */
export function paymentRequestWaitMs(reason: string | undefined): number | null {
  const wait = /^Too many payment requests: wait (\d+) s$/.exec(reason ?? "")?.[1];
  return wait === undefined ? null : Number(wait) * 1000;
}

/** Whole minutes of a wait, at least one ("in 1 minute" for 20 s). */
export const waitMinutes = (waitMs: number) => Math.max(1, Math.ceil(waitMs / 60_000));
