// The amount dialog (spec §5) used for the downpayment and the prices.
//
// Signs (docs/decisions/009): the spec derives the sign from the dialog's title ('trade-in' or
// 'downpayment' means negative). A title is wording, not data, so the sign comes from the field
// the dialog edits: the downpayment is stored negative; every other amount (prices, discount,
// the amount owed, the trade-in value, which the page shows negative but stores as a magnitude)
// is stored >= 0.

import { parseAmountInput } from "../core/format";
import type { FieldErrors } from "../schemas/field-rules";
import { amountMessage } from "./amount";

/** The fields an amount dialog edits. */
export type AmountField = "advertisedPrice" | "discount" | "downPayment";

/** Only the downpayment is stored negative. */
export const amountFieldIsNegative = (field: AmountField): boolean => field === "downPayment";

/** The dialog's only field; blank counts as 0, the limit is 999,999.99. */
export function validateAmountDialog(raw: string): FieldErrors<"amount"> {
  const message = amountMessage(raw);
  return message === undefined ? {} : { amount: message };
}

/** The amount the dialog saves, in dollars: negative for the downpayment, never -0. */
export function amountDialogResult(field: AmountField, raw: string): number {
  const magnitude = Math.abs(parseAmountInput(raw)) || 0;
  return amountFieldIsNegative(field) ? -magnitude || 0 : magnitude;
}

/** Keyboard behaviour of the dialog (spec §5): Enter saves, Escape cancels. */
export function amountDialogKeyAction(key: string): "save" | "cancel" | undefined {
  if (key === "Enter") return "save";
  if (key === "Escape") return "cancel";
  return undefined;
}
