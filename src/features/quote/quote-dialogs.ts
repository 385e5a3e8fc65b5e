// The quote page's dialogs (spec §4: one at a time). The page keeps one of these or null.

export type AmountTarget = "advertisedPrice" | "discount" | "downPayment";
export type BreakdownKind = "dealerFees" | "taxes" | "governmentFees";

export type QuoteDialog =
  | { kind: "amount"; target: AmountTarget }
  | { kind: "tradeIn"; fromAmountOwed: boolean }
  | { kind: "addOns" }
  | { kind: "breakdown"; which: BreakdownKind }
  | { kind: "share" }
  | { kind: "vehicle" }
  | { kind: "delete" }
  | { kind: "structures" }
  | { kind: "rebates" }
  | { kind: "versions" }
  | { kind: "accept" };

/** Opens `dialog` when `allowed` (and the page is not read-only); undefined: the line is plain text. */
export type Can = (allowed: boolean, dialog: QuoteDialog) => (() => void) | undefined;

/** The dialogs both sides open (the shopper's add-ons dialog aside); the rest are one side's. */
export const isSharedDialog = (
  dialog: QuoteDialog,
): dialog is Extract<QuoteDialog, { kind: "amount" | "tradeIn" | "breakdown" }> =>
  dialog.kind === "amount" || dialog.kind === "tradeIn" || dialog.kind === "breakdown";
