// Issue #34: the labels of a lease's disclosure lines (Regulation M's segregated figures), on the
// quote page's breakdown and the deal sheet. Apart from deal-rule-text.ts: they travel with the
// lease lines' own chunk, not with the shopper page's opening one.

export const LEASE_LINE_TEXT = {
  grossCapCost: "Gross capitalized cost",
  capCostReduction: "Capitalized cost reduction",
  capReductionCash: "Cash down",
  capReductionTradeIn: "Net trade-in allowance",
  capReductionRebates: "Rebates",
  adjustedCapCost: "Adjusted capitalized cost",
  residualValue: "Residual value",
  depreciation: "Depreciation and amortized amounts",
  rentCharge: "Rent charge",
  leaseTerm: "Lease term",
  leaseTermMonths: (months: number): string => `${months} months`,
  baseMonthlyPayment: "Base monthly payment",
  monthlyTax: "Monthly tax",
  monthlyPayment: "Monthly payment",
  amountDueAtSigning: "Amount due at signing",
  firstPayment: "First monthly payment",
  upfrontFees: "Fees paid at signing",
  upfrontTax: "Tax paid at signing",
  securityDeposit: "Security deposit",
  paidByTradeIn: "Paid by the trade-in",
  paidByRebates: "Paid by rebates",
  cashDueAtSigning: "Cash due at signing",
  totalOfPayments: "Total of payments",
} as const;
