// The words of the deal's own rules that the shopper's page opens with (issue #34): the selected
// structure in words, the capped down payment notice, and the calculator's reason for a lease it
// does not offer. The rest of the deal's words (deal-offer-text.ts) travel with the chunks that
// show them: the shopper page's opening budget (decision 008).

export const DEAL_RULE_TEXT = {
  /** POST /api/calculate's `reason` on a lease row with `available: false`. */
  leaseUnavailableReason: "The cap cost reduction exceeds the depreciation",
  /** Shown on both sides when a concurrent edit left the down payment above the balance due. */
  downPaymentCapped: (entered: string, applied: string): string =>
    `The down payment of ${entered} is more than the balance due, so ${applied} is applied.`,
  /** Issue #46: what a cash buyer pays, the out-the-door price before any down payment. */
  cashStructure: (cashPrice: string): string => `Cash, ${cashPrice}`,
  /** Issue #46: a trade worth more than the whole deal. */
  cashDueToCustomer: (cashPrice: string, due: string): string => `Cash, ${cashPrice}, ${due} due to customer`,
  financeStructure: (months: number, down: string, monthly: string, tier: string, apr: string): string =>
    `Finance, ${months} months, ${down} down, ${monthly}/mo (${tier} credit, ${apr} APR)`,
  leaseStructure: (months: number, down: string, monthly: string, dueAtSigning: string): string =>
    `Lease, ${months} months, ${down} down, ${monthly}/mo, ${dueAtSigning} due at signing`,
} as const;
