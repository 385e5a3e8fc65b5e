import { describe, expect, it } from "vitest";
import { applyHistoryPush, HISTORY_LIMIT, parseHistoryPush } from "./history-push";
import type { HistoryEvent } from "./history-text";

const event = (id: number, at: number, newValue = `v${id}`): HistoryEvent => ({
  id,
  at,
  role: "DEALER",
  field: "pricing.discount",
  oldValue: null,
  newValue,
});

describe("applying a history push", () => {
  it("adds new rows newest first, replaces extended rows and drops removed ones", () => {
    const current = [event(2, 200), event(1, 100)];
    expect(applyHistoryPush(current, { events: [event(3, 300)], removed: [] })).toEqual([
      event(3, 300),
      event(2, 200),
      event(1, 100),
    ]);
    expect(applyHistoryPush(current, { events: [event(1, 400, "later")], removed: [2] })).toEqual([
      event(1, 400, "later"),
    ]);
  });

  it("never goes back to an older version of a row (a push older than the list it lands on)", () => {
    expect(applyHistoryPush([event(1, 500, "new")], { events: [event(1, 100, "old")], removed: [] })).toEqual(
      [event(1, 500, "new")],
    );
  });

  it("keeps at most the newest HISTORY_LIMIT rows", () => {
    const many = Array.from({ length: HISTORY_LIMIT }, (_, i) => event(i + 1, i + 1));
    const after = applyHistoryPush(many, {
      events: [event(HISTORY_LIMIT + 1, HISTORY_LIMIT + 1)],
      removed: [],
    });
    expect(after).toHaveLength(HISTORY_LIMIT);
    expect(after[0]?.id).toBe(HISTORY_LIMIT + 1);
    expect(after.some((e) => e.id === 1)).toBe(false);
  });
});

describe("reading a history push off the wire", () => {
  it.each([
    ["not JSON", "{"],
    ["not an object", "42"],
    ["no removed list", JSON.stringify({ events: [] })],
    ["a removed id that is not an integer", JSON.stringify({ events: [], removed: ["1"] })],
    [
      "a row with an unknown role",
      JSON.stringify({ events: [{ ...event(1, 1), role: "ADMIN" }], removed: [] }),
    ],
    ["a row without a field", JSON.stringify({ events: [{ ...event(1, 1), field: 7 }], removed: [] })],
  ])("refuses %s", (_, json) => {
    expect(parseHistoryPush(json)).toBeNull();
  });

  it("reads a valid push", () => {
    const push = { events: [event(1, 1)], removed: [3] };
    expect(parseHistoryPush(JSON.stringify(push))).toEqual(push);
  });
});
