// Desk analytics (issue #40): where deals stall. Pure: the server computes every figure of
// GET /api/analytics from the stored milestones of each quote (one query over the quotes, their
// history and their versions), and the page words them; both read the types and names here.
//
// The quotes counted are those created in the range (a cohort), each with how far it got since.
// "Shared" counts only the quotes a dealer shared from DealDesk (Share, Copy link: a "shared"
// history row). A shopper may open a link that never went through those (copied from the address
// bar, say): such a quote counts as opened, not as shared (#51: "2 shared" had counted a link
// opened directly), and `openedWithoutShare` says how many, so the page can say why opened may
// exceed shared. The opened step's conversion is over the shared quotes (shared and opened ÷
// shared); an acceptance needs the page open, so accepted never exceeds opened. Each quote keeps
// when it first reached each step (written with the step's history row or its first accepted
// version); the stores count them per salesperson and week. Weeks are seven-day spans from the
// range's start, so a week begins on the day the range does, in the manager's own time zone (the
// page sends local midnights).

import type { StructureKind } from "../core/constants";

export const DAY_MS = 86_400_000;
export const WEEK_MS = 7 * DAY_MS;
/** The longest range one request may ask for (the API refuses more). */
export const ANALYTICS_MAX_DAYS = 1_100;
/** How many terms and downs the "most common" lists show. */
const TOP_CHOICES = 5;

export const FUNNEL_STEPS = ["created", "shared", "opened", "accepted"] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

/**
 * Quotes created in one week of the range by one salesperson, how many reached each step, and how
 * many were opened by the shopper without a share recorded.
 */
export type StepCountRow = { salespersonId: string; week: number; openedWithoutShare: number } & Record<
  FunnelStep,
  number
>;

/** The deal a shopper accepted (the newest accepted version of a quote of the range). */
export type AcceptedDeal = {
  structure: StructureKind | null;
  months: number | null;
  downCents: number | null;
  outTheDoorCents: number | null;
};

/** What the stores answer for a range, one query per figure. */
export type AnalyticsFacts = {
  counts: readonly StepCountRow[];
  /** First open minus first share, per quote with both (ms). */
  shareToOpen: readonly number[];
  /** First acceptance minus first open, per quote with both (ms). */
  openToAccept: readonly number[];
  deals: readonly AcceptedDeal[];
};

type StepCounts = Record<FunnelStep, number>;

/** median and 90th percentile in milliseconds, over `count` quotes; null without any. */
export type Durations = { count: number; medianMs: number | null; p90Ms: number | null };

export type AnalyticsResponse = {
  /** The range asked for, as ISO instants; `to` is exclusive. */
  from: string;
  to: string;
  /** The salesperson the figures are limited to (a salesperson's own id for them), or null. */
  salesperson: string | null;
  funnel: StepCounts & {
    /** Quotes opened by the shopper that no dealer shared from DealDesk (counted in `opened`). */
    openedWithoutShare: number;
    /**
     * Each step as a share of the step before (4 decimals), null when that step is 0; `opened`
     * is over the shared quotes: those of them the shopper opened.
     */
    conversion: { shared: number | null; opened: number | null; accepted: number | null };
  };
  /** Quotes created in each week of the range, and how far they got. */
  weeks: (StepCounts & { start: string })[];
  /** Every salesperson with quotes in the range, most quotes first; `weekly`: quotes created per week. */
  salespeople: (StepCounts & { id: string; name: string; weekly: number[] })[];
  timing: { shareToOpen: Durations; openToAccept: Durations };
  /** Out-the-door price of the accepted deals (dollars), over those whose version has the figure. */
  outTheDoor: { count: number; total: number; average: number | null };
  /** The structure of each accepted deal. */
  structures: Record<StructureKind, number>;
  /** Finance and lease terms chosen, most common first. */
  terms: { structure: "finance" | "lease"; months: number; count: number }[];
  /** Cash downs chosen with finance and lease (dollars), most common first. */
  downs: { down: number; count: number }[];
};

const emptyCounts = (): StepCounts => ({ created: 0, shared: 0, opened: 0, accepted: 0 });

const rate = (part: number, whole: number): number | null =>
  whole === 0 ? null : Math.round((part / whole) * 10_000) / 10_000;

