import { centsToDollars } from "@shared/money";
import type { DealerDefaultsSnapshot } from "@shared/new-quote";
import { and, asc, eq, isNull } from "drizzle-orm";
import type { Db } from "../db/connection";
import { defaultAddons, defaultDealerFees, defaultGovernmentFees, defaultTaxes } from "../db/schema";
import { interestRateTable } from "../defaults/interest-rate-table";

/** The dealer's active defaults (soft-deleted rows are left out), in dollars, oldest first. */
export function dealerDefaultsSnapshot(db: Db, dealerId: string): DealerDefaultsSnapshot {
  const addOns = db
    .select()
    .from(defaultAddons)
    .where(and(eq(defaultAddons.dealerId, dealerId), isNull(defaultAddons.deletedAt)))
    .orderBy(asc(defaultAddons.createdAt), asc(defaultAddons.id))
    .all();
  const taxes = db
    .select()
    .from(defaultTaxes)
    .where(and(eq(defaultTaxes.dealerId, dealerId), isNull(defaultTaxes.deletedAt)))
    .orderBy(asc(defaultTaxes.createdAt), asc(defaultTaxes.id))
    .all();
  const dealerFees = db
    .select()
    .from(defaultDealerFees)
    .where(and(eq(defaultDealerFees.dealerId, dealerId), isNull(defaultDealerFees.deletedAt)))
    .orderBy(asc(defaultDealerFees.createdAt), asc(defaultDealerFees.id))
    .all();
  const governmentFees = db
    .select()
    .from(defaultGovernmentFees)
    .where(and(eq(defaultGovernmentFees.dealerId, dealerId), isNull(defaultGovernmentFees.deletedAt)))
    .orderBy(asc(defaultGovernmentFees.createdAt), asc(defaultGovernmentFees.id))
    .all();
  const fee = (row: { id: string; name: string; description: string; amountCents: number }) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    amount: centsToDollars(row.amountCents),
  });
  return {
    addOns: addOns.map((row) => ({
      id: row.id,
      name: row.name,
      description: row.description,
      price: centsToDollars(row.priceCents),
    })),
    taxes: taxes.map((row) => ({ id: row.id, description: row.description, rate: row.rate })),
    dealerFees: dealerFees.map(fee),
    governmentFees: governmentFees.map(fee),
    interestRates: interestRateTable(db, dealerId),
  };
}
