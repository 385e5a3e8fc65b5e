import type { CreditTier } from "@shared/core/constants";
import type { InterestRateEntry } from "@shared/validation/interest-rates";
import { and, eq, isNull } from "drizzle-orm";
import type * as lite from "../schema";
import type * as pg from "../schema.pg";

// The defaults stores' drizzle text, built once for both backends (sqlite/defaults.ts and
// postgres/defaults.ts run it; see quotes.ts here on the selections' types). The lists' tie-break
// stays per backend: SQLite orders by rowid, PostgreSQL (which has none) by its `ord` column.

export type ListTable =
  | typeof lite.defaultAddons
  | typeof lite.defaultTaxes
  | typeof lite.defaultDealerFees
  | typeof lite.defaultGovernmentFees
  | typeof pg.defaultAddons
  | typeof pg.defaultTaxes
  | typeof pg.defaultDealerFees
  | typeof pg.defaultGovernmentFees;
export type RateSheet = typeof lite.interestRateDefaults | typeof pg.interestRateDefaults;
export type PaymentOptions = typeof lite.dealerPaymentOptions | typeof pg.dealerPaymentOptions;
export type Economics = typeof lite.dealerEconomics | typeof pg.dealerEconomics;
export type TaxProfiles = typeof lite.dealerTaxProfiles | typeof pg.dealerTaxProfiles;

/** The dealer's items of a list that are not deleted. */
export const active = (t: ListTable, dealerId: string) => and(eq(t.dealerId, dealerId), isNull(t.deletedAt));

/** One item of the dealer's, not deleted. */
export const own = (t: ListTable, dealerId: string, id: string) =>
  and(eq(t.id, id), eq(t.dealerId, dealerId), isNull(t.deletedAt));

/** A rate sheet row's key: one rate per dealer, tier and term. */
export const rateKey = <T extends RateSheet>(t: T): [T["dealerId"], T["tier"], T["termMonths"]] => [
  t.dealerId,
  t.tier,
  t.termMonths,
];

/** A rate sheet row as saved now. */
export const rateValues = (dealerId: string, tier: CreditTier, entry: InterestRateEntry, now: number) => ({
  dealerId,
  tier,
  termMonths: entry.term_months,
  rate: entry.interest_rate,
  updatedAt: now,
});

export const paymentOptionColumns = <T extends PaymentOptions>(
  t: T,
): Pick<T, "structures" | "leaseProgram"> => ({
  structures: t.structures,
  leaseProgram: t.leaseProgram,
});

export const settingsColumns = <T extends Economics>(t: T): Pick<T, "settings"> => ({ settings: t.settings });

export const rulesColumns = <T extends TaxProfiles>(t: T): Pick<T, "rules"> => ({ rules: t.rules });
