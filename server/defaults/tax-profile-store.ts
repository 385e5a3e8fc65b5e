import { type QuoteTaxRules, taxRulesSchema } from "@shared/quote-schema";
import { eq } from "drizzle-orm";
import type { Db } from "../db/connection";
import { dealerTaxProfiles } from "../db/schema";

/** The dealer's saved tax rules, or undefined when none were saved (the standard rules apply). */
export function readTaxRules(db: Db, dealerId: string): QuoteTaxRules | undefined {
  const row = db.select().from(dealerTaxProfiles).where(eq(dealerTaxProfiles.dealerId, dealerId)).get();
  if (!row) return undefined;
  const parsed = taxRulesSchema.safeParse(row.rules);
  return parsed.success ? parsed.data : undefined;
}

export function saveTaxRules(db: Db, dealerId: string, rules: QuoteTaxRules): void {
  const updatedAt = Date.now();
  db.insert(dealerTaxProfiles)
    .values({ dealerId, rules, updatedAt })
    .onConflictDoUpdate({ target: dealerTaxProfiles.dealerId, set: { rules, updatedAt } })
    .run();
}
