// Per-connection budgets of the live channel (issue #10): a token bucket for updates and presence,
// a one-minute window for history events. Plain numbers on the connection, no timers: a budget is
// refilled from the clock when it is asked.

/** A token bucket: `burst` tokens, refilled at `perSecond`. */
export type Bucket = { tokens: number; at: number };

export const fullBucket = (burst: number, now = performance.now()): Bucket => ({ tokens: burst, at: now });

/** Takes one token; false when the bucket is empty (the caller refuses what it was for). */
export function takeToken(
  bucket: Bucket,
  perSecond: number,
  burst: number,
  now = performance.now(),
): boolean {
  bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.at) / 1000) * perSecond);
  bucket.at = now;
  if (bucket.tokens < 1) return false;
  bucket.tokens -= 1;
  return true;
}

/** Events counted in fixed one-minute windows. */
export type MinuteWindow = { start: number; count: number };

export const newWindow = (now = Date.now()): MinuteWindow => ({ start: now, count: 0 });

/** Adds `n` events; false (and nothing added) when the window would go past `max`. */
export function addToWindow(window: MinuteWindow, n: number, max: number, now = Date.now()): boolean {
  if (now - window.start >= 60_000) {
    window.start = now;
    window.count = 0;
  }
  if (window.count + n > max) return false;
  window.count += n;
  return true;
}
