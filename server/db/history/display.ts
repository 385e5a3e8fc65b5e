import { creditTierLabel, isCreditTier } from "@shared/core/constants";
import { formatMileage, formatPercent } from "@shared/core/format";
import { formatDollars } from "@shared/core/money";
import { choiceText } from "@shared/deal/structure-grid";
import {
  leaseProgramSchema,
  paymentAnswerSchema,
  shopperChoiceSchema,
  structuresSchema,
} from "@shared/schemas/quote-schema";

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

/** "Down $0.00 / $2,000.00 / $4,000.00; finance 48, 60, 72 mo; lease 24, 36, 48 mo; lease hidden". */
function structuresText(value: unknown): string | null {
  const parsed = structuresSchema.safeParse(value);
  if (!parsed.success) return null;
  const { downs, financeTerms, leaseTerms, hidden } = parsed.data;
  const parts = [
    `Down ${downs.map((d) => money(d, 1, false)).join(" / ")}`,
    `finance ${financeTerms.join(", ")} mo`,
    `lease ${leaseTerms.join(", ")} mo`,
    ...hidden.map((kind) => `${kind} hidden`),
  ];
  return clip(parts.join("; "));
}

/** "Residual 36 mo 56%, 48 mo 48%; money factor 0.00125 to 0.00350; acquisition fee $695.00". */
function leaseProgramText(value: unknown): string | null {
  const parsed = leaseProgramSchema.safeParse(value);
  if (!parsed.success) return null;
  const { residuals, moneyFactors, acquisitionFee } = parsed.data;
  const factors = Object.values(moneyFactors);
  const residualText = Object.entries(residuals)
    .map(([months, percent]) => `${months} mo ${percent}%`)
    .join(", ");
  return clip(
    `Residual ${residualText}; money factor ${Math.min(...factors).toFixed(5)} to ${Math.max(...factors).toFixed(5)}; acquisition fee ${money(acquisitionFee, 1, false)}`,
  );
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
      // Issue #46: an amount ("from $3,541.00 to $5,000.00"), as the page shows it, not its stored sign.
      return money(value, 1, true);
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
    case "rebates":
      return itemsText(value, "amount");
    case "shopperChoice": {
      const choice = shopperChoiceSchema.safeParse(value);
      return choice.success ? choiceText(choice.data) : null;
    }
    case "structures":
      return structuresText(value);
    // Issue #38: the shopper's payment request and the dealer's answer.
    case "paymentRequest.amount":
      return typeof value === "number" ? `${money(value, 1, false)}/mo` : null;
    // Issue #46: what the shopper was shown when asking: the payment is told, the terms are the
    // request's own context (the dealer's notice shows them).
    case "paymentRequest.asked.months":
    case "paymentRequest.asked.down":
      return null;
    case "paymentRequest.asked.payment":
      return typeof value === "number" ? `${money(value, 1, false)}/mo` : null;
    case "paymentRequest.structure":
      return value === "finance" ? "Finance" : value === "lease" ? "Lease" : null;
    case "paymentAnswer": {
      const answer = paymentAnswerSchema.safeParse(value);
      return answer.success
        ? `version ${answer.data.version} (for ${money(answer.data.request.amount, 1, false)}/mo)`
        : null;
    }
    case "leaseProgram":
      return leaseProgramText(value);
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
