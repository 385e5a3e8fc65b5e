import { type HistoryPush, MESSAGE_HISTORY } from "@shared/history/history-push";
import { type DealState, MESSAGE_DEAL_STATE } from "@shared/live/deal-state";
import { MESSAGE_STALE_EDITS, type OfflineConflict } from "@shared/live/stale-edits-wire";
import * as decoding from "lib0/decoding";
import * as encoding from "lib0/encoding";
import * as awarenessProtocol from "y-protocols/awareness";
import * as syncProtocol from "y-protocols/sync";
import * as Y from "yjs";

// The y-websocket wire protocol (v1 updates on the wire; storage is V2): decoding of what a
// client sends, strictly (a message that does not decode or has trailing bytes is malformed),
// and encoding of what the server sends.

const MESSAGE_SYNC = 0;
const MESSAGE_AWARENESS = 1;
export const MESSAGE_AUTH = 2;
const MESSAGE_QUERY_AWARENESS = 3;

export type ClientMessage =
  | { type: "sync-step-1"; stateVector: Uint8Array }
  | {
      type: "sync-update";
      update: Uint8Array;
      step: "step-2" | "update";
      /** The whole message when it is an Update: forwarded as is, never re-encoded or copied. */
      wire: Uint8Array | null;
    }
  | { type: "awareness"; update: Uint8Array }
  | { type: "query-awareness" }
  /** The dealer's page wants history pushes (its panel is on screen) or not (shared/history/history-push.ts). */
  | { type: "history-wanted"; wanted: boolean };

export class MalformedMessage extends Error {}

/** Decodes one client message; throws MalformedMessage for anything else. */
export function decodeClientMessage(bytes: Uint8Array): ClientMessage {
  try {
    const decoder = decoding.createDecoder(bytes);
    const type = decoding.readVarUint(decoder);
    let message: ClientMessage;
    if (type === MESSAGE_SYNC) {
      const step = decoding.readVarUint(decoder);
      const payload = decoding.readVarUint8Array(decoder);
      if (step === syncProtocol.messageYjsSyncStep1) {
        // Validate now: a state vector that does not decode must not reach the document.
        Y.decodeStateVector(payload);
        message = { type: "sync-step-1", stateVector: payload };
      } else if (step === syncProtocol.messageYjsSyncStep2 || step === syncProtocol.messageYjsUpdate) {
        message =
          step === syncProtocol.messageYjsUpdate
            ? { type: "sync-update", update: payload, step: "update", wire: bytes }
            : { type: "sync-update", update: payload, step: "step-2", wire: null };
      } else throw new MalformedMessage(`unknown sync step ${step}`);
    } else if (type === MESSAGE_AWARENESS) {
      message = { type: "awareness", update: decoding.readVarUint8Array(decoder) };
    } else if (type === MESSAGE_QUERY_AWARENESS) {
      message = { type: "query-awareness" };
    } else if (type === MESSAGE_HISTORY) {
      const wanted = decoding.readVarUint(decoder);
      if (wanted > 1) throw new MalformedMessage(`history wanted must be 0 or 1, not ${wanted}`);
      message = { type: "history-wanted", wanted: wanted === 1 };
    } else throw new MalformedMessage(`unknown message type ${type}`);
    if (decoding.hasContent(decoder)) throw new MalformedMessage("trailing bytes");
    return message;
  } catch (error) {
    if (error instanceof MalformedMessage) throw error;
    throw new MalformedMessage(String(error));
  }
}

export function encodeSyncStep1(doc: Y.Doc): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, MESSAGE_SYNC);
  syncProtocol.writeSyncStep1(encoder, doc);
  return encoding.toUint8Array(encoder);
}

/**
 * SyncStep2: what the document holds beyond `stateVector`, leaving out what `sent` says the socket
 * was already sent (the higher clock of each client counts as held).
 */
