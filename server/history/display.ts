import { creditTierLabel, isCreditTier } from "@shared/constants";
import { formatMileage, formatPercent } from "@shared/format";
import { formatDollars } from "@shared/money";

// Display form of one deal-document value for the history (issue #9): what the quote page shows
// for it, signs included (discount, trade-in value and downpayment read negative, as on the
// lines of spec §2). null means "none", so a first value reads "set Discount to -$500.00".
// Values come from accepted updates (the guard validated them), but this runs inside the
// update's transaction: it must never throw, whatever it is given.

const MAX_DISPLAY = 200;

const money = (value: unknown, sign: 1 | -1, zeroIsNone: boolean): string | null => {
  if (typeof value !== "number" || !Number.isFinite(value)) return null;
  if (zeroIsNone && value === 0) return null;
  return formatDollars(sign * Math.abs(value));
};

const clip = (text: string): string | null => {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  return trimmed.length > MAX_DISPLAY ? `${trimmed.slice(0, MAX_DISPLAY - 1)}…` : trimmed;
};

const named = (item: unknown): Record<string, unknown> =>
  typeof item === "object" && item !== null && !Array.isArray(item) ? (item as Record<string, unknown>) : {};

/** Selected add-ons with the price the shopper pays: "Floor mats ($150.00), Tint ($300.00)". */
function addOnsText(value: unknown): string | null {
  if (!Array.isArray(value)) return null;
  const parts = value
    .map(named)
    .filter((addOn) => addOn.isSelected === true)
    .map((addOn) => {
      const price = typeof addOn.sellingPrice === "number" ? addOn.sellingPrice : addOn.price;
      return `${String(addOn.name ?? "")} (${money(price, 1, false) ?? "$0.00"})`;
    });
  return parts.length > 0 ? clip(parts.join(", ")) : null;
}

/** Fee and tax lists: "Doc fee $199.00, Plate $50.00" / "State tax 6.25%". */
function itemsText(value: unknown, part: "amount" | "rate"): string | null {
  if (!Array.isArray(value)) return null;
  const parts = value.map(named).map((item) => {
    const amount = item[part];
    const shown =
      typeof amount !== "number" ? "" : part === "rate" ? formatPercent(amount) : money(amount, 1, false);
    return `${String(item.name ?? "")} ${shown}`.trim();
  });
  return parts.length > 0 ? clip(parts.join(", ")) : null;
}

/** The display form of `value` stored under document key `key`. */
export function displayValue(key: string, value: unknown): string | null {
  if (value === undefined || value === null) return null;
  switch (key) {
    case "pricing.advertisedPrice":
      return money(value, 1, false);
    case "pricing.discount":
      return money(value, -1, true);
    case "tradeIn.vehicle.value":
      return money(value, -1, false);
    case "amountOwedOnTradeIn":
      return money(value, 1, true);
    case "downPayment":
      return money(value, -1, true);
    case "selectedCreditTier":
      return isCreditTier(value) ? creditTierLabel(value) : clip(String(value));
    case "vehicle.mileage":
      return typeof value === "number" ? formatMileage(value) : null;
    case "tradeIn.vehicle.mileage":
      // A trade-in form starts at 0: its first real mileage reads as "set".
      return typeof value === "number" && value !== 0 ? formatMileage(value) : null;
    case "tradeIn.hasTradeIn":
      return value === true ? "Yes" : "No";
    case "addOns":
      return addOnsText(value);
    case "dealerFeeItems":
    case "governmentFeeItems":
      return itemsText(value, "amount");
    case "taxItems":
      return itemsText(value, "rate");
  }
  if (key.startsWith("customInterestRates.")) return typeof value === "number" ? formatPercent(value) : null;
  if (typeof value === "string") return clip(value);
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  try {
    return clip(JSON.stringify(value));
  } catch {
    return null;
  }
}
