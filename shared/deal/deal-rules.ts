import { DEAL_OFFER_TEXT } from "../text/deal-offer-text";
import { choiceOnOffer } from "./selection-choice";
// Issue #34: the rules between fields of a deal, which no single field's schema can judge. The
// live guard asks them for every update that changes one of the fields below (server/live/
// update-guard.ts), and the dialogs and REST routes ask the same functions, so the form and the
// guard refuse the same values with the same words.

import { formatMoney } from "../core/money";
import type { QuoteData } from "../schemas/quote-schema";
import { shopperChoice } from "../schemas/read-structures";
import type { DealInput } from "./deal-types";
import { balanceDueCents } from "./down-payment";
import { appliedDownPayment } from "./quote-deal";

/** The message refusing `downPaymentCents` (>= 0) on this deal, or null when it is within the bound. */
export function downPaymentProblem(
  input: DealInput,
  downPaymentCents = input.downPaymentCents,
): string | null {
  const balance = balanceDueCents(input);
  return downPaymentCents > balance ? DEAL_OFFER_TEXT.downPaymentOverBalance(formatMoney(balance)) : null;
}

/** The fields whose change the rules below judge (others are judged by their schema alone). */
export const DEAL_RULE_FIELDS: ReadonlySet<string> = new Set(["downPayment", "shopperChoice"]);

/** "Down payment cannot be more than the balance due ($X)" when the quote's entered down is above it. */
export function quoteDownPaymentProblem(data: QuoteData): string | null {
  const { entered, balanceDue } = appliedDownPayment(data);
  return entered > balanceDue ? DEAL_OFFER_TEXT.downPaymentOverBalance(formatMoney(balanceDue)) : null;
}

/** Why a shopper's choice cannot stand on this deal (a lease that is not offered), or null. */
export function shopperChoiceProblem(data: QuoteData): string | null {
  const choice = shopperChoice(data.shopperChoice);
  if (!choice) return null;
  return choiceOnOffer(data, choice) ? null : DEAL_OFFER_TEXT.leaseChoiceUnavailable;
}

/**
 * The first rule an update that changed `fields` breaks on the deal as it would be after it, or
 * null. Only the changed fields are judged: a dealer raising the discount under a standing down
 * payment is not refused (the page shows the down capped at the balance, with a notice).
 */
export function dealRuleProblem(fields: ReadonlySet<string>, data: QuoteData): string | null {
  if (fields.has("downPayment")) {
    const problem = quoteDownPaymentProblem(data);
    if (problem) return problem;
  }
  if (fields.has("shopperChoice")) return shopperChoiceProblem(data);
  return null;
}
