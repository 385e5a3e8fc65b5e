// The Analytics page's words and the analytics API's messages (issue #40), in one place for the
// page, the routes and the tests. Dealer-only: the shopper's bundle never imports this.

import type { StructureKind } from "../core/constants";
import { ANALYTICS_MAX_DAYS, type Durations, type FunnelStep } from "./analytics";

export const ANALYTICS_MSG = {
  fromInvalid: "The start of the range must be a date or a time, such as 2026-11-01.",
  toInvalid: "The end of the range must be a date or a time, such as 2026-11-30.",
  rangeBackwards: "The end of the range must come after its start.",
  rangeTooLong: `The range can be at most ${ANALYTICS_MAX_DAYS} days.`,
  salespersonUnknown: "There is no such salesperson in your dealership.",
  ownFiguresOnly: "Salespeople see their own figures only.",
  exportForbidden: "Only owners and managers can export the desk log.",
  filterInvalid: "Filters accepted and expired take true or false.",
  shareChannelInvalid: "Share by link, email or text.",
  loadFailed: "The figures could not be loaded.",
  exportFailed: "The desk log could not be exported.",
} as const;

export const ANALYTICS_TEXT = {
  title: "Analytics",
  intro: "Quotes created in the range, and how far each one got.",
  range: "Date range",
  ranges: { week: "This week", last30: "Last 30 days", month: "This month", custom: "Custom" },
  customRange: "Custom range",
  from: "From",
  to: "To",
  salesperson: "Salesperson",
  everyone: "Everyone",
  yourFigures: "Your own figures",
  loading: "Loading figures...",
  tryAgain: "Try Again",
  exportCsv: "Export CSV",
  funnelTitle: "Funnel",
  weeksTitle: "By week",
  peopleTitle: "By salesperson",
  timingTitle: "Time to respond",
  dealsTitle: "Accepted deals",
  structuresTitle: "Structures chosen",
  termsTitle: "Most common terms",
  downsTitle: "Most common cash downs",
  noQuotes: "No quotes were created in this range.",
  noAccepted: "No deal created in this range has been accepted yet.",
  none: "None yet",
  week: "Week of",
  quotesCreated: "Quotes created by week",
  shareToOpen: "Share to first open",
  openToAccept: "First open to acceptance",
  median: "Median",
  p90: "90th percentile",
  quotesMeasured: "Quotes measured",
  averageOutTheDoor: "Average out-the-door",
  totalOutTheDoor: "Total out-the-door",
  dealsCounted: "Accepted deals with a price",
  count: "Deals",
  term: "Term",
  down: "Cash down",
  conversion: "Conversion",
  showTable: "Data table",
} as const;

export const FUNNEL_LABELS: Record<FunnelStep, string> = {
  created: "Created",
  shared: "Shared",
  opened: "Opened by the shopper",
  accepted: "Accepted",
};

export const STRUCTURE_LABELS: Record<StructureKind, string> = {
  cash: "Cash",
  finance: "Finance",
  lease: "Lease",
};

/** "67%" (one decimal under 10%: "6.7%"); "—" without a base. */
export function percentText(rate: number | null): string {
  if (rate === null) return "—";
  const percent = rate * 100;
  return `${percent > 0 && percent < 10 ? percent.toFixed(1) : Math.round(percent)}%`;
}

/** "45 min", "3 h 20 min", "2 d 4 h"; under a minute "under 1 min". */
function durationText(ms: number | null): string {
  if (ms === null) return "—";
  const minutes = Math.round(ms / 60_000);
  if (minutes < 1) return "under 1 min";
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
  const days = Math.floor(hours / 24);
  return hours % 24 === 0 ? `${days} d` : `${days} d ${hours % 24} h`;
}

/** "Median 2 h 5 min, 90th percentile 1 d 3 h, over 4 quotes". */
export function durationsSentence(durations: Durations): string {
  if (durations.count === 0) return ANALYTICS_TEXT.none;
  const over = durations.count === 1 ? "1 quote" : `${durations.count} quotes`;
  return `${ANALYTICS_TEXT.median} ${durationText(durations.medianMs)}, ${ANALYTICS_TEXT.p90.toLowerCase()} ${durationText(durations.p90Ms)}, over ${over}`;
}

/** Why opened may exceed shared (#51): quotes opened from a link no dealer shared from DealDesk. */
export function openedWithoutShareText(count: number): string {
  const quotes = count === 1 ? "1 quote was" : `${count} quotes were`;
  return `${quotes} opened from a link not shared through DealDesk: counted as opened, not as shared; the opened conversion is over the shared quotes.`;
}

/** The funnel as one sentence, the chart's text equivalent, and why opened exceeds shared when it may. */
export function funnelSentence(funnel: Record<FunnelStep, number> & { openedWithoutShare: number }): string {
  const steps = `${funnel.created} created, ${funnel.shared} shared, ${funnel.opened} opened by the shopper, ${funnel.accepted} accepted.`;
  return funnel.openedWithoutShare > 0
    ? `${steps} ${openedWithoutShareText(funnel.openedWithoutShare)}`
    : steps;
}

/** "Finance 60 mo", "Lease 36 mo". */
export const termText = (structure: "finance" | "lease", months: number) =>
  `${STRUCTURE_LABELS[structure]} ${months} mo`;

/** How a dealer shared the link (POST /api/quotes/:id/shared), as the history says it. */
export const SHARE_CHANNELS = { link: "link", email: "email", text: "text message" } as const;
export type ShareChannel = keyof typeof SHARE_CHANNELS;
