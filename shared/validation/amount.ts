// Rules for typed amounts (dollars in a text input), shared by the amount
// dialog, the vehicle form, add-on prices and the default lists.

import { MAX_AMOUNT } from "../core/constants";
import { parseAmountInput } from "../core/format";
import { isBlank } from "../schemas/field-rules";
import { hasAtMostTwoDecimals } from "../schemas/schema-fields";
import { MSG } from "../text/messages";

interface AmountRuleOptions {
  /** Message when blank; without it a blank amount counts as 0 (spec §5). */
  requiredMessage?: string;
  /** Message when the text is not a number. */
  invalidMessage?: string;
  negativeMessage?: string;
  /** Message when the amount is 0 and must be greater (default add-on prices). */
  zeroMessage?: string;
  tooLargeMessage?: string;
  max?: number;
}

/** The message for a typed amount, or undefined when it is acceptable. */
export function amountMessage(raw: string, options: AmountRuleOptions = {}): string | undefined {
  if (isBlank(raw) && options.requiredMessage !== undefined) return options.requiredMessage;
  const value = parseAmountInput(raw);
  if (!Number.isFinite(value) || !hasAtMostTwoDecimals(value))
    return options.invalidMessage ?? MSG.invalidNumber;
  if (value < 0) return options.negativeMessage ?? MSG.amountNegative;
  if (value === 0 && options.zeroMessage !== undefined) return options.zeroMessage;
  if (value > (options.max ?? MAX_AMOUNT)) return options.tooLargeMessage ?? MSG.amountTooLarge;
  return undefined;
}

/** A number typed in a field (mileage, a rate): commas tolerated, blank is 0, NaN when not a number. */
export function parseNumberInput(raw: string): number {
  const cleaned = raw.replace(/[,\s]/g, "");
  if (cleaned === "") return 0;
  return /^-?\d+(\.\d+)?$/.test(cleaned) ? Number(cleaned) : Number.NaN;
}
