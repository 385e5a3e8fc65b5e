import type { HistoryEvent } from "@shared/history/history-text";
import type { HandoffEventRecord } from "./handoff";
import type { RestEvent } from "./history";

// A quote's saved versions and its acceptance. One repository of the storage seam (server/db/stores.ts).

export type VersionRecord = {
  quoteId: string;
  number: number;
  kind: string;
  createdAt: number;
  actor: string;
  fingerprint: string;
  snapshot: unknown;
  /** Issue #40: the snapshot's chosen structure and figures, for analytics (null: not known). */
  choiceStructure?: string | null;
  choiceMonths?: number | null;
  choiceDownCents?: number | null;
  outTheDoorCents?: number | null;
  monthlyCents?: number | null;
};

export interface VersionStore {
  latest(quoteId: string): Promise<{ number: number; kind: string } | undefined>;
  /** Newest first, without snapshots. */
  list(quoteId: string): Promise<Omit<VersionRecord, "quoteId" | "snapshot">[]>;
  read(quoteId: string, number: number): Promise<VersionRecord | undefined>;
  /**
   * Stores the next version (number = last + 1) with its history row, in one transaction; `lock`
   * sets the quote's lock at the same time (accepted: locked with this version; counter: unlocked).
   * `dealSeq` (issue #33): the deal document's log seq the snapshot was read at; when another
   * process appended since, nothing is stored and StaleSnapshotError is thrown (read it again).
   * One process (SQLite) reads and saves in one step of the event loop: the check never fails.
   * `handoff` (issue #39): the events of the new version, stored in the same transaction.
   */
  save(
    version: Omit<VersionRecord, "number">,
    event: (number: number) => RestEvent,
    lock?: "accept" | "unlock",
    dealSeq?: number,
    handoff?: (number: number) => HandoffEventRecord[],
  ): Promise<{ number: number; event: HistoryEvent }>;
}

/** Issue #33: the deal changed between the snapshot and its save (another process's edit). */
export class StaleSnapshotError extends Error {
  constructor() {
    super("the deal changed while its version was being saved");
  }
}
