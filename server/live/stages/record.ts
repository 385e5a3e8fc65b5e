import type { OfflineConflict } from "@shared/live/stale-edits-wire";
import * as Y from "yjs";
import type { RecordedChange } from "../../db/history/recorder";
import type { ListingChange } from "../../db/repositories/documents";
import { isStaff } from "./client-ids";
import { encodeStaleEditsMessage, encodeUpdateMessage } from "./protocol";
import type { Conn, Room } from "./room-types";
import type { GuardVerdict } from "./update-guard";

// The record stage: what an accepted update writes beside itself, in the same transaction as the
// update (the deal's history, the desk log's listing columns, a shopper's payment request:
// payment-request.ts), and what the sender is told of its stale edits.
//
// Guarantees:
// - Everything an update records is built before its append and stored by the append's own
//   transaction (both document logs): a committed update always has its history row, its listing
//   change and its payment request, and a refused or failed one has none of them.
// - Stale edits (issue #36) are named with who set the value that stayed, in the stale editor's
//   words, and the sender is told after the commit.

type Accepted = GuardVerdict & { ok: true };

/** The update with its stale edits taken out again (the guard's amend): what is stored and sent. */
export const withAmend = (update: Uint8Array, verdict: Accepted): Uint8Array =>
  verdict.amend ? Y.mergeUpdates([update, verdict.amend]) : update;

/** What the room's other sockets get of an update (`amended`: withAmend's answer). */
export function outgoingMessage(
  update: Uint8Array,
  amended: Uint8Array,
  wire: Uint8Array | null,
): Uint8Array {
  // The guard let all of it in (no pending structs), so the update as received is what the others
  // need: an Update message goes out byte for byte, a SyncStep2 as an Update.
  return amended !== update ? encodeUpdateMessage(amended) : (wire ?? encodeUpdateMessage(update));
}

/** The desk log's columns an update changes (the vehicle, the customer's name). */
export function listingChange(room: Room, verdict: Accepted): ListingChange | null {
  if (room.kind === "deal" && verdict.keys.includes("vehicle.description"))
    return { vehicleDescription: String(verdict.after.get("vehicle.description") ?? "") };
  if (room.kind === "private" && verdict.keys.includes("customerInfo.name"))
    return { customerName: String(verdict.after.get("customerInfo.name") ?? "") };
  return null;
}

/** A deal's change as the history records it (the append adds its clock). */
export function historyChange(
  room: Room,
  conn: Conn,
  verdict: Accepted,
  stale: StaleEdits | null,
): Omit<RecordedChange, "at"> {
  return {
    quoteId: room.quoteId,
    role: conn.role,
    before: verdict.before,
    after: verdict.after,
    keys: verdict.keys,
    actor: conn.identity.dealer?.label,
    conflicts: stale?.conflicts,
  };
}

/**
 * Issue #36: who set a value that stayed over a stale edit, in the stale editor's words: "the
 * shopper", "the dealer" (the quote's salesperson, or a value the server wrote at creation),
 * or another member by name, "Mia (manager)".
 */
function setBy(room: Room, clientId: number): string {
  const principal = room.owners.get(clientId) ?? room.remoteOwners.get(clientId);
  if (principal === undefined) return "the dealer";
  if (!isStaff(principal)) return "the shopper";
  if (principal === `staff:${room.salespersonId}`) return "the dealer";
  return room.labels.get(principal) ?? "the dealer";
}

type StaleEdits = { conflicts: OfflineConflict[]; toSender: Uint8Array[] };

/**
 * An accepted update's stale edits (the guard took them out): what the history records, and
 * what the sender gets after the commit, the change that took its pairs out and the notice
 * (equal values were taken out without one). Null when the update had none.
 */
export function staleEditsOf(room: Room, verdict: Accepted): StaleEdits | null {
  if (!verdict.amend) return null;
  const conflicts = verdict.conflicts.map((c) => ({
    key: c.key,
    mine: c.mine,
    theirs: c.theirs,
    by: setBy(room, c.theirsBy),
  }));
  const toSender = [encodeUpdateMessage(verdict.amend)];
  if (conflicts.length > 0) toSender.push(encodeStaleEditsMessage(conflicts));
  return { conflicts, toSender };
}
