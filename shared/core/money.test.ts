import { describe, expect, it } from "vitest";
import {
  centsToDollars,
  decimalToFraction,
  formatDollars,
  formatMoney,
  percentOfCents,
  roundHalfAwayFromZero,
  toCents,
} from "./money";

describe("toCents", () => {
  it.each([
    [0.1 + 0.2, 30],
    [1.005, 101], // 1.005 * 100 is 100.49999999999999 in binary; the dealer meant 100.5
    [999_999.99, 99_999_999],
    [19.99, 1_999],
    [0, 0],
    [-2_650, -265_000],
    [-1.005, -101],
    [Number.NaN, 0],
  ])("%f dollars is %i cents", (dollars, cents) => {
    expect(toCents(dollars)).toBe(cents);
  });

  it("never returns -0", () => {
    expect(Object.is(toCents(-0), 0)).toBe(true);
    expect(Object.is(toCents(-0.001), 0)).toBe(true);
  });
});

describe("roundHalfAwayFromZero", () => {
  it.each([
    [2.5, 3],
    [-2.5, -3],
    [2.4999, 2],
    [-0.4, 0],
    [100.49999999999999, 101],
  ])("%f -> %i", (value, expected) => {
    expect(roundHalfAwayFromZero(value)).toBe(expected);
  });
});

describe("centsToDollars", () => {
  it("gives two-decimal dollars", () => {
    expect(centsToDollars(99_999_999)).toBe(999_999.99);
    expect(centsToDollars(30)).toBe(0.3);
    expect(centsToDollars(-265_000)).toBe(-2_650);
  });
});

describe("formatMoney", () => {
  it.each([
    [123_456, "$1,234.56"],
    [-123_456, "-$1,234.56"],
    [0, "$0.00"],
    [-0, "$0.00"],
    [5, "$0.05"],
    [99_999_999, "$999,999.99"],
    [123_456_789_012, "$1,234,567,890.12"],
  ])("%i cents -> %s", (cents, text) => {
    expect(formatMoney(cents)).toBe(text);
  });

  it("formats dollar amounts of the quote data", () => {
    expect(formatDollars(1_234.5)).toBe("$1,234.50");
    expect(formatDollars(-2_650)).toBe("-$2,650.00");
  });
});

describe("percentOfCents (tax lines)", () => {
  it.each([
    [2_449_900, 7.25, 177_618], // 1,776.1775 -> 1,776.18
    [10, 5, 1], // exactly half a cent rounds away from zero
    [12_345, 7.3, 901], // 901.185 -> 901 (no binary drift on 7.3)
    [1_180_000, 8.875, 104_725],
    [3_079_899, 0.5, 15_399], // 153.99495 -> 153.99
    [0, 100, 0],
    [100, 0, 0],
    [-10, 5, -1],
  ])("%i cents at %f%% is %i", (cents, rate, expected) => {
    expect(percentOfCents(cents, rate)).toBe(expected);
  });

  it("reads rates exactly from their decimal text", () => {
    expect(decimalToFraction(8.875)).toEqual({ numerator: 8875n, scale: 3 });
    expect(decimalToFraction(1e-7)).toEqual({ numerator: 1n, scale: 7 });
    expect(decimalToFraction(100)).toEqual({ numerator: 100n, scale: 0 });
  });
});
