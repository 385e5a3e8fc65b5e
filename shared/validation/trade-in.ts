// The trade-in dialog (spec §5): rules apply only while a trade-in is declared,
// so unchecking the box clears every vehicle error.

import { parseAmountInput } from "../core/format";
import { collect, type FieldErrors, optional, required } from "../schemas/field-rules";
import type { TradeIn } from "../schemas/quote-schema";
import { MSG } from "../text/messages";
import { amountMessage, parseNumberInput } from "./amount";
import { mileageMessage } from "./vehicle-form";

export interface TradeInValues {
  hasTradeIn: boolean;
  description: string;
  vin: string;
  mileage: string;
  condition: string;
  /** Estimated value, dealer only; a magnitude as typed. */
  value: string;
  amountOwed: string;
}
export type TradeInField = Exclude<keyof TradeInValues, "hasTradeIn">;

/** Focus order of the dialog's fields, for `firstInvalidField`. */
const TRADE_IN_FIELDS: readonly TradeInField[] = [
  "description",
  "vin",
  "mileage",
  "condition",
  "value",
  "amountOwed",
];

interface TradeInValidationOptions {
  /** A shopper who opened the dialog from the amount-owed line edits only that field. */
  amountOwedOnly?: boolean;
}

export function validateTradeIn(
  values: TradeInValues,
  options: TradeInValidationOptions = {},
): FieldErrors<TradeInField> {
  const amountOwed = amountMessage(values.amountOwed);
  if (options.amountOwedOnly) return collect<TradeInField>([["amountOwed", amountOwed]]);
  if (!values.hasTradeIn) return {};
  return collect<TradeInField>([
    ["description", required(MSG.tradeInDescriptionRequired)(values.description)],
    ["vin", optional(values.vin)],
    ["mileage", mileageMessage(values.mileage, true)],
    ["condition", optional(values.condition)],
    ["value", amountMessage(values.value)],
    ["amountOwed", amountOwed],
  ]);
}

/** The field to focus: the first one, in dialog order, with an error. */
export function firstInvalidField(errors: FieldErrors<TradeInField>): TradeInField | undefined {
  return TRADE_IN_FIELDS.find((field) => errors[field] !== undefined);
}

/**
 * The quote fields a valid dialog saves. The estimated value is kept from
 * `current` unless the dealer may edit it (shoppers never set it).
 */
export function tradeInFromDialog(
  values: TradeInValues,
  current: TradeIn,
  canEditValue: boolean,
): { tradeIn: TradeIn; amountOwedOnTradeIn: number } {
  const typedValue = values.value.trim() === "" ? undefined : Math.abs(parseAmountInput(values.value)) || 0;
  const value = canEditValue ? typedValue : current.vehicle.value;
  const vehicle: TradeIn["vehicle"] = {
    description: values.description.trim(),
    vin: values.vin.trim(),
    mileage: Math.max(0, parseNumberInput(values.mileage) || 0),
    condition: values.condition.trim(),
  };
  if (value !== undefined) vehicle.value = value;
  return {
    tradeIn: { hasTradeIn: values.hasTradeIn, vehicle },
    amountOwedOnTradeIn: Math.abs(parseAmountInput(values.amountOwed)) || 0,
  };
}
