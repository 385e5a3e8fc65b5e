// Default add-ons settings page (spec §5) and its request body.

import { z } from "../core/zod";
import {
  collect,
  type FieldErrors,
  hasErrors,
  isBlank,
  optional,
  required,
  ruled,
} from "../schemas/field-rules";
import { dollarAmount, optionalText } from "../schemas/schema-fields";
import { MSG } from "../text/messages";
import { amountMessage } from "./amount";

export interface DefaultAddOnValues {
  name: string;
  description: string;
  /** As typed. */
  price: string;
  /** Issue #38: what the add-on costs the dealership, as typed; blank: not entered. */
  cost?: string;
}
type DefaultAddOnField = keyof DefaultAddOnValues;

// 'Price is required' covers blank, zero and unreadable: the spec's only words for price.
const priceRule = (raw: string) =>
  amountMessage(raw, {
    requiredMessage: MSG.priceRequired,
    invalidMessage: MSG.priceRequired,
    negativeMessage: MSG.priceRequired,
    zeroMessage: MSG.priceRequired,
    tooLargeMessage: MSG.priceTooLarge,
  });

export function validateDefaultAddOn(values: DefaultAddOnValues): FieldErrors<DefaultAddOnField> {
  return collect<DefaultAddOnField>([
    ["name", required(MSG.nameRequired)(values.name)],
    ["description", optional(values.description)],
    ["price", priceRule(values.price)],
    ["cost", isBlank(values.cost ?? "") ? undefined : amountMessage(values.cost ?? "")],
  ]);
}

/** The banner for a failed save: 'Name and price are required' when either is missing. */
export function defaultAddOnSummary(values: DefaultAddOnValues): string | undefined {
  const errors = validateDefaultAddOn(values);
  if (errors.name === MSG.nameRequired || errors.price === MSG.priceRequired) return MSG.nameAndPriceRequired;
  return hasErrors(errors) ? Object.values(errors)[0] : undefined;
}

/** POST and PUT /dealer-defaults/addons. */
export const addonBodySchema = z.object({
  name: ruled(required(MSG.nameRequired), MSG.nameRequired).trim(),
  description: optionalText(),
  price: dollarAmount({
    required: MSG.priceRequired,
    negative: MSG.priceRequired,
    tooLarge: MSG.priceTooLarge,
  }).refine((price) => price > 0, MSG.priceRequired),
  /** Issue #38: what the add-on costs the dealership (dealer-private: the add-on gross); optional. */
  cost: dollarAmount().nullable().optional(),
});
export type AddonBody = z.infer<typeof addonBodySchema>;
