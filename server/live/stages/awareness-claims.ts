import type { Conn } from "./room-types";

// Who may speak for an awareness client id (issue #9). Presence shows the role the server gave a
// connection, never one a client claims (the live server stamps it into every relayed state), and
// one connection must not overwrite or remove the state of a client id another connection
// announced: a shopper could otherwise make the dealer's presence vanish or speak in its name.
// A reconnecting browser keeps its client id while the server may still hold its old socket; the
// same identity (same role, same dealer) therefore takes the id over instead of being refused.

/** More ids than a browser tab ever announces (the provider uses one per document). */
const MAX_AWARENESS_IDS_PER_CONN = 4;

const sameIdentity = (a: Conn, b: Conn) =>
  a.role === b.role && a.identity.dealer?.userId === b.identity.dealer?.userId;

/** A principal as presence tells them apart: each staff member, and the shoppers together. */
const presenceIdentity = (principal: string) => (principal.startsWith("staff:") ? principal : "shopper");

/**
 * Whether `conn` may announce the state of `clientId` (or remove it: `removing`), claiming the id
 * for `conn` (taken over from its own older socket) when it announces one.
 */
export function mayAnnounce(conn: Conn, clientId: number, removing = false): boolean {
  if (conn.awarenessIds.has(clientId)) return true;
  // An id written under, or announced before (issue #36), is its owner's for the document's life.
  const owner = conn.room.owners.get(clientId);
  if (owner !== undefined && owner !== conn.principal && !removing) return false;
  // Announced through another process (several processes): the same identity may take it over.
  const remote = conn.room.remoteOwners.get(clientId);
  if (remote !== undefined && presenceIdentity(remote) !== presenceIdentity(conn.principal)) return false;
  for (const other of conn.room.conns) {
    if (other === conn || !other.awarenessIds.has(clientId)) continue;
    if (!sameIdentity(conn, other)) return false;
    other.awarenessIds.delete(clientId);
  }
  if (removing) return true;
  if (conn.awarenessIds.size >= MAX_AWARENESS_IDS_PER_CONN) return false;
  // Claimed now, not when the awareness 'added' event fires: an id already known to the room
  // (taken over above) is reported as 'updated', and the close of this socket must still remove it.
  conn.awarenessIds.add(clientId);
  // The stock provider announces its presence under its Yjs client id before it writes anything:
  // the id is this connection's to write under from now on, so nobody who saw it in the presence
  // states can claim it first (server/live/stages/client-ids.ts).
  if (!conn.room.writers.has(clientId)) conn.room.writers.set(clientId, conn);
  return true;
}
