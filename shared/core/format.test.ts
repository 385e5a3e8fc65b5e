import { describe, expect, it } from "vitest";
import { CUSTOMER_PHONE_MAX_LENGTH } from "./constants";
import {
  amountToInput,
  customerPhoneDigits,
  digitsOnly,
  formatAmountInput,
  formatClockTime,
  formatCustomerPhone,
  formatDealerPhone,
  formatMileage,
  formatPercent,
  isValidZip,
  normalizeState,
  parseAmountInput,
  sanitizeAmountInput,
  sanitizeRateInput,
} from "./format";

describe("amount inputs", () => {
  it.each([
    ["1234.5", "1234.5"],
    ["12a3.4.5", "123.45"],
    ["1,234.567", "1234.56"],
    ["$ 99", "99"],
    ["-5", "5"],
    [".5", ".5"],
    ["", ""],
  ])("sanitize %j -> %j (digits and one point, two decimals)", (raw, kept) => {
    expect(sanitizeAmountInput(raw)).toBe(kept);
  });

  it.each([
    ["1234.5", "1,234.50"],
    ["1234567", "1,234,567.00"],
    ["0.1", "0.10"],
    [".", ""],
    ["", ""],
    ["1,234.5", "1,234.50"],
  ])("format on blur %j -> %j", (raw, shown) => {
    expect(formatAmountInput(raw)).toBe(shown);
  });

  it.each([
    ["", 0],
    ["1,234.50", 1_234.5],
    ["$999,999.99", 999_999.99],
    [".5", 0.5],
    ["abc", Number.NaN],
    ["1.2.3", Number.NaN],
  ])("parse %j -> %f (empty is 0)", (raw, value) => {
    expect(parseAmountInput(raw)).toBe(value);
  });

  it("shows stored amounts unsigned", () => {
    expect(amountToInput(-2_650)).toBe("2,650.00");
  });
});

describe("rate input", () => {
  it.each([
    ["6.25", "6.25"],
    ["6.2a5", "6.25"],
    ["abc", ""],
    ["7.1255", "7.125"],
    ["1.2.3", "1.23"],
    ["-5%", "5"],
  ])("keeps digits and one point: %j -> %j", (raw, kept) => {
    expect(sanitizeRateInput(raw)).toBe(kept);
  });
});

describe("phones", () => {
  it.each([
    ["", ""],
    ["5", "(5"],
    ["555", "(555"],
    ["5551", "(555) 1"],
    ["555123", "(555) 123"],
    ["5551234", "(555) 123-4"],
    ["5551234567", "(555) 123-4567"],
    ["(555) 123-45678", "(555) 123-4567"],
    // A leading country code is the US's, never part of the number (#14).
    ["+1 512 555 0100", "(512) 555-0100"],
    ["1-512-555-0100", "(512) 555-0100"],
    ["15125550100", "(512) 555-0100"],
    ["1", ""],
  ])("dealer phone %j -> %j", (raw, shown) => {
    expect(formatDealerPhone(raw)).toBe(shown);
  });

  it.each([
    ["", ""],
    ["1", "1"],
    ["15", "1 (5"],
    ["1555123", "1 (555) 123"],
    ["15551234567", "1 (555) 123-4567"],
    ["5551234567", "1 (555) 123-4567"],
    ["1 (555) 123-45679999", "1 (555) 123-4567"],
  ])("customer phone %j -> %j", (raw, shown) => {
    expect(formatCustomerPhone(raw)).toBe(shown);
    expect(formatCustomerPhone(raw).length).toBeLessThanOrEqual(CUSTOMER_PHONE_MAX_LENGTH);
  });

  it("saves digits only", () => {
    expect(digitsOnly("(555) 123-4567")).toBe("5551234567");
    expect(customerPhoneDigits("1 (555) 123-4567")).toBe("15551234567");
  });
});

describe("address and display", () => {
  it("normalizes the state to two uppercase letters", () => {
    expect(normalizeState("ca")).toBe("CA");
    expect(normalizeState("n.y.")).toBe("NY");
    expect(normalizeState("Texas")).toBe("TE");
  });

  it.each([
    ["12345", true],
    ["12345-6789", true],
    ["1234", false],
    ["123456", false],
    ["12345-678", false],
    ["abcde", false],
  ])("ZIP %j valid: %s", (zip, valid) => {
    expect(isValidZip(zip)).toBe(valid);
  });

  it("formats mileage and rates", () => {
    expect(formatMileage(12_345)).toBe("12,345 miles");
    expect(formatMileage(0)).toBe("0 miles");
    expect(formatPercent(6.5)).toBe("6.5%");
    expect(formatPercent(8.875)).toBe("8.875%");
  });
});

describe("clock times", () => {
  it.each([
    [0, 5, "12:05 AM"],
    [9, 0, "9:00 AM"],
    [11, 59, "11:59 AM"],
    [12, 0, "12:00 PM"],
    [15, 42, "3:42 PM"],
    [23, 9, "11:09 PM"],
  ])("%i:%i reads %j", (hours, minutes, text) => {
    expect(formatClockTime(new Date(2026, 10, 26, hours, minutes, 30))).toBe(text);
  });
});
