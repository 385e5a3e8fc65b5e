// Issue #11, Major 8: an edit made offline that lost to the other side's edit of the same value
// is never dropped without a word. This names the field and both values, in the page's terms.

import { creditTierLabel, isCreditTier } from "./constants";
import { formatMileage } from "./format";
import { historyFieldLabel } from "./history-text";
import { formatDollars } from "./money";

/** One document key the viewer wrote offline and the other side's value replaced. */
export interface OfflineConflict {
  key: string;
  mine: unknown;
  theirs: unknown;
}

/** Amounts shown negative on the page (subtracted), as stored magnitudes or negatives. */
const NEGATIVE_AMOUNTS = new Set(["downPayment", "pricing.discount", "tradeIn.vehicle.value"]);
const AMOUNTS = new Set([...NEGATIVE_AMOUNTS, "pricing.advertisedPrice", "amountOwedOnTradeIn"]);

/** A value as the page shows it: "-$4,200.00", "Fair", "98,000 miles", "none". */
export function conflictValue(key: string, value: unknown): string {
  if (value === undefined || value === null || value === "") return "none";
  if (AMOUNTS.has(key) && typeof value === "number") {
    return formatDollars(NEGATIVE_AMOUNTS.has(key) ? -Math.abs(value) : value);
  }
  if (key === "selectedCreditTier" && isCreditTier(value)) return creditTierLabel(value);
  if (key.endsWith(".mileage") && typeof value === "number") return formatMileage(value);
  if (typeof value === "boolean") return value ? "Yes" : "No";
  return String(value);
}

/**
 * "While you were offline, the dealer also changed Downpayment: their -$4,200.00 was kept, not
 * your -$5,000.00." One sentence per field, in one notice.
 */
export function conflictText(
  conflicts: readonly OfflineConflict[],
  otherSide: "dealer" | "customer",
): string {
  const parts = conflicts.map(
    (c) =>
      `${historyFieldLabel(c.key)}: their ${conflictValue(c.key, c.theirs)} was kept, not your ${conflictValue(c.key, c.mine)}`,
  );
  return `While you were offline, the ${otherSide} also changed ${parts.join("; ")}.`;
}
