import type { DealState } from "@shared/live/deal-state";
import type { FlatEntries } from "@shared/live/quote-doc";
import type { WebSocket } from "ws";
import type { Awareness } from "y-protocols/awareness";
import type * as Y from "yjs";
import type { LiveIdentity, QuoteRole } from "../../policies/quote-access";
import type { Bucket, MinuteWindow } from "./bounds";
import type { DocKind } from "./update-guard";

// The live server's shapes: a connection, a room, a refusal, and what a room judges by when it
// loads. A module of their own, so that every stage of the pipeline (pipeline.ts lists them) reads
// them without importing another stage.

export type Conn = {
  ws: WebSocket;
  identity: LiveIdentity;
  role: QuoteRole;
  ip: string;
  quoteId: string;
  room: Room;
  /** Awareness client ids this connection announced (removed when it leaves). */
  awarenessIds: Set<number>;
  alive: boolean;
  /** Who writes through this connection: "staff:<userId>", "shopper:<device>" or "shopper" (client-ids.ts). */
  principal: string;
  /** Budgets (bounds.ts): updates, presence updates, history events. */
  updateBudget: Bucket;
  awarenessBudget: Bucket;
  historyWindow: MinuteWindow;
  /** When this connection last changed each deal key (history events merge within HISTORY_MERGE_MS). */
  historyKeys: Map<string, number>;
  /** A dealer's page with its History panel on screen: history pushes go to this socket. */
  wantsHistory: boolean;
};

export type Room = {
  name: string;
  quoteId: string;
  dealerId: string;
  kind: DocKind;
  expiresAt: number;
  /**
   * Issue #33: the quote's state seq the room judges by (lock, expiry, salesperson, roles), and
   * the deal's state as of that seq, which a deal room's sockets were last told (lifecycle-watch.ts
   * keeps both at the database's). Locked (issue #19): every change is refused until unlocked.
   */
  stateSeq: number;
  dealState: DealState;
  /**
   * Whether `dealState` was read in full by the lifecycle watch (its counter-offer included); a
   * room loaded from the handshake's quote row alone does not know the counter-offer yet.
   */
  stateRead: boolean;
  /** The quote's salesperson as of `stateSeq`. */
  salespersonId: string;
  doc: Y.Doc;
  /** Shared mode: the guard's copy, no observers; updates are tried here first, at the head. Null in one process. */
  scratch: Y.Doc | null;
  /**
   * One process: the encoded state (V2) `doc` had before the updates in `scratchBehind` (a refusal
   * rebuilds `doc` from both). Null in shared mode.
   */
  base: Uint8Array | null;
  awareness: Awareness;
  conns: Set<Conn>;
  entries: FlatEntries;
  /** Shared mode: other processes' updates arrived since `entries` was read (read again when judging). */
  entriesStale: boolean;
  /** Highest stored log seq and number of log rows since the last compaction. */
  lastSeq: number;
  logLength: number;
  /** Yjs client id → principal that owns it (stored and claimed since loading). */
  owners: Map<number, string>;
  /** Yjs client id → the open connection that writes under it now. */
  writers: Map<number, Conn>;
  /** At least the size of the encoded document (exact at load and after each check, then summed). */
  approxBytes: number;
  /** Shared mode: the delta the guard's scratch apply integrated (V2, for the log). */
  scratchV2: Uint8Array | null;
  /**
   * Updates in `doc` but not yet in `scratch`: one process, the accepted ones (V1, as received);
   * shared mode, other processes' ones (V2, from the log). Applied to `scratch` when it is next
   * needed (a refusal; shared mode, this process's next judgement), or `scratch` is rebuilt once
   * SCRATCH_BEHIND_MAX are waiting.
   */
  scratchBehind: Uint8Array[];
  /** Shared mode: sockets admitted to the room that have not joined yet (it stays loaded for them). */
  pins: number;
  /** Shared mode: presence client ids announced through other processes, with who announced them. */
  remoteOwners: Map<number, string>;
  /** Staff principals seen in this room, with their labels ("Mia (manager)"): who set a value that stayed. */
  labels: Map<string, string>;
};

/** Why an update was refused, and the close code its socket gets (shared/live/live-protocol.ts). */
export type Refusal = {
  ok: false;
  reason: string;
  /** The update builds on changes the server does not have: the sender is asked for them instead (issue #36). */
  missing?: true;
  close?: "updateTooLarge" | "documentTooLarge" | "tooManyUpdates" | "dealLocked";
  /** The close reason, when not the close code's own (issue #47: how long until a payment request fits). */
  closeReason?: string;
};

/** What a room judges by when it loads: the quote row as the upgrade read it (issue #33). */
export type RoomState = {
  /** The quote's dealership (issue #39: the events a room's updates store are the dealership's). */
  dealerId: string;
  expiresAt: number;
  /** Whose quote it is: their changes are "the dealer's" in a stale-edit notice (issue #36). */
  salespersonId: string;
  lockedAt: number | null;
  acceptedVersion: number | null;
  stateSeq: number;
};
