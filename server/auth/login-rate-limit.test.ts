import { describe, expect, it } from "vitest";
import { createAttemptStore } from "../db/sqlite/attempts";
import { createLoginRateLimiter, loginAttemptKey } from "./login-rate-limit";

describe("login rate limiter", () => {
  const key = loginAttemptKey("203.0.113.7", "dealer@example.com");

  it("locks a pair after the limit until its oldest counted failure leaves the window", async () => {
    const limiter = createLoginRateLimiter(createAttemptStore(), "login", 3, 60_000);
    await limiter.recordFailure(key, 0);
    await limiter.recordFailure(key, 10_000);
    expect(await limiter.retryAfterMs(key, 10_000)).toBe(0);
    await limiter.recordFailure(key, 20_000);
    expect(await limiter.retryAfterMs(key, 20_000)).toBe(40_000);
    expect(await limiter.retryAfterMs(key, 59_999)).toBe(1);
    // The first failure has aged out: two remain, so the pair may try again.
    expect(await limiter.retryAfterMs(key, 60_000)).toBe(0);
  });

  it("keeps pairs apart and forgets a pair on reset", async () => {
    const limiter = createLoginRateLimiter(createAttemptStore(), "login", 1, 60_000);
    await limiter.recordFailure(key, 0);
    expect(await limiter.retryAfterMs(key, 1)).toBeGreaterThan(0);
    expect(await limiter.retryAfterMs(loginAttemptKey("203.0.113.8", "dealer@example.com"), 1)).toBe(0);
    expect(await limiter.retryAfterMs(loginAttemptKey("203.0.113.7", "other@example.com"), 1)).toBe(0);
    await limiter.reset(key);
    expect(await limiter.retryAfterMs(key, 1)).toBe(0);
  });

  it("a flood of failures keeps the lockout at one window from the latest counted failures", async () => {
    const limiter = createLoginRateLimiter(createAttemptStore(), "login", 2, 1_000);
    for (let at = 0; at < 10_000; at += 100) await limiter.recordFailure(key, at);
    expect(await limiter.retryAfterMs(key, 9_900)).toBe(1_000 - 100);
    expect(await limiter.retryAfterMs(key, 10_900)).toBe(0);
  });
});
