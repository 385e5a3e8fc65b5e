import * as Y from "yjs";
import type { StoredDoc } from "./repositories/documents";
import type { SqliteLiveStore } from "./sqlite/live-store";

// Turning stored bytes (a V2 state, V2 and V1 log rows: persistence.ts) into a Y.Doc and back. A
// load that fails throws: the caller refuses the connection instead of serving (or later storing)
// an empty document over the real one.

export class DocumentLoadError extends Error {}

/** The document has no stored row: its quote was deleted (the socket is told so, 4404). */
export class DocumentMissingError extends DocumentLoadError {
  constructor(docName: string) {
    super(`No stored document ${docName}`);
  }
}

// The document name as guid: a random one costs ~30 calls to the crypto RNG per Y.Doc (lib0's
// uuidv4), measurable in cold-load time.
export function docFromStored(stored: StoredDoc, name = "stored"): Y.Doc {
  const doc = new Y.Doc({ guid: name });
  try {
    Y.applyUpdateV2(doc, stored.state);
    if (stored.updates.length > 0) Y.applyUpdateV2(doc, Y.mergeUpdatesV2(stored.updates));
    // After the V2 rows, though they may interleave by seq: Yjs updates commute.
    if (stored.updatesV1.length > 0) Y.applyUpdate(doc, Y.mergeUpdates(stored.updatesV1));
  } catch (error) {
    doc.destroy();
    throw new DocumentLoadError(`Stored document does not decode: ${String(error)}`);
  }
  if (doc.store.pendingStructs !== null || doc.store.pendingDs !== null) {
    doc.destroy();
    throw new DocumentLoadError("Stored document is incomplete (missing updates)");
  }
  return doc;
}

/** The stored document, or a DocumentLoadError when it is missing or broken. */
export function loadStoredDoc(
  store: SqliteLiveStore,
  docName: string,
): { doc: Y.Doc; lastSeq: number; logLength: number; storedState: Uint8Array | null } {
  const stored = store.load(docName);
  if (!stored) throw new DocumentMissingError(docName);
  const logLength = stored.updates.length + stored.updatesV1.length;
  return {
    doc: docFromStored(stored, docName),
    lastSeq: stored.lastSeq,
    logLength,
    // Without log rows the stored state is the whole document, already encoded.
    storedState: logLength === 0 ? stored.state : null,
  };
}

/** A document's full state as stored (V2). */
export const encodeState = (doc: Y.Doc): Uint8Array => Y.encodeStateAsUpdateV2(doc);
