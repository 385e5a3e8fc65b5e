import { describe, expect, it } from "vitest";
import { createVisitMemory, visitsToAnnounce } from "./visit-notices";

const status = (now: number, quotes: [string, number][]) => ({
  now,
  quotes: quotes.map(([id, visitStartedAt]) => ({ id, visitStartedAt, label: `Quote ${id}` })),
});

describe("visit notices", () => {
  it("announces each visit that began after the first look, once", () => {
    const memory = createVisitMemory();
    // Already viewing when the dashboard opened: a dot, no notice.
    expect(visitsToAnnounce(memory, status(1000, [["a", 900]]))).toEqual([]);
    expect(
      visitsToAnnounce(
        memory,
        status(4000, [
          ["a", 900],
          ["b", 3000],
        ]),
      ).map((q) => q.id),
    ).toEqual(["b"]);
    // The same visit polled again (or continued after a reconnect): nothing new.
    expect(visitsToAnnounce(memory, status(7000, [["b", 3000]]))).toEqual([]);
    // The shopper came back after a real absence: a new visit, a new notice.
    expect(visitsToAnnounce(memory, status(90_000, [["b", 88_000]])).map((q) => q.label)).toEqual([
      "Quote b",
    ]);
  });
});
