import { dealArray, readDoc } from "@shared/live/quote-doc";
import { withPlainText } from "@shared/schemas/schema-fields";
import { describe, expect, it } from "vitest";
import { sampleQuoteDoc } from "../test-support/quote-doc";
import { outTheDoorCentsOf } from "./listing-total";

// Issue #35: names and descriptions now refuse control characters, but a quote stored before (a
// tab pasted from a spreadsheet into a vehicle's description) must still read: its desk-log total,
// its versions and its customer record parse the stored content with spaces instead.

describe("content stored before control characters were refused", () => {
  it("still prices: the desk log's total is the same as with a clean description", () => {
    const deal = readDoc(dealArray(sampleQuoteDoc())) as Record<string, Record<string, unknown>>;
    const clean = outTheDoorCentsOf(deal);
    expect(clean).not.toBeNull();
    const legacy = { ...deal, vehicle: { ...deal.vehicle, description: "2024 Honda\tAccord\u001b[2J" } };
    expect(outTheDoorCentsOf(legacy)).toBe(clean);
  });

  it("reads every string with its control characters as spaces, arrays and objects copied through", () => {
    expect(withPlainText({ a: "x\ty", list: [{ name: "\u202eevil" }, 3, null], flag: true, n: 1.5 })).toEqual(
      { a: "x y", list: [{ name: " evil" }, 3, null], flag: true, n: 1.5 },
    );
  });
});
