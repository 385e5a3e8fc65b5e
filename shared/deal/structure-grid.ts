// Issue #18: cash, finance and lease side by side, each as a grid of cash-down rows × terms
// (DESKING.md §4), every cell computed by the one calculator (calculate-deal.ts). The quote
// page (both sides), the history text and the deal sheet read these figures.

import type { CreditTier, LeaseTerm, LoanTerm, StructureKind } from "../constants";
import { creditTierLabel } from "../constants";
import { formatMoney, toCents } from "../money";
import { effectiveRate } from "../pricing";
import type { QuoteData, ShopperChoice } from "../quote-schema";
import { calculateDeal } from "./calculate-deal";
import type { CashResult, FinanceResult, LeaseOption, LeaseResult } from "./deal-types";

export { leaseOptionOf } from "./lease-option";

import { leaseOptionOf } from "./lease-option";
import { quoteDealInput } from "./quote-deal";

export interface FinanceGrid {
  terms: LoanTerm[];
  rows: { downCents: number; cells: FinanceResult[] }[];
}

export interface LeaseGrid {
  terms: LeaseTerm[];
  moneyFactor: number;
  tier: CreditTier;
  /** A term without a residual in the programme has no cell (null). */
  rows: { downCents: number; cells: (LeaseResult | null)[] }[];
  residualPercents: (number | null)[];
}

/** Why a quote with a lease programme shows no lease grid (issue #34): a lease needs the MSRP. */
export type LeaseBlock = "msrp" | null;

export interface StructureGrids {
  /** With the quote's own downpayment: the out-the-door price the page leads with. */
  cash: CashResult;
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
  for (const down of downs) {
    const downCents = toCents(down);
    const result = calculateDeal(
      quoteDealInput(data, { downPaymentCents: downCents, finance: financeOptions, lease: leaseOptions }),
    );
    financeRows.push({ downCents, cells: result.finance });
    leaseRows.push({
      downCents,
      cells: leaseIndex.map((index) => (index === null ? null : (result.lease[index] ?? null))),
    });
  }
  return {
    cash,
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
export const structureName = (kind: StructureKind): string => STRUCTURE_NAMES[kind];

/** "Lease 36 mo, $2,000.00 down", "Finance 60 mo, $0.00 down", "Cash". */
export function choiceText(choice: ShopperChoice): string {
  if (choice.structure === "cash") return STRUCTURE_NAMES.cash;
  return `${STRUCTURE_NAMES[choice.structure]} ${choice.months} mo, ${formatMoney(toCents(choice.down))} down`;
}

/** The chosen cell's monthly payment in cents (null: cash, or a cell no longer on the grid). */
export function choiceMonthly(grids: StructureGrids, choice: ShopperChoice): number | null {
  if (choice.structure === "cash") return null;
  const downCents = toCents(choice.down);
  if (choice.structure === "finance") {
    const col = grids.finance.terms.indexOf(choice.months as LoanTerm);
    const row = grids.finance.rows.find((r) => r.downCents === downCents);
    return col === -1 || !row ? null : (row.cells[col]?.payment ?? null);
  }
  if (!grids.lease) return null;
  const col = grids.lease.terms.indexOf(choice.months as LeaseTerm);
  const row = grids.lease.rows.find((r) => r.downCents === downCents);
  const cell = col === -1 || !row ? null : row.cells[col];
  return cell?.available ? cell.monthlyPayment : null;
}

export const tierText = (tier: CreditTier) => creditTierLabel(tier);
