// The deal's history in plain words (issue #9): what the dealer's History panel says about each
// recorded event. Pure, so the server tests can check the exact sentences the page shows.
//
// An event's `field` is a key of the deal document ("pricing.discount", "tradeIn.vehicle.mileage",
// "downPayment"): every leaf of a nested field is its own line of history, so "Discount" and
// "Advertised price" read as two things even though both live under `pricing`. Values arrive in
// display form (written by the server when the change was accepted), null meaning "none".

import { creditTierLabel, isCreditTier } from "../core/constants";
import { TEXT, VEHICLE_FORM_LABELS } from "../text/page-text";

type HistoryRole = "DEALER" | "SHOPPER";

/** One row of GET /api/quotes/{id}/history (newest first). */
export type HistoryEvent = {
  id: number;
  /** When the change reached the server (ms since the epoch); a merged burst keeps its last time. */
  at: number;
  role: HistoryRole;
  /** Who on the dealership's side made it, as "Dana (manager)"; absent for the shopper and older rows. */
  actor?: string | null;
  field: string;
  oldValue: string | null;
  newValue: string | null;
};

export type HistoryResponse = { events: HistoryEvent[] };

/** The History panel's fixed words. */
export const HISTORY_TEXT = {
  title: "History",
  empty: "No changes yet. Every change you or the shopper make will be listed here.",
  loadFailed: "The history could not be loaded.",
  you: "You",
  shopper: "Shopper",
} as const;

const FIELD_LABELS: Record<string, string> = {
  "vehicle.description": VEHICLE_FORM_LABELS.description,
  "vehicle.color": VEHICLE_FORM_LABELS.color,
  "vehicle.mileage": VEHICLE_FORM_LABELS.mileage,
  "vehicle.stockNumber": VEHICLE_FORM_LABELS.stockNumber,
  "vehicle.vin": VEHICLE_FORM_LABELS.vin,
  "vehicle.advertisedUrl": VEHICLE_FORM_LABELS.advertisedUrl,
  "pricing.advertisedPrice": TEXT.advertisedPrice,
  "pricing.discount": TEXT.discount,
  addOns: TEXT.addOns,
  dealerFeeItems: TEXT.fees,
  taxItems: TEXT.taxes,
  governmentFeeItems: TEXT.titleAndRegistration,
  "tradeIn.vehicle.description": "Trade-in vehicle",
  "tradeIn.vehicle.vin": "Trade-in VIN",
  "tradeIn.vehicle.mileage": "Trade-in mileage",
  "tradeIn.vehicle.condition": "Trade-in condition",
  "tradeIn.vehicle.value": TEXT.tradeInValue,
  amountOwedOnTradeIn: TEXT.amountOwedOnTradeIn,
  downPayment: TEXT.downPayment,
  selectedCreditTier: "Credit tier",
  interestRates: "Interest rate table",
  salesperson: "Salesperson",
  expiresAt: "Expiry",
  rebates: "Rebates",
  structures: "Payment options",
  leaseProgram: "Lease programme",
  shopperChoice: "Payment choice",
};

/** "pricing.discount" -> "Discount"; "customInterestRates.good.60" -> "Good rate for 60 months". */
export function historyFieldLabel(field: string): string {
  const known = FIELD_LABELS[field];
  if (known) return known;
  const rate = /^customInterestRates\.([a-z-]+)\.(\d+)$/.exec(field);
  if (rate?.[1] && isCreditTier(rate[1])) return `${creditTierLabel(rate[1])} rate for ${rate[2]} months`;
  return field;
}
