// Default interest rates page (spec §5) and PUT /dealer-defaults/interest-rates/{tier},
// plus the dealer's inline monthly-rate edit on a quote (0..99.99).

import { DEFAULT_RATE_MAX, isLoanTerm, LOAN_TERMS, type LoanTerm, QUOTE_RATE_MAX } from "../core/constants";
import { z } from "../core/zod";
import { number } from "../schemas/schema-fields";
import { MSG } from "../text/messages";
import { parseRateInput } from "./default-taxes";

/** One tier's table as edited: term -> typed text (or a number). */
type RateInputs = Readonly<Partial<Record<LoanTerm, string | number>>>;
export type RateTable = Readonly<Record<LoanTerm, number>>;

export interface InterestRateEntry {
  term_months: LoanTerm;
  interest_rate: number;
}

const toRate = (value: string | number | undefined): number =>
  typeof value === "number" ? value : parseRateInput(value ?? "");

const isDefaultRate = (rate: number): boolean =>
  Number.isFinite(rate) && rate >= 0 && rate <= DEFAULT_RATE_MAX;

/** Errors by term; each invalid input gets the page's single message. */
export function validateInterestRates(edited: RateInputs): Partial<Record<LoanTerm, string>> {
  const errors: Partial<Record<LoanTerm, string>> = {};
  for (const term of LOAN_TERMS) {
    const raw = edited[term];
    if (raw === undefined) continue;
    if (typeof raw === "string" && raw.trim() === "") errors[term] = MSG.rateRequired;
    else if (!isDefaultRate(toRate(raw))) errors[term] = MSG.interestRatesInvalid;
  }
  return errors;
}

/** The terms whose rate differs from the saved table (only these are sent). */
export function changedTerms(original: RateTable, edited: RateInputs): LoanTerm[] {
  return LOAN_TERMS.filter((term) => edited[term] !== undefined && toRate(edited[term]) !== original[term]);
}

/** The PUT body for a Save click, or the message to show instead. */
export function interestRatesUpdate(
  original: RateTable,
  edited: RateInputs,
): { body: { rates: InterestRateEntry[] } } | { error: string } {
  const errors = Object.values(validateInterestRates(edited));
  // Issue #34: an empty rate says it is required; any other bad rate, the page's message.
  if (errors.length > 0)
    return {
      error: errors.every((e) => e === MSG.rateRequired) ? MSG.rateRequired : MSG.interestRatesInvalid,
    };
  const terms = changedTerms(original, edited);
  if (terms.length === 0) return { error: MSG.noChangesToSave };
  return {
    body: { rates: terms.map((term) => ({ term_months: term, interest_rate: toRate(edited[term]) })) },
  };
}

const rateEntrySchema = z.object({
  term_months: number(MSG.loanTermInvalid)
    .refine(isLoanTerm, MSG.loanTermInvalid)
    .transform((term) => term as LoanTerm),
  interest_rate: number(MSG.interestRatesInvalid)
    .min(0, MSG.interestRatesInvalid)
    .max(DEFAULT_RATE_MAX, MSG.interestRatesInvalid),
});

/** PUT body: one to six entries, each term at most once. */
export const interestRatesBodySchema = z.object({
  rates: z
    .array(rateEntrySchema, { error: MSG.expectedList })
    .min(1, MSG.noChangesToSave)
    .max(LOAN_TERMS.length, MSG.loanTermInvalid)
    .refine(
      (rates) => new Set(rates.map((entry) => entry.term_months)).size === rates.length,
      MSG.loanTermInvalid,
    ),
});
export type InterestRatesBody = z.infer<typeof interestRatesBodySchema>;

/** The inline rate edit on a quote: the accepted APR, or undefined (the edit is refused). */
export function parseQuoteRateEdit(raw: string | number): number | undefined {
  const rate = toRate(raw);
  return Number.isFinite(rate) && rate >= 0 && rate <= QUOTE_RATE_MAX ? rate : undefined;
}

/** The message for a refused inline rate edit, if the UI shows one. */
export const quoteRateMessage = (raw: string | number): string | undefined =>
  parseQuoteRateEdit(raw) === undefined ? MSG.quoteRateInvalid : undefined;
