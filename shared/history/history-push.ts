// History pushed over the live channel (issue #12): after the commit that records a change of the
// deal, the live server sends the dealer's sockets of that deal document the history rows the
// change inserted, extended or removed, so the History panel never polls. Shoppers never get it.
//
// Wire: y-websocket message type MESSAGE_HISTORY, then one varString of JSON (HistoryPush).
// The stock provider ignores unknown types only with a console error, so the server sends it to
// DEALER connections only and the dealer's page registers a handler for it.
//
// Pushes go only to the dealer sockets that ask for them: the page sends MESSAGE_HISTORY with a
// varUint 1 while its History panel is on screen, and 0 when it scrolls away (then reads the
// history again when it comes back). A socket starts without pushes; the ask is sent again after
// each reconnect. A dealer working the deal with the panel out of view gets one frame per change
// instead of two.

import type { HistoryEvent } from "./history-text";

export const MESSAGE_HISTORY = 100;

/** The page's ask: history pushes on (true) or off (false) for this socket. */
export function encodeHistoryWanted(wanted: boolean): Uint8Array {
  return Uint8Array.of(MESSAGE_HISTORY, wanted ? 1 : 0);
}

/** The most history a panel holds (the same as GET /api/quotes/{id}/history answers). */
export const HISTORY_LIMIT = 500;

/** Rows that are new or changed (a burst of typing extends its row), and rows that are gone. */
export type HistoryPush = { events: HistoryEvent[]; removed: number[] };

const newestFirst = (a: HistoryEvent, b: HistoryEvent) => b.at - a.at || b.id - a.id;

/**
 * The panel's list after a push: rows replaced by id (never by an older version of themselves),
 * removed rows dropped, newest first, at most HISTORY_LIMIT.
 */
export function applyHistoryPush(current: readonly HistoryEvent[], push: HistoryPush): HistoryEvent[] {
  const byId = new Map(current.map((event) => [event.id, event]));
  for (const id of push.removed) byId.delete(id);
  for (const event of push.events) {
    const known = byId.get(event.id);
    if (!known || known.at <= event.at) byId.set(event.id, event);
  }
  return [...byId.values()].sort(newestFirst).slice(0, HISTORY_LIMIT);
}

/** A push decoded from JSON, or null when it is not one (never trust the wire). */
export function parseHistoryPush(json: string): HistoryPush | null {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const { events, removed } = value as Partial<HistoryPush>;
  if (!Array.isArray(events) || !Array.isArray(removed)) return null;
  if (!removed.every((id) => Number.isInteger(id))) return null;
  const valid = events.every(
    (e) =>
      typeof e === "object" &&
      e !== null &&
      Number.isInteger(e.id) &&
      typeof e.at === "number" &&
      (e.role === "DEALER" || e.role === "SHOPPER") &&
      (e.actor === undefined || e.actor === null || typeof e.actor === "string") &&
      typeof e.field === "string" &&
      (e.oldValue === null || typeof e.oldValue === "string") &&
      (e.newValue === null || typeof e.newValue === "string"),
  );
  return valid ? { events, removed } : null;
}
