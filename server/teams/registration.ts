import type { Config } from "../config";
import type { DealershipStore } from "../db/repositories/dealerships";

/**
 * REGISTRATION: `open` lets anyone register a new dealership; `first` only while the server has
 * none (a single dealership hosting its own server); `invite` never (invitations only).
 */
export async function registrationOpen(
  dealerships: DealershipStore,
  config: Pick<Config, "registration">,
): Promise<boolean> {
  if (config.registration === "open") return true;
  if (config.registration === "invite") return false;
  return !(await dealerships.any());
}
