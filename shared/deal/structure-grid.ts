// Issue #18: cash, finance and lease side by side, each as a grid of cash-down rows × terms
// (DESKING.md §4), every cell computed by the one calculator (calculate-deal.ts). The quote
// page (both sides), the history text and the deal sheet read these figures.

import type { CreditTier, LeaseTerm, LoanTerm, StructureKind } from "../core/constants";
import { formatMoney, toCents } from "../core/money";
import type { QuoteData } from "../schemas/quote-schema";
import { calculateDeal } from "./calculate-deal";
import type { CashResult, FinanceResult, LeaseOption, LeaseResult } from "./deal-types";
import { leaseOptionOf } from "./lease-option";
import { effectiveRate } from "./pricing";
import { appliedDownPayment, quoteDealInput } from "./quote-deal";

/**
 * Issue #46: a row of the deal's own down payment when it is not one of the grid's rows ("Your
 * down payment: $5,000"), so that the grid always shows (and highlights) the deal itself.
 */
type RowMark = { own?: true };

interface FinanceGrid {
  terms: LoanTerm[];
  rows: ({ downCents: number; cells: FinanceResult[] } & RowMark)[];
}

interface LeaseGrid {
  terms: LeaseTerm[];
  moneyFactor: number;
  tier: CreditTier;
  /** A term without a residual in the programme has no cell (null). */
  rows: ({ downCents: number; cells: (LeaseResult | null)[] } & RowMark)[];
  residualPercents: (number | null)[];
}

/** Why a quote with a lease programme shows no lease grid (issue #34): a lease needs the MSRP. */
type LeaseBlock = "msrp" | null;

export interface StructureGrids {
  /** With the quote's own downpayment: the out-the-door price the page leads with. */
  cash: CashResult;
  /** Issue #46: before any down payment: what a cash buyer pays (the cash card). */
  cashPrice: CashResult;
  finance: FinanceGrid;
  /** Null without a lease programme on the quote, or without the MSRP its residuals need. */
  lease: LeaseGrid | null;
  /** "msrp" when the quote has a lease programme but no MSRP ("Add the MSRP to offer a lease"). */
  leaseBlocked: LeaseBlock;
  /** Structures the dealer keeps from the shopper. */
  hidden: StructureKind[];
}

/** Every cell of every structure for the quote's data and the selected credit tier. */
export function structureGrids(data: QuoteData, tier: CreditTier = data.selectedCreditTier): StructureGrids {
  const { downs, financeTerms, leaseTerms, hidden } = data.structures;
  const leaseBlocked: LeaseBlock = data.leaseProgram && data.vehicle.msrp === undefined ? "msrp" : null;
  const program = leaseBlocked ? undefined : data.leaseProgram;
  const financeOptions = financeTerms.map((months) => ({
    aprPercent: effectiveRate(data, tier, months).rate,
    months,
  }));
  const residualPercents = leaseTerms.map(
    (months) => program?.residuals[String(months) as `${LeaseTerm}`] ?? null,
  );
  const leaseOptions: LeaseOption[] = [];
  const leaseIndex: (number | null)[] = [];
  if (program) {
    leaseTerms.forEach((months, i) => {
      const residualPercent = residualPercents[i];
      if (residualPercent === null || residualPercent === undefined) {
        leaseIndex.push(null);
        return;
      }
      leaseIndex.push(leaseOptions.length);
      leaseOptions.push(leaseOptionOf(program, tier, months, residualPercent));
    });
  }

  const cash = calculateDeal(quoteDealInput(data)).cash;
  const financeRows: FinanceGrid["rows"] = [];
  const leaseRows: LeaseGrid["rows"] = [];
  const gridDowns = downs.map(toCents);
  const { applied } = appliedDownPayment(data);
  const rowDowns = gridDowns.includes(applied) ? gridDowns : [...gridDowns, applied];
  for (const downCents of rowDowns) {
    const own = gridDowns.includes(downCents) ? {} : { own: true as const };
    const result = calculateDeal(
      quoteDealInput(data, { downPaymentCents: downCents, finance: financeOptions, lease: leaseOptions }),
    );
    financeRows.push({ downCents, cells: result.finance, ...own });
    leaseRows.push({
      downCents,
      cells: leaseIndex.map((index) => (index === null ? null : (result.lease[index] ?? null))),
      ...own,
    });
  }
  return {
    cash,
    cashPrice: calculateDeal(quoteDealInput(data, { downPaymentCents: 0 })).cash,
    finance: { terms: [...financeTerms], rows: financeRows },
    lease: program
      ? {
          terms: [...leaseTerms],
          moneyFactor: program.moneyFactors[tier] ?? 0,
          tier,
          rows: leaseRows,
          residualPercents: residualPercents.map((p) => p ?? null),
        }
      : null,
    leaseBlocked,
    hidden: [...hidden],
  };
}

const STRUCTURE_NAMES: Record<StructureKind, string> = { cash: "Cash", finance: "Finance", lease: "Lease" };
/**
 * "Lease 36 mo, $2,000.00 down", "Finance 60 mo", "Cash": a structure and term, with the down
 * payment when it is given (the presented deal's; a shopper's choice names none, issue #46).
 */
export function choiceText(choice: { structure: StructureKind; months?: number; down?: number }): string {
  if (choice.structure === "cash" || choice.months === undefined) return STRUCTURE_NAMES[choice.structure];
  const term = `${STRUCTURE_NAMES[choice.structure]} ${choice.months} mo`;
  return choice.down === undefined ? term : `${term}, ${formatMoney(toCents(choice.down))} down`;
}
