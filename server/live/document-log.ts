import type * as Y from "yjs";
import type { ClientIdClaim } from "../db/sqlite/document-store";
import type { Conn, Refusal, Room, RoomState, RoomsOptions } from "./room-types";
import type { DocKind, GuardVerdict } from "./update-guard";
import type { Workspace } from "./workspace";

// The live pipeline's seam between the two deployments (docs/ARCHITECTURE.md, "The live path").
// Every update takes the same stages: decode (protocol.ts, connection.ts) → admit (admit.ts) →
// judge (judge.ts) → cap (payment-request.ts, run by each log) → commit (a document log) → apply →
// broadcast (broadcast.ts) → record (record.ts).
// What differs between one process and several is the document log below, and the bus that tells
// the other processes (bus.ts):
//
// - sqlite-log.ts, one process: appends are this process's alone, so `doc` is the head; an update
//   is judged in it, and the updates of one event-loop turn commit in one SQLite transaction (the
//   group commit) before any of them is sent.
// - postgres-log.ts, several processes: any process may append; each document's writes run in its
//   serial queue, an update is judged on `scratch` at the head, appended with a compare-and-set on
//   the head seq and the deal's state seq, and applied to `doc` only once committed.
//
// Guarantees both logs keep: nothing is sent before it is stored (commit before broadcast); an
// update is judged at the head it is appended to; a refusal changes nothing for anyone; the
// history, listing columns, Yjs client id claims and outbox events of an update are stored in its
// own transaction; every close code is the one shared/live-protocol.ts names for the case.

export type DocumentLog = {
  /** Where this log's updates are judged (workspace.ts). */
  readonly space: Workspace;
  /** Loads (or returns) a room's document from storage; throws DocumentLoadError when it is unusable. */
  open(name: string, quoteId: string, kind: DocKind, state: RoomState): Room | Promise<Room>;
  /**
   * Judges, commits, applies, broadcasts and records an admitted update, in the document's order.
   * Answers the verdict when it is known at once (one process); otherwise the rest runs in the
   * document's queue and the answer is an unchanged verdict.
   */
  write(room: Room, conn: Conn, update: Uint8Array, wire: Uint8Array | null): GuardVerdict | Refusal;
  /** Commits now whatever waits for the group commit (before anything reads a room's content). */
  flush(): void;
  /** Forgets a dropped room's uncommitted updates (nobody saw them). */
  drop(room: Room): void;
  /** Stores Yjs client ids announced in presence as their announcer's (issue #36). */
  claim(room: Room, claims: ClientIdClaim[]): void;
  /** The last connection left: folds the room's log into its stored state and unloads it. */
  unload(room: Room): Promise<void>;
  /** Shutdown: every room's pending writes finish, its log is folded, it is unloaded. */
  closeAll(all: Room[]): Promise<void>;
};

/** A room's document as a log loaded it. */
export type LoadedRoomDocument = {
  doc: Y.Doc;
  lastSeq: number;
  logLength: number;
  owners: Map<number, string>;
  /** The stored state when it is the whole document (no log rows, nothing changed at load). */
  storedState?: Uint8Array | null;
};

/** What the stages share: the rooms' options, the loaded rooms, and the pipeline's own outcomes. */
export type Pipeline = {
  options: RoomsOptions;
  rooms: Map<string, Room>;
  /** Makes and registers a room around a loaded document (room-registry.ts). */
  makeRoom(name: string, quoteId: string, kind: DocKind, state: RoomState, loaded: LoadedRoomDocument): Room;
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
