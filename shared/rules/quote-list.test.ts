import { describe, expect, it } from "vitest";
import { isQuoteExpired, matchesQuoteSearch } from "./quote-list";

describe("dashboard search and expiry", () => {
  const quote = { vehicleDescription: "2022 Honda Civic EX", customerName: "Ann Buyer" };

  it.each([
    ["civic", true],
    ["ANN", true],
    ["  ", true],
    ["Toyota", false],
  ])("search %j matches: %s", (query, expected) => {
    expect(matchesQuoteSearch(quote, query)).toBe(expected);
  });

  it("matches quotes without a customer by vehicle only", () => {
    expect(matchesQuoteSearch({ vehicleDescription: "F-150", customerName: null }, "f-150")).toBe(true);
  });

  it("treats a quote as expired once expires_at has passed", () => {
    const now = new Date("2026-01-10T12:00:00Z");
    expect(isQuoteExpired("2026-01-10T11:59:59Z", now)).toBe(true);
    expect(isQuoteExpired("2026-01-10T12:00:00Z", now)).toBe(false);
    expect(isQuoteExpired(new Date("2026-02-01T00:00:00Z"), now)).toBe(false);
  });
});
