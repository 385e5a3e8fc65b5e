// Issue #34: the words of the deal's rules shown past the shopper page's first paint: lease
// availability on the comparison card, the MSRP a lease needs, the down payment bound (dialogs,
// REST routes, the live guard), the sheet's "You are agreeing to" box and how a lease's amount due
// at signing is paid, and the trade-in dialog's note. DEAL_RULE_TEXT (deal-rule-text.ts) holds
// those the page opens with.

export const DEAL_OFFER_TEXT = {
  /** A lease cell that is not offered. */
  leaseUnavailable: "Not available: the cap cost reduction exceeds the depreciation",
  msrpNeeded: "Add the MSRP to offer a lease",
  leaseChoiceUnavailable: "This lease is not available on this deal",
  downPaymentOverBalance: (balance: string): string =>
    `Down payment cannot be more than the balance due (${balance})`,
  agreeingTo: "You are agreeing to",
  agreeingToLine: (text: string): string => `You are agreeing to: ${text}`,
  cashDue: (cash: string): string => `${cash} cash due at signing`,
  paidWith: (parts: string): string => `Paid with ${parts}`,
  paidTradeIn: (amount: string): string => `${amount} trade-in`,
  paidRebates: (amount: string): string => `${amount} rebates`,
  paidCash: (amount: string): string => `${amount} cash`,
  /** Under the lease grid (#51): what pays each amount due at signing besides the cash shown. */
  dueAtSigningIncludes: (parts: string): string =>
    `Each amount due at signing includes the ${parts}; the rest is the cash shown.`,
  /** The shopper's trade-in dialog says up front who sets the value. */
  tradeInAppraisalNote:
    "The dealership appraises your trade-in and sets its value. Tell them about the car and what you still owe on it.",
} as const;
