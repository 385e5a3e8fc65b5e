import { describe, expect, it } from "vitest";
import { customRange, dateInputValue, presetRange } from "./date-ranges";

// Local dates throughout: the runner's time zone is whatever it is, and so is the manager's.
const day = (y: number, m: number, d: number, h = 0) => new Date(y, m - 1, d, h);

describe("analytics date ranges", () => {
  const thursday = day(2026, 11, 26, 15);
  it("starts this week on Monday and ends at the end of today", () => {
    expect(presetRange("week", thursday)).toEqual({ from: day(2026, 11, 23), to: day(2026, 11, 27) });
    expect(presetRange("week", day(2026, 11, 29, 9)).from).toEqual(day(2026, 11, 23));
    expect(presetRange("week", day(2026, 11, 23, 1)).from).toEqual(day(2026, 11, 23));
  });
  it("counts the last 30 days with today", () => {
    expect(presetRange("last30", thursday)).toEqual({ from: day(2026, 10, 28), to: day(2026, 11, 27) });
  });
  it("starts this month on the first", () => {
    expect(presetRange("month", thursday)).toEqual({ from: day(2026, 11, 1), to: day(2026, 11, 27) });
  });
  it("includes both days of a custom range and refuses a backwards one", () => {
    expect(customRange("2026-10-05", "2026-10-18")).toEqual({
      from: day(2026, 10, 5),
      to: day(2026, 10, 19),
    });
    expect(customRange("2026-10-18", "2026-10-05")).toBeNull();
    expect(customRange("", "2026-10-05")).toBeNull();
    expect(dateInputValue(day(2026, 1, 9))).toBe("2026-01-09");
  });
});
