import { describe, expect, it } from "vitest";
import { createLoginRateLimiter, loginAttemptKey } from "./login-rate-limit";

describe("login rate limiter", () => {
  const key = loginAttemptKey("203.0.113.7", "dealer@example.com");

  it("locks a pair after the limit until its oldest counted failure leaves the window", () => {
    const limiter = createLoginRateLimiter(3, 60_000);
    limiter.recordFailure(key, 0);
    limiter.recordFailure(key, 10_000);
    expect(limiter.retryAfterMs(key, 10_000)).toBe(0);
    limiter.recordFailure(key, 20_000);
    expect(limiter.retryAfterMs(key, 20_000)).toBe(40_000);
    expect(limiter.retryAfterMs(key, 59_999)).toBe(1);
    // The first failure has aged out: two remain, so the pair may try again.
    expect(limiter.retryAfterMs(key, 60_000)).toBe(0);
  });

  it("keeps pairs apart and forgets a pair on reset", () => {
    const limiter = createLoginRateLimiter(1, 60_000);
    limiter.recordFailure(key, 0);
    expect(limiter.retryAfterMs(key, 1)).toBeGreaterThan(0);
    expect(limiter.retryAfterMs(loginAttemptKey("203.0.113.8", "dealer@example.com"), 1)).toBe(0);
    expect(limiter.retryAfterMs(loginAttemptKey("203.0.113.7", "other@example.com"), 1)).toBe(0);
    limiter.reset(key);
    expect(limiter.retryAfterMs(key, 1)).toBe(0);
  });

  it("a flood of failures keeps the lockout at one window from the latest counted failures", () => {
    const limiter = createLoginRateLimiter(2, 1_000);
    for (let at = 0; at < 10_000; at += 100) limiter.recordFailure(key, at);
    expect(limiter.retryAfterMs(key, 9_900)).toBe(1_000 - 100);
    expect(limiter.retryAfterMs(key, 10_900)).toBe(0);
  });
});
