import { describe, expect, it } from "vitest";
import { VISIT_GAP_MS } from "../db/shopper-visits";
import { createPresenceTracker } from "./presence-tracker";

describe("presence tracker", () => {
  it("counts a quote's shopper connections and keeps one visit across reconnects within the gap", () => {
    let now = 1_000_000;
    const tracker = createPresenceTracker(() => now);
    const leaveA = tracker.shopperJoined("q1");
    now += 5;
    const leaveB = tracker.shopperJoined("q1"); // a second tab
    expect(tracker.viewing()).toEqual([{ quoteId: "q1", visitStartedAt: 1_000_000 }]);
    leaveA();
    leaveA(); // a close reported twice counts once
    expect(tracker.viewing()).toHaveLength(1);
    leaveB();
    expect(tracker.viewing()).toEqual([]);
    now += VISIT_GAP_MS; // back just within the gap: the same visit
    const leaveC = tracker.shopperJoined("q1");
    expect(tracker.viewing()).toEqual([{ quoteId: "q1", visitStartedAt: 1_000_000 }]);
    leaveC();
    now += VISIT_GAP_MS + 1; // away longer: a new visit
    tracker.shopperJoined("q1");
    expect(tracker.viewing()).toEqual([{ quoteId: "q1", visitStartedAt: now }]);
  });
});
