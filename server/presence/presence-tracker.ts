// Which quotes a shopper has open right now (issue #9), for the dealer's dashboard. The live
// server reports every SHOPPER connection to a quote's deal document as it opens and closes; this
// keeps a count per quote and when the current visit began. A shopper who comes back within
// VISIT_GAP_MS (a reload, a phone switching networks, a tab restored) continues the same visit,
// so the dealer is told once per visit, not once per reconnect. In memory only: after a restart
// every open page reconnects within seconds and is counted again.

import type { ShopperVisit } from "../db/shopper-visits";

import { VISIT_GAP_MS } from "../db/shopper-visits";

type Entry = { viewers: number; visitStartedAt: number; leftAt: number };

export type PresenceTracker = {
  /** A shopper connection to the quote's deal document opened; call the result when it closes. */
  shopperJoined(quoteId: string): () => void;
  /** Quotes with at least one shopper connected now. */
  viewing(): ShopperVisit[];
};

export function createPresenceTracker(now: () => number = Date.now): PresenceTracker {
  const entries = new Map<string, Entry>();

  function forgetOldVisits(at: number) {
    for (const [quoteId, entry] of entries)
      if (entry.viewers === 0 && at - entry.leftAt > VISIT_GAP_MS) entries.delete(quoteId);
  }

  return {
    shopperJoined(quoteId) {
      const at = now();
      forgetOldVisits(at);
      const entry = entries.get(quoteId);
      if (entry) entry.viewers += 1;
      else entries.set(quoteId, { viewers: 1, visitStartedAt: at, leftAt: 0 });
      let left = false;
      return () => {
        if (left) return;
        left = true;
        const current = entries.get(quoteId);
        if (!current) return;
        current.viewers = Math.max(0, current.viewers - 1);
        if (current.viewers === 0) current.leftAt = now();
      };
    },
    viewing() {
      const out: ShopperVisit[] = [];
      for (const [quoteId, entry] of entries)
        if (entry.viewers > 0) out.push({ quoteId, visitStartedAt: entry.visitStartedAt });
      return out;
    },
  };
}
