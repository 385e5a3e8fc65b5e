import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import {
  assemble,
  changedFields,
  compactDuplicates,
  dealArray,
  flattenField,
  type KvPair,
  readDoc,
  readEntries,
  removeUnknownPairs,
  writeField,
  writeFields,
} from "./quote-doc";

const sync = (a: Y.Doc, b: Y.Doc) => {
  Y.applyUpdate(b, Y.encodeStateAsUpdate(a, Y.encodeStateVector(b)));
  Y.applyUpdate(a, Y.encodeStateAsUpdate(b, Y.encodeStateVector(a)));
};

describe("the quote document layout", () => {
  it("flattens nested fields into one key per leaf and keeps arrays whole", () => {
    expect([
      ...flattenField("tradeIn", { hasTradeIn: true, vehicle: { vin: "1", value: undefined } }),
    ]).toEqual([
      ["tradeIn.hasTradeIn", true],
      ["tradeIn.vehicle.vin", "1"],
    ]);
    expect([...flattenField("addOns", [{ id: "a" }])]).toEqual([["addOns", [{ id: "a" }]]]);
    expect(
      assemble(
        new Map<string, unknown>([
          ["tradeIn.vehicle.vin", 1],
          ["tradeIn.hasTradeIn", 2],
          ["addOns", [1]],
        ]),
      ),
    ).toEqual({
      tradeIn: { vehicle: { vin: 1 }, hasTradeIn: 2 },
      addOns: [1],
    });
  });

  it("writes only the keys that changed and reads back the same object", () => {
    const doc = new Y.Doc();
    const arr = dealArray(doc);
    writeFields(arr, { pricing: { advertisedPrice: 30000, discount: 0 }, downPayment: -3000 });
    expect(readDoc(arr)).toEqual({ pricing: { advertisedPrice: 30000, discount: 0 }, downPayment: -3000 });
    const before = Y.encodeStateVector(doc);
    expect(writeField(arr, "pricing", { advertisedPrice: 30000, discount: 0 })).toBe(false);
    expect(Y.encodeStateVector(doc)).toEqual(before);
    expect(writeField(arr, "pricing", { advertisedPrice: 30000, discount: 500 })).toBe(true);
    expect(arr.length).toBe(3);
    expect(readDoc(arr)).toEqual({ pricing: { advertisedPrice: 30000, discount: 500 }, downPayment: -3000 });
  });

  it("removes keys that a new value no longer has", () => {
    const doc = new Y.Doc();
    const arr = dealArray(doc);
    writeField(arr, "customInterestRates", { good: { "60": 4.9, "72": 5.5 } });
    writeField(arr, "customInterestRates", { good: { "72": 5.5 } });
    expect(readDoc(arr)).toEqual({ customInterestRates: { good: { "72": 5.5 } } });
  });

  it("keeps concurrent edits of different sub-fields of one object", () => {
    const dealer = new Y.Doc();
    const shopper = new Y.Doc();
    writeField(dealArray(dealer), "tradeIn", {
      hasTradeIn: true,
      vehicle: { description: "Civic", mileage: 1 },
    });
    sync(dealer, shopper);
    writeField(dealArray(dealer), "tradeIn", {
      hasTradeIn: true,
      vehicle: { description: "Civic", mileage: 1, value: 9000 },
    });
    writeField(dealArray(shopper), "tradeIn", {
      hasTradeIn: true,
      vehicle: { description: "Civic EX", mileage: 1 },
    });
    sync(dealer, shopper);
    const expected = {
      tradeIn: { hasTradeIn: true, vehicle: { description: "Civic EX", mileage: 1, value: 9000 } },
    };
    expect(readDoc(dealArray(dealer))).toEqual(expected);
    expect(readDoc(dealArray(shopper))).toEqual(expected);
  });

  it("resolves concurrent writes of one key the same way everywhere, and compaction drops the loser", () => {
    const a = new Y.Doc();
    const b = new Y.Doc();
    writeField(dealArray(a), "downPayment", -1000);
    sync(a, b);
    writeField(dealArray(a), "downPayment", -2000);
    writeField(dealArray(b), "downPayment", -3000);
    sync(a, b);
    expect(readEntries(dealArray(a))).toEqual(readEntries(dealArray(b)));
    expect(dealArray(a).length).toBe(2);
    expect(compactDuplicates(dealArray(a))).toBe(1);
    sync(a, b);
    expect(dealArray(b).length).toBe(1);
    expect(readEntries(dealArray(a))).toEqual(readEntries(dealArray(b)));
  });

  it("stays within 2x its JSON size (update v2 encoding) after 1,000 alternating edits by two clients", () => {
    const a = new Y.Doc();
    const b = new Y.Doc();
    writeFields(dealArray(a), {
      vehicle: {
        description: "2024 Honda Accord EX-L",
        color: "Blue",
        mileage: 12,
        stockNumber: "A123",
        advertisedUrl: "",
      },
      addOns: [
        { id: "a1", name: "Paint protection", description: "Ceramic coating", price: 899, isSelected: false },
        { id: "a2", name: "Extended warranty", description: "5 years", price: 2400, isSelected: false },
      ],
      dealerFeeItems: [{ id: "f1", name: "Doc fee", description: "", amount: 499 }],
      taxItems: [{ id: "t1", name: "State tax", description: "", rate: 6.25 }],
      downPayment: -3000,
      amountOwedOnTradeIn: 0,
      selectedCreditTier: "good",
    });
    sync(a, b);
    for (let i = 0; i < 1000; i++) {
      const doc = i % 2 === 0 ? a : b;
      const field = ["pricing", "downPayment", "amountOwedOnTradeIn", "selectedCreditTier"][i % 4] as string;
      const value =
        field === "pricing"
          ? { advertisedPrice: 30000, discount: i }
          : field === "selectedCreditTier"
            ? ["good", "fair"][i % 2]
            : -i;
      writeField(dealArray(doc), field, value);
      sync(a, b);
    }
    const json = JSON.stringify(readDoc(dealArray(a))).length;
    // The server stores and measures documents in update v2, whose run-length columns keep the
    // tombstones of overwritten pairs near constant in size (v1 grows ~4.5 bytes per edit).
    const encoded = Y.encodeStateAsUpdateV2(a).length;
    expect(encoded).toBeLessThanOrEqual(2 * json);
  });

  it("tells which top-level fields changed", () => {
    expect(
      changedFields(
        new Map([["a.b", 1]]),
        new Map([
          ["a.b", 2],
          ["c", 1],
        ]),
      ),
    ).toEqual(new Set(["a", "c"]));
  });
});

