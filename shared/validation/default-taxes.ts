// Default taxes settings page (spec §5) and its request body.

import { TAX_RATE_MAX, TAX_RATE_MIN } from "../core/constants";
import { z } from "../core/zod";
import { collect, type FieldErrors, isBlank, required, ruled } from "../schemas/field-rules";
import { dollarAmount, taxRate } from "../schemas/schema-fields";
import { MSG } from "../text/messages";
import { parseNumberInput } from "./amount";

export interface DefaultTaxValues {
  description: string;
  /** Percent, as typed ('8.25'). */
  rate: string;
}
type DefaultTaxField = keyof DefaultTaxValues;

export function parseRateInput(raw: string): number {
  if (isBlank(raw)) return Number.NaN;
  return parseNumberInput(raw.replace("%", ""));
}

function rateMessage(raw: string): string | undefined {
  if (isBlank(raw)) return MSG.rateRequired;
  const rate = parseRateInput(raw);
  return Number.isFinite(rate) && rate >= TAX_RATE_MIN && rate <= TAX_RATE_MAX
    ? undefined
    : MSG.rateBetween0And100;
}

export function validateDefaultTax(values: DefaultTaxValues): FieldErrors<DefaultTaxField> {
  return collect<DefaultTaxField>([
    ["description", required(MSG.descriptionRequired)(values.description)],
    ["rate", rateMessage(values.rate)],
  ]);
}

/** The banner for a failed update (spec §5's update messages). */
export function defaultTaxSummary(values: DefaultTaxValues): string | undefined {
  if (isBlank(values.description) || isBlank(values.rate)) return MSG.descriptionAndRateRequired;
  return rateMessage(values.rate) === undefined ? undefined : MSG.taxRateBetween0And100;
}

/** POST and PUT /dealer-defaults/taxes. */
export const taxBodySchema = z.object({
  description: ruled(required(MSG.descriptionRequired), MSG.descriptionRequired).trim(),
  rate: taxRate(),
  /** Dollars; null or absent: no cap. */
  baseCap: dollarAmount().nullish(),
});
export type TaxBody = z.infer<typeof taxBodySchema>;
