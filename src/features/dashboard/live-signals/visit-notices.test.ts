import { describe, expect, it } from "vitest";
import { acceptancesToAnnounce, createVisitMemory, visitsToAnnounce } from "./visit-notices";

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

  it("announces each acceptance made after the first look, once per version", () => {
    const memory = createVisitMemory();
    const accepted = (now: number, deals: [string, number, number][]) => ({
      now,
      quotes: [],
      accepted: deals.map(([id, version, acceptedAt]) => ({ id, version, acceptedAt, label: `Quote ${id}` })),
    });
    const first = accepted(1000, [["a", 3, 900]]);
    visitsToAnnounce(memory, first);
    // Accepted before the dashboard opened: the badge, no notice.
    expect(acceptancesToAnnounce(memory, first)).toEqual([]);
    const later = accepted(4000, [
      ["b", 1, 3500],
      ["a", 3, 900],
    ]);
    visitsToAnnounce(memory, later);
    expect(acceptancesToAnnounce(memory, later).map((d) => d.id)).toEqual(["b"]);
    expect(acceptancesToAnnounce(memory, later)).toEqual([]);
    // A counter-offer accepted again is a new version: a new notice.
    expect(acceptancesToAnnounce(memory, accepted(9000, [["b", 3, 8000]])).map((d) => d.version)).toEqual([
      3,
    ]);
  });
});
