import type { HistoryPush } from "@shared/history/history-push";
import type * as Y from "yjs";
import type { RecordedChange } from "../../db/history/recorder";
import type { ClientIdClaim, ListingChange } from "../../db/repositories/documents";
import type { PaymentRequestRecord, RecentRequests } from "../../db/repositories/payment-requests";
import type { Conn, Refusal, Room } from "../stages/room-types";
import type { DocKind } from "../stages/update-guard";
import type { Workspace } from "../stages/workspace";

// The seam between the two deployments (docs/ARCHITECTURE.md, "The live path"). The live pipeline
// (pipeline.ts) runs every update's stages in one order for both; a document log is what differs:
//
// - where an update is judged (`space`: in `doc` itself, or on `scratch` at the head);
// - the append: one process's group commit (sqlite-log.ts: the updates of one event-loop turn in
//   one SQLite transaction), or several processes' compare-and-set at the head (postgres-log.ts:
//   `dealdesk_live_append`, on the head seq and the deal's state seq);
// - queueing and retry: one process runs a write at once (this process is the only writer, so
//   `doc` is the head); several run each document's writes in its serial queue and judge again
//   when the head or the deal's state moved meanwhile;
// - loading, compaction (folding the log into the stored state) and unloading.
//
// Guarantees both logs keep: nothing is sent before it is stored (the pipeline broadcasts only what
// `append` answered committed); an update is judged at the head it is appended to; a refusal
// changes nothing for anyone; the history, listing columns, Yjs client id claims and outbox events
// of an update are stored in its own transaction.

/** A room's document as a log loaded it. */
export type LoadedRoomDocument = {
  doc: Y.Doc;
  lastSeq: number;
  logLength: number;
  owners: Map<number, string>;
  /** The stored state when it is the whole document (no log rows, nothing changed at load). */
  storedState?: Uint8Array | null;
  /** Pairs were removed at load (stored before the guard checked exact keys): fold them in at once. */
  foldNow?: boolean;
};

/** An accepted update as the log stores it, with what it records in the same transaction. */
export type LogEntry = {
  /** In place: the update as received (V1, amended); at the head: the V2 delta scratch integrated. */
  update: Uint8Array;
  listing: ListingChange | null;
  /** Yjs client ids this update is the first to write under, with who wrote them. */
  claims: readonly ClientIdClaim[];
  /** Issue #47: a shopper's payment request, stored with the update. */
  paymentRequest: PaymentRequestRecord | null;
  /** Issue #47: the shopper's device whose write this is (its first write to the quote is kept). */
  firstWrite: string | null;
  /** A deal's change for its history (the append adds its clock); null: nothing to record. */
  change: Omit<RecordedChange, "at"> | null;
};

/**
 * What an append came to. `committed`: stored, `room.lastSeq` and `room.logLength` moved to it.
 * `again`: not stored because the head or the deal's state moved; the log caught up, judge again.
 * `ended`: not stored and nothing more to do (the log refused or discarded, the sender left).
 */
export type Appended =
  | { status: "committed"; seq: number; history: HistoryPush | null; handoffStored: boolean }
  | { status: "again" }
  | { status: "ended" };

/** One write's attempts so far (the PostgreSQL log judges again a bounded number of times). */
export type Tries = { count: number; stateChecked: boolean };

export type DocumentLog = {
  /** Where this log's updates are judged (workspace.ts). */
  readonly space: Workspace;
  /** Reads a room's document from storage; throws DocumentLoadError (DocumentMissingError: its quote is gone). */
  load(name: string, quoteId: string, kind: DocKind): Promise<LoadedRoomDocument>;
  /**
   * Reads documents of one quote together (a dealer's page opens its deal, private and economics
   * documents at once): one read for all, each stored one's `load` answer made (decoded) only when
   * asked for. Absent where a read is statements in this process (SQLite): each loads alone.
   */
  loadTogether?(
    quoteId: string,
    docs: readonly { name: string; kind: DocKind }[],
  ): Promise<Map<string, () => Promise<LoadedRoomDocument>>>;
  /** The room made around `load`'s answer is registered: follow its log (several), fold what load removed (one). */
  opened(room: Room, loaded: LoadedRoomDocument): Promise<void>;
  /** Runs a write in the document's order: at once (one process) or in its serial queue (several). */
  inOrder(room: Room, write: () => Promise<void>): void;
  /**
   * A judgement refused: whether to judge again because the head or the deal's state moved since
   * (several processes). `false` (never a promise) when the refusal is final at once.
   */
  judgeAgain(room: Room, refusal: Refusal, tries: Tries): false | Promise<boolean>;
  /** Issue #47: the payment requests counted by the caps (one process answers at once). */
  recentRequests(quoteId: string, requester: string): RecentRequests | Promise<RecentRequests>;
  /** Stores an accepted update (see Appended); in place it is queued for the group commit at once. */
  append(room: Room, conn: Conn, entry: LogEntry): Promise<Appended>;
  /** Before a room's content is read for someone: nothing uncommitted in it, nothing committed elsewhere missing. */
  current(room: Room): Promise<void>;
  /** Commits now whatever waits for the group commit (a read of a room's content follows at once). */
  flush(): void;
  /** Forgets a dropped room's uncommitted updates (nobody saw them). */
  drop(room: Room): void;
  /** Stores Yjs client ids announced in presence as their announcer's (issue #36). */
  claim(room: Room, claims: ClientIdClaim[]): void;
  /** Folds the room's log into its stored state (and the desk log's figures and gross follow). */
  compact(room: Room): Promise<void>;
  /** The last connection left: folds the room's log into its stored state and unloads it. */
  unload(room: Room): Promise<void>;
  /** Shutdown: every room's pending writes finish, its log is folded, it is unloaded. */
  closeAll(all: Room[]): Promise<void>;
};

/** What the logs share with the pipeline: the rooms and how a room is dropped or a refusal told. */
export type RoomSet = {
  rooms: Map<string, Room>;
  /** Unregisters a room and frees its documents. */
  destroy(room: Room): void;
  /** Closes every connection of a room and drops it without storing (deleted quote, storage failure). */
  discard(room: Room, code: number, reason: string): void;
  refuse(
    room: Room,
    conn: Conn,
    refusal: Pick<Refusal, "reason" | "close" | "missing" | "closeReason">,
  ): void;
};
