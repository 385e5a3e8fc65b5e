/**
 * Fixed one-minute windows of requests per key (a dealer's id). In memory on purpose, like the
 * login limiter: a restart forgets the counts, which costs a caller nothing it could abuse.
 */
export type RequestRateLimiter = {
  /** Counts a request; answers the milliseconds to wait when the key is over its limit, else 0. */
  take(key: string, now?: number): number;
};

const WINDOW_MS = 60_000;
/** Beyond this many tracked keys, finished windows are swept so memory stays bounded. */
const SWEEP_THRESHOLD = 10_000;

export function createRequestRateLimiter(maxPerMinute: number): RequestRateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    take(key, now = Date.now()) {
      if (windows.size >= SWEEP_THRESHOLD) {
        for (const [k, w] of windows) if (now - w.start >= WINDOW_MS) windows.delete(k);
      }
      let window = windows.get(key);
      if (!window || now - window.start >= WINDOW_MS) {
        window = { start: now, count: 0 };
        windows.set(key, window);
      }
      window.count += 1;
      return window.count > maxPerMinute ? Math.max(1, window.start + WINDOW_MS - now) : 0;
    },
  };
}