export function encodeSyncStep2(
  doc: Y.Doc,
  stateVector: Uint8Array,
  sent?: Map<number, number> | null,
): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, MESSAGE_SYNC);
  syncProtocol.writeSyncStep2(encoder, doc, sent ? heldWith(stateVector, sent) : stateVector);
  return encoding.toUint8Array(encoder);
}

function heldWith(stateVector: Uint8Array, sent: Map<number, number>): Uint8Array {
  const held = Y.decodeStateVector(stateVector);
  for (const [client, clock] of sent) if ((held.get(client) ?? 0) < clock) held.set(client, clock);
  return Y.encodeStateVector(held);
}

/** The document's whole content as an update message, and the state vector of what it carries. */
export function encodeContent(doc: Y.Doc): { message: Uint8Array; sent: Map<number, number> } {
  return {
    message: encodeUpdateMessage(Y.encodeStateAsUpdate(doc)),
    sent: Y.decodeStateVector(Y.encodeStateVector(doc)),
  };
}

export function encodeUpdateMessage(update: Uint8Array): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, MESSAGE_SYNC);
  syncProtocol.writeUpdate(encoder, update);
  return encoding.toUint8Array(encoder);
}

/** The deal's history rows a commit wrote (shared/history/history-push.ts), for DEALER sockets only. */
export function encodeHistoryMessage(push: HistoryPush): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, MESSAGE_HISTORY);
  encoding.writeVarString(encoder, JSON.stringify(push));
  return encoding.toUint8Array(encoder);
}

/** The deal's lock (issue #19), for every socket of the deal document. */
export function encodeDealStateMessage(state: DealState): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, MESSAGE_DEAL_STATE);
  encoding.writeVarString(encoder, JSON.stringify(state));
  return encoding.toUint8Array(encoder);
}

/** Issue #36: the stale edits of one update, to their sender only (shared/history/offline-conflicts.ts). */
export function encodeStaleEditsMessage(conflicts: readonly OfflineConflict[]): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, MESSAGE_STALE_EDITS);
  encoding.writeVarString(encoder, JSON.stringify({ conflicts }));
  return encoding.toUint8Array(encoder);
}

export function encodeAwarenessMessage(update: Uint8Array): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, MESSAGE_AWARENESS);
  encoding.writeVarUint8Array(encoder, update);
  return encoding.toUint8Array(encoder);
}

/** The awareness message announcing every known state of `awareness`, or null when there is none. */
export function encodeAwarenessStates(awareness: awarenessProtocol.Awareness): Uint8Array | null {
  const clients = [...awareness.getStates().keys()];
  if (clients.length === 0) return null;
  return encodeAwarenessMessage(awarenessProtocol.encodeAwarenessUpdate(awareness, clients));
}

type AwarenessEntry = { clientId: number; clock: number; state: unknown };

/** Decodes an awareness update (strictly); throws MalformedMessage. */
export function decodeAwarenessUpdate(update: Uint8Array): AwarenessEntry[] {
  try {
    const decoder = decoding.createDecoder(update);
    const count = decoding.readVarUint(decoder);
    if (count > 64) throw new MalformedMessage("too many awareness states");
    const entries: AwarenessEntry[] = [];
    for (let i = 0; i < count; i++) {
      const clientId = decoding.readVarUint(decoder);
      const clock = decoding.readVarUint(decoder);
      const state = JSON.parse(decoding.readVarString(decoder)) as unknown;
      entries.push({ clientId, clock, state });
    }
    if (decoding.hasContent(decoder)) throw new MalformedMessage("trailing bytes");
    return entries;
  } catch (error) {
    if (error instanceof MalformedMessage) throw error;
    throw new MalformedMessage(String(error));
  }
}

export function encodeAwarenessUpdate(entries: AwarenessEntry[]): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, entries.length);
  for (const entry of entries) {
    encoding.writeVarUint(encoder, entry.clientId);
    encoding.writeVarUint(encoder, entry.clock);
    encoding.writeVarString(encoder, JSON.stringify(entry.state));
  }
  return encoding.toUint8Array(encoder);
}
