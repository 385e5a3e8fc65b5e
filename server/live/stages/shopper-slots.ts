import type * as Y from "yjs";
import { isNamed, isStaff } from "./client-ids";
import type { Conn } from "./room-types";

// Issue #47: who keeps a shopper slot of a quote when they are full. Strangers holding the link
// must not hold the quote against its customer, whose device wrote to it long before them; one
// harmless edit each (the credit tier) must not be enough either.
//
// Guarantees:
// - A shopper's device ranks by its first write to the quote, as stored with that write
//   (`live_first_writes`, in the append's transaction, by the database's clock on PostgreSQL), so
//   the ranking is the same on every process. A device that never wrote ranks after every device
//   that did; sockets without a device id ("shopper") never rank as writers.
// - When the slots are full, a joining device takes the slot of the most recent newcomer: the
//   open shopper socket whose device first wrote last, or never wrote (of those, the one that
//   joined last). Only a device that wrote strictly earlier than that one takes it; nobody else
//   does, so a later writer can never take the slot of an earlier one, whatever it sends.
// - A device whose writes predate the kept first writes (migration 0016) gets 0, before everyone
//   since, when its deal document next loads (`writersBeforeRecords`), before anything new is
//   written there.

/** The first write of devices whose writes predate the records: before any first write kept since. */
export const WROTE_BEFORE_RECORDS = 0;

/** Named shopper devices in `owners` that have structs in `doc`: they wrote to it (announcing alone does not count). */
export function shopperWriters(doc: Y.Doc, owners: ReadonlyMap<number, string>): string[] {
  const writers = new Set<string>();
  for (const [clientId, principal] of owners)
    if (!isStaff(principal) && isNamed(principal) && doc.store.clients.has(clientId)) writers.add(principal);
  return [...writers];
}

/** The device whose first write an accepted write may be: a named shopper's (staff and unnamed sockets do not rank). */
export const firstWriteOf = (conn: Conn): string | null =>
  conn.role === "SHOPPER" && isNamed(conn.principal) && !isStaff(conn.principal) ? conn.principal : null;

/** A device's rank: its first write, or after every device that wrote. */
const rankOf = (firstWrites: ReadonlyMap<string, number>, principal: string) =>
  (isNamed(principal) ? firstWrites.get(principal) : undefined) ?? Number.POSITIVE_INFINITY;

/**
 * The socket whose slot goes to `principal`'s device: among `holders` (open shopper sockets of
 * the quote, in join order, whose devices' first writes `firstWrites` holds if they wrote), the
 * one that ranks last, if `principal` ranks strictly before it. Null: nobody may be replaced.
 */
export function newcomerToReplace(
  principal: string,
  holders: readonly Conn[],
  firstWrites: ReadonlyMap<string, number>,
): Conn | null {
  const joining = rankOf(firstWrites, principal);
  if (joining === Number.POSITIVE_INFINITY) return null;
  let last: Conn | null = null;
  let lastRank = Number.NEGATIVE_INFINITY;
  for (const holder of holders) {
    if (holder.principal === principal) continue;
    const rank = rankOf(firstWrites, holder.principal);
    // `>=`: of equal ranks, the socket that joined last.
    if (rank >= lastRank) {
      last = holder;
      lastRank = rank;
    }
  }
  return last && joining < lastRank ? last : null;
}
