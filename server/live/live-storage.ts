import type { Db } from "../db/connection";
import type { PostgresLiveStore } from "../db/postgres/live-store";
import type { BusMessage, RedisBus } from "./fanout/redis-bus";

// Where the live documents are stored. One process: the SQLite file, written synchronously by the
// group commit. Several processes: PostgreSQL as each document's ordered log, with Redis (when
// REDIS_URL is set) carrying commits and control messages between the processes.

/** The bus's events, handed to the live server once it exists (the bus connects before it). */
type BusEvents = {
  onMessage(message: BusMessage): void;
  onConnectionChange(connected: boolean): void;
};

export const pendingBusEvents = (): BusEvents => ({ onMessage() {}, onConnectionChange() {} });

export type LiveStorage =
  | { kind: "sqlite"; db: Db }
  | { kind: "shared"; store: PostgresLiveStore; bus: RedisBus | null; events: BusEvents };
