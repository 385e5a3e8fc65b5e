import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import type { HistoryPush } from "@shared/history/history-push";
import type { DealState } from "@shared/live/deal-state";
import type { ShopperVisit } from "../db/shopper-visits";

/** What the HTTP side and start-up need from the live (y-websocket) server. */
export type LiveControl = {
  /** Takes an HTTP upgrade under /yjs/. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Closes the quote's rooms and drops them from memory (after the quote is deleted). */
  closeQuote(quoteId: string): void;
  /**
   * Issue #19: locks (accepted) or unlocks the quote's loaded rooms, and tells every socket of the
   * deal (with a counter-offer's number); rooms opened later read the row.
   */
  setDealState(quoteId: string, state: DealState): void;
  /**
   * Issue #33: the quote's state changed in the database (accepted, unlocked, counter-offer,
   * renewed, reassigned): its rooms here judge by the new state before this resolves, and every
   * other process reads it at once (or within its poll, without Redis). Sockets whose holder may
   * no longer work the quote close with 4401.
   */
  stateChanged(quoteId: string): Promise<void>;
  /** Issue #33: a member's role or membership changed: every open quote's rights are read again. */
  teamChanged(): Promise<void>;
  /** Issue #14: a renewed quote's new expiry, for its loaded rooms (shopper writes are judged by it). */
  setExpiry(quoteId: string, expiresAt: number): void;
  /** Sends history rows recorded outside the live channel (acceptance, versions) to the deal's dealers. */
  pushHistory(quoteId: string, push: HistoryPush): void;
  /** The content of a document whose room is in memory, as this process has it (the desk log's figure). */
  readLoaded(docName: string): Record<string, unknown> | undefined;
  /**
   * The current content of a document whose room is in memory (else undefined: read it from
   * storage). With several processes the room is first brought to the head of its log, so a
   * version or an acceptance never misses an edit another process has just committed.
   */
  readCurrent(docName: string): Promise<Record<string, unknown> | undefined>;
  /**
   * As readCurrent, with the log seq the content is at (issue #33: an acceptance stores its
   * version only if the deal is still at that seq when the lock commits).
   */
  readCurrentAt(docName: string): Promise<{ content: Record<string, unknown>; seq: number } | undefined>;
  /** How many documents are held in memory (benchmark and tests: rooms unload when empty). */
  loadedRooms(): number;
  /** How many live connections are open (metrics). */
  openConnections(): number;
  /** Quotes a shopper is looking at now (the dashboard's live signals; every process's, with DATABASE_URL). */
  presence: {
    viewing(): ShopperVisit[] | Promise<ShopperVisit[]>;
    /**
     * Issue #37: the dealers with a quote's deal open in this process right now (the dashboard's
     * "working the same vehicle" signal).
     */
    dealersWorking(): { quoteId: string; userId: string }[];
  };
  /** Closes every socket and flushes every room to the database. */
  close(): Promise<void>;
};
