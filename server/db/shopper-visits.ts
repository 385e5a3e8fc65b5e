// A shopper's visit to a quote (issue #9), as the presence tracker counts it in one process and
// the PostgreSQL live store shares it between processes (server/presence/presence-tracker.ts).

/** A shopper back within this time (a reload, a phone switching networks) continues the same visit. */
export const VISIT_GAP_MS = 60_000;

export type ShopperVisit = {
  quoteId: string;
  /** When this visit began (ms since the epoch): the dashboard notifies once per value. */
  visitStartedAt: number;
};
