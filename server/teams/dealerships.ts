import { randomUUID } from "node:crypto";
import type { DealerProfile } from "@shared/api-types";
import { EMPTY_DEALER_PROFILE } from "@shared/constants";
import { eq } from "drizzle-orm";
import type { Db } from "../db/connection";
import { dealerships } from "../db/schema";

export type DealershipRow = typeof dealerships.$inferSelect;

/** The dealership's profile (empty strings where it is not filled in). */
export function dealershipProfile(db: Db, dealershipId: string): DealerProfile {
  const row = db.select().from(dealerships).where(eq(dealerships.id, dealershipId)).get();
  if (!row) return { ...EMPTY_DEALER_PROFILE };
  return {
    dealershipName: row.dealershipName,
    streetAddress: row.streetAddress,
    city: row.city,
    state: row.state,
    zipCode: row.zipCode,
    phoneNumber: row.phoneNumber,
  };
}

/** A new dealership (registration); returns its id. */
export function createDealership(
  db: Pick<Db, "insert">,
  profile: Partial<DealerProfile>,
  now: number,
): string {
  const id = randomUUID();
  db.insert(dealerships)
    .values({ ...EMPTY_DEALER_PROFILE, ...profile, id, createdAt: now, updatedAt: now })
    .run();
  return id;
}

export function updateDealershipProfile(db: Db, dealershipId: string, profile: DealerProfile): void {
  db.update(dealerships)
    .set({ ...profile, updatedAt: Date.now() })
    .where(eq(dealerships.id, dealershipId))
    .run();
}
