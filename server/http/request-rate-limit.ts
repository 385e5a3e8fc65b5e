import { MSG } from "@shared/text/messages";
import type { Context } from "hono";
import { ApiError } from "../errors";

/**
 * Fixed windows (a minute unless told) of requests per key: a dealer's id, a client address. In
 * memory on purpose, like the login limiter: a restart forgets the counts, which costs a caller
 * nothing it could abuse.
 */
export type RequestRateLimiter = {
  /** Counts a request; answers the milliseconds to wait when the key is over its limit, else 0. */
  take(key: string, now?: number): number;
};

/** Beyond this many tracked keys, finished windows are swept so memory stays bounded. */
const SWEEP_THRESHOLD = 10_000;

export function createRequestRateLimiter(maxPerWindow: number, windowMs = 60_000): RequestRateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    take(key, now = Date.now()) {
      if (windows.size >= SWEEP_THRESHOLD) {
        for (const [k, w] of windows) if (now - w.start >= windowMs) windows.delete(k);
      }
      let window = windows.get(key);
      if (!window || now - window.start >= windowMs) {
        window = { start: now, count: 0 };
        windows.set(key, window);
      }
      window.count += 1;
      return window.count > maxPerWindow ? Math.max(1, window.start + windowMs - now) : 0;
    },
  };
}

/** Counts one request for `key`; over the limit, answers 429 "Too many requests…" with Retry-After. */
export function enforceRateLimit(c: Context, limiter: RequestRateLimiter, key: string): void {
  const waitMs = limiter.take(key);
  if (waitMs === 0) return;
  c.header("Retry-After", String(Math.ceil(waitMs / 1000)));
  throw new ApiError(429, MSG.tooManyRequests);
}
