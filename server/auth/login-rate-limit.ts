/**
 * Counts failed password checks per client address + account and locks that pair out for the
 * rest of the window once it reaches the limit. In memory on purpose: DealDesk is one process,
 * and a restart forgetting the counts costs an attacker a restart per few guesses.
 */
export type LoginRateLimiter = {
  /** Milliseconds until the pair may try again, or 0 when it may try now. */
  retryAfterMs(key: string, now?: number): number;
  recordFailure(key: string, now?: number): void;
  /** A correct password clears the pair's failures. */
  reset(key: string): void;
};

/** Beyond this many tracked pairs, expired entries are swept so memory stays bounded. */
const SWEEP_THRESHOLD = 10_000;

export function createLoginRateLimiter(maxFailures: number, windowMs: number): LoginRateLimiter {
  const failures = new Map<string, number[]>();

  const recent = (key: string, now: number): number[] => {
    const kept = (failures.get(key) ?? []).filter((at) => now - at < windowMs);
    if (kept.length === 0) failures.delete(key);
    else failures.set(key, kept);
    return kept;
  };

  const sweep = (now: number) => {
    for (const key of [...failures.keys()]) recent(key, now);
  };

  return {
    retryAfterMs(key, now = Date.now()) {
      const list = recent(key, now);
      if (list.length < maxFailures) return 0;
      // The pair may try again once enough of its failures have left the window.
      const oldestThatCounts = list[list.length - maxFailures] as number;
      return Math.max(1, oldestThatCounts + windowMs - now);
    },
    recordFailure(key, now = Date.now()) {
      if (failures.size >= SWEEP_THRESHOLD) sweep(now);
      const list = recent(key, now);
      list.push(now);
      // Keep no more than needed to decide, so a flood of failures cannot grow one entry.
      failures.set(key, list.slice(-maxFailures));
    },
    reset(key) {
      failures.delete(key);
    },
  };
}

/** One key per client address and account; emails arrive already normalized. */
export const loginAttemptKey = (ip: string, account: string): string => `${ip}\n${account}`;
