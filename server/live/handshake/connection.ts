import { LIVE_CLOSE_CODES, LIVE_CLOSE_REASONS } from "@shared/live/live-protocol";
import type { RawData } from "ws";
import { applyAwarenessUpdate } from "y-protocols/awareness";
import type { LiveBounds } from "../../config";
import type { Rooms } from "../rooms/rooms";
import { mayAnnounce } from "../stages/awareness-claims";
import { takeToken } from "../stages/bounds";
import { send } from "../stages/broadcast";
import {
  type ClientMessage,
  decodeAwarenessUpdate,
  decodeClientMessage,
  encodeAwarenessStates,
  encodeAwarenessUpdate,
  encodeContent,
  encodeSyncStep1,
  encodeSyncStep2,
  MalformedMessage,
} from "../stages/protocol";
import type { Conn } from "../stages/room-types";

// One socket's conversation, as the reference y-websocket server holds it: the server sends its
// SyncStep1 (and the known awareness states) on connect, answers SyncStep1 with SyncStep2, and
// passes every SyncStep2/Update through the guard. Anything malformed closes this socket only.
// One difference (decision 034): unless the page says it holds the document, the room's content
// goes out on connect, before the page's SyncStep1 asks for it, and the answer to that SyncStep1
// leaves out what went.

function toBytes(data: RawData): Uint8Array {
  if (Array.isArray(data)) return new Uint8Array(Buffer.concat(data));
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}

/** What a shopper's presence may say: whether the page is seen, and what the shopper is doing. */
const SHOPPER_STATE_KEYS = new Set(["visible", "activity"]);

/**
 * Stamps the server-assigned role into each announced awareness state (clients cannot claim
 * DEALER), keeps only the keys a shopper's page announces in a shopper's state (no name, no
 * identity of anyone), and drops states for client ids another connection owns; null when nothing
 * is left.
 */
function stampRole(update: Uint8Array, conn: Conn): Uint8Array | null {
  const entries = decodeAwarenessUpdate(update)
    .filter((entry) => mayAnnounce(conn, entry.clientId, entry.state === null))
    .map((entry) => {
      if (entry.state === null || typeof entry.state !== "object" || Array.isArray(entry.state)) return entry;
      const state: Record<string, unknown> = Object.create(null);
      for (const [key, value] of Object.entries(entry.state as Record<string, unknown>))
        if (conn.role === "DEALER" || SHOPPER_STATE_KEYS.has(key)) state[key] = value;
      state.role = conn.role;
      // A staff member shows by name and role ("Dana (manager)"), as the server knows them.
      if (conn.identity.dealer) state.name = conn.identity.dealer.label;
      return { ...entry, state: { ...state } };
    });
  return entries.length > 0 ? encodeAwarenessUpdate(entries) : null;
}

export function startConversation(
  conn: Conn,
  rooms: Rooms,
  bounds: LiveBounds,
  log: (line: string) => void,
  /** Runs once, after the socket's first SyncStep2 went out (what may wait until the page has its content). */
  synced?: () => void,
  /**
   * Sends the room's content with the handshake, before the page asks (decision 034): false when
   * the socket says its page holds the document already (LIVE_HELD_PROTOCOL).
   */
  pushContent = true,
): void {
  const { ws, room } = conn;
  let firstSync = synced;
  // What this socket was sent unasked: its first SyncStep2 leaves it out (the page applies the
  // messages of a socket in order, so it holds them by then).
  let pushed: Map<number, number> | null = null;
  if (pushContent) {
    // Like any content that goes out: updates still waiting for the group commit are committed first.
    rooms.commitPending();
    if (room.conns.has(conn)) {
      const content = encodeContent(room.doc);
      send(conn, content.message);
      pushed = content.sent;
    }
  }
  send(conn, encodeSyncStep1(room.doc));
  const states = encodeAwarenessStates(room.awareness);
  if (states) send(conn, states);

  const handle = (message: ClientMessage) => {
    switch (message.type) {
      case "sync-step-1":
        // The answer carries the room's content: updates still waiting for the group commit
        // are committed first, so nobody ever receives an update that is not stored.
        rooms.commitPending();
        if (!room.conns.has(conn)) return;
        send(conn, encodeSyncStep2(room.doc, message.stateVector, pushed));
        pushed = null;
        firstSync?.();
        firstSync = undefined;
        return;
      case "sync-update":
        // The live pipeline (pipeline.ts): admit, judge, cap, commit, apply, broadcast, record.
        rooms.write(room, conn, message.update, message.wire);
        return;
      case "awareness": {
        // Presence is bounded like updates (issue #10): one state of at most LIVE_MAX_AWARENESS_BYTES,
        // at most LIVE_AWARENESS_PER_SECOND (a burst of twice as many). Past either, the socket closes.
        if (message.update.length > bounds.maxAwarenessBytes) {
          log(`live: refused presence of ${message.update.length} bytes from a ${conn.role} on ${room.name}`);
          ws.close(LIVE_CLOSE_CODES.updateTooLarge, LIVE_CLOSE_REASONS.updateTooLarge);
          return;
        }
        if (!takeToken(conn.awarenessBudget, bounds.awarenessPerSecond, bounds.awarenessPerSecond * 2)) {
          log(`live: refused presence over the rate from a ${conn.role} on ${room.name}`);
          ws.close(LIVE_CLOSE_CODES.tooManyUpdates, LIVE_CLOSE_REASONS.tooManyUpdates);
          return;
        }
        const stamped = stampRole(message.update, conn);
        if (!stamped) return;
        applyAwarenessUpdate(room.awareness, stamped, conn);
        // Announced ids are the announcer's from now on, like ids written under (issue #36).
        rooms.reserve(conn, [...conn.awarenessIds]);
        return;
      }
      case "query-awareness": {
        const all = encodeAwarenessStates(room.awareness);
        if (all) send(conn, all);
        return;
      }
      case "history-wanted":
        // Only a dealer's socket may get the history; a shopper's ask changes nothing.
        conn.wantsHistory = message.wanted && conn.role === "DEALER";
        return;
    }
  };

  ws.on("message", (data, isBinary) => {
    // Once a socket is closing, nothing more it sent may reach the document.
    if (ws.readyState !== ws.OPEN || !room.conns.has(conn)) return;
    try {
      if (!isBinary) throw new MalformedMessage("text frame");
      handle(decodeClientMessage(toBytes(data)));
    } catch (error) {
      if (!(error instanceof MalformedMessage)) log(`live: error on ${room.name}: ${String(error)}`);
      ws.close(LIVE_CLOSE_CODES.malformed, LIVE_CLOSE_REASONS.malformed);
    }
  });
  ws.on("pong", () => {
    conn.alive = true;
  });
  ws.on("close", () => rooms.leave(conn));
}
