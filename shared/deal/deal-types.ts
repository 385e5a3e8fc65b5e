// The deal calculator's input and output, in integer cents. The dollar shape of
// POST /api/calculate (shared/validation/calculate.ts) converts to and from these;
// names follow that API contract with the unit made explicit where it is cents.

export type FeeKind = "doc" | "dealer" | "gov";
export type TradeInRule = "full" | "none" | "capped" | "newOnly";
export type RebateRule = "taxed" | "deducted";
export type LeaseTaxMethod = "monthly" | "upfrontTotal" | "upfrontPrice";

/** One tax rate line: 6.25 = 6.25 %; a base cap (Florida's county surtax: first $5,000) limits its base. */
export interface TaxRateLine {
  name: string;
  ratePercent: number;
  baseCapCents?: number;
}

/** A state's (or a dealer's) tax rules, DESKING.md §1.5. */
export interface TaxRules {
  rates: TaxRateLine[];
  tradeIn: { rule: TradeInRule; capCents?: number };
  rebates: RebateRule;
  /** Default taxability by fee kind; a fee line's own `taxable` overrides it. */
  fees: { doc: boolean; dealer: boolean; addOn: boolean; gov: boolean };
  minTaxCents?: number;
  lease: {
    method: LeaseTaxMethod;
    /** Cash down and rebates are taxed at signing (monthly) or added to the base (upfrontTotal). */
    capReductionTaxable: boolean;
    /** False where a trade's equity gets no tax credit on a lease (MI, IL): the equity is taxed like cash. */
    tradeCredit: boolean;
  };
}

export interface DealFee {
  name: string;
  kind: FeeKind;
  amountCents: number;
  /** Overrides the profile's flag for this fee's kind. */
  taxable?: boolean;
  /** Lease only: rolled into the gross capitalized cost instead of paid at signing. */
  capitalized?: boolean;
}

export interface LeaseOption {
  months: number;
  /** Residual as a percent of MSRP, or a residual value in cents: exactly one. */
  residualPercent?: number;
  residualValueCents?: number;
  moneyFactor: number;
  acquisitionFeeCents?: number;
  /** Default true: the acquisition fee usually sits in the gross capitalized cost. */
  acquisitionFeeCapitalized?: boolean;
  dispositionFeeCents?: number;
  securityDepositCents?: number;
  /** The upfront tax is rolled into the capitalized cost instead of paid at signing. */
  capitalizeTax?: boolean;
}

export interface FinanceOption {
  aprPercent: number;
  months: number;
}

export interface DealInput {
  sellingPriceCents: number;
  msrpCents?: number;
  isNew: boolean;
  addOns: { name: string; priceCents: number }[];
  fees: DealFee[];
  tradeIn: { valueCents: number; owedCents: number };
  rebates: { name: string; amountCents: number }[];
  /** Cash down, >= 0. */
  downPaymentCents: number;
  taxRules: TaxRules;
  finance: FinanceOption[];
  lease: LeaseOption[];
}

export interface TaxLineResult {
  name: string;
  base: number;
  tax: number;
}

export interface PurchaseTax {
  taxableBase: number;
  lines: TaxLineResult[];
  /** max(sum of lines, minimum tax). */
  total: number;
}

export interface CashResult {
  outTheDoor: number;
  dueToCustomer: number;
}

export interface FinanceResult {
  aprPercent: number;
  months: number;
  amountFinanced: number;
  payment: number;
  /** Issue #49: the last payment, which absorbs the rounding of the others (equal to `payment` most often). */
  finalPayment: number;
  /** Total of payments - amount financed: the exact finance charge ($0.00 at 0 %). */
  financeCharge: number;
  /** payment x (months - 1) + final payment. */
  totalOfPayments: number;
}

/** A lease the calculator can offer: every Reg M figure, and how the amount due at signing is paid. */
export interface AvailableLease {
  months: number;
  available: true;
  grossCapCost: number;
  capCostReduction: number;
  adjustedCapCost: number;
  residualValue: number;
  /** Adjusted cap cost minus residual: Reg M's "depreciation and any amortized amounts". */
  depreciation: number;
  /** Reg M rent charge: base payment x term minus depreciation (absorbs the rounding). */
  rentCharge: number;
  basePayment: number;
  monthlyTax: number;
  monthlyPayment: number;
  upfrontTax: number;
  amountDueAtSigning: number;
  totalOfPayments: number;
  /** The net trade-in allowance applied as a cap cost reduction (positive equity; 0 without). */
  tradeInApplied: number;
  /** The rebates applied as a cap cost reduction. */
  rebatesApplied: number;
  /** What the customer pays in cash at signing: the amount due less the trade-in and rebates. */
  cashDueAtSigning: number;
}

/**
 * A lease whose adjusted cap cost is at or below the residual: no payment, never offered
 * (issue #34). The cap cost figures say why.
 */
interface UnavailableLease {
  months: number;
  available: false;
  reason: string;
  grossCapCost: number;
  capCostReduction: number;
  adjustedCapCost: number;
  residualValue: number;
  tradeInApplied: number;
  rebatesApplied: number;
}

export type LeaseResult = AvailableLease | UnavailableLease;

export interface DealResult {
  tax: PurchaseTax;
  cash: CashResult;
  finance: FinanceResult[];
  lease: LeaseResult[];
}
