// The deal's history in plain words (issue #9): what the dealer's History panel says about each
// recorded event. Pure, so the server tests can check the exact sentences the page shows.
//
// An event's `field` is a key of the deal document ("pricing.discount", "tradeIn.vehicle.mileage",
// "downPayment"): every leaf of a nested field is its own line of history, so "Discount" and
// "Advertised price" read as two things even though both live under `pricing`. Values arrive in
// display form (written by the server when the change was accepted), null meaning "none".

import { creditTierLabel, isCreditTier } from "./constants";
import { TEXT, VEHICLE_FORM_LABELS } from "./messages";

export type HistoryRole = "DEALER" | "SHOPPER";

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

/** "Shopper changed Downpayment from -$2,000.00 to -$3,000.00", "You set Discount to -$500.00". */
export function historySentence(
  event: Pick<HistoryEvent, "role" | "actor" | "field" | "oldValue" | "newValue"> & { at?: number },
  /** The reader's own label ("Dana (manager)"): their own changes read "You". */
  self?: string,
): string {
  const who =
    event.role === "SHOPPER"
      ? HISTORY_TEXT.shopper
      : event.actor && event.actor !== self
        ? event.actor
        : HISTORY_TEXT.you;
  if (event.field === "tradeIn.hasTradeIn")
    return event.newValue === "Yes" ? `${who} added a trade-in` : `${who} removed the trade-in`;
  // Issue #19: versions and the shopper's acceptance.
  if (event.field === "accepted") {
    const at =
      event.at === undefined
        ? ""
        : ` at ${new Date(event.at).toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit" })}`;
    return `${who} accepted ${event.newValue ?? "the deal"}${at}`;
  }
  if (event.field === "version") return `${who} saved ${event.newValue ?? "a version"}`;
  if (event.field === "counterOffer") return `${who} made a counter-offer: ${event.newValue ?? "a new version"}`;
  if (event.field === "unlocked") return `${who} reopened the deal (${event.newValue ?? "accepted version"})`;
  // Issue #18: "Shopper chose Lease 36 mo, $2,000.00 down ($389.12/mo)".
  if (event.field === "shopperChoice" && event.newValue !== null) return `${who} chose ${event.newValue}`;
  // Issue #20: a reassignment is recorded as the quote's "salesperson" changing hands.
  if (event.field === "salesperson")
    return event.oldValue
      ? `${who} reassigned the deal from ${event.oldValue} to ${event.newValue ?? ""}`
      : `${who} assigned the deal to ${event.newValue ?? ""}`;
  const label = historyFieldLabel(event.field);
  if (event.oldValue === null && event.newValue === null) return `${who} changed ${label}`;
  if (event.oldValue === null) return `${who} set ${label} to ${event.newValue}`;
  if (event.newValue === null) return `${who} cleared ${label} (was ${event.oldValue})`;
  return `${who} changed ${label} from ${event.oldValue} to ${event.newValue}`;
}

const RELATIVE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["day", 86_400_000],
  ["hour", 3_600_000],
  ["minute", 60_000],
];

/** "just now", "3 minutes ago", "yesterday" (the panel re-renders every 30 s to keep them true). */
export function relativeTime(at: number, now: number): string {
  const elapsed = Math.max(0, now - at);
  if (elapsed < 45_000) return "just now";
  const format = new Intl.RelativeTimeFormat("en-US", { numeric: "auto" });
  for (const [unit, ms] of RELATIVE_UNITS)
    if (elapsed >= ms || unit === "minute")
      return format.format(-Math.max(1, Math.floor(elapsed / ms)), unit);
  return "just now";
}
