// Counted attempts (failed logins, reset mails) across processes. One repository of the storage seam (server/db/stores.ts).

/** Timestamps of attempts per key (failed logins, reset mails), for the rate limiters. */
export interface AttemptStore {
  /** The key's attempts after `since`, newest first, at most `limit`. */
  recent(key: string, since: number, limit: number): Promise<number[]>;
  /** Records an attempt; attempts of any key at or before `forgetBefore` may be dropped. */
  add(key: string, at: number, forgetBefore: number): Promise<void>;
  clear(key: string): Promise<void>;
}
