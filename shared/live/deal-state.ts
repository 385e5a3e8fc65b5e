// Issue #19: whether the deal is locked by the shopper's acceptance, pushed over the live channel
// to every socket of the deal (both sides) when it changes, so that both pages turn read-only, or
// editable again, at once. Wire: y-websocket message type MESSAGE_DEAL_STATE, then one varString
// of JSON. The quote page registers a handler for it on both sides.

export const MESSAGE_DEAL_STATE = 101;

export type DealState = {
  locked: boolean;
  acceptedVersion: number | null;
  /** The dealer's counter-offer after an acceptance: the newest version's number while it is one. */
  counterOffer: number | null;
  /**
   * Issue #33: the quote's expiry has passed (pushed at that moment, on every process): the
   * shopper's page turns read-only without a reload. Absent in older messages: not expired.
   */
  expired?: boolean;
  /** Issue #33: sent to a salesperson's page just before its socket closes (4401): to whom the deal went. */
  reassignedTo?: string | null;
  /**
   * Issue #48: the quote's state seq, sent whenever it moves (a right, the salesperson, the stock
   * vehicle's status, the expiry, the lock): what the page shows from the quote's answer may have
   * changed, so the page reads GET /api/quotes/{id} again. Also in the message a dealer's socket
   * gets when it joins (the page compares it with its answer's `stateSeq`); absent in a shopper's
   * join message and in older messages.
   */
  seq?: number;
};

const versionNumber = (value: unknown): number | null =>
  typeof value === "number" && Number.isInteger(value) && value > 0 ? value : null;

/** A state decoded from JSON, or null when it is not one (never trust the wire). */
export function parseDealState(json: string): DealState | null {
  try {
    const value = JSON.parse(json) as Record<string, unknown>;
    if (typeof value !== "object" || value === null || typeof value.locked !== "boolean") return null;
    const state: DealState = {
      locked: value.locked,
      acceptedVersion: versionNumber(value.acceptedVersion),
      counterOffer: versionNumber(value.counterOffer),
    };
    if (value.expired === true) state.expired = true;
    if (typeof value.seq === "number" && Number.isSafeInteger(value.seq) && value.seq >= 0)
      state.seq = value.seq;
    if (typeof value.reassignedTo === "string" && value.reassignedTo.length <= 200)
      state.reassignedTo = value.reassignedTo;
    return state;
  } catch {
    return null;
  }
}
