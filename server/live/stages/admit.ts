import { LIVE_CLOSE_CODES, LIVE_CLOSE_REASONS } from "@shared/live/live-protocol";
import * as Y from "yjs";
import type { LiveBounds } from "../../config";
import { HISTORY_MERGE_MS } from "../../db/history/recorder";
import { liveMetrics } from "../../metrics/metrics";
import { addToWindow, takeToken } from "./bounds";
import { send } from "./broadcast";
import { isNamed, isStaff } from "./client-ids";
import { encodeSyncStep1 } from "./protocol";
import type { Conn, Refusal, Room } from "./room-types";
import type { GuardVerdict } from "./update-guard";

// The admit stage: the checks of an update that are not the guard's reading of its content.
//
// Guarantees:
// - Before anything is applied (`admitUpdate`): a closing socket writes nothing more, whatever it
//   sent before the close reached it; an update over LIVE_MAX_UPDATE_BYTES or over the sender's
//   rate is refused with its close code, and costs nothing more.
// - With the update applied in the workspace (`admitIdentity`, `admitBounds`): nobody writes under
//   a Yjs client id that is another principal's (owned, announced, or written by another open
//   connection), nor under an id stored without an owner unless staff; the document stays within
//   LIVE_MAX_DOCUMENT_BYTES; a deal's history events stay within the sender's minute budget.
// - Each answers a refusal or lets the update on; none of them changes the room when it refuses.
// - A refusal (`refuse`) closes the sender's socket with the refusal's close code (its page starts
//   again from the server's copy), except an update that builds on changes the server lacks: its
//   sender is asked for them (issue #36).

/** The update's size, the sender's rate, and whether its socket may still write. */
export function admitUpdate(bounds: LiveBounds, conn: Conn, update: Uint8Array): Refusal | null {
  // A socket being closed (its holder lost the right to write here, lifecycle-watch.ts) writes
  // nothing more, whatever it sent before the close reached it.
  if (conn.ws.readyState !== conn.ws.OPEN) return { ok: false, reason: "the connection is closing" };
  if (update.length > bounds.maxUpdateBytes)
    return { ok: false, reason: `update of ${update.length} bytes`, close: "updateTooLarge" };
  if (!takeToken(conn.updateBudget, bounds.updatesPerSecond, bounds.updateBurst))
    return { ok: false, reason: "over the update rate", close: "tooManyUpdates" };
  return null;
}

/** Whether another principal's open connection here announced `clientId` in its presence. */
function announcedByOther(room: Room, conn: Conn, clientId: number): boolean {
  for (const other of room.conns)
    if (
      other !== conn &&
      other.awarenessIds.has(clientId) &&
      (other.principal !== conn.principal || !isNamed(conn.principal))
    )
      return true;
  return false;
}

/**
 * Who may write under the client ids the update wrote new structs under (the guard's `written`,
 * client-ids.ts): not under an id another principal owns or another principal's open connection
 * writes under, and not under an id stored without an owner unless staff. Answers the ids to
 * claim, or a refusal.
 */
export function admitIdentity(room: Room, conn: Conn, written: Map<number, number>): number[] | Refusal {
  const claims: number[] = [];
  for (const [clientId, clockBefore] of written) {
    const writer = room.writers.get(clientId);
    // An id another open connection writes under is its own: a named principal (staff member,
    // device) may take it over from its own older socket, an unnamed shopper never.
    if (
      writer &&
      writer !== conn &&
      room.conns.has(writer) &&
      (writer.principal !== conn.principal || !isNamed(conn.principal))
    )
      return { ok: false, reason: `client id ${clientId} is another connection's` };
    const owner = room.owners.get(clientId);
    if (owner !== undefined && owner !== conn.principal)
      return { ok: false, reason: `client id ${clientId} belongs to someone else` };
    // Announced through another process by someone else: theirs to write under (several processes).
    const remote = room.remoteOwners.get(clientId);
    if (remote !== undefined && remote !== conn.principal)
      return { ok: false, reason: `client id ${clientId} is another process's connection's` };
    // Announced in presence by another open connection of this process, never written under
    // yet: its announcer's (the other processes' announcements are remoteOwners, above).
    if (owner === undefined && announcedByOther(room, conn, clientId))
      return { ok: false, reason: `client id ${clientId} is announced by another connection` };
    if (owner === undefined && clockBefore > 0 && !isStaff(conn.principal))
      return { ok: false, reason: `client id ${clientId} was written before owners were kept` };
    if (owner === undefined || writer !== conn) claims.push(clientId);
  }
  return claims;
}

/**
 * The document's size and the sender's history budget, once the guard has the update applied in
 * `judged` (the workspace's document).
 */
export function admitBounds(
  bounds: LiveBounds,
  room: Room,
  conn: Conn,
  judged: Y.Doc,
  update: Uint8Array,
  verdict: GuardVerdict & { ok: true },
): Refusal | null {
  if (room.approxBytes + update.length > bounds.maxDocumentBytes) {
    const exact = Y.encodeStateAsUpdateV2(judged).length;
    if (exact > bounds.maxDocumentBytes)
      return { ok: false, reason: `document of ${exact} bytes`, close: "documentTooLarge" };
    room.approxBytes = exact - update.length;
  }
  // A deal's change adds a history event per key it changes, unless the same key changed within
  // HISTORY_MERGE_MS (the recorder then extends its event): counted per connection, from memory.
  if (room.kind === "deal") {
    const now = Date.now();
    let events = 0;
    for (const key of verdict.keys) {
      const last = conn.historyKeys.get(key);
      if (last === undefined || now - last > HISTORY_MERGE_MS) events += 1;
    }
    if (!addToWindow(conn.historyWindow, events, bounds.historyEventsPerMinute, now))
      return { ok: false, reason: "over the history events per minute", close: "tooManyUpdates" };
    for (const key of verdict.keys) conn.historyKeys.set(key, now);
  }
  return null;
}

/** Refuses a connection's update for good: it is closed, and its page starts again from the server's copy. */
export function refuse(
  log: (line: string) => void,
  room: Room,
  conn: Conn,
  refusal: Pick<Refusal, "reason" | "close" | "missing" | "closeReason">,
): void {
  liveMetrics.refused(refusal.reason);
  if (refusal.missing) {
    // Nothing of it was applied, and nothing is wrong with it: the sender gets the server's
    // state vector and answers with everything the server lacks, the update included (issue #36).
    log(`live: asked a ${conn.role} on ${room.name} for changes an update builds on`);
    send(conn, encodeSyncStep1(room.doc));
    return;
  }
  log(`live: refused an update from a ${conn.role} on ${room.name}: ${refusal.reason}`);
  const close = refusal.close ?? "changeRefused";
  conn.ws.close(LIVE_CLOSE_CODES[close], refusal.closeReason ?? LIVE_CLOSE_REASONS[close]);
}
