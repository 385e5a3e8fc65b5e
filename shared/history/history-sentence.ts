// The history in plain words (issue #9): the dealer's History panel's sentences and relative
// times. Apart from history-text.ts, whose field labels the shopper's page needs (offline
// conflicts), so that none of this reaches the shopper's phone.

import { HISTORY_TEXT, type HistoryEvent, historyFieldLabel } from "./history-text";
import { conflictLabel, STALE_EDIT_FIELD_PREFIX } from "./offline-conflicts";

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
  // Issue #36: "Shopper's offline change to Down payment ($7,000.00) was not applied: the dealer had set $3,000.00".
  if (event.field.startsWith(STALE_EDIT_FIELD_PREFIX)) {
    const whose = who === HISTORY_TEXT.you ? "Your" : `${who}'s`;
    const label = conflictLabel(event.field.slice(STALE_EDIT_FIELD_PREFIX.length));
    return `${whose} offline change to ${label} (${event.oldValue ?? "none"}) was not applied: ${event.newValue ?? ""}`;
  }
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
  // Issue #40: the steps analytics counts.
  if (event.field === "shared")
    return `${who} shared the quote${event.newValue ? ` by ${event.newValue}` : ""}`;
  if (event.field === "opened") return `${who} opened the quote`;
  if (event.field === "version") return `${who} saved ${event.newValue ?? "a version"}`;
  if (event.field === "counterOffer")
    return `${who} made a counter-offer: ${event.newValue ?? "a new version"}`;
  if (event.field === "unlocked") return `${who} reopened the deal (${event.newValue ?? "accepted version"})`;
  // Issue #14: "Olivia (owner) renewed the quote until Dec 25, 2026".
  if (event.field === "expiresAt") {
    const until = event.newValue ? new Date(event.newValue) : null;
    return until && !Number.isNaN(until.getTime())
      ? `${who} renewed the quote until ${until.toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric" })}`
      : `${who} renewed the quote`;
  }
  // Issue #18: "Shopper chose Lease 36 mo, $2,000.00 down ($389.12/mo)".
  if (event.field === "shopperChoice" && event.newValue !== null) return `${who} chose ${event.newValue}`;
  // Issue #38 (here, not in history-text.ts's labels: the shopper's page carries those):
  // "Shopper asked for $450.00/mo", "Shopper asked for it for Finance", "Shopper wrote 'Can you do
  // 450?' with the payment request", "You answered the payment request with version 3 (for $450.00/mo)".
  if (event.field === "paymentRequest.amount" && event.newValue !== null)
    return `${who} asked for ${event.newValue}`;
  if (event.field === "paymentRequest.asked.payment" && event.newValue !== null)
    return `${who} was shown ${event.newValue} when asking`;
  if (event.field === "paymentRequest.structure" && event.newValue !== null)
    return `${who} asked for it for ${event.newValue}`;
  if (event.field === "paymentRequest.note")
    return event.newValue
      ? `${who} wrote '${event.newValue}' with the payment request`
      : `${who} sent no note`;
  if (event.field === "paymentAnswer" && event.newValue !== null)
    return `${who} answered the payment request with ${event.newValue}`;
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
