// The amount dialog (spec §5) used for the downpayment, the amount owed and prices.
//
// Signs (DECISIONS.md): the spec says a dialog whose title contains 'trade-in'
// or 'downpayment' stores a negative amount. We keep that rule for the
// downpayment (stored negative) and for the trade-in VALUE entry, whose
// negative figure is what the page shows (it is subtracted). The quote data,
// however, stores tradeIn.vehicle.value as a magnitude >= 0, so the caller
// saves Math.abs(result) for it; `tradeInValueFromDialog` does exactly that.
// 'Amount owed on trade-in' contains 'trade-in' but is never negative: it is
// added to the out-the-door price, so its title is excluded from the rule.

import { parseAmountInput } from "../format";
import { amountMessage } from "./amount";
import type { FieldErrors } from "./rules";

export function amountDialogIsNegative(title: string): boolean {
  const lower = title.toLowerCase();
  if (lower.includes("owed")) return false;
  return lower.includes("trade-in") || lower.includes("downpayment");
}

/** The dialog's only field; blank counts as 0, the limit is 999,999.99. */
export function validateAmountDialog(raw: string): FieldErrors<"amount"> {
  const message = amountMessage(raw);
  return message === undefined ? {} : { amount: message };
}

/** The amount the dialog saves, in dollars: negative for the titles above, never -0. */
export function amountDialogResult(title: string, raw: string): number {
  const magnitude = Math.abs(parseAmountInput(raw)) || 0;
  return amountDialogIsNegative(title) ? -magnitude || 0 : magnitude;
}

/** tradeIn.vehicle.value as stored (>= 0) from the dialog's signed result. */
export const tradeInValueFromDialog = (result: number): number => Math.abs(result) || 0;

/** Keyboard behaviour of the dialog (spec §5): Enter saves, Escape cancels. */
export function amountDialogKeyAction(key: string): "save" | "cancel" | undefined {
  if (key === "Enter") return "save";
  if (key === "Escape") return "cancel";
  return undefined;
}
