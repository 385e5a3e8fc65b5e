import type { AttemptStore } from "../db/repositories/attempts";

/**
 * Counts failed password checks per client address + account (and reset mails per account) and
 * locks the key out for the rest of the window once it reaches the limit. The attempts live in
 * the storage's AttemptStore: process memory on SQLite (one process; a restart forgetting the
 * counts costs an attacker a restart per few guesses), a table on PostgreSQL, so that every
 * process behind a balancer counts the same attempts.
 */
type LoginRateLimiter = {
  /** Milliseconds until the key may try again, or 0 when it may try now. */
  retryAfterMs(key: string, now?: number): Promise<number>;
  recordFailure(key: string, now?: number): Promise<void>;
  /** A correct password clears the key's failures. */
  reset(key: string): Promise<void>;
};

export function createLoginRateLimiter(
  attempts: AttemptStore,
  name: string,
  maxFailures: number,
  windowMs: number,
): LoginRateLimiter {
  // One store for every limiter: each counts under its own prefix.
  const scoped = (key: string) => `${name}:${key}`;
  return {
    async retryAfterMs(key, now = Date.now()) {
      const recent = await attempts.recent(scoped(key), now - windowMs, maxFailures);
      if (recent.length < maxFailures) return 0;
      // The key may try again once enough of its failures have left the window (newest first:
      // the last one listed is the oldest that still counts).
      const oldestThatCounts = recent[recent.length - 1] as number;
      return Math.max(1, oldestThatCounts + windowMs - now);
    },
    recordFailure: (key, now = Date.now()) => attempts.add(scoped(key), now, now - windowMs),
    reset: (key) => attempts.clear(scoped(key)),
  };
}

/** One key per client address and account; emails arrive already normalized. */
export const loginAttemptKey = (ip: string, account: string): string => `${ip}\n${account}`;
