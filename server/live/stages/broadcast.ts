import type { HistoryPush } from "@shared/history/history-push";
import { encodeHistoryMessage } from "./protocol";
import type { Conn, Room } from "./room-types";

// The broadcast stage: what leaves the server for the room's sockets once an update is committed.
//
// Guarantees:
// - Only committed updates reach here (both document logs call it after their commit): nothing a
//   client receives is unstored.
// - The sender gets nothing of its own update back, only what the server changed of it (its stale
//   pairs taken out, and the notice); every other socket of the room gets the update, in commit order.
// - A deal's history rows go to the room's dealers whose page shows the history, never to a shopper.
// - A socket that is not open is skipped; a failed write ends in its `error` handler.

export function send(conn: Conn, message: Uint8Array): void {
  // No callback: a failed write ends in the socket's `error` handler, which terminates it.
  if (conn.ws.readyState === conn.ws.OPEN) conn.ws.send(message);
}

/**
 * A deal's history rows to the room's dealers whose page shows the history (it is theirs: shoppers
 * never receive it, whatever they ask), encoded once and only when someone is to get it.
 */
export function sendHistory(room: Room, push: HistoryPush): void {
  if (push.events.length === 0 && push.removed.length === 0) return;
  let message: Uint8Array | null = null;
  for (const conn of room.conns) {
    if (conn.role !== "DEALER" || !conn.wantsHistory) continue;
    message ??= encodeHistoryMessage(push);
    send(conn, message);
  }
}

/** A committed update to the room: the message to the others, the sender's own part, the history. */
export function broadcastCommitted(
  room: Room,
  sender: Conn,
  message: Uint8Array,
  toSender: readonly Uint8Array[] | null,
  history: HistoryPush | null,
): void {
  for (const other of room.conns) if (other !== sender) send(other, message);
  if (toSender) for (const part of toSender) send(sender, part);
  if (history) sendHistory(room, history);
}

/** Updates another process committed (or a reload's difference): to every socket of the room. */
export function broadcastRemote(room: Room, message: Uint8Array): void {
  for (const conn of room.conns) send(conn, message);
}
