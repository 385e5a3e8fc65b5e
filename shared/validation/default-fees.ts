// Default dealer fees and government fees settings pages (spec §5) and their
// request body; both lists follow the same rules.

import { z } from "../core/zod";
import { collect, type FieldErrors, hasErrors, optional, required, ruled } from "../schemas/field-rules";
import { dollarAmount, optionalText } from "../schemas/schema-fields";
import { MSG } from "../text/messages";
import { amountMessage } from "./amount";

export interface DefaultFeeValues {
  name: string;
  description: string;
  /** As typed. */
  amount: string;
}
type DefaultFeeField = keyof DefaultFeeValues;

// Zero is allowed (a fee may be waived); the spec words "not below 0" as 'positive'.
const amountRule = (raw: string) =>
  amountMessage(raw, {
    requiredMessage: MSG.amountRequired,
    invalidMessage: MSG.amountPositive,
    negativeMessage: MSG.amountPositive,
  });

export function validateDefaultFee(values: DefaultFeeValues): FieldErrors<DefaultFeeField> {
  return collect<DefaultFeeField>([
    ["name", required(MSG.nameRequired)(values.name)],
    ["description", optional(values.description)],
    ["amount", amountRule(values.amount)],
  ]);
}

/** The banner for a failed save: 'Name and amount are required' when either is blank. */
export function defaultFeeSummary(values: DefaultFeeValues): string | undefined {
  if (values.name.trim() === "" || values.amount.trim() === "") return MSG.nameAndAmountRequired;
  const errors = validateDefaultFee(values);
  return hasErrors(errors) ? Object.values(errors)[0] : undefined;
}

/** POST and PUT /dealer-defaults/dealer-fees and /government-fees. */
export const feeBodySchema = z.object({
  name: ruled(required(MSG.nameRequired), MSG.nameRequired).trim(),
  description: optionalText(),
  amount: dollarAmount({ required: MSG.amountPositive, negative: MSG.amountPositive }),
});
export type FeeBody = z.infer<typeof feeBodySchema>;
