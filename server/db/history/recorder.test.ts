import { HISTORY_LIMIT } from "@shared/history/history-push";
import type { FlatEntries } from "@shared/live/quote-doc";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createDealer } from "../../test-support/fixtures";
import { createTestApp, type TestApp } from "../../test-support/test-app";
import { createHistoryRecorder, HISTORY_MERGE_MS, type RecordedChange } from "./recorder";

// The grouping rule on a real SQLite file, with the clock in the test's hands.

let t: TestApp;
let quoteId: string;
beforeEach(async () => {
  t = createTestApp();
  const { token } = await createDealer(t);
  const res = await t.call(
    "POST",
    "/api/quotes",
    {
      vehicle: { description: "2020 Kia Soul", color: "", mileage: 1, stockNumber: "", advertisedUrl: "" },
      pricing: { advertisedPrice: 20000, discount: 0 },
    },
    token,
  );
  quoteId = ((await res.json()) as { id: string }).id;
});
afterEach(async () => {
  await t.cleanup();
});

const T0 = 1_700_000_000_000;
const change = (
  role: RecordedChange["role"],
  key: string,
  from: unknown,
  to: unknown,
  at: number,
): RecordedChange => ({
  quoteId,
  role,
  before: new Map([[key, from]]) as FlatEntries,
  after: new Map([[key, to]]) as FlatEntries,
  keys: [key],
  at,
});
const rows = async () =>
  (await t.stores.history.read(quoteId, HISTORY_LIMIT)).map(({ role, field, oldValue, newValue, at }) => ({
    role,
    field,
    oldValue,
    newValue,
    at,
  }));

describe("history grouping", () => {
  it("merges the same role's writes of one key within the window and starts anew after it", async () => {
    const record = createHistoryRecorder(t.db);
    record(change("SHOPPER", "downPayment", -2000, -2100, T0));
    record(change("SHOPPER", "downPayment", -2100, -2500, T0 + HISTORY_MERGE_MS));
    expect(await rows()).toEqual([
      {
        role: "SHOPPER",
        field: "downPayment",
        oldValue: "$2,000.00",
        newValue: "$2,500.00",
        at: T0 + HISTORY_MERGE_MS,
      },
    ]);
    // The window runs from the event's last write: one more 10 s later still extends it.
    record(change("SHOPPER", "downPayment", -2500, -3000, T0 + 2 * HISTORY_MERGE_MS));
    expect(await rows()).toHaveLength(1);
    record(change("SHOPPER", "downPayment", -3000, -3100, T0 + 3 * HISTORY_MERGE_MS + 1));
    expect((await rows()).map((r) => [r.oldValue, r.newValue])).toEqual([
      ["$3,000.00", "$3,100.00"],
      ["$2,000.00", "$3,000.00"],
    ]);
  });

  it("never merges another role's write or another key", async () => {
    const record = createHistoryRecorder(t.db);
    record(change("SHOPPER", "downPayment", -2000, -2100, T0));
    record(change("DEALER", "downPayment", -2100, -2200, T0 + 1));
    record(change("DEALER", "pricing.discount", 0, 300, T0 + 2));
    record(change("DEALER", "downPayment", -2200, -2300, T0 + 3));
    expect((await rows()).map((r) => `${r.role} ${r.field} ${r.oldValue} -> ${r.newValue}`)).toEqual([
      "DEALER downPayment $2,100.00 -> $2,300.00",
      "DEALER pricing.discount null -> -$300.00",
      "SHOPPER downPayment $2,000.00 -> $2,100.00",
    ]);
  });

  it("records nothing when the display does not change, and drops a burst that ends where it began", async () => {
    const record = createHistoryRecorder(t.db);
    record(change("DEALER", "vehicle.color", "", "  ", T0));
    expect(await rows()).toEqual([]);
    record(change("DEALER", "vehicle.color", "", "Re", T0));
    record(change("DEALER", "vehicle.color", "Re", "", T0 + 500));
    expect(await rows()).toEqual([]);
  });
});
