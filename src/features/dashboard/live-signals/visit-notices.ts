// Which shopper visits deserve a notification (issue #9): once per visit, and only for visits
// that began after this dealer's dashboard first looked (a shopper already viewing when the page
// opened shows its live dot, not a notice). Times are the server's, so no clock skew applies.
// The memory is module state: it survives moving between the dashboard and a quote, so coming
// back announces a visit that began meanwhile, once.

import type { LiveStatusResponse } from "@shared/text/presence-text";

type VisitMemory = { since: number | null; announced: Set<string>; acceptances: Set<string> };

export const createVisitMemory = (): VisitMemory => ({
  since: null,
  announced: new Set(),
  acceptances: new Set(),
});

/**
 * Issue #19: the acceptances of `status` to announce now, once each (quote and version), and only
 * those made after the dashboard first looked. Call after visitsToAnnounce (which sets `since`).
 */
export function acceptancesToAnnounce(
  memory: VisitMemory,
  status: LiveStatusResponse,
): NonNullable<LiveStatusResponse["accepted"]> {
  const since = memory.since ?? status.now;
  return (status.accepted ?? []).filter((deal) => {
    const key = `${deal.id}:${deal.version}`;
    if (memory.acceptances.has(key) || deal.acceptedAt < since) return false;
    memory.acceptances.add(key);
    return true;
  });
}

/** The visits of `status` to announce now; records them (and the first answer's time) in `memory`. */
export function visitsToAnnounce(
  memory: VisitMemory,
  status: LiveStatusResponse,
): LiveStatusResponse["quotes"] {
  if (memory.since === null) {
    memory.since = status.now;
    for (const quote of status.quotes) memory.announced.add(`${quote.id}:${quote.visitStartedAt}`);
    return [];
  }
  const since = memory.since;
  return status.quotes.filter((quote) => {
    const key = `${quote.id}:${quote.visitStartedAt}`;
    if (memory.announced.has(key) || quote.visitStartedAt < since) return false;
    memory.announced.add(key);
    return true;
  });
}
