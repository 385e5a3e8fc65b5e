// The words of the deal's own rules (issue #34): lease availability, the MSRP a lease needs, the
// down payment bound, the selected structure. The calculator, the dialogs, the REST routes and the
// live guard all read them from here. Apart from messages.ts so that the shopper's page can carry
// them without the validation chunk.

export const DEAL_RULE_TEXT = {
  /** POST /api/calculate's `reason` on a lease row with `available: false`. */
  leaseUnavailableReason: "The cap cost reduction exceeds the depreciation",
  /** A lease cell that is not offered. */
  leaseUnavailable: "Not available: the cap cost reduction exceeds the depreciation",
  msrpNeeded: "Add the MSRP to offer a lease",
  leaseChoiceUnavailable: "This lease is not available on this deal",
  downPaymentOverBalance: (balance: string): string =>
    `Down payment cannot be more than the balance due (${balance})`,
  /** Shown on both sides when a concurrent edit left the down payment above the balance due. */
  downPaymentCapped: (entered: string, applied: string): string =>
    `The down payment of ${entered} is more than the balance due, so ${applied} is applied. Change the down payment to match.`,
  agreeingTo: "You are agreeing to",
  agreeingToLine: (text: string): string => `You are agreeing to: ${text}`,
  cashStructure: (outTheDoor: string): string => `Cash, ${outTheDoor} out the door`,
  financeStructure: (months: number, down: string, monthly: string, tier: string, apr: string): string =>
    `Finance, ${months} months, ${down} down, ${monthly}/mo (${tier} credit, ${apr} APR)`,
  leaseStructure: (months: number, down: string, monthly: string, dueAtSigning: string): string =>
    `Lease, ${months} months, ${down} down, ${monthly}/mo, ${dueAtSigning} due at signing`,
  cashDue: (cash: string): string => `${cash} cash due at signing`,
  paidWith: (parts: string): string => `Paid with ${parts}`,
  paidTradeIn: (amount: string): string => `${amount} trade-in`,
  paidRebates: (amount: string): string => `${amount} rebates`,
  paidCash: (amount: string): string => `${amount} cash`,
} as const;
