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
};

const versionNumber = (value: unknown): number | null =>
  typeof value === "number" && Number.isInteger(value) && value > 0 ? value : null;

/** A state decoded from JSON, or null when it is not one (never trust the wire). */
export function parseDealState(json: string): DealState | null {
  try {
    const value = JSON.parse(json) as Record<string, unknown>;
    if (typeof value !== "object" || value === null || typeof value.locked !== "boolean") return null;
    return {
      locked: value.locked,
      acceptedVersion: versionNumber(value.acceptedVersion),
      counterOffer: versionNumber(value.counterOffer),
    };
  } catch {
    return null;
  }
}
