import {
  defaultEconomicsSettings,
  type EconomicsSettings,
  economicsSettingsSchema,
} from "@shared/deal/economics";
import { type Member, maySeeGross } from "@shared/rules/permissions";
import type { DefaultsStore } from "../db/repositories/defaults";

// Issue #38: the dealership's deal economics defaults (docs/decisions/019-deal-economics.md).
// Absent: no pack, no participation, no buy rates, and salespeople do not see gross.

/** The saved settings; a stored value that no longer parses reads as the defaults. */
export async function readEconomicsSettings(
  defaults: Pick<DefaultsStore, "economics">,
  dealerId: string,
): Promise<EconomicsSettings> {
  const parsed = economicsSettingsSchema.safeParse(await defaults.economics(dealerId));
  return parsed.success ? parsed.data : defaultEconomicsSettings();
}

/** Whether `member` sees the gross of their dealership's deals (the Desk panel, the column, the REST fields). */
export async function memberSeesGross(
  defaults: Pick<DefaultsStore, "economics">,
  member: Pick<Member, "role" | "dealershipId">,
): Promise<boolean> {
  if (member.role !== "salesperson") return true;
  return maySeeGross(member, await readEconomicsSettings(defaults, member.dealershipId));
}
