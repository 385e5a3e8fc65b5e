import {
  paymentRequestLimitReason,
  paymentRequestWaitMs,
  waitMinutes,
} from "@shared/schemas/payment-request";
import { describe, expect, it } from "vitest";
import { capRefusal, capWaitMs, capWindowMs, requesterOf } from "./stages/payment-request";

// Issue #47: the payment request caps as numbers: how long until one more request fits, for the
// quote and for the requester alike, at the defaults (one a minute, five an hour).

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const caps = [
  { max: 1, windowMs: MINUTE },
  { max: 5, windowMs: HOUR },
];

describe("capWaitMs", () => {
  it.each([
    ["nothing asked yet", [], [], 0],
    ["one a minute ago", [MINUTE], [], 0],
    ["one 20 s ago: 40 s more", [20_000], [], 40_000],
    ["the device's one 50 s ago, on another quote", [], [50_000], 10_000],
    ["both: the longer wait", [30_000], [50_000], 30_000],
    ["four this hour, the last 2 min ago", [2 * MINUTE, 10 * MINUTE, 20 * MINUTE, 30 * MINUTE], [], 0],
    [
      "five this hour: until the oldest is an hour old",
      [2 * MINUTE, 10 * MINUTE, 20 * MINUTE, 30 * MINUTE, 50 * MINUTE],
      [],
      10 * MINUTE,
    ],
    ["five, the oldest just out of the hour", [2 * MINUTE, 3 * MINUTE, 4 * MINUTE, 5 * MINUTE, HOUR], [], 0],
  ])("%s: waits %s ms", (_name, quote, requester, wait) => {
    expect(capWaitMs(caps, { quote, requester })).toBe(wait);
  });

  it("reads only within the longest window", () => {
    expect(capWindowMs(caps)).toBe(HOUR);
  });

  it("refuses with a reason that names the wait, which the shopper's page reads back in minutes", () => {
    expect(capRefusal(caps, { quote: [], requester: [] })).toBeNull();
    const refusal = capRefusal(caps, { quote: [20_000], requester: [] });
    expect(refusal).toEqual({
      ok: false,
      reason: "too many payment requests",
      closeReason: "Too many payment requests: wait 40 s",
    });
    expect(paymentRequestWaitMs(refusal?.closeReason)).toBe(40_000);
    expect(waitMinutes(40_000)).toBe(1);
    expect(waitMinutes(10 * MINUTE + 1)).toBe(11);
    // A close reason is at most 123 bytes.
    expect(paymentRequestLimitReason(HOUR).length).toBeLessThan(123);
    expect(paymentRequestWaitMs("Change not allowed")).toBeNull();
  });
});

describe("requesterOf", () => {
  it("counts a named device as itself, a page that names none by its address", () => {
    expect(requesterOf({ principal: "shopper:abcdefghijklmnop", ip: "203.0.113.9" })).toBe(
      "shopper:abcdefghijklmnop",
    );
    expect(requesterOf({ principal: "shopper", ip: "203.0.113.9" })).toBe("ip:203.0.113.9");
  });
});
