// Issue #38: the shopper's payment request and the dealer's answer, read tolerantly where they are
// used (the quote template passes them on as stored, so the shopper's opening page carries no
// reader for them). Every stored value passed the schema (quote-schema.ts) in the live guard.

import type { PaymentAnswer, PaymentRequest, QuoteData } from "./quote-schema";

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The request as stored, or null when there is none (or it does not read as one). */
export function readPaymentRequest(value: unknown): PaymentRequest | null {
  if (!isRecord(value)) return null;
  const { amount, structure, note } = value;
  if (typeof amount !== "number" || !(amount > 0)) return null;
  if (structure !== "finance" && structure !== "lease") return null;
  return { amount, structure, note: typeof note === "string" ? note : "" };
}

/** The dealer's answer as stored, or null. */
export function readPaymentAnswer(value: unknown): PaymentAnswer | null {
  if (!isRecord(value) || typeof value.version !== "number") return null;
  const request = readPaymentRequest(value.request);
  return request ? { version: value.version, request } : null;
}

const sameRequest = (a: PaymentRequest, b: PaymentRequest) =>
  a.amount === b.amount && a.structure === b.structure && a.note === b.note;

/** The standing request, and the dealer's answer when it answers that very request (a new request replaces it). */
export function paymentRequestState(data: Pick<QuoteData, "paymentRequest" | "paymentAnswer">): {
  request: PaymentRequest | null;
  answer: PaymentAnswer | null;
} {
  const request = readPaymentRequest(data.paymentRequest);
  const answer = readPaymentAnswer(data.paymentAnswer);
  return { request, answer: request && answer && sameRequest(answer.request, request) ? answer : null };
}
