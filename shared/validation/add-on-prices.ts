// The add-on selection dialog (spec §5): the dealer may set a selling price
// per add-on, between 0 and its retail price; empty counts as 0.

import { parseAmountInput } from "../core/format";
import { toCents } from "../core/money";
import type { AddOn } from "../schemas/quote-schema";
import { hasAtMostTwoDecimals } from "../schemas/schema-fields";
import { MSG } from "../text/messages";
import { CORE_MSG } from "../text/page-text";

export function sellingPriceMessage(raw: string, retailPrice: number): string | undefined {
  const value = parseAmountInput(raw);
  if (!Number.isFinite(value) || !hasAtMostTwoDecimals(value)) return MSG.invalidNumber;
  if (value < 0) return MSG.priceNegative;
  // Compared in cents: 19.99 typed against a 19.99 retail must pass.
  if (toCents(value) > toCents(retailPrice)) return CORE_MSG.exceedsRetailPrice;
  return undefined;
}

/** Errors by add-on id for the typed selling prices (ids without input are skipped). */
export function validateSellingPrices(
  addOns: readonly Pick<AddOn, "id" | "price">[],
  typed: Readonly<Record<string, string>>,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const addOn of addOns) {
    const raw = typed[addOn.id];
    if (raw === undefined) continue;
    const message = sellingPriceMessage(raw, addOn.price);
    if (message !== undefined) errors[addOn.id] = message;
  }
  return errors;
}

/** Save is disabled while any error exists. */
export const canSaveSellingPrices = (errors: Readonly<Record<string, string>>): boolean =>
  Object.keys(errors).length === 0;

/** The dollars a typed selling price saves (empty is 0). */
export const sellingPriceFromInput = (raw: string): number => Math.max(0, parseAmountInput(raw) || 0);
