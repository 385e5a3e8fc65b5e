// Issue #38: "Solve for" on a quote (the Desk panel) and the context of a shopper's payment
// request, read from the quote the way its selected structure presents it (issue #34): the
// quote's credit tier, its applied down payment, and the term of the selected structure when it
// is the one asked about, else the dealer's default term (finance: the longest shown; lease: the
// first the quote offers). The solve itself is shared/deal/solve.ts, as POST /api/calculate/solve.

import { creditTierLabel, type LeaseTerm, type LoanTerm } from "../core/constants";
import { formatMoney } from "../core/money";
import type { QuoteData } from "../schemas/quote-schema";
import { heldFixedText, shortMoney } from "../text/solve-text";
import { calculateDeal } from "./calculate-deal";
import type { DealInput } from "./deal-types";
import { leaseOptionOf } from "./lease-option";
import { effectiveRate } from "./pricing";
import { appliedDownPayment, quoteDealInput } from "./quote-deal";
import { lease, selectedStructure } from "./selected-structure";
import { type SolveFor, type SolveStructure, solveRounded } from "./solve";

interface QuoteSolveSetup {
  input: DealInput;
  /** The option of `input.finance` / `input.lease` the quote's structure uses. */
  index: number;
  /** The term of that option, and the down payment (cents) applied. */
  months: number;
  downCents: number;
}

/** The quote as a solve input for `structure`; null when the quote cannot offer it (no lease programme). */
function quoteSolveSetup(data: QuoteData, structure: SolveStructure): QuoteSolveSetup | null {
  const selected = selectedStructure(data);
  const { applied } = appliedDownPayment(data);
  const tier = data.selectedCreditTier;
  if (structure === "finance") {
    const terms: LoanTerm[] = [...data.structures.financeTerms];
    const months: number =
      selected.selection.kind === "finance" ? selected.selection.months : Math.max(...terms);
    const finance = terms.map((term) => ({ aprPercent: effectiveRate(data, tier, term).rate, months: term }));
    const input = quoteDealInput(data, { downPaymentCents: applied, finance });
    return { input, index: Math.max(0, terms.indexOf(months as LoanTerm)), months, downCents: applied };
  }
  const program = data.leaseProgram;
  if (!program || data.vehicle.msrp === undefined) return null;
  const terms = data.structures.leaseTerms.filter(
    (term) => program.residuals[String(term) as `${LeaseTerm}`] !== undefined,
  );
  if (terms.length === 0) return null;
  const offered = terms.find((term) => lease(data, term, applied, false) !== null);
  const months =
    selected.selection.kind === "lease" ? selected.selection.months : (offered ?? (terms[0] as LeaseTerm));
  const options = terms.map((term) =>
    leaseOptionOf(program, tier, term, program.residuals[String(term) as `${LeaseTerm}`] ?? 0),
  );
  const input = quoteDealInput(data, { downPaymentCents: applied, lease: options });
  return { input, index: Math.max(0, terms.indexOf(months)), months, downCents: applied };
}

/** Cents to dollars for the quote data (exact for whole cents; the page's bundle keeps money.ts lean). */
const dollars = (cents: number) => cents / 100;

export type QuoteSolveAnswer =
  | {
      ok: true;
      solveFor: SolveFor;
      structure: SolveStructure;
      value: number;
      payment: number;
      /** Issue #49: "at 60 months, Good credit, $2,000 down": what the answer held fixed. */
      heldFixed: string;
    }
  | { ok: false; message: string };

/** Solves the quote for `targetCents` a month; `value` in cents (price, down) or months. */
export function solveQuote(
  data: QuoteData,
  structure: SolveStructure,
  solveFor: SolveFor,
  targetCents: number,
  noStructure: string,
  /** Issue #49: the rounding a desk quotes (cents: 1, 100, 1,000, 5,000, 10,000). */
  stepCents = 1,
): QuoteSolveAnswer {
  const setup = quoteSolveSetup(data, structure);
  if (!setup) return { ok: false, message: noStructure };
  const result = solveRounded(
    setup.input,
    { structure, index: setup.index, monthlyPaymentCents: targetCents },
    solveFor,
    stepCents,
  );
  if (!result.ok) return result;
  const money = (cents: number) => shortMoney(formatMoney(cents));
  const heldFixed = heldFixedText({
    months: solveFor === "months" ? undefined : setup.months,
    tier: creditTierLabel(data.selectedCreditTier),
    down: solveFor === "downPayment" ? undefined : money(setup.downCents),
    sellingPrice: solveFor === "sellingPrice" ? undefined : money(setup.input.sellingPriceCents),
  });
  return { ok: true, solveFor, structure, value: result.value, payment: result.payment, heldFixed };
}

/**
 * The quote after applying an answer, as a normal edit of its fields: a selling price is the
 * advertised price less a discount (never a negative discount: a price above the advertised one
 * applies as no discount); a down payment is the quote's down; a term is the structure's term
 * (issue #46: the deal keeps its one down payment).
 */
export function appliedAnswer(
  data: QuoteData,
  answer: Extract<QuoteSolveAnswer, { ok: true }>,
): Partial<Pick<QuoteData, "pricing" | "downPayment" | "shopperChoice">> {
  if (answer.solveFor === "sellingPrice") {
    const advertisedCents = Math.round(data.pricing.advertisedPrice * 100);
    const discountCents = Math.max(0, advertisedCents - answer.value);
    return { pricing: { ...data.pricing, discount: dollars(discountCents) } };
  }
  if (answer.solveFor === "downPayment") return { downPayment: -dollars(answer.value) || 0 };
  // Issue #46: a term is a structure and a term; the deal keeps its one down payment.
  const months = answer.value;
  return {
    shopperChoice:
      answer.structure === "finance"
        ? ({ structure: "finance", months } as QuoteData["shopperChoice"])
        : ({ structure: "lease", months } as QuoteData["shopperChoice"]),
  };
}

/**
 * Issue #46: what the shopper is shown for `structure` as they ask for another payment: the term,
 * the down payment and the monthly payment. Stored with the request (`asked`); null when the quote
 * cannot offer the structure.
 */
export function requestTerms(
  data: QuoteData,
  structure: SolveStructure,
): { months: number; down: number; payment: number } | null {
  const setup = quoteSolveSetup(data, structure);
  if (!setup) return null;
  const result = calculateDeal(setup.input);
  const cents =
    structure === "finance"
      ? result.finance[setup.index]?.payment
      : (() => {
          const lease = result.lease[setup.index];
          return lease?.available ? lease.monthlyPayment : undefined;
        })();
  if (cents === undefined) return null;
  return { months: setup.months, down: dollars(setup.downCents), payment: dollars(cents) };
}

/**
 * "Finance, 72 mo, $2,000 down": the terms a payment request was asked at. Issue #46: the terms
 * stored with the request; a request from before them is read against the deal as it stands.
 */
export function requestContext(
  data: QuoteData,
  request: { structure: SolveStructure; asked?: { months: number; down: number } | undefined },
  words: {
    names: Record<SolveStructure, string>;
    context(structure: string, months: number, down: string): string;
    money(cents: number): string;
  },
): string {
  const { structure, asked } = request;
  if (asked)
    return words.context(words.names[structure], asked.months, words.money(Math.round(asked.down * 100)));
  const setup = quoteSolveSetup(data, structure);
  const downCents = setup?.downCents ?? appliedDownPayment(data).applied;
  const months = setup?.months ?? 0;
  return words.context(words.names[structure], months, words.money(downCents));
}
