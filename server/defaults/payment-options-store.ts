import { DEFAULT_STRUCTURES } from "@shared/constants";
import {
  type LeaseProgram,
  leaseProgramSchema,
  type Structures,
  structuresSchema,
} from "@shared/quote-schema";
import { eq } from "drizzle-orm";
import type { Db } from "../db/connection";
import { dealerPaymentOptions } from "../db/schema";

// Issue #18: the dealership's payment options for new quotes. Absent: DESKING.md's 3 × 3
// ($0 / $2,000 / $4,000 down; 48/60/72 finance, 24/36/48 lease) and no lease programme.

export type PaymentOptions = { structures: Structures; leaseProgram: LeaseProgram | null };

export const defaultPaymentOptions = (): PaymentOptions => ({
  structures: structuresSchema.parse({
    downs: [...DEFAULT_STRUCTURES.downs],
    financeTerms: [...DEFAULT_STRUCTURES.financeTerms],
    leaseTerms: [...DEFAULT_STRUCTURES.leaseTerms],
    hidden: [],
  }),
  leaseProgram: null,
});

export function readPaymentOptions(db: Db, dealerId: string): PaymentOptions {
  const row = db.select().from(dealerPaymentOptions).where(eq(dealerPaymentOptions.dealerId, dealerId)).get();
  if (!row) return defaultPaymentOptions();
  const structures = structuresSchema.safeParse(row.structures);
  const lease = row.leaseProgram === null ? null : leaseProgramSchema.safeParse(row.leaseProgram);
  return {
    structures: structures.success ? structures.data : defaultPaymentOptions().structures,
    leaseProgram: lease?.success ? lease.data : null,
  };
}

export function savePaymentOptions(db: Db, dealerId: string, options: PaymentOptions): void {
  const updatedAt = Date.now();
  const values = { structures: options.structures, leaseProgram: options.leaseProgram, updatedAt };
  db.insert(dealerPaymentOptions)
    .values({ dealerId, ...values })
    .onConflictDoUpdate({ target: dealerPaymentOptions.dealerId, set: values })
    .run();
}
