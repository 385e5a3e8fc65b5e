import type { Config } from "../config";
import type { Db } from "../db/connection";
import { dealerships } from "../db/schema";

/**
 * REGISTRATION: `open` lets anyone register a new dealership; `first` only while the server has
 * none (a single dealership hosting its own server); `invite` never (invitations only).
 */
export function registrationOpen(db: Db, config: Pick<Config, "registration">): boolean {
  if (config.registration === "open") return true;
  if (config.registration === "invite") return false;
  return db.select({ id: dealerships.id }).from(dealerships).limit(1).get() === undefined;
}
