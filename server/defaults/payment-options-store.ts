import { DEFAULT_STRUCTURES } from "@shared/core/constants";
import { leaseProgramSchema, structuresSchema } from "@shared/schemas/quote-schema";
import type { DefaultsStore, PaymentOptions } from "../db/repositories/defaults";

// Issue #18: the dealership's payment options for new quotes. Absent: DESKING.md's 3 × 3
// ($0 / $2,000 / $4,000 down; 48/60/72 finance, 24/36/48 lease) and no lease programme.

export type { PaymentOptions };

const defaultPaymentOptions = (): PaymentOptions => ({
  structures: structuresSchema.parse({
    downs: [...DEFAULT_STRUCTURES.downs],
    financeTerms: [...DEFAULT_STRUCTURES.financeTerms],
    leaseTerms: [...DEFAULT_STRUCTURES.leaseTerms],
    hidden: [],
  }),
  leaseProgram: null,
});

/** The saved options, each part that no longer parses replaced by its default. */
export async function readPaymentOptions(defaults: DefaultsStore, dealerId: string): Promise<PaymentOptions> {
  const row = await defaults.paymentOptions(dealerId);
  if (!row) return defaultPaymentOptions();
  const structures = structuresSchema.safeParse(row.structures);
  const lease = row.leaseProgram === null ? null : leaseProgramSchema.safeParse(row.leaseProgram);
  return {
    structures: structures.success ? structures.data : defaultPaymentOptions().structures,
    leaseProgram: lease?.success ? lease.data : null,
  };
}
