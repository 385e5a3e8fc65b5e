import { type CreditTier, LOAN_TERMS } from "@shared/constants";
import type { InterestRateEntry } from "@shared/validation/interest-rates";
import type { Db } from "../db/connection";
import { interestRateDefaults } from "../db/schema";
import { interestRateTable } from "./interest-rate-table";

/** One tier of the dealer's rate sheet as GET/PUT /interest-rates/{tier} answer it: the six terms in order. */
export function tierRates(db: Db, dealerId: string, tier: CreditTier): InterestRateEntry[] {
  const row = interestRateTable(db, dealerId)[tier];
  return LOAN_TERMS.map((term) => ({
    term_months: term,
    interest_rate: row[String(term) as `${typeof term}`],
  }));
}

/** Upserts only the given terms of one tier, all or nothing. */
export function saveTierRates(db: Db, dealerId: string, tier: CreditTier, rates: InterestRateEntry[]): void {
  const now = Date.now();
  db.transaction((tx) => {
    for (const entry of rates) {
      tx.insert(interestRateDefaults)
        .values({ dealerId, tier, termMonths: entry.term_months, rate: entry.interest_rate, updatedAt: now })
        .onConflictDoUpdate({
          target: [interestRateDefaults.dealerId, interestRateDefaults.tier, interestRateDefaults.termMonths],
          set: { rate: entry.interest_rate, updatedAt: now },
        })
        .run();
    }
  });
}
