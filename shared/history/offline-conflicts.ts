// Issue #36: an edit whose editor had not seen the current value of its key (a stale offline
// edit) is not applied; the server keeps the newer value and tells the stale editor, once per
// key, with both values (docs/decisions/016-stale-offline-edits.md). This is the wire message
// that tells them and the words both the notice and the history use. Pure: both sides import it,
// and the shopper's page carries it, so it stays small.

import { creditTierLabel, isCreditTier } from "../core/constants";
import { formatMileage } from "../core/format";
import { formatDollars } from "../core/money";
import type { OfflineConflict } from "../live/stale-edits-wire";
import { historyFieldLabel } from "./history-text";

/** Amounts shown as money (the page shows some of them subtracted; the notice names the amount). */
const AMOUNTS = new Set([
  "downPayment",
  "pricing.discount",
  "tradeIn.vehicle.value",
  "pricing.advertisedPrice",
  "amountOwedOnTradeIn",
]);

/** Where the notice's words differ from the history panel's label. */
const CONFLICT_LABELS: Record<string, string> = { downPayment: "Down payment" };

/** "Down payment", "Discount", "Credit tier". */
export const conflictLabel = (key: string): string => CONFLICT_LABELS[key] ?? historyFieldLabel(key);

/** A value in the notice's words: "$3,000.00", "Fair", "98,000 miles", "none". */
export function conflictValue(key: string, value: unknown): string {
  if (value === undefined || value === null || value === "") return "none";
  if (AMOUNTS.has(key) && typeof value === "number") return formatDollars(Math.abs(value));
  if (key === "selectedCreditTier" && isCreditTier(value)) return creditTierLabel(value);
  if (key.endsWith(".mileage") && typeof value === "number") return formatMileage(value);
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "string" || typeof value === "number") return String(value);
  return "a different value";
}

/** "While you were offline, the dealer changed Down payment to $3,000.00. Your $7,000.00 was not applied." */
export function conflictText(conflict: OfflineConflict): string {
  return `While you were offline, ${conflict.by} changed ${conflictLabel(conflict.key)} to ${conflictValue(conflict.key, conflict.theirs)}. Your ${conflictValue(conflict.key, conflict.mine)} was not applied.`;
}

/** History rows of stale edits: field "offline.<key>", old value mine, new value "the dealer had set $3,000.00". */
export const STALE_EDIT_FIELD_PREFIX = "offline.";