describe("reading documents that hold unknown keys", () => {
  const hostile = () => {
    const doc = new Y.Doc();
    const array = doc.getArray<KvPair>("deal");
    writeFields(array, { tradeIn: { hasTradeIn: true, vehicle: { vin: "V", mileage: 5, value: 900 } } });
    array.push([
      { key: "tradeIn.__proto__.polluted", val: "yes" },
      { key: "__proto__", val: { polluted: "yes" } },
      { key: "constructor.prototype.polluted", val: "yes" },
      { key: "tradeIn.vehicle", val: { value: 1 } },
      { key: "tradeIn.junk", val: "x".repeat(100) },
    ]);
    return array;
  };

  it("ignores them: no prototype is touched and no parent key overrides a leaf", () => {
    const array = hostile();
    const deal = readDoc(array) as { tradeIn: { vehicle: { value: number } } };
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(deal)).toBeNull();
    expect(deal.tradeIn.vehicle.value).toBe(900);
    expect([...readEntries(array).keys()].sort()).toEqual(
      ["tradeIn.hasTradeIn", "tradeIn.vehicle.mileage", "tradeIn.vehicle.vin"]
        .concat(["tradeIn.vehicle.value"])
        .sort(),
    );
  });

  it("removes them once", () => {
    const array = hostile();
    expect(removeUnknownPairs(array)).toBe(5);
    expect(array.length).toBe(4);
    expect(removeUnknownPairs(array)).toBe(0);
  });
});