/** Median (mean of the two middle values for an even count, rounded to the ms) and p90 (nearest rank). */
export function durations(values: number[]): Durations {
  if (values.length === 0) return { count: 0, medianMs: null, p90Ms: null };
  const sorted = [...values].sort((a, b) => a - b);
  const n = sorted.length;
  const mid = Math.floor(n / 2);
  const median =
    n % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
  const p90 = sorted[Math.ceil(0.9 * n) - 1] as number;
  return { count: n, medianMs: Math.round(median), p90Ms: p90 };
}

/** Groups and counts, most common first, ties in key order. */
function mostCommon<K extends string | number>(keys: K[], limit: number): { key: K; count: number }[] {
  const counts = new Map<K, number>();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  return [...counts]
    .map(([key, count]) => ({ key, count }))
    .sort((a, b) => b.count - a.count || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .slice(0, limit);
}

type AnalyticsInput = {
  from: number;
  to: number;
  salesperson: string | null;
  /** Member names by id (the salespeople table). */
  names: ReadonlyMap<string, string>;
};

/** Every figure of the answer, from the range's facts. */
export function computeAnalytics(facts: AnalyticsFacts, input: AnalyticsInput): AnalyticsResponse {
  const weekCount = weeksIn(input.from, input.to);
  const funnel = emptyCounts();
  let openedWithoutShare = 0;
  const weeks = Array.from({ length: weekCount }, (_, i) => ({
    start: new Date(input.from + i * WEEK_MS).toISOString(),
    ...emptyCounts(),
  }));
  const people = new Map<string, StepCounts & { weekly: number[] }>();
  for (const row of facts.counts) {
    const week = Math.min(weekCount - 1, Math.max(0, Math.floor(row.week)));
    let person = people.get(row.salespersonId);
    if (!person) {
      person = { ...emptyCounts(), weekly: new Array<number>(weekCount).fill(0) };
      people.set(row.salespersonId, person);
    }
    person.weekly[week] = (person.weekly[week] ?? 0) + row.created;
    openedWithoutShare += row.openedWithoutShare;
    for (const step of FUNNEL_STEPS) {
      funnel[step] += row[step];
      (weeks[week] as StepCounts)[step] += row[step];
      person[step] += row[step];
    }
  }

  const structures: Record<StructureKind, number> = { cash: 0, finance: 0, lease: 0 };
  const terms: string[] = [];
  const downs: number[] = [];
  let otdCount = 0;
  let otdTotal = 0;
  for (const deal of facts.deals) {
    if (deal.outTheDoorCents !== null) {
      otdCount += 1;
      otdTotal += deal.outTheDoorCents;
    }
    if (deal.structure === null) continue;
    structures[deal.structure] += 1;
    if (deal.structure === "cash") continue;
    if (deal.months !== null) terms.push(`${deal.structure}:${String(deal.months).padStart(3, "0")}`);
    if (deal.downCents !== null) downs.push(deal.downCents);
  }

  const salespeople = [...people]
    .map(([id, counts]) => ({ id, name: input.names.get(id) ?? "", ...counts }))
    .sort((a, b) => b.created - a.created || a.name.localeCompare(b.name) || a.id.localeCompare(b.id));

  return {
    from: new Date(input.from).toISOString(),
    to: new Date(input.to).toISOString(),
    salesperson: input.salesperson,
    funnel: {
      ...funnel,
      openedWithoutShare,
      conversion: {
        shared: rate(funnel.shared, funnel.created),
        opened: rate(funnel.opened - openedWithoutShare, funnel.shared),
        accepted: rate(funnel.accepted, funnel.opened),
      },
    },
    weeks,
    salespeople,
    timing: {
      shareToOpen: durations([...facts.shareToOpen]),
      openToAccept: durations([...facts.openToAccept]),
    },
    outTheDoor: {
      count: otdCount,
      total: otdTotal / 100,
      average: otdCount === 0 ? null : Math.round(otdTotal / otdCount) / 100,
    },
    structures,
    terms: mostCommon(terms, TOP_CHOICES).map(({ key, count }) => {
      const [structure, months] = key.split(":");
      return { structure: structure as "finance" | "lease", months: Number(months), count };
    }),
    downs: mostCommon(downs, TOP_CHOICES).map(({ key, count }) => ({ down: key / 100, count })),
  };
}

/** How many weeks the range spans (the last one may be short). */
const weeksIn = (from: number, to: number) => Math.max(1, Math.ceil((to - from) / WEEK_MS));

/** A shopper's page opening the quote again within this long is the same visit: one "opened" event. */
export const OPENED_GAP_MS = 30 * 60_000;
/** Shares of one quote within this long (copy, then email) are one "shared" event. */
export const SHARED_GAP_MS = 60_000;
