import { type QuoteTaxRules, taxRulesSchema } from "@shared/schemas/quote-schema";
import type { DefaultsStore } from "../db/repositories/defaults";

/** The dealer's saved tax rules, or undefined when none were saved (the standard rules apply). */
export async function readTaxRules(
  defaults: DefaultsStore,
  dealerId: string,
): Promise<QuoteTaxRules | undefined> {
  const stored = await defaults.taxRules(dealerId);
  if (stored === undefined) return undefined;
  const parsed = taxRulesSchema.safeParse(stored);
  return parsed.success ? parsed.data : undefined;
}
