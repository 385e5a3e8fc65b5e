// Issue #36: the stale-edit notice on the wire (docs/decisions/016-stale-offline-edits.md), apart
// from its words (offline-conflicts.ts), so the shopper's opening bundle carries only this.

/**
 * y-websocket message type of the notice, sent to the stale editor's socket only, then one
 * varString of JSON `{ "conflicts": [{ key, mine, theirs, by }] }`. The stock provider ignores it.
 */
export const MESSAGE_STALE_EDITS = 102;

/** One key the viewer wrote without seeing its newer value: theirs stayed, mine was not applied. */
export interface OfflineConflict {
  key: string;
  mine: unknown;
  theirs: unknown;
  /** Who set the value that stayed: "the dealer", "the shopper" or a member's "Mia (manager)". */
  by: string;
}

const MAX_BY = 120;

/** The notice's conflicts decoded from the wire, or null when it is not one (never trust the wire). */
export function parseStaleEdits(json: string): OfflineConflict[] | null {
  try {
    const value = JSON.parse(json) as { conflicts?: unknown };
    if (!Array.isArray(value?.conflicts)) return null;
    const out: OfflineConflict[] = [];
    for (const c of value.conflicts as Record<string, unknown>[]) {
      if (typeof c !== "object" || c === null) return null;
      if (typeof c.key !== "string" || typeof c.by !== "string" || c.by.length > MAX_BY) return null;
      out.push({ key: c.key, mine: c.mine, theirs: c.theirs, by: c.by });
    }
    return out;
  } catch {
    return null;
  }
}
